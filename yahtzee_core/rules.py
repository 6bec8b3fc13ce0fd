"""Rule sets as data: each variant is a table of boxes plus a few numbers.

    from yahtzee_core import rules
    rs = rules.get("yahtzee")          # also "yatzy", "yacht"
    rs.categories                      # box keys in scorecard order
    rs.score_counts(box, counts, total)     # counts[1..6]: the dice as face counts

Scoring works on face counts (``counts[1..6]``) so the engine can preview every box without
allocating; ``host_helpers.score(rs, "full_house", [2, 2, 3, 3, 3])`` (tests, tools) scores a
given roll with its checks, which no board needs.
"""

import sys

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

UPPER_KEYS = ("ones", "twos", "threes", "fours", "fives", "sixes")


# Per variant, in VARIANT_IDS order (stable numbering, used by snapshots and saved settings:
# append only). A variant's lower boxes are in its own module, ``boxes_<name>.py``, loaded only
# while its rule set is made.
VARIANT_IDS = ("yahtzee", "yatzy", "yacht")
TITLES = ("Yahtzee", "Yatzy", "Yacht")
N_BOXES = (13, 15, 12)  # boxes in all (6 upper)
UPPER_THRESHOLDS = (63, 63, 0)
UPPER_BONUSES = (35, 50, 0)
YAHTZEE_BONUSES = (100, 0, 0)
DEFAULT_JOKERS = (JOKER_FORCED, JOKER_NONE, JOKER_NONE)
JOKERS = ((JOKER_FORCED, JOKER_FREE), (JOKER_NONE,), (JOKER_NONE,))  # the Joker rules each allows

MAX_BOXES = const(16)


class RuleSet:
    """One variant's scorecard and scoring. Build with :func:`get`, which fills it with
    ``yahtzee_core/rules_build.py`` (loaded for that, then unloaded)."""

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

    def is_upper(self, box):
        return (self.upper_mask >> box) & 1 == 1

    def possible_values(self, box):
        """Sorted bytes of every score ``box`` can hold in a game (Joker scores included).
        Computed once, over the 252 distinct rolls, when the compact snapshot first asks (ui/app_start
        warms it as a game starts): as bits, so the work holds ~0.5 KB, not the rolls' 9 KB of
        tuples and sets beside a game being built."""
        if self._values is None:
            from . import rules_build  # once per rule set: unloaded after

            self._values = rules_build.possible_values(self)
            _unload("yahtzee_core.rules_build")
        return self._values[box]


def _unload(name):
    """Forget a module once read (its code is freed when nothing else refers to it)."""
    del sys.modules[name]
    dot = name.rfind(".")
    parent = sys.modules.get(name[:dot])
    if parent is not None and hasattr(parent, name[dot + 1:]):
        delattr(parent, name[dot + 1:])


_cache = {}


def get(name="yahtzee", joker=None):
    """The rule set for a variant name (``"yahtzee"``, ``"yatzy"``, ``"yacht"``).

    ``joker`` picks the Joker rule where the variant has one: ``JOKER_FORCED`` (official,
    default) or ``JOKER_FREE``; also accepted as the strings ``"forced"`` / ``"free"``."""
    if isinstance(joker, str):
        if joker not in JOKER_NAMES:
            raise ValueError("unknown joker rule")
        joker = JOKER_NAMES.index(joker)
    if joker is None and name in VARIANT_IDS:
        joker = DEFAULT_JOKERS[VARIANT_IDS.index(name)]
    key = (name, joker)
    rs = _cache.get(key)
    if rs is None:
        from . import rules_build  # start-up code: unloaded once the rule set is made

        rs = rules_build.fill(RuleSet(), name, joker)
        _unload("yahtzee_core.rules_build")
        _cache[key] = rs
    return rs


def by_id(variant_id, joker=None):
    if variant_id < 0 or variant_id >= len(VARIANT_IDS):
        raise ValueError("unknown variant id")
    return get(VARIANT_IDS[variant_id], joker)
