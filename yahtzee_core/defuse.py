"""Defuse mode: the coloured-dice bomb puzzle ("On the Subject of Yahtzee"), pure core.

    from yahtzee_core import defuse
    ew = defuse.generate_edgework(rng)            # or defuse.Edgework(...)
    m = defuse.Module(ew, strike_limit=3, time_limit_s=300)
    m.roll(rng)                                   # first roll: always legal, rolls all five
    m.toggle(defuse.WHITE)                        # -> TOGGLE_KEPT / TOGGLE_RELEASED / refusal
    ev = m.roll(rng)                              # -> EV_ROLLED / EV_STRIKE / EV_SOLVED / EV_EXPLODED
    if ev == defuse.EV_STRIKE:
        defuse.REASONS[m.last_reason]             # e.g. "4 dice: black alone"
    m.tick(16)                                    # countdown; EV_TICK once a second, EV_EXPLODED at 0

Dice are indexed by colour (PURPLE, YELLOW, BLUE, WHITE, BLACK = 0..4); keep sets are 5-bit masks
(bit i = colour i). Legality follows docs/defuse_manual.md exactly. The legality checks, ``toggle``
and ``roll`` allocate nothing (small ints and precomputed edgework facts only).
"""

from .compat import const
from .defuse_edgework import (  # noqa: F401  (re-exported)
    BLACK,
    BLUE,
    COLOUR_LETTERS,
    COLOUR_NAMES,
    INDICATOR_LABELS,
    PLATE_KINDS,
    PORT_DVI,
    PORT_NAMES,
    PORT_PARALLEL,
    PORT_PS2,
    PORT_RCA,
    PORT_RJ45,
    PORT_SERIAL,
    PURPLE,
    SERIAL_ALNUM,
    SERIAL_DIGITS,
    SERIAL_LETTERS,
    WHITE,
    WIDGET_COUNT,
    YELLOW,
    Edgework,
    generate_edgework,
    port_index,
)

_P = const(1)  # 1 << PURPLE
_Y = const(2)  # 1 << YELLOW
_B = const(4)  # 1 << BLUE
_W = const(8)  # 1 << WHITE
_K = const(16)  # 1 << BLACK
_ALL = const(31)
MAX_KEPT = const(4)

# Patterns of the five dice (all five always, whatever was kept).
PAT_NONE = const(0)  # five different values, no straight
PAT_LARGE_STRAIGHT = const(1)
PAT_SMALL_STRAIGHT = const(2)  # four in a row, not five
PAT_THREE = const(3)  # exactly three of one value, other two differ
PAT_FULL_HOUSE = const(4)  # three of one value + two of another
PAT_FOUR = const(5)  # four of a kind
PAT_TWO_PAIRS = const(6)
PAT_PAIR = const(7)  # exactly one pair, no straight
PAT_YAHTZEE = const(8)  # five of a kind (the module is solved)

PATTERN_NAMES = (
    "no pattern",
    "large straight",
    "small straight",
    "three of a kind",
    "full house",
    "four of a kind",
    "two pairs",
    "one pair",
    "Yahtzee",
)

# Reason codes returned by explain(); REASONS[code] is a short text (fits 2 lines of 20 chars).
OK = const(0)
R_ONE_VALUE = const(1)
R_KEEP_1 = const(2)  # R_KEEP_1 + (R - 1): "5 dice: keep the Rs"
R_KEEP_2 = const(3)
R_KEEP_3 = const(4)
R_KEEP_4 = const(5)
R_KEEP_5 = const(6)
R_KEEP_6 = const(7)
R_ROLL_ALL = const(8)
R_STRAIGHT_NEW = const(9)
R_BLACK_ALONE = const(10)
R_BLUE_IN_TWO = const(11)
R_PLATE_COUNT = const(12)
R_OTHERS_SERIAL = const(13)
R_FIFTH_BIGGER = const(14)
R_FH_TRIPLE = const(15)
R_FH_PAIR = const(16)
R_THREE_NEEDS_PW = const(17)
R_FIFTH_SMALLER = const(18)
R_FOUR_NEEDS_YB = const(19)
R_TOO_MANY = const(20)
R_BAD_DICE = const(21)

