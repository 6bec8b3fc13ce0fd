"""sim/fbdisplay.py, the pure-Python displayio stand-in: bitmaps packed as CircuitPython packs
them, refresh composes only what changed, the checksum is zlib's CRC-32 of the frame, and a
display without a frame composes the same pixels (used directly: nothing is installed into
sys.modules here, so the other tests keep Blinka)."""

import zlib

import pytest

from sim import fbdisplay as fb


@pytest.mark.parametrize("count, bits", [(1, 1), (2, 1), (3, 2), (4, 2), (5, 4), (16, 4), (17, 8),
                                         (256, 8), (257, 16), (65537, 32)])
def test_bitmap_bits_and_bytes_as_circuitpython(count, bits):
    bmp = fb.Bitmap(33, 3, count)
    assert bmp.bits_per_value == bits
    assert bmp.nbytes == ((33 * bits + 31) // 32) * 4 * 3  # rows padded to 32-bit words
    bmp[32, 2] = count - 1
    bmp[0, 0] = count - 1
    assert bmp[32, 2] == count - 1 and bmp[0, 0] == count - 1 and bmp[1, 0] == 0
    with pytest.raises(ValueError):
        bmp[1, 1] = count


def scene(colour=True):
    d = fb.FrameBufferDisplay(64, 40, colour)
    root = fb.Group()
    bg = fb.Palette(1)
    bg[0] = 0x0B3B2A
    root.append(fb.TileGrid(fb.Bitmap(16, 16, 1), pixel_shader=bg, width=4, height=3, tile_width=16,
                            tile_height=16))
    pal = fb.Palette(2)
    pal[0] = 0x0B3B2A
    pal[1] = 0xF2F2E6
    text = fb.TileGrid(fb.FONT.bitmap, pixel_shader=pal, width=8, height=1, tile_width=6,
                       tile_height=12, x=2, y=2)
    big = fb.Group(scale=2, x=4, y=16)
    word = fb.TileGrid(fb.FONT.bitmap, pixel_shader=pal, width=4, height=1, tile_width=6, tile_height=12)
    big.append(word)
    root.append(text)
    root.append(big)
    d.root_group = root
    return d, text, word, big, pal


def test_refresh_composes_only_what_changed_and_checksums_the_frame():
    d, text, word, big, pal = scene()
    d.refresh()
    assert d.dirty_count == 1 and list(d.dirty[:4]) == [0, 0, 64, 40]
    assert d.checksum() == zlib.crc32(d.frame)
    assert d.pixel(0, 0) == fb.rgb565(0x0B3B2A)
    d.refresh()
    assert d.dirty_count == 0  # idle: nothing
    text[1] = ord("A") - 32
    d.refresh()
    assert d.dirty_count == 1 and list(d.dirty[:4]) == [8, 2, 14, 14]  # one 6x12 cell
    assert any(d.pixel(x, y) == fb.rgb565(0xF2F2E6) for x in range(8, 14) for y in range(2, 14))
    word[0] = ord("B") - 32
    d.refresh()
    assert list(d.dirty[:4]) == [4, 16, 16, 40]  # the scaled cell, clipped to the screen
    big.hidden = True
    d.refresh()
    assert list(d.dirty[:4]) == [4, 16, 52, 40]  # where the hidden group was
    assert d.checksum() == zlib.crc32(d.frame)


def test_an_idle_refresh_walks_nothing_and_every_kind_of_change_is_still_seen():
    d, text, word, big, pal = scene()
    d.refresh()
    walks = []
    plain = d._walk

    def walk(*args):
        walks.append(1)
        return plain(*args)

    d._walk = walk
    for _ in range(3):
        d.refresh()
    assert walks == [] and d.dirty_count == 0  # the web page's idle frame: no walk, no blit
    root = d.root_group
    glyphs = fb.Bitmap(6, 12, 2)
    tile = fb.TileGrid(glyphs, pixel_shader=pal, x=40, y=2)
    root.append(tile)
    changes = [
        lambda: text.__setitem__(2, ord("C") - 32),
        lambda: glyphs.__setitem__((1, 1), 1),
        lambda: pal.__setitem__(1, 0xFF0000),
        lambda: pal.make_transparent(0),
        lambda: pal.make_opaque(0),
        lambda: setattr(tile, "x", 44),
        lambda: setattr(tile, "y", 4),
        lambda: setattr(tile, "hidden", True),
        lambda: setattr(tile, "hidden", False),
        lambda: setattr(big, "x", 6),
        lambda: setattr(big, "y", 18),
        lambda: setattr(big, "scale", 1),
        lambda: setattr(tile, "pixel_shader", fb.Palette(2)),
        lambda: glyphs.fill(1),
        lambda: root.remove(tile),
    ]
    for change in changes:
        d.refresh()
        walks.clear()
        d.refresh()
        assert walks == []
        change()
        d.refresh()
        assert walks and d.dirty_count >= 1, change
    # the same scene drawn from scratch gives the same frame
    fresh = fb.FrameBufferDisplay(64, 40)
    fresh.root_group = root
    fresh.refresh()
    assert fresh.frame == d.frame
    setattr(big, "x", big.x)  # the same value again: nothing to redraw
    d.refresh()
    assert d.dirty_count == 0


def test_a_display_without_a_frame_composes_the_same_pixels():
    a, ta, wa, _, _ = scene()
    b = fb.FrameBufferDisplay(64, 40, True, keep_frame=False)
    b.root_group = a.root_group
    a.refresh()
    b.refresh()
    assert b.frame is None
    assert b.stream_checksum() == zlib.crc32(a.frame)  # one full-screen area, row by row


def test_mono_screen_is_black_or_white_by_luma():
    d, *_ = scene(colour=False)
    d.refresh()
    assert d.pixel(0, 0) == 0  # dark green -> off
    assert fb.mono(0xF2F2E6) == 0xFFFF and fb.mono(0x0B3B2A) == 0


def test_font_glyphs_and_install_remove():
    g = fb.FONT.get_glyph(ord("A"))
    assert (g.width, g.height, g.tile_index) == (6, 12, ord("A") - 32)
    assert fb.FONT.get_glyph(10) is None and fb.FONT.get_bounding_box() == (6, 12)
    import sys

    before = sys.modules.get("displayio")
    installed = fb.install()
    try:
        import displayio

        assert displayio.Bitmap is fb.Bitmap
    finally:
        installed.remove()
    assert sys.modules.get("displayio") is before


def reference_pixel(root, x, y, colour=True):
    """RGB565 of (x, y) by the plain definition: the topmost opaque pixel of any visible layer."""
    found = [0]

    def visit(group, ox, oy, scale):
        for item in group._items:
            if item._hidden:
                continue
            ix, iy = ox + item._x * scale, oy + item._y * scale
            if item._group:
                visit(item, ix, iy, scale * item._scale)
                continue
            lx, ly = (x - ix), (y - iy)
            if lx < 0 or ly < 0:
                continue
            lx //= scale
            ly //= scale
            if lx >= item._width * item._tw or ly >= item._height * item._th:
                continue
            t = item[lx // item._tw + (ly // item._th) * item._width]
            bx = (t % item._per_row) * item._tw + lx % item._tw
            by = (t // item._per_row) * item._th + ly % item._th
            v = item._bitmap.get(bx, by)
            if not item._shader.is_transparent(v):
                found[0] = fb.rgb565(item._shader[v]) if colour else item._shader._mono[v]

    visit(root, 0, 0, root._scale)
    return found[0]


@pytest.mark.parametrize("seed", range(12))
def test_partial_areas_compose_like_the_plain_definition(seed):
    import random

    rnd = random.Random(seed)
    d = fb.FrameBufferDisplay(61, 37, colour=seed % 3 != 2, keep_frame=seed % 2 == 0)
    root = fb.Group()
    bg = fb.Palette(1)
    bg[0] = 0x123456
    kind = seed % 4  # a background over everything, a transparent one, one over a part, none
    if kind == 1:
        bg.make_transparent(0)
    if kind < 3:
        root.append(fb.TileGrid(fb.Bitmap(8, 8, 1), pixel_shader=bg, width=8, height=5,
                                x=-2 if kind < 2 else 5, y=-1))
    for layer in range(5):
        count = rnd.choice((2, 3, 5, 17, 300))
        tw, th = rnd.choice(((3, 4), (6, 12), (5, 5), (9, 2)))
        bmp = fb.Bitmap(tw * 3, th * 2, count)
        density = rnd.choice((0.03, 0.1, 0.6))  # sparse, like text: runs over zero bytes
        for i in range(bmp.width * bmp.height):
            if rnd.random() < density:
                bmp[i] = rnd.randrange(count)
        pal = fb.Palette(count)
        for i in range(count):
            pal[i] = rnd.randrange(1 << 24)
        pal.make_transparent(0)
        tg = fb.TileGrid(bmp, pixel_shader=pal, width=rnd.randint(1, 6), height=rnd.randint(1, 3),
                         tile_width=tw, tile_height=th, x=rnd.randint(-5, 40), y=rnd.randint(-5, 30))
        for i in range(tg.width * tg.height):
            tg[i] = rnd.randrange(6)
        group = fb.Group(scale=rnd.choice((1, 1, 2, 3)), x=rnd.randint(-3, 20), y=rnd.randint(-3, 10))
        group.append(tg)
        root.append(group)
    d.root_group = root
    d.refresh()
    for _ in range(12):
        x1, x2 = sorted(rnd.sample(range(62), 2))
        y1, y2 = sorted(rnd.sample(range(38), 2))
        if d.keep_frame:
            for y in range(y1, y2):  # stale bytes: the area must be painted or cleared anew
                d.frame[(y * 61 + x1) * 2:(y * 61 + x2) * 2] = b"\xa5" * ((x2 - x1) * 2)
            d._compose(x1, y1, x2, y2)
            for y in range(y1, y2):
                for x in range(x1, x2):
                    assert d.pixel(x, y) == reference_pixel(root, x, y, d.colour), (x, y)
    if d.keep_frame:  # and nothing outside the areas changed
        for y in range(37):
            for x in range(61):
                assert d.pixel(x, y) == reference_pixel(root, x, y, d.colour), (x, y)
    else:  # the band path: one full area, row by row, into the CRC
        full = fb.FrameBufferDisplay(61, 37, colour=d.colour)
        full.root_group = root
        full.refresh()
        assert d.stream_checksum() == zlib.crc32(full.frame)
        for y in range(37):
            for x in range(61):
                assert full.pixel(x, y) == reference_pixel(root, x, y, d.colour), (x, y)


@pytest.mark.parametrize("count", [2, 3, 5, 17, 300])
def test_fill_region_sets_the_pixels_of_its_rectangle_and_marks_only_that_area(count):
    """``bitmaptools.fill_region``'s stand-in writes whole bytes where it can (the dice faces
    are drawn with it when a game starts); every pixel must be as a pixel-by-pixel fill sets it,
    clipped to the bitmap, and the changed area that rectangle."""
    import random

    rnd = random.Random(count)
    for _ in range(300):
        w, h = rnd.randint(1, 45), rnd.randint(1, 5)
        got = fb.Bitmap(w, h, count)
        want = fb.Bitmap(w, h, count)
        for i in range(w * h):
            got[i] = want[i] = rnd.randrange(count)
        got._dirty = want._dirty = False
        x1, x2 = rnd.randint(-3, w + 3), rnd.randint(-3, w + 3)
        y1, y2 = rnd.randint(-2, h + 2), rnd.randint(-2, h + 2)
        value = rnd.randrange(count)
        fb.fill_region(got, x1, y1, x2, y2, value)
        for y in range(max(y1, 0), min(y2, h)):
            for x in range(max(x1, 0), min(x2, w)):
                want.set(x, y, value)
        assert got._data == want._data, (w, h, x1, y1, x2, y2, value)
        assert got._dirty == want._dirty
        if got._dirty:
            assert (got._dx1, got._dy1, got._dx2, got._dy2) == (want._dx1, want._dy1, want._dx2, want._dy2)


@pytest.mark.parametrize("counts", [(2, 3), (2, 2), (3, 16), (5, 4), (16, 16), (2, 300)])
def test_blit_copies_as_pixel_by_pixel_and_marks_the_written_pixels(counts):
    """``bitmaptools.blit``'s stand-in reads and writes packed bits in place for 1- to 4-bit
    bitmaps (the play screen copies its "HOLD" letters with it when a game starts): every pixel
    and the changed area must be as get() and set() a pixel at a time make them, clipped, with
    and without a skipped source value."""
    import random

    rnd = random.Random(sum(counts))
    source_count, dest_count = counts
    for _ in range(200):
        source = fb.Bitmap(rnd.randint(1, 30), rnd.randint(1, 6), source_count)
        for i in range(source.width * source.height):
            source[i] = rnd.randrange(source_count)
        w, h = rnd.randint(1, 40), rnd.randint(1, 7)
        got = fb.Bitmap(w, h, dest_count)
        want = fb.Bitmap(w, h, dest_count)
        for i in range(w * h):
            got[i] = want[i] = rnd.randrange(dest_count)
        got._dirty = want._dirty = False
        x1, x2 = sorted(rnd.randint(0, source.width) for _ in range(2))
        y1, y2 = sorted(rnd.randint(0, source.height) for _ in range(2))
        x, y = rnd.randint(-4, w), rnd.randint(-3, h)
        skip = rnd.choice((None, 0, 1))
        fb.blit(got, source, x, y, x1=x1, y1=y1, x2=x2, y2=y2, skip_source_index=skip)
        for sy in range(y1, y2):
            for sx in range(x1, x2):
                dx, dy = x + sx - x1, y + sy - y1
                v = source.get(sx, sy)
                if 0 <= dx < w and 0 <= dy < h and v != skip:
                    want.set(dx, dy, v)
        assert got._data == want._data, (counts, x, y, x1, y1, x2, y2, skip)
        assert got._dirty == want._dirty
        if got._dirty:
            assert (got._dx1, got._dy1, got._dx2, got._dy2) == (want._dx1, want._dy1, want._dx2, want._dy2)
