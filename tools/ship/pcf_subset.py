"""Cut a PCF bitmap font down to the characters a text needs (host tool, CPython).

    python tools/ship/pcf_subset.py IN.pcf OUT.pcf            # printable ASCII (32..126)

The rules reader's font (tools/ship/fetch_libs.py makes it) is Adobe Helvetica 8 pt at 75 dpi
from Debian's xfonts-75dpi, which holds all of ISO 8859-1: the reader writes only ASCII, so
the board gets those 95 glyphs. The output is an ordinary PCF (the layout FontForge's
"pcf-format" notes describe): the properties are copied, the metrics, bitmaps, encodings,
scalable widths and glyph names are those of the kept glyphs, and both accelerator tables
are computed again from them, so the font's bounding box (what adafruit_display_text spaces
lines by) is that of the kept glyphs: accented capitals no longer make every line taller.
Only big-endian (MSB-first) tables, 4-byte padded rows, are read and written: what
adafruit_bitmap_font's PCF reader accepts (bitmap format 0xE)."""

import struct
import sys

PROPERTIES = 1 << 0
ACCELERATORS = 1 << 1
METRICS = 1 << 2
BITMAPS = 1 << 3
INK_METRICS = 1 << 4
BDF_ENCODINGS = 1 << 5
SWIDTHS = 1 << 6
GLYPH_NAMES = 1 << 7
BDF_ACCELERATORS = 1 << 8

BYTE_MSB = 1 << 2
BIT_MSB = 1 << 3
COMPRESSED_METRICS = 0x100  # in a metrics table's format
ACCEL_W_INKBOUNDS = 0x100  # in an accelerator table's format
BIG = BYTE_MSB | BIT_MSB | 2  # MSB bytes and bits, rows padded to 4 bytes: 0xE
ASCII = tuple(range(32, 127))


class Font:
    """The glyphs of a PCF: per glyph (code, metrics (lsb, rsb, width, ascent, descent,
    attributes), bitmap bytes, scalable width, name), and the properties table as it was."""

    def __init__(self, glyphs, properties, ascent, descent):
        self.glyphs = glyphs
        self.properties = properties
        self.ascent = ascent
        self.descent = descent


def _tables(data):
    if data[:4] != b"\x01fcp":
        raise ValueError("not a PCF file")
    count = struct.unpack_from("<I", data, 4)[0]
    out = {}
    for i in range(count):
        kind, fmt, size, offset = struct.unpack_from("<IIII", data, 8 + 16 * i)
        if struct.unpack_from("<I", data, offset)[0] != fmt:
            raise ValueError("table %d: format does not match the table of contents" % kind)
        if kind != PROPERTIES and not fmt & BYTE_MSB:
            raise ValueError("table %d is little-endian: only MSB-first PCF is handled" % kind)
        out[kind] = (fmt, data[offset:offset + size])
    return out


def _metrics(fmt, body, at):
    """(metrics list, offset after) of the metrics records at ``at`` in ``body``."""
    if fmt & COMPRESSED_METRICS:
        count = struct.unpack_from(">H", body, at)[0]
        at += 2
        out = []
        for i in range(count):
            v = body[at + 5 * i:at + 5 * i + 5]
            out.append(tuple(b - 0x80 for b in v) + (0,))
        return out, at + 5 * count
    count = struct.unpack_from(">I", body, at)[0]
    at += 4
    return [struct.unpack_from(">5hH", body, at + 12 * i) for i in range(count)], at + 12 * count


