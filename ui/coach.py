"""The coach: HINT shows the best hold or box and what the game is then expected to score;
after a human's choice it can show how many expected points the choice cost.

    coach = Coach(planner, tables)          # strategy.TurnPlanner, hw.tables.Tables
    app = App(board, coach=coach)           # HINT -> coach.hint(app); code.py's app builds
                                            # it for each game (ui/strategy_set.py)

Messages: "Hold 66, EV 254.6", "Roll all, EV 249.8", "3 of a kind for 22, EV 251.3" (a box by
the longest name the message line has room for: the play screen's when the message may take two
lines or 29 cells, else the scorecard's: "3 Kind" on the PyGamer), "Roll, EV 254.6" (before the
first roll), "Cost 3.4 pts"; at most 30 cells (two lines where the line is shorter). EV is the
expected final total with best play from here: the points on the card + the table's value.
A seat that asked for a hint is marked in ``app.coached`` (bit per seat; the high-score table
shows such games with a mark). ``lost[seat]`` and ``choices[seat]`` sum what the seat's choices cost (1/128 point)
and how many
were measured; the app keeps them when the game ends for the game-over screen ("P1 lost 12.3 pts",
ui/gameover_screen.py).

Costs are measured against the device procedure's own values: a hold's keep number (before
rolls 2 and 3) or a box's value, both from the exact table. Only human seats are coached; no
table for the game's rules means no hints ("No table for hints").

Text is written into preallocated bytearrays (one per length), so a hint allocates nothing once
the planner exists."""

from yahtzee_core import engine
from yahtzee_core import strategy
from yahtzee_core.compat import array, const

from . import screen as S
from . import theme
from .text import ZERO

WIDTH = const(30)  # a hint's longest line (ui/screen.HINT_CELLS = WIDTH - 1)
_SHORTEST = const(12)  # "Cost 0.1 pts", "Roll, EV 1.0": no message is shorter (padded if it were)
_SHOW_FROM = const(7)  # units (1/128 point): a cost is shown from 0.05 points (rounds to 0.1)

_HOLD = b"Hold "
_ROLL_ALL = b"Roll all"
_ROLL = b"Roll"
_FOR = b" for "
_EV = b", EV "
_COST = b"Cost "
_PTS = b" pts"
_NO_TABLE = b"No table for hints"


