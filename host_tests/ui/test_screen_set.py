"""Screens built on demand and dropped when left (ui/screen_set.py): which are built when, and
what a rebuilt screen keeps. (Unloading modules happens on MicroPython only: its heap figures
are tools/memory/board_memory.py's.)"""

import importlib
import sys

import pytest

from hw import inputs as I
from hw.nvm import MemoryNVM
from yahtzee_core.nvm_store import NvmStore
from ui import continue_screen, gameover_screen
from ui import pause_screen as P
from ui import screen as S
from ui import screen_set
from ui import title_screen
from yahtzee_core import engine

from ui_harness import KeyDriver, make_app, settle, start

GAME = (S.PLAY, S.CARD, S.PAUSE)


def built(app):
    return [i for i in range(len(app.screens.slots)) if app.screens.built(i) is not None]


def test_only_the_shown_screen_is_built_at_start_up():
    app, board, clock = make_app("pybadge")
    assert app.current_id == S.TITLE
    assert built(app) == [S.TITLE]
    assert [g for g in app.root][1:] == [app.screens.built(S.TITLE).group]  # background + title


def test_a_game_shows_its_menu_and_its_scorecard_alone():
    """The menu and the scorecard each show alone: the play screen is dropped, its drawn dice
    sheets kept, and built again from them it shows the same pixels."""
    app, board, clock = make_app("pybadge", seats=2, kinds=(engine.HUMAN, engine.EASY))
    start(app)
    assert built(app) == [S.PLAY]  # the title was dropped
    play = app.screens.built(S.PLAY)
    sheets = play.dice.sheets
    settle(app)
    before = _pixels(app)
    card = None
    for sid, want in ((S.PAUSE, [S.PAUSE]), (S.CARD, [S.CARD]), (S.PLAY, [S.PLAY]),
                      (S.CARD, [S.CARD]), (S.PAUSE, [S.PAUSE]), (S.PLAY, [S.PLAY])):
        app.show(sid)
        assert built(app) == want and not app.screens.game_parked
        assert len(app.root) == 1 + len(built(app))
        if sid != S.PLAY:
            assert app.screens.dice_sheets is sheets
        if sid == S.CARD:
            assert card is None or app.screens.built(S.CARD) is not card  # built again
            card = app.screens.built(S.CARD)
            assert app.screens.dice_sheets is sheets
        elif sid == S.PLAY:
            assert app.screens.built(S.PLAY) is not play  # built again, its dice not drawn again
            assert app.screens.built(S.PLAY).dice.sheets is sheets
            settle(app)
            assert _pixels(app) == before
    play = app.screens.built(S.PLAY)
    app.show(S.PLAY)
    app.show(S.PAUSE)
    app.show(S.SETTINGS)  # from the menu: the game waits, its screens (and players) parked
    assert built(app) == [S.SETTINGS] and app.screens.game_parked
    assert app.screens.dice_sheets is None  # the colours may change: drawn again after
    app.show(S.PAUSE)
    assert built(app) == [S.PAUSE] and app.screens.game_parked  # back in the menu: it still waits
    app.show(S.PLAY)
    assert built(app) == [S.PLAY] and app.screens.built(S.PLAY) is not play and not app.screens.game_parked
    assert app.screens.built(S.PLAY).dice.sheets is not sheets
    app.show(S.TITLE)  # quit: no game on
    assert built(app) == [S.TITLE]
    assert len(app.root) == 2


@pytest.mark.parametrize("item, before", [(title_screen.START, S.TITLE), (title_screen.DEFUSE, S.TITLE),
                                          ("again", S.GAME_OVER), ("continue", S.CONTINUE)])
def test_a_game_or_defuse_mode_is_built_after_the_screen_that_started_it_is_gone(item, before):
    """The screen whose item starts a game (or Defuse mode) is dropped, and no call of its holds
    it, before the players, the coach and the new screens are built: on a board its objects and
    module are not in the heap beside them (App.defer)."""
    app, board, clock = make_app("pybadge", seats=2, kinds=(engine.HUMAN, engine.EASY))
    if item == "continue":  # a board started as code.py starts it: its store holds the game
        app.store = NvmStore(MemoryNVM(512))
        app.store.load()
    if item == "again":
        start(app)
        app.show(S.GAME_OVER)
    elif item == "continue":
        start(app)
        app.save_game()
        app.show(S.TITLE)
        app.show(S.CONTINUE)
    screen = app.screens.built(before)
    assert screen is not None and app.current_id == before
    seen = []
    real_build = app.screens._build

    def build(screen_id):
        alive = [i for i in range(len(app.screens.slots)) if app.screens.built(i) is not None]
        seen.append((screen_id, alive))
        return real_build(screen_id)

    app.screens._build = build
    if item in (title_screen.START, title_screen.DEFUSE):
        screen.activate(item)
    elif item == "again":
        screen.activate(gameover_screen.AGAIN)
    else:
        screen.activate(continue_screen.CONTINUE)
    assert seen == []  # nothing is built inside the screen's own call
    assert app._then is not None
    refs_in_call = sys.getrefcount(screen)
    app._then, then = None, app._then
    del screen
    then()
    assert seen and all(before not in alive for _, alive in seen)
    assert app.current_id == (S.DEFUSE if item == title_screen.DEFUSE else S.PLAY)
    assert refs_in_call > 0