def read(data):
    """A ``Font`` from the bytes of a PCF file."""
    t = _tables(data)
    fmt, body = t[METRICS]
    metrics, _ = _metrics(fmt, body, 4)
    fmt, body = t[BITMAPS]
    if fmt != BIG:
        raise ValueError("bitmap format 0x%x: only 0x%x (MSB, 4-byte rows) is handled" % (fmt, BIG))
    n = struct.unpack_from(">I", body, 4)[0]
    offsets = struct.unpack_from(">%dI" % n, body, 8)
    sizes = struct.unpack_from(">4I", body, 8 + 4 * n)
    start = 8 + 4 * n + 16
    if sizes[fmt & 3] > len(body) - start:
        raise ValueError("bitmap table shorter than its size")
    bitmaps = []
    for i in range(n):
        lsb, rsb, _w, up, down, _a = metrics[i]
        size = ((rsb - lsb + 31) // 32) * 4 * (up + down)
        bitmaps.append(body[start + offsets[i]:start + offsets[i] + size])
    fmt, body = t[BDF_ENCODINGS]
    min2, max2, min1, max1, _default = struct.unpack_from(">5h", body, 4)
    cols = max2 - min2 + 1
    count = cols * (max1 - min1 + 1)
    index = struct.unpack_from(">%dH" % count, body, 14)
    codes = {}
    for i, g in enumerate(index):
        if g != 0xFFFF:
            codes[g] = ((min1 + i // cols) << 8) | (min2 + i % cols)
    swidths = [0] * n
    if SWIDTHS in t:
        body = t[SWIDTHS][1]
        swidths = list(struct.unpack_from(">%di" % n, body, 8))
    names = [b""] * n
    if GLYPH_NAMES in t:
        body = t[GLYPH_NAMES][1]
        offs = struct.unpack_from(">%dI" % n, body, 8)
        strings = body[8 + 4 * n + 4:]
        names = [strings[o:strings.index(b"\0", o)] for o in offs]
    accel = t.get(BDF_ACCELERATORS) or t[ACCELERATORS]
    ascent, descent = struct.unpack_from(">ii", accel[1], 12)
    glyphs = []
    for g in range(n):
        if g in codes:
            glyphs.append((codes[g], tuple(metrics[g]), bytes(bitmaps[g]), swidths[g], names[g]))
    glyphs.sort()
    return Font(glyphs, t.get(PROPERTIES), ascent, descent)


def subset(font, codes=ASCII):
    """A ``Font`` with only the glyphs of ``codes`` that ``font`` has."""
    keep = set(codes)
    return Font([g for g in font.glyphs if g[0] in keep], font.properties, font.ascent, font.descent)


def _pad(b):
    return b + b"\0" * (-len(b) % 4)


def _metric(m):
    return struct.pack(">5hH", *m)


def _accelerators(font):
    ms = [g[1] for g in font.glyphs]
    widths = set(m[2] for m in ms)
    lo = tuple(min(m[k] for m in ms) for k in range(5)) + (0,)
    hi = tuple(max(m[k] for m in ms) for k in range(5)) + (0,)
    no_overlap = int(max(m[1] - m[2] for m in ms) <= min(m[0] for m in ms))
    ink_inside = int(all(m[0] >= 0 and m[1] <= m[2] and m[3] <= font.ascent and m[4] <= font.descent
                         for m in ms))
    flags = struct.pack(">8B", no_overlap, 0, 0, int(len(widths) == 1), ink_inside, 0, 0, 0)
    max_overlap = max(0, max(m[1] - m[2] for m in ms))
    body = flags + struct.pack(">iii", font.ascent, font.descent, max_overlap)
    body += _metric(lo) + _metric(hi) + _metric(lo) + _metric(hi)
    return BIG | ACCEL_W_INKBOUNDS, body


def write(font):
    """The bytes of a PCF file holding ``font``."""
    glyphs = font.glyphs
    n = len(glyphs)
    tables = []
    if font.properties is not None:
        tables.append((PROPERTIES, font.properties[0], font.properties[1][4:]))
    accel = _accelerators(font)
    tables.append((ACCELERATORS,) + accel)
    tables.append((METRICS, BIG, struct.pack(">I", n) + b"".join(_metric(g[1]) for g in glyphs)))
    offsets, blob = [], b""
    for g in glyphs:
        offsets.append(len(blob))
        blob += g[2]
    sizes = [len(blob) if k == 2 else 0 for k in range(4)]  # only the 4-byte-row size is kept
    tables.append((BITMAPS, BIG, struct.pack(">I", n) + struct.pack(">%dI" % n, *offsets)
                   + struct.pack(">4I", *sizes) + blob))
    codes = [g[0] for g in glyphs]
    min1, max1 = min(c >> 8 for c in codes), max(c >> 8 for c in codes)
    min2, max2 = min(c & 255 for c in codes), max(c & 255 for c in codes)
    cols = max2 - min2 + 1
    index = [0xFFFF] * (cols * (max1 - min1 + 1))
    for i, c in enumerate(codes):
        index[((c >> 8) - min1) * cols + (c & 255) - min2] = i
    default = 63 if 63 in codes else codes[0]  # "?"
    tables.append((BDF_ENCODINGS, BIG, struct.pack(">5h", min2, max2, min1, max1, default)
                   + struct.pack(">%dH" % len(index), *index)))
    tables.append((SWIDTHS, BIG, struct.pack(">I", n) + struct.pack(">%di" % n, *[g[3] for g in glyphs])))
    name_offsets, strings = [], b""
    for g in glyphs:
        name_offsets.append(len(strings))
        strings += g[4] + b"\0"
    tables.append((GLYPH_NAMES, BIG, struct.pack(">I", n) + struct.pack(">%dI" % n, *name_offsets)
                   + struct.pack(">I", len(strings)) + strings))
    tables.append((BDF_ACCELERATORS,) + accel)
    head = b"\x01fcp" + struct.pack("<I", len(tables))
    at = len(head) + 16 * len(tables)
    toc, bodies = b"", b""
    for kind, fmt, body in tables:
        table = _pad(struct.pack("<I", fmt) + body)
        toc += struct.pack("<IIII", kind, fmt, len(table), at)
        bodies += table
        at += len(table)
    return head + toc + bodies


def main(argv):
    if len(argv) != 2:
        raise SystemExit(__doc__.split("\n\n")[1])
    with open(argv[0], "rb") as f:
        font = subset(read(f.read()))
    data = write(font)
    with open(argv[1], "wb") as f:
        f.write(data)
    print("%s: %d glyphs, %d bytes" % (argv[1], len(font.glyphs), len(data)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
