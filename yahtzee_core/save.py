"""Save format: two slots, each a header, the records and a CRC-32 (see docs/nvm_layout.md).

Pure functions over bytes; the store that reads and writes an NVM is ``yahtzee_core/nvm_store.py``.

    slot = magic 1 | format 1 (version, layout, dice flag) | seq 2 | length 2 | payload | CRC-32 4
    payload = settings 6 | stats | high scores | coached + defuse | [dice flag: dice record] | game snapshot

The dice record (version 3) is the desktop's SeededDice state (6 bytes) or a challenge game's
code (4 bytes), told apart by its first bit; version 2 kept only the state (6 bytes, no kind bit).
Version 1 (no defuse record, wider statistics on the 256-byte layout) still loads: its records
are read with version 1's widths and migrated (``slot_reader.fit_stats``); every save writes version 3.

A slot is accepted only when its magic, format, length and CRC all check; then every record
is validated on its own and a bad one is replaced by its defaults (and reported). Of two good
slots the one with the newer sequence number wins (16-bit serial arithmetic). Small ints only:
the CRC runs as two 16-bit halves, so nothing becomes a big int on a 32-bit port.

This module is what a save needs (kept loaded): the format, ``Records``, ``encode_slot``,
``seal``. Reading slots back is ``slot_reader.py`` (loaded to load); the statistics, high scores
and Defuse record are ``records.py`` (loaded while used; ``Records`` keeps their packed bytes).
"""

from .compat import array, const
from . import settings_record as _sr
from . import snapshot as _snapshot

MAGIC = const(0x59)  # "Y"
VERSION = const(3)
OLDEST_VERSION = const(1)  # the oldest version this release still reads
HEADER = const(6)
CRC_BYTES = const(4)

# Load status: bit flags (0 = everything loaded as saved).
ST_EMPTY = const(0x001)  # nothing saved yet: both slots blank
ST_DAMAGED = const(0x002)  # a slot held damaged data (torn write, garbage, other program)
ST_NEWER = const(0x004)  # a slot from a newer release was ignored
ST_NO_STORAGE = const(0x008)  # no NVM, or too small: records live in RAM only
ST_RESET_SETTINGS = const(0x010)  # ST_RESET_*: that record was replaced by its defaults
ST_RESET_STATS = const(0x020)
ST_RESET_SCORES = const(0x040)
ST_RESET_GAME = const(0x080)
ST_RESET_RNG = const(0x100)
ST_RESET_DEFUSE = const(0x200)
ST_RESET_ALL = const(0x3F0)
ST_BACKUP = const(0x400)  # the backup file held the newest copy (the last NVM write was cut)
ST_BACKUP_OFF = const(0x800)  # the backup file cannot be written: the drive is the computer's
ST_OLDER = const(0x1000)  # the store was cut short (a truncated desktop file): a newer copy may be gone

# The flags in words: yahtzee_core/save_status.py (loaded only to tell the player).

COACHED_BITS = const(4)  # seats that asked for hints in the saved game (first in the defuse record)
SETTINGS_BYTES = _sr.SETTINGS_BYTES


RNG_BYTES = const(6)  # SeededDice state (the desktop's dice): three 15-bit numbers, with a game
CHALLENGE_BYTES = const(4)  # a challenge game's code: kind bit 1, 30 bits, 1 pad bit
# format byte: bits 0-5 version, bit 6 layout id, bit 7 dice record present (dice state or challenge code)
_F_LAYOUT = const(0x40)
_F_RNG = const(0x80)


# -- CRC-32 (IEEE 802.3, reflected, as zlib.crc32) in 16-bit halves ------------------------------


def _nibble_tables():
    th = []
    tl = []
    for i in range(16):
        h = 0
        lo = i
        for _ in range(4):
            odd = lo & 1
            lo = (lo >> 1) | ((h & 1) << 15)
            h >>= 1
            if odd:
                h ^= 0xEDB8
                lo ^= 0x8320
        th.append(h)
        tl.append(lo)
    return array("H", th), array("H", tl)


_TH, _TL = _nibble_tables()
del _nibble_tables  # import-time code: not held after


def crc32_into(data, start, end, dest, at):
    """Write the CRC-32 of ``data[start:end]`` into ``dest[at:at + 4]``, least significant byte
    first (a slot's CRC field). Allocates nothing: a save after every box calls it."""
    th = _TH
    tl = _TL
    hi = 0xFFFF
    lo = 0xFFFF
    for i in range(start, end):
        b = data[i]
        k = (lo ^ b) & 15
        lo = ((lo >> 4) | ((hi & 15) << 12)) ^ tl[k]
        hi = (hi >> 4) ^ th[k]
        k = (lo ^ (b >> 4)) & 15
        lo = ((lo >> 4) | ((hi & 15) << 12)) ^ tl[k]
        hi = (hi >> 4) ^ th[k]
    lo ^= 0xFFFF
    hi ^= 0xFFFF
    dest[at] = lo & 0xFF
    dest[at + 1] = lo >> 8
    dest[at + 2] = hi & 0xFF
    dest[at + 3] = hi >> 8






