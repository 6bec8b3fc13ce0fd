"""Drawing the play screen's die faces and held marks (``ui/dice_view.py``; Defuse mode's dice
use ``draw_die`` too, through ``ui/defuse_art.py``). Building only: the dice view loads it to draw
its sheets and a board unloads it again, so a game holds the pixels, not this code."""

import displayio
from bitmaptools import blit, fill_region

from yahtzee_core.compat import const

from . import theme

_BG = const(0)  # sheet colour indexes
_EDGE = const(1)
_BODY = const(2)
_PIP = const(3)
_HELD_BODY = const(4)
_HELD_PIP = const(5)
_FACES = const(7)  # 0..6
# the theme roles of the face sheets' colours (_BG.._HELD_PIP; the free faces' sheet has no held
# colours, the held faces' no free ones) and of the marks' (0..2)
_FREE_ROLES = (theme.BG, theme.DIE_EDGE, theme.DIE_BODY, theme.DIE_PIP, theme.DIE_BODY, theme.DIE_PIP)
_HELD_ROLES = (theme.BG, theme.DIE_EDGE, theme.HELD_BODY, theme.HELD_PIP, theme.HELD_BODY, theme.HELD_PIP)
_MARK_ROLES = (theme.BG, theme.HELD_MARK, theme.ACCENT)

# Pip positions per face: 0 low, 1 middle, 2 high (x, y) pairs, packed as bytes.
_PIPS = (
    b"",
    b"\x01\x01",
    b"\x00\x00\x02\x02",
    b"\x00\x00\x01\x01\x02\x02",
    b"\x00\x00\x02\x00\x00\x02\x02\x02",
    b"\x00\x00\x02\x00\x01\x01\x00\x02\x02\x02",
    b"\x00\x00\x02\x00\x00\x01\x02\x01\x00\x02\x02\x02",
)


def pip_centres(die):
    """The three pip coordinates (low, middle, high) for a die ``die`` pixels wide (odd sizes
    centre the middle pip exactly); the six keeps a gap between its pips."""
    mid = die // 2
    lo = (die * 27 + 50) // 100
    gap = mid - 2 * pip_radius(die) - 2
    if lo > gap:
        lo = gap
    return (lo, mid, die - 1 - lo)


def pip_radius(die):
    r = die // 9
    return r if r > 0 else 1


def draw_die(bitmap, x0, y0, die, face, held, index=None):
    """Draw one die face into ``bitmap`` at (x0, y0) (start-up only), a run of pixels at a time
    (``bitmaptools.fill_region``: C on a board). ``index``: the bitmap's value of each sheet
    colour (_BG.._HELD_PIP), when not those numbers."""
    corner = die // 6 if die >= 12 else 1
    cc = corner * corner
    edge = _EDGE
    body = (_HELD_BODY if held else _BODY) if face else _BG
    pip = _HELD_PIP if held else _PIP
    if index is not None:
        edge = index[edge]
        body = index[body]
        pip = index[pip]
    x2 = x0 + die
    y = y0 + die - corner  # the rows between the rounded corners: an edge pixel at each end
    fill_region(bitmap, x0, y0 + corner, x2, y, edge)
    fill_region(bitmap, x0 + 1, y0 + corner, x2 - 1, y, body)
    for y in range(corner):  # a rounded row and its mirror at the bottom
        cy = corner - y
        s = 1  # pixels left out at each end: outside a quarter circle of radius ``corner``
        while (corner - s) * (corner - s) + cy * cy > cc:
            s += 1
        e = die if y == 0 else s + 1  # the edge pixels end (the top row: all edge)
        while e < corner and (corner - e + 1) * (corner - e + 1) + (cy + 1) * (cy + 1) > cc:
            e += 1
        row = y0 + y
        for _ in range(2):
            fill_region(bitmap, x0 + s, row, x2 - s, row + 1, edge)
            if e < die - e:
                fill_region(bitmap, x0 + e, row, x2 - e, row + 1, body)
            row = y0 + die - 1 - y
    if face == 0:
        return
    at = pip_centres(die)
    r = pip_radius(die)
    spots = _PIPS[face]
    for k in range(0, len(spots), 2):
        px = x0 + at[spots[k]]
        py = y0 + at[spots[k + 1]]
        e = -1
        for y in range(r, -1, -1):  # a round pip: rectangles ever wider and less tall
            x = r
            while x * x + y * y > r * r + r:
                x -= 1
            if x > e:  # (one no wider than the last is inside it)
                fill_region(bitmap, px - x, py - y, px + x + 1, py + y + 1, pip)
                e = x


