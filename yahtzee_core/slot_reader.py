"""Reading saved slots back (docs/nvm_layout.md): the framing check of one slot, the checks of
every record (the settings record's ``unpack_settings`` among them), the choice of the newest good
slot of two, and the store's opening and loading itself (``NvmStore.__init__``, ``NvmStore.load``).
Used when the store loads (start-up) and by the tools; a board unloads it once loading is done
(ui/app_start.py ``build_app``), with the scratch game that validated the saved game.
The format and the writing side are ``save.py`` and ``nvm_store.py``.

    verdict = check_slot(buf, layout)              # SLOT_OK, SLOT_BLANK, SLOT_DAMAGED, SLOT_NEWER
    flags = decode_slot(buf, rec)                  # ST_RESET_* of the records replaced by defaults
    status, slot, seq, target = load_slots(a, b, rec)
    open_store(store, nvm, backup, erase)          # NvmStore.__init__
    records, status = load_store(store)            # NvmStore.load
"""

from .compat import const
from . import engine as _engine
from . import rules as _rules
from . import save as _save
from . import settings_record as _sr
from . import snapshot as _snapshot
from . import snapshot_reader as _snapshot_reader
from .nvm_store import FILE_SLOT
from .save import (CHALLENGE_BYTES, COACHED_BITS, CRC_BYTES, HEADER, MAGIC, OLDEST_VERSION, RNG_BYTES,
                   SETTINGS_BYTES, ST_DAMAGED, ST_EMPTY, ST_NEWER, ST_RESET_ALL, ST_RESET_DEFUSE,
                   ST_RESET_GAME, ST_RESET_RNG, ST_RESET_SCORES, ST_RESET_SETTINGS, ST_RESET_STATS,
                   VERSION)
from .save_layouts import SMALL, layout, layout_for

_F_LAYOUT = const(0x40)  # save.py's format byte bits: layout id, dice record present
_F_RNG = const(0x80)

def _length(nvm):
    if nvm is None:
        return 0
    try:
        return len(nvm)
    except Exception:
        return 0


class _SliceMaker:
    """``_SLICE[a:b]`` is the slice object ``a:b``, for MicroPython builds whose ``slice()``
    makes none (the WebAssembly VM's; CircuitPython's does)."""

    def __getitem__(self, key):
        return key


_SLICE = _SliceMaker()


