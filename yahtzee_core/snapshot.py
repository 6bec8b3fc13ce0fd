"""Compact, complete snapshot of a game, bit-packed so a 4-seat game fits in about 31 bytes.

Layout (bits, little-endian within the byte stream), version 1:

    version 8 | variant 4 | joker 2 | duplicate 1 | autofill 1 | seats-1 2 | seat kinds 4x2 |
    over 1 | player 2 | round 5 | rolls used 2 | held 5 | cursor 5 (31 = none) | cursor shown 1 |
    dice 5x3 | [duplicate: this round's common dice 15x3] |
    per seat: Yahtzee-bonus count 4 | per box: code (0 = open, k = k-th possible score)

A box's code width is just enough for its possible scores (``RuleSet.possible_values``): 3 bits
for an upper box, 2 for a fixed-score box, 5 for a sum box. Writing is here (every save);
reading back is ``snapshot_reader.restore``, loaded only at start-up and at "Continue" (a board
unloads it again), which validates every field and the game's consistency first and only then
writes, so a corrupt snapshot changes nothing.
"""

from .compat import const
from .engine import MAX_SEATS, NO_BOX  # (the numbers, not the module: Defuse mode unloads it)
from .settings_record import Bits as _Bits  # the save's bit writer: one class for both

VERSION = const(1)
MAX_BYTES = const(64)  # enough for 4 seats x 16 boxes with duplicate play

OK = const(0)
E_TRUNCATED = const(1)
E_VERSION = const(2)
E_FIELD = const(3)
E_INCONSISTENT = const(4)

_NO_CURSOR = const(31)


def _width(n):
    w = 0
    while (1 << w) <= n:
        w += 1
    return w


def code_width(rs, box):
    """Bits used by ``box``'s code: enough for 0 (open) and every possible score."""
    return _width(len(rs.possible_values(box)))


def encode(game, buf=None):
    """Write ``game`` into ``buf`` (a bytearray of MAX_BYTES, made if omitted). Returns
    ``(buf, nbytes)``."""
    if buf is None:
        buf = bytearray(MAX_BYTES)
    return buf, encode_into(game, buf)


_WRITER = _Bits(bytearray(0))  # encode_into's, reused: a save after every box allocates nothing


def encode_into(game, buf):
    """Write ``game`` into the bytearray ``buf``; returns the bytes used. Allocates nothing."""
    rs = game.rules
    w = _WRITER
    w.reset(buf)
    w.put(VERSION, 8)
    w.put(rs.variant_id, 4)
    w.put(rs.joker, 2)
    w.put(1 if game.duplicate else 0, 1)
    w.put(1 if game.autofill else 0, 1)
    w.put(game.seats - 1, 2)
    for s in range(MAX_SEATS):
        w.put(game.seat_kind[s], 2)
    w.put(1 if game.over else 0, 1)
    w.put(game.player, 2)
    w.put(game.round, 5)
    w.put(game.rolls_used, 2)
    w.put(game.held, 5)
    w.put(_NO_CURSOR if game.cursor == NO_BOX else game.cursor, 5)
    w.put(1 if game.cursor_visible else 0, 1)
    for i in range(5):
        w.put(game.dice[i], 3)
    if game.duplicate:
        for i in range(len(game.round_dice)):
            w.put(game.round_dice[i], 3)
    for s in range(game.seats):
        w.put(game.bonus_count[s], 4)
        for b in range(rs.n_boxes):
            if game.is_filled(s, b):
                values = rs.possible_values(b)  # (bytes: no index() of an int on MicroPython)
                score = game.box_score(s, b)
                code = 1
                while values[code - 1] != score:
                    code += 1
            else:
                code = 0
            w.put(code, code_width(rs, b))
    w.flush()
    w.buf = None
    if w.overrun:
        raise ValueError("snapshot buffer too small")
    return w.i
