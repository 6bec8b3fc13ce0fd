"""The high-score table of one variant: rank, initials, score, a mark for games the coach
helped with, and the date where the layout keeps one (4 KB and 8 KB NVM boards).

LEFT/RIGHT: the variant; UP/DOWN: move through the table; ENTER or MENU: back. After a game
the entries just made are selected (``show_entry``)."""

from hw import inputs
from yahtzee_core.compat import const
from yahtzee_core.settings_record import CHARSET

from . import screen as S
from .list_screen import ListScreen
from .settings import VARIANT_NAMES
from .stats_screen import variant_titles
from .text import MINUS, SLASH, SPACE, ZERO

ENTRY = const(0)  # ENTRY + rank: one line of the table
EMPTY = const(20)  # "No scores yet"
LEGEND = const(21)  # "* coach helped"

COACH_MARK = const(42)  # "*"
_EMPTY = b"No scores yet"
_LEGEND = b"* = coach helped"
_LEGEND_SHORT = b"* coach helped"

_CHARSET = bytes(CHARSET, "ascii")  # initials codes -> character codes
_RING = {inputs.LEFT: b"Prev game", inputs.RIGHT: b"Next game", inputs.ENTER: b"Back"}


def digits(n):
    d = 1
    while n > 9:
        n //= 10
        d += 1
    return d


def two_digits(tf, i, n):
    tf.put(i, ZERO + n // 10 % 10)
    tf.put(i + 1, ZERO + n % 10)


class HighScoresScreen(ListScreen):
    ring_overrides = _RING

    def __init__(self, app):
        super().__init__(app, b"High scores")
        self.titles = variant_titles(self.title.width, b" scores")
        self.variant = 0
        self.return_to = S.TITLE
        self.select_rank = -1  # the entry to select on enter (after a game), -1: the first
        self._preset = False  # show_entry chose the variant
        store = app.store
        self.dated = store is not None and store.layout.hs_dates
        self.size = store.records.scores.size if store is not None else 0
        self.legend = _LEGEND if len(_LEGEND) + 1 <= self.rows[0].width else _LEGEND_SHORT

    def show_entry(self, variant, rank):
        """Open the table of ``variant`` with entry ``rank`` selected."""
        self.variant = variant
        self.select_rank = rank
        self._preset = True
        self.app.show(S.HIGH_SCORES)

    def enter(self):
        app = self.app
        prev = app.previous_id
        if prev >= 0 and prev != S.HIGH_SCORES and prev != S.HELP and prev != S.INITIALS:
            self.return_to = prev
        if not self._preset:
            self.variant = app.settings.variant
        self._preset = False
        self.top = 0
        self.count = 0  # the selection starts on the first entry (or the one just made)
        super().enter()
        if self.select_rank >= 0:
            self.refresh_items(ENTRY + self.select_rank)
            self.select_rank = -1
        app.buttons.ring_goto(inputs.RIGHT)

    def build_items(self):
        self.title_text = self.titles[self.variant]
        store = self.app.store
        n = store.records.scores.count(self.variant) if store is not None else 0
        coached = False
        for i in range(n):
            self.add(ENTRY + i)
            if store.records.scores.coach[self.variant * self.size + i]:
                coached = True
        if n == 0:
            self.add(EMPTY)
        if coached:
            self.add(LEGEND)

    def selectable(self, item):
        return item < EMPTY

    def render(self, item, tf):
        if item == EMPTY:
            self.label(tf, _EMPTY)
        elif item == LEGEND:
            self.label(tf, self.legend)
        else:
            self.render_entry(tf, item - ENTRY)

    def render_entry(self, tf, rank):
        """" 1 ABC  287* 2024-05-01": the date as long as the row allows (none on 256-byte
        boards, which have no clock)."""
        scores = self.app.store.records.scores
        v = self.variant
        j = v * self.size + rank
        width = tf.width
        score_w = digits(scores.best(v))
        if score_w < 3:
            score_w = 3
        base = 2 + 1 + 3 + 1 + score_w + 1  # rank, initials, score, coach mark
        date = scores.date(v, rank) if self.dated else None
        date_w = 0
        if self.dated:
            for w in (10, 8, 5):
                if base + 1 + w <= width:
                    date_w = w
                    break
        margin = 1 if base + (1 + date_w if date_w else 0) + 2 <= width else 0
        i = margin
        tf.spaces(0, i)
        tf.number(rank + 1, i + 2, 2)
        tf.put(i + 2, SPACE)
        k = 3 * j
        i += 3
        for c in range(3):
            tf.put(i + c, _CHARSET[scores.initials[k + c] & 31])
        i += 3
        tf.number(scores.score[j], i + 1 + score_w, 1 + score_w)
        i += 1 + score_w
        tf.put(i, COACH_MARK if scores.coach[j] else SPACE)
        i += 1
        if date_w:
            tf.put(i, SPACE)
            i += 1
            if date is None:
                tf.spaces(i, i + date_w)
            elif date_w == 10:
                tf.number(date[0], i + 4, 4)
                tf.put(i + 4, MINUS)
                two_digits(tf, i + 5, date[1])
                tf.put(i + 7, MINUS)
                two_digits(tf, i + 8, date[2])
            elif date_w == 8:
                two_digits(tf, i, date[0])
                tf.put(i + 2, MINUS)
                two_digits(tf, i + 3, date[1])
                tf.put(i + 5, MINUS)
                two_digits(tf, i + 6, date[2])
            else:  # "05/24": month and year
                two_digits(tf, i, date[1])
                tf.put(i + 2, SLASH)
                two_digits(tf, i + 3, date[0])
            i += date_w
        tf.spaces(i)

    def change(self, item, step):
        n = len(VARIANT_NAMES)
        self.variant = (self.variant + (1 if step > 0 else n - 1)) % n
        self.top = 0
        self.count = 0
        self.refresh_items()
        return True

    def handle(self, code):
        if (code == inputs.LEFT or code == inputs.RIGHT) and not (
                self.count and self.selectable(self.items[self.sel])):
            self.change(0, 1 if code == inputs.RIGHT else -1)  # an empty table: still switch
            self.stale = True
            return
        super().handle(code)

    def activate(self, item):
        self.back()

    def back(self):
        self.app.show(self.return_to)


SCREEN = HighScoresScreen  # the screen ui/screen_set.py builds from this module
