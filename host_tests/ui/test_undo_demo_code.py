"""Undo, the demo (attract mode) and challenge codes in the real app on the headless simulator,
driven through each board's own keys (short, long, command ring) the way code.py starts it."""

import pytest

from hw import inputs as I
from hw.nvm import MemoryNVM
from yahtzee_core.nvm_store import NvmStore
from sim import desktop
from sim.testing import FakeClock
from ui import screen as S
from ui import pause_screen, title_screen
from ui.app_start import build_app
from ui.demo import GAMES as DEMO_GAMES
from yahtzee_core import engine
from yahtzee_core import snapshot_reader
from yahtzee_core import host_helpers
from yahtzee_core import rng as R
from yahtzee_core.host_helpers import ScriptedDice, code_value
from yahtzee_core.host_helpers import box_index

from ui_harness import KeyDriver, PROFILES, Player, read_field, settle, step


def boot(profile, nvm=None, dice=None, seed=3):
    clock = FakeClock(1000)
    board = desktop.make_board(profile, headless=True, seed=seed, clock=clock)
    board.storage = nvm if nvm is not None else MemoryNVM(desktop.board_module(profile).NVM_SIZE)
    app = build_app(board)
    if dice is not None:
        board.rng = ScriptedDice(dice)
        app.game.rng = board.rng
    settle(app)
    return app, board, clock


def message(app):
    play = app.screens[S.PLAY]
    text = read_field(app, play.msg_single)
    if play._msg_split:
        text = read_field(app, play.msg_lines[0]) + " " + read_field(app, play.msg_lines[1])
    return " ".join(text.split())


def give_undo(app, driver):
    """UNDO with the board's keys: its own key or ring item where it has one, else the in-game
    menu's "Undo last box" (PyGamer, PyBadge)."""
    if driver.can(I.UNDO):
        driver.give(I.UNDO)
        return
    driver.give(I.MENU)
    assert app.current_id == S.PAUSE
    pause = app.screens[S.PAUSE]
    while pause.items[pause.sel] != pause_screen.UNDO:
        driver.give(I.DOWN)
    driver.give(I.ENTER)
    assert app.current_id == S.PLAY


def choose_on_title(app, driver, item):
    title = app.screens[S.TITLE]
    assert app.current_id == S.TITLE
    for _ in range(title.count):
        if title.items[title.sel] == item:
            return
        driver.give(I.DOWN)
    raise AssertionError("no such title item")


def start_with_keys(app, driver):
    title = app.screens[S.TITLE]
    while title.items[title.sel] != title_screen.START:
        driver.give(I.UP)
    driver.give(I.ENTER)
    assert app.current_id == S.PLAY


# -- undo ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("profile", PROFILES)
def test_undo_restores_the_exact_game_with_the_yahtzee_bonus_and_joker(profile):
    nvm = MemoryNVM(desktop.board_module(profile).NVM_SIZE)
    app, board, clock = boot(profile, nvm, dice=[6] * 10)
    driver = KeyDriver(app)
    player = Player(app, driver)
    start_with_keys(app, driver)
    game = app.game
    yz = game.rules.yahtzee_box
    driver.give(I.ROLL)  # a Yahtzee: its box comes up
    assert game.cursor == yz
    player.score(yz)
    driver.give(I.ROLL)  # another: forced Joker, the sixes box, +100
    settle(app)
    assert game.joker_active
    before = (host_helpers.snapshot(game), list(game.preview), game.allowed, game.joker_active)
    sixes = box_index(game.rules, "sixes")
    player.score(sixes)
    assert game.bonus_count[0] == 1 and game.total(0) == 50 + 30 + 100
    writes = nvm.writes
    give_undo(app, driver)
    settle(app)
    assert (host_helpers.snapshot(game), list(game.preview), game.allowed, game.joker_active) == before
    assert game.bonus_count[0] == 0 and game.total(0) == 50
    assert message(app) == "Choice taken back"
    # one more write: a power cut now keeps the undone state
    assert nvm.writes == writes + 1
    fresh = NvmStore(nvm)
    fresh.load()
    other = engine.Game(game.rules, None)
    assert snapshot_reader.restore_game(fresh, other) and host_helpers.snapshot(other) == before[0]
    # a second undo is refused, and says why
    give_undo(app, driver)
    settle(app)
    assert message(app) == "nothing to undo"
    assert host_helpers.snapshot(game) == before[0]


