"""Computer players: easy, medium and hard. Each is a policy ``choose(game) -> (action, arg)``
that acts through the same engine actions as a human (hold, roll, move the cursor, score) and
returns preallocated tuples: no allocation per move.

    planner = strategy.TurnPlanner()
    formula = formula_values.FormulaValues()             # yahtzee_core/formula_values.py
    easy = easy_player.EasyPlayer()                      # yahtzee_core/easy_player.py
    medium = PlanPlayer(planner, formula)
    hard = HardPlayer(planner, tables)                   # tables.values_for(rs) -> TableValues/None
    policies = (None, easy, medium, hard)                # indexed by engine.EASY..HARD

- easy: greedy (``yahtzee_core/easy_player.py``, loaded only for a game with an easy seat; it
  acts with this module's ``hold_action`` and ``score_action``).
- medium: the exact turn planner of ``strategy.py`` (optimal holds for this turn) with the
  future estimated by a formula with a handful of constants (``FormulaValues``, in
  ``yahtzee_core/formula_values.py``: loaded only for a medium seat or hard without a table): each open box
  is worth a fixed share of its best score, the upper bonus is worth its chance from how far the
  upper section is above or below "three of each", and an armed Yahtzee bonus adds a little per
  open box. Markov in the turn state, so its exact expected score is computable
  (tools/strategy/bench_players.py).
- hard: the same planner reading the exact strategy table (docs/strategy_table.md); without a
  table for the game's rules it plays as medium and says so once (``notice``).
"""

from . import engine as _engine
from . import rules as _rules
from . import strategy as _strategy

_ROLL = (_engine.ROLL, 0)
_SCORE = (_engine.SCORE, 0)
_HOLD = tuple([(_engine.HOLD, i) for i in range(5)])
_SELECT = tuple([(_engine.SELECT_BOX, b) for b in range(_rules.MAX_BOXES)])


def score_action(game, box):
    """Move the cursor onto ``box`` first (a watcher sees the choice), then score it."""
    if not game.cursor_visible or game.cursor != box:
        return _SELECT[box]
    return _SCORE


def hold_action(game, want):
    """One step towards holding exactly the dice in mask ``want``; ROLL once there."""
    diff = want ^ game.held
    if diff:
        for i in range(5):
            if (diff >> i) & 1:
                return _HOLD[i]
    return _ROLL


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
                return hold_action(game, want)
        elif stage == 2 and self.skip_turn != self._turn_id(game):
            want = pl.best_hold(game.dice, 2, game.held)
            if want != _strategy.ALL_FIVE:
                return hold_action(game, want)
        return score_action(game, pl.box_values(game.dice))


_NO_TABLE = b"CPU-h: no table, med"  # 20 cells: the smallest message line


class HardPlayer(PlanPlayer):
    """The planner with the exact table for the game's rules (``tables.values_for(rs)``);
    plays as medium where there is no table and says so once per rule set (``notice(text)``,
    e.g. the app's message line; printed too)."""

    def __init__(self, planner, tables, formula=None, notice=None):
        super().__init__(planner, formula)  # medium's formula: made when first needed
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
        if self.formula is None:
            from .formula_values import FormulaValues

            self.formula = FormulaValues()
        return PlanPlayer.values_for(self, game)
