"""Screens built on demand and dropped when left (ui/screen_set.py): which are built when, and
what a rebuilt screen keeps. (Unloading modules happens on MicroPython only: its heap figures
are tools/board_memory.py's.)"""

from hw import inputs as I
from ui import screen as S
from ui import screen_set
from ui import title_screen
from yahtzee_core import engine

from ui_harness import KeyDriver, make_app, settle, start

GAME = (S.PLAY, S.CARD, S.PAUSE)


def built(app):
    return [i for i in range(len(app.screens)) if app.screens.built(i) is not None]


def test_only_the_shown_screen_is_built_at_start_up():
    app, board, clock = make_app("pybadge")
    assert app.current_id == S.TITLE
    assert built(app) == [S.TITLE]
    assert [g for g in app.root][1:] == [app.screens.built(S.TITLE).group]  # background + title


def test_a_game_builds_its_screens_and_keeps_them_until_the_title():
    app, board, clock = make_app("pybadge", seats=2, kinds=(engine.HUMAN, engine.EASY))
    start(app)
    assert built(app) == list(GAME)  # the title was dropped
    play = app.screens.built(S.PLAY)
    app.show(S.PAUSE)
    app.show(S.CARD)
    app.show(S.PLAY)
    assert app.screens.built(S.PLAY) is play and built(app) == list(GAME)
    app.show(S.SETTINGS)  # from the menu: the game goes on
    assert built(app) == list(GAME) + [S.SETTINGS]
    app.show(S.PAUSE)
    assert built(app) == list(GAME)
    app.show(S.TITLE)  # quit: no game on
    assert built(app) == [S.TITLE]
    assert len(app.root) == 2


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
    for sid, (module, cls, group) in enumerate(screen_set._SCREENS):
        assert (sid in GAME) == (group == screen_set.GAME)
        if group != screen_set.GAME:
            assert "ui." + module in screen_set._MODULES[group]