REASONS = (
    "legal",
    "must keep one value",
    "5 dice: keep the 1s",
    "5 dice: keep the 2s",
    "5 dice: keep the 3s",
    "5 dice: keep the 4s",
    "5 dice: keep the 5s",
    "5 dice: keep the 6s",
    "5 dice: no pattern, keep nothing",
    "4 dice straight: keep a new value",
    "4 dice: black alone",
    "4 dice: blue in two",
    "4 dice: count = port plates",
    "4 dice: other two in serial",
    "4 dice: 5th not bigger",
    "3 dice full house: keep the triple",
    "3 dice full house: keep the pair",
    "3 dice: 3 kept needs P/W before",
    "3 dice: 5th not smaller",
    "2 dice: 4 kept needs Y/B or 1 away",
    "at most 4 dice kept",
    "dice not valid",
)

# Events for a UI (return values of Module.roll and Module.tick).
EV_NONE = const(0)
EV_ROLLED = const(1)
EV_STRIKE = const(2)
EV_SOLVED = const(3)
EV_EXPLODED = const(4)
EV_TICK = const(5)  # the displayed second changed

EVENT_NAMES = ("none", "rolled", "strike", "solved", "exploded", "tick")

# Results of Module.toggle.
TOGGLE_KEPT = const(1)
TOGGLE_RELEASED = const(2)
TOGGLE_NOT_ROLLED = const(3)  # refused: nothing can be held before the first roll
TOGGLE_FULL = const(4)  # ignored: a 5th die cannot be kept
TOGGLE_OVER = const(5)  # refused: module solved or exploded
TOGGLE_BAD = const(6)  # refused: not a colour index

_ELAPSED_CAP = const(1000000000)  # about 11.5 days
_S1_4 = const(0x1E)  # value bits 1..4
_S2_5 = const(0x3C)
_S3_6 = const(0x78)
_L1_5 = const(0x3E)
_L2_6 = const(0x7C)


def _valid(dice):
    for i in range(5):
        v = dice[i]
        if v < 1 or v > 6:
            return False
    return True


def _present(dice):
    """Bitmask of the values shown (bit v for value v); 0 if a die is not 1..6."""
    pm = 0
    for i in range(5):
        v = dice[i]
        if v < 1 or v > 6:
            return 0
        pm |= 1 << v
    return pm


def _count(dice, value):
    n = 0
    for i in range(5):
        if dice[i] == value:
            n += 1
    return n


def pattern(dice):
    """The pattern of the five dice, first match in the manual's order (PAT_* code).

    Straights come first, so 1-2-3-4-4 is a small straight, not a pair."""
    pm = _present(dice)
    if pm == 0:
        return PAT_NONE
    if pm == _L1_5 or pm == _L2_6:
        return PAT_LARGE_STRAIGHT
    if (pm & _S1_4) == _S1_4 or (pm & _S2_5) == _S2_5 or (pm & _S3_6) == _S3_6:
        return PAT_SMALL_STRAIGHT
    most = 0
    pairs = 0
    for v in range(1, 7):
        if pm & (1 << v):
            k = _count(dice, v)
            if k > most:
                most = k
            if k == 2:
                pairs += 1
    if most == 5:
        return PAT_YAHTZEE
    if most == 4:
        return PAT_FOUR
    if most == 3:
        return PAT_FULL_HOUSE if pairs else PAT_THREE
    if pairs == 2:
        return PAT_TWO_PAIRS
    if pairs == 1:
        return PAT_PAIR
    return PAT_NONE


def _outlier(dice, pm):
    """Small straight: the die left after removing one die of each run value."""
    if (pm & _S1_4) == _S1_4:
        run = _S1_4
    elif (pm & _S2_5) == _S2_5:
        run = _S2_5
    else:
        run = _S3_6
    rest = pm & ~run
    if rest:  # five different values: the one outside the run
        for v in range(1, 7):
            if rest & (1 << v):
                return v
    for v in range(1, 7):  # four different values: the doubled one
        if _count(dice, v) == 2:
            return v
    return 0


def required_value(edgework, dice):
    """5-dice stage: the value R that must be kept, or 0 for "roll all again" (keep nothing).

    Only meaningful for dice 1..6 (returns 0 otherwise)."""
    pm = _present(dice)
    if pm == 0:
        return 0
    p = pattern(dice)
    if p == PAT_LARGE_STRAIGHT:
        digits = edgework.serial_digits
        for v in range(6, 0, -1):
            if (pm & (1 << v)) and (digits & (1 << v)):
                return v
        return dice[PURPLE]
    if p == PAT_SMALL_STRAIGHT:
        return _outlier(dice, pm)
    if p == PAT_THREE or p == PAT_FULL_HOUSE:
        if edgework.lit >= 2:
            return dice[WHITE]
        if edgework.unlit >= 2:
            return dice[BLACK]
        for v in range(6, 0, -1):
            if (pm & (1 << v)) and _count(dice, v) != 3:
                return v
        return 0
    if p == PAT_FOUR or p == PAT_TWO_PAIRS:
        b = edgework.batteries
        if 1 <= b <= 6 and (pm & (1 << b)):
            return b
        h = edgework.holders
        if 1 <= h <= 6 and (pm & (1 << h)):
            return h
        return dice[YELLOW]
    if p == PAT_PAIR:
        return dice[edgework.pair_colour]
    return 0  # no pattern (or five of a kind): roll all again


