"""What a command-ring item does, as a few-button board shows it (index: input code,
``hw/inputs.py``). Loaded only on a board with a command ring (``hw/<board>.RING``): ``App``
holds the table as ``ring_names``; a board with a key for each action never loads it."""

NAMES = (
    b"", b"Hold 1", b"Hold 2", b"Hold 3", b"Hold 4", b"Hold 5", b"Roll", b"Left", b"Right",
    b"Up", b"Down", b"OK", b"Menu", b"New game", b"Sound", b"Hint", b"", b"Undo",
)
