"""Defuse mode's list views share this: the writers of times and counts, and the frame.

The three lists are each a ``ListScreen`` of its own module, built by the ``DefuseScreen``
when its phase needs it and dropped (its module unloaded on a board) when the phase ends:

- ``ui/defuse_menu.py``: the defuse menu, while no bomb is live;
- ``ui/defuse_edge.py``: the edgework, while a bomb is live;
- ``ui/defuse_result.py``: the result, after a bomb.

They share one title line, rows and Group (the screen's ``frame``, a plain ``ListScreen``),
setting the title's colour when entered. Rows are drawn digit by digit (no strings per
frame)."""

from yahtzee_core.compat import const

from .text import COLON, SLASH, SPACE, ZERO

_NO_TIME = const(45)  # "-": no best time yet
_OF = b" of "


# -- writers (allocation-free) -----------------------------------------------------------------
def time_left(tf, seconds, start=0):
    """Write M:SS from cell ``start`` and blank the rest of the field."""
    if seconds > 5999:
        seconds = 5999
    i = tf.number_at(start, seconds // 60)
    s = seconds % 60
    tf.put(i, COLON)
    tf.put(i + 1, ZERO + s // 10)
    tf.put(i + 2, ZERO + s % 10)
    tf.spaces(i + 3)


def time_right(tf, seconds, end):
    """Write M:SS so it ends before cell ``end``; returns its first cell."""
    if seconds > 5999:
        seconds = 5999
    s = seconds % 60
    tf.put(end - 1, ZERO + s % 10)
    tf.put(end - 2, ZERO + s // 10)
    tf.put(end - 3, COLON)
    return tf.number(seconds // 60, end - 3)


def of_right(tf, a, b, end, slash=False):
    """Write "a of b" ("a/b" with ``slash``; just "a" when b < 0) ending before cell ``end``;
    returns its first cell."""
    if b < 0:
        return tf.number(a, end)
    i = tf.number(b, end)
    if slash:
        tf.put(i - 1, SLASH)
        return tf.number(a, i - 1)
    tf.text(_OF, i - 4)
    return tf.number(a, i - 4)


def best_right(tf, best_ms, end):
    """Write the best time (M:SS, or "-" before any) so it ends before cell ``end``; returns
    its first cell."""
    if best_ms:
        return time_right(tf, best_ms // 1000, end)
    tf.put(end - 1, _NO_TIME)
    return end - 1


def row_label(tf, label, first):
    """Finish a row whose value starts at cell ``first``: label at the left, spaces between,
    one space margin at both ends (none at the left when the label needs it: the layout keeps
    a margin too)."""
    lead = 1 if len(label) + 2 <= first else 0
    tf.put(0, SPACE)
    i = tf.text(label, lead, first - 1 - lead)
    tf.spaces(i, first)
    tf.put(tf.width - 1, SPACE)


def split_at(text, width):
    """Where ``text`` breaks into a second line of at most ``width`` (0: it fits one line)."""
    n = len(text)
    if n <= width:
        return 0
    cut = width
    while cut > 0 and text[cut] != SPACE:
        cut -= 1
    return cut + 1 if cut > 0 else width
