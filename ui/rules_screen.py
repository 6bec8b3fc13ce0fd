"""The rules reader: how to play, every box with its scoring and an example, the bonus and
Joker rules of the variant being played (or chosen on the title), and this board's keys, as
pages that fit the screen.

Nothing of it stays in memory while it is closed: ``enter()`` imports the text module
(``ui/rules_text.py``), opens the font, builds the header, one bitmap for the page's text and,
on command-ring boards, a footer; ``leave()`` drops them all and forgets those modules again.

A page is drawn glyph by glyph into its bitmap with ``bitmaptools.blit`` (C on a board), the way
``adafruit_display_text``'s ``bitmap_label`` draws a label, and wrapped as its
``wrap_text_to_pixels`` wraps (``wrap()``; the host tests hold it to the library's lines): the
library's code is not loaded on a board, about 13 KB of heap while the reader is open.

The font: Adobe Helvetica 8 pt (proportional, 10-pixel glyph box; ``FONT_FILE`` in the board's
``font_dir``: its glyphs as ``adafruit_bitmap_font`` reads them from the PCF, baked on the host
into one sheet by tools/ship/font_bake.py, read at open with ``bitmaptools.readinto``, so no font
library is loaded and none of its names stays interned), else, where there is no font file (the
web page), terminalio's fixed 6x12 (in flash on a board, no heap). README "Fonts" has the figures.

Keys: DOWN / RIGHT / ENTER next page (ENTER on the last page closes), UP / LEFT previous page,
MENU closes. The header (tile text, like every live field) says the section and page."""

import gc

from bitmaptools import blit, fill_region

from hw import inputs
from yahtzee_core.compat import const

from . import screen as S
from . import theme
from .screen_set import unload
from .text import SLASH, TextField

_MARGIN = const(2)  # pixels left and right of the text
_GAP = const(4)  # pixels between the header and the text (1 on the 64-pixel screen)
_MODULES = ("ui.rules_text",)
FONT_FILE = "helvR08-ascii.bin"  # made by tools/ship/fetch_libs.py (ASCII of Debian's xfonts-75dpi helvR08)
_RING = {inputs.ENTER: b"Next page", inputs.DOWN: b"Next page", inputs.RIGHT: b"Next page",
         inputs.UP: b"Prev page", inputs.LEFT: b"Prev page", inputs.MENU: b"Close"}


