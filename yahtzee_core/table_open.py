"""A strategy table's header read and checked, once, when ``strategy.TableValues`` is made.

Start-up code: ``TableValues.__init__`` unloads this module once the header is read, so a game
holds only the reader's rows, not the checks that opened it (as ``lattice_build.py``)."""

from .strategy import HEADER_SIZE, UNITS, _zeros
from . import save as _save  # its CRC-32 (a board holds save.py always)

MAGIC = b"PYST"
VERSION = 1


def rules_fingerprint(rs):
    """16-bit fingerprint of the rule data a table was solved from (as tools/solver/table.py)."""
    data = bytearray([rs.n_boxes])
    data.extend(rs.kinds)
    data.extend(rs.param_a)
    data.extend(rs.param_b)
    data.extend(rs.param_c)
    data.extend(bytes([rs.upper_threshold & 0xFF, rs.upper_bonus & 0xFF, rs.upper_bonus >> 8,
                       rs.yahtzee_bonus & 0xFF, rs.yahtzee_bonus >> 8, rs.joker]))
    crc = bytearray(4)
    _save.crc32_into(data, 0, len(data), crc, 0)
    return crc[0] | (crc[1] << 8)


def _u16(b, i):
    return b[i] | (b[i + 1] << 8)


def _u32(b, i):
    return b[i] | (b[i + 1] << 8) | (b[i + 2] << 16) | (b[i + 3] << 24)


def body_intact(src, values):
    """The table body's CRC-32 is the header's (read in pieces: a board cannot hold a table).
    True when the build has no ``binascii.crc32`` (the reader's range checks still hold)."""
    try:
        from binascii import crc32
    except ImportError:
        return True
    buf = bytearray(512)
    view = memoryview(buf)
    crc = 0
    offset = HEADER_SIZE
    while offset < values.size:
        n = src.read(offset, buf)
        if n <= 0:
            return False
        crc = crc32(view[:n], crc)
        offset += n
    return crc & 0xFFFFFFFF == values.crc


def fill(tv, source, rs, check_body=False):
    """Read and check ``source``'s header for rule set ``rs`` into ``tv`` (a
    ``strategy.TableValues``); ValueError when it is not a table for those rules. With
    ``check_body`` (a file's first use this power-on) ``tv.intact`` is whether its body's CRC-32
    is the header's; else True."""
    tv.source = source
    tv.rs = rs
    head = bytearray(HEADER_SIZE)
    if source.read(0, head) != HEADER_SIZE or bytes(head[0:4]) != MAGIC or head[4] != VERSION:
        raise ValueError("not a strategy table")
    n_upper = 0
    while (rs.upper_mask >> n_upper) & 1:
        n_upper += 1
    if (head[5] != rs.variant_id or head[6] != rs.joker or head[7] != rs.n_boxes or head[8] != n_upper
            or head[9] != rs.upper_threshold or _u16(head, 12) != UNITS
            or _u16(head, 18) != rules_fingerprint(rs)):
        raise ValueError("strategy table is for other rules")
    tv.n_upper = n_upper
    tv.n_lower = rs.n_boxes - n_upper
    tv.n_u = 1 << n_upper
    tv.cap = head[9]
    tv.W = tv.cap + 1
    tv.ybox = head[10]
    tv.yflag = head[11]
    if tv.yflag and not n_upper <= tv.ybox < rs.n_boxes:
        raise ValueError("strategy table inconsistent")
    tv.n_blocks = _u16(head, 14)
    tv.block = _u16(head, 16)
    tv.data_len = _u32(head, 20)
    tv.expected = _u32(head, 24)  # V(empty card) in units
    tv.crc = _u32(head, 28)  # CRC-32 of the body (hw/tables.py checks it before use)
    tv.o_ustart = HEADER_SIZE
    tv.o_urank = tv.o_ustart + 2 * tv.n_u
    tv.o_base = tv.o_urank + tv.n_u * tv.W
    tv.o_step = tv.o_base + 2 * tv.n_blocks * tv.n_u
    tv.o_data = tv.o_step + tv.n_blocks * tv.n_u
    tv.size = tv.o_data + tv.data_len
    if tv.data_len != tv.n_blocks * tv.block:
        raise ValueError("strategy table inconsistent")
    raw = bytearray(2 * tv.n_u)
    source.read(tv.o_ustart, raw)
    tv.ustart = _zeros("H", tv.n_u)
    for i in range(tv.n_u):
        tv.ustart[i] = _u16(raw, 2 * i)
    tv.urank = bytearray(tv.W)  # the urank row of upper-box set ``rank_u``
    last = tv.o_urank + (tv.n_u - 1) * tv.W
    if source.read(last, tv.urank) != tv.W:  # the last row: all of urank is there
        raise ValueError("strategy table truncated")
    tv.rank_u = tv.n_u - 1
    tv.base_row = bytearray(2 * tv.n_u)
    tv.step_row = bytearray(tv.n_u)
    tv.run = bytearray(tv.W)
    tv.row_block = -1
    tv.cur_base = 0
    tv.cur_step = 0
    tv.reads = 2
    tv.bytes_read = HEADER_SIZE + len(raw) + tv.W
    tv.intact = not check_body or tv.size != source.size or body_intact(source, tv)
