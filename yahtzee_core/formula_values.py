"""Medium's estimate of the future: a value source (``begin(mask, y)`` / ``at(upper)``, as
``strategy.TableValues``) computed from a formula with a handful of constants instead of read
from a table. Loaded only for a medium seat, or a hard one with no table for the game's rules
(``ui/strategy_set.make_players``, ``players.HardPlayer``): a game without one holds none of it.
"""

from .compat import array, const
from . import rules as _rules
from .strategy import UNITS

# -- medium's estimate of the future --------------------------------------------------------------

# Each open box is worth SHARE[kind]/256 of its best normal score (kind: rules.UPPER..CHANCE;
# KIND and STRAIGHT split by the number of dice they need).
SHARE_UPPER = const(0)
SHARE_3K = const(1)
SHARE_4K = const(2)
SHARE_PAIR = const(3)
SHARE_2PAIRS = const(4)
SHARE_FULL_HOUSE = const(5)
SHARE_RUN4 = const(6)
SHARE_RUN5 = const(7)
SHARE_YAHTZEE = const(8)
SHARE_CHANCE = const(9)

# Tuned with the exact policy evaluator (python tools/strategy/bench_players.py --tune <key>): Yahtzee on
# the forced-Joker rules, Yatzy on its own; other variants use the Yahtzee set.
MEDIUM = {
    "yahtzee": {
        "share": (128, 188, 158, 190, 175, 198, 234, 173, 38, 204),  # /256 of the box's best score
        "bonus_mid": 160,  # /256: chance of the upper bonus when exactly at "three of each"
        "bonus_slope": 96,  # /256 of chance per point above par, per 21 faces still open
        "yahtzee_bonus": 384,  # units (1/128 point) per open box while a Yahtzee bonus is armed
    },
    "yatzy": {  # (no 4-dice straight, no Yahtzee bonus: those two constants are unused)
        "share": (128, 204, 158, 286, 207, 150, 234, 77, 38, 220),
        "bonus_mid": 160,
        "bonus_slope": 96,
        "yahtzee_bonus": 0,
    },
}


def medium_params(name, params=None):
    """The constant set for variant ``name`` from ``params`` (one set, or sets by variant)."""
    params = params or MEDIUM
    if "share" in params:
        return params
    return params.get(name) or params["yahtzee"]


def _best_score(rs, box, counts):
    """The highest normal score of ``box`` over the 252 rolls (start-up; no tuples)."""
    best = 0
    for a in range(1, 7):
        for b in range(a, 7):
            for c in range(b, 7):
                for d in range(c, 7):
                    for e in range(d, 7):
                        for f in range(7):
                            counts[f] = 0
                        counts[a] += 1
                        counts[b] += 1
                        counts[c] += 1
                        counts[d] += 1
                        counts[e] += 1
                        s = rs.score_counts(box, counts, a + b + c + d + e)
                        if s > best:
                            best = s
    return best


class FormulaValues:
    """A value source (``begin(mask, y)`` / ``at(upper)``, as ``strategy.TableValues``) that
    estimates the points still to come from a formula instead of a table: the sum of the open
    boxes' shares + the upper bonus times its estimated chance + something for an armed Yahtzee
    bonus. Integers in 1/128 point; allocates nothing after ``use_rules``."""

    def __init__(self, params=None, rs=None):
        self.params = params or MEDIUM
        self.share = array("H", medium_params("yahtzee", self.params)["share"])
        self.bonus_mid = 0
        self.bonus_slope = 0
        self.ybonus = 0
        self.par = array("i", [0] * _rules.MAX_BOXES)  # units: value of each box while open
        self.face = bytearray(_rules.MAX_BOXES)
        self.rs = None
        self.cur = 0
        self.open_faces = 0
        self.filled_faces = 0
        if rs is not None:
            self.use_rules(rs)

    def use_rules(self, rs):
        if rs is self.rs:
            return
        p = medium_params(rs.name, self.params)
        for i in range(len(self.share)):
            self.share[i] = p["share"][i]
        self.bonus_mid = p["bonus_mid"]
        self.bonus_slope = p["bonus_slope"]
        self.ybonus = p["yahtzee_bonus"]
        counts = bytearray(7)
        for b in range(rs.n_boxes):
            kind = rs.kinds[b]
            a = rs.param_a[b]
            if kind == _rules.UPPER:
                k = SHARE_UPPER
            elif kind == _rules.KIND:
                k = SHARE_3K if a <= 3 else SHARE_4K
            elif kind == _rules.PAIRS:
                k = SHARE_PAIR if a == 1 else SHARE_2PAIRS
            elif kind == _rules.FULL_HOUSE:
                k = SHARE_FULL_HOUSE
            elif kind == _rules.STRAIGHT:
                k = SHARE_RUN4 if a <= 4 else SHARE_RUN5
            elif kind == _rules.YAHTZEE:
                k = SHARE_YAHTZEE
            else:
                k = SHARE_CHANCE
            best = _best_score(rs, b, counts)
            self.par[b] = best * self.share[k] * UNITS // 256
            self.face[b] = a if kind == _rules.UPPER else 0
        self.rs = rs

    def begin(self, mask, y):
        rs = self.rs
        s = 0
        n_open = 0
        open_faces = 0
        filled_faces = 0
        for b in range(rs.n_boxes):
            if (mask >> b) & 1:
                filled_faces += self.face[b]
            else:
                s += self.par[b]
                n_open += 1
                open_faces += self.face[b]
        if y:
            s += self.ybonus * n_open
        self.cur = s
        self.open_faces = open_faces
        self.filled_faces = filled_faces

    def at(self, upper):
        rs = self.rs
        cap = rs.upper_threshold
        if not rs.upper_bonus or upper >= cap or not self.open_faces:
            return self.cur
        # points above (+) or below (-) "cap/21 per face" in the filled upper boxes, x21
        slack21 = 21 * upper - cap * self.filled_faces
        p = self.bonus_mid + slack21 * self.bonus_slope // (self.open_faces * 21)
        if p < 0:
            p = 0
        elif p > 256:
            p = 256
        return self.cur + rs.upper_bonus * UNITS * p // 256

    def value(self, mask, upper, y):
        if mask == self.rs.all_mask:
            return 0
        self.begin(mask, y)
        return self.at(upper)
