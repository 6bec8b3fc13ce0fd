"""Rule sets as data: each variant is a table of boxes plus a few numbers.

    from yahtzee_core import rules
    rs = rules.get("yahtzee")          # also "yatzy", "yacht"
    rs.categories                      # box keys in scorecard order
    rs.score("full_house", [2, 2, 3, 3, 3])   # -> 25

Scoring works on face counts (``counts[1..6]``) so the engine can preview every box without
allocating; ``score`` is the plain "score a GIVEN roll in a GIVEN box" entry point.
"""

from .compat import const

# Box kinds and what their parameters a, b, c mean.
UPPER = const(1)  # a = face; score = a * count(a)
KIND = const(2)  # a = n of a kind; b = 0: sum of all dice, 1: sum of the n matching dice
PAIRS = const(3)  # a = 1: highest pair (2 dice), 2: two different pairs (4 dice)
FULL_HOUSE = const(4)  # three of one value + two of another; b = fixed score, 0 = sum of dice
STRAIGHT = const(5)  # a = run length; b = score; c = lowest face required (0 = any run)
YAHTZEE = const(6)  # five of a kind; b = score
CHANCE = const(7)  # sum of dice

# Joker rules (only meaningful with a Yahtzee bonus box).
JOKER_NONE = const(0)
JOKER_FORCED = const(1)  # official: matching upper box, else any lower box, else a 0 upper box
JOKER_FREE = const(2)  # any open box; FH/straights take their fixed score only if the upper box is filled

JOKER_NAMES = ("none", "forced", "free")

_SUM_ALL = const(0)
_SUM_MATCHING = const(1)

UPPER_KEYS = ("ones", "twos", "threes", "fours", "fives", "sixes")
UPPER_LABELS = ("Ones", "Twos", "Threes", "Fours", "Fives", "Sixes")
UPPER_ABBRS = ("1s", "2s", "3s", "4s", "5s", "6s")


def _upper_boxes():
    boxes = []
    for face in range(1, 7):
        boxes.append((UPPER_KEYS[face - 1], UPPER_LABELS[face - 1], UPPER_ABBRS[face - 1], UPPER, face, 0, 0))
    return boxes


# Each variant: (name, title, boxes, upper threshold, upper bonus, Yahtzee bonus, default Joker rule,
# Joker rules allowed). A box: (key, label, abbreviation, kind, a, b, c).
VARIANTS = {
    "yahtzee": (
        "yahtzee",
        "Yahtzee",
        _upper_boxes()
        + [
            ("three_of_a_kind", "3 of a kind", "3K", KIND, 3, _SUM_ALL, 0),
            ("four_of_a_kind", "4 of a kind", "4K", KIND, 4, _SUM_ALL, 0),
            ("full_house", "Full house", "FH", FULL_HOUSE, 0, 25, 0),
            ("small_straight", "Sm straight", "SS", STRAIGHT, 4, 30, 0),
            ("large_straight", "Lg straight", "LS", STRAIGHT, 5, 40, 0),
            ("yahtzee", "Yahtzee", "YZ", YAHTZEE, 0, 50, 0),
            ("chance", "Chance", "Ch", CHANCE, 0, 0, 0),
        ],
        63,
        35,
        100,
        JOKER_FORCED,
        (JOKER_FORCED, JOKER_FREE),
    ),
    "yatzy": (
        "yatzy",
        "Yatzy",
        _upper_boxes()
        + [
            ("one_pair", "One pair", "1P", PAIRS, 1, 0, 0),
            ("two_pairs", "Two pairs", "2P", PAIRS, 2, 0, 0),
            ("three_of_a_kind", "3 of a kind", "3K", KIND, 3, _SUM_MATCHING, 0),
            ("four_of_a_kind", "4 of a kind", "4K", KIND, 4, _SUM_MATCHING, 0),
            ("small_straight", "Sm straight", "SS", STRAIGHT, 5, 15, 1),
            ("large_straight", "Lg straight", "LS", STRAIGHT, 5, 20, 2),
            ("full_house", "Full house", "FH", FULL_HOUSE, 0, 0, 0),
            ("chance", "Chance", "Ch", CHANCE, 0, 0, 0),
            ("yatzy", "Yatzy", "YZ", YAHTZEE, 0, 50, 0),
        ],
        63,
        50,
        0,
        JOKER_NONE,
        (JOKER_NONE,),
    ),
    "yacht": (
        "yacht",
        "Yacht",
        _upper_boxes()
        + [
            ("full_house", "Full house", "FH", FULL_HOUSE, 0, 0, 0),
            ("four_of_a_kind", "4 of a kind", "4K", KIND, 4, _SUM_MATCHING, 0),
            ("little_straight", "Lit straight", "LS", STRAIGHT, 5, 30, 1),
            ("big_straight", "Big straight", "BS", STRAIGHT, 5, 30, 2),
            ("choice", "Choice", "Ch", CHANCE, 0, 0, 0),
            ("yacht", "Yacht", "YT", YAHTZEE, 0, 50, 0),
        ],
        0,
        0,
        0,
        JOKER_NONE,
        (JOKER_NONE,),
    ),
}