def _fifth(dice, kept):
    """The value of the one die not in ``kept`` (kept has four bits)."""
    for i in range(5):
        if not (kept & (1 << i)):
            return dice[i]
    return 0


def explain(edgework, dice, last_rolled, was_kept, kept, strict=False):
    """Why keeping ``kept`` now is illegal: a reason code (REASONS[code]), OK when legal.

    dice: five values by colour; last_rolled: how many dice the last successful roll rolled
    (5..1; anything else means no roll yet, where only keeping nothing happens and all is legal);
    was_kept: mask of the dice kept at that roll; kept: mask kept now. strict: older releases,
    where keeping nothing strikes in the 4-dice straight and 3-dice full-house cases.
    Never raises for int masks/stage and int dice; allocates nothing."""
    kept &= _ALL
    was_kept &= _ALL
    if last_rolled < 1 or last_rolled > 5:
        return OK
    if not _valid(dice):
        return R_BAD_DICE
    n = 0
    kv = 0
    for i in range(5):
        if kept & (1 << i):
            n += 1
            if kv == 0:
                kv = dice[i]
            elif dice[i] != kv:
                return R_ONE_VALUE
    if n > MAX_KEPT:
        return R_TOO_MANY

    if last_rolled == 5:
        r = required_value(edgework, dice)
        if r == 0:
            return OK if n == 0 else R_ROLL_ALL
        if n == 0 or kv != r:
            return R_KEEP_1 + r - 1
        return OK

    if last_rolled == 4:
        p = pattern(dice)
        if p == PAT_LARGE_STRAIGHT or p == PAT_SMALL_STRAIGHT:
            if n == 0:
                return R_STRAIGHT_NEW if strict else OK
            for i in range(5):
                if (was_kept & (1 << i)) and dice[i] == kv:
                    return R_STRAIGHT_NEW
            return OK
        if n == 0:
            return OK
        if n == 1 and kept == _K:
            return R_BLACK_ALONE
        if n == 2 and (kept & _B):
            return R_BLUE_IN_TWO
        if n >= 3 and n == edgework.plate_count:
            return R_PLATE_COUNT
        if n == 3:
            digits = edgework.serial_digits
            for i in range(5):
                if not (kept & (1 << i)) and (digits & (1 << dice[i])):
                    return R_OTHERS_SERIAL
        if n == 4 and _fifth(dice, kept) <= kv:
            return R_FIFTH_BIGGER
        return OK

    if last_rolled == 3:
        if pattern(dice) == PAT_FULL_HOUSE:
            dup = edgework.duplicate_ports
            if n == 0:
                if strict:
                    return R_FH_TRIPLE if dup else R_FH_PAIR
                return OK
            triple = _count(dice, kv) == 3
            if dup:
                return OK if (n == 3 and triple) else R_FH_TRIPLE
            return OK if (n == 2 and not triple) else R_FH_PAIR
        if n <= 2:
            return OK
        if edgework.serial_digits & (1 << kv):
            return OK
        if n == 3:
            return OK if (was_kept & (_P | _W)) else R_THREE_NEEDS_PW
        return OK if _fifth(dice, kept) < kv else R_FIFTH_SMALLER

    if last_rolled == 2:
        if n <= 3:
            return OK
        if was_kept & (_Y | _B):
            return OK
        f = _fifth(dice, kept)
        if f == kv + 1 or f == kv - 1:
            return OK
        return R_FOUR_NEEDS_YB

    return OK  # 1 die: only "one value"


def keep_is_legal(edgework, dice, last_rolled, was_kept, kept, strict=False):
    """True when rolling with ``kept`` held is legal (see explain() for the arguments)."""
    return explain(edgework, dice, last_rolled, was_kept, kept, strict) == OK


def mask_count(mask):
    """Number of dice in a 5-bit mask."""
    n = 0
    for i in range(5):
        if mask & (1 << i):
            n += 1
    return n


