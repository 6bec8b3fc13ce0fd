"""The computer players and the coach are built for a game and dropped when none goes on
(ui/strategy_set.py), in the app as code.py builds it: nothing at start-up, one build per game
however many screens it passes through, dropped at the title and in Defuse mode; what must
outlive a build (hard's "no table" notice, said once) does. (Unloading their modules happens
on MicroPython only: tools/memory/board_memory.py's figures.)"""

import pytest

from hw import inputs as I
from hw import tables as hw_tables
from hw.nvm import MemoryNVM
from sim import desktop
from sim.testing import FakeClock
from ui import screen as S
from ui import strategy_set
from ui.app_start import build_app
from yahtzee_core import engine
from yahtzee_core.host_helpers import box_index

from ui_harness import KeyDriver, Player, settle, step


NO_TABLE = b"CPU-h: no table, med"


def boot(profile="pygamer", nvm=None, kinds=(engine.HUMAN, engine.HARD)):
    board = desktop.make_board(profile, headless=True, seed=3, clock=FakeClock(1000))
    if nvm is not None:
        board.storage = nvm
    app = build_app(board)
    settle(app)
    s = app.settings
    s.seats = len(kinds)
    for i, k in enumerate(kinds):
        s.kinds[i] = k
    s.pace = 0
    s.tumble = False
    app.apply_preferences()
    return app, board


def built(app):
    st = app.strategy
    return st.planner is not None


def until_human(app, frames=400):
    for _ in range(frames):
        if app.game.over or not app.game.is_computer():
            break
        step(app)


def test_nothing_is_built_at_start_up_and_the_settings_still_offer_the_coach():
    app, board = boot()
    assert isinstance(app.strategy, strategy_set.StrategySet)
    assert app.current_id == S.TITLE and not built(app) and app.strategy.builds == 0
    assert app.coach is None and app.autoplay.policies is None
    assert app.strategy.coaches  # "Show cost" is offered before any game


def test_a_game_builds_them_once_and_the_title_drops_them():
    app, board = boot()
    app.start_game()
    settle(app)
    st = app.strategy
    assert built(app) and st.builds == 1
    assert app.autoplay.policies is st.policies and app.coach is st.coach
    policies, coach = st.policies, st.coach
    for sid in (S.PAUSE, S.CARD, S.PLAY, S.PAUSE):  # the game goes on
        app.show(sid)
    assert st.policies is policies and st.coach is coach and st.builds == 1
    app.show(S.SETTINGS)  # the game waits: parked with its screens (ui/screen_set.parks_game)
    assert not built(app) and app.coach is None and app.autoplay.policies is None
    app.show(S.PAUSE)  # back in the menu: the game still waits
    assert not built(app) and st.builds == 1
    app.show(S.PLAY)  # played again: built again
    assert built(app) and st.builds == 2 and st.policies is not policies
    assert app.autoplay.policies is st.policies and app.coach is st.coach
    policies = st.policies
    app.start_game()  # "Play again": the same objects
    assert st.policies is policies and st.builds == 2
    app.show(S.TITLE)
    assert not built(app) and app.coach is None and app.autoplay.policies is None
    assert st.coach is None and st.hard is None
    app.show(S.TITLE)  # idempotent
    app.start_defuse()
    settle(app)
    assert not built(app) and st.builds == 2
    app.show(S.TITLE)
    app.start_game()
    assert built(app) and st.builds == 3 and st.policies is not policies


def one_costly_choice():
    """(app, driver): a game of one human who rolled once and scored Chance, a choice the coach
    measures as costly (skipped without the strategy tables)."""
    app, _ = boot(kinds=(engine.HUMAN,))
    driver = KeyDriver(app)
    app.start_game()
    settle(app)
    if app.coach.tables.values_for(app.game.rules) is None:
        pytest.skip("no strategy table built (tools/test builds them)")
    driver.give(I.ROLL)
    Player(app, driver).score(box_index(app.game.rules, "chance"))
    return app, driver


@pytest.mark.parametrize("sid", [S.RULES, S.SETTINGS, S.HELP])
def test_a_parked_game_keeps_what_the_coach_measured(sid):
    app, driver = one_costly_choice()  # a costly choice: measured
    driver.give(I.HINT)
    coach = app.coach
    figures = (list(coach.lost), list(coach.choices), coach.hints, coach.last_box_cost, coach.last_box_seat)
    assert figures[1][0] == 1 and figures[0][0] > 0 and figures[3] == figures[0][0]
    builds = app.strategy.builds
    app.show(S.PAUSE)
    app.show(sid)
    assert not built(app) and app.strategy.figures is not None
    app.show(S.PAUSE)  # back in the menu: still parked
    assert not built(app) and app.strategy.builds == builds
    app.show(S.PLAY)
    coach = app.coach
    assert app.strategy.builds == builds + 1 and coach is not None and app.coach is coach
    assert (list(coach.lost), list(coach.choices), coach.hints, coach.last_box_cost,
            coach.last_box_seat) == figures
    app.undo()  # the choice taken back: its cost with it, as in a game never parked
    assert coach.lost[0] == 0 and coach.choices[0] == 0
    assert coach.show_cost == app.settings.show_cost