class Records:
    """Everything one slot holds: ``settings``, ``stats``, ``scores`` (high scores), ``defuse``
    (Defuse mode's statistics), the game in progress as snapshot bytes (``game[:game_len]``,
    0 = none) with ``coached`` (bit mask of its seats that asked for hints) and the seeded dice's
    state (``rng``, all 0 = none: boards roll with a hardware RNG; kept with a game where it fits), or
    the challenge code the game's dice come from (``challenge``, -1 = none; kept instead of ``rng``).

    The statistics, high scores and Defuse record live in ``packed``, exactly the bytes a slot
    holds for them (the coached bits 0), so that a save during a game copies them and needs no
    code of theirs. ``stats``, ``scores`` and ``defuse`` are objects of ``records.py``, made
    from ``packed`` (that module imported) the first time one is used; ``close()`` packs them
    back and drops them, after which the app can unload ``records`` (ui/app.py)."""

    def __init__(self, layout):
        self.layout = layout
        self.settings = _sr.Settings()
        self.packed = bytearray(layout.packed_len)  # all zero: the records' defaults
        self._book = None  # (stats, scores, defuse) while open
        self._defuse = None  # the Defuse record while it is open alone (Defuse mode)
        self.writer = _sr.Bits(self.packed)  # encode_slot's, reused: a save allocates no bit stream
        self.coached = 0
        self.game = bytearray(_snapshot.MAX_BYTES)
        self.game_len = 0
        self.rng = array("H", [0, 0, 0])
        self.challenge = -1

    @property
    def stats(self):
        return self.open()[0]

    @property
    def scores(self):
        return self.open()[1]

    @property
    def defuse(self):
        """The Defuse record: the open book's, else read alone (``defuse_record.py``: Defuse
        mode needs no code of the statistics and high scores)."""
        if self._book is not None:
            return self._book[2]
        if self._defuse is None:
            from . import defuse_record

            self._defuse = defuse_record.read(self.layout, self.packed, self.writer)
        return self._defuse

    def is_open(self):
        return self._book is not None or self._defuse is not None

    def open(self):
        """``(stats, scores, defuse)``, read from ``packed`` when they are not open."""
        if self._book is None:
            if self._defuse is not None:  # open alone: its bytes first, the book reads them back
                self.pack_book()
                self._defuse = None
            from . import records

            self._book = records.read_book(self.layout, self.packed)
        return self._book

    def pack_book(self):
        """Write the open records into ``packed`` (as ``encode_slot`` lays them out)."""
        if self._book is not None:
            from . import records

            records.write_book(self._book, self.layout, self.packed)
        elif self._defuse is not None:
            from . import defuse_record

            defuse_record.write(self._defuse, self.layout, self.packed, self.writer)

    def close(self):
        """Pack the open records into ``packed`` and drop them; True when they were open."""
        if not self.is_open():
            return False
        self.pack_book()
        self._book = None
        self._defuse = None
        return True

    def clear_game(self):
        self.game_len = 0
        self.coached = 0
        self.challenge = -1
        for i in range(3):
            self.rng[i] = 0

    def has_game(self):
        return self.game_len > 0

    def has_rng(self):
        return self.rng[0] != 0


def encode_slot(rec, buf):
    """Write ``rec`` into ``buf`` (``layout.slot_bytes`` long) with seq 0 and no CRC yet (see
    ``seal``); the rest of ``buf`` is zeroed. Returns the payload length, or -1 if the game
    snapshot does not fit (never the case for the variants and layouts defined here)."""
    lay = rec.layout
    room = lay.game_room
    if rec.game_len > room:
        return -1
    with_code = rec.game_len > 0 and rec.challenge >= 0 and rec.game_len + CHALLENGE_BYTES <= room
    with_rng = not with_code and rec.game_len > 0 and rec.has_rng() and rec.game_len + RNG_BYTES <= room
    buf[0] = MAGIC
    buf[1] = VERSION | (_F_LAYOUT if lay.lid else 0) | (_F_RNG if with_rng or with_code else 0)
    buf[2] = 0
    buf[3] = 0
    pos = HEADER
    w = rec.writer
    w.reset(buf, pos, pos + SETTINGS_BYTES)
    rec.settings.pack(w)
    w.flush()
    pos += SETTINGS_BYTES
    if rec.is_open():
        rec.pack_book()
    packed = rec.packed
    for i in range(len(packed)):
        buf[pos + i] = packed[i]
    if rec.game_len and lay.defuse_len:  # the coached mask: the low bits of that record's first byte
        buf[pos + lay.stats_len + lay.scores_len] |= rec.coached & ((1 << COACHED_BITS) - 1)
    pos += len(packed)
    if with_code:
        w.reset(buf, pos, pos + CHALLENGE_BYTES)
        w.put(1, 1)
        w.put(rec.challenge & 0x7FFF, 15)
        w.put(rec.challenge >> 15, 15)
        w.flush()
        pos += CHALLENGE_BYTES
    elif with_rng:
        w.reset(buf, pos, pos + RNG_BYTES)
        w.put(0, 1)
        for i in range(3):
            w.put(rec.rng[i], 15)
        w.flush()
        pos += RNG_BYTES
    for i in range(rec.game_len):
        buf[pos + i] = rec.game[i]
    pos += rec.game_len
    for i in range(pos, len(buf)):
        buf[i] = 0
    length = pos - HEADER
    buf[4] = length & 0xFF
    buf[5] = length >> 8
    return length


def seal(buf, seq, length):
    """Set the sequence number and the CRC of a slot made by ``encode_slot``."""
    buf[2] = seq & 0xFF
    buf[3] = (seq >> 8) & 0xFF
    end = HEADER + length
    crc32_into(buf, 0, end, buf, end)