# Stable numbering of variants (used by snapshots and saved settings: append only).
VARIANT_IDS = ("yahtzee", "yatzy", "yacht")

MAX_BOXES = const(16)


class RuleSet:
    """One variant's scorecard and scoring. Build with :func:`get`."""

    def __init__(self, name, joker=None):
        if name not in VARIANTS:
            raise ValueError("unknown variant")
        (vname, title, boxes, threshold, upper_bonus, yahtzee_bonus, default_joker, jokers) = VARIANTS[name]
        if joker is None:
            joker = default_joker
        if joker not in jokers:
            raise ValueError("joker rule not available for this variant")
        self.name = vname
        self.variant_id = VARIANT_IDS.index(vname)
        self.title = title
        self.joker = joker
        self.jokers = jokers
        self.upper_threshold = threshold
        self.upper_bonus = upper_bonus
        self.yahtzee_bonus = yahtzee_bonus
        n = len(boxes)
        self.n_boxes = n
        self.categories = tuple([b[0] for b in boxes])
        self.labels = tuple([b[1] for b in boxes])
        self.abbrs = tuple([b[2] for b in boxes])
        self.kinds = bytearray([b[3] for b in boxes])
        self.param_a = bytearray([b[4] for b in boxes])
        self.param_b = bytearray([b[5] for b in boxes])
        self.param_c = bytearray([b[6] for b in boxes])
        # Derived lookups.
        self.upper_mask = 0
        self.upper_box_for_face = bytearray(7)  # 0xFF: no upper box for that face
        for i in range(7):
            self.upper_box_for_face[i] = 0xFF
        self.yahtzee_box = -1
        for i in range(n):
            if self.kinds[i] == UPPER:
                self.upper_mask |= 1 << i
                self.upper_box_for_face[self.param_a[i]] = i
            elif self.kinds[i] == YAHTZEE:
                self.yahtzee_box = i
        self.lower_mask = ((1 << n) - 1) & ~self.upper_mask
        self.all_mask = (1 << n) - 1
        self._counts = bytearray(7)
        self._values = None

    # -- scoring on counts (allocation-free) ------------------------------------------------

    def score_counts(self, box, counts, total):
        """Score of ``box`` for dice given as face counts (``counts[1..6]``) and their sum."""
        kind = self.kinds[box]
        a = self.param_a[box]
        if kind == UPPER:
            return a * counts[a]
        if kind == CHANCE:
            return total
        if kind == KIND:
            for face in range(6, 0, -1):
                if counts[face] >= a:
                    if self.param_b[box] == _SUM_ALL:
                        return total
                    return a * face
            return 0
        if kind == YAHTZEE:
            for face in range(1, 7):
                if counts[face] == 5:
                    return self.param_b[box]
            return 0
        if kind == FULL_HOUSE:
            three = False
            two = False
            for face in range(1, 7):
                if counts[face] == 3:
                    three = True
                elif counts[face] == 2:
                    two = True
            if three and two:
                b = self.param_b[box]
                return b if b else total
            return 0
        if kind == STRAIGHT:
            c = self.param_c[box]
            if c:
                lo = c
                hi = c
            else:
                lo = 1
                hi = 7 - a
            for start in range(lo, hi + 1):
                run = 0
                while run < a and start + run <= 6 and counts[start + run]:
                    run += 1
                if run == a:
                    return self.param_b[box]
            return 0
        if kind == PAIRS:
            if a == 1:
                for face in range(6, 0, -1):
                    if counts[face] >= 2:
                        return 2 * face
                return 0
            found = 0
            pairs = 0
            for face in range(6, 0, -1):
                if counts[face] >= 2:
                    found += 2 * face
                    pairs += 1
                    if pairs == a:
                        return found
            return 0
        return 0

    def joker_score(self, box, counts, total):
        """Score of ``box`` when a Yahtzee is played as a Joker: full house and straights take
        their fixed score (a sum-scored full house takes the dice total)."""
        kind = self.kinds[box]
        if kind == FULL_HOUSE:
            b = self.param_b[box]
            return b if b else total
        if kind == STRAIGHT:
            return self.param_b[box]
        return self.score_counts(box, counts, total)

    # -- plain entry points -----------------------------------------------------------------

    def index(self, key):
        """Box index of ``key``; ValueError if this variant has no such box."""
        for i in range(self.n_boxes):
            if self.categories[i] == key:
                return i
        raise ValueError("no such box in this variant")

    def load_counts(self, dice):
        """Validate 5 dice (any sequence of ints 1..6) into the internal counts; returns the sum."""
        counts = self._counts
        for face in range(7):
            counts[face] = 0
        n = 0
        total = 0
        for d in dice:
            if n == 5 or not isinstance(d, int) or isinstance(d, bool) or d < 1 or d > 6:
                raise ValueError("need exactly 5 dice, each 1..6")
            counts[d] += 1
            total += d
            n += 1
        if n != 5:
            raise ValueError("need exactly 5 dice, each 1..6")
        return total

    def score(self, key, dice):
        """Score a GIVEN roll in a GIVEN box, with no game context (no Joker, no bonus)."""
        box = key if isinstance(key, int) and not isinstance(key, bool) else self.index(key)
        if box < 0 or box >= self.n_boxes:
            raise ValueError("no such box in this variant")
        total = self.load_counts(dice)
        return self.score_counts(box, self._counts, total)

    def is_upper(self, box):
        return (self.upper_mask >> box) & 1 == 1

    def possible_values(self, box):
        """Sorted tuple of every score ``box`` can hold in a game (Joker scores included).
        Computed once by enumerating the 252 distinct rolls; used by the compact snapshot."""
        if self._values is None:
            counts = bytearray(7)
            seen = []
            for _ in range(self.n_boxes):
                seen.append(set([0]))
            for roll in all_rolls():
                for face in range(7):
                    counts[face] = 0
                for d in roll:
                    counts[d] += 1
                total = sum(roll)
                for b in range(self.n_boxes):
                    seen[b].add(self.score_counts(b, counts, total))
                    if self.joker != JOKER_NONE and counts[roll[0]] == 5:
                        seen[b].add(self.joker_score(b, counts, total))
            self._values = tuple([tuple(sorted(s)) for s in seen])
        return self._values[box]

    def max_total(self):
        """Highest total a single game can reach (for layout and validation)."""
        best = 0
        for b in range(self.n_boxes):
            best += self.possible_values(b)[-1]
        best += self.upper_bonus
        if self.yahtzee_bonus:
            best += self.yahtzee_bonus * (self.n_boxes - 1)
        return best


