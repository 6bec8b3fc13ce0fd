"""Bake the rules reader's PCF font into the sheet a board reads without a font library (host tool).

    python tools/ship/font_bake.py IN.pcf OUT.bin      # tools/ship/fetch_libs.py runs it into lib/fonts/

The glyphs are read by ``adafruit_bitmap_font.pcf`` here, on the host, so a board draws the pixels,
offsets and advances that library gives, without loading it (its parser left ~55 names interned
for good on the board: docs/memory.md). The layout, which ``ui/rules_screen.BakedFont`` reads:
- 8 bytes: ``b"YF"``, the first code, the glyph count, the cell width and height, the font's
  ascent, its bounding box's height;
- 4 bytes a glyph: its height (255: no glyph for that code), dx + 128, dy + 128, its advance;
- the sheet: cell-height rows of count x cell-width pixels, 1 bit each, a byte's lowest bit
  first, each row in whole bytes: what ``bitmaptools.readinto(bitmap, file, 1)`` reads. Glyph i
  sits at the top left of cell i."""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MAGIC = b"YF"
FIRST = 32
COUNT = 95  # printable ASCII: the rules are ASCII (tools/ship/pcf_subset.py cuts the PCF to it)


def glyphs_of(pcf_path):
    """(ascent, box height, [(code, glyph or None)]) of the PCF, read by adafruit_bitmap_font (the
    host's, pinned in requirements-dev.txt) on the displayio stand-in (sim/fbdisplay.py)."""
    if ROOT not in sys.path:
        sys.path.insert(0, ROOT)
    from sim import fbdisplay

    installed = fbdisplay.install()
    # the library imported afresh on the stand-ins: one imported before (a test of the desktop
    # app in the same process) holds Blinka's bitmaptools, which cannot fill a stand-in Bitmap
    cached = _take_modules("adafruit_bitmap_font")
    try:
        from adafruit_bitmap_font.pcf import PCF

        with open(pcf_path, "rb") as f:
            font = PCF(f, fbdisplay.Bitmap)
            codes = range(FIRST, FIRST + COUNT)
            font.load_glyphs(codes)
            return font.ascent, font.get_bounding_box()[1], [(c, font.get_glyph(c)) for c in codes]
    finally:
        _take_modules("adafruit_bitmap_font")
        sys.modules.update(cached)
        installed.remove()


def _take_modules(package):
    """Take ``package`` and its submodules out of ``sys.modules``; returns them by name."""
    return {name: sys.modules.pop(name) for name in list(sys.modules) if name.split(".")[0] == package}


def bake(ascent, box_height, glyphs):
    """The baked font's bytes (the module docstring's layout)."""
    cell_w = max(g.width for _, g in glyphs if g is not None)
    cell_h = max(g.height for _, g in glyphs if g is not None)
    out = bytearray(MAGIC + bytes((FIRST, len(glyphs), cell_w, cell_h, ascent, box_height)))
    for _, g in glyphs:
        out += bytes((255, 128, 128, 0)) if g is None else bytes((g.height, g.dx + 128, g.dy + 128, g.shift_x))
    width = cell_w * len(glyphs)
    for y in range(cell_h):
        row = bytearray((width + 7) // 8)
        for i, (_, g) in enumerate(glyphs):
            if g is None or y >= g.height:
                continue
            for x in range(g.width):
                if g.bitmap[x, y]:
                    p = i * cell_w + x
                    row[p // 8] |= 1 << (p % 8)
        out += row
    return bytes(out)


def bake_file(pcf_path):
    return bake(*glyphs_of(pcf_path))


def main(argv):
    if len(argv) != 2:
        raise SystemExit(__doc__)
    data = bake_file(argv[0])
    with open(argv[1], "wb") as f:
        f.write(data)
    print("%s: %d bytes" % (argv[1], len(data)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
