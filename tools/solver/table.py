"""The compact strategy table: one byte per reachable between-turn state.

Layout, index mapping and scaling are specified in docs/strategy_table.md. ``build_table``
(host, numpy) quantises solved values; ``read_value`` is the pure-Python reference reader that a
device engine's tests compare with (no numpy, integers only).
"""

import struct
import zlib

MAGIC = b"PYST"
VERSION = 1
UNITS = 128  # table values are integers in 1/128 point
HEADER = struct.Struct("<4sBBBBBBBBHHHHIII")  # 32 bytes
assert HEADER.size == 32


def rules_fingerprint(rs):
    """16-bit check of the rule data a table was solved from (stored in the header): CRC-32 of
    n_boxes, kinds, param_a, param_b, param_c, threshold, upper bonus, Yahtzee bonus (each one
    byte, bonuses as 2 bytes little-endian) and the Joker rule, low 16 bits."""
    data = bytearray([rs.n_boxes])
    data += bytes(rs.kinds) + bytes(rs.param_a) + bytes(rs.param_b) + bytes(rs.param_c)
    data += bytes([rs.upper_threshold & 0xFF, rs.upper_bonus & 0xFF, rs.upper_bonus >> 8,
                   rs.yahtzee_bonus & 0xFF, rs.yahtzee_bonus >> 8, rs.joker])
    return zlib.crc32(bytes(data)) & 0xFFFF


class Header:
    """Parsed header plus the offsets of every section (pure Python)."""

    def __init__(self, buf):
        (magic, version, variant, joker, n_boxes, n_upper, cap, ybox, yflag, units, n_blocks, block,
         rules_fp, data_len, expected, crc) = HEADER.unpack_from(buf, 0)
        if magic != MAGIC or version != VERSION:
            raise ValueError("not a strategy table (magic/version)")
        self.variant, self.joker, self.n_boxes, self.n_upper = variant, joker, n_boxes, n_upper
        self.cap, self.ybox, self.yflag, self.units = cap, ybox, yflag, units
        self.n_blocks, self.block, self.data_len, self.expected, self.crc = n_blocks, block, data_len, expected, crc
        self.rules_fp = rules_fp
        self.n_u = 1 << n_upper
        self.W = cap + 1
        self.n_lower = n_boxes - n_upper
        self.o_ustart = HEADER.size
        self.o_urank = self.o_ustart + 2 * self.n_u
        self.o_base = self.o_urank + self.n_u * self.W
        self.o_step = self.o_base + 2 * n_blocks * self.n_u
        self.o_data = self.o_step + n_blocks * self.n_u
        self.size = self.o_data + data_len
        if data_len != n_blocks * block or len(buf) < self.size:
            raise ValueError("strategy table truncated or inconsistent")


def block_of(h, mask, yahtzee50):
    """Block number of a state: the lower boxes' bits, then (Yahtzee box holds 50) a second
    range for the lower-box sets that contain the Yahtzee box, that bit squeezed out."""
    low = mask >> h.n_upper
    if h.yflag and yahtzee50:
        yl = h.ybox - h.n_upper
        if not (low >> yl) & 1:
            raise ValueError("yahtzee50 needs the Yahtzee box filled")
        return (1 << h.n_lower) + ((low & ((1 << yl) - 1)) | ((low >> (yl + 1)) << yl))
    return low


def locate(buf, mask, upper, yahtzee50, h=None):
    """(byte offset of the state's byte, index into base/step) — see docs/strategy_table.md."""
    if h is None:
        h = Header(buf)
    U = mask & (h.n_u - 1)
    u = upper if upper < h.cap else h.cap
    rank = buf[h.o_urank + U * h.W + u]
    if rank == 0xFF:
        raise ValueError("unreachable upper total for these boxes")
    blk = block_of(h, mask, yahtzee50)
    ustart = buf[h.o_ustart + 2 * U] | (buf[h.o_ustart + 2 * U + 1] << 8)
    return h.o_data + blk * h.block + ustart + rank, blk * h.n_u + U


def read_value(table_bytes, mask, upper, yahtzee50):
    """Expected points still to come from the start of a turn in state (mask, upper, yahtzee50),
    as an integer in 1/UNITS point (the de-quantised table value). Pure Python, integers only."""
    buf = table_bytes
    h = Header(buf)
    off, bi = locate(buf, mask, upper, yahtzee50, h)
    base = buf[h.o_base + 2 * bi] | (buf[h.o_base + 2 * bi + 1] << 8)
    step = buf[h.o_step + bi]
    return base + step * buf[off]


def matches_rules(table_bytes, rs):
    """True if the table was solved for exactly this rule set (variant, Joker rule, rule data)."""
    h = Header(table_bytes)
    return h.variant == rs.variant_id and h.joker == rs.joker and h.rules_fp == rules_fingerprint(rs)


def check_crc(table_bytes):
    h = Header(table_bytes)
    return (zlib.crc32(memoryview(table_bytes)[HEADER.size : h.size]) & 0xFFFFFFFF) == h.crc


# -- host side (numpy) --------------------------------------------------------------------


