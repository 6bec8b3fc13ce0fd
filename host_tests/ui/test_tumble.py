"""Rolling dice through each board's own keys: the rolled dice tumble for ``tumble.ms`` and
only they are redrawn, held dice stay still, presses made meanwhile are queued and handled in
order afterwards, the result is the engine's (the animation never draws from the RNG), the
computer waits for its dice, and with Settings' "Rolling dice" off nothing tumbles."""

import pytest

from hw import inputs as I
from ui import screen as S
from ui import settings_screen as SS
from yahtzee_core import engine

from ui_harness import PROFILES, KeyDriver, Player, make_app, settle, start, step

BOARDS = [p for p in PROFILES]


def _nowait(app):
    drv = KeyDriver(app)
    drv.wait_for_dice = lambda: None  # the test watches the tumble frame by frame
    return drv


def _cell_rect(app, i):
    """(x1, y1, x2, y2) of die i's tile on the screen (x2/y2 exclusive)."""
    view = app.screens[S.PLAY].dice
    s = view.scale
    x1 = view.x + i * view.pitch * s
    return (x1, view.y, x1 + view.pitch * s, view.y + view.die * s)


def _cell_pixels(app, i):
    x1, y1, x2, y2 = _cell_rect(app, i)
    d = app.display
    return [d.pixel(x, y) for y in range(y1, y2, 2) for x in range(x1, x2, 2)]


def _roll_and_watch(app, drv):
    """Press ROLL with the board's keys, then run frames until the dice stop. Returns the dice
    the engine rolled (read right after the roll), the rolled mask, and for every frame of the
    tumble its dirty rectangles."""
    game = app.game
    app.display.settle()
    before = game.rolls_used
    drv.give(I.ROLL)
    assert game.rolls_used == before + 1
    result = bytes(game.dice)
    tumble = app.tumble
    assert tumble.active, "the dice should still tumble after the key's release frame"
    rolled = tumble.mask
    frames = []
    faces_seen = set()
    while tumble.active:
        app.display.dirty_log.clear()
        step(app)
        assert bytes(game.dice) == result  # the animation never changes the result
        if tumble.active:
            frames.append(list(app.display.dirty_log))
            view = app.screens[S.PLAY].dice
            faces_seen.add(bytes(view.shadow))
    return result, rolled, frames, faces_seen


