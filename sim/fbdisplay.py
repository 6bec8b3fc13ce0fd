"""A pure-Python stand-in for the part of ``displayio`` the screens use, for tests and the
MicroPython VM (a test double in the spirit of KMK's fakes; the desktop keeps Blinka).

Runs unchanged on CPython and MicroPython: ``Bitmap``, ``Palette``, ``TileGrid``, ``Group``,
``FONT`` (``terminalio.FONT``: 6x12 glyphs of ter-u12n, as on a board) and a display,
``FrameBufferDisplay(width, height, colour=True, keep_frame=True)``, whose ``refresh()``
composes only the dirty area of the scene, as displayio does, and records it.

    from sim import fbdisplay
    fbdisplay.install()          # displayio, terminalio, fontio, bitmaptools -> sys.modules
    display = fbdisplay.FrameBufferDisplay(160, 128)
    display.root_group = group
    display.refresh()
    display.checksum()           # CRC-32 of the RGB565 frame (zlib.crc32 of ``frame``)

Sizes follow CircuitPython's C objects, so a VM heap counts what a board's heap would: a
Bitmap packs its values at 1, 2, 4, 8, 16 or 32 bits (the smallest that holds
``value_count - 1``), rows padded to 32-bit words. The real display keeps no frame in RAM
(it renders dirty areas in small chunks straight to the bus): ``keep_frame=False`` composes
each dirty area a band of rows at a time into one small buffer and only checksums it.

After warm-up nothing here allocates per refresh, per tile write or per pixel write (tuple
indexes such as ``bitmap[x, y]`` allocate the tuple, on a board too)."""

import sys
from array import array

try:
    from micropython import const
except ImportError:  # CPython

    def const(value):
        return value


MAX_RECTS = const(32)  # dirty rectangles kept per refresh; more are merged into the last one
BAND_PIXELS = const(512)  # keep_frame=False: pixels composed at a time (displayio uses ~ 512)
_GLYPH_W = const(6)
_GLYPH_H = const(12)
_FIRST = const(32)
_LAST = const(126)

# A change to any Group's list of children (append, insert, remove, pop) redraws the whole
# screen at the next refresh: rare (start-up), and it keeps the bookkeeping small.
_TREE = array("l", [0])
# Bumped by every change a refresh could see (a bitmap, tile or palette that becomes dirty, a
# move, a hide): a refresh that finds it where it was last time returns at once, so an idle
# frame costs no walk over the scene (the web page calls refresh 60 times a second).
_CHANGES = array("l", [0])
_WRAP = const(0x3FFFFFFF)
_RUN = const(16)  # pixels a solid fill or a clear copies at once (slice assignment)
_ZEROS = bytes(2 * _RUN)


def _changed():
    _CHANGES[0] = (_CHANGES[0] + 1) & _WRAP


# -- Bitmap ---------------------------------------------------------------------------------


def _bits_for(value_count):
    bits = 1
    while bits < 32 and (1 << bits) < value_count:
        bits *= 2
    return bits


