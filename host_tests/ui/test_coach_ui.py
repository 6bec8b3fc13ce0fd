"""The computer players and the coach in the real app on the headless simulator, started the way
code.py starts it: computer seats play whole games at pace 0 on every board, the HINT shows the
best hold or box with its expected total (read back from the screen's pixels), a bad human
choice shows what it cost, hints mark the seat as coached, and without a table the hard player
and the coach say so."""

import os
import subprocess
import sys

import pytest

from hw import inputs as I
from hw.tables import Tables
from sim import desktop
from sim.testing import FakeClock
from ui import screen as S
from ui.app import App
from ui.app_start import build_app
from ui.coach import Coach
from yahtzee_core import engine, formula_values, players, strategy
from yahtzee_core.easy_player import EasyPlayer
from yahtzee_core.host_helpers import ScriptedDice
from yahtzee_core.host_helpers import box_index

from ui_harness import KeyDriver, PROFILES, Player, read_field, settle, step

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TABLES = os.path.join(ROOT, "build", "tables")


@pytest.fixture(scope="module", autouse=True)
def tables_built():
    """The strategy tables in build/tables (tools/test builds them first; built here if not)."""
    missing = [k for k in ("yahtzee_forced", "yatzy") if not os.path.exists(os.path.join(TABLES, k + ".bin"))]
    for key in missing:
        pytest.importorskip("numpy")
        subprocess.run([sys.executable, os.path.join(ROOT, "tools", "strategy", "solve.py"), "--write-tables",
                        "--variant", key], check=True, cwd=ROOT)


def boot(profile="pygamer", dice=None, seats=1, kinds=(engine.HUMAN,), variant=0, app=None):
    """A headless board with code.py's app (players, coach, tables), a game started."""
    clock = FakeClock(1000)
    board = desktop.make_board(profile, headless=True, seed=7, clock=clock)
    if app is None:
        app = build_app(board)
    else:
        app = app(board)
    settle(app)
    s = app.settings
    s.seats = seats
    s.variant = variant
    s.pace = 0  # computer seats: one action per frame
    for i, k in enumerate(kinds):
        s.kinds[i] = k
    app.apply_preferences()
    if dice is not None:
        board.rng = ScriptedDice(dice)
        app.game.rng = board.rng
    app.start_game()
    settle(app)
    return app, board


def message(app):
    """The message as drawn on the play screen (one or two lines), spaces squeezed."""
    play = app.screens[S.PLAY]
    text = read_field(app, play.msg_single)
    if play._msg_split:
        text = read_field(app, play.msg_lines[0]) + " " + read_field(app, play.msg_lines[1])
    return " ".join(text.split())


def table_planner(rs, mask=0, upper=0, y=0):
    pl = strategy.TurnPlanner(rs)
    tv = Tables(TABLES).values_for(rs)
    pl.plan(tv, mask, upper, y)
    return pl, tv