def _pixels(app):
    d = app.display
    return [d.pixel(x, y) for y in range(app.layout.height) for x in range(app.layout.width)]


def _choose(driver, menu, item):
    for code in (I.DOWN, I.UP):
        for _ in range(menu.count + 1):
            if menu.items[menu.sel] == item:
                break
            driver.give(code)
    assert menu.items[menu.sel] == item
    driver.give(I.ENTER)


@pytest.mark.parametrize("profile", ["pybadge", "macropad"])  # the stick and the dice row; a scrolled card
@pytest.mark.parametrize("item, sid", [(P.RULES, S.RULES), (P.SETTINGS, S.SETTINGS), (P.HELP, S.HELP)])
def test_a_game_parked_for_the_reader_settings_or_help_comes_back_as_it_was(profile, item, sid):
    app, board, clock = make_app(profile, seed=3, seats=2, kinds=(engine.HUMAN, engine.EASY))
    start(app)
    driver = KeyDriver(app)
    game = app.game
    driver.give(I.MENU)
    _choose(driver, app.screens[S.PAUSE], P.CARD)
    card = app.screens[S.CARD]
    driver.give(I.DOWN)  # before the roll its arrows scroll it
    assert card.top > 0 or card.n_lines <= card.rows
    driver.give(I.MENU)
    driver.give(I.ROLL)
    if app.die_focus:
        driver.give(I.DOWN)  # the cursor comes up; move it back to the card's last rows
        driver.give(I.LEFT)
        driver.give(I.LEFT)
        driver.give(I.UP)  # back to the dice: hold the fourth, point at the third
        for _ in range(3):
            driver.give(I.RIGHT)
        driver.give(I.ENTER)
        driver.give(I.LEFT)
    else:
        driver.give(I.LEFT)
        driver.give(I.LEFT)
        driver.give(I.HOLD_1 + 3)
    play = app.screens[S.PLAY]
    state = (play.focus, play.chosen, game.held, game.cursor, game.cursor_visible, game.rolls_used)
    assert state[2] == 1 << 3 and state[4]
    assert state[:2] == (0, 2) or not app.die_focus
    clock.advance(5000)  # the messages go
    settle(app)
    before = _pixels(app)

    driver.give(I.MENU)
    _choose(driver, app.screens[S.PAUSE], item)
    assert app.current_id == sid
    assert built(app) == [sid] and app.screens.game_parked  # only the screen shown
    driver.give(I.DOWN)
    driver.give(I.MENU)  # back to the menu, where it was left: the game waits until it is played
    assert app.current_id == S.PAUSE and built(app) == [S.PAUSE] and app.screens.game_parked
    menu = app.screens[S.PAUSE]
    assert menu.items[menu.sel] == item
    driver.give(I.MENU)
    assert app.current_id == S.PLAY and not app.screens.game_parked
    again = app.screens[S.PLAY]
    assert again is not play
    assert (again.focus, again.chosen, game.held, game.cursor, game.cursor_visible, game.rolls_used) == state
    clock.advance(5000)
    settle(app)
    assert _pixels(app) == before
    app.show(S.CARD)  # the scorecard shows the rows of the box the cursor moved to
    card = app.screens[S.CARD]
    row = [i for i in range(card.n_lines) if game.cursor in (card.lines[0][i], card.lines[1][i])][0]
    assert card.top <= row < card.top + card.rows
    assert card.top > 0 or card.n_lines <= card.rows


def test_defuse_mode_is_built_when_entered_and_dropped_when_left():
    app, board, clock = make_app("pygamer")
    builds = app.screens.builds
    app.start_defuse()
    settle(app)
    assert built(app) == [S.DEFUSE]
    assert app.screens.builds == builds + 1
    app.show(S.TITLE)
    assert built(app) == [S.TITLE]


def test_the_title_keeps_its_selected_item_when_built_again():
    app, board, clock = make_app("macropad")
    driver = KeyDriver(app)
    title = app.screens[S.TITLE]
    while title.items[title.sel] != title_screen.SETTINGS:
        driver.give(I.DOWN)
    driver.give(I.ENTER)
    assert app.current_id == S.SETTINGS and app.screens.built(S.TITLE) is None
    app.show(S.TITLE)
    again = app.screens[S.TITLE]
    assert again is not title and again.items[again.sel] == title_screen.SETTINGS


def test_screen_table_matches_the_ids():
    assert len(screen_set._SCREENS) == S.RULES + 1
    for sid, (module, group) in enumerate(screen_set._SCREENS):
        assert (sid in GAME) == (group == screen_set.GAME)
        assert "ui." + module in screen_set.group_modules(group)
        # each screen's module names its class SCREEN, the class screen_set builds
        mod = importlib.import_module("ui." + module)
        assert isinstance(mod.SCREEN, type) and issubclass(mod.SCREEN, S.Screen), module
        assert mod.SCREEN.__module__ == "ui." + module, module
    everything = [name for g in (screen_set.GAME, screen_set.MENUS, screen_set.DEFUSE)
                  for name in screen_set.group_modules(g)]
    assert len(everything) == len(set(everything))
    for name in everything:
        importlib.import_module(name)  # every module a group unloads is one
