"""Lifetime statistics of one variant: games, average, best, Yahtzees, upper-bonus rate, and a
bar chart of the score histogram (``Stats.bar_heights`` into a preallocated bytearray).

LEFT/RIGHT: the variant; UP/DOWN: scroll when the lines do not all fit (MacroPad); ENTER or
MENU: back. The chart is one Bitmap behind one TileGrid, drawn when the screen is entered or
the variant changes, never per frame; the lines are TextFields written digit by digit."""

import displayio

from hw import inputs
from yahtzee_core import rules
from yahtzee_core.compat import const

from . import screen as S
from . import theme
from .settings import VARIANT_NAMES
from .text import ARROW_LEFT, ARROW_RIGHT, DOT, MINUS, PERCENT, PLUS, ZERO

try:
    from bitmaptools import fill_region
except ImportError:  # builds without bitmaptools: plain pixel loops
    fill_region = None

GAMES = const(0)
AVERAGE = const(1)
BEST = const(2)
YAHTZEES = const(3)
BONUS = const(4)

_LABELS = (b"Games", b"Average", b"Best", b"", b"Upper bonus")
_SHORT = (b"Games", b"Avg", b"Best", b"", b"Bonus")
_YAHTZEES = (b"Yahtzees", b"Yatzys", b"Yachts")  # by variant id
_BAR = const(1)  # chart colours
_AXIS = const(2)

_RING = {
    inputs.LEFT: b"Prev game", inputs.RIGHT: b"Next game", inputs.UP: b"Scroll up",
    inputs.DOWN: b"Scroll down", inputs.ENTER: b"Back",
}


def variant_titles(width, suffix):
    """Per variant, the longest of "< Yahtzee stats >", "< Yahtzee >", "<Yahtzee>", "Yahtzee"
    that fits ``width`` cells (start-up only)."""
    out = []
    left = bytes((ARROW_LEFT,))
    right = bytes((ARROW_RIGHT,))
    for name in VARIANT_NAMES:
        for t in (left + b" " + name + suffix + b" " + right, left + b" " + name + b" " + right,
                  left + name + right, name):
            if len(t) <= width:
                break
        out.append(t[:width])
    return tuple(out)


def write_pair(tf, label, end):
    """``label`` from cell 0, cut short if it would touch the value that starts at ``end``;
    blanks between them."""
    stop = tf.text(label, 0, end - 1)
    tf.spaces(stop, end)