def body_box(lay, ring, line=12):
    """(x, y, width, rows, scale) of the text area on this layout; ``ring``: a footer row
    shows the command ring. Lines are ``line`` pixels high, times the scale; the header and
    footer are tile text, 12 pixels high."""
    scale = lay.list_scale
    top = lay.list_title[1] + 12 * scale + (_GAP if lay.height > 64 else 1)
    bottom = lay.height - (12 * scale + 2 if ring else 0)
    return (_MARGIN, top, lay.width - 2 * _MARGIN, (bottom - top) // (line * scale), scale)


def font_dir(board):
    """Where ``board``'s rules font is, or None for terminalio's: the board's ``font_dir``,
    ``/lib/fonts`` unless it says otherwise (the desktop's lib/fonts, the web page's None)."""
    return getattr(board, "font_dir", "/lib/fonts")


def load_font(font_dir):
    """(font, line height in pixels): the proportional font in ``font_dir``, or terminalio's
    6x12 when ``font_dir`` is None or holds no font file (a board without it still reads)."""
    if font_dir:
        try:
            f = open(font_dir + "/" + FONT_FILE, "rb")
        except OSError:
            f = None
        if f is not None:
            try:
                font = BakedFont(f)
            finally:
                f.close()
            return font, font.box + 1  # a pixel between descender and capital
    import terminalio

    return terminalio.FONT, 12


class _Glyph:
    """What the reader reads of a glyph, as terminalio's glyphs have it (cells of one sheet)."""

    def __init__(self, sheet, width):
        self.bitmap = sheet
        self.width = width
        self.tile_index = 0
        self.height = 0
        self.dx = 0
        self.dy = 0
        self.shift_x = 0


class BakedFont:
    """The font tools/ship/font_bake.py writes: one sheet of fixed cells and each glyph's height,
    offsets and advance. ``get_glyph`` fills and returns one glyph object (read it before the
    next call), or None for a code the font lacks."""

    def __init__(self, f):
        import displayio
        from bitmaptools import readinto

        head = f.read(8)
        if head[:2] != b"YF":
            raise ValueError("not a baked font")
        self.first = head[2]
        self.count = head[3]
        self.ascent = head[6]
        self.box = head[7]
        self.metrics = f.read(4 * head[3])
        self.glyph = _Glyph(displayio.Bitmap(head[3] * head[4], head[5], 2), head[4])
        readinto(self.glyph.bitmap, f, 1)

    def get_glyph(self, code):
        i = code - self.first
        m = self.metrics
        if i < 0 or i >= self.count or m[4 * i] == 255:
            return None
        g = self.glyph
        g.tile_index = i
        g.height = m[4 * i]
        g.dx = m[4 * i + 1] - 128
        g.dy = m[4 * i + 2] - 128
        g.shift_x = m[4 * i + 3]
        return g


def ascent(font):
    """Pixels above the baseline, as adafruit_display_text reckons them (its Label's
    ``_get_ascent_descent``: the font's ``ascent``, else the tallest of "M j'"): the first
    line's baseline is this far below the top of the text area."""
    if hasattr(font, "ascent"):
        return font.ascent
    top = 0
    for code in b"M j'":
        g = font.get_glyph(code)
        if g is not None and g.height + g.dy > top:
            top = g.height + g.dy
    return top


def measure(text, font):
    """Pixels ``text`` advances in ``font`` (the sum of its glyphs' ``shift_x``)."""
    n = 0
    for code in text.encode():  # (the rules are ASCII: a str's own characters would be interned)
        g = font.get_glyph(code)
        if g is not None:
            n += g.shift_x
    return n


def wrap(para, max_width, font):
    """The lines of one paragraph (no newline in it) at ``max_width`` pixels: the lines
    ``adafruit_display_text.wrap_text_to_pixels(para, max_width, font)`` gives (version 5.0.6's
    rules: a word joins the line while the line stays narrower than ``max_width``; a word wider
    than the whole line is split with hyphens). Read time only: it allocates."""
    lines = []
    line = ""
    width = 0
    space = measure(" ", font)
    first = True  # the paragraph's first word
    newline = True  # no word on this line yet
    words = para.split(" ")
    for i in range(len(words)):
        word = words[i]
        ww = measure(word, font)
        if ww > max_width:
            part = ""
            parts = []
            dash = measure("-", font)
            for j in range(len(word)):
                ch = word[j:j + 1]  # (a slice: word[j] would intern the character for good)
                hyphen = dash if j < len(word) - 1 else 0
                lead = 0 if newline else space
                if measure(line, font) + measure(part, font) + measure(ch, font) + hyphen + lead > max_width:
                    parts.append(line + ("" if newline else " ") + part + "-" if part else line)
                    part = ch
                    line = ""
                    newline = True
                else:
                    part += ch
            parts.append(part)
            lines.extend(parts[:-1])
            line += parts[-1]
            width = measure(parts[-1], font)
            first = False
        elif first:
            line += word
            width += ww
            first = False
        elif width + space + ww < max_width:
            if i > 0:
                line += " "
            line += word
            width += ww + space
        else:
            lines.append(line)
            line = word
            width = ww
        newline = False
    lines.append(line)
    return lines


class RulesScreen(S.Screen):
    """Built empty; filled on ``enter`` and emptied on ``leave``."""

    def __init__(self, app):
        super().__init__(app)
        self.return_to = S.TITLE
        self.sections = None
        self.pages = None  # per page: section index * 256 + first line
        self.page = 0
        self.header = None
        self.footer = None
        self.text = None  # the page's text: a Group (the scale) holding the TileGrid of ``bitmap``
        self.bitmap = None
        self.font = None
        self.line = 12
        self.baseline = 0  # the first line's baseline, pixels below the text area's top

    # -- opening and closing -----------------------------------------------------------------
    def rules(self):
        """The rule set to explain: the game's in a game, else the one chosen on the title."""
        app = self.app
        return app.game.rules if self.return_to != S.TITLE and app.in_game else app.settings.rules()

    def enter(self):
        prev = self.app.previous_id
        if prev != S.RULES and prev >= 0:
            self.return_to = prev
        super().enter()
        self.open()
        self.app.buttons.ring_goto(inputs.ENTER)

    def open(self):
        import displayio

        app = self.app
        lay = self.lay
        ring = app.buttons.ring is not None
        board = app.board
        self.font, self.line = load_font(font_dir(board))
        x, y, width, rows, scale = body_box(lay, ring, self.line)
        self.box = (x, y, width, rows, scale)
        # the page's bitmap first, before the text and its lists: every page is drawn into it,
        # and its block (2 KB on the PyGamer) is easier to find now
        self.bitmap = displayio.Bitmap(width // scale, rows * self.line, 2)
        self.text = displayio.Group(scale=scale, x=x, y=y)
        self.text.append(displayio.TileGrid(self.bitmap, pixel_shader=app.palette(theme.INK)))
        self.baseline = ascent(self.font)
        from . import rules_text

        self.sections = rules_text.sections(self.rules(), board.keymap_help)
        if hasattr(self.font, "load_glyphs"):  # the PCF (terminalio has every glyph in flash)
            codes = set()
            for section in self.sections:
                codes.update(section[1].encode())  # (as measure: no character interned)
            self.font.load_glyphs(sorted(codes))  # one batch, not one per miss
        pages = []
        for s in range(len(self.sections)):
            n = len(self.wrap(s))
            for first in range(0, n, rows):
                pages.append(s * 256 + first)
        self.pages = pages
        self.page = 0
        cols = (lay.width - 2 * _MARGIN) // (6 * scale)  # no text within _MARGIN of the sides
        self.header = TextField(app.sheet, app.palette(theme.ACCENT), (lay.width - cols * 6 * scale) // 2,
                                lay.list_title[1], cols, scale)
        self.group.append(self.header.node)
        self.fields.append(self.header)
        self.group.append(self.text)
        if ring:
            self.footer = TextField(app.sheet, app.palette(theme.DIM), (lay.width - cols * 6 * scale) // 2,
                                    lay.height - 12 * scale - _MARGIN, cols, scale)
            self.group.append(self.footer.node)
            self.fields.append(self.footer)

    def wrap(self, section):
        """The lines of one section at this screen's width (a fresh list: read time only)."""
        width = self.box[2] // self.box[4]
        lines = []
        for para in self.sections[section][1].split("\n"):
            lines.extend(wrap(para, width, self.font))
        return lines

    def page_lines(self, page=None):
        """The lines shown on ``page`` (the current one by default)."""
        p = self.pages[self.page if page is None else page]
        first = p % 256
        return self.wrap(p // 256)[first:first + self.box[3]]

    def leave(self):
        while len(self.group):
            self.group.pop()
        self.fields = []
        self.header = self.footer = self.text = self.bitmap = None
        self.sections = self.pages = None
        self.font = None
        for name in _MODULES:
            unload(name)
        gc.collect()

    # -- input and drawing ---------------------------------------------------------------------
    def handle(self, code):
        n = len(self.pages)
        if code == inputs.DOWN or code == inputs.RIGHT or code == inputs.ENTER:
            if self.page + 1 < n:
                self.turn(1)
            elif code == inputs.ENTER:
                self.back()
        elif code == inputs.UP or code == inputs.LEFT:
            if self.page > 0:
                self.turn(-1)
        elif code == inputs.MENU:
            self.back()

    def turn(self, step):
        self.page += step
        self.stale = True
        self.app.sound.play("tick")

    def back(self):
        self.app.show(self.return_to)

    def ring_name(self, code):
        return _RING.get(code)

    def draw(self):
        if self.text is None:
            return
        if self.ring_changed() and self.footer is not None:
            self.draw_ring(self.footer, self.footer.width, self.footer.width)
        if not self.stale:
            return
        self.stale = False
        p = self.pages[self.page]
        tf = self.header
        title = self.sections[p // 256][0]
        end = tf.number(len(self.pages), tf.width, 0)
        tf.put(end - 1, SLASH)
        end = tf.number(self.page + 1, end - 1, 0)
        tf.spaces(tf.text(S.to_bytes(title), 0, end - 1), end)
        self._draw_page(self.page_lines())

    def _draw_page(self, lines):
        """``lines`` into the page's bitmap, glyph by glyph as ``bitmap_label`` places them
        (each at the pen's x plus its ``dx``, its bottom ``dy`` above the baseline; ink only,
        cut at the bitmap's edges)."""
        bmp = self.bitmap
        w = bmp.width
        h = bmp.height
        fill_region(bmp, 0, 0, w, h, 0)
        font = self.font
        base = self.baseline
        for line in lines:
            pen = 0
            for code in line.encode():
                g = font.get_glyph(code)
                if g is None:
                    continue
                left = pen + g.dx
                top = base - g.height - g.dy
                sx = g.tile_index * g.width  # terminalio's glyphs share one sheet
                sy = 0
                if left < 0:
                    sx -= left
                    left = 0
                if top < 0:
                    sy = -top
                    top = 0
                if left < w and top < h:
                    blit(bmp, g.bitmap, left, top, x1=sx, y1=sy, x2=(g.tile_index + 1) * g.width, y2=g.height,
                         skip_source_index=0)
                pen += g.shift_x
            base += self.line


SCREEN = RulesScreen  # the screen ui/screen_set.py builds from this module