@pytest.mark.parametrize("profile", BOARDS)
def test_tumble_redraws_only_the_rolled_dice_and_lands_on_the_result(profile):
    app, board, clock = make_app(profile, seed=3, tumble=True)
    start(app)
    drv = _nowait(app)
    game = app.game
    result, rolled, frames, faces = _roll_and_watch(app, drv)
    assert rolled == 0x1F and board.sound.last == "rattle"
    assert len(frames) >= app.tumble.ms // 16 - 3  # about 400 ms of 16 ms frames
    assert len(faces) >= 4  # the faces really change while tumbling
    settle(app)
    view = app.screens[S.PLAY].dice
    assert bytes(view.shadow) == result  # tiles: face + 7 * held (nothing held)
    # hold dice 1 and 2 (through the board's keys), then roll the other three
    player = Player(app, KeyDriver(app))
    player.hold(0)
    player.hold(1)
    assert game.held == 0b00011
    settle(app)
    held_before = [_cell_pixels(app, 0), _cell_pixels(app, 1)]
    result, rolled, frames, faces = _roll_and_watch(app, drv)
    assert rolled == 0b11100
    span = (_cell_rect(app, 2)[0], _cell_rect(app, 2)[1], _cell_rect(app, 4)[2], _cell_rect(app, 4)[3])
    if not board.colour:  # the mono OLED is written in pages of 8 rows
        span = (span[0], span[1] // 8 * 8, span[2], (span[3] + 7) // 8 * 8)
    redrawn = 0
    for rects in frames:
        for x1, y1, x2, y2 in rects:
            redrawn += 1
            assert span[0] <= x1 and x2 <= span[2] and span[1] <= y1 and y2 <= span[3], (
                "frame redrew %r outside the rolled dice %r" % ((x1, y1, x2, y2), span))
        assert [_cell_pixels(app, 0), _cell_pixels(app, 1)] == held_before  # held dice stay still
    assert redrawn > 0
    step(app)
    app.display.settle()
    assert result[0:2] == bytes(game.dice[0:2])
    for i in range(5):
        assert view.shadow[i] == game.dice[i] + (7 if (game.held >> i) & 1 else 0)


@pytest.mark.parametrize("profile", BOARDS)
def test_presses_during_the_tumble_are_queued_not_lost(profile):
    app, board, clock = make_app(profile, seed=4, tumble=True)
    start(app)
    drv = _nowait(app)
    game = app.game
    drv.give(I.ROLL)
    assert app.tumble.active
    if app.die_focus:  # stick boards: the dice row has the stick; RIGHT then A holds die 2
        presses = (I.RIGHT, I.ENTER)
    else:
        presses = (I.HOLD_2,)
    for code in presses:
        drv.give(code)
    assert app.tumble.active and game.held == 0  # not yet: the dice are still rolling
    assert app.tumble.waiting() == len(presses)
    frames = 0
    while app.tumble.active:
        step(app)
        frames += 1
    step(app)
    assert game.held == 0b00010, "the press made during the tumble was handled afterwards"
    assert app.tumble.waiting() == 0
    # a second roll queued during a tumble starts its own tumble after the first one
    drv.give(I.ROLL)
    drv.give(I.ROLL)
    assert game.rolls_used == 2 and app.tumble.waiting() == 1
    first = app.tumble.count
    while game.rolls_used == 2:
        assert app.tumble.active
        step(app)
    assert app.tumble.active and app.tumble.count == first + 1  # the queued roll tumbles too
    assert app.tumble.mask == 0b11101  # all but the held die


@pytest.mark.parametrize("profile", ["macropad", "pybadge"])
def test_presses_queued_for_the_next_screen_reach_it(profile):
    """MENU then DOWN during the tumble: the menu opens and its selection moves. (On the ring
    boards MENU is a 600 ms hold, longer than the tumble: nothing to queue there.)"""
    app, board, clock = make_app(profile, seed=4, tumble=True)
    start(app)
    drv = _nowait(app)
    drv.give(I.ROLL)
    drv.give(I.MENU)
    drv.give(I.DOWN)
    assert app.current_id == S.PLAY and app.tumble.active
    for _ in range(40):
        step(app)
    assert app.current_id == S.PAUSE and app.screens[S.PAUSE].sel == 1


def test_same_dice_with_and_without_the_tumble():
    """The animation draws no die from the RNG: the same keys give the same game."""
    games = []
    for tumble in (True, False):
        app, board, clock = make_app("macropad", seed=11, tumble=tumble)
        start(app)
        player = Player(app, KeyDriver(app))
        seen = []
        for _ in range(4):
            player.turn()
            seen.append(bytes(app.game.dice))
        games.append((seen, [app.game.box_score(0, b) for b in range(app.game.rules.n_boxes)] + [app.game.total(0)],
                      app.tumble.count))
    assert games[0][0] == games[1][0] and games[0][1] == games[1][1]
    assert games[0][2] >= 4 and games[1][2] == 0


def test_computer_waits_for_its_dice():
    app, board, clock = make_app("clue", seed=5, tumble=True, seats=2, kinds=(engine.HUMAN, engine.EASY), pace=0)
    start(app)
    Player(app, KeyDriver(app)).turn()
    assert app.game.is_computer()
    tumbled = 0
    for _ in range(3000):
        if not app.game.is_computer():
            break
        acted = app.autoplay.actions
        active = app.tumble.active
        step(app)
        if active and app.tumble.active:
            tumbled += 1
            assert app.autoplay.actions == acted  # no move while its dice roll
    assert tumbled > 0 and not app.game.is_computer()


@pytest.mark.parametrize("profile", ["pygamer", "macropad", "feather_tft"])
def test_rolling_dice_off_in_settings_means_no_tumble(profile):
    app, board, clock = make_app(profile, seed=6, tumble=True)
    drv = KeyDriver(app)
    app.show(S.SETTINGS)
    settle(app)
    scr = app.screens[S.SETTINGS]
    while scr.items[scr.sel] != SS.ROLLING:
        drv.give(I.DOWN)
    drv.give(I.ENTER)
    assert app.settings.tumble is False
    start(app)
    _nowait(app).give(I.ROLL)
    assert not app.tumble.active and app.tumble.count == 0
    assert board.sound.last == "roll"
    view = app.screens[S.PLAY].dice
    assert bytes(view.shadow) == bytes(app.game.dice)  # the result at once


def test_the_setting_is_saved_in_the_reserved_bit():
    from hw.nvm import MemoryNVM
    from yahtzee_core.nvm_store import NvmStore
    from ui.app import App
    from sim import desktop
    from sim.testing import FakeClock

    board = desktop.make_board("pybadge", headless=True, seed=1, clock=FakeClock(1000))
    store = NvmStore(MemoryNVM(len(board.storage)))
    store.load()
    app = App(board, store=store)
    assert app.settings.tumble is True  # the default, and what an older image's 0 bit means
    app.settings.tumble = False
    app.save_settings()
    again = NvmStore(store.nvm)
    again.load()
    assert again.settings.still_dice == 1
