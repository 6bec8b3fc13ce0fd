"""The dice faces and held marks, drawn a run at a time (``bitmaptools.fill_region`` and
``blit``: C on a board), against their definition written a pixel at a time: a square of side
``die`` with corners rounded to a quarter circle, its outline in the edge colour, the body inside,
and round pips; the marks "HOLD" (or a bar) and the chosen die's line. Every pixel must be the
definition's, and the pixels the definition leaves alone must stay as they were."""

import random

import pytest

from ui import dice_faces, dice_view, text, theme
from ui.dice_faces import _PIPS, draw_die, pip_centres, pip_radius

Bitmap = dice_faces.displayio.Bitmap  # the displayio the module drew with (Blinka's here)


def reference_die(bitmap, x0, y0, die, face, held, index=None):
    """The definition, one pixel at a time (the app drew it so until the faces were runs)."""
    corner = die // 6 if die >= 12 else 1
    body = 4 if held else 2
    pip = 5 if held else 3
    last = die - 1
    colours = index if index is not None else bytes(range(6))
    for y in range(die):
        for x in range(die):
            cx = corner - x if x < corner else (x - (last - corner) if x > last - corner else 0)
            cy = corner - y if y < corner else (y - (last - corner) if y > last - corner else 0)
            if cx * cx + cy * cy > corner * corner:
                continue  # outside the rounded corner
            edge = x == 0 or y == 0 or x == last or y == last
            if not edge and cx and cy:
                edge = (cx + 1) * (cx + 1) + (cy + 1) * (cy + 1) > corner * corner
            colour = 1 if edge else (0 if face == 0 else body)
            bitmap[x0 + x, y0 + y] = colours[colour]
    if face == 0:
        return
    at = pip_centres(die)
    r = pip_radius(die)
    spots = _PIPS[face]
    for k in range(0, len(spots), 2):
        px = at[spots[k]]
        py = at[spots[k + 1]]
        for y in range(py - r, py + r + 1):
            for x in range(px - r, px + r + 1):
                if (x - px) * (x - px) + (y - py) * (y - py) <= r * r + r:
                    bitmap[x0 + x, y0 + y] = colours[pip]


def pixels(bitmap):
    return bytes(bitmap[x, y] for y in range(bitmap.height) for x in range(bitmap.width))


def scrambled(width, height, count, rnd):
    bitmap = Bitmap(width, height, count)
    for y in range(height):
        for x in range(width):
            bitmap[x, y] = rnd.randrange(count)
    return bitmap


# every size a layout draws (ui/layout_*.py die and defuse_die, and the Defuse slots' die - 2),
# and others up to 48; below 12 the pips do not fit the face (only blank faces are drawn so small)
SIZES = [12, 13, 14, 16, 17, 18, 20, 21, 23, 25, 27, 29, 31, 33, 36, 38, 41, 48]


@pytest.mark.parametrize("die", SIZES)
def test_a_face_is_its_definitions_pixels_and_leaves_the_rest(die):
    rnd = random.Random(die)
    for face in range(7):
        for held in (False, True):
            for index in (None, bytes((0, 1, 2, 3, 2, 3)), bytes((7, 6, 5, 4, 3, 2))):
                x0, y0 = rnd.randrange(4), rnd.randrange(3)
                want = scrambled(die + x0 + 3, die + y0 + 2, 8, rnd)
                got = Bitmap(want.width, want.height, 8)
                for y in range(want.height):
                    for x in range(want.width):
                        got[x, y] = want[x, y]
                reference_die(want, x0, y0, die, face, held, index)
                draw_die(got, x0, y0, die, face, held, index)
                assert pixels(got) == pixels(want), (die, face, held, index)


def test_a_blank_face_of_any_size_is_its_definitions_pixels():
    """The Defuse slots draw blank faces (face 0) as small as 11 pixels."""
    rnd = random.Random(0)
    for die in range(2, 50):
        want = scrambled(die + 3, die + 2, 4, rnd)
        got = Bitmap(want.width, want.height, 4)
        for y in range(want.height):
            for x in range(want.width):
                got[x, y] = want[x, y]
        reference_die(want, 1, 1, die, 0, die % 2 == 0)
        draw_die(got, 1, 1, die, 0, die % 2 == 0)
        assert pixels(got) == pixels(want), die


def reference_marks(view, bitmap, as_text, sheet, index):
    """The marks' definition, a pixel at a time: tiles 1 and 3 "HOLD" in the font where there
    is room (else a bar), tiles 2 and 3 the chosen die's line at the bottom."""
    pitch = view.pitch
    h = view.mark_h
    for tile in (1, 3):
        x0 = tile * pitch
        if as_text:
            gw = sheet.glyph_w
            word = b"HOLD"
            left = x0 + (pitch - gw * len(word) + 1) // 2
            for k in range(len(word)):
                base = (word[k] - 32) * gw
                for y in range(min(sheet.glyph_h, h - 2)):
                    for x in range(gw):
                        if sheet.bitmap[base + x, y]:
                            bitmap[left + k * gw + x, y] = index[1]
        else:
            for y in range(1, 3):
                for x in range(view.offset + 2, view.offset + view.die - 2):
                    bitmap[x0 + x, y] = index[1]
    for tile in (2, 3):
        x0 = tile * pitch
        for y in range(h - (2 if h >= 8 else 1), h):
            for x in range(view.offset, view.offset + view.die):
                bitmap[x0 + x, y] = index[2]


@pytest.mark.parametrize("size", ["128x64", "160x128", "240x135", "240x240"])
def test_the_held_marks_are_their_definitions_pixels(size):
    import importlib

    import terminalio

    lay = importlib.import_module("ui.layout_" + size).LAYOUT
    sheet = text.GlyphSheet(terminalio.FONT)
    for colour in (True, False):
        colours = theme.for_screen(colour)
        view = dice_view.DiceView(lay, colours, sheet)
        for as_text in (True, False):
            for index in (bytes((0, 1, 2)), bytes((0, 1, 1)), bytes((0, 0, 1))):
                want = Bitmap(view.pitch * 4, lay.mark_h, 3)
                got = Bitmap(view.pitch * 4, lay.mark_h, 3)
                reference_marks(view, want, as_text, sheet, index)
                dice_faces._draw_marks(view, got, as_text, sheet, index)
                assert pixels(got) == pixels(want), (size, colour, as_text, index)
        # and as the view drew them for its theme
        want = Bitmap(view.pitch * 4, lay.mark_h, 3)
        _palette, index = dice_faces._distinct(colours, dice_faces._MARK_ROLES)
        reference_marks(view, want, lay.mark_text, sheet, index)
        assert pixels(view.marks.bitmap) == pixels(want), (size, colour)
