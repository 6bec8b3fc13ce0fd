"""Persistence on the hand-held, through the real code.py start-up, the board's own keys and a
headless simulator with file or memory NVM: power off mid-game and Continue; decline it; high
scores with initials entered on the buttons; the statistics chart read back from the pixels;
the crash screen; dimming and sleeping; idle frames of the new screens; everything fits."""

import gc
import os
import tracemalloc

import pytest

from hw import inputs as I
from hw.nvm import MemoryNVM, PowerCut
from yahtzee_core.nvm_store import NvmStore
from hw.parts import BacklightPower
from sim import desktop
from sim.flash_model import FlashNVM, MemoryFileCopy, Power
from sim.testing import FakeClock
from ui import screen as S
from ui import theme
from ui import continue_screen, settings_screen, title_screen
from ui.app import App
from ui.app_start import build_app
from ui.resident import Resident
from yahtzee_core import engine, records, save, save_layouts
from yahtzee_core.host_helpers import ScriptedDice

from ui_harness import FRAME_MS, PROFILES, RING_BOARDS, SIZES, KeyDriver, Player, read_field, settle, step

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LAYOUT_PROFILES = ["macropad", "pygamer", "feather_tft", "clue"]


def boot(profile, seed=1, path=None, nvm=None, clock=None, backup=None):
    """A headless board started the way code.py starts one: (app, board, clock)."""
    clock = clock or FakeClock(1000)
    board = desktop.make_board(profile, headless=True, seed=seed, clock=clock,
                               storage_path=str(path) if path else None)
    if nvm is not None:
        board.storage = nvm
    board.backup = backup
    app = build_app(board)
    settle(app)
    return app, board, clock


def text_of(app, tf):
    """A field's text as drawn (read back from the pixels), spaces squeezed."""
    return " ".join(read_field(app, tf).split())


def start_with_keys(app, driver):
    """Title screen -> "Start game" with the board's keys."""
    title = app.screens[S.TITLE]
    assert app.current_id == S.TITLE
    while title.items[title.sel] != title_screen.START:
        driver.give(I.UP)
    driver.give(I.ENTER)
    assert app.current_id == S.PLAY


def play_turns(app, player, human_turns):
    """Human turns through the keys; the computer seats move on their own in between."""
    game = app.game
    done = 0
    for _ in range(5000):
        if game.over or done >= human_turns:
            break
        if game.is_computer():
            step(app, 8)
        else:
            player.turn()
            done += 1
    settle(app)


def card(game):
    return (bytes(game.filled[s] & 0xFF for s in range(game.seats)), list(game.scores),
            [game.total(s) for s in range(game.seats)], list(game.bonus_count))


# -- power off and Continue ----------------------------------------------------------------