class Bitmap:
    """``width`` x ``height`` values in 0..value_count-1, packed as CircuitPython packs them."""

    _group = False

    def __init__(self, width, height, value_count):
        if width < 1 or height < 1 or value_count < 1:
            raise ValueError("bad bitmap size")
        self.width = width
        self.height = height
        self.value_count = value_count
        self.bits_per_value = _bits_for(value_count)
        self._stride = ((width * self.bits_per_value + 31) // 32) * 4  # bytes per row
        self._data = bytearray(self._stride * height)
        self._mask = (1 << self.bits_per_value) - 1 if self.bits_per_value < 32 else 0xFFFFFFFF
        self._dirty = False
        self._dx1 = 0  # changed area since the last refresh (x2/y2 exclusive)
        self._dy1 = 0
        self._dx2 = 0
        self._dy2 = 0

    @property
    def nbytes(self):
        """Bytes of pixel storage (as CircuitPython allocates them)."""
        return len(self._data)

    def _xy(self, index):
        x = index[0]
        y = index[1]
        if x < 0 or y < 0 or x >= self.width or y >= self.height:
            raise IndexError("pixel out of range")
        return x, y

    def get(self, x, y):
        """The value at (x, y) (no bounds check, no allocation)."""
        bits = self.bits_per_value
        data = self._data
        if bits < 8:
            bit = x * bits
            return (data[y * self._stride + (bit >> 3)] >> (8 - bits - (bit & 7))) & self._mask
        i = y * self._stride + x * (bits >> 3)
        if bits == 8:
            return data[i]
        if bits == 16:
            return data[i] | (data[i + 1] << 8)
        return data[i] | (data[i + 1] << 8) | (data[i + 2] << 16) | (data[i + 3] << 24)

    def set(self, x, y, value):
        """Set (x, y) to ``value`` and mark it changed (no bounds check, no allocation)."""
        bits = self.bits_per_value
        data = self._data
        if bits < 8:
            bit = x * bits
            i = y * self._stride + (bit >> 3)
            shift = 8 - bits - (bit & 7)
            data[i] = (data[i] & ~(self._mask << shift)) | ((value & self._mask) << shift)
        else:
            i = y * self._stride + x * (bits >> 3)
            data[i] = value & 255
            if bits > 8:
                data[i + 1] = (value >> 8) & 255
                if bits > 16:
                    data[i + 2] = (value >> 16) & 255
                    data[i + 3] = (value >> 24) & 255
        self._touch(x, y, x + 1, y + 1)

    def _touch(self, x1, y1, x2, y2):
        if not self._dirty:
            _CHANGES[0] = (_CHANGES[0] + 1) & _WRAP
            self._dirty = True
            self._dx1 = x1
            self._dy1 = y1
            self._dx2 = x2
            self._dy2 = y2
            return
        if x1 < self._dx1:
            self._dx1 = x1
        if y1 < self._dy1:
            self._dy1 = y1
        if x2 > self._dx2:
            self._dx2 = x2
        if y2 > self._dy2:
            self._dy2 = y2

    def __getitem__(self, index):
        if isinstance(index, int):  # y * width + x: no tuple (none on a board either)
            y = index // self.width
            x = index - y * self.width
            if y < 0 or y >= self.height:
                raise IndexError("pixel out of range")
            return self.get(x, y)
        x, y = self._xy(index)
        return self.get(x, y)

    def __setitem__(self, index, value):
        # set() and _touch() written out: the app writes pixels one at a time where it draws
        # at start-up (its glyph sheet, ui/text.py), and on the web page this is that C code
        w = self.width
        if isinstance(index, int):
            y = index // w
            x = index - y * w
            if y < 0 or y >= self.height:
                raise IndexError("pixel out of range")
        else:
            x = index[0]
            y = index[1]
            if x < 0 or y < 0 or x >= w or y >= self.height:
                raise IndexError("pixel out of range")
        if value < 0 or value >= self.value_count:
            raise ValueError("value out of range")
        bits = self.bits_per_value
        if bits > 8:
            self.set(x, y, value)
            return
        data = self._data
        if bits == 8:
            data[y * self._stride + x] = value
        else:
            bit = x * bits
            i = y * self._stride + (bit >> 3)
            shift = 8 - bits - (bit & 7)
            data[i] = (data[i] & ~(self._mask << shift)) | (value << shift)
        if not self._dirty:
            _CHANGES[0] = (_CHANGES[0] + 1) & _WRAP
            self._dirty = True
            self._dx1 = x
            self._dy1 = y
            self._dx2 = x + 1
            self._dy2 = y + 1
            return
        if x < self._dx1:
            self._dx1 = x
        if y < self._dy1:
            self._dy1 = y
        if x >= self._dx2:
            self._dx2 = x + 1
        if y >= self._dy2:
            self._dy2 = y + 1

    def fill(self, value):
        """Every pixel to ``value``."""
        fill_region(self, 0, 0, self.width, self.height, value)

    def blit(self, x, y, source_bitmap, x1=0, y1=0, x2=None, y2=None, skip_index=None):
        """CircuitPython 8's ``Bitmap.blit`` (``bitmaptools.blit`` since 9)."""
        blit(self, source_bitmap, x, y, x1=x1, y1=y1, x2=x2, y2=y2, skip_source_index=skip_index)

    def dirty(self, x1=0, y1=0, x2=-1, y2=-1):
        """Mark an area changed (the whole bitmap by default)."""
        self._touch(x1, y1, self.width if x2 < 0 else x2, self.height if y2 < 0 else y2)


# -- bitmaptools (the functions bitmap_label and the statistics chart use) -------------------


def fill_region(dest, x1, y1, x2, y2, value):
    """``bitmaptools.fill_region``: x1..x2-1, y1..y2-1 to ``value`` (clipped)."""
    w = dest.width
    h = dest.height
    if x1 < 0:
        x1 = 0
    if y1 < 0:
        y1 = 0
    if x2 > w:
        x2 = w
    if y2 > h:
        y2 = h
    if x2 <= x1 or y2 <= y1:
        return
    bits = dest.bits_per_value
    if bits > 8:
        y = y1
        while y < y2:
            x = x1
            while x < x2:
                dest.set(x, y, value)
                x += 1
            y += 1
        return
    # a byte at a time (the app draws its dice faces with this when a game starts,
    # ui/dice_faces.py: on the web page this is bitmaptools' C code): each row's first and last
    # bytes under a mask, whole bytes between; ``value`` repeated over a byte (1, 2, 4, 8 bits)
    mask = dest._mask
    pattern = (value & mask) * (255 // mask)
    first = x1 * bits
    end = x2 * bits  # the run's last bit + 1
    lead = 255 >> (first & 7)  # the run's bits in its first byte
    first >>= 3
    last = (end - 1) >> 3
    tail = (0xFF00 >> (end - (last << 3))) & 255  # ... in its last byte
    if first == last:
        lead &= tail
    keep = 255 ^ lead
    lead &= pattern
    data = dest._data
    stride = dest._stride
    i = y1 * stride + first
    stop = y2 * stride + first
    if first == last:
        while i < stop:
            data[i] = (data[i] & keep) | lead
            i += stride
    else:
        n = last - first
        keep_tail = 255 ^ tail
        tail &= pattern
        while i < stop:
            data[i] = (data[i] & keep) | lead
            j = i + n
            k = i + 1
            while k < j:
                data[k] = pattern
                k += 1
            data[j] = (data[j] & keep_tail) | tail
            i += stride
    dest._touch(x1, y1, x2, y2)


def blit(dest, source, x, y, *, x1=0, y1=0, x2=None, y2=None, skip_source_index=None,
         skip_dest_index=None):
    """``bitmaptools.blit``: copy source[x1..x2, y1..y2] to dest at (x, y), clipped."""
    if x2 is None:
        x2 = source.width
    if y2 is None:
        y2 = source.height
    sb = source.bits_per_value
    db = dest.bits_per_value
    if sb < 8 and db < 8 and skip_dest_index is None and x1 < x2 and y1 < y2:
        _blit_packed(dest, source, x, y, x1, y1, x2, y2, -1 if skip_source_index is None else skip_source_index)
        return
    sy = y1
    while sy < y2:
        dy = y + sy - y1
        if 0 <= dy < dest.height:
            sx = x1
            while sx < x2:
                dx = x + sx - x1
                if 0 <= dx < dest.width:
                    v = source.get(sx, sy)
                    if (v != skip_source_index and (skip_dest_index is None
                                                    or dest.get(dx, dy) != skip_dest_index)):
                        dest.set(dx, dy, v)
                sx += 1
        sy += 1


def _blit_packed(dest, source, x, y, x1, y1, x2, y2, skip):
    """``blit`` between bitmaps of 1, 2 or 4 bits a pixel: get() and set() written out (the
    app copies its "HOLD" marks' letters from the glyph sheet with it when a game starts, on the
    web page this is bitmaptools' C code); the changed area is the written pixels', as set()'s."""
    sb = source.bits_per_value
    db = dest.bits_per_value
    smask = source._mask
    dmask = dest._mask
    sdata = source._data
    ddata = dest._data
    w = dest.width
    h = dest.height
    ax1 = w  # the written pixels' bounds
    ay1 = h
    ax2 = -1
    ay2 = -1
    sy = y1
    while sy < y2:
        dy = y + sy - y1
        if 0 <= dy < h:
            srow = sy * source._stride
            drow = dy * dest._stride
            sx = x1
            while sx < x2:
                dx = x + sx - x1
                if 0 <= dx < w:
                    bit = sx * sb
                    v = (sdata[srow + (bit >> 3)] >> (8 - sb - (bit & 7))) & smask
                    if v != skip:
                        bit = dx * db
                        i = drow + (bit >> 3)
                        shift = 8 - db - (bit & 7)
                        ddata[i] = (ddata[i] & ~(dmask << shift)) | ((v & dmask) << shift)
                        if dx < ax1:
                            ax1 = dx
                        if dx > ax2:
                            ax2 = dx
                        if dy < ay1:
                            ay1 = dy
                        ay2 = dy
                sx += 1
        sy += 1
    if ax2 >= 0:
        dest._touch(ax1, ay1, ax2 + 1, ay2 + 1)


def replace_color(dest, old, new):
    """``bitmaptools.replace_color``."""
    y = 0
    while y < dest.height:
        x = 0
        while x < dest.width:
            if dest.get(x, y) == old:
                dest.set(x, y, new)
            x += 1
        y += 1


def readinto(bitmap, file, bits_per_pixel, element_size=1, reverse_pixels_in_element=False,
             swap_bytes_in_element=False, reverse_rows=False):
    """``bitmaptools.readinto`` for 1, 2, 4 and 8 bits a pixel (shared-module/bitmaptools's
    loop): rows of whole elements, their bytes swapped if asked, then a byte's first pixel in
    its low bits unless ``reverse_pixels_in_element``."""
    if bits_per_pixel not in (1, 2, 4, 8) or element_size not in (1, 2, 4):
        raise NotImplementedError("readinto: 1, 2, 4 or 8 bits a pixel, elements of 1, 2 or 4 bytes")
    per = 8 // bits_per_pixel
    mask = (1 << bits_per_pixel) - 1
    bits = element_size * 8
    row_bytes = element_size * ((bitmap.width * bits_per_pixel + bits - 1) // bits)
    y = 0
    while y < bitmap.height:
        row = bytearray(file.read(row_bytes))
        if len(row) != row_bytes:
            raise EOFError()
        if swap_bytes_in_element and element_size > 1:
            for e in range(0, row_bytes, element_size):
                row[e:e + element_size] = row[e:e + element_size][::-1]
        ty = bitmap.height - 1 - y if reverse_rows else y
        x = 0
        while x < bitmap.width:
            k = x % per
            if reverse_pixels_in_element:
                k = per - 1 - k
            bitmap[x, ty] = (row[x // per] >> (k * bits_per_pixel)) & mask  # (any displayio's Bitmap)
            x += 1
        y += 1


# -- Palette --------------------------------------------------------------------------------


def rgb565(colour):
    """0xRRGGBB -> RGB565."""
    return ((colour >> 8) & 0xF800) | ((colour >> 5) & 0x07E0) | ((colour >> 3) & 0x001F)


def mono(colour):
    """0xRRGGBB -> 0xFFFF (lit) or 0 on a 1-bit screen: displayio's luma >= 128."""
    r = (colour >> 16) & 255
    g = (colour >> 8) & 255
    b = colour & 255
    return 0xFFFF if (r * 19 + g * 182 + b * 54) // 255 >= 128 else 0


class Palette:
    """``color_count`` colours (0xRRGGBB); each can be made transparent."""

    def __init__(self, color_count, *, dither=False):
        self._colours = array("l", [0] * color_count)
        self._rgb565 = array("H", [0] * color_count)
        self._mono = array("H", [0] * color_count)
        self._transparent = bytearray(color_count)
        self._dirty = False
        self.dither = dither

    def __len__(self):
        return len(self._colours)

    def __getitem__(self, i):
        return self._colours[i]

    def __setitem__(self, i, colour):
        if not isinstance(colour, int):  # (r, g, b) or bytes
            colour = (colour[0] << 16) | (colour[1] << 8) | colour[2]
        colour &= 0xFFFFFF
        if self._colours[i] != colour:
            self._colours[i] = colour
            self._rgb565[i] = rgb565(colour)
            self._mono[i] = mono(colour)
            self._dirty = True
            _changed()

    def make_transparent(self, i):
        if not self._transparent[i]:
            self._transparent[i] = 1
            self._dirty = True
            _changed()

    def make_opaque(self, i):
        if self._transparent[i]:
            self._transparent[i] = 0
            self._dirty = True
            _changed()

    def is_transparent(self, i):
        return self._transparent[i] == 1


# -- TileGrid and Group ---------------------------------------------------------------------


class TileGrid:
    """``width`` x ``height`` tiles of ``tile_width`` x ``tile_height`` pixels from ``bitmap``."""

    _group = False

    def __init__(self, bitmap, *, pixel_shader, width=1, height=1, tile_width=None,
                 tile_height=None, default_tile=0, x=0, y=0):
        tw = bitmap.width if tile_width is None else tile_width
        th = bitmap.height if tile_height is None else tile_height
        if tw < 1 or th < 1 or bitmap.width % tw or bitmap.height % th:
            raise ValueError("tile size must divide the bitmap")
        self._bitmap = bitmap
        self._shader = pixel_shader
        self._width = width
        self._height = height
        self._tw = tw
        self._th = th
        self._per_row = bitmap.width // tw
        n_tiles = self._per_row * (bitmap.height // th)
        self._tiles = bytearray(width * height) if n_tiles <= 256 else array("H", [0] * (width * height))
        if default_tile:
            for i in range(width * height):
                self._tiles[i] = default_tile
        self._x = x
        self._y = y
        self._hidden = False
        self._tdirty = False  # changed tiles since the last refresh, in tile units
        self._tx1 = 0
        self._ty1 = 0
        self._tx2 = 0
        self._ty2 = 0
        self._shown = False  # what the last refresh drew: shown or not, and where
        self._ax1 = 0
        self._ay1 = 0
        self._ax2 = 0
        self._ay2 = 0

    @property
    def bitmap(self):
        return self._bitmap

    @property
    def pixel_shader(self):
        return self._shader

    @pixel_shader.setter
    def pixel_shader(self, shader):
        self._shader = shader
        self._touch_all()
        _changed()

    @property
    def width(self):
        return self._width

    @property
    def height(self):
        return self._height

    @property
    def tile_width(self):
        return self._tw

    @property
    def tile_height(self):
        return self._th

    @property
    def x(self):
        return self._x

    @x.setter
    def x(self, value):
        if value != self._x:
            self._x = value
            _changed()

    @property
    def y(self):
        return self._y

    @y.setter
    def y(self, value):
        if value != self._y:
            self._y = value
            _changed()

    @property
    def hidden(self):
        return self._hidden

    @hidden.setter
    def hidden(self, value):
        value = bool(value)
        if value != self._hidden:
            self._hidden = value
            _changed()

    def _index(self, index):
        if isinstance(index, tuple):
            return index[1] * self._width + index[0]
        return index

    def __getitem__(self, index):
        return self._tiles[self._index(index)]

    def __setitem__(self, index, tile):
        i = self._index(index)
        if self._tiles[i] == tile:
            return
        self._tiles[i] = tile
        ty = i // self._width
        tx = i - ty * self._width
        if not self._tdirty:
            _CHANGES[0] = (_CHANGES[0] + 1) & _WRAP
            self._tdirty = True
            self._tx1 = tx
            self._ty1 = ty
            self._tx2 = tx + 1
            self._ty2 = ty + 1
            return
        if tx < self._tx1:
            self._tx1 = tx
        if ty < self._ty1:
            self._ty1 = ty
        if tx >= self._tx2:
            self._tx2 = tx + 1
        if ty >= self._ty2:
            self._ty2 = ty + 1

    def _touch_all(self):
        _CHANGES[0] = (_CHANGES[0] + 1) & _WRAP
        self._tdirty = True
        self._tx1 = 0
        self._ty1 = 0
        self._tx2 = self._width
        self._ty2 = self._height


class Group:
    """Children drawn in order (later ones on top), offset by (x, y) and magnified by ``scale``."""

    _group = True

    def __init__(self, *, scale=1, x=0, y=0):
        self._items = []
        self._scale = scale
        self._x = x
        self._y = y
        self._hidden = False

    def _changed(self):
        _TREE[0] += 1

    def append(self, layer):
        self._items.append(layer)
        self._changed()

    def insert(self, index, layer):
        self._items.insert(index, layer)
        self._changed()

    def remove(self, layer):
        self._items.remove(layer)
        self._changed()

    def pop(self, i=-1):
        item = self._items.pop(i)
        self._changed()
        return item

    def index(self, layer):
        return self._items.index(layer)

    def __len__(self):
        return len(self._items)

    def __getitem__(self, i):
        return self._items[i]

    def __setitem__(self, i, layer):
        self._items[i] = layer
        self._changed()

    def __delitem__(self, i):
        del self._items[i]
        self._changed()

    def __contains__(self, layer):
        return layer in self._items

    def __iter__(self):
        return iter(self._items)

    @property
    def scale(self):
        return self._scale

    @scale.setter
    def scale(self, value):
        if value != self._scale:
            self._scale = value
            _changed()

    @property
    def x(self):
        return self._x

    @x.setter
    def x(self, value):
        if value != self._x:
            self._x = value
            _changed()

    @property
    def y(self):
        return self._y

    @y.setter
    def y(self, value):
        if value != self._y:
            self._y = value
            _changed()

    @property
    def hidden(self):
        return self._hidden

    @hidden.setter
    def hidden(self, value):
        value = bool(value)
        if value != self._hidden:
            self._hidden = value
            _changed()


# -- fonts ----------------------------------------------------------------------------------


class Glyph:
    """``fontio.Glyph``."""

    def __init__(self, bitmap, tile_index, width, height, dx, dy, shift_x, shift_y):
        self.bitmap = bitmap
        self.tile_index = tile_index
        self.width = width
        self.height = height
        self.dx = dx
        self.dy = dy
        self.shift_x = shift_x
        self.shift_y = shift_y


class BuiltinFont:
    """``terminalio.FONT``: printable ASCII in one row of 6x12 tiles (``bitmap``).

    On a board the font lives in flash; here its bitmap is built in RAM on first use
    (``tools/memory/board_memory.py`` counts it as the double's own overhead)."""

    def __init__(self, rows):
        self._rows = rows
        self._bitmap = None

    @property
    def bitmap(self):
        if self._bitmap is None:
            n = _LAST - _FIRST + 1
            bmp = Bitmap(_GLYPH_W * n, _GLYPH_H, 2)
            rows = self._rows
            for g in range(n):
                for y in range(_GLYPH_H):
                    bits = rows[g * _GLYPH_H + y]
                    for x in range(_GLYPH_W):
                        if (bits >> (_GLYPH_W - 1 - x)) & 1:
                            bmp.set(g * _GLYPH_W + x, y, 1)
            bmp._dirty = False
            self._bitmap = bmp
        return self._bitmap

    def get_bounding_box(self):
        return (_GLYPH_W, _GLYPH_H)

    def get_glyph(self, codepoint):
        if codepoint < _FIRST or codepoint > _LAST:
            return None
        return Glyph(self.bitmap, codepoint - _FIRST, _GLYPH_W, _GLYPH_H, 0, -2, _GLYPH_W, 0)


# ter-u12n (the font CircuitPython's terminalio.FONT and Blinka use), rows of 6 bits per glyph,
# ASCII 32..126, 12 rows each.
_FONT_ROWS = (
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x08\x08\x08\x08\x08\x00\x08\x08\x00\x00"
    b"\x00\x14\x14\x14\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x14\x14\x3e\x14\x14\x3e\x14\x14\x00\x00"
    b"\x00\x00\x08\x1c\x2a\x28\x1c\x0a\x2a\x1c\x08\x00\x00\x00\x12\x2a\x14\x04\x08\x0a\x15\x12\x00\x00"
    b"\x00\x00\x08\x14\x14\x08\x1a\x24\x24\x1a\x00\x00\x00\x08\x08\x08\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\x00\x00\x04\x08\x10\x10\x10\x10\x08\x04\x00\x00\x00\x00\x10\x08\x04\x04\x04\x04\x08\x10\x00\x00"
    b"\x00\x00\x00\x00\x14\x08\x3e\x08\x14\x00\x00\x00\x00\x00\x00\x00\x08\x08\x3e\x08\x08\x00\x00\x00"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x08\x08\x10\x00\x00\x00\x00\x00\x00\x00\x3e\x00\x00\x00\x00\x00"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x08\x08\x00\x00\x00\x00\x02\x02\x04\x04\x08\x08\x10\x10\x00\x00"
    b"\x00\x00\x1c\x22\x26\x2a\x32\x22\x22\x1c\x00\x00\x00\x00\x08\x18\x08\x08\x08\x08\x08\x1c\x00\x00"
    b"\x00\x00\x1c\x22\x22\x02\x04\x08\x10\x3e\x00\x00\x00\x00\x1c\x22\x02\x0c\x02\x02\x22\x1c\x00\x00"
    b"\x00\x00\x02\x06\x0a\x12\x22\x3e\x02\x02\x00\x00\x00\x00\x3e\x20\x20\x3c\x02\x02\x22\x1c\x00\x00"
    b"\x00\x00\x1c\x20\x20\x3c\x22\x22\x22\x1c\x00\x00\x00\x00\x3e\x02\x02\x04\x04\x08\x08\x08\x00\x00"
    b"\x00\x00\x1c\x22\x22\x1c\x22\x22\x22\x1c\x00\x00\x00\x00\x1c\x22\x22\x22\x1e\x02\x02\x1c\x00\x00"
    b"\x00\x00\x00\x00\x08\x08\x00\x00\x08\x08\x00\x00\x00\x00\x00\x00\x08\x08\x00\x00\x08\x08\x10\x00"
    b"\x00\x00\x00\x02\x04\x08\x10\x08\x04\x02\x00\x00\x00\x00\x00\x00\x3e\x00\x00\x3e\x00\x00\x00\x00"
    b"\x00\x00\x00\x10\x08\x04\x02\x04\x08\x10\x00\x00\x00\x00\x1c\x22\x22\x04\x08\x00\x08\x08\x00\x00"
    b"\x00\x00\x1c\x22\x26\x2a\x2a\x26\x20\x1e\x00\x00\x00\x00\x1c\x22\x22\x22\x3e\x22\x22\x22\x00\x00"
    b"\x00\x00\x3c\x22\x22\x3c\x22\x22\x22\x3c\x00\x00\x00\x00\x1c\x22\x20\x20\x20\x20\x22\x1c\x00\x00"
    b"\x00\x00\x38\x24\x22\x22\x22\x22\x24\x38\x00\x00\x00\x00\x3e\x20\x20\x3c\x20\x20\x20\x3e\x00\x00"
    b"\x00\x00\x3e\x20\x20\x3c\x20\x20\x20\x20\x00\x00\x00\x00\x1c\x22\x20\x20\x2e\x22\x22\x1c\x00\x00"
    b"\x00\x00\x22\x22\x22\x3e\x22\x22\x22\x22\x00\x00\x00\x00\x1c\x08\x08\x08\x08\x08\x08\x1c\x00\x00"
    b"\x00\x00\x0e\x04\x04\x04\x04\x24\x24\x18\x00\x00\x00\x00\x22\x24\x28\x30\x30\x28\x24\x22\x00\x00"
    b"\x00\x00\x20\x20\x20\x20\x20\x20\x20\x3e\x00\x00\x00\x00\x22\x36\x2a\x2a\x22\x22\x22\x22\x00\x00"
    b"\x00\x00\x22\x22\x32\x2a\x26\x22\x22\x22\x00\x00\x00\x00\x1c\x22\x22\x22\x22\x22\x22\x1c\x00\x00"
    b"\x00\x00\x3c\x22\x22\x22\x3c\x20\x20\x20\x00\x00\x00\x00\x1c\x22\x22\x22\x22\x22\x2a\x1c\x02\x00"
    b"\x00\x00\x3c\x22\x22\x22\x3c\x28\x24\x22\x00\x00\x00\x00\x1c\x22\x20\x1c\x02\x02\x22\x1c\x00\x00"
    b"\x00\x00\x3e\x08\x08\x08\x08\x08\x08\x08\x00\x00\x00\x00\x22\x22\x22\x22\x22\x22\x22\x1c\x00\x00"
    b"\x00\x00\x22\x22\x22\x14\x14\x14\x08\x08\x00\x00\x00\x00\x22\x22\x22\x22\x2a\x2a\x36\x22\x00\x00"
    b"\x00\x00\x22\x22\x14\x08\x08\x14\x22\x22\x00\x00\x00\x00\x22\x22\x14\x14\x08\x08\x08\x08\x00\x00"
    b"\x00\x00\x3e\x02\x04\x08\x10\x20\x20\x3e\x00\x00\x00\x00\x1c\x10\x10\x10\x10\x10\x10\x1c\x00\x00"
    b"\x00\x00\x10\x10\x08\x08\x04\x04\x02\x02\x00\x00\x00\x00\x1c\x04\x04\x04\x04\x04\x04\x1c\x00\x00"
    b"\x00\x08\x14\x22\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x3e\x00"
    b"\x10\x08\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x1c\x02\x1e\x22\x22\x1e\x00\x00"
    b"\x00\x00\x20\x20\x3c\x22\x22\x22\x22\x3c\x00\x00\x00\x00\x00\x00\x1c\x22\x20\x20\x22\x1c\x00\x00"
    b"\x00\x00\x02\x02\x1e\x22\x22\x22\x22\x1e\x00\x00\x00\x00\x00\x00\x1c\x22\x3e\x20\x20\x1e\x00\x00"
    b"\x00\x00\x06\x08\x1c\x08\x08\x08\x08\x08\x00\x00\x00\x00\x00\x00\x1e\x22\x22\x22\x22\x1e\x02\x1c"
    b"\x00\x00\x20\x20\x3c\x22\x22\x22\x22\x22\x00\x00\x00\x08\x08\x00\x18\x08\x08\x08\x08\x1c\x00\x00"
    b"\x00\x02\x02\x00\x06\x02\x02\x02\x02\x02\x12\x0c\x00\x00\x10\x10\x12\x14\x18\x18\x14\x12\x00\x00"
    b"\x00\x00\x18\x08\x08\x08\x08\x08\x08\x1c\x00\x00\x00\x00\x00\x00\x3c\x2a\x2a\x2a\x2a\x2a\x00\x00"
    b"\x00\x00\x00\x00\x3c\x22\x22\x22\x22\x22\x00\x00\x00\x00\x00\x00\x1c\x22\x22\x22\x22\x1c\x00\x00"
    b"\x00\x00\x00\x00\x3c\x22\x22\x22\x22\x3c\x20\x20\x00\x00\x00\x00\x1e\x22\x22\x22\x22\x1e\x02\x02"
    b"\x00\x00\x00\x00\x2e\x30\x20\x20\x20\x20\x00\x00\x00\x00\x00\x00\x1e\x20\x1c\x02\x02\x3c\x00\x00"
    b"\x00\x00\x08\x08\x1c\x08\x08\x08\x08\x06\x00\x00\x00\x00\x00\x00\x22\x22\x22\x22\x22\x1e\x00\x00"
    b"\x00\x00\x00\x00\x22\x22\x14\x14\x08\x08\x00\x00\x00\x00\x00\x00\x22\x22\x2a\x2a\x2a\x1c\x00\x00"
    b"\x00\x00\x00\x00\x22\x14\x08\x08\x14\x22\x00\x00\x00\x00\x00\x00\x22\x22\x22\x22\x22\x1e\x02\x1c"
    b"\x00\x00\x00\x00\x3e\x04\x08\x10\x20\x3e\x00\x00\x00\x00\x06\x08\x08\x10\x08\x08\x08\x06\x00\x00"
    b"\x00\x00\x08\x08\x08\x08\x08\x08\x08\x08\x00\x00\x00\x00\x18\x04\x04\x02\x04\x04\x04\x18\x00\x00"
    b"\x00\x12\x2a\x24\x00\x00\x00\x00\x00\x00\x00\x00"
)
FONT = BuiltinFont(_FONT_ROWS)


# -- CRC-32 (zlib's) in two 16-bit halves: no big ints on 32-bit ports -----------------------

_CRC_LO = array("H", [0] * 256)
_CRC_HI = array("H", [0] * 256)


def _crc_tables():
    for n in range(256):
        lo = n
        hi = 0
        for _ in range(8):
            carry = lo & 1
            lo = (lo >> 1) | ((hi & 1) << 15)
            hi >>= 1
            if carry:
                lo ^= 0x8320
                hi ^= 0xEDB8
        _CRC_LO[n] = lo
        _CRC_HI[n] = hi


_crc_tables()


def crc_update(state, buf, start, end):
    """Feed ``buf[start:end]`` into ``state`` (array('H', [lo, hi]), starts at 0xFFFF, 0xFFFF)."""
    lo = state[0]
    hi = state[1]
    tlo = _CRC_LO
    thi = _CRC_HI
    i = start
    while i < end:
        k = (lo ^ buf[i]) & 255
        lo = ((lo >> 8) | ((hi & 255) << 8)) ^ tlo[k]
        hi = (hi >> 8) ^ thi[k]
        i += 1
    state[0] = lo
    state[1] = hi


def crc_value(state):
    """The CRC-32 of what ``state`` was fed (an int; may be a big int)."""
    return ((state[1] ^ 0xFFFF) << 16) | (state[0] ^ 0xFFFF)


# -- the display ----------------------------------------------------------------------------


class FrameBufferDisplay:
    """A display that composes its ``root_group`` into an RGB565 frame (``frame``: two bytes
    per pixel, high byte first, row-major) on ``refresh()``, redrawing only what changed.

    ``dirty`` / ``dirty_count``: the rectangles (x1, y1, x2, y2; x2/y2 exclusive) the last
    refresh composed, four ``h`` entries each. ``refresh_count``, ``pixels_drawn`` (all
    refreshes). ``colour`` False: a 1-bit screen (colours become black or white by luma).
    ``keep_frame`` False: no frame, as on a board; each dirty area is composed a band of rows
    at a time and fed to a running CRC (``stream_checksum()``).

    ``composer``: None, or a callable that ``refresh()`` gives the display to once it has
    found the dirty rectangles; it must compose them into ``frame`` exactly as ``_compose``
    would (the web page's JavaScript does: ``sim/web.py`` ``Scene``)."""

    composer = None  # a class attribute: a board's double carries no field for it

    def __init__(self, width, height, colour=True, keep_frame=True):
        self.width = width
        self.height = height
        self.colour = colour
        self.keep_frame = keep_frame
        self.auto_refresh = False
        self.brightness = 1.0
        self.rotation = 0
        self.frame = bytearray(width * height * 2) if keep_frame else None
        self._band_pixels = BAND_PIXELS if BAND_PIXELS >= width else width
        self._band = None if keep_frame else bytearray(self._band_pixels * 2)
        self.dirty = array("h", [0] * (4 * MAX_RECTS))
        self.dirty_count = 0
        self.refresh_count = 0
        self.pixels_drawn = 0
        self._root = None
        self._full = True
        self._tree = -1
        self._seen = -1  # _CHANGES at the last refresh
        self._run = bytearray(2 * _RUN)  # _RUN pixels of one colour, copied by slice
        self._run_colour = -1
        self._stream = array("H", [0xFFFF, 0xFFFF])
        self._crc = array("H", [0xFFFF, 0xFFFF])

    @property
    def root_group(self):
        return self._root

    @root_group.setter
    def root_group(self, group):
        self._root = group
        self._full = True

    def show(self, group):  # CircuitPython 8
        self.root_group = group

    # -- refresh ----------------------------------------------------------------------------
    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        """Compose what changed since the last refresh. Returns True."""
        self.dirty_count = 0
        root = self._root
        if root is None:
            return True
        force = self._full or self._tree != _TREE[0]
        if not force and self._seen == _CHANGES[0]:
            self.refresh_count += 1  # nothing changed anywhere since the last refresh
            return True
        if force:
            self._full = False
            self._tree = _TREE[0]
            self._add(0, 0, self.width, self.height)
        self._walk(root, 0, 0, 1, not root._hidden, force)
        self._clean(root)
        self._seen = _CHANGES[0]
        if self.composer is not None:  # the web page composes the scene itself (sim/web.py)
            if self.dirty_count:
                self.pixels_drawn += self.dirty_pixels()
                self.composer(self)
            self.refresh_count += 1
            return True
        i = 0
        while i < self.dirty_count:
            d = self.dirty
            self._compose(d[4 * i], d[4 * i + 1], d[4 * i + 2], d[4 * i + 3])
            i += 1
        self.refresh_count += 1
        return True

    def _add(self, x1, y1, x2, y2):
        if x1 < 0:
            x1 = 0
        if y1 < 0:
            y1 = 0
        if x2 > self.width:
            x2 = self.width
        if y2 > self.height:
            y2 = self.height
        if x2 <= x1 or y2 <= y1:
            return
        d = self.dirty
        n = self.dirty_count
        i = 0
        while i < n:  # already covered
            j = 4 * i
            if d[j] <= x1 and d[j + 1] <= y1 and d[j + 2] >= x2 and d[j + 3] >= y2:
                return
            i += 1
        if n == MAX_RECTS:  # full: grow the last one
            j = 4 * (n - 1)
            if x1 < d[j]:
                d[j] = x1
            if y1 < d[j + 1]:
                d[j + 1] = y1
            if x2 > d[j + 2]:
                d[j + 2] = x2
            if y2 > d[j + 3]:
                d[j + 3] = y2
            return
        j = 4 * n
        d[j] = x1
        d[j + 1] = y1
        d[j + 2] = x2
        d[j + 3] = y2
        self.dirty_count = n + 1

    def _walk(self, group, ox, oy, scale, visible, force):
        """Find what changed: compare each TileGrid with what the last refresh drew."""
        for item in group._items:
            ix = ox + item._x * scale
            iy = oy + item._y * scale
            vis = visible and not item._hidden
            if item._group:
                self._walk(item, ix, iy, scale * item._scale, vis, force)
            else:
                self._visit(item, ix, iy, scale, vis, force)

    def _visit(self, tg, ax, ay, s, vis, force):
        tw = tg._tw * s
        th = tg._th * s
        ax2 = ax + tg._width * tw
        ay2 = ay + tg._height * th
        if not force:
            bmp = tg._bitmap
            if (vis != tg._shown or ax != tg._ax1 or ay != tg._ay1 or ax2 != tg._ax2
                    or ay2 != tg._ay2 or (vis and tg._shader._dirty)):
                if tg._shown:
                    self._add(tg._ax1, tg._ay1, tg._ax2, tg._ay2)
                if vis:
                    self._add(ax, ay, ax2, ay2)
            elif vis:
                if tg._tdirty:
                    self._add(ax + tg._tx1 * tw, ay + tg._ty1 * th, ax + tg._tx2 * tw,
                              ay + tg._ty2 * th)
                if bmp._dirty:
                    if tg._width == 1 and tg._height == 1 and tg._th == bmp.height and tg._per_row == 1:
                        self._add(ax + bmp._dx1 * s, ay + bmp._dy1 * s, ax + bmp._dx2 * s,
                                  ay + bmp._dy2 * s)
                    else:
                        self._add(ax, ay, ax2, ay2)
        tg._tdirty = False
        tg._shown = vis
        tg._ax1 = ax
        tg._ay1 = ay
        tg._ax2 = ax2
        tg._ay2 = ay2

    def _clean(self, group):
        for item in group._items:
            if item._group:
                self._clean(item)
            else:
                item._bitmap._dirty = False
                item._shader._dirty = False

    # -- composing --------------------------------------------------------------------------
    def _compose(self, x1, y1, x2, y2):
        self.pixels_drawn += (x2 - x1) * (y2 - y1)
        if self.keep_frame:
            if not self._covered(x1, y1, x2, y2):
                self._clear(self.frame, x1, y1, x2, y2, 0, 0, self.width)
            self._paint(self._root, 0, 0, 1, x1, y1, x2, y2, self.frame, 0, 0, self.width)
            return
        w = x2 - x1
        rows = self._band_pixels // w
        band = self._band
        y = y1
        while y < y2:
            yb = y + rows
            if yb > y2:
                yb = y2
            if not self._covered(x1, y, x2, yb):
                self._clear(band, x1, y, x2, yb, x1, y, w)
            self._paint(self._root, 0, 0, 1, x1, y, x2, yb, band, x1, y, w)
            crc_update(self._stream, band, 0, w * (yb - y) * 2)
            y = yb

    def _covered(self, x1, y1, x2, y2):
        """True when the scene's first layer is a plain opaque background over the whole area
        (it paints every pixel first, so clearing the area first changes nothing)."""
        root = self._root
        if root._hidden or root._scale != 1 or not root._items:
            return False
        tg = root._items[0]
        if tg._group or tg._hidden or tg._bitmap.value_count != 1 or tg._shader._transparent[0]:
            return False
        ax = root._x + tg._x
        ay = root._y + tg._y
        return (ax <= x1 and ay <= y1 and ax + tg._width * tg._tw >= x2
                and ay + tg._height * tg._th >= y2)

    @staticmethod
    def _clear(buf, x1, y1, x2, y2, bx, by, stride):
        y = y1
        while y < y2:
            o = ((y - by) * stride + (x1 - bx)) * 2
            end = o + (x2 - x1) * 2
            while o + 2 * _RUN <= end:
                buf[o:o + 2 * _RUN] = _ZEROS
                o += 2 * _RUN
            while o < end:
                buf[o] = 0
                o += 1
            y += 1

    def _paint(self, group, ox, oy, scale, x1, y1, x2, y2, buf, bx, by, stride):
        for item in group._items:
            if item._hidden:
                continue
            ix = ox + item._x * scale
            iy = oy + item._y * scale
            if item._group:
                self._paint(item, ix, iy, scale * item._scale, x1, y1, x2, y2, buf, bx, by, stride)
            else:
                self._paint_tiles(item, ix, iy, scale, x1, y1, x2, y2, buf, bx, by, stride)

    def _paint_tiles(self, tg, ix, iy, s, x1, y1, x2, y2, buf, bx, by, stride):
        tw = tg._tw
        th = tg._th
        cx1 = ix if ix > x1 else x1
        cy1 = iy if iy > y1 else y1
        cx2 = ix + tg._width * tw * s
        cy2 = iy + tg._height * th * s
        if cx2 > x2:
            cx2 = x2
        if cy2 > y2:
            cy2 = y2
        if cx1 >= cx2 or cy1 >= cy2:
            return
        bmp = tg._bitmap
        data = bmp._data
        bstride = bmp._stride
        bits = bmp.bits_per_value
        mask = bmp._mask
        pal = tg._shader
        colours = pal._rgb565 if self.colour else pal._mono
        transparent = pal._transparent
        gw = tg._width
        per_row = tg._per_row
        tiles = tg._tiles
        tws = tw * s  # a tile's width on the screen
        solid = bmp.value_count == 1  # every pixel is value 0 (a plain background)
        sy = cy1
        while sy < cy2:
            ly = (sy - iy) // s
            trow = ly // th
            rowbase = trow * gw
            py = ly - trow * th
            o = ((sy - by) * stride + (cx1 - bx)) * 2
            sx = cx1
            while sx < cx2:  # one run per tile: the tile's bitmap row is fixed along it
                rx = sx - ix
                tcol = rx // tws
                end = ix + (tcol + 1) * tws
                if end > cx2:
                    end = cx2
                n = end - sx  # screen pixels in this run
                sx = end
                if solid:
                    if transparent[0]:
                        o += 2 * n
                        continue
                    c = colours[0]
                    hi = c >> 8
                    lo = c & 255
                    if n >= _RUN:  # whole runs of one colour by slice (no allocation)
                        pat = self._run
                        if self._run_colour != c:
                            self._run_colour = c
                            j = 0
                            while j < 2 * _RUN:
                                pat[j] = hi
                                pat[j + 1] = lo
                                j += 2
                        while n >= _RUN:
                            buf[o:o + 2 * _RUN] = pat
                            o += 2 * _RUN
                            n -= _RUN
                    while n:
                        buf[o] = hi
                        buf[o + 1] = lo
                        o += 2
                        n -= 1
                    continue
                t = tiles[rowbase + tcol]
                tr = t // per_row
                inner = rx - tcol * tws  # screen pixels into the tile
                px = (t - tr * per_row) * tw + inner // s
                k = s - inner % s  # screen pixels left of the first bitmap pixel
                row = (tr * th + py) * bstride
                if bits == 1 and transparent[0]:  # text: skip a run over zero bytes at once
                    last = px + (n - k + s - 1) // s if n > k else px
                    b = row + (px >> 3)
                    b2 = row + (last >> 3)
                    while b <= b2 and not data[b]:
                        b += 1
                    if b > b2:
                        o += 2 * n
                        continue
                while n:
                    if bits == 1:
                        v = (data[row + (px >> 3)] >> (7 - (px & 7))) & 1
                    elif bits < 8:
                        bit = px * bits
                        v = (data[row + (bit >> 3)] >> (8 - bits - (bit & 7))) & mask
                    elif bits == 8:
                        v = data[row + px]
                    else:
                        v = bmp.get(px, tr * th + py)
                    if k > n:
                        k = n
                    n -= k
                    if transparent[v]:
                        o += 2 * k
                    else:
                        c = colours[v]
                        hi = c >> 8
                        lo = c & 255
                        while k:
                            buf[o] = hi
                            buf[o + 1] = lo
                            o += 2
                            k -= 1
                    k = s
                    px += 1
            sy += 1

    # -- reading ----------------------------------------------------------------------------
    def pixel(self, x, y):
        """RGB565 value of (x, y) in the frame (keep_frame only)."""
        o = (y * self.width + x) * 2
        return (self.frame[o] << 8) | self.frame[o + 1]

    def checksum(self):
        """CRC-32 of the whole frame (equal to ``zlib.crc32(display.frame)``); without a
        frame, the CRC of every band composed so far (``stream_checksum``)."""
        if not self.keep_frame:
            return self.stream_checksum()
        st = self._crc
        st[0] = 0xFFFF
        st[1] = 0xFFFF
        crc_update(st, self.frame, 0, len(self.frame))
        return crc_value(st)

    def stream_checksum(self):
        """CRC-32 of every pixel composed since start (keep_frame=False only)."""
        return crc_value(self._stream)

    def dirty_pixels(self):
        """Pixels the last refresh composed."""
        n = 0
        i = 0
        d = self.dirty
        while i < self.dirty_count:
            j = 4 * i
            n += (d[j + 2] - d[j]) * (d[j + 3] - d[j + 1])
            i += 1
        return n


# -- modules ---------------------------------------------------------------------------------


def release_displays():
    pass


CIRCUITPYTHON_TERMINAL = Group()  # the console's group (crash screen's last resort)


class _Module:
    """A stand-in module: a namespace in ``sys.modules``."""

    def __init__(self, name, attrs):
        self.__name__ = name
        for key in attrs:
            setattr(self, key, attrs[key])


class Installed:
    """What ``install()`` replaced; ``remove()`` puts it back."""

    def __init__(self, saved):
        self.saved = saved

    def remove(self):
        for name in self.saved:
            old = self.saved[name]
            if old is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = old
        self.saved = {}


def modules():
    """{name: stand-in module} for displayio, terminalio, fontio, bitmaptools."""
    return {
        "displayio": _Module("displayio", {
            "Bitmap": Bitmap, "Palette": Palette, "TileGrid": TileGrid, "Group": Group,
            "release_displays": release_displays, "CIRCUITPYTHON_TERMINAL": CIRCUITPYTHON_TERMINAL,
        }),
        "terminalio": _Module("terminalio", {"FONT": FONT}),
        # FontProtocol: only for annotations (adafruit_display_text's, evaluated on CPython;
        # CircuitPython's fontio has none at run time and the library's import of it is in a try)
        "fontio": _Module("fontio", {"BuiltinFont": BuiltinFont, "Glyph": Glyph, "FontProtocol": BuiltinFont}),
        "bitmaptools": _Module("bitmaptools", {
            "fill_region": fill_region, "blit": blit, "replace_color": replace_color, "readinto": readinto,
        }),
    }


def install():
    """Put the stand-in displayio, terminalio, fontio and bitmaptools into ``sys.modules``
    (before the first ``import displayio``), and ``__future__`` where the runtime has none
    (MicroPython; CircuitPython has one: Adafruit's libraries, adafruit_bitmap_font among them,
    start with ``from __future__ import annotations``). Returns an ``Installed`` with ``remove()``."""
    saved = {}
    mods = modules()
    try:
        import __future__  # noqa: F401
    except ImportError:
        mods["__future__"] = _Module("__future__", {"annotations": None})
    for name in mods:
        saved[name] = sys.modules.get(name)
        sys.modules[name] = mods[name]
    return Installed(saved)