def test_a_new_game_from_the_menu_of_a_parked_game_starts_the_coach_afresh():
    """The menu opened back from the settings leaves the game parked (no players, no coach); a
    new game chosen there does not get the old game's figures when its coach is built."""
    app, driver = one_costly_choice()
    assert app.coach.choices[0] == 1 and app.coach.lost[0] > 0
    app.show(S.PAUSE)
    app.show(S.SETTINGS)
    app.show(S.PAUSE)
    assert app.coach is None and app.strategy.figures is not None
    app.act(engine.NEW_GAME)
    app.act(engine.NEW_GAME)  # confirmed
    assert app.game.round == 0 and app.strategy.figures is None
    app.show(S.PLAY)
    assert app.coach is not None and app.coach.choices[0] == 0 and app.coach.lost[0] == 0


def test_the_coach_counts_each_human_choice_in_the_game_it_is_built_for():
    app, driver = one_costly_choice()
    assert app.coach.choices[0] == 1
    driver.give(I.HINT)
    assert app.coach.hints == 1 and app.coached == 1


def test_no_table_is_said_once_per_power_on_not_once_per_game(tmp_path, monkeypatch):
    monkeypatch.setattr(hw_tables, "FOLDER", str(tmp_path))  # no tables
    app, board = boot()
    said = []
    say = app.say

    def spy(text, *args):
        said.append(bytes(text))
        say(text, *args)

    app.say = spy
    driver = KeyDriver(app)
    for game in range(2):
        app.start_game()
        settle(app)
        driver.give(I.ROLL)
        Player(app, driver).score(box_index(app.game.rules, "chance"))
        until_human(app)  # the hard seat played its turn as medium
        assert app.game.player == 0 and app.game.round == 1 and app.autoplay.refusals == 0
        app.show(S.TITLE)
    assert app.strategy.builds == 2
    assert said.count(NO_TABLE) == 1


def test_a_continued_game_gets_its_seats_players(tmp_path):
    nvm = MemoryNVM(desktop.board_module("pygamer").NVM_SIZE)
    app, board = boot(nvm=nvm, kinds=(engine.HUMAN, engine.MEDIUM))
    driver = KeyDriver(app)
    app.start_game()
    settle(app)
    driver.give(I.ROLL)
    Player(app, driver).score(box_index(app.game.rules, "chance"))  # saved
    app.show(S.TITLE)  # saved again; players dropped
    assert not built(app)
    app2, board2 = boot(nvm=nvm, kinds=(engine.HUMAN, engine.MEDIUM))
    assert app2.current_id == S.CONTINUE and not built(app2)
    app2.continue_game()
    assert built(app2) and app2.game.seats == 2 and app2.game.player == 1
    actions = app2.autoplay.actions
    until_human(app2)
    assert app2.autoplay.actions > actions and app2.game.player == 0 and app2.autoplay.refusals == 0


def test_the_demo_builds_them_and_its_end_drops_them():
    app, board = boot()
    from ui.demo import Demo

    Demo(app)  # what a minute on the title starts
    settle(app)
    assert app.demo and built(app) and app.current_id == S.PLAY
    assert app.strategy.coach is None and app.coach is None  # no human seat: no coach
    step(app, 20)
    assert app.autoplay.actions > 0
    app.demo.stop()
    assert app.current_id == S.TITLE and not built(app)


@pytest.mark.parametrize("sid", [S.RULES, S.SETTINGS])
def test_a_game_of_computers_builds_no_coach_and_parks_and_comes_back(sid):
    app, _ = boot(kinds=(engine.HARD, engine.EASY))
    app.start_game()
    settle(app)
    st = app.strategy
    assert built(app) and st.coach is None and app.coach is None
    assert st.policies[engine.HARD] is st.hard and st.policies[engine.EASY] is not None
    step(app, 40)
    app.show(S.PAUSE)
    app.show(sid)  # parked: dropped
    assert not built(app) and st.figures is None
    app.show(S.PAUSE)
    app.show(S.PLAY)  # played again: built again, still no coach
    assert built(app) and st.coach is None and st.builds == 2
    acts = app.autoplay.actions
    step(app, 40)
    assert app.autoplay.actions > acts  # the computers play on