def sheets(view, lay, colours, sheet):
    """The dice view's sheets and palettes, drawn: (faces, palette, held faces, held palette,
    marks, marks palette). Two sheets, faces side by side without the gaps between dice: the
    free faces (0..6) and the held ones (1..6), four colours each, so two bits a pixel (one
    sheet of both needs five colours, four bits, in one block of 9.7 KB on the Pico)."""
    die = lay.die
    palette, index = _distinct(colours, _FREE_ROLES)
    faces = displayio.Bitmap(die * _FACES, die, len(palette))
    for face in range(_FACES):
        draw_die(faces, face * die, 0, die, face, False, index)
    held_palette, index = _distinct(colours, _HELD_ROLES)
    held = displayio.Bitmap(die * (_FACES - 1), die, len(held_palette))
    for face in range(1, _FACES):
        draw_die(held, (face - 1) * die, 0, die, face, True, index)
    mark_palette, index = _distinct(colours, _MARK_ROLES)
    marks = displayio.Bitmap(lay.pitch * 4, lay.mark_h, len(mark_palette))
    _draw_marks(view, marks, lay.mark_text, sheet, index)
    return faces, palette, held, held_palette, marks, mark_palette


def _draw_marks(view, bitmap, as_text, sheet, index):
    """Tiles: 0 nothing, 1 held, 2 chosen (the stick's die), 3 held and chosen.

    Held is "HOLD" in the font where there is room, else a bar; chosen is a line at the
    bottom of the mark area."""
    pitch = view.pitch
    h = view.mark_h
    x1 = view.offset
    x2 = x1 + view.die
    for tile in (1, 3):
        x0 = tile * pitch
        if as_text:
            gw = sheet.glyph_w
            word = b"HOLD"
            left = x0 + (pitch - gw * len(word) + 1) // 2  # (a glyph's last column is blank)
            # the letters' ink (1 on the glyph sheet) as it is: the mark's colour is value 1
            # (index[1] is 1, or 0 when it is the background's: nothing to draw on the new
            # bitmap, all 0)
            for k in range(len(word) if index[1] else 0):
                base = (word[k] - 32) * gw
                blit(bitmap, sheet.bitmap, left + k * gw, 0, x1=base, x2=base + gw,
                     y2=min(sheet.glyph_h, h - 2), skip_source_index=0)
        else:
            fill_region(bitmap, x0 + x1 + 2, 1, x0 + x2 - 2, 3, index[1])
    for tile in (2, 3):
        x0 = tile * pitch
        fill_region(bitmap, x0 + x1, h - (2 if h >= 8 else 1), x0 + x2, h, index[2])


def _distinct(colours, roles):
    """(palette of the roles' distinct colours, the palette index of each role): a sheet needs
    only as many values as its colours really differ, and fewer values pack more pixels a byte."""
    index = bytearray(len(roles))
    values = []
    for k in range(len(roles)):
        colour = colours[roles[k]]
        if colour in values:
            index[k] = values.index(colour)
        else:
            index[k] = len(values)
            values.append(colour)
    palette = displayio.Palette(len(values))
    for k in range(len(values)):
        palette[k] = values[k]
    return palette, index
