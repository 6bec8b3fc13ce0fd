"""Reading a game snapshot back (the format: ``snapshot.py``, which writes it). Loaded when the
store loads (start-up, ``slot_reader``) and when a saved game is continued; a board unloads it
again, so a game in progress does not hold it.

    err = restore(game, data)   # snapshot.OK, or an error code (then nothing changed)
"""

from .compat import const
from . import engine as _engine
from . import rules as _rules
from .snapshot import E_FIELD, E_INCONSISTENT, E_TRUNCATED, E_VERSION, OK, VERSION, code_width

_NO_CURSOR = const(31)  # snapshot.py's: no cursor

ERRORS = ("ok", "truncated", "unknown version", "bad field", "inconsistent game")


class _Reader:
    """Sequential bit reader over bytes."""

    def __init__(self, buf, nbytes):
        self.buf = buf
        self.limit = nbytes * 8
        self.pos = 0
        self.overrun = False

    def get(self, width):
        value = 0
        for i in range(width):
            if self.pos >= self.limit:
                self.overrun = True
                return 0
            if (self.buf[self.pos >> 3] >> (self.pos & 7)) & 1:
                value |= 1 << i
            self.pos += 1
        return value


def _popcount(x):
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


def restore(game, data):
    """Load a snapshot into ``game``. Returns OK or an error code; on error nothing changes."""
    err = _decode(game, data, False)
    if err == OK:
        _decode(game, data, True)
    return err


def restore_game(store, game, rng=None):
    """Load the game ``store`` (an ``NvmStore``) saved into ``game`` (and the dice state into
    ``rng`` when both were kept). True when done; False (nothing changed) when there is none.
    Its seats that asked for hints: ``store.records.coached``."""
    rec = store.records
    if not rec.game_len:
        return False
    if restore(game, bytes(rec.game[:rec.game_len])) != OK:
        return False  # cannot happen: load() validated it
    game.use_challenge(rec.challenge)
    if rng is not None and rec.has_rng() and hasattr(rng, "set_state"):
        rng.set_state((rec.rng[0], rec.rng[1], rec.rng[2]))
    return True


def _decode(game, data, apply):
    buf = data if isinstance(data, (bytes, bytearray)) else bytes(data)
    r = _Reader(buf, len(buf))
    if len(buf) < 1:
        return E_TRUNCATED
    if r.get(8) != VERSION:
        return E_VERSION
    variant = r.get(4)
    joker = r.get(2)
    if variant >= len(_rules.VARIANT_IDS):
        return E_FIELD
    if joker not in _rules.JOKERS[variant]:
        return E_FIELD
    rs = _rules.by_id(variant, joker)
    n = rs.n_boxes
    duplicate = r.get(1)
    autofill = r.get(1)
    seats = r.get(2) + 1
    kinds = 0
    for s in range(_engine.MAX_SEATS):
        k = r.get(2)
        if s >= seats and k:
            return E_FIELD
        kinds |= k << (2 * s)
    over = r.get(1)
    player = r.get(2)
    rnd = r.get(5)
    rolls = r.get(2)
    held = r.get(5)
    cursor = r.get(5)
    cursor_shown = r.get(1)
    dice_pos = r.pos
    for i in range(5):
        d = r.get(3)
        if (rolls == 0 and d != 0) or (rolls > 0 and (d < 1 or d > 6)):
            return E_FIELD
    dup_pos = r.pos
    if duplicate:
        for i in range(5 * _engine.ROLLS_PER_TURN):
            d = r.get(3)
            if d < 1 or d > 6:
                return E_FIELD
    if r.overrun:
        return E_TRUNCATED
    if player >= seats or rolls > _engine.ROLLS_PER_TURN:
        return E_FIELD
    if rolls == 0 and (held or cursor_shown):
        return E_INCONSISTENT
    if cursor != _NO_CURSOR and cursor >= n:
        return E_FIELD
    if cursor_shown and cursor == _NO_CURSOR:
        return E_INCONSISTENT
    if over:
        if player or rnd != n or rolls:
            return E_INCONSISTENT
    elif rnd >= n:
        return E_FIELD
    seats_pos = r.pos
    for s in range(seats):
        bonus = r.get(4)
        filled = 0
        yahtzee_score = 0
        for b in range(n):
            code = r.get(code_width(rs, b))
            if code:
                values = rs.possible_values(b)
                if code > len(values):
                    return E_FIELD
                filled |= 1 << b
                if b == rs.yahtzee_box:
                    yahtzee_score = values[code - 1]
        if r.overrun:
            return E_TRUNCATED
        expect = n if over else (rnd + 1 if s < player else rnd)
        if _popcount(filled) != expect:
            return E_INCONSISTENT
        if bonus and (not rs.yahtzee_bonus or yahtzee_score == 0 or bonus >= _popcount(filled)):
            return E_INCONSISTENT
    if not apply:
        return OK

    # Second pass: write.
    game.rules = rs
    game.seats = seats
    game.duplicate = bool(duplicate)
    game.autofill = bool(autofill)
    for s in range(_engine.MAX_SEATS):
        game.seat_kind[s] = (kinds >> (2 * s)) & 3
        game.filled[s] = 0
        game.bonus_count[s] = 0
    for i in range(len(game.scores)):
        game.scores[i] = 0
    game.over = bool(over)
    game.confirm_pending = False
    game.forget_undo()
    game.use_challenge(-1)  # not in the snapshot: the store keeps a challenge code beside it
    game.player = player
    game.round = rnd
    r.pos = dice_pos
    for i in range(5):
        game.dice[i] = r.get(3)
    r.pos = dup_pos
    if duplicate:
        for i in range(5 * _engine.ROLLS_PER_TURN):
            game.round_dice[i] = r.get(3)
    r.pos = seats_pos
    maxb = _rules.MAX_BOXES
    for s in range(seats):
        game.bonus_count[s] = r.get(4)
        for b in range(n):
            code = r.get(code_width(rs, b))
            if code:
                game.scores[s * maxb + b] = rs.possible_values(b)[code - 1]
                game.filled[s] |= 1 << b
    game.rolls_used = rolls
    game.held = held
    counts = game.counts
    for f in range(7):
        counts[f] = 0
    total = 0
    if rolls:
        for i in range(5):
            counts[game.dice[i]] += 1
            total += game.dice[i]
    game.total_pips = total
    game._update_preview()
    game.cursor = _engine.NO_BOX if cursor == _NO_CURSOR else cursor
    game.cursor_visible = bool(cursor_shown)
    if game.cursor_visible and not (game.allowed >> game.cursor) & 1:
        game.cursor_visible = False
    game.clear_events()
    return OK
