"""hw/fbdisplay.py, the pure-Python displayio stand-in: bitmaps packed as CircuitPython packs
them, refresh composes only what changed, the checksum is zlib's CRC-32 of the frame, and a
display without a frame composes the same pixels (used directly: nothing is installed into
sys.modules here, so the other tests keep Blinka)."""

import zlib

import pytest

from hw import fbdisplay as fb


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
