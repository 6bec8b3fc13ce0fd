"""A rule set's tables, made once per rule set: ``rules.get`` fills a ``RuleSet`` here, and
``RuleSet.possible_values`` works its box scores out here the first time it is asked.

Start-up code: ``rules`` unloads this module after each use, so a game holds the rule set's
tables, not the loops that made them. A variant's lower boxes are in its own module,
``boxes_<name>.py``, loaded only while its rule set is made."""

from .compat import const
from .rules import (DEFAULT_JOKERS, JOKER_NONE, JOKERS, TITLES, UPPER, UPPER_BONUSES, UPPER_KEYS,
                    UPPER_THRESHOLDS, VARIANT_IDS, YAHTZEE, YAHTZEE_BONUSES, _unload)

UPPER_LABELS = ("Ones", "Twos", "Threes", "Fours", "Fives", "Sixes")
UPPER_ABBRS = ("1s", "2s", "3s", "4s", "5s", "6s")
_VALUE_BYTES = const(32)  # possible_values: scores 0..255 per box (the highest any rule set gives is 50)


def fill(rs, name, joker):
    """Make ``rs`` (a bare ``RuleSet``) variant ``name`` with Joker rule ``joker`` (None: the
    variant's default); returns it. ValueError for an unknown variant or Joker rule."""
    if name not in VARIANT_IDS:
        raise ValueError("unknown variant")
    v = VARIANT_IDS.index(name)
    if joker is None:
        joker = DEFAULT_JOKERS[v]
    if joker not in JOKERS[v]:
        raise ValueError("joker rule not available for this variant")
    rs.name = name
    rs.variant_id = v
    rs.title = TITLES[v]
    rs.joker = joker
    rs.jokers = JOKERS[v]
    rs.upper_threshold = UPPER_THRESHOLDS[v]
    rs.upper_bonus = UPPER_BONUSES[v]
    rs.yahtzee_bonus = YAHTZEE_BONUSES[v]
    module = "yahtzee_core.boxes_" + name
    lower = __import__(module, None, None, ("KEYS",))
    _unload(module)
    n = 6 + len(lower.KEYS)
    rs.n_boxes = n
    rs.categories = UPPER_KEYS + lower.KEYS
    rs.labels = UPPER_LABELS + lower.LABELS
    rs.abbrs = UPPER_ABBRS + lower.ABBRS
    rs.kinds = bytearray(n)
    rs.param_a = bytearray(n)
    rs.param_b = bytearray(n)
    rs.param_c = bytearray(n)
    for i in range(n):
        if i < 6:
            rs.kinds[i] = UPPER
            rs.param_a[i] = i + 1
        else:
            j = 4 * (i - 6)
            rs.kinds[i] = lower.PARAMS[j]
            rs.param_a[i] = lower.PARAMS[j + 1]
            rs.param_b[i] = lower.PARAMS[j + 2]
            rs.param_c[i] = lower.PARAMS[j + 3]
    # Derived lookups.
    rs.upper_mask = 0
    rs.upper_box_for_face = bytearray(7)  # 0xFF: no upper box for that face
    for i in range(7):
        rs.upper_box_for_face[i] = 0xFF
    rs.yahtzee_box = -1
    for i in range(n):
        if rs.kinds[i] == UPPER:
            rs.upper_mask |= 1 << i
            rs.upper_box_for_face[rs.param_a[i]] = i
        elif rs.kinds[i] == YAHTZEE:
            rs.yahtzee_box = i
    rs.lower_mask = ((1 << n) - 1) & ~rs.upper_mask
    rs.all_mask = (1 << n) - 1
    rs._values = None
    return rs


def possible_values(rs):
    """Each box's possible scores in a game (Joker scores included) as sorted bytes, one per
    box (every score is below 256, ``_mark``; bytes take a quarter of a tuple's heap), over the
    252 distinct rolls: as bits while it works, so the work holds ~0.5 KB, not the rolls' 9 KB
    of tuples and sets beside a game being built."""
    n = rs.n_boxes
    seen = bytearray(n * _VALUE_BYTES)  # box b's bit v: score v is possible
    counts = bytearray(7)
    dice = bytearray(b"\x01\x01\x01\x01\x01")  # each roll as non-decreasing dice
    joker = rs.joker != JOKER_NONE
    while True:
        for face in range(7):
            counts[face] = 0
        total = 0
        for d in dice:
            counts[d] += 1
            total += d
        for b in range(n):
            _mark(seen, b, 0)
            _mark(seen, b, rs.score_counts(b, counts, total))
            if joker and counts[dice[0]] == 5:
                _mark(seen, b, rs.joker_score(b, counts, total))
        i = 4
        while i >= 0 and dice[i] == 6:
            i -= 1
        if i < 0:
            break
        d = dice[i] + 1
        while i < 5:
            dice[i] = d
            i += 1
    return _value_bytes(seen, n)


def _value_bytes(seen, n):
    """Each box's marked scores as sorted bytes. Loops, not comprehensions: a comprehension that
    read ``seen`` would make it a closure cell of possible_values, made on every call (a heap
    allocation where a save must make none)."""
    out = []
    for b in range(n):
        scores = []
        for v in range(8 * _VALUE_BYTES):
            if (seen[b * _VALUE_BYTES + (v >> 3)] >> (v & 7)) & 1:
                scores.append(v)
        out.append(bytes(scores))
    return tuple(out)


def _mark(seen, box, value):
    if value >= 8 * _VALUE_BYTES:
        raise ValueError("a box score above 255")
    seen[box * _VALUE_BYTES + (value >> 3)] |= 1 << (value & 7)