class Module:
    """One Defuse module: five coloured dice, a kept set, strikes and an optional countdown.

    State (read it, change it only through the methods): dice (bytearray(5), 0 before the first
    roll), kept and was_kept (5-bit masks), stage (dice rolled by the last successful roll, 0
    before the first), strikes, rolls (successful rolls), solved, exploded, last_reason (reason
    code of the last strike), time_left_ms (0 without a time limit), elapsed_ms.
    strike_limit 0 or time_limit_s 0 means no limit.
    """

    def __init__(self, edgework, strike_limit=3, time_limit_s=0, strict=False):
        self.edgework = edgework
        self.strike_limit = int(strike_limit)
        self.time_limit_s = int(time_limit_s)
        self.strict = bool(strict)
        self.dice = bytearray(5)
        self.reset()

    def reset(self):
        """Start the same bomb over: no dice rolled, no strikes, full time."""
        for i in range(5):
            self.dice[i] = 0
        self.kept = 0
        self.was_kept = 0
        self.stage = 0
        self.strikes = 0
        self.rolls = 0
        self.solved = False
        self.exploded = False
        self.last_reason = OK
        self.time_left_ms = self.time_limit_s * 1000
        self.elapsed_ms = 0

    def over(self):
        return self.solved or self.exploded

    def is_kept(self, colour):
        return bool(self.kept & (1 << colour))

    def kept_count(self):
        return mask_count(self.kept)

    def toggle(self, colour):
        """Keep or release the die of this colour; returns a TOGGLE_* code."""
        if colour < 0 or colour > 4:
            return TOGGLE_BAD
        if self.solved or self.exploded:
            return TOGGLE_OVER
        if self.stage == 0:
            return TOGGLE_NOT_ROLLED
        bit = 1 << colour
        if self.kept & bit:
            self.kept &= ~bit
            return TOGGLE_RELEASED
        if mask_count(self.kept) >= MAX_KEPT:
            return TOGGLE_FULL
        self.kept |= bit
        return TOGGLE_KEPT

    def check(self):
        """Reason code for rolling now with the current kept set (OK when legal)."""
        if self.stage == 0:
            return OK
        return explain(self.edgework, self.dice, self.stage, self.was_kept, self.kept, self.strict)

    def required_value(self):
        """At the 5-dice stage: the value to keep (0 = keep nothing); 0 at other stages."""
        if self.stage != 5:
            return 0
        return required_value(self.edgework, self.dice)

    def roll(self, rng):
        """Press ROLL. Returns EV_ROLLED, EV_SOLVED, EV_STRIKE, EV_EXPLODED (strike limit
        reached), or EV_NONE when the module is already solved or exploded.

        An illegal kept set strikes and changes nothing else. Otherwise every un-kept die is
        rerolled in colour order (rng.die() once per die)."""
        if self.solved or self.exploded:
            return EV_NONE
        if self.stage != 0:
            reason = explain(
                self.edgework, self.dice, self.stage, self.was_kept, self.kept, self.strict
            )
            if reason != OK:
                self.last_reason = reason
                self.strikes += 1
                if self.strike_limit > 0 and self.strikes >= self.strike_limit:
                    self.exploded = True
                    return EV_EXPLODED
                return EV_STRIKE
        kept = self.kept
        dice = self.dice
        n = 0
        for i in range(5):
            if not (kept & (1 << i)):
                dice[i] = rng.die()
                n += 1
        self.stage = n
        self.was_kept = kept
        self.rolls += 1
        v = dice[0]
        if dice[1] == v and dice[2] == v and dice[3] == v and dice[4] == v:
            self.solved = True
            return EV_SOLVED
        return EV_ROLLED

    def seconds_left(self):
        """Whole seconds shown on the countdown (rounded up); 0 without a time limit."""
        return (self.time_left_ms + 999) // 1000

    def tick(self, ms):
        """Advance the clock by ms. Returns EV_EXPLODED when the countdown reaches 0, EV_TICK
        when the displayed second changes (countdown, or elapsed time without a limit), else
        EV_NONE. The clock stops once the module is solved or exploded."""
        if self.solved or self.exploded or ms <= 0:
            return EV_NONE
        before = self.elapsed_ms // 1000
        if self.elapsed_ms < _ELAPSED_CAP:  # stays a small int on 32-bit ports
            self.elapsed_ms += ms
        if self.time_limit_s > 0:
            shown = (self.time_left_ms + 999) // 1000
            self.time_left_ms -= ms
            if self.time_left_ms <= 0:
                self.time_left_ms = 0
                self.exploded = True
                return EV_EXPLODED
            if (self.time_left_ms + 999) // 1000 != shown:
                return EV_TICK
            return EV_NONE
        if self.elapsed_ms // 1000 != before:
            return EV_TICK
        return EV_NONE
