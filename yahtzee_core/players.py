"""Computer players: easy, medium and hard. Each is a policy ``choose(game) -> (action, arg)``
that acts through the same engine actions as a human (hold, roll, move the cursor, score) and
returns preallocated tuples: no allocation per move.

    planner = strategy.TurnPlanner()
    formula = FormulaValues()
    easy, medium = EasyPlayer(), PlanPlayer(planner, formula)
    hard = HardPlayer(planner, tables, formula)        # tables.values_for(rs) -> TableValues/None
    policies = (None, easy, medium, hard)                # indexed by engine.EASY..HARD

- easy: greedy. Keeps the dice of its most common face (the higher face on a tie), stops on a
  made full house, straight or five of a kind, and scores the box with the best preview.
- medium: the exact turn planner of ``strategy.py`` (optimal holds for this turn) with the
  future estimated by a formula with a handful of constants (``FormulaValues``): each open box
  is worth a fixed share of its best score, the upper bonus is worth its chance from how far the
  upper section is above or below "three of each", and an armed Yahtzee bonus adds a little per
  open box. Markov in the turn state, so its exact expected score is computable
  (tools/strategy/bench_players.py).
- hard: the same planner reading the exact strategy table (docs/strategy_table.md); without a
  table for the game's rules it plays as medium and says so once (``notice``).
"""

from .compat import array, const
from . import engine as _engine
from . import rules as _rules
from . import strategy as _strategy

_ROLL = (_engine.ROLL, 0)
_SCORE = (_engine.SCORE, 0)
_HOLD = tuple([(_engine.HOLD, i) for i in range(5)])
_SELECT = tuple([(_engine.SELECT_BOX, b) for b in range(_rules.MAX_BOXES)])

UNITS = _strategy.UNITS


def _score_action(game, box):
    """Move the cursor onto ``box`` first (a watcher sees the choice), then score it."""
    if not game.cursor_visible or game.cursor != box:
        return _SELECT[box]
    return _SCORE


def _hold_action(game, want):
    """One step towards holding exactly the dice in mask ``want``; ROLL once there."""
    diff = want ^ game.held
    if diff:
        for i in range(5):
            if (diff >> i) & 1:
                return _HOLD[i]
    return _ROLL


class EasyPlayer:
    """Greedy, no look-ahead: best box for the current dice, simple holds."""

    def choose(self, game):
        if game.rolls_used == 0:
            return _ROLL
        best = self.best_box(game)
        if game.rolls_used < _engine.ROLLS_PER_TURN and not self.made(game, best):
            return _hold_action(game, self.keep_mask(game))
        return _score_action(game, best)

    @staticmethod
    def best_box(game):
        """The allowed box with the highest preview (lowest index on a tie)."""
        prev = game.preview
        best = 0
        value = -2
        for b in range(game.rules.n_boxes):
            if prev[b] > value:
                value = prev[b]
                best = b
        return best

    @staticmethod
    def made(game, box):
        """Stop rolling: the best box is a fixed pattern (full house, straight, five of a kind)
        that the dice already make."""
        kind = game.rules.kinds[box]
        return game.preview[box] > 0 and (
            kind == _rules.FULL_HOUSE or kind == _rules.STRAIGHT or kind == _rules.YAHTZEE
        )

    @staticmethod
    def keep_mask(game):
        """The dice of the most common face (the higher face on a tie)."""
        counts = game.counts
        face = 6
        for f in range(5, 0, -1):
            if counts[f] > counts[face]:
                face = f
        mask = 0
        for i in range(5):
            if game.dice[i] == face:
                mask |= 1 << i
        return mask


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


# -- planned players (medium, hard) ---------------------------------------------------------------


class PlanPlayer:
    """Plays each turn by the turn planner with a value source (medium: ``FormulaValues``).

    Before roll 2: the best hold for ``x2``; if that keeps all five the roll is skipped and the
    hold for ``x3`` is played instead, the next roll being the last one used (as the device
    procedure that the exact evaluator scores). Before roll 3: the best hold for ``x3``."""

    def __init__(self, planner, values):
        self.planner = planner
        self.formula = values
        self.skip_turn = -1  # turn (see _turn_id) whose second roll was skipped

    def values_for(self, game):
        self.formula.use_rules(game.rules)
        return self.formula

    @staticmethod
    def _turn_id(game):
        return (game.filled[game.player] << 7) | (game.round << 2) | game.player

    def choose(self, game):
        if game.rolls_used == 0:
            return _ROLL
        values = self.values_for(game)
        pl = self.planner
        pl.plan_game(values, game, game.player)
        stage = game.rolls_used
        if stage == 1:
            want = pl.best_hold(game.dice, 1, game.held)
            if want == _strategy.ALL_FIVE:  # skip roll 2: decide as before roll 3
                self.skip_turn = self._turn_id(game)
                want = pl.best_hold(game.dice, 2, game.held)
            else:
                self.skip_turn = -1
            if want != _strategy.ALL_FIVE:
                return _hold_action(game, want)
        elif stage == 2 and self.skip_turn != self._turn_id(game):
            want = pl.best_hold(game.dice, 2, game.held)
            if want != _strategy.ALL_FIVE:
                return _hold_action(game, want)
        return _score_action(game, pl.box_values(game.dice))


_NO_TABLE = b"CPU-h: no table, med"  # 20 cells: the smallest message line


class HardPlayer(PlanPlayer):
    """The planner with the exact table for the game's rules (``tables.values_for(rs)``);
    plays as medium where there is no table and says so once per rule set (``notice(text)``,
    e.g. the app's message line; printed too)."""

    def __init__(self, planner, tables, formula, notice=None):
        super().__init__(planner, formula)
        self.tables = tables
        self.notice = notice
        self.warned = 0  # bit (variant_id * 3 + joker): already said

    def values_for(self, game):
        rs = game.rules
        values = self.tables.values_for(rs) if self.tables is not None else None
        if values is not None:
            return values
        bit = 1 << (rs.variant_id * 3 + rs.joker)
        if not self.warned & bit:
            self.warned |= bit
            print("hard player: no strategy table for %s (%s Joker); playing as medium"
                  % (rs.title, _rules.JOKER_NAMES[rs.joker]))
            if self.notice is not None:
                self.notice(_NO_TABLE)
        return PlanPlayer.values_for(self, game)
