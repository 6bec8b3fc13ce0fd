"""The glyph sheet's pixels, drawn once when ``text.GlyphSheet`` is made (power-on, the crash
screen): the font's ASCII glyphs on one baseline grid, and the round marks and arrows the font
lacks. ``GlyphSheet`` unloads this module once drawn."""

from .text import ARROW_LEFT, ARROW_RIGHT, DOT_EMPTY, DOT_FULL, FIRST, LAST


def draw(sheet, font, box):
    """Draw ``font`` (with bounding ``box``) and the marks into ``sheet.bitmap``."""
    w = sheet.glyph_w
    h = sheet.glyph_h
    bmp = sheet.bitmap
    for code in range(FIRST, LAST + 1):
        glyph = font.get_glyph(code)
        if glyph is None:
            continue
        src = glyph.bitmap
        per_row = src.width // glyph.width if glyph.width else 1
        sx = (glyph.tile_index % per_row) * glyph.width
        sy = (glyph.tile_index // per_row) * glyph.height
        # Place the glyph on the font's baseline grid (builtin fonts fill the cell).
        ox = glyph.dx if glyph.dx > 0 else 0
        oy = h - glyph.height
        if len(box) > 3:
            oy = h + box[3] - glyph.height - glyph.dy
        base = (code - FIRST) * w
        for y in range(glyph.height):
            ty = y + oy
            if ty < 0 or ty >= h:
                continue
            for x in range(glyph.width):
                tx = x + ox
                if tx < w and src[sx + x, sy + y]:
                    bmp[base + tx, ty] = 1
    _dot(bmp, w, h, DOT_FULL, True)
    _dot(bmp, w, h, DOT_EMPTY, False)
    _arrow(bmp, w, h, ARROW_LEFT, -1)
    _arrow(bmp, w, h, ARROW_RIGHT, 1)


def _dot(bmp, w, h, code, filled):
    base = (code - FIRST) * w
    r = (w - 1) // 2  # radius 2 on a 6-wide cell
    cx = w // 2 - 1 if w % 2 == 0 else w // 2
    cy = h // 2
    for y in range(cy - r, cy + r + 1):
        for x in range(cx - r, cx + r + 1):
            d = (x - cx) * (x - cx) + (y - cy) * (y - cy)
            if d <= r * r + 1 and (filled or d >= (r - 1) * (r - 1) + 1):
                bmp[base + x, y] = 1


def _arrow(bmp, w, h, code, direction):
    base = (code - FIRST) * w
    cy = h // 2
    for i in range(w - 1):
        x = i if direction > 0 else w - 2 - i
        half = w - 2 - i
        for y in range(cy - half, cy + half + 1):
            if 0 <= y < h:
                bmp[base + x, y] = 1