class StatsScreen(S.Screen):
    ring_overrides = _RING

    def __init__(self, app):
        super().__init__(app)
        lay = self.lay
        self.title = self.field(lay.list_title, theme.ACCENT)
        self.titles = variant_titles(self.title.width, b" stats")
        x, top, pitch, rows, width, scale = lay.stats_lines
        self.lines = []
        for r in range(rows):
            self.lines.append(self.field((x, top + r * pitch, width, scale), theme.INK))
        long = True
        for label in _LABELS + _YAHTZEES:
            if len(label) + 8 > width:  # room for a 7-digit count after it
                long = False
        self.labels = _LABELS if long else _SHORT
        self.axis = self.field(lay.stats_axis, theme.DIM) if lay.stats_axis else None
        self.footer = None
        if app.buttons.ring is not None and lay.stats_footer:
            self.footer = self.field(lay.stats_footer, theme.DIM)
        # the chart: one bitmap, bars drawn on enter
        cx, cy, cw, ch = lay.stats_chart
        self.chart_box = (cx, cy, cw, ch)
        self.bitmap = displayio.Bitmap(cw, ch, 3)
        pal = displayio.Palette(3)
        pal[0] = self.colours[theme.BG]
        pal[_BAR] = self.colours[theme.ACCENT]
        pal[_AXIS] = self.colours[theme.DIM]
        self.chart = displayio.TileGrid(self.bitmap, pixel_shader=pal, x=cx, y=cy)
        self.group.append(self.chart)
        store = app.store
        bins = store.records.stats.bins if store is not None else 16
        self.heights = bytearray(bins)
        self.has_bonus = tuple([bonus > 0 for bonus in rules.UPPER_BONUSES])
        self.variant = 0
        self.top = 0  # first line shown (scrolling)
        self.return_to = S.TITLE
        self._drawn_variant = -1

    # -- what is shown ------------------------------------------------------------------------
    def line_count(self):
        """Lines of the current variant (Yacht has no upper bonus)."""
        return BONUS + 1 if self.has_bonus[self.variant] else BONUS

    def enter(self):
        app = self.app
        prev = app.previous_id
        if prev >= 0 and prev != S.STATS and prev != S.HELP:
            self.return_to = prev
        self.variant = app.settings.variant
        self.top = 0
        self._drawn_variant = -1
        super().enter()
        app.buttons.ring_goto(inputs.RIGHT)

    def handle(self, code):
        if code == inputs.LEFT or code == inputs.RIGHT:
            n = len(VARIANT_NAMES)
            self.variant = (self.variant + (1 if code == inputs.RIGHT else n - 1)) % n
            self.top = 0
            self.stale = True
            self.app.sound.play("tick")
        elif code == inputs.UP or code == inputs.DOWN:
            top = self.top + (1 if code == inputs.DOWN else -1)
            if 0 <= top <= self.line_count() - len(self.lines):
                self.top = top
                self.stale = True
        elif code == inputs.ENTER or code == inputs.MENU:
            self.app.show(self.return_to)

    # -- drawing --------------------------------------------------------------------------------
    def draw(self):
        if self.ring_changed() and self.footer is not None:
            self.draw_ring(self.footer, self.footer.width, self.footer.width)
        if not self.stale:
            return
        self.stale = False
        v = self.variant
        self.title.centre(self.titles[v])
        n = self.line_count()
        for r in range(len(self.lines)):
            tf = self.lines[r]
            k = self.top + r
            if k < n:
                self._draw_line(tf, k)
            else:
                tf.spaces()
        if self._drawn_variant != v:
            self._drawn_variant = v
            self._draw_chart()

    def _draw_line(self, tf, k):
        app = self.app
        v = self.variant
        stats = app.store.records.stats if app.store is not None else None
        end = tf.width
        games = stats.games[v] if stats is not None else 0
        if k == GAMES:
            start = tf.number(games, end)
        elif k == AVERAGE:
            if games:
                avg = stats.average_x10(v)
                tf.put(end - 1, ZERO + avg % 10)
                tf.put(end - 2, DOT)
                start = tf.number(avg // 10, end - 2)
            else:
                start = _dash(tf, end)
        elif k == BEST:
            best = app.store.records.scores.best(v) if app.store is not None else 0
            if best:
                start = tf.number(best, end)
            else:
                start = _dash(tf, end)
        elif k == YAHTZEES:
            start = tf.number(stats.yahtzees[v] if stats is not None else 0, end)
        else:
            if games:
                tf.put(end - 1, PERCENT)
                start = tf.number(stats.bonus_percent(v), end - 1)
            else:
                start = _dash(tf, end)
        write_pair(tf, _YAHTZEES[v] if k == YAHTZEES else self.labels[k], start)

    def _draw_chart(self):
        """Bars of the histogram from a baseline; axis labels under it (where there is room)."""
        bmp = self.bitmap
        cw = self.chart_box[2]
        ch = self.chart_box[3]
        bmp.fill(0)
        store = self.app.store
        bins = len(self.heights)
        bw = cw // bins
        gap = 1 if bw >= 3 else 0
        left = (cw - bins * bw) // 2
        top = 0
        if store is not None:
            top = store.records.stats.bar_heights(self.variant, self.heights, ch - 2)
        _fill(bmp, left, ch - 1, left + bins * bw, ch, _AXIS)  # the baseline
        if top:
            for i in range(bins):
                h = self.heights[i]
                if h:
                    x = left + i * bw
                    _fill(bmp, x, ch - 1 - h, x + bw - gap, ch - 1, _BAR)
        if self.axis is not None:
            self._draw_axis(left, bw, bins)

    def _draw_axis(self, left, bw, bins):
        """"0" under the first bar, the middle bin's low score under it, "375+" at the end."""
        tf = self.axis
        gw = self.app.sheet.glyph_w * tf.scale
        stats = self.app.store.records.stats if self.app.store is not None else None
        tf.spaces()
        tf.put(0, ZERO)
        if stats is None:
            return
        last = stats.bin_low(bins - 1)
        tf.put(tf.width - 1, PLUS)
        first = tf.number(last, tf.width - 1)
        mid = bins // 2
        centre = (left + mid * bw) // gw  # the cell under the middle bin's left edge
        value = stats.bin_low(mid)
        digits = 1
        n = value
        while n > 9:
            n //= 10
            digits += 1
        start = centre - digits // 2
        if start > 2 and start + digits < first - 1:
            tf.number(value, start + digits)


def _dash(tf, end):
    """A "-" for a value that does not exist yet (no games); returns its cell."""
    tf.put(end - 1, MINUS)
    return end - 1


def _fill(bmp, x1, y1, x2, y2, colour):
    """Fill the rectangle x1..x2-1, y1..y2-1 of ``bmp``."""
    if x2 <= x1 or y2 <= y1:
        return
    if fill_region is not None:
        fill_region(bmp, x1, y1, x2, y2, colour)
        return
    for y in range(y1, y2):
        for x in range(x1, x2):
            bmp[x, y] = colour


SCREEN = StatsScreen  # the screen ui/screen_set.py builds from this module