@pytest.mark.parametrize("profile", PROFILES)
def test_undo_refused_once_the_next_turn_rolled(profile):
    app, board, clock = boot(profile, dice=[1, 2, 3, 4, 6] * 2)
    driver = KeyDriver(app)
    player = Player(app, driver)
    start_with_keys(app, driver)
    game = app.game
    driver.give(I.ROLL)
    player.score(box_index(game.rules, "chance"))
    driver.give(I.ROLL)
    state = host_helpers.snapshot(game)
    give_undo(app, driver)
    settle(app)
    assert message(app) == "too late: rolled"
    assert host_helpers.snapshot(game) == state


def test_undo_refused_after_the_computer_moved_and_after_game_over():
    app, board, clock = boot("macropad", dice=[1, 2, 3, 4, 6] * 40)
    app.settings.seats = 2
    app.settings.kinds[1] = engine.EASY
    app.settings.pace = 0
    app.apply_preferences()
    driver = KeyDriver(app)
    player = Player(app, driver)
    start_with_keys(app, driver)
    game = app.game
    driver.give(I.ROLL)
    player.score(box_index(game.rules, "chance"))
    for _ in range(20):
        if game.player == 0:
            break
        step(app)
    assert game.player == 0 and game.round == 1
    give_undo(app, driver)
    settle(app)
    assert message(app) == "computer has moved"


def test_an_undone_choice_costs_once_in_the_coach():
    app, board, clock = boot("clue", dice=[1, 1, 1, 5, 6] * 3)
    driver = KeyDriver(app)
    player = Player(app, driver)
    start_with_keys(app, driver)
    coach = app.coach  # built for the game
    if coach is None or coach.tables is None or coach.tables.values_for(app.game.rules) is None:
        pytest.skip("no strategy table built")
    game = app.game
    for _ in range(3):
        driver.give(I.ROLL)  # nothing held
    player.score(box_index(game.rules, "chance"))  # a poor box for 1 1 1 5 6
    lost, choices = coach.lost[0], coach.choices[0]
    cost = coach.last_box_cost
    assert cost > 0 and choices == 3
    give_undo(app, driver)
    settle(app)
    assert (coach.lost[0], coach.choices[0]) == (lost - cost, choices - 1)
    player.score(box_index(game.rules, "chance"))  # the same choice again: counted once
    assert (coach.lost[0], coach.choices[0]) == (lost, choices)


# -- demo ---------------------------------------------------------------------------------------


def idle_until_demo(app, clock):
    frames = 0
    while not app.demo:
        clock.advance(1000)
        app.step()
        frames += 1
        assert frames < 200
    return frames


@pytest.mark.parametrize("profile", PROFILES)
def test_demo_after_a_minute_plays_hard_games_and_never_writes_the_nvm(profile):
    nvm = MemoryNVM(desktop.board_module(profile).NVM_SIZE)
    app, board, clock = boot(profile, nvm)
    app.settings.sleep_after = 0  # never sleep: the whole demo runs
    app.settings.dim_after = 0
    title = app.screens[S.TITLE]
    sel = title.sel
    writes = nvm.writes
    seconds = idle_until_demo(app, clock)
    assert 59 <= seconds <= 61
    assert app.current_id == S.PLAY and app.game.seat_kind[0] == engine.HARD and app.game.seats == 1
    assert app.sound.muted
    games = 0
    was_over = False
    for _ in range(100000):
        clock.advance(50)
        app.step()
        if app.game.over and not was_over:
            games += 1
        was_over = app.game.over
        if not app.demo:
            break
    assert games == DEMO_GAMES and app.current_id == S.TITLE
    assert nvm.writes == writes  # not one write through the whole demo
    assert not app.sound.muted == bool(app.settings.sound)
    assert title.sel == sel


@pytest.mark.parametrize("profile", PROFILES)
def test_any_key_ends_the_demo_and_does_nothing_else(profile):
    nvm = MemoryNVM(desktop.board_module(profile).NVM_SIZE)
    app, board, clock = boot(profile, nvm)
    title = app.screens[S.TITLE]
    sel, pos = title.sel, app.buttons.ring_pos
    writes = nvm.writes
    idle_until_demo(app, clock)
    for _ in range(100):
        step(app)
    assert app.demo and app.autoplay.actions > 0
    driver = KeyDriver(app)
    driver.tap(0)  # the board's first key, whatever it does on the title
    settle(app)
    assert not app.demo and app.current_id == S.TITLE
    assert title.sel == sel and app.buttons.ring_pos == pos  # the key did nothing else
    assert nvm.writes == writes
    assert not app.store.has_game()


