"""Whole games played only through button presses on every board's own key map (short and
long presses, the command ring, the stick's die choice) and through the desktop keyboard,
with the scorecard checked against what each chosen box showed before it was scored."""

import pytest

from ui import screen as S
from yahtzee_core import engine

from ui_harness import PROFILES, KeyDriver, Player, make_app, read_field, settle, start, step


def play_game(app, driver):
    player = Player(app, driver)
    game = app.game
    for _ in range(game.rules.n_boxes * game.seats + 1):
        if game.over:
            break
        player.turn()
    settle(app)
    return player


@pytest.mark.parametrize("profile", PROFILES)
def test_full_game_on_the_boards_own_keys(profile):
    app, board, clock = make_app(profile, seed=11)
    start(app)
    driver = KeyDriver(app)
    player = play_game(app, driver)
    game = app.game
    assert game.over
    assert app.current_id == S.GAME_OVER
    rs = game.rules
    for box in range(rs.n_boxes):
        assert game.is_filled(0, box)
        if (0, box) in player.expected:  # boxes the engine filled itself are not in it
            assert game.box_score(0, box) == player.expected[(0, box)]
    assert len(player.expected) >= rs.n_boxes - 1
    # the result line on screen, read back from the pixels
    over = app.screens[S.GAME_OVER]
    text = read_field(app, over.rows[0])
    assert text.split() == ["1", "P1", "You", str(game.total(0))]


@pytest.mark.parametrize("profile", PROFILES)
def test_full_game_on_the_desktop_keyboard(profile):
    app, board, clock = make_app(profile, seed=5, variant=1)  # Yatzy: 15 boxes
    start(app)
    player = play_game(app, KeyDriver(app, direct_keys=True))
    game = app.game
    assert game.over and app.current_id == S.GAME_OVER
    for (seat, box), value in player.expected.items():
        assert game.box_score(seat, box) == value


def test_two_humans_and_two_computers_take_turns_to_the_end():
    app, board, clock = make_app("clue", seed=3, seats=4,
                                 kinds=(engine.HUMAN, engine.EASY, engine.HUMAN, engine.HARD), pace=1)
    start(app)
    driver = KeyDriver(app)
    player = Player(app, driver)
    game = app.game
    for _ in range(3000):
        if game.over:
            break
        if game.is_computer():
            step(app, 16)
        else:
            player.turn()
    assert game.over
    settle(app)
    assert app.current_id == S.GAME_OVER
    for seat in range(4):
        assert game.filled[seat] == game.rules.all_mask
    assert app.autoplay.refusals == 0
    assert app.autoplay.actions > 0