def test_a_game_of_humans_builds_the_coach_without_the_players():
    app, board = boot(kinds=(engine.HUMAN, engine.HUMAN))
    app.start_game()
    settle(app)
    st = app.strategy
    assert st.coach is not None and app.coach is st.coach and st.builds == 1
    assert st.policies is None and st.hard is None and app.autoplay.policies is None
    coach = st.coach
    app.show(S.TITLE)
    assert st.coach is None and st.planner is None and st.tables is None
    s = app.settings  # a computer seat: its player too, sharing the coach's planner
    s.seats = 2
    s.kinds[1] = engine.MEDIUM
    app.start_game()
    settle(app)
    assert st.policies is not None and st.policies[2].planner is st.planner and st.coach is not coach
    assert st.policies[1] is None and st.policies[3] is None and st.hard is None  # no easy or hard seat
    assert st.builds == 2


def test_only_the_players_of_the_game_s_seat_kinds_are_built():
    st = strategy_set.StrategySet()
    easy = 1 << engine.EASY
    assert st.acquire(kinds=easy)
    assert st.policies[engine.EASY] is not None and st.policies[engine.MEDIUM] is None and st.hard is None
    first = st.policies[engine.EASY]
    assert not st.acquire(kinds=easy)  # nothing missing: nothing built
    assert st.acquire(kinds=easy | 1 << engine.HARD)  # a hard seat joins: hard only
    assert st.policies[engine.EASY] is first and st.policies[engine.HARD] is st.hard
    assert st.hard.tables is st.tables and st.hard.formula is None  # medium's formula: only without a table
    assert st.policies[engine.MEDIUM] is None
    assert st.release() and st.policies is None and st.hard is None


def test_players_join_a_built_coach_when_a_computer_seat_comes():
    st = strategy_set.StrategySet()
    assert st.acquire(kinds=1 << engine.HUMAN) and st.policies is None and st.coach is not None
    coach = st.coach
    assert not st.acquire(kinds=1 << engine.HUMAN)
    assert st.acquire() and st.coach is coach and st.policies[3] is st.hard
    assert not st.acquire()
    assert st.release() and st.coach is None and st.policies is None and not st.release()


def _damaged_tables(tmp_path, how):
    """A copy of build/tables whose Yahtzee (forced Joker) table keeps its header and size but
    has its body damaged: ``how`` "urank" (rank bytes past the row's end: the IndexError the
    issue found) or "ff" (the whole body 0xFF)."""
    import os

    from yahtzee_core import rules, strategy

    src = hw_tables.FOLDER
    for name in os.listdir(src):
        with open(os.path.join(src, name), "rb") as f:
            data = bytearray(f.read())
        if name == "yahtzee_forced.bin":
            values = strategy.TableValues(hw_tables.FileSource(os.path.join(src, name)), rules.get("yahtzee"))
            if how == "ff":
                data[strategy.HEADER_SIZE:] = b"\xff" * (len(data) - strategy.HEADER_SIZE)
            else:
                for i in range(values.o_urank, values.o_base):
                    data[i] = 0xFE if data[i] != 0xFF else 0xFF
        with open(os.path.join(str(tmp_path), name), "wb") as f:
            f.write(data)


@pytest.mark.parametrize("how", ["urank", "ff"])
def test_a_damaged_table_is_refused_said_once_and_the_games_go_on(tmp_path, monkeypatch, how):
    _damaged_tables(tmp_path, how)
    monkeypatch.setattr(hw_tables, "FOLDER", str(tmp_path))
    app, board = boot()
    app.settings.show_cost = True
    said = []
    say = app.say

    def spy(text, *args):
        said.append(bytes(text))
        say(text, *args)

    app.say = spy
    driver = KeyDriver(app)
    for game in range(2):
        app.start_game()  # the game's table opens with its players
        if game == 0:  # on the message line as the play screen shows, not cleared by the game's start
            assert app.current_id == S.PLAY and app.msg == strategy_set.TABLE_REFUSED
        settle(app)
        for _turn in range(3):
            driver.give(I.ROLL)
            driver.give(I.ROLL)
            driver.give(I.HINT)
            Player(app, driver).score(box_index(app.game.rules, "chance") if _turn == 0 else _turn - 1)
            until_human(app)
        assert app.game.player == 0 and app.autoplay.refusals == 0
        app.show(S.TITLE)
    assert said.count(strategy_set.TABLE_REFUSED) == 1, said
    assert not [t for t in said if t.startswith(b"Hold") and b"EV" in t]  # no advice from it