def test_the_demo_leaves_a_saved_game_alone():
    nvm = MemoryNVM(256)
    app, board, clock = boot("pygamer", nvm)
    driver = KeyDriver(app)
    player = Player(app, driver)
    start_with_keys(app, driver)
    player.turn()
    saved = host_helpers.snapshot(app.game)
    driver.give(I.MENU)
    pause = app.screens[S.PAUSE]
    while pause.items[pause.sel] != pause_screen.TITLE:
        driver.give(I.DOWN)
    driver.give(I.ENTER)
    assert app.current_id == S.TITLE
    image = bytes(nvm[0:256])
    idle_until_demo(app, clock)
    for _ in range(3000):
        step(app)
    driver.tap(1)
    settle(app)
    assert bytes(nvm[0:256]) == image
    title = app.screens[S.TITLE]
    assert title.items[0] == title_screen.CONTINUE
    app.continue_game()
    assert host_helpers.snapshot(app.game) == saved


def test_the_demo_dims_and_sleeps_on_the_usual_timers():
    app, board, clock = boot("clue")
    app.settings.dim_after = 2  # 30 s
    app.settings.sleep_after = 4  # 2 min
    idle_until_demo(app, clock)
    assert app.idle.dimmed  # dimmed at 30 s; the demo's moves do not undim
    t = 0
    while app.idle.sleeps == 0 and t < 200000:
        clock.advance(100)
        app.step()
        t += 100
    assert app.idle.sleeps == 1 and 55000 <= t <= 65000  # asleep at 2 min idle
    assert not app.demo and app.current_id == S.TITLE  # woken: the title


# -- challenge codes ----------------------------------------------------------------------------


def enter_code(app, driver, text):
    choose_on_title(app, driver, title_screen.CHALLENGE)
    driver.give(I.ENTER)
    assert app.current_id == S.CODE
    screen = app.screens[S.CODE]
    plus, minus = next_keys(app)
    for i, ch in enumerate(text.encode()):
        want = R.CODE_ALPHABET.index(ch)
        while screen.values[i] != want:
            up = (want - screen.values[i]) % 32 <= 16
            driver.give(plus if up else minus)
        driver.give(I.ENTER)
    assert app.current_id == S.TITLE


def next_keys(app):
    """(next, previous): Up and Down, as on the initials screen (the MacroPad's knob turned
    clockwise gives DOWN: there DOWN is next)."""
    return (I.DOWN, I.UP) if app.board.name == "macropad" else (I.UP, I.DOWN)


@pytest.mark.parametrize("profile", PROFILES)
def test_the_code_entry_steps_through_the_characters_as_the_initials_entry_does(profile):
    """Up is the next character on the code screen as on the initials screen (the MacroPad:
    the knob turned clockwise); the command ring starts on "Char +", which is Up."""
    app, board, clock = boot(profile, seed=11)
    driver = KeyDriver(app)
    app.settings.challenge = 0  # "000000"
    choose_on_title(app, driver, title_screen.CHALLENGE)
    driver.give(I.ENTER)
    assert app.current_id == S.CODE
    screen = app.screens[S.CODE]
    if app.buttons.ring is not None:
        assert screen.ring_name(I.UP) == b"Char +" and screen.ring_name(I.DOWN) == b"Char -"
        assert app.buttons.ring_code() == I.UP
    plus, minus = next_keys(app)
    driver.give(plus)
    driver.give(plus)
    assert screen.values[0] == 2  # "2"
    driver.give(minus)
    assert screen.values[0] == 1


@pytest.mark.parametrize("profile", PROFILES)
def test_a_code_entered_with_the_keys_fixes_the_dice(profile):
    app, board, clock = boot(profile, seed=11)
    driver = KeyDriver(app)
    enter_code(app, driver, "K7QX2M")
    title = app.screens[S.TITLE]
    row = title.rows[title.sel - title.top]
    assert read_field(app, row).split()[-1] == "K7QX2M"
    start_with_keys(app, driver)
    settle(app)
    assert message(app) == "Code K7QX2M"
    driver.give(I.ROLL)
    code = code_value("K7QX2M")
    assert list(app.game.dice) == [R.challenge_die(code, p) for p in range(5)]


