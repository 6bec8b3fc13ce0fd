"""What every save writes besides the game: the settings record, the bit stream that packs the
records, and the tables the screens share (initials' characters, idle times).

Resident for the app's life (a save after every scored box packs the settings); the statistics,
high scores and Defuse record, their checks and the result of a finished game are
``records.py``, loaded only while they are needed (``save.Records``).
"""

from .compat import const
from .rules import JOKER_FORCED, JOKER_FREE  # (not the module: Defuse mode unloads it, ui/app.py)
from .engine import HUMAN, MAX_SEATS, MEDIUM  # (the numbers, not the module: Defuse mode unloads it)

NUM_VARIANTS = const(3)  # len(rules.VARIANT_IDS) (a test checks): a board's copy of this module holds no rules

# Initials: three characters from this 32-character set (5 bits each), entered with the buttons.
CHARSET = " ABCDEFGHIJKLMNOPQRSTUVWXYZ-.!?*"
DEFAULT_INITIALS = b"\x01\x01\x01"  # "AAA"
CHAR_BITS = const(5)
SCORE_BITS = const(11)  # a high-score entry's score (save.Layout's scores_len sizes the record with it)

# What the idle settings' codes mean, in seconds (0: never).
IDLE_SECONDS = (0, 15, 30, 60, 120, 300, 600, 1800)


class Bits:
    """Little-endian bit stream over ``buf[start:end]``, written or read a whole byte at a time
    through a small accumulator (never more than 24 bits: no big ints). Fields are up to 29 bits.
    A writer must ``flush()`` at the end (pads the last byte with zero bits). Running past
    ``end`` sets ``overrun`` instead of raising (reads then give 0)."""

    def __init__(self, buf, start=0, end=None):
        self.reset(buf, start, end)

    def reset(self, buf, start=0, end=None):
        self.buf = buf
        self.i = start
        self.end = len(buf) if end is None else end
        self.acc = 0
        self.n = 0
        self.overrun = False

    def put(self, value, width):
        if width > 16:
            self.put(value & 0xFFFF, 16)
            value >>= 16
            width -= 16
        self.acc |= (value & ((1 << width) - 1)) << self.n
        self.n += width
        while self.n >= 8:
            if self.i >= self.end:
                self.overrun = True
                self.acc = 0
                self.n = 0
                return
            self.buf[self.i] = self.acc & 0xFF
            self.acc >>= 8
            self.n -= 8
            self.i += 1

    def flush(self):
        if self.n:
            self.put(0, 8 - self.n)

    def get(self, width):
        if width > 16:
            low = self.get(16)
            return low | (self.get(width - 16) << 16)
        while self.n < width:
            if self.i >= self.end:
                self.overrun = True
                return 0
            self.acc |= self.buf[self.i] << self.n
            self.n += 8
            self.i += 1
        value = self.acc & ((1 << width) - 1)
        self.acc >>= width
        self.n -= width
        return value


# -- initials --------------------------------------------------------------------------------


# -- settings ---------------------------------------------------------------------------------

# name, bits, lowest, highest, default. A field stores (value - lowest).
SETTINGS_FIELDS = (
    ("sound", 1, 0, 1, 1),
    ("brightness", 3, 1, 7, 5),
    ("autofill", 1, 0, 1, 1),
    ("joker", 1, JOKER_FORCED, JOKER_FREE, JOKER_FORCED),  # Yahtzee only
    ("variant", 4, 0, NUM_VARIANTS - 1, 0),
    ("seats", 2, 1, MAX_SEATS, 1),
    ("duplicate", 1, 0, 1, 0),
    ("coach", 1, 0, 1, 1),  # hints offered
    ("dim_after", 3, 0, 7, 2),  # index into IDLE_SECONDS
    ("sleep_after", 3, 0, 7, 4),
    ("pace", 2, 0, 3, 2),  # computer seats' speed (the UI's table)
    ("lights", 1, 0, 1, 1),  # LEDs show held dice
)
SETTINGS_BYTES = const(6)  # 23 bits of fields + 4 seat kinds x 2 + initials 3 x 5 = 46 bits,
# then hide_cost and still_dice (1 bit each, in what earlier images kept reserved and wrote 0:
# 0 = the coach shows costs, 0 = rolled dice tumble). No reserved bit is left.


class Settings:
    """Sound, brightness, auto-fill, Joker rule, last variant and seats, idle times, last
    initials. Plain attributes; ``kinds`` (seat kinds) and ``initials`` are bytearrays."""

    def __init__(self):
        self.kinds = bytearray(MAX_SEATS)
        self.initials = bytearray(3)
        self.reset()

    def reset(self):
        for f in SETTINGS_FIELDS:
            setattr(self, f[0], f[4])
        self.hide_cost = 0
        self.still_dice = 0
        for s in range(MAX_SEATS):
            self.kinds[s] = HUMAN if s == 0 else MEDIUM
        self.initials[:] = DEFAULT_INITIALS

    def import_from(self, obj):
        """Take every field ``obj`` has (bools become 0/1); values out of range are ignored."""
        for f in SETTINGS_FIELDS:
            if hasattr(obj, f[0]):
                v = int(getattr(obj, f[0]))
                if f[2] <= v <= f[3]:
                    setattr(self, f[0], v)
        if hasattr(obj, "kinds"):
            for s in range(MAX_SEATS):
                self.kinds[s] = obj.kinds[s] & 3
        if hasattr(obj, "initials"):
            for i in range(3):
                self.initials[i] = obj.initials[i] & 31
        if hasattr(obj, "show_cost"):
            self.hide_cost = 0 if obj.show_cost else 1
        if hasattr(obj, "tumble"):
            self.still_dice = 0 if obj.tumble else 1

    def pack(self, w):
        for f in SETTINGS_FIELDS:
            w.put(getattr(self, f[0]) - f[2], f[1])
        for s in range(MAX_SEATS):
            w.put(self.kinds[s], 2)
        for i in range(3):
            w.put(self.initials[i], CHAR_BITS)
        w.put(self.hide_cost, 1)
        w.put(self.still_dice, 1)
