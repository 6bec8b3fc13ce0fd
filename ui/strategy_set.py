"""Which computer players are in memory: built for a game, dropped when no game goes on.

    strategy = StrategySet()        # nothing built (code.py passes it to App)
    strategy.acquire(app.say, kinds)  # a game starts, continues or the demo plays: built once
                                    # (the players of its seats' kinds, a coach for a human seat)
    strategy.policies, .coach       # the players by seat kind (engine.EASY..HARD; None in a game
                                    # of humans), the coach (None without a human seat)
    strategy.release()              # the game ended, the title or Defuse mode: dropped; on a board their
                                    # modules are unloaded too
    strategy.park()                 # the game waits (the rules reader, settings or help from its menu):
                                    # dropped as by release, the coach's figures kept for the next acquire

The turn planner's arrays, the players, the coach and the strategy-table reader take ~10 KB of
heap and their modules ~18 KB of code (``python tools/memory/strategy_memory.py`` prints each part;
docs/memory.md): a small board cannot keep them at the
title or in Defuse mode, which need none of them. ``App`` acquires them when a game's screens are
built and releases them when those are dropped (``ui/screen_set.ends_game``), or parks them with
the game's screens (``ui/screen_set.parks_game``). Building them is an
allocation: it happens on the key press that starts a game, as building its screens does.

On CPython the modules stay loaded (nothing to save; tests keep their classes); the objects are
dropped there too, so the desktop runs the same sequence of builds as a board."""

import gc

from yahtzee_core.compat import const

from .screen_set import UNLOADS, unload

# the modules only the players and the coach use (unloaded on release)
MODULES = ("ui.coach", "hw.tables", "yahtzee_core.players", "yahtzee_core.easy_player",
           "yahtzee_core.formula_values", "yahtzee_core.strategy")
_HUMAN_BIT = const(1)  # bit engine.HUMAN of a set of seat kinds
_EASY_BIT = const(2)
_MEDIUM_BIT = const(4)
_HARD_BIT = const(8)
ALL_SEATS = const(15)  # a human and every computer kind
TABLE_REFUSED = b"Bad table, not used"  # 19 cells: a damaged table (CRC), said once


def make_planner(checked=None, notice=None):
    """(planner, tables): the turn planner and the strategy-table reader (/tables on a board,
    build/tables on a desktop) the coach and the computer players share.
    ``checked``/``notice``: hw.tables.Tables' (each table's CRC verdict; a damaged one's notice)."""
    from hw.tables import Tables
    from yahtzee_core import strategy

    return strategy.TurnPlanner(), Tables(None, checked, notice)


def make_players(policies, planner, tables, notice=None, kinds=ALL_SEATS):
    """Add to ``policies`` (the players by seat kind, engine.EASY..HARD) the players of the
    seat kinds in ``kinds`` (bit k: engine kind k) it lacks, sharing the coach's planner and
    tables (medium and hard plan with it; hard reads the tables); True when one was added.
    ``notice(text)``: hard's "no table" message. Medium's formula
    (yahtzee_core/formula_values.py) is loaded only for a medium seat."""
    from yahtzee_core import players

    added = False
    if kinds & _EASY_BIT and policies[1] is None:
        from yahtzee_core.easy_player import EasyPlayer  # only for an easy seat

        policies[1] = EasyPlayer()
        added = True
    if kinds & _MEDIUM_BIT and policies[2] is None:
        from yahtzee_core.formula_values import FormulaValues

        policies[2] = players.PlanPlayer(planner, FormulaValues())
        added = True
    if kinds & _HARD_BIT and policies[3] is None:
        policies[3] = players.HardPlayer(planner, tables, None, notice)
        added = True
    return added


class StrategySet:
    """The planner and tables of ``make_planner``, the coach and the players of
    ``make_players``, built on ``acquire`` and dropped on ``release`` (both idempotent). The
    players are built only for a game with a computer seat (or the demo): a game of humans
    leaves their module (~5 KB of code) on the drive; the coach only for a game with a human
    seat: the demo and a game of computers leave ui/coach.py there. What must outlive one
    build is kept here: the rule sets hard already said it has no table for (said once per
    power-on, not once per game)."""

    coaches = True  # a coach is built with the players (the settings offer its cost display)

    def __init__(self):
        self.policies = None
        self.coach = None
        self.hard = None
        self.planner = None
        self.tables = None
        self.warned = 0  # HardPlayer.warned across builds
        self.builds = 0  # times the planner was built (tests, tools)
        self.figures = None  # a parked game's coach figures (``park``), given back by ``acquire``
        self.checked = {}  # table path -> its body's CRC was right (checked once per power-on)
        self.say = None

    def acquire(self, notice=None, kinds=ALL_SEATS):
        """For a game whose seats are of the kinds in ``kinds`` (bit k: engine kind k): build
        the planner and the table reader unless built, the coach for a human seat (the demo and
        a game of computers have none) and the players of its computer kinds, each unless
        built. True when something was built now."""
        built = False
        self.say = notice
        if self.planner is None:
            self.planner, self.tables = make_planner(self.checked, self._refused)
            if not self.builds:
                names = self.tables.names()
                print("strategy tables:",
                      ", ".join(names) if names else "none (hard plays as medium; no hints)")
            self.builds += 1
            built = True
        if kinds & _HUMAN_BIT and self.coach is None:
            from ui.coach import Coach

            c = self.coach = Coach(self.planner, self.tables)
            if self.figures is not None:
                c.lost, c.choices, c.hints, c.last_box_cost, c.last_box_seat = self.figures
                self.figures = None
            built = True
        if kinds & ~_HUMAN_BIT:
            if self.policies is None:
                self.policies = [None, None, None, None]
            if make_players(self.policies, self.planner, self.tables, notice, kinds):
                hard = self.policies[3]
                if hard is not None and hard is not self.hard:
                    hard.warned = self.warned
                self.hard = hard
                built = True
        return built

    def _refused(self):
        if self.say is not None:
            self.say(TABLE_REFUSED)

    def park(self):
        """``release`` while a game waits for the screen its menu opened (``ui/screen_set.parks_game``):
        what the coach measured in this game (the cost per seat, the choice UNDO can take back) is
        kept and given to the coach the next ``acquire`` builds. The players keep nothing of
        their own between turns. True when something was dropped."""
        if self.planner is None:
            return False
        coach = self.coach
        figures = None
        if coach is not None:
            figures = (coach.lost, coach.choices, coach.hints, coach.last_box_cost, coach.last_box_seat)
        coach = None
        self.release()
        self.figures = figures
        return True

    def release(self):
        """Drop the players and the coach (the caller dropped its references first); close
        the open table; unload their modules on a board. True when something was dropped."""
        self.figures = None
        if self.planner is None:
            return False
        if self.hard is not None:
            self.warned = self.hard.warned
        self.tables.close()
        self.policies = None
        self.coach = None
        self.hard = None
        self.planner = None
        self.tables = None
        if UNLOADS:
            for name in MODULES:
                unload(name)
        gc.collect()
        return True
