"""Screen base classes and screen ids.

A screen owns one ``displayio.Group`` built once in ``__init__`` (hidden until shown) and
reacts to four calls from the app: ``handle(code)`` for each input code, ``on_event(ev, arg)``
for each engine event, ``tick(now)`` and ``draw()`` once per frame. ``draw`` must return at
once when nothing changed (``stale`` is False) and otherwise only rewrite cells/tiles through
the shadow-compared writers, so an idle frame redraws nothing."""

import displayio

from yahtzee_core.compat import const

from . import theme
from .text import RING_MARK, SPACE, TextField

# Screen ids (index into App.screens; append new screens at the end).
TITLE = const(0)
PLAY = const(1)
CARD = const(2)
PAUSE = const(3)
SETTINGS = const(4)
HELP = const(5)
GAME_OVER = const(6)
DEFUSE = const(7)  # only when ui/defuse_screen.py exists
STATS = const(8)  # statistics, high scores, initials entry and the start-up prompt: with a
HIGH_SCORES = const(9)  # store (yahtzee_core/nvm_store.py); built always, reached only with one
INITIALS = const(10)
CONTINUE = const(11)
CODE = const(12)  # challenge code entry (title screen)
RULES = const(13)  # the rules reader (built when opened: ui/rules_screen.py)
HINT_CELLS = const(29)  # a message line this wide holds a hint with a box's full name (ui/coach.py)

def to_bytes(s):
    """ASCII bytes of a str (start-up only)."""
    return bytes(s, "ascii") if isinstance(s, str) else bytes(s)


def card_labels(lay, rules):
    """Each box's label as the scorecard shows it (a tuple of bytes), in the layout's style: its
    abbreviation, the layout's short label, or its full label."""
    style = lay.card_labels
    out = [None] * rules.n_boxes
    for box in range(rules.n_boxes):
        if style == "abbr":
            text = rules.abbrs[box]
        elif style == "short":
            text = lay.card_short.get(rules.categories[box], rules.abbrs[box])
        else:
            text = rules.labels[box]
        out[box] = to_bytes(text)
    return tuple(out)


class Screen:
    """Base class: a hidden Group, the list of its text fields and a ``stale`` flag."""

    keeps_awake = False  # True while the screen must not dim or sleep (a bomb's timer runs)
    is_list = False  # a ``list_screen.ListScreen`` (its selected item is kept when it is dropped)

    def __init__(self, app):
        self.app = app
        self.lay = app.layout
        self.colours = app.colours
        self.group = displayio.Group()
        self.group.hidden = True
        self.fields = []  # every TextField, for layout tests
        self.stale = True
        self._ring_pos = -1

    def field(self, spec, role=theme.INK, private=False):
        """A TextField at ``spec`` = (x, y, width, scale), added to this screen.

        ``private``: its own palette (so it can be recoloured alone: cursor bars)."""
        x, y, width, scale = spec
        c = self.colours
        if private:
            tf = TextField(self.app.sheet, None, x, y, width, scale, colours=(c[theme.BG], c[role]))
        else:
            tf = TextField(self.app.sheet, self.app.palette(role), x, y, width, scale)
        self.group.append(tf.node)
        self.fields.append(tf)
        return tf

    def enter(self):
        """The screen is about to be shown."""
        self.stale = True
        self._ring_pos = -1

    def leave(self):
        """The screen is about to be hidden."""

    def park(self):
        """What of this screen's own state (0..254) must survive its being dropped and built
        again in the same game (``ui/screen_set.parks_game``); ``unpark`` puts it back."""
        return 0

    def unpark(self, state):
        pass

    def handle(self, code):
        """One input code (``hw.inputs``)."""

    def on_event(self, ev, arg):
        """One engine event (``yahtzee_core.engine.EV_*``)."""
        self.stale = True

    def tick(self, now):
        """Once per frame with the clock (ms)."""

    def draw(self):
        """Bring the Group up to date; nothing when nothing changed."""

    ring_overrides = None  # {input code: bytes}: ring labels this screen names its own way

    def ring_name(self, code):
        """What the ring item ``code`` does on this screen (bytes), or None: what it always does
        (``App.ring_names``)."""
        if self.ring_overrides is not None:
            return self.ring_overrides.get(code)
        return None

    def ring_changed(self):
        """True once after the command ring moved (few-button boards)."""
        buttons = self.app.buttons
        if buttons.ring is None:
            return False
        if buttons.ring_pos != self._ring_pos:
            self._ring_pos = buttons.ring_pos
            return True
        return False

    def draw_ring(self, tf, end, width):
        """Write the current ring item right-aligned so it ends before cell ``end``."""
        app = self.app
        buttons = app.buttons
        name = None
        first = 0
        n = 0
        if buttons.ring:
            code = buttons.ring_code()
            name = self.ring_name(code)
            if name is None:  # the ring's own label, read where it lies in the one table
                name = app.ring_names
                first = app.ring_starts[code]
                n = app.ring_starts[code + 1] - first
            else:
                n = len(name)
        if n > width - 1:
            n = width - 1
        start = end - width
        tf.spaces(start, end - n - 1)
        if n:
            tf.put(end - n - 1, RING_MARK)
            tf.text(name, end - n, n, first)
        else:
            tf.put(end - 1, SPACE)


# Menu item flags
SELECTABLE = const(1)