class _Writer:
    """Builds a short ASCII message in a scratch buffer; ``done()`` returns it in a bytearray of
    exactly its length (one preallocated per length)."""

    def __init__(self, width):
        self.buf = bytearray(width)
        self.n = 0
        self.pool = [None] * (width + 1 - _SHORTEST)  # type: list
        for i in range(len(self.pool)):
            self.pool[i] = bytearray(_SHORTEST + i)

    def start(self):
        self.n = 0

    def add(self, data):
        for c in data:
            if self.n < len(self.buf):
                self.buf[self.n] = c
                self.n += 1

    def char(self, c):
        if self.n < len(self.buf):
            self.buf[self.n] = c
            self.n += 1

    def number(self, value):
        if value < 0:
            self.char(45)
            value = -value
        div = 1
        while div * 10 <= value:
            div *= 10
        while div:
            self.char(ZERO + (value // div) % 10)
            div //= 10

    def tenths(self, units):
        """A value in 1/128 point as "254.6" (rounded to a tenth)."""
        t = (units * 10 + 64) // 128 if units >= 0 else -((-units * 10 + 64) // 128)
        if t < 0:
            self.char(45)
            t = -t
        self.number(t // 10)
        self.char(46)
        self.char(ZERO + t % 10)

    def done(self):
        while self.n < _SHORTEST:
            self.char(32)
        out = self.pool[self.n - _SHORTEST]
        buf = self.buf
        for i in range(self.n):
            out[i] = buf[i]
        return out


class Coach:
    """``hint(app)`` for the HINT input; ``before_act``/``after_act`` around every app action
    measure what a human's hold or box choice cost (``show_cost`` shows it)."""

    def __init__(self, planner, tables, show_cost=True):
        self.planner = planner
        self.tables = tables
        self.show_cost = show_cost
        self.lost = array("i", [0] * engine.MAX_SEATS)  # units lost per seat this game
        self.choices = array("H", [0] * engine.MAX_SEATS)  # choices measured per seat
        self.hints = 0  # hints given (tests)
        self.pending = -1  # cost (units) of the action being applied, -1: none
        self._seat = 0
        self._box_choice = False  # the action being applied chooses a box
        self.last_box_cost = -1  # cost of the last measured box choice (UNDO takes it back)
        self.last_box_seat = 0
        # one writer for hints, costs and the game-over summary: the summary is written only once
        # the game is over (no hint or cost then) and copied into its label at once, and a new
        # game or an undo replaces the message line's text before it is shown again (~0.9 KB)
        self.text = _Writer(WIDTH)
        self._dice = bytearray(5)

    # -- helpers -------------------------------------------------------------------------------
    def _values(self, game):
        """The table values for the game's rules (None: no table)."""
        if self.tables is None:
            return None
        return self.tables.values_for(game.rules)

    def _plan(self, game):
        """Plan the current seat's turn; False when there is no table."""
        values = self._values(game)
        if values is None:
            return False
        self.planner.plan_game(values, game, game.player)
        return True


    def new_game(self):
        for s in range(engine.MAX_SEATS):
            self.lost[s] = 0
            self.choices[s] = 0
        self.pending = -1
        self.last_box_cost = -1

    # -- HINT ----------------------------------------------------------------------------------
    def hint(self, app):
        game = app.game
        if game.over or game.is_computer():
            return
        if not self._plan(game):
            app.say(_NO_TABLE, theme.DIM)
            return
        pl = self.planner
        seat = game.player
        base = 128 * game.total(seat)  # points on the card, in units
        w = self.text
        w.start()
        stage = game.rolls_used
        if stage == 0:
            values = self._values(game)
            w.add(_ROLL)
            w.add(_EV)
            w.tenths(base + values.value(pl.mask, pl.upper, pl.y))
        else:
            hold = strategy.ALL_FIVE
            if stage < engine.ROLLS_PER_TURN:
                hold = pl.best_hold(game.dice, stage, game.held)
                if hold == strategy.ALL_FIVE and stage == 1:  # no second roll: as before roll 3
                    hold = pl.best_hold(game.dice, 2, game.held)
            if hold != strategy.ALL_FIVE:
                x = pl.best_value()
                if hold == 0:
                    w.add(_ROLL_ALL)
                else:
                    w.add(_HOLD)
                    n = pl.lat.dice_of(pl.sub[hold], self._dice)
                    for i in range(n):
                        w.char(ZERO + self._dice[i])
                w.add(_EV)
                w.tenths(base + x // strategy.SCALE)
            else:
                box = pl.box_values(game.dice)
                w.add(app.screens[S.PLAY].hint_labels[box])  # the box's name that fits the line
                w.add(_FOR)
                w.number(game.preview[box])
                w.add(_EV)
                w.tenths(base + pl.box[box])
        self.hints += 1
        if hasattr(app, "coached"):
            app.coached |= 1 << seat
        app.say(w.done(), theme.ACCENT)

    # -- what a choice cost --------------------------------------------------------------------
    def cost_of(self, game, action, arg):
        """Expected points (units) that ``action`` gives away against the best choice, or -1 when
        it is not a hold or box choice of a human seat (or there is no table)."""
        if game.over or game.is_computer() or game.rolls_used == 0:
            return -1
        stage = game.rolls_used
        if action == engine.ROLL:
            if stage >= engine.ROLLS_PER_TURN:
                return -1
        elif action == engine.SCORE or action == engine.SCORE_BOX:
            box = game.cursor if action == engine.SCORE else arg
            if not game.cursor_visible and action == engine.SCORE:
                return -1
            if not game.can_score(box):
                return -1
        else:
            return -1
        if not self._plan(game):
            return -1
        pl = self.planner
        if stage < engine.ROLLS_PER_TURN:
            pl.best_hold(game.dice, stage, game.held)
            best = pl.best_value()
            if action == engine.ROLL:
                return (best - pl.hold[game.held]) // strategy.SCALE
            pl.box_values(game.dice)
            cost = best // strategy.SCALE - pl.box[box]
        else:
            b = pl.box_values(game.dice)
            cost = pl.box[b] - pl.box[box]
        return cost if cost > 0 else 0

    def before_act(self, app, action, arg):
        game = app.game
        self.pending = self.cost_of(game, action, arg)
        self._seat = game.player
        self._box_choice = action == engine.SCORE or action == engine.SCORE_BOX

    def after_act(self, app, result):
        cost = self.pending
        self.pending = -1
        if self._box_choice and result == engine.OK:
            self.last_box_cost = cost  # -1 when it was not measured: nothing to take back
            self.last_box_seat = self._seat
        if cost < 0 or result != engine.OK:
            return
        seat = self._seat
        self.lost[seat] += cost
        self.choices[seat] += 1
        # the action's own messages (Yahtzee!, bonus, next player) follow and replace it
        if self.show_cost and cost >= _SHOW_FROM:
            w = self.text
            w.start()
            w.add(_COST)
            w.tenths(cost)
            w.add(_PTS)
            app.say(w.done(), theme.WARN)

    def take_back(self):
        """The last box choice was undone: its cost no longer counts (it is measured again
        when the seat chooses), so an undone choice counts once."""
        cost = self.last_box_cost
        if cost < 0:
            return
        self.last_box_cost = -1
        seat = self.last_box_seat
        self.lost[seat] -= cost
        self.choices[seat] -= 1