def _layout(model):
    import numpy as np

    rs = model.rs
    n_upper = bin(rs.upper_mask).count("1")
    if rs.upper_mask != (1 << n_upper) - 1:
        raise ValueError("table layout needs the upper boxes first")
    yflag = 1 if (model.ybox >= 0 and model.yahtzee_bonus) else 0
    if yflag and model.ybox < n_upper:
        raise ValueError("Yahtzee box must be a lower box")
    n_lower = model.n - n_upper
    n_u = 1 << n_upper
    W = model.W
    counts = [len(model.reach[U]) for U in range(n_u)]
    ustart = np.zeros(n_u, dtype=np.uint16)
    ustart[1:] = np.cumsum(counts)[:-1]
    block = int(sum(counts))
    urank = np.full((n_u, W), 0xFF, dtype=np.uint8)
    for U in range(n_u):
        urank[U, model.reach[U]] = np.arange(counts[U])
    n_blocks = (1 << n_lower) + ((1 << (n_lower - 1)) if yflag else 0)
    return n_upper, yflag, ustart, urank, block, n_blocks


def state_arrays(model):
    """(mask, y, u, block, data offset in the data section, base index) of every reachable state."""
    import numpy as np

    n_upper, yflag, ustart, urank, block, n_blocks = _layout(model)
    ms, ys, us = [], [], []
    for p in range(model.n + 1):
        mk, u, y = model.layer(p)
        ms.append(mk)
        us.append(u)
        ys.append(y)
    mask = np.concatenate(ms)
    u = np.concatenate(us)
    y = np.concatenate(ys)
    U = mask & ((1 << n_upper) - 1)
    low = mask >> n_upper
    blk = low.copy()
    if yflag:
        yl = model.ybox - n_upper
        sq = (low & ((1 << yl) - 1)) | ((low >> (yl + 1)) << yl)
        blk = np.where(y == 1, (1 << (model.n - n_upper)) + sq, low)
    off = blk * block + ustart[U].astype(np.int64) + urank[U, u].astype(np.int64)
    return mask, y, u, blk, off, blk * (1 << n_upper) + U


def build_table(model, V, expected=None):
    """Quantise solved values V (solver layout, points) into the table bytes."""
    import numpy as np

    rs = model.rs
    n_upper, yflag, ustart, urank, block, n_blocks = _layout(model)
    n_u = 1 << n_upper
    mask, y, u, blk, off, bi = state_arrays(model)
    vals = V[model.flat(mask, y, u)] * UNITS
    nb = n_blocks * n_u
    lo = np.full(nb, np.inf)
    hi = np.full(nb, -np.inf)
    np.minimum.at(lo, bi, vals)
    np.maximum.at(hi, bi, vals)
    used = np.isfinite(lo)
    base = np.zeros(nb, dtype=np.int64)
    step = np.ones(nb, dtype=np.int64)
    base[used] = np.floor(lo[used] + 0.5).astype(np.int64)
    # smallest step whose 256 levels reach the block's maximum
    step[used] = np.maximum(1, np.ceil((hi[used] - base[used]) / 255.0)).astype(np.int64)
    if base.max() > 0xFFFF or step.max() > 0xFF:
        raise ValueError("values out of the table's range")
    q = np.clip(np.floor((vals - base[bi]) / step[bi] + 0.5), 0, 255).astype(np.uint8)
    data = np.zeros(n_blocks * block, dtype=np.uint8)
    data[off] = q
    if len(np.unique(off)) != len(off):
        raise AssertionError("two states share a byte")
    if expected is None:
        expected = float(V[model.flat(0, 0, 0)])
    body = (
        ustart.astype("<u2").tobytes()
        + urank.tobytes()
        + base.astype("<u2").tobytes()
        + step.astype(np.uint8).tobytes()
        + data.tobytes()
    )
    crc = zlib.crc32(body) & 0xFFFFFFFF
    ybox = model.ybox if model.ybox >= 0 else 0xFF
    head = HEADER.pack(MAGIC, VERSION, rs.variant_id, model.joker, model.n, n_upper, model.cap, ybox, yflag,
                       UNITS, n_blocks, block, rules_fingerprint(rs), len(data), int(round(expected * UNITS)), crc)
    return head + body


def dequantised(model, table_bytes):
    """Dense int64 array in the solver's layout: the de-quantised value (1/UNITS point) of
    every reachable state, 0 elsewhere. Vectorised equivalent of ``read_value``."""
    import numpy as np

    h = Header(table_bytes)
    buf = np.frombuffer(table_bytes, dtype=np.uint8)
    base = buf[h.o_base : h.o_step].view("<u2").astype(np.int64)
    step = buf[h.o_step : h.o_data].astype(np.int64)
    data = buf[h.o_data : h.o_data + h.data_len].astype(np.int64)
    mask, y, u, blk, off, bi = state_arrays(model)
    Q = np.zeros((1 << model.n) * 2 * model.W, dtype=np.int64)
    Q[model.flat(mask, y, u)] = base[bi] + step[bi] * data[off]
    return Q
