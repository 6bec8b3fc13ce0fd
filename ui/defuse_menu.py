"""Defuse mode's menu: start a bomb; timer, strike limit, practice and strict options; the
statistics (a view of ``ui/defuse_screen.py``, built while no bomb is live)."""

from yahtzee_core.compat import const

from . import theme
from .defuse_lists import best_right, of_right, row_label
from .defuse_stats import STRIKE_LIMITS, STRIKE_NAMES, TIMER_NAMES, TIMER_S
from .list_screen import ListScreen

START = const(0)
TIMER = const(1)
STRIKES = const(2)
PRACTICE = const(3)
STRICT = const(4)
TITLE = const(5)
STAT_DEFUSED = const(6)
STAT_STRIKES = const(7)
STAT_BEST = const(8)

_MENU_LABELS = (
    b"Start a bomb", b"Timer", b"Strike limit", b"Practice", b"Strict (old)", b"Title screen",
    b"Defused", b"Strikes made", b"Best time",
)
_ON_OFF = (b"off", b"on")


class DefuseMenu(ListScreen):
    """Start a bomb; timer, strike limit, practice and strict options; the statistics."""

    def __init__(self, app, owner, frame):
        super().__init__(app, b"Defuse mode", frame)
        self.owner = owner

    def enter(self):
        super().enter()
        c = self.colours
        self.title.colours(c[theme.BG], c[theme.ACCENT])

    def build_items(self):
        for item in (START, TIMER, STRIKES, PRACTICE, STRICT, TITLE, STAT_DEFUSED, STAT_STRIKES,
                     STAT_BEST):
            self.add(item)

    def selectable(self, item):
        return item < STAT_DEFUSED

    def render(self, item, tf):
        opts = self.owner.options
        stats = self.owner.defuse_stats
        if item == TIMER:
            self.pair(tf, _MENU_LABELS[item], TIMER_NAMES[opts.timer])
        elif item == STRIKES:
            self.pair(tf, _MENU_LABELS[item], STRIKE_NAMES[opts.strikes])
        elif item == PRACTICE:
            self.pair(tf, _MENU_LABELS[item], _ON_OFF[opts.practice])
        elif item == STRICT:
            self.pair(tf, _MENU_LABELS[item], _ON_OFF[opts.strict])
        elif item == STAT_DEFUSED:
            row_label(tf, _MENU_LABELS[item], of_right(tf, stats.defused, stats.bombs, tf.width - 1, True))
        elif item == STAT_STRIKES:
            row_label(tf, _MENU_LABELS[item], tf.number(stats.strikes, tf.width - 1))
        elif item == STAT_BEST:
            row_label(tf, _MENU_LABELS[item], best_right(tf, stats.best_ms, tf.width - 1))
        else:
            self.label(tf, _MENU_LABELS[item])

    def change(self, item, step):
        opts = self.owner.options
        if item == TIMER:
            opts.timer = (opts.timer + step) % len(TIMER_S)
        elif item == STRIKES:
            opts.strikes = (opts.strikes + step) % len(STRIKE_LIMITS)
        elif item == PRACTICE:
            opts.practice = not opts.practice
        elif item == STRICT:
            opts.strict = not opts.strict
        else:
            return False
        return True

    def activate(self, item):
        if item == START:  # armed once this press has returned: this menu's code goes first
            self.app.defer(self.owner.start_bomb)
        elif item == TITLE:
            self.back()
        else:
            self.change(item, 1)

    def back(self):
        app = self.app
        app.defer(app.show_title)  # once Defuse mode's screens are no longer held by this press