def open_store(store, nvm, backup, erase):
    """``NvmStore.__init__``: ``store`` over ``nvm`` (its arguments: ``nvm_store.py``)."""
    size = _length(nvm)
    layout = layout_for(size)
    store.nvm = nvm if layout is not None else None
    store.layout = layout if layout is not None else SMALL
    store.offsets = (0, size // 2)
    n = store.layout.slot_bytes
    # the slots as slice objects made once: ``nvm[a:b] = buf`` would make one per save
    store._slots = (_SLICE[0:n], _SLICE[size // 2:size // 2 + n])
    store.records = _save.Records(store.layout)
    store.settings = store.records.settings
    store.ranks = bytearray(_engine.MAX_SEATS)  # each seat's rank after record_result, 0xFF none
    store.status = 0
    store.slot = -1  # slot holding the newest good copy
    store.seq = 0
    store.writes = 0
    store.error = None  # the last exception the NVM raised (or that load caught)
    store._target = 0
    store._buf = bytearray(store.layout.slot_bytes)
    # the CRC-32 of the newest copy's unsealed image (seq and CRC 0), and the next save's: a save
    # of the same records writes nothing (4 B each here, not a second slot image of 128 or 512 B)
    store._last = bytearray(CRC_BYTES)
    store._crc = bytearray(CRC_BYTES)
    store._last_ok = False
    store._loaded = False
    store.backup = backup if store.nvm is not None else None
    store.erase = erase  # makes an NVM that refuses every write writable again, or None
    store.backup_off = False  # the drive is the computer's: no backup copy this session
    store.backup_error = None  # the last exception the backup file raised
    store._nvm_current = False  # the NVM holds the newest copy
    store._file_current = False  # the backup file holds the newest copy


def slot_seq(buf):
    return buf[2] | (buf[3] << 8)


def newer(seq_a, seq_b):
    """True when 16-bit sequence number ``seq_a`` comes after ``seq_b``."""
    d = (seq_a - seq_b) & 0xFFFF
    return 0 < d < 0x8000


def unpack_settings(st, r):
    """``st`` (a ``settings_record.Settings``) read from ``r`` and checked; on any bad field the
    settings are reset and False returned."""
    ok = True
    for f in _sr.SETTINGS_FIELDS:
        v = r.get(f[1]) + f[2]
        if v > f[3]:
            ok = False
        setattr(st, f[0], v)
    for s in range(_engine.MAX_SEATS):
        st.kinds[s] = r.get(2)
    for i in range(3):
        st.initials[i] = r.get(_sr.CHAR_BITS)
    st.hide_cost = r.get(1)
    st.still_dice = r.get(1)
    if r.overrun:
        ok = False
    if not ok:
        st.reset()
    return ok


def reset_records(rec):
    """Every record of ``rec`` (a ``save.Records``) to its defaults, no game: what a load starts
    from and falls back to (here, not in ``save``: a game does not hold it)."""
    rec.settings.reset()
    if rec._book is not None:
        for r in rec._book:
            r.reset()
    if rec._defuse is not None:
        rec._defuse.reset()
    for i in range(len(rec.packed)):
        rec.packed[i] = 0
    rec.clear_game()


# Slot verdicts (``check_slot``).
SLOT_OK = const(0)
SLOT_BLANK = const(1)
SLOT_DAMAGED = const(2)
SLOT_NEWER = const(3)

# What version 1 wrote: the 256-byte layout had wider statistics; neither had a defuse record.
SMALL_V1 = layout(0, "small", 128, 3, False, 14, 24, 14, 8, 50, 5)
LARGE_V1 = layout(1, "large", 512, 10, True, 20, 29, 20, 16, 25, 16)
_V1 = (SMALL_V1, LARGE_V1)
_RNG_LIMITS = (30269, 30307, 30323)  # each part is 1..limit-1 (seeded_dice.SeededDice)


def written_layout(fmt, layout):
    """The layout a slot with format byte ``fmt`` was written with, ``layout`` being ours (the
    same, or version 1's widths)."""
    if fmt & 0x3F >= 2:  # version 3 changed only the dice record
        return layout
    return _V1[layout.lid]


def _blank(buf):
    first = buf[0]
    if first != 0 and first != 0xFF:
        return False
    for i in range(len(buf)):
        if buf[i] != first:
            return False
    return True


def check_slot(buf, layout):
    """Verdict on one slot's framing: SLOT_OK, SLOT_BLANK, SLOT_DAMAGED or SLOT_NEWER."""
    if len(buf) < layout.slot_bytes:
        return SLOT_DAMAGED
    if _blank(buf):
        return SLOT_BLANK
    if buf[0] != MAGIC:
        return SLOT_DAMAGED
    length = buf[4] | (buf[5] << 8)
    end = HEADER + length
    if end + CRC_BYTES > layout.slot_bytes:
        return SLOT_DAMAGED
    crc = bytearray(CRC_BYTES)
    _save.crc32_into(buf, 0, end, crc, 0)
    for i in range(CRC_BYTES):
        if buf[end + i] != crc[i]:
            return SLOT_DAMAGED
    version = buf[1] & 0x3F
    if version > VERSION:
        return SLOT_NEWER
    if version < OLDEST_VERSION or (1 if buf[1] & _F_LAYOUT else 0) != layout.lid:
        return SLOT_DAMAGED  # another layout is not ours
    extra = ((CHALLENGE_BYTES if version >= 3 else RNG_BYTES) + 1) if buf[1] & _F_RNG else 0
    if length < written_layout(buf[1], layout).fixed_len + extra:
        return SLOT_DAMAGED
    return SLOT_OK


_scratch = None


def game_ok(data):
    """True when ``data`` is a valid snapshot of a game still in progress."""
    global _scratch
    if _scratch is None:
        _scratch = _engine.Game(_rules.get("yahtzee"), None)
    if _snapshot_reader.restore(_scratch, data) != _snapshot.OK:
        return False
    return not _scratch.over


def fit_stats(stats):
    """Bring statistics read with version 1's wider fields within this layout's: a variant's
    counters are halved together (average and rates kept) and its histogram halved (shape
    kept) until they fit, then clamped to stay consistent."""
    from .records import MAX_SCORE, max_yahtzees

    lay = stats.layout
    games_cap = (1 << lay.games_bits) - 1
    total_cap = (1 << lay.total_bits) - 1
    cap = (1 << lay.count_bits) - 1
    hist_cap = (1 << lay.hist_bits) - 1
    games = stats.games
    total = stats.total
    yahtzees = stats.yahtzees
    bonus_games = stats.bonus_games
    hist = stats.hist
    for v in range(_sr.NUM_VARIANTS):
        while games[v] > games_cap or total[v] > total_cap or yahtzees[v] > cap or bonus_games[v] > cap:
            games[v] >>= 1
            total[v] >>= 1
            yahtzees[v] >>= 1
            bonus_games[v] >>= 1
        g = games[v]
        if total[v] > g * MAX_SCORE[v]:
            total[v] = g * MAX_SCORE[v]
        if yahtzees[v] > g * max_yahtzees(v):
            yahtzees[v] = g * max_yahtzees(v)
        if bonus_games[v] > g:
            bonus_games[v] = g
        base = v * stats.bins
        while True:
            counted = 0
            for k in range(base, base + stats.bins):
                counted += hist[k]
            if counted <= g and stats.hist_max(v) <= hist_cap:
                break
            for k in range(base, base + stats.bins):
                hist[k] >>= 1


def decode_slot(buf, rec):
    """Read a slot that ``check_slot`` accepted into ``rec``. Each bad record gets its defaults;
    returns the ST_RESET_* flags of the records that were reset. A version 1 slot is read with
    its own widths and migrated."""
    lay = rec.layout
    src = written_layout(buf[1], lay)
    reset_records(rec)
    flags = 0
    length = buf[4] | (buf[5] << 8)
    r = _sr.Bits(buf, HEADER, HEADER + SETTINGS_BYTES)
    if not unpack_settings(rec.settings, r):
        flags |= ST_RESET_SETTINGS
    pos = HEADER + SETTINGS_BYTES
    r.reset(buf, pos, pos + src.stats_len)
    if not rec.stats.unpack(r, src) or r.get(src.stats_len * 8 - src.stats_record_bits):
        rec.stats.reset()
        flags |= ST_RESET_STATS
    elif src is not lay:
        fit_stats(rec.stats)
    pos += src.stats_len
    r.reset(buf, pos, pos + lay.scores_len)
    if not rec.scores.unpack(r) or r.get(lay.scores_len * 8 - rec.scores.bits()):
        rec.scores.reset()
        flags |= ST_RESET_SCORES
    pos += lay.scores_len
    coached = 0
    if src.defuse_len:
        r.reset(buf, pos, pos + src.defuse_len)
        coached = r.get(COACHED_BITS)
        if not rec.defuse.unpack(r) or r.get(src.defuse_len * 8 - src.defuse_record_bits):
            rec.defuse.reset()
            coached = 0
            flags |= ST_RESET_DEFUSE
        pos += src.defuse_len
    v3 = buf[1] & 0x3F >= 3
    if buf[1] & _F_RNG and v3 and buf[pos] & 1:  # a challenge code
        r.reset(buf, pos, pos + CHALLENGE_BYTES)
        r.get(1)
        low = r.get(15)
        rec.challenge = low | (r.get(15) << 15)
        if r.get(1):
            rec.challenge = -1
            flags |= ST_RESET_RNG
        pos += CHALLENGE_BYTES
    elif buf[1] & _F_RNG:
        r.reset(buf, pos, pos + RNG_BYTES)
        if v3:
            r.get(1)  # the kind bit: 0, a dice state
        parts = 0
        for i in range(3):
            v = r.get(15)
            rec.rng[i] = v
            if 0 < v < _RNG_LIMITS[i]:
                parts += 1
        if r.get(2 if v3 else 3) or parts != 3:
            for i in range(3):
                rec.rng[i] = 0
            flags |= ST_RESET_RNG
        pos += RNG_BYTES
    n = HEADER + length - pos
    if n > 0:
        if n <= len(rec.game) and game_ok(bytes(buf[pos:pos + n])):
            rec.game[0:n] = buf[pos:pos + n]
            rec.game_len = n
        else:
            flags |= ST_RESET_GAME
    if rec.game_len:
        rec.coached = coached & ((1 << _scratch.seats) - 1)  # game_ok left the game in _scratch
    if not rec.game_len:
        rec.challenge = -1
        for i in range(3):
            rec.rng[i] = 0  # the dice state of a game that was lost
    rec.pack_book()  # what the next save copies (a version 1 slot's records in this layout)
    return flags


def load_slots(slot_a, slot_b, rec):
    """Choose the newest good slot of two and decode it into ``rec`` (defaults when neither is
    good). Returns ``(status, slot loaded or -1, its seq, slot the next save should write)``.
    Never raises, whatever the bytes."""
    lay = rec.layout
    va = check_slot(slot_a, lay)
    vb = check_slot(slot_b, lay)
    status = 0
    if va == SLOT_DAMAGED or vb == SLOT_DAMAGED:
        status |= ST_DAMAGED
    if va == SLOT_NEWER or vb == SLOT_NEWER:
        status |= ST_NEWER
    pick = -1
    if va == SLOT_OK and vb == SLOT_OK:
        pick = 1 if newer(slot_seq(slot_b), slot_seq(slot_a)) else 0
    elif va == SLOT_OK:
        pick = 0
    elif vb == SLOT_OK:
        pick = 1
    if pick >= 0:
        buf = slot_b if pick else slot_a
        status |= decode_slot(buf, rec)
        return status, pick, slot_seq(buf), 1 - pick
    reset_records(rec)
    status = status | ST_RESET_ALL if status else ST_EMPTY
    # Nothing of ours to keep: write slot 0 first, but spare a newer release's (newest) slot.
    target = 0
    if va == SLOT_NEWER and vb == SLOT_NEWER:
        target = 0 if newer(slot_seq(slot_b), slot_seq(slot_a)) else 1
    elif va == SLOT_NEWER:
        target = 1
    return status, -1, 0, target


# -- the store's loading (``NvmStore.load``; here, so a game in progress does not hold it) ----------


def load_store(store):
    """``NvmStore.load``: read both slots (and the backup file) into ``store`` and keep the
    newest good copy. Returns ``(records, status)``; never raises."""
    store._loaded = True
    store._last_ok = False
    store.slot = -1
    store.seq = 0
    store._target = 0
    store._nvm_current = False
    store._file_current = False
    if store.nvm is None:
        reset_records(store.records)
        store.status = _save.ST_NO_STORAGE
        return store.records, store.status
    n = store.layout.slot_bytes
    rec = store.records
    chosen = None
    try:
        a = store.nvm[store.offsets[0]:store.offsets[0] + n]
        b = store.nvm[store.offsets[1]:store.offsets[1] + n]
        store.status, store.slot, store.seq, store._target = load_slots(a, b, rec)
        if store.slot >= 0:
            chosen = b if store.slot else a
            store._nvm_current = True
    except Exception as e:  # a last guard for the device: start with defaults, never crash
        store.error = e
        reset_records(rec)
        store.status = ST_DAMAGED | ST_RESET_ALL
    if getattr(store.nvm, "short", False) and store.slot >= 0:
        store.status |= _save.ST_OLDER  # a desktop file cut short: its newer slot may be gone
    if store.backup is not None:
        chosen = _load_backup(store, chosen)
    if chosen is not None and store.slot != FILE_SLOT and not (store.status & ST_RESET_ALL):
        # remember what is stored (the CRC of its image less seq), so saving the same records
        # writes nothing (after loading the backup file, the next save repairs the NVM)
        image = store._buf
        image[:] = chosen
        image[2] = 0
        image[3] = 0
        _save.crc32_into(image, 0, HEADER + (image[4] | (image[5] << 8)), store._last, 0)
        store._last_ok = True
    return store.records, store.status


def _load_backup(store, chosen):
    """Take the backup file's copy when it is good and newer than the NVM's; note whether it
    holds the newest copy and whether it can be written. Returns the chosen image."""
    copy = None
    try:
        copy = store.backup.read()
        if store.backup.writable() is False:
            store.backup_off = True
    except Exception as e:
        store.backup_error = e
    if store.backup_off:
        store.status |= _save.ST_BACKUP_OFF
    if copy is None or len(copy) != store.layout.slot_bytes:
        return chosen
    verdict = check_slot(copy, store.layout)
    if verdict == SLOT_OK and (store.slot < 0 or newer(slot_seq(copy), store.seq)):
        keep = store.status & (ST_DAMAGED | ST_NEWER | _save.ST_BACKUP_OFF)
        store.status = keep | _save.ST_BACKUP | decode_slot(copy, store.records)
        store.slot = FILE_SLOT
        store.seq = slot_seq(copy)
        store._nvm_current = False
        store._file_current = True
        return copy
    if verdict == SLOT_DAMAGED:
        store.status |= ST_DAMAGED
        if store.slot < 0:
            store.status = (store.status & ~ST_EMPTY) | ST_RESET_ALL
    store._file_current = chosen is not None and copy == chosen
    return chosen


def scan_store(store):
    """Find where ``store``'s next save goes without replacing the records in RAM (a save with
    no ``load`` before it)."""
    store._loaded = True
    n = store.layout.slot_bytes
    try:
        a = store.nvm[store.offsets[0]:store.offsets[0] + n]
        b = store.nvm[store.offsets[1]:store.offsets[1] + n]
    except Exception as e:
        store.error = e
        return
    lay = store.layout
    va = check_slot(a, lay)
    vb = check_slot(b, lay)
    if va == SLOT_OK and (vb != SLOT_OK or not newer(slot_seq(b), slot_seq(a))):
        store.slot, store.seq, store._target = 0, slot_seq(a), 1
    elif vb == SLOT_OK:
        store.slot, store.seq, store._target = 1, slot_seq(b), 0
