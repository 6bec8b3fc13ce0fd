"""What a command-ring item does, as a few-button board shows it. Loaded only on a board with a
command ring (``hw/<board>.RING``): ``App`` holds the two tables as ``ring_names`` and
``ring_starts``; a board with a key for each action never loads it.

The labels are one bytes, input code ``c``'s (``hw/inputs.py``) at ``NAMES[STARTS[c]:STARTS[c + 1]]``
(``Screen.draw_ring`` writes them from there: no slice is made): eighteen bytes objects and
their tuple would hold ~0.6 KB of a ring board's heap, these two ~0.15 KB."""

NAMES = b"Hold 1Hold 2Hold 3Hold 4Hold 5RollLeftRightUpDownOKMenuNew gameSoundHintUndo"
# where each code's label starts (code 0 and 16 have none); the last entry ends UNDO's
STARTS = bytes((0, 0, 6, 12, 18, 24, 30, 34, 38, 43, 45, 49, 51, 55, 63, 68, 72, 72, 76))
