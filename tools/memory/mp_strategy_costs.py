"""Runs inside the MicroPython VM for tools/strategy_memory.py (not on its own): what each part of
the strategy set (ui/strategy_set.py make_players) takes in the heap, built from .mpy the way a
game builds it, then what a game adds when it opens a table and plans a turn.

    argv: optionally a spacer size (zeroed bytes allocated first: every object above it)

Prints ``PART name bytes`` per part (live heap after a collection, before and after the part;
this port collects only between top-level calls, so each part is its own step) and
``PART total bytes``: ui.app and the modules it imports (engine, rules, ui.theme, ...: loaded at
start-up) are loaded first and not counted."""

import gc
import sys

SPACER = None
KEEP = []  # every part built stays alive to the end, as in a game
NAMES = []  # each part's name, at its index in KEEP


def part(name):
    """The object the step ``name`` built."""
    return KEEP[NAMES.index(name)]


def measure():
    global SPACER
    if len(sys.argv) > 1:
        SPACER = bytearray(int(sys.argv[1]))
    from sim import fbdisplay  # ui/ imports displayio: the stand-in, loaded first and not counted

    fbdisplay.install()
    import os  # noqa: F401  (hw.nvm imports it at start-up; built into CircuitPython)

    from ui import app  # noqa: F401  (loaded at start-up: engine, rules, theme, ... not counted)
    from yahtzee_core import engine, rules
    from yahtzee_core.seeded_dice import SeededDice

    game = engine.Game(rules.get("yahtzee"), SeededDice(1))
    gc.collect()
    forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    yield
    first = gc.mem_alloc()
    last = first
    steps = (
        ("code yahtzee_core.strategy", lambda: __import__("yahtzee_core.strategy")),
        ("lattice", lambda: sys.modules["yahtzee_core.strategy"].lattice()),
        ("turn planner", lambda: sys.modules["yahtzee_core.strategy"].TurnPlanner()),
        ("code yahtzee_core.players", lambda: __import__("yahtzee_core.players")),
        ("code yahtzee_core.easy_player", lambda: __import__("yahtzee_core.easy_player")),
        ("code yahtzee_core.formula_values", lambda: __import__("yahtzee_core.formula_values")),
        ("formula values", lambda: sys.modules["yahtzee_core.formula_values"].FormulaValues()),
        ("code hw.tables", lambda: __import__("hw.tables")),
        ("tables (none open)", lambda: sys.modules["hw.tables"].Tables()),
        ("players easy, medium, hard", players),
        ("code ui.coach", lambda: __import__("ui.coach")),
        ("coach", lambda: sys.modules["ui.coach"].Coach(part("turn planner"), part("tables (none open)"))),
    )
    for name, make in steps:
        NAMES.append(name)
        KEEP.append(make())
        gc.collect()
        forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        yield
        now = gc.mem_alloc()
        print("PART %s %d" % (name, now - last))
        last = now
    print("PART total built (make_players) %d" % (last - first))
    # a game: hard's table opened, formula rules set, a turn planned
    planner, formula, tables = part("turn planner"), part("formula values"), part("tables (none open)")
    KEEP.append(tables.values_for(game.rules))
    gc.collect()
    forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    yield
    now = gc.mem_alloc()
    print("PART table values (file open, yahtzee) %d" % (now - last))
    last = now
    formula.use_rules(game.rules)
    planner.plan_game(KEEP[-1], game, 0)
    gc.collect()
    forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    yield
    now = gc.mem_alloc()
    print("PART rules set and a turn planned %d" % (now - last))
    last = now
    coach = part("coach")
    if hasattr(coach, "_add_abbr"):
        coach.text.start()
        coach._add_abbr(coach.text, game.rules, 0)
    elif hasattr(coach, "_abbr"):  # before: a bytes object per box
        coach._abbr(game.rules, 0)
    # (now: the screens' names, nothing of the coach's own)
    gc.collect()
    forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    yield
    now = gc.mem_alloc()
    print("PART the coach's box names (first box hint) %d" % (now - last))
    print("PART total in a game %d" % (now - first))


def players():
    from yahtzee_core import players as p
    from yahtzee_core.easy_player import EasyPlayer

    planner, formula, tables = part("turn planner"), part("formula values"), part("tables (none open)")
    hard = p.HardPlayer(planner, tables, formula)
    return (None, EasyPlayer(), p.PlanPlayer(planner, formula), hard)


def forget(*args):
    """Overwrites the generator's stale stack slots (see tools/mp_board_memory.py)."""
    return None


VM_STEPS = measure()