def tenths(units):
    t = (units * 10 + 64) // 128
    return "%d.%d" % (t // 10, t % 10)


# -- computer seats -------------------------------------------------------------------------------


def run_computers(app, frames=4000):
    for _ in range(frames):
        if app.game.over:
            break
        step(app)
    settle(app)


@pytest.mark.parametrize("profile", PROFILES)
def test_hard_seat_plays_a_whole_game_at_pace_zero_on_every_board(profile):
    app, board = boot(profile, kinds=(engine.HARD,))
    run_computers(app)
    game = app.game
    assert game.over and app.autoplay.refusals == 0
    assert app.autoplay.actions >= 13 * 2
    assert all(game.is_filled(0, b) for b in range(game.rules.n_boxes))
    assert app.current_id in (S.GAME_OVER, S.INITIALS)


@pytest.mark.parametrize("variant", [0, 1])
def test_easy_medium_hard_take_turns_to_the_end(variant):
    app, board = boot("clue", seats=3, kinds=(engine.EASY, engine.MEDIUM, engine.HARD), variant=variant)
    run_computers(app, 12000)
    game = app.game
    assert game.over and app.autoplay.refusals == 0
    for seat in range(3):
        assert game.total(seat) > 0
    # hard found its table: nothing was said about playing as medium (the players are dropped
    # when the game ends; the set keeps what hard said)
    assert app.strategy.policies is None and app.strategy.builds == 1
    assert app.strategy.warned == 0


# -- hints ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("profile", ["pygamer", "macropad", "clue"])
def test_hint_shows_the_best_hold_and_its_expected_total(profile):
    app, board = boot(profile, dice=[1, 5, 5, 6, 6] + [1] * 40)
    drive = KeyDriver(app)
    drive.give(I.ROLL)
    assert sorted(app.game.dice) == [1, 5, 5, 6, 6]
    drive.give(I.HINT)
    pl, tv = table_planner(app.game.rules)
    pl.best_hold(app.game.dice, 1)
    expect = "Hold 66, EV %s" % tenths(pl.best_value() // strategy.SCALE)
    assert message(app) == expect
    assert len(expect) <= 20
    assert app.coached == 1  # the high-score table will mark this game


@pytest.mark.parametrize("profile, name", [("pygamer", "Lg Str"), ("macropad", "Lg straight"),
                                           ("clue", "Lg straight"), ("feather_tft", "Lg straight")])
def test_hint_before_rolling_and_for_a_box(profile, name):
    """A box is named by the longest name the message line has room for (not "LS")."""
    app, board = boot(profile, dice=[2, 3, 4, 5, 6] + [1] * 40)
    drive = KeyDriver(app)
    drive.give(I.HINT)  # before the first roll: the value of the position
    pl, tv = table_planner(app.game.rules)
    assert message(app) == "Roll, EV %s" % tenths(tv.value(0, 0, 0))
    drive.give(I.ROLL)
    drive.give(I.HINT)  # a large straight on the first roll: score it now
    pl.box_values(app.game.dice)
    b = box_index(app.game.rules, "large_straight")
    assert message(app) == "%s for 40, EV %s" % (name, tenths(pl.box[b]))
    assert app.screens.built(S.CARD) is None  # named without building the scorecard (~8 KB)


def test_coach_says_so_without_a_table(tmp_path):
    def build(board):
        pl = strategy.TurnPlanner()
        fv = formula_values.FormulaValues()
        tables = Tables(str(tmp_path))
        hard = players.HardPlayer(pl, tables, fv)
        app = App(board, policies=(None, EasyPlayer(), players.PlanPlayer(pl, fv), hard),
                  coach=Coach(pl, tables))
        hard.notice = app.say
        return app

    app, board = boot("pygamer", seats=2, kinds=(engine.HUMAN, engine.HARD), app=build)
    drive = KeyDriver(app)
    drive.give(I.ROLL)
    drive.give(I.HINT)
    assert message(app) == "No table for hints"
    Player(app, drive).turn()  # score something: the hard seat's turn
    seen = set()
    for _ in range(200):
        step(app)
        if app.game.player == 0:
            break
        seen.add(message(app))
    assert "CPU-h: no table, med" in seen
    hard = app.autoplay.policies[engine.HARD]
    assert hard.warned and app.autoplay.refusals == 0


# -- what a choice cost ---------------------------------------------------------------------------


def test_a_bad_box_choice_shows_its_cost():
    app, board = boot("pygamer", dice=[6, 6, 6, 6, 6] + [1] * 60)
    drive = KeyDriver(app)
    drive.give(I.ROLL)
    rs = app.game.rules
    pl, tv = table_planner(rs)
    pl.box_values(app.game.dice)
    cost = pl.box[rs.yahtzee_box] - pl.box[box_index(rs, "chance")]
    assert cost > 128 * 30  # the Yahtzee box is worth far more than 30 in Chance
    Player(app, drive).score(box_index(rs, "chance"))
    assert message(app) == "Cost %s pts" % tenths(cost)
    coach = app.coach
    assert coach.lost[0] == cost and coach.choices[0] == 1


def test_a_good_choice_costs_nothing_and_a_bad_hold_costs_something():
    app, board = boot("pygamer", dice=[1, 5, 5, 6, 6] + [2, 3, 4] + [1] * 60)
    drive = KeyDriver(app)
    drive.give(I.ROLL)
    rs = app.game.rules
    pl, tv = table_planner(rs)
    pl.best_hold(app.game.dice, 1)
    best = pl.best_value()
    keep55 = 0
    for i in range(5):
        if app.game.dice[i] == 5:
            keep55 |= 1 << i
    cost = (best - pl.hold[keep55]) // strategy.SCALE
    player = Player(app, drive)
    for i in range(5):
        if (keep55 >> i) & 1:
            player.hold(i)
    drive.give(I.ROLL)  # kept 55 instead of 66
    assert app.coach.lost[0] == cost and cost > 0
    if cost >= 7:
        assert message(app) == "Cost %s pts" % tenths(cost)


def test_cost_display_can_be_turned_off():
    app, board = boot("pygamer", dice=[6, 6, 6, 6, 6] + [1] * 60)
    app.coach.show_cost = False
    drive = KeyDriver(app)
    drive.give(I.ROLL)
    Player(app, drive).score(box_index(app.game.rules, "chance"))
    assert not message(app).startswith("Cost")
    assert app.coach.lost[0] > 0  # still counted
    app.start_game()
    assert app.coach.lost[0] == 0 and app.coached == 0  # a new game starts clean


# -- no memory held per hint or measured choice ---------------------------------------------------


def test_hints_and_measured_choices_hold_no_memory():
    """(The real check of the planner is heap_lock in the MicroPython VM: host_tests/core.)"""
    import tracemalloc

    # the coach, the planner, the players and the table reader (App.say keeps an int > 256 on
    # CPython: a small int on a board; host_tests/ui/test_alloc.py covers the app itself)
    project = [tracemalloc.Filter(True, os.path.join(ROOT, f))
               for f in ("ui/coach.py", "yahtzee_core/strategy.py", "yahtzee_core/players.py",
                         "yahtzee_core/easy_player.py", "yahtzee_core/formula_values.py", "hw/tables.py")]
    app, board = boot("pygamer", dice=[1, 5, 5, 6, 6] * 40)
    drive = KeyDriver(app)
    drive.give(I.ROLL)

    def hint_and_hold():
        app.buttons.inject(I.HINT)
        step(app)
        app.coach.cost_of(app.game, engine.ROLL, 0)  # what a roll now would cost
        app.buttons.inject(I.LEFT)  # the stick moves the die choice
        step(app)

    hint_and_hold()  # warm-up
    tracemalloc.start(1)
    try:
        before = tracemalloc.take_snapshot()
        for _ in range(6):
            hint_and_hold()
        after = tracemalloc.take_snapshot()
    finally:
        tracemalloc.stop()
    diff = after.filter_traces(project).compare_to(before.filter_traces(project), "lineno")
    assert sum(d.size_diff for d in diff) == 0, [str(d) for d in diff if d.size_diff]
    assert app.coach.hints == 7


def test_game_over_shows_the_points_each_human_seat_gave_away():
    from ui import gameover_screen

    app, board = boot("macropad", seats=2, kinds=(engine.HUMAN, engine.HARD))
    drive = KeyDriver(app)
    player = Player(app, drive)
    for _ in range(4000):
        game = app.game
        if game.over:
            break
        if game.player == 0 and not game.is_computer(0):
            drive.give(I.ROLL)
            if not game.over and game.player == 0:
                box = 0
                while not game.can_score(box):
                    box += 1
                player.score(box)  # the first open box: usually a poor choice
        else:
            step(app)
    settle(app)
    while app.current_id == S.INITIALS:
        drive.give(I.ENTER)
    assert app.game.over and app.coach is None  # the coach is dropped when the game ends
    assert app.coach_choices[0] > 0 and app.coach_lost[0] > 0 and app.coach_choices[1] == 0
    over = app.screens[S.GAME_OVER]
    if app.current_id != S.GAME_OVER:
        app.show(S.GAME_OVER)
        settle(app)
    items = list(over.items[: over.count])
    assert gameover_screen.LOST + 0 in items and gameover_screen.LOST + 1 not in items
    row = over.rows[items.index(gameover_screen.LOST) - over.top]
    shown = " ".join(read_field(app, row).split())
    assert shown == "P1 lost %s pts" % tenths(app.coach_lost[0])


def test_cost_messages_are_a_setting():
    from ui import settings_screen

    app, board = boot("pygamer", dice=[6, 6, 6, 6, 6] + [1] * 60)
    app.show(S.SETTINGS)
    settle(app)
    scr = app.screens[S.SETTINGS]
    items = list(scr.items[: scr.count])
    assert settings_screen.COSTS in items and app.settings.show_cost
    assert app.coach is None  # parked while the settings show (ui/screen_set.parks_game)
    scr.change(settings_screen.COSTS, 1)
    assert not app.settings.show_cost
    app.show(S.PLAY)
    settle(app)
    assert not app.coach.show_cost  # the coach built again follows the setting
    drive = KeyDriver(app)
    drive.give(I.ROLL)
    Player(app, drive).score(box_index(app.game.rules, "chance"))
    assert not message(app).startswith("Cost") and app.coach.lost[0] > 0