@pytest.mark.parametrize("profile,seats", [("pygamer", 1), ("clue", 1), ("macropad", 2)])
def test_power_off_mid_game_then_continue_ends_like_a_straight_game(tmp_path, profile, seats):
    def new_game(path, seed):
        app, board, clock = boot(profile, seed=seed, path=path)
        app.settings.seats = seats
        app.settings.pace = 1
        driver = KeyDriver(app)
        start_with_keys(app, driver)
        return app, board, driver

    # the straight game
    app, board, driver = new_game(tmp_path / "straight.nvm", 77)
    play_turns(app, Player(app, driver), 99)
    assert app.game.over
    straight = card(app.game)
    n_boxes = app.game.rules.n_boxes
    del app, board, driver
    # the same game with the power cut after half of it
    path = tmp_path / "cut.nvm"
    app, board, driver = new_game(path, 77)
    play_turns(app, Player(app, driver), n_boxes // 2)
    assert not app.game.over and app.game.round >= n_boxes // 2 - 1
    half = card(app.game)
    writes = app.store.writes
    assert writes >= n_boxes // 2  # saved after every scored box ...
    assert writes <= (n_boxes // 2) * seats + 3  # ... and not every frame
    del app, board, driver  # power off: only the file is left
    gc.collect()
    app, board, clock = boot(profile, seed=12345, path=path)  # another seed: the dice state is saved
    assert app.current_id == S.CONTINUE
    cont = app.screens[S.CONTINUE]
    assert cont.items[cont.sel] == continue_screen.CONTINUE  # selected
    driver = KeyDriver(app)
    driver.give(I.ENTER)
    assert app.current_id == S.PLAY
    assert card(app.game) == half  # exactly where it was
    play_turns(app, Player(app, driver), 99)
    assert app.game.over
    assert card(app.game) == straight


def test_declining_continue_forgets_the_game(tmp_path):
    path = tmp_path / "nvm"
    app, board, clock = boot("feather_tft", path=path)
    driver = KeyDriver(app)
    start_with_keys(app, driver)
    Player(app, driver).turn()
    assert app.store.has_game()
    del app, board
    app, board, clock = boot("feather_tft", path=path)
    assert app.current_id == S.CONTINUE
    driver = KeyDriver(app)
    driver.give(I.DOWN)  # "New game"
    driver.give(I.ENTER)
    cont = app.screens[S.CONTINUE]
    assert app.current_id == S.CONTINUE and cont.confirm  # asks once more
    assert text_of(app, cont.rows[cont.sel - cont.top]) == "Sure? Press again"
    assert app.store.has_game()
    driver.give(I.ENTER)
    assert app.current_id == S.TITLE and not app.store.has_game()
    title = app.screens[S.TITLE]
    assert title_screen.CONTINUE not in title.items[: title.count]
    fresh = NvmStore(board.storage)
    fresh.load()
    assert not fresh.has_game()


def test_menu_on_continue_keeps_the_game_for_the_title_screen(tmp_path):
    path = tmp_path / "nvm"
    app, board, clock = boot("macropad", path=path)
    driver = KeyDriver(app)
    start_with_keys(app, driver)
    Player(app, driver).turn()
    scored = card(app.game)
    del app, board
    app, board, clock = boot("macropad", path=path)
    driver = KeyDriver(app)
    driver.give(I.MENU)
    title = app.screens[S.TITLE]
    assert app.current_id == S.TITLE and title.items[0] == title_screen.CONTINUE
    driver.give(I.ENTER)
    assert app.current_id == S.PLAY and card(app.game) == scored


def test_start_game_over_a_saved_game_needs_a_second_press(tmp_path):
    path = tmp_path / "nvm"
    app, board, clock = boot("macropad", path=path)
    driver = KeyDriver(app)
    start_with_keys(app, driver)
    Player(app, driver).turn()
    scored = card(app.game)
    del app, board
    app, board, clock = boot("macropad", path=path)
    driver = KeyDriver(app)
    driver.give(I.MENU)  # leave Continue? for the title
    title = app.screens[S.TITLE]
    assert title.items[0] == title_screen.CONTINUE and title.items[1] == title_screen.START
    driver.give(I.DOWN)
    assert title.items[title.sel] == title_screen.START
    driver.give(I.ENTER)  # first press only asks
    settle(app)
    assert app.current_id == S.TITLE and app.store.has_game() and card(app.game) == scored
    assert "Press again" in text_of(app, title.rows[title.sel - title.top])
    driver.give(I.ENTER)  # second press starts over
    assert app.current_id == S.PLAY and not app.store.has_game()
    assert app.game.total(0) == 0 and app.game.filled[0] == 0


def rolled_and_held(nvm, *holds):
    """A MacroPad game started with its keys, the dice rolled and ``holds`` pressed:
    (app, board, driver, the dice's state)."""
    app, board, clock = boot("macropad", nvm=nvm)
    driver = KeyDriver(app)
    start_with_keys(app, driver)
    driver.give(I.ROLL)
    for key in holds:
        driver.give(key)
    game = app.game
    return app, board, driver, (bytes(game.dice), game.held, game.rolls_used)


def test_quit_to_title_saves_the_turn_and_continue_resumes_it_exactly():
    nvm = MemoryNVM(4096)
    app, board, driver, state = rolled_and_held(nvm, I.HOLD_2, I.HOLD_4)
    writes = app.store.writes
    app.show(S.PAUSE)
    pause = app.screens[S.PAUSE]
    pause.sel = bytes(pause.items[:pause.count]).index(5)  # pause_screen.TITLE: "Quit to title"
    driver.give(I.ENTER)
    assert app.current_id == S.TITLE and app.store.writes == writes + 1
    del app, board
    app, board, clock = boot("macropad", nvm=nvm)
    KeyDriver(app).give(I.ENTER)
    game = app.game
    assert app.current_id == S.PLAY
    assert (bytes(game.dice), game.held, game.rolls_used) == state


def test_defuse_mode_holds_no_game_and_the_saved_one_continues_after_it():
    # Defuse mode drops the game object (a board unloads the engine with it: ~7 KB of its
    # peak); the game quit to the title was saved, and "Continue game" brings it back exactly
    app, board, driver, state = rolled_and_held(MemoryNVM(4096), I.HOLD_2)
    game = app.game
    app.show(S.TITLE)
    app.show(S.DEFUSE)
    assert app.game is None and not app.in_game and app.reasons == ()
    app.save_settings()  # what sleeping saves (ui/idle.py): no game, nothing to save of one
    app.save_game()
    app.show(S.TITLE)
    assert app.game is not None and app.game is not game and app.reasons
    assert app.store.has_game()
    app.continue_game()
    assert app.current_id == S.PLAY and app.in_game
    game = app.game
    assert (bytes(game.dice), game.held, game.rolls_used) == state
    while game.rolls_left() > 0:
        assert app.act(engine.ROLL) == engine.OK
    refused = app.act(engine.ROLL)  # the reason comes from the new game object's engine
    assert refused != engine.OK and app.msg == engine.REASONS[refused]


def test_without_a_store_defuse_mode_keeps_the_game():
    app, board, clock = boot("macropad")
    app.store = None  # (a bare App: nothing could bring the game back)
    game = app.game
    app.show(S.DEFUSE)
    assert app.game is game
    app.show(S.TITLE)
    assert app.game is game


def test_title_offers_continue_and_every_scored_box_is_saved_once():
    app, board, clock = boot("pygamer", nvm=MemoryNVM(256))
    title = app.screens[S.TITLE]
    assert title_screen.CONTINUE not in title.items[: title.count]
    assert title_screen.STATS in title.items[: title.count]
    assert title_screen.HIGH_SCORES in title.items[: title.count]
    app.start_game()
    writes = app.store.writes
    for box in range(3):
        app.act(engine.ROLL)
        app.act(engine.SCORE_BOX, box)
        step(app, 30)  # idle frames write nothing
        assert app.store.writes == writes + box + 1
    app.show(S.TITLE)
    settle(app)
    title = app.screens[S.TITLE]  # built again when shown (ui/screen_set.py)
    assert title.items[0] == title_screen.CONTINUE


class BrokenNVM(MemoryNVM):
    """Reads fine; every write raises, as a worn-out or locked flash would."""

    def __setitem__(self, index, value):
        raise OSError(5, "Input/output error")


def test_a_failing_nvm_is_told_once_and_the_game_goes_on():
    from yahtzee_core import nvm_store
    from ui import app as app_module

    assert app_module._SAVE_FAILED == nvm_store.FAILED
    board = desktop.make_board("clue", headless=True, seed=4, clock=FakeClock(1000))
    store = NvmStore(BrokenNVM(8192))
    store.load()
    app = App(board, store=store)
    said = []
    real_say = app.say
    app.say = lambda text, *a: (said.append(text), real_say(text, *a))
    app.start_game()
    app.act(engine.ROLL)
    app.act(engine.SCORE_BOX, 0)
    settle(app)
    assert said.count(b"Could not save") == 1 and app.game.filled[0] == 1  # box 0 scored


def test_could_not_save_stays_until_a_press_made_after_it_was_seen():
    """The warning is not overwritten by the coach's cost in the same frame (nor by any later
    message) and stays until a key is pressed at least 1.6 s after it showed."""
    board = desktop.make_board("clue", headless=True, seed=4, clock=FakeClock(1000))
    board.storage = BrokenNVM(8192)
    app = build_app(board)  # with the coach: "Cost N pts" after each scored box
    settle(app)
    app.settings.show_cost = True
    app.start_game()
    settle(app)
    play = app.screens[S.PLAY]
    driver = KeyDriver(app)
    driver.give(I.ROLL)
    app.act(engine.SCORE_BOX, 12)  # the coach measures it and says its cost
    settle(app)
    assert text_of(app, play.msg_single) == "Could not save"
    step(app, 150)  # 3 s: it does not time out
    assert text_of(app, play.msg_single) == "Could not save"
    driver.give(I.ROLL)  # a press after it was seen: it goes, and the press rolls
    settle(app)
    assert app.game.rolls_used == 1 and "Could not save" not in text_of(app, play.msg_single)


def test_warm_up_snapshot_at_game_start():
    app, board, clock = boot("pygamer")
    app.settings.variant = 2  # Yacht
    rs = app.settings.rules()
    rs._values = None  # as on a fresh device: never enumerated
    app.start_game()
    assert rs._values is not None  # the first save will not enumerate the 252 rolls


# -- high scores and initials ---------------------------------------------------------------


class Coach:
    """A coach double with ui/coach.Coach's interface to the App: it counts hints, measures nothing."""

    show_cost = False

    def __init__(self):
        self.asked = 0
        self.lost = [0] * engine.MAX_SEATS
        self.choices = [0] * engine.MAX_SEATS

    def hint(self, app):
        self.asked += 1

    def new_game(self):
        pass

    def before_act(self, app, action, arg):
        pass

    def after_act(self, app, result):
        pass

    def take_back(self):
        pass


def finish_game(app):
    """Every seat scores its first open box each turn until the game ends."""
    game = app.game
    for _ in range(200):
        if game.over:
            break
        app.act(engine.ROLL)
        if game.over:
            break
        for b in range(game.rules.n_boxes):
            if game.can_score(b):
                app.act(engine.SCORE_BOX, b)
                break
    assert game.over
    settle(app)


def enter_initials(driver, plan):
    """plan: per letter, (code, presses) then ENTER."""
    for code, presses in plan:
        for _ in range(presses):
            driver.give(code)
        driver.give(I.ENTER)


@pytest.mark.parametrize("profile", PROFILES)
def test_high_score_initials_entered_with_the_buttons(profile):
    nvm = MemoryNVM(desktop.board_module(profile).NVM_SIZE)
    app, board, clock = boot(profile, nvm=nvm)
    coach = Coach()
    app.strategy = Resident(coach=coach)
    driver = KeyDriver(app)
    start_with_keys(app, driver)
    driver.give(I.HINT)  # the coach helped this game
    assert coach.asked == 1
    board.rng = app.game.rng = ScriptedDice([6, 6, 6, 6, 5] * 200)
    finish_game(app)
    assert app.current_id == S.INITIALS
    scr = app.screens[S.INITIALS]
    assert [text_of(app, tf) for tf in scr.letters] == ["A", "A", "A"]  # last initials
    who = text_of(app, scr.who)
    assert who.startswith("You 1st") and who.endswith(str(app.game.total(0)))
    # "C*D": two forward, two back (A, space, *), three forward with LEFT/RIGHT; forward is UP
    # (the MacroPad: the knob turned clockwise, DOWN)
    up, down = (I.DOWN, I.UP) if profile == "macropad" else (I.UP, I.DOWN)
    enter_initials(driver, [(up, 2), (down, 2)])
    assert [text_of(app, tf) for tf in scr.letters] == ["C", "*", "A"]
    enter_initials(driver, [(I.RIGHT, 3)])
    assert app.current_id == S.GAME_OVER
    scores = app.store.records.scores
    assert scores.initials_text(0, 0) == "C*D" and scores.score[0] == app.game.total(0)
    assert scores.coach[0] == 1
    # kept in NVM, with the initials remembered for next time
    fresh = NvmStore(nvm)
    fresh.load()
    assert fresh.records.scores.initials_text(0, 0) == "C*D" and fresh.records.scores.coach[0] == 1
    assert records.initials_text(fresh.settings.initials) == "C*D"
    assert fresh.records.stats.games[0] == 1
    # game over -> "High scores": the new entry, selected, with the coach mark (and a date
    # where the layout keeps one)
    over = app.screens[S.GAME_OVER]
    while over.items[over.sel] != 11:
        driver.give(I.DOWN)
    driver.give(I.ENTER)
    assert app.current_id == S.HIGH_SCORES
    table = app.screens[S.HIGH_SCORES]
    row = text_of(app, table.rows[table.sel - table.top]).split()
    assert row[:3] == ["1", "C*D", "%d*" % app.game.total(0)]
    if app.store.layout.hs_dates:
        y, m, d = board.clock.date()
        assert row[3] in ("%04d-%02d-%02d" % (y, m, d), "%02d-%02d-%02d" % (y % 100, m, d), "%02d/%02d" % (m, y % 100))
    assert text_of(app, table.rows[1]) in ("* coach helped", "* = coach helped")


def test_defuse_mode_reads_and_writes_its_record_without_the_statistics_and_high_scores(monkeypatch):
    # Defuse mode opens its own record only (yahtzee_core/defuse_record.py): on a board the
    # statistics' and high scores' code (records.py) stays out of memory while it plays
    from yahtzee_core import records

    read_book = records.read_book
    books = []
    monkeypatch.setattr(records, "read_book", lambda *a: books.append(a) or read_book(*a))
    nvm = MemoryNVM(desktop.board_module("pygamer").NVM_SIZE)
    app, board, clock = boot("pygamer", nvm=nvm)
    books.clear()  # (loading the saved data reads them all)
    app.show(S.DEFUSE)
    stats = app.screens[S.DEFUSE].defuse_stats
    stats.bomb_started()
    stats.bomb_defused(83_000)
    app.screens[S.DEFUSE].on_stats(stats)  # what a bomb's end does
    assert books == [] and not app.store.records.is_open()
    app.show(S.TITLE)
    again, _board, _clock = boot("pygamer", nvm=nvm)
    assert again.store.records.defuse.values() == (1, 1, 0, 0, 83_000)
    assert again.store.records.stats.games[0] == 0  # and the statistics beside it are as they were


def test_records_are_open_only_while_a_result_or_the_records_show():
    # The statistics, high scores and Defuse record are objects (yahtzee_core/records.py, which
    # a board then unloads) only from a game's end to the next other screen, on the records'
    # screens, and for a Defuse bomb's load and save; a save copies their bytes otherwise.
    nvm = MemoryNVM(desktop.board_module("pygamer").NVM_SIZE)
    app, board, clock = boot("pygamer", nvm=nvm)
    store = app.store
    assert app.current_id == S.TITLE and not store.records.is_open()
    driver = KeyDriver(app)
    start_with_keys(app, driver)
    board.rng = app.game.rng = ScriptedDice([6, 6, 6, 6, 5] * 200)
    app.act(engine.ROLL)
    app.act(engine.SCORE_BOX, 0)  # a save during the game
    assert store.writes >= 1 and not store.records.is_open()
    finish_game(app)
    total = app.game.total(0)  # (Defuse mode, below, holds no game: a new one comes after it)
    assert app.current_id == S.INITIALS and store.records.is_open()
    while app.current_id == S.INITIALS:
        driver.give(I.ENTER)
    assert app.current_id == S.GAME_OVER and store.records.is_open()
    app.show(S.TITLE)
    assert not store.records.is_open()
    app.show(S.STATS)
    assert store.records.is_open()
    app.show(S.TITLE)
    assert not store.records.is_open()
    app.show(S.DEFUSE)  # its saved statistics were read when it was built
    assert not store.records.is_open()
    scr = app.screens[S.DEFUSE]
    scr.on_stats(scr.defuse_stats)  # what a bomb's end does
    assert not store.records.is_open()
    app.show(S.TITLE)
    again, _board, _clock = boot("pygamer", nvm=nvm)  # loading opens them; the title closes them
    assert again.current_id == S.TITLE and not again.store.records.is_open()
    assert again.store.records.stats.games[0] == 1 and again.store.records.scores.best(0) == total


@pytest.mark.parametrize("profile", PROFILES)
def test_up_goes_forward_through_the_letters_then_the_punctuation(profile):
    """Up (the knob clockwise on the MacroPad) gives B after A, and after Z the punctuation;
    the other way goes back through the space and the punctuation."""
    nvm = MemoryNVM(desktop.board_module(profile).NVM_SIZE)
    app, board, clock = boot(profile, nvm=nvm)
    driver = KeyDriver(app)
    start_with_keys(app, driver)
    board.rng = app.game.rng = ScriptedDice([6, 6, 6, 6, 5] * 200)
    finish_game(app)
    assert app.current_id == S.INITIALS
    scr = app.screens[S.INITIALS]
    up, down = (I.DOWN, I.UP) if profile == "macropad" else (I.UP, I.DOWN)
    seen = []
    for _ in range(27):
        driver.give(up)
        seen.append(text_of(app, scr.letters[0]) or " ")
    assert "".join(seen) == "BCDEFGHIJKLMNOPQRSTUVWXYZ-."
    for _ in range(28):
        driver.give(down)
    assert text_of(app, scr.letters[0]) in ("", " ") and scr.codes[0] == 0  # A, then the space
    if app.buttons.ring is not None:
        assert scr.ring_name(I.UP) == b"Letter +"
    else:
        assert not scr.help_text.startswith(b"Down/Up"), scr.help_text  # up first: it is +


@pytest.mark.parametrize("profile, says", [
    ("pygamer", "Start: back a letter"),  # its own line under the hint
    ("macropad", "key 8 next, 10 back"),  # one line of 20 cells for both
] + [(p, ">Back a letter") for p in RING_BOARDS])  # ring boards: an item of the command ring (the footer)
def test_the_initials_screen_says_how_to_go_back_a_letter(profile, says):
    """Issue 24 (17): the hint did not say that Menu goes back a letter. The screen says it (read
    from the pixels), and the key it names, pressed, does go back a letter."""
    from hw.keymap import RING_DO, RING_NEXT

    nvm = MemoryNVM(desktop.board_module(profile).NVM_SIZE)
    app, board, clock = boot(profile, nvm=nvm)
    driver = KeyDriver(app)
    start_with_keys(app, driver)
    board.rng = app.game.rng = ScriptedDice([6, 6, 6, 6, 5] * 200)
    finish_game(app)
    assert app.current_id == S.INITIALS
    scr = app.screens[S.INITIALS]
    driver.give(I.ENTER)
    driver.give(I.ENTER)
    assert scr.pos == 2
    buttons = board.buttons
    labels = board.profile.KEY_LABELS
    if buttons.ring is None:
        lines = [text_of(app, scr.help)] + ([text_of(app, scr.footer)] if scr.footer else [])
        assert says in lines, lines
        name = says.split(":")[0] if ":" in says else "key " + says.split(", ")[1].split()[0]
        driver.tap(labels.index(name))
    else:  # step the ring (its "next" key) until the footer shows the item, then do it
        nxt = bytes(buttons.short).index(RING_NEXT)
        seen = []
        for _ in range(len(buttons.ring)):
            seen.append(text_of(app, scr.footer))
            if seen[-1] == says:
                break
            driver.tap(nxt)
        assert seen[-1] == says, seen
        driver.tap(bytes(buttons.short).index(RING_DO))
    assert scr.pos == 1 and app.current_id == S.INITIALS
    driver.give(I.MENU)  # Menu (a long press on a ring board) goes back too
    assert scr.pos == 0


def test_two_players_each_enter_their_initials_in_seat_order():
    nvm = MemoryNVM(4096)
    app, board, clock = boot("macropad", nvm=nvm)
    app.settings.seats = 2
    app.settings.kinds[1] = engine.HUMAN
    app.start_game()
    board.rng = app.game.rng = ScriptedDice(([1, 2, 3, 4, 6] * 3 + [6, 6, 6, 6, 6] * 3) * 100)
    finish_game(app)
    game = app.game
    t0, t1 = game.total(0), game.total(1)
    assert t0 > 0 and t1 > 0 and t0 != t1
    driver = KeyDriver(app)
    scr = app.screens[S.INITIALS]
    assert app.current_id == S.INITIALS and scr.seat == 0
    assert text_of(app, scr.who).startswith("Player 1")
    enter_initials(driver, [(I.DOWN, 1), (I.DOWN, 1), (I.DOWN, 1)])  # BBB
    assert app.current_id == S.INITIALS and scr.seat == 1
    assert [text_of(app, tf) for tf in scr.letters] == ["B", "B", "B"]  # starts from the last
    enter_initials(driver, [(I.DOWN, 1), (I.UP, 1), (I.UP, 2)])  # C, A, space
    assert app.current_id == S.GAME_OVER
    scores = app.store.records.scores
    by_score = {scores.score[i]: scores.initials_text(0, i) for i in range(scores.count(0))}
    assert by_score == {t0: "BBB", t1: "CA "}
    assert app.store.records.stats.games[0] == 2


def test_no_initials_when_the_score_does_not_place():
    app, board, clock = boot("pygamer", nvm=MemoryNVM(256))
    for i in range(3):
        app.store.records.scores.insert(0, 1000 + i, b"\x01\x02\x03")
    app.start_game()
    finish_game(app)
    assert app.current_id == S.GAME_OVER
    assert app.store.records.stats.games[0] == 1


# -- statistics ----------------------------------------------------------------------------


SCORES = (150, 180, 212, 230, 237, 244, 251, 263, 301, 268, 199, 240)


def stats_app(profile):
    nvm = MemoryNVM(desktop.board_module(profile).NVM_SIZE)
    app, board, clock = boot(profile, nvm=nvm)
    for i, score in enumerate(SCORES):
        app.store.records.stats.add(0, score, i % 2, score >= 240)
        app.store.records.scores.insert(0, score, b"\x01\x02\x03")
    return app, board


def bar_pixels(app, scr, i):
    """Height in pixels of bar i, counted on the screen from the baseline up."""
    x0, y0, w, h = scr.chart_box
    bins = len(scr.heights)
    bw = w // bins
    left = (w - bins * bw) // 2
    x = x0 + left + i * bw
    colour = app.display.as_shown(app.colours[theme.ACCENT])
    n = 0
    y = y0 + h - 2
    while y >= y0 and app.display.pixel(x, y) == colour:
        n += 1
        y -= 1
    return n


@pytest.mark.parametrize("profile", LAYOUT_PROFILES)
def test_statistics_lines_and_histogram_bars_on_screen(profile):
    app, board = stats_app(profile)
    driver = KeyDriver(app)
    title = app.screens[S.TITLE]
    while title.items[title.sel] != title_screen.STATS:
        driver.give(I.DOWN)
    driver.give(I.ENTER)
    assert app.current_id == S.STATS
    scr = app.screens[S.STATS]
    stats = app.store.records.stats
    lines = [text_of(app, tf) for tf in scr.lines]
    avg10 = (sum(SCORES) * 10 + len(SCORES) // 2) // len(SCORES)
    expect = ["Games %d" % len(SCORES), "%d.%d" % (avg10 // 10, avg10 % 10), "Best %d" % max(SCORES),
              "Yahtzees %d" % (len(SCORES) // 2),
              "%d%%" % ((sum(s >= 240 for s in SCORES) * 100 + 6) // 12)]
    shown = lines
    assert shown[0] == expect[0] and shown[1].endswith(expect[1]) and shown[2] == expect[2]
    assert shown[3] == expect[3]
    if len(lines) >= 5:
        assert shown[4].endswith(expect[4]) and shown[4].split()[0] in ("Upper", "Bonus")
    else:  # the MacroPad scrolls the last line in with the knob
        driver.give(I.DOWN)
        assert text_of(app, scr.lines[-1]).endswith(expect[4])
    # bars: as tall as the histogram says, the fullest bin at full height, empty bins flat
    bins = len(scr.heights)
    want = bytearray(bins)
    h = scr.chart_box[3]
    stats.bar_heights(0, want, h - 2)
    counts = [0] * bins
    for s in SCORES:
        counts[stats.bin_of(s)] += 1
    for i in range(bins):
        got = bar_pixels(app, scr, i)
        assert got == want[i], (i, got, want[i])
        assert (got == 0) == (counts[i] == 0)
        if counts[i] == max(counts):
            assert got == h - 2
    # another variant without games: no bars, dashes; and back
    driver.give(I.RIGHT)
    assert all(bar_pixels(app, scr, i) == 0 for i in range(bins))
    assert text_of(app, scr.lines[0]) == "Games 0"
    assert text_of(app, scr.lines[1]).endswith("-")
    driver.give(I.LEFT)
    assert bar_pixels(app, scr, stats.bin_of(251)) == want[stats.bin_of(251)]
    driver.give(I.ENTER)
    assert app.current_id == S.TITLE


# -- crash screen -----------------------------------------------------------------------------


def test_crash_screen_shows_the_error_and_the_saved_game_survives(monkeypatch):
    from ui import crash_screen

    nvm = MemoryNVM(4096)
    clock = FakeClock(1000)
    board = desktop.make_board("macropad", headless=True, seed=3, clock=clock)
    board.storage = nvm
    built = []
    seen = {}

    def build(board):
        app = build_app(board)
        built.append(app)
        if len(built) == 1:
            app.start_game()
            app.act(engine.ROLL)
            app.act(engine.SCORE_BOX, 0)  # saved
            seen["card"] = card(app.game)
            seen["writes"] = nvm.writes

            def broken(code):
                raise ValueError("dice fell off the table")

            app.screens[S.PLAY].handle = broken
            app.buttons.inject(I.ROLL)  # the next frame fails
        else:
            app.run = lambda: None  # the restarted app: the test ends here
        return app

    crashes = []
    real_show = crash_screen.show_crash

    def show_crash(*args, **kwargs):
        crashes.append(real_show(*args, **kwargs))
        return crashes[-1]

    def sleep(seconds):  # the player reads the screen, then presses and releases a key
        if "screen" not in seen:
            crash = crashes[-1]
            seen["screen"] = [text_of_pixels(board.display, tf) for tf in [crash.title] + crash.rows]
        buttons = board.buttons
        buttons.key(0, not buttons.any_down(), clock())

    monkeypatch.setattr(crash_screen, "show_crash", show_crash)
    crash_screen.run_guarded(board, build, sleep=sleep)
    assert len(built) == 2 and len(crashes) == 1
    lines = seen["screen"]
    assert lines[0] == "Error"
    body = " ".join(lines[1:])
    assert "ValueError: dice fell off the" in body and "table" in body
    assert "Your game is saved" in lines and lines[-1] == "Any button: restart"
    assert nvm.writes == seen["writes"]  # the crash handler wrote nothing
    app = built[1]
    assert app.current_id == S.CONTINUE and app.store.has_game()
    KeyDriver(app).give(I.ENTER)
    assert card(app.game) == seen["card"]


def text_of_pixels(display, tf):
    """Like text_of, for fields outside an app (the crash screen): by the glyph sheet."""
    from ui_harness import glyph_table

    class Holder:
        pass

    holder = Holder()
    holder.display = display
    holder.sheet = tf.sheet
    table = glyph_table(holder)
    s = tf.scale
    out = []
    for i in range(tf.width):
        x0 = tf.cell_x(i)
        px = [display.pixel(x0 + x * s, tf.y + y * s) for y in range(tf.sheet.glyph_h)
              for x in range(tf.sheet.glyph_w)]
        bg = max(set(px), key=px.count)
        bits = tuple(0 if p == bg else 1 for p in px)
        out.append(" " if not any(bits) else table.get(bits, "?"))
    return " ".join("".join(out).split())


def test_crash_lines_wrap_and_cut_to_the_screen():
    from ui.crash_screen import crash_lines, describe

    try:
        raise KeyError("a very long message " * 6)
    except KeyError as e:
        text, where = describe(e)
    assert text.startswith("KeyError: ") and where.startswith("test_persistence_ui.py:")
    lines = crash_lines(text, where, True, 21, 4)
    assert len(lines) == 4 and all(len(x) <= 21 for x in lines)
    assert lines[1].endswith("...") and lines[-2:] == ["Your game is saved", "Any button: restart"]
    lines = crash_lines("OSError: [Errno 5]", where, False, 40, 8)
    assert lines[0] == "OSError: [Errno 5]" and lines[1].startswith("at test_persistence_ui.py:")
    assert lines[-1] == "Any button: restart" and len(lines) == 8


# -- idle: dim, sleep, wake -------------------------------------------------------------------


class RecordingPower(BacklightPower):
    """The boards' real power object; a key goes down while it sleeps (the waking press)."""

    def __init__(self, display, buttons, key):
        super().__init__(display, buttons)
        self.key = key
        self.log = []

    def dim(self, on):
        self.log.append("dim" if on else "bright")
        super().dim(on)

    def sleep_until_button(self):
        self.log.append("sleep")
        self.buttons.key(self.key, True, self.buttons.clock())
        super().sleep_until_button()
        self.log.append("woke")


@pytest.mark.parametrize("profile", ["pygamer", "clue"])
def test_idle_dims_then_saves_and_sleeps_and_the_waking_press_does_nothing(profile):
    nvm = MemoryNVM(desktop.board_module(profile).NVM_SIZE)
    app, board, clock = boot(profile, nvm=nvm)
    module = board.profile
    do_key = 1  # A on the PyGamer (score), B on the CLUE (do the ring item)
    board.power = power = RecordingPower(board.display, board.buttons, do_key)
    app.settings.dim_after = 1  # 15 s
    app.settings.sleep_after = 2  # 30 s
    driver = KeyDriver(app)
    start_with_keys(app, driver)
    driver.give(I.ROLL)
    driver.give(I.ROLL)
    driver.give(I.ROLL)  # the cursor is up: ENTER would score a box
    game = app.game
    assert game.cursor_visible and module.SHORT[do_key] in (I.ENTER, 0x82)
    if board.buttons.ring:
        board.buttons.ring_goto(I.ENTER)
        step(app)
    before = (bytes(game.dice), game.rolls_used, game.filled[0])
    writes = nvm.writes

    def idle(seconds):
        for _ in range(seconds):
            clock.advance(1000)
            app.step()

    idle(14)
    assert power.log == [] and not power.dimmed
    idle(1)
    assert power.log == ["dim"] and power.dimmed
    idle(14)
    assert "sleep" not in power.log
    idle(1)
    assert "sleep" in power.log and power.log[-2:] == ["woke", "bright"]
    assert nvm.writes == writes + 1  # saved before sleeping (mid-turn: dice, rolls)
    saved = NvmStore(nvm)
    saved.load()
    assert saved.has_game()
    board.buttons.key(do_key, False, clock())  # the waking press is released
    settle(app)
    assert (bytes(game.dice), game.rolls_used, game.filled[0]) == before  # it did nothing
    assert app.current_id == S.PLAY and not power.dimmed
    # a press while dimmed brightens and acts
    idle(15)
    assert power.dimmed
    driver.give(I.ENTER)
    assert not power.dimmed and game.filled[0] != before[2]


def test_a_computer_turn_keeps_the_screen_awake():
    app, board, clock = boot("macropad", nvm=MemoryNVM(4096))
    app.settings.seats = 2
    app.settings.kinds[0] = engine.HARD
    app.settings.kinds[1] = engine.HARD
    app.settings.pace = 3  # slow: 1.2 s a move
    app.settings.dim_after = 1
    app.start_game()
    for _ in range(40):
        clock.advance(1000)
        app.step()
    assert not board.power.dimmed and app.idle.sleeps == 0


def test_a_screen_that_keeps_awake_never_dims_or_sleeps():
    app, board, clock = boot("feather_tft", nvm=MemoryNVM(8192))
    app.settings.dim_after = 1
    app.settings.sleep_after = 1
    scr = app.screens[S.STATS]
    scr.keeps_awake = True  # as a screen with a running timer would (Defuse mode)
    app.show(S.STATS)
    for _ in range(100):
        clock.advance(1000)
        app.step()
    assert not board.power.dimmed and app.idle.sleeps == 0
    scr.keeps_awake = False
    for _ in range(16):
        clock.advance(1000)
        app.step()
    assert app.idle.sleeps == 1


# -- idle frames of the new screens -----------------------------------------------------------

# not sim/ (the fake clock, the screen)
PROJECT = [tracemalloc.Filter(True, os.path.join(ROOT, d, "*")) for d in ("ui", "hw", "yahtzee_core")]


def allocated(fn, repeat=6):
    fn()
    tracemalloc.start(1)
    try:
        before = tracemalloc.take_snapshot()
        for _ in range(repeat):
            fn()
        after = tracemalloc.take_snapshot()
    finally:
        tracemalloc.stop()
    diff = after.filter_traces(PROJECT).compare_to(before.filter_traces(PROJECT), "lineno")
    return sum(d.size_diff for d in diff), [str(d) for d in diff if d.size_diff]


@pytest.mark.parametrize("profile", ["macropad", "pygamer", "feather_tft", "clue"])
def test_new_screens_idle_frames_redraw_and_allocate_nothing(profile):
    app, board = stats_app(profile)
    app.start_game()
    app.act(engine.ROLL)
    app.act(engine.SCORE_BOX, 0)
    app.show(S.TITLE)
    app.store.ranks[0] = 0  # the initials screen needs a seat that placed
    for sid in (S.STATS, S.HIGH_SCORES, S.INITIALS, S.CONTINUE):
        app.show(sid)
        settle(app)
        step(app, 3)
        assert board.display.dirty_log == [], (sid, board.display.dirty_log)
        size, lines = allocated(lambda: step(app))
        assert size == 0, (sid, lines)


# -- settings and the start-up notice ---------------------------------------------------------


def test_settings_screen_changes_are_saved_and_come_back(tmp_path):
    path = tmp_path / "nvm"
    app, board, clock = boot("clue", path=path)
    driver = KeyDriver(app)
    title = app.screens[S.TITLE]
    while title.items[title.sel] != title_screen.SETTINGS:
        driver.give(I.DOWN)
    driver.give(I.ENTER)
    scr = app.screens[S.SETTINGS]
    assert app.current_id == S.SETTINGS
    changed = {}
    for label, attr in ((b"Sound", "sound"), (b"Dim screen", "dim_after"), (b"Sleep", "sleep_after")):
        while settings_screen._LABELS[scr.items[scr.sel]] != label:
            driver.give(I.DOWN)
        driver.give(I.RIGHT)
        changed[attr] = int(getattr(app.settings, attr))
    assert changed == {"sound": 0, "dim_after": 3, "sleep_after": 5}
    assert text_of(app, scr.rows[scr.sel - scr.top]) == "Sleep 5 min"
    writes = app.store.writes
    driver.give(I.MENU)  # leaving the settings screen saves them (once)
    assert app.store.writes == writes + 1 and app.current_id == S.TITLE
    del app, board
    app, board, clock = boot("clue", path=path)
    for attr, value in changed.items():
        assert int(getattr(app.settings, attr)) == value
    assert board.sound.muted


def test_damaged_data_gives_a_notice_then_the_title():
    nvm = MemoryNVM(256)
    for i in range(256):
        nvm.data[i] = (i * 37 + 11) & 0xFF
    app, board, clock = boot("pybadge", nvm=nvm)
    assert app.store.status & save.ST_DAMAGED
    assert app.current_id == S.CONTINUE
    scr = app.screens[S.CONTINUE]
    shown = [text_of(app, tf) for tf in scr.rows]
    assert shown[0] == "Damaged data found" and "Statistics reset" in shown
    assert "High scores reset" in shown and "OK" in shown
    KeyDriver(app).give(I.ENTER)
    assert app.current_id == S.TITLE


def test_a_cut_inside_a_save_that_lost_nothing_saved_says_nothing():
    """A cut inside a save leaves that slot torn beside the last complete save: nothing that was
    saved is lost, so no notice (it said "Damaged data found" on the CLUE); Continue? comes."""
    power = Power()
    nvm = FlashNVM(8192, "nordic", power=power)
    app, board, clock = boot("clue", nvm=nvm)
    app.start_game()
    app.act(engine.ROLL)
    app.act(engine.SCORE_BOX, 0)
    app.act(engine.ROLL)
    nvm.cut_at(5)  # the power goes while the second box is saved: its page partly programmed
    app.act(engine.SCORE_BOX, 1)
    assert isinstance(app.store.error, PowerCut)
    power.on()
    app, board, clock = boot("clue", nvm=nvm)
    assert app.store.status & save.ST_DAMAGED  # the torn slot was seen
    scr = app.screens[S.CONTINUE]
    assert scr.title_text == b"Continue?" and not scr.showing_notice
    KeyDriver(app).give(I.ENTER)
    assert app.current_id == S.PLAY and app.game.filled[0] == 1  # the last complete save


def test_notices_say_what_the_player_needs():
    lines = continue_screen.notice_lines
    assert lines(save.ST_DAMAGED, 20) == ()  # a torn save beside a good one: nothing lost
    assert lines(save.ST_BACKUP, 20) == ()  # the newest copy was the file's: nothing lost
    assert lines(save.ST_NEWER, 20) == (b"Data from a newer", b"  version", b"Older copy loaded")
    assert b"Statistics reset" in lines(save.ST_DAMAGED | save.ST_RESET_STATS, 20)
    assert lines(save.ST_BACKUP_OFF, 20) == (b"Backup copy off",)


def test_a_cut_nvm_write_on_a_whole_sector_board_continues_from_the_backup_file():
    power = Power()
    nvm = FlashNVM(4096, "rp2040", power=power)
    copy = MemoryFileCopy(save_layouts.LARGE.slot_bytes, power=power)
    app, board, clock = boot("macropad", nvm=nvm, backup=copy)
    app.start_game()
    app.act(engine.ROLL)
    app.act(engine.SCORE_BOX, 0)
    app.act(engine.ROLL)
    nvm.cut_at(1)  # the power goes with the NVM sector erased, while the second box is saved
    app.act(engine.SCORE_BOX, 1)
    assert isinstance(app.store.error, PowerCut)
    filled = app.game.filled[0]
    power.on()
    app, board, clock = boot("macropad", nvm=nvm, backup=copy)
    scr = app.screens[S.CONTINUE]
    assert not scr.showing_notice  # nothing saved was lost: no notice
    assert scr.items[scr.sel] == continue_screen.CONTINUE
    KeyDriver(app).give(I.ENTER)
    assert app.current_id == S.PLAY and app.game.filled[0] == filled > 1  # the new state


def test_a_drive_the_computer_owns_still_saves_and_says_once_the_backup_is_off():
    nvm = FlashNVM(8192, "samd51")
    copy = MemoryFileCopy(save_layouts.LARGE.slot_bytes, readonly=True)
    app, board, clock = boot("pygamer", nvm=nvm, backup=copy)
    scr = app.screens[S.CONTINUE]
    assert app.current_id == S.CONTINUE
    assert [text_of(app, tf) for tf in scr.rows][:1] == ["Backup copy off"]
    KeyDriver(app).give(I.ENTER)
    said = []
    real_say = app.say
    app.say = lambda text, *a: (said.append(text), real_say(text, *a))
    app.start_game()
    for box in (0, 1):
        app.act(engine.ROLL)
        app.act(engine.SCORE_BOX, box)
    assert b"Backup copy off" not in said  # told at start-up already
    assert copy.writes == 0 and copy.data is None
    app, board, clock = boot("pygamer", nvm=nvm)  # the NVM kept the game
    assert app.store.has_game() and app.store.status & save.ST_RESET_ALL == 0


def test_a_drive_found_read_only_at_the_first_save_is_said_once():
    nvm = FlashNVM(4096, "rp2040")
    copy = MemoryFileCopy(save_layouts.LARGE.slot_bytes, readonly=True)
    copy.writable = lambda: None  # cannot be told before writing
    app, board, clock = boot("macropad", nvm=nvm, backup=copy)
    said = []
    real_say = app.say
    app.say = lambda text, *a: (said.append(text), real_say(text, *a))
    app.start_game()
    for box in (0, 1, 2):
        app.act(engine.ROLL)
        app.act(engine.SCORE_BOX, box)
    assert said.count(b"Backup copy off") == 1 and b"Could not save" not in said
    assert NvmStore(nvm).load()[0].game_len > 0  # saved to the NVM all the same


# -- everything fits ----------------------------------------------------------------------------


def overlap(a, b):
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah


@pytest.mark.parametrize("profile", list(SIZES))
def test_new_screens_inside_the_screen_and_apart(profile):
    app, board = stats_app(profile)
    W, H = SIZES[profile]
    for sid in (S.STATS, S.HIGH_SCORES, S.INITIALS, S.CONTINUE):
        scr = app.screens[sid]
        boxes = [(tf.bounds(), "field %d" % i) for i, tf in enumerate(scr.fields)]
        if sid == S.STATS:
            boxes.append((scr.chart_box, "chart"))
            assert len(scr.lines) >= 4
        for (x, y, w, h), name in boxes:
            assert 0 <= x and 0 <= y and x + w <= W and y + h <= H, (profile, sid, name)
        for i in range(len(boxes)):
            for j in range(i + 1, len(boxes)):
                assert not overlap(boxes[i][0], boxes[j][0]), (profile, sid, boxes[i][1], boxes[j][1])
    if board.buttons.ring:  # ring boards show the ring on every new screen
        assert app.screens[S.STATS].footer is not None and app.screens[S.INITIALS].footer is not None


@pytest.mark.parametrize("profile", LAYOUT_PROFILES)
def test_largest_numbers_fit_the_statistics_and_the_table(profile):
    app, board = stats_app(profile)
    store = app.store
    lay = store.layout
    stats = store.records.stats
    top = (1 << lay.games_bits) - 1
    stats.games[0] = top
    stats.total[0] = (1 << lay.total_bits) - 1
    stats.yahtzees[0] = (1 << lay.count_bits) - 1
    stats.bonus_games[0] = top
    store.records.scores.insert(0, records.MAX_SCORE[0], b"\x1a\x1f\x1b", records.MAX_DAY, True)
    app.show(S.STATS)
    scr = app.screens[S.STATS]
    settle(app)
    seen = []
    for k in range(scr.line_count()):
        scr.top = max(0, k - len(scr.lines) + 1)
        scr.stale = True
        settle(app)
        seen.append(text_of(app, scr.lines[k - scr.top]))
    avg = stats.average_x10(0)
    assert seen[0].split()[-1] == str(top) and seen[0].split()[0] in ("Games",)
    assert seen[1].split()[-1] == "%d.%d" % (avg // 10, avg % 10)
    assert seen[2] == "Best 1575"
    assert seen[3].split() == ["Yahtzees", str(stats.yahtzees[0])]
    assert seen[4].split()[-1] == "100%"
    app.show(S.HIGH_SCORES)
    settle(app)
    table = app.screens[S.HIGH_SCORES]
    row = text_of(app, table.rows[0]).split()
    assert row[:3] == ["1", "Z*-", "1575*"]
    if lay.hs_dates:
        assert row[3] in ("2089-09-16", "89-09-16", "09/89")
    # the initials line at the highest score and the lowest rank
    store.ranks[0] = store.records.scores.size - 1
    game = app.game
    rs = game.rules
    for b in range(rs.n_boxes):
        game.scores[b] = rs.possible_values(b)[-1]
        game.filled[0] |= 1 << b
    game.bonus_count[0] = rs.n_boxes - 1
    assert game.total(0) == 1575
    app.show(S.INITIALS)
    settle(app)
    who = text_of(app, app.screens[S.INITIALS].who).split()
    assert who == ["You", "10th" if store.records.scores.size == 10 else "3rd", "1575"]


# -- the coached mark and Defuse statistics survive power-off -----------------------------------


def power_cycle(profile, nvm, coach=None):
    """Power off: a new board and App from a copy of the NVM's bytes (as code.py starts)."""
    gc.collect()
    copy = MemoryNVM(len(nvm.data))
    copy.data[:] = nvm.data
    app, board, clock = boot(profile, nvm=copy)
    if coach is not None:
        app.strategy = Resident(coach=coach)
    return app, board, copy


@pytest.mark.parametrize("profile", ["pygamer", "clue"])
def test_a_coached_game_continued_after_power_off_is_still_marked_coached(profile):
    nvm = MemoryNVM(desktop.board_module(profile).NVM_SIZE)
    app, board, clock = boot(profile, nvm=nvm)
    app.strategy = Resident(coach=Coach())
    driver = KeyDriver(app)
    start_with_keys(app, driver)
    driver.give(I.HINT)  # the coach helped this game
    assert app.coached == 1
    app.act(engine.ROLL)
    assert app.act(engine.SCORE_BOX, app.game.rules.n_boxes - 1) == engine.OK  # chance: saved
    settle(app)
    assert app.store.has_game() and app.store.records.coached == 1
    del app, board, driver
    app, board, nvm = power_cycle(profile, nvm, Coach())
    assert app.current_id == S.CONTINUE
    driver = KeyDriver(app)
    driver.give(I.ENTER)  # Continue
    assert app.current_id == S.PLAY and app.coached == 1
    board.rng = app.game.rng = ScriptedDice([6, 6, 6, 6, 5] * 200)
    finish_game(app)
    scores = app.store.records.scores
    assert scores.score[0] == app.game.total(0) and scores.coach[0] == 1  # marked at game over
    fresh = NvmStore(nvm)
    fresh.load()
    assert fresh.records.scores.coach[0] == 1 and not fresh.has_game() and fresh.records.coached == 0


@pytest.mark.parametrize("profile", ["pygamer", "clue"])
def test_a_finished_bombs_statistics_survive_power_off(profile):
    from test_defuse_ui import SOLVE_SCRIPT, Defuser, bomb_dice, mask
    from ui import defuse_menu as DL
    from ui import defuse_screen as DS
    from yahtzee_core import defuse

    nvm = MemoryNVM(desktop.board_module(profile).NVM_SIZE)
    app, board, clock = boot(profile, nvm=nvm)
    _ew, board.rng = bomb_dice(5, SOLVE_SCRIPT)
    scr = app.screens[S.DEFUSE]
    player = Defuser(app)
    player.open_from_title()
    player.start()
    writes = app.store.writes
    player.give(I.ROLL)
    player.keep(defuse.PURPLE)  # an illegal keep (see test_defuse_ui): a strike
    player.give(I.ROLL)
    player.set_kept(mask(defuse.BLACK))
    player.give(I.ROLL)
    assert app.store.writes == writes  # nothing saved while the bomb is live
    player.set_kept(mask(defuse.PURPLE, defuse.YELLOW))
    player.give(I.ROLL)
    assert scr.module.solved and app.store.writes == writes + 1  # one write, when it ended
    step(app, DS.OVER_MS // FRAME_MS + 2)
    settle(app)
    assert scr.view == DS.VIEW_RESULT and app.store.writes == writes + 1  # not per frame
    stats = scr.defuse_stats
    assert (stats.bombs, stats.defused, stats.exploded, stats.strikes) == (1, 1, 0, 1)
    best_s = max(1, stats.best_ms // 1000)
    del app, board, player, scr
    app, board, nvm = power_cycle(profile, nvm)
    scr = app.screens[S.DEFUSE]
    assert scr.defuse_stats.values() == (1, 1, 0, 1, best_s * 1000)
    # and the defuse menu shows them
    player = Defuser(app)
    player.open_from_title()
    rows = []
    for _ in range(scr.menu.count):
        player.give(I.DOWN)
        rows += [read_field(app, tf).split() for tf in scr.menu.rows]
    assert ["Defused", "1/1"] in rows and ["Strikes", "made", "1"] in rows
    # a bomb given up (MENU twice) is saved too, once
    _ew, board.rng = bomb_dice(7, SOLVE_SCRIPT)
    player.choose(DL.START)
    player.give(I.ENTER)
    writes = app.store.writes
    player.give(I.ROLL)
    player.give(I.MENU)
    player.give(I.MENU)
    assert scr.phase == DS.NO_BOMB and app.store.writes == writes + 1
    del app, board, player, scr
    app, board, nvm = power_cycle(profile, nvm)
    assert app.screens[S.DEFUSE].defuse_stats.values() == (2, 1, 0, 1, best_s * 1000)


# -- the same modules under MicroPython ---------------------------------------------------------


def test_new_modules_import_and_idle_tick_allocates_nothing_under_micropython():
    import shutil
    import subprocess

    runner = os.path.join(ROOT, "tools", "mpy_runner")
    if not shutil.which("node") or not os.path.isdir(os.path.join(runner, "node_modules")):
        pytest.skip("no node or MicroPython VM (bash tools/test installs it)")
    done = subprocess.run(["node", os.path.join(runner, "run.mjs"), "--mount", "ui",
                           os.path.join(ROOT, "host_tests", "ui", "mp_persistence_vm.py")],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Idle.tick: 201 frames under heap_lock" in done.stdout
    assert "import total" in done.stdout and "crash lines: ['ValueError: dice'" in done.stdout


def test_coach_cost_setting_survives_power_off(tmp_path):
    from ui import settings_screen

    path = tmp_path / "nvm"
    app, board, clock = boot("pygamer", path=path)
    if not app.strategy.coaches:
        pytest.skip("no coach without strategy tables")
    app.show(S.SETTINGS)
    settle(app)
    scr = app.screens[S.SETTINGS]
    scr.change(settings_screen.COSTS, 1)
    assert not app.settings.show_cost
    app.show(S.TITLE)  # leaving Settings saves them
    settle(app)
    del app, board
    app, board, clock = boot("pygamer", path=path)
    assert app.settings.show_cost is False or app.settings.show_cost == 0
    assert app.coach is None  # the coach is built when a game starts, with the saved setting
    start_with_keys(app, KeyDriver(app))
    assert app.coach is not None and not app.coach.show_cost


def test_the_crash_screen_is_loaded_only_for_a_crash():
    """code.py holds ui/crash_guard.py while the app runs; the crash screen's code comes only
    with an error (docs/memory.md)."""
    import subprocess
    import sys

    probe = ("import sys\nfrom ui import crash_guard\n"
             "crash_guard.run_guarded(None, lambda board: type('A', (), {'run': lambda self: None})())\n"
             "print('ui.crash_screen' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_an_nvs_left_unreadable_by_a_cut_is_repaired_at_the_next_save_and_said():
    from yahtzee_core import nvm_store
    from ui import app as app_module

    assert app_module._SAVE_REPAIRED == nvm_store.REPAIRED
    power = Power()
    nvm = FlashNVM(8192, "nvs", power=power)
    copy = MemoryFileCopy(save_layouts.LARGE.slot_bytes, power=power)
    store = NvmStore(nvm, copy, nvm.erase)
    store.load()
    store.settings.brightness = 5
    store.save_settings()
    store.settings.brightness = 6
    nvm.cut_at(0)  # the NVS blob's first chunk erased: every read and write now raises
    store.save_settings()
    power.on()
    board = desktop.make_board("feather_tft", headless=True, seed=4, clock=FakeClock(1000))
    board.storage, board.backup, board.erase_nvm = nvm, copy, nvm.erase
    app = build_app(board)
    settle(app)
    said = []
    real_say = app.say
    app.say = lambda text, *a: (said.append(text), real_say(text, *a))
    app.start_game()  # the first save: the NVM refuses, is erased and written
    assert b"Save area repaired" in said and not nvm.broken
    assert NvmStore(nvm).load()[0].settings.brightness == 6  # the NVM alone holds it again
