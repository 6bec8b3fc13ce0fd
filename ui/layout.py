"""Where things go on each screen size: one table per resolution, numbers only.

Every position is (x, y, width in characters, text scale). ``for_size(w, h)`` picks the table
and loads its module (``ui/layout_<w>x<h>.py``): a board holds only its own table (each is
~1.5 KB of tuples and attributes). ``every()`` loads them all (tests, tools); the host tests
check that every text field and the dice lie inside the screen and that no two overlap, for
every table."""


class Layout:
    """Numbers for one screen size: its attributes are set by ``layout`` (no method: the App
    keeps the table, so the class stays in the heap, and its code would too)."""

    # the fields every table has, declared for the type check (a bare annotation makes no code
    # on a board); the rest come from each table's ``**numbers``
    name: str
    width: int
    height: int
    colour: bool
    play_info: object
    play_msg: object
    play_round: object


def layout(name, width, height, colour, **numbers):
    """A ``Layout`` with these numbers (its module's ``LAYOUT``)."""
    lay = Layout()
    lay.name = name
    lay.width = width
    lay.height = height
    lay.colour = colour
    lay.play_info = None  # optional lines default to absent
    lay.play_msg = None
    lay.play_round = None
    for key in numbers:
        setattr(lay, key, numbers[key])
    return lay


# (width, height, module) of every table, smallest first
SIZES = ((128, 64, "layout_128x64"), (160, 128, "layout_160x128"), (240, 135, "layout_240x135"),
         (240, 240, "layout_240x240"))


def table(module):
    """The table of ``ui.<module>`` (imported on first use)."""
    return __import__("ui." + module, None, None, ("LAYOUT",)).LAYOUT


def every():
    """Every table (loads them all: for tests and tools, not for a board)."""
    return tuple([table(m) for _, _, m in SIZES])


def for_size(width, height, colour=True):
    """The table for a screen of this size (the nearest one that fits, for odd sizes)."""
    best = None
    for w, h, m in SIZES:
        if w == width and h == height:
            return table(m)
        if w <= width and h <= height and (best is None or w * h > best[0] * best[1]):
            best = (w, h, m)
    if best is None:
        raise ValueError("screen too small")
    return table(best[2])


# Statistics (ui/stats_screen.py) and initials entry (ui/initials_screen.py), per table:
# stats_lines (x, top, pitch, rows, width, scale); stats_chart (x, y, width, height) in pixels,
# the histogram bars; stats_axis / stats_footer / initials_* (x, y, width, scale) text fields
# (None: not on this size); initials_letters (x of the first letter, y, pitch in pixels, scale);
# code_letters the same for the six characters of a challenge code (ui/code_screen.py).
# The footer shows the command ring on boards that have one.
def add(lay, **numbers):
    """Sets more numbers on a table (the ``ui/layout_*.py`` modules)."""
    for key in numbers:
        setattr(lay, key, numbers[key])
