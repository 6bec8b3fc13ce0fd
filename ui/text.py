"""Fixed-width text drawn as TileGrid tiles: no label objects, no strings at run time.

A ``TextField`` is one row of character cells over a glyph sheet built once from
``terminalio.FONT``. Writing compares each cell with the tile it shows first (the TileGrid's own
tile index: no copy of its own), so only the characters that really changed are marked dirty
(setting a tile marks it dirty even with the same value) and nothing is allocated: text comes
from ``bytes`` constants, numbers are written digit by digit.

    sheet = GlyphSheet(terminalio.FONT)
    f = TextField(sheet, palette, x=0, y=0, width=21)
    f.line(b"Rolls left")
    f.number(19, 2)            # right-aligned in cells 19..20
"""

import displayio

from yahtzee_core.compat import const

FIRST = const(32)  # the sheet's tile 0 is the space
LAST = const(126)
DOT_FULL = const(127)  # extra glyphs drawn here: a filled and an empty round mark
DOT_EMPTY = const(128)
ARROW_LEFT = const(129)
ARROW_RIGHT = const(130)
_GLYPHS = const(99)  # 95 ASCII + 4 extra

SPACE = const(32)  # character codes the screens write one cell at a time
PLUS = const(43)
MINUS = const(45)
DOT = const(46)
SLASH = const(47)
ZERO = const(48)
COLON = const(58)
EQUALS = const(61)
RING_MARK = const(62)  # ">" before the command ring's item
PERCENT = const(37)
PAREN_OPEN = const(40)
PAREN_CLOSE = const(41)
SCROLL_UP = const(94)  # "^": a list has more rows above
SCROLL_DOWN = const(118)  # "v": and below


class GlyphSheet:
    """One 2-colour bitmap holding ASCII 32..126 (and four marks) side by side, and the 2-entry
    palettes the fields over it are drawn with: one per (background, ink) pair, shared by every
    field in those colours (``palette``)."""

    def __init__(self, font):
        box = font.get_bounding_box()
        w = box[0]
        h = box[1]
        self.glyph_w = w
        self.glyph_h = h
        self.palettes = []
        self.bitmap = displayio.Bitmap(w * _GLYPHS, h, 2)
        from . import glyph_draw  # drawn once: unloaded after
        from .screen_set import unload

        glyph_draw.draw(self, font, box)
        unload("ui.glyph_draw")

    def palette(self, bg, ink):
        """The shared palette (bg, ink), made on first use: make every pair a screen recolours a
        field to before the game runs (``App`` does), so recolouring allocates nothing."""
        palettes = self.palettes
        for i in range(len(palettes)):
            p = palettes[i]
            if p[0] == bg and p[1] == ink:
                return p
        p = make_palette(bg, ink)
        palettes.append(p)
        return p


def make_palette(bg, ink):
    """A 2-entry palette for a TextField (background, ink)."""
    p = displayio.Palette(2)
    p[0] = bg
    p[1] = ink
    return p


class TextField:
    """``width`` character cells in one row at (x, y), drawn at ``scale``.

    ``palette``: a 2-entry palette (shared between fields that are coloured alike), or None for
    the sheet's palette of ``colours`` (background, ink). ``colours()`` recolours this field
    alone: it switches the field to the sheet's palette of the new pair (a field never changes a
    palette's entries). Four attributes per field (position and scale are read from its node, the
    palette and the characters shown from its tiles): a screen has dozens of fields, and a
    field's attribute table costs heap (32 B for four, 48 B for five or six)."""

    def __init__(self, sheet, palette, x, y, width, scale=1, colours=None):
        if palette is None:
            palette = sheet.palette(colours[0], colours[1])
        self.sheet = sheet
        self.width = width
        self.tiles = displayio.TileGrid(
            sheet.bitmap,
            pixel_shader=palette,
            width=width,
            height=1,
            tile_width=sheet.glyph_w,
            tile_height=sheet.glyph_h,
            default_tile=0,
        )
        if scale == 1:
            self.tiles.x = x
            self.tiles.y = y
            self.node = self.tiles  # type: displayio.TileGrid | displayio.Group
        else:
            group = displayio.Group(scale=scale, x=x, y=y)
            group.append(self.tiles)
            self.node = group

    @property
    def scale(self):
        return 1 if self.node is self.tiles else self.node.scale

    # -- writing (all allocation-free) ----------------------------------------------------
    def put(self, i, code):
        """Set cell ``i`` to the character ``code``; touches the tile only if it changes."""
        if i < 0 or i >= self.width:
            return
        if code < FIRST or code >= FIRST + _GLYPHS:
            code = 63  # "?"
        tile = code - FIRST
        tiles = self.tiles
        if tiles[i] != tile:
            tiles[i] = tile

    def seat(self, i, seat):
        """"P1".."P4" for ``seat`` 0..3 at cells ``i`` and ``i + 1``."""
        self.put(i, 80)  # "P"
        self.put(i + 1, ZERO + 1 + seat)

    def text(self, data, start=0, limit=255, first=0):
        """Write ``data[first:]`` (bytes) from cell ``start``, at most ``limit`` cells; returns
        the cell after it."""
        i = start
        n = len(data) - first
        if n > limit:
            n = limit
        j = first
        end = first + n
        while j < end:
            self.put(i, data[j])
            i += 1
            j += 1
        return i

    def spaces(self, start=0, end=-1):
        """Blank cells ``start``..``end``-1 (to the end of the field by default)."""
        if end < 0 or end > self.width:
            end = self.width
        i = start
        while i < end:
            self.put(i, SPACE)
            i += 1

    def line(self, data, start=0):
        """Write ``data`` from ``start`` and blank the rest of the field."""
        self.spaces(self.text(data, start))

    def number(self, value, end, width=0, sign=False):
        """Write the int ``value`` right-aligned so its last digit is in cell ``end``-1.

        ``width`` > 0 blanks the cells left of the number within that many cells; ``sign``
        writes "+" before positive values (negative values always get "-"). Returns the first
        cell used."""
        neg = value < 0
        plus = sign and value > 0
        if neg:
            value = -value
        i = end - 1
        while True:
            self.put(i, ZERO + value % 10)
            value //= 10
            i -= 1
            if value == 0:
                break
        if neg:
            self.put(i, MINUS)
            i -= 1
        elif plus:
            self.put(i, PLUS)
            i -= 1
        first = i + 1
        if width:
            stop = end - width
            while i >= stop:
                self.put(i, SPACE)
                i -= 1
        return first

    def number_at(self, start, value, sign=False):
        """Write the int ``value`` left-aligned from cell ``start``; returns the cell after it."""
        n = value if value >= 0 else -value
        width = 1
        while n > 9:
            n //= 10
            width += 1
        if value < 0 or (sign and value > 0):
            width += 1
        self.number(value, start + width, 0, sign)
        return start + width

    def centre(self, data, first=0, n=-1):
        """Blank the field and write ``data[first:first + n]`` centred."""
        if n < 0:
            n = len(data) - first
        if n > self.width:
            n = self.width
        start = (self.width - n) // 2
        self.spaces(0, start)
        self.spaces(self.text(data, start, n, first))

    def colours(self, bg, ink):
        """Recolour this field (only when the colours change): the sheet's palette of the pair."""
        tiles = self.tiles
        p = tiles.pixel_shader
        if p[0] != bg or p[1] != ink:  # type: ignore[index]  # a field's shader is a Palette
            tiles.pixel_shader = self.sheet.palette(bg, ink)