def _play_challenge(profile, seed, hold_plan):
    """A whole challenge game on ``profile``, holding per ``hold_plan``; {place: die} seen."""
    app, board, clock = boot(profile, seed=seed)
    app.settings.challenge = code_value("K7QX2M")
    driver = KeyDriver(app)
    player = Player(app, driver)
    start_with_keys(app, driver)
    game = app.game
    seen = {}
    k = 0
    while not game.over:
        rnd = game.round
        for r in range(3):
            if r:
                mask = hold_plan[k % len(hold_plan)]
                k += 1
                for i in range(5):
                    if ((game.held >> i) & 1) != ((mask >> i) & 1):
                        player.hold(i)
            held = game.held
            driver.give(I.ROLL)
            if game.round != rnd or game.over:
                break  # the last box filled itself
            for i in range(5):
                if not (held >> i) & 1:
                    seen[R.challenge_place(rnd, 0, r, i)] = game.dice[i]
        if game.over or game.round != rnd:
            continue
        best = max(range(game.rules.n_boxes), key=lambda b: (game.preview[b], -b))
        player.score(best)
    return app, seen


def test_two_boards_same_code_same_dice_and_the_code_at_game_over():
    app_a, a = _play_challenge("pygamer", 1, [0, 3, 31, 8])
    app_b, b = _play_challenge("clue", 2, [16, 1, 0])
    common = set(a) & set(b)
    assert len(common) >= 13 * 5
    for place in common:
        assert a[place] == b[place]
    for app in (app_a, app_b):
        for _ in range(300):  # the last turn shows first (ui/app.py END_SHOW_MS)
            if app.current_id == S.GAME_OVER:
                break
            if app.current_id == S.INITIALS:
                app.show(S.GAME_OVER)
            step(app)
        settle(app)
        over = app.screens[S.GAME_OVER]
        lines = [" ".join(read_field(app, row).split()) for row in over.rows]
        assert "Code K7QX2M" in lines


def test_continue_keeps_the_challenge_code():
    nvm = MemoryNVM(256)
    app, board, clock = boot("pybadge", nvm, seed=5)
    app.settings.challenge = code_value("K7QX2M")
    driver = KeyDriver(app)
    player = Player(app, driver)
    start_with_keys(app, driver)
    player.turn()
    # power off; a new app on the same NVM continues the same challenge
    app2, board2, clock2 = boot("pybadge", nvm, seed=99)
    assert app2.current_id == S.CONTINUE
    app2.continue_game()
    settle(app2)
    assert app2.game.challenge == code_value("K7QX2M")
    assert message(app2) == "Code K7QX2M"
    KeyDriver(app2).give(I.ROLL)
    code = app2.game.challenge
    assert list(app2.game.dice) == [R.challenge_die(code, R.challenge_place(1, 0, 0, i)) for i in range(5)]


# -- no allocation ------------------------------------------------------------------------------


@pytest.mark.parametrize("profile", ["macropad", "pygamer", "clue"])
def test_undo_and_code_entry_allocate_nothing_after_warm_up(profile):
    from test_alloc import measure
    from ui_harness import make_app, start

    app, board, clock = make_app(profile, seed=2)
    start(app)
    app.buttons.inject(I.ROLL)
    settle(app)
    app.buttons.inject(I.RIGHT if not app.die_focus else I.DOWN)
    settle(app)
    assert app.game.cursor_visible
    before = host_helpers.snapshot(app.game)

    def score_and_undo():
        app.buttons.inject(I.ENTER)
        step(app)
        app.buttons.inject(I.UNDO)
        step(app)

    # CPython's ints above 256 are objects (MicroPython's small ints are not: the engine's undo is
    # proved allocation-free under heap_lock in the VM, host_tests/core/test_undo.py). Two such
    # values (the allowed-box mask, the message's end time) replace untraced warm-up objects
    # once; what must hold here is that nothing grows with the number of actions.
    once, lines_once = measure(score_and_undo, repeat=1)
    size, lines = measure(score_and_undo, repeat=12)
    assert size == once and once <= 64, (lines_once, lines)
    assert host_helpers.snapshot(app.game) == before

    app.show(S.CODE)
    settle(app)

    def code_keys():
        for code in (I.DOWN, I.DOWN, I.UP, I.ENTER, I.MENU):
            app.buttons.inject(code)
            step(app)

    size, lines = measure(code_keys)
    assert size == 0, lines