def all_rolls():
    """The 252 distinct rolls of five dice as sorted tuples (host and start-up use only)."""
    rolls = []
    for a in range(1, 7):
        for b in range(a, 7):
            for c in range(b, 7):
                for d in range(c, 7):
                    for e in range(d, 7):
                        rolls.append((a, b, c, d, e))
    return rolls


_cache = {}


def get(name="yahtzee", joker=None):
    """The rule set for a variant name (``"yahtzee"``, ``"yatzy"``, ``"yacht"``).

    ``joker`` picks the Joker rule where the variant has one: ``JOKER_FORCED`` (official,
    default) or ``JOKER_FREE``; also accepted as the strings ``"forced"`` / ``"free"``."""
    if isinstance(joker, str):
        if joker not in JOKER_NAMES:
            raise ValueError("unknown joker rule")
        joker = JOKER_NAMES.index(joker)
    if joker is None and name in VARIANTS:
        joker = VARIANTS[name][6]
    key = (name, joker)
    rs = _cache.get(key)
    if rs is None:
        rs = RuleSet(name, joker)
        _cache[key] = rs
    return rs


def by_id(variant_id, joker=None):
    if variant_id < 0 or variant_id >= len(VARIANT_IDS):
        raise ValueError("unknown variant id")
    return get(VARIANT_IDS[variant_id], joker)
