"""PNG screenshots of every screen on every screen size, from a fixed seed, into docs/screenshots/.

    python tools/reports/screenshots.py [--out docs/screenshots] [--scale 2] [--only features|feel|players]

Runs the real app on headless desktop boards (sim/desktop.py) and plays scripted moves, so
the pictures show what a player sees. Same seed, same pictures."""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from hw import inputs as I
from sim import desktop
from sim.testing import FakeClock
from ui import screen as S
from ui import app_start
from ui.app import App
from ui.settings import Settings
from yahtzee_core import engine
from yahtzee_core.host_helpers import ScriptedDice
from yahtzee_core.host_helpers import box_index

# One board per screen size.
SIZES = (("macropad", "128x64"), ("pygamer", "160x128"), ("feather_tft", "240x135"), ("clue", "240x240"))
SEED = 2024


def frames(app, n=3):
    for _ in range(n):
        app.clock.ticks_ms.advance(16)
        app.step()


def end_screens(app):
    """Frames while the last turn of a game the game ended shows (ui/app.py END_SHOW_MS)."""
    for _ in range(400):
        if not app._ending:
            break
        frames(app, 1)
    frames(app)


def press(app, *codes):
    for code in codes:
        app.buttons.inject(code)
        frames(app, 1)
    frames(app, 2)


def shots(profile):
    """(name, app) after each scripted scene; the app is shared (one board per profile)."""
    clock = FakeClock(1000)
    board = desktop.make_board(profile, headless=True, seed=SEED, clock=clock)
    settings = Settings()
    settings.seats = 2
    settings.kinds[1] = engine.MEDIUM
    settings.tumble = False  # each scene shows a roll's result (feel_shots: the tumble)
    app = App(board, settings=settings)
    # scripted dice: a first roll, a second roll with two held, a Yahtzee for the other seat
    dice = [3, 5, 3, 6, 1,  3, 2, 4,  5, 5, 5, 5, 5] + [4, 1, 6, 2, 3] * 2
    board.rng = ScriptedDice(dice + [1, 2, 3, 4, 5, 6] * 400)
    app.game.rng = board.rng
    frames(app)
    yield "title", app
    app.start_game()
    frames(app)
    yield "play_new_turn", app
    press(app, I.ROLL)
    yield "play_rolled", app
    press(app, I.HOLD_1, I.HOLD_3)
    yield "play_held", app
    press(app, I.ROLL)
    if app.die_focus:
        press(app, I.DOWN)
    else:
        press(app, I.RIGHT)
    for _ in range(20):
        if app.game.cursor == box_index(app.game.rules, "three_of_a_kind"):
            break
        press(app, I.RIGHT)
    yield "play_cursor", app
    app.show(S.CARD)
    frames(app)
    yield "scorecard_preview", app
    app.act(engine.SCORE)
    app.show(S.PLAY)
    for _ in range(2000):  # watch the computer: stop on its first roll (a Yahtzee)
        frames(app, 1)
        if app.game.player != 1 or app.game.rolls_used:
            break
    frames(app)
    yield "play_computer_yahtzee", app
    for _ in range(2000):
        if app.game.player != 1:
            break
        frames(app, 1)
    frames(app, 120)  # the turn message times out
    press(app, I.HOLD_1)  # refused: roll first -> the reason shows
    yield "play_refused", app
    press(app, I.ROLL)
    app.act(engine.NEW_GAME)
    frames(app)
    yield "play_confirm_new_game", app
    app.act(engine.CANCEL)
    frames(app)
    app.show(S.PAUSE)
    frames(app)
    yield "menu", app
    app.show(S.SETTINGS)
    frames(app)
    yield "settings", app
    app.show(S.HELP)
    frames(app)
    yield "help", app
    # finish the game quickly with the built-in bot for both seats
    app.game.seat_kind[0] = engine.EASY
    app.show(S.PLAY)
    for _ in range(20000):
        if app.game.over:
            break
        frames(app, 1)
    end_screens(app)
    yield "game_over", app
    app.show(S.CARD)
    frames(app)
    yield "scorecard_full", app
    for scene in records_shots(profile):
        yield scene


class _Recorder:
    """Passes a die source through and keeps what it gave (to script a bomb's edgework)."""

    def __init__(self, source):
        self.source = source
        self.values = []

    def die(self):
        v = self.source.die()
        self.values.append(v)
        return v


def _bomb(seed, dice):
    """The die values that draw seed's edgework, followed by ``dice``."""
    from yahtzee_core import defuse
    from yahtzee_core.seeded_dice import SeededDice

    rec = _Recorder(SeededDice(seed))
    defuse.generate_edgework(rec)
    return rec.values + list(dice)


def defuse_shots(profile):
    """Defuse mode: edgework, a strike with the broken rule, play, defused, BOOM, the menu."""
    from ui import defuse_screen as DS

    clock = FakeClock(1000)
    board = desktop.make_board(profile, headless=True, seed=SEED, clock=clock)
    app = App(board)
    # bomb 1: 3 4 1 2 4 (small straight, outlier 4); purple kept (a strike), then yellow and
    # black: 4 4 6 4 4, then 4 4 4: defused. Bomb 2: 1 2 3 4 6 and yellow kept three times.
    board.rng = ScriptedDice(_bomb(55, [3, 4, 1, 2, 4, 4, 6, 4, 4, 4, 4])
                             + _bomb(42, [1, 2, 3, 4, 6]))
    scr = app.screens[S.DEFUSE]
    scr.options.timer = 2  # 5:00
    app.start_defuse()
    frames(app)
    scr.start_bomb()
    clock.advance(4000)
    frames(app)
    yield "defuse_edgework", app
    press(app, I.ROLL)
    clock.advance(6000)
    press(app, I.HOLD_1, I.ROLL)
    yield "defuse_strike", app
    clock.advance(5000)
    press(app, I.HOLD_1, I.HOLD_2, I.HOLD_5, I.ROLL)
    clock.advance(3000)
    frames(app)
    yield "defuse_play", app
    clock.advance(4000)
    press(app, I.ROLL)
    frames(app, DS.OVER_MS // 16 + 4)
    yield "defuse_defused", app
    scr.start_bomb()
    press(app, I.ROLL, I.HOLD_2)
    for _ in range(3):
        clock.advance(3000)
        press(app, I.ROLL)
    frames(app, DS.OVER_MS // 16 + 4)
    yield "defuse_boom", app
    scr.show_menu()
    frames(app)
    yield "defuse_menu", app


def _bot_game(game, bot, act):
    """Play ``game`` to its end with ``bot`` (every seat), through ``act``."""
    for _ in range(2000):
        if game.over:
            return
        choice = bot.choose(game)
        act(choice[0], choice[1])


def records_shots(profile):
    """The saved records: Continue? after a restart, statistics with their chart, the
    high-score table, initials entry after a good game, the crash screen."""
    from hw.nvm import MemoryNVM
    from yahtzee_core.nvm_store import NvmStore
    from yahtzee_core.easy_player import EasyPlayer
    from ui.crash_screen import show_crash
    from yahtzee_core import records, rules
    from yahtzee_core.seeded_dice import SeededDice

    module = desktop.board_module(profile)
    nvm = MemoryNVM(module.NVM_SIZE)
    store = NvmStore(nvm)
    store.load()
    # a history: 60 games of the built-in player, a few with the coach, dated on big NVMs
    bot = EasyPlayer()
    rng = SeededDice(SEED)
    game = engine.Game(rules.get("yahtzee"), rng, seats=1)
    names = ("ANN", "BOB", "CJ ", "DOT", "EVE")
    for i in range(60):
        game.configure(rules.get("yahtzee"), 1)
        game.clear_events()
        _bot_game(game, bot, game.act)
        game.clear_events()
        records.record_game(store.records.stats, store.records.scores, game, i % 7 == 3, 8880 + i * 3,
                            records.initials_codes(names[i % 5]))
    store.settings.initials[:] = records.initials_codes("ANN")
    store.save()
    # a game in progress, saved after the fourth box; then the power goes
    clock = FakeClock(1000)
    board = desktop.make_board(profile, headless=True, seed=SEED, clock=clock)
    board.storage = nvm
    board.clock.date = lambda: (2024, 11, 21)  # same pictures every day
    store = NvmStore(nvm)
    store.load()
    app = App(board, store=store)
    app.settings.tumble = False
    app.settings.seats = 2
    app.settings.kinds[1] = engine.MEDIUM
    app.start_game()
    for _ in range(8):
        _bot_game_turn(app, bot)
    del app, board
    board = desktop.make_board(profile, headless=True, seed=SEED, clock=clock)
    board.storage = nvm
    board.clock.date = lambda: (2024, 11, 21)
    store = NvmStore(nvm)
    store.load()
    app = App(board, store=store)
    app.settings.tumble = False
    frames(app)
    yield "continue", app
    press(app, I.DOWN, I.ENTER)  # "New game": asks again
    yield "continue_confirm", app
    app_start.discard_game(app)
    app.show(S.TITLE)
    app.show(S.STATS)
    frames(app)
    yield "stats", app
    app.show(S.HIGH_SCORES)
    frames(app)
    yield "high_scores", app
    # a good game for the player: the bot plays it, the initials are asked for
    app.settings.seats = 1
    app.start_game()
    board.rng = app.game.rng = ScriptedDice([6, 6, 6, 6, 6] * 3 + [5, 5, 5, 5, 5] * 3
                                            + [4, 4, 4, 4, 4] * 3 + [1, 2, 3, 4, 5, 6] * 200)
    _bot_game(app.game, bot, app.act)
    end_screens(app)
    up = app.screens[S.INITIALS].up  # the code for the next letter (the MacroPad: its knob's DOWN)
    press(app, up, I.ENTER, I.UP + I.DOWN - up)  # "BMN"
    yield "initials", app
    press(app, I.ENTER, I.ENTER)
    app_start.show_high_scores(app)
    frames(app)
    yield "high_scores_new", app
    show_crash(board, "ValueError: dice fell off the table", "play_screen.py:97 handle", True,
               app.sheet, app.layout)
    yield "crash", app


def feature_shots(profile):
    """Undo (taken back, refused), the demo, challenge code entry, a challenge game's start and
    its game-over screen with the code."""
    from ui import title_screen
    from yahtzee_core.host_helpers import code_value

    clock = FakeClock(1000)
    board = desktop.make_board(profile, headless=True, seed=SEED, clock=clock)
    app = App(board)
    app.settings.tumble = False
    board.rng = app.game.rng = ScriptedDice([2, 2, 5, 2, 6] + [1, 2, 3, 4, 6] * 400)
    frames(app)
    app.start_game()
    frames(app)
    press(app, I.ROLL)
    app.act(engine.SCORE_BOX, box_index(app.game.rules, "twos"))
    frames(app)
    press(app, I.UNDO)
    yield "undo_message", app
    app.act(engine.SCORE_BOX, box_index(app.game.rules, "twos"))
    press(app, I.ROLL)
    frames(app, 120)
    press(app, I.UNDO)
    yield "undo_refused", app
    # the demo: idle a minute on the title
    app.show(S.TITLE)
    frames(app)
    for _ in range(70):
        clock.advance(1000)
        app.step()
    for _ in range(400):
        frames(app, 1)
        if app.game.rolls_used == 2:
            break
    frames(app)
    yield "demo", app
    press(app, I.ENTER)  # ends the demo
    # challenge: the title entry, the code screen, the game's start, its end
    title = app.screens[S.TITLE]
    title.refresh_items(title_screen.CHALLENGE)
    app.settings.challenge = code_value("K7QX2M")
    frames(app)
    yield "title_challenge", app
    app.settings.challenge = -1
    app.show(S.CODE)
    code = app.screens[S.CODE]
    for i, ch in enumerate(b"K7QX2M"):
        code.values[i] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ".index(ch)
    code.pos = 3
    code.stale = True
    frames(app)
    yield "code_entry", app
    press(app, I.ENTER, I.ENTER, I.ENTER)
    app.start_game()
    frames(app)
    yield "play_code", app
    app.game.seat_kind[0] = engine.EASY
    for _ in range(20000):
        if app.game.over:
            break
        frames(app, 1)
    end_screens(app)
    yield "game_over_code", app


def feel_shots(profile):
    """Rolling dice (a frame in the middle of a tumble: two dice held, three tumbling) and the
    rules reader's pages: how to play, a box, the Joker rule, this board's keys."""
    clock = FakeClock(1000)
    board = desktop.make_board(profile, headless=True, seed=SEED, clock=clock)
    app = App(board)
    board.rng = app.game.rng = ScriptedDice([6, 6, 2, 5, 1] + [4, 3, 6, 6, 6] * 400)
    frames(app)
    app.start_game()
    frames(app)
    press(app, I.ROLL)
    frames(app, 30)  # the first tumble ends
    app.act(engine.HOLD, 0)
    app.act(engine.HOLD, 1)
    frames(app)
    app.buttons.inject(I.ROLL)
    frames(app, 12)  # about 190 ms into the 400 ms tumble
    assert app.tumble.active
    yield "tumble", app
    frames(app, 30)
    app.show(S.TITLE)
    frames(app)
    app.show(S.RULES)
    frames(app)
    yield "rules_how_to_play", app
    reader = app.screens[S.RULES]
    for want, name in (("Full house", "rules_box"), ("Joker rule", "rules_joker"), ("Keys", "rules_keys")):
        while reader.sections[reader.pages[reader.page] // 256][0] != want:
            press(app, I.DOWN)
        yield name, app
    press(app, I.MENU)


def players_shots(profile):
    """Issue 24's screens: the last turn the third roll filled (before the end screens), the
    title menu scrolled (its "^"/"v"), the standings in the game's menu, the next seat's
    scorecard (RIGHT on the card), a damaged strategy table refused ("Bad table, not used")
    while a game goes on, and the coach's hint for a box."""
    import shutil
    import tempfile

    from hw import tables as hw_tables
    from ui.strategy_set import StrategySet
    from yahtzee_core import strategy

    clock = FakeClock(1000)
    board = desktop.make_board(profile, headless=True, seed=SEED, clock=clock)
    settings = Settings()
    settings.tumble = False
    app = App(board, settings=settings)
    board.rng = app.game.rng = ScriptedDice([2, 2, 3, 5, 6] * 400)
    frames(app)
    for _ in range(4):
        press(app, I.DOWN)
    yield "menu_scrolls", app
    app.start_game()
    frames(app)
    game = app.game
    for b in range(game.rules.n_boxes - 1):
        app.act(engine.ROLL)
        app.act(engine.SCORE_BOX, b)
    frames(app)
    press(app, I.ROLL)
    press(app, I.ROLL)
    press(app, I.ROLL)  # the last box fills itself
    assert game.over and app.current_id == S.PLAY
    yield "last_turn", app
    settings3 = Settings()
    settings3.tumble = False
    settings3.seats = 3
    settings3.kinds[1] = engine.MEDIUM
    settings3.pace = 0
    board3 = desktop.make_board(profile, headless=True, seed=SEED, clock=FakeClock(1000))
    app3 = App(board3, settings=settings3)
    board3.rng = app3.game.rng = ScriptedDice([6, 6, 5, 5, 4, 3, 3, 3, 2, 1] * 400)
    frames(app3)
    app3.start_game()
    app3.act(engine.ROLL)
    app3.act(engine.SCORE_BOX, 12)
    for _ in range(3000):  # the computer seats play their turns
        if app3.game.player == 0:
            break
        frames(app3, 1)
    app3.show(S.PAUSE)
    frames(app3)
    yield "standings", app3
    app3.show(S.CARD)
    press(app3, I.RIGHT)  # the next seat's card
    yield "scorecard_next_seat", app3
    folder = tempfile.mkdtemp()
    try:
        src = hw_tables.FOLDER
        for name in os.listdir(src):
            with open(os.path.join(src, name), "rb") as f:
                data = bytearray(f.read())
            if name == "yahtzee_forced.bin":
                data[strategy.HEADER_SIZE + 1000] ^= 0xFF  # the body damaged, the header intact
            with open(os.path.join(folder, name), "wb") as f:
                f.write(data)
        folder_before = hw_tables.FOLDER
        hw_tables.FOLDER = folder
        board = desktop.make_board(profile, headless=True, seed=SEED, clock=FakeClock(1000))
        app = App(board, settings=settings, strategy=StrategySet())
        frames(app)
        app.start_game()  # the game's table opens with its players: refused, said once
        frames(app)
        yield "refused_table", app
        hw_tables.FOLDER = folder_before
    finally:
        shutil.rmtree(folder)
    board = desktop.make_board(profile, headless=True, seed=SEED, clock=FakeClock(1000))
    app = App(board, settings=settings, strategy=StrategySet())
    board.rng = app.game.rng = ScriptedDice([2, 3, 4, 5, 6] * 40)
    frames(app)
    app.start_game()
    frames(app)
    press(app, I.ROLL)
    press(app, I.HINT)  # a large straight: the coach names the box as the line has room for
    yield "hint_box", app


def _bot_game_turn(app, bot):
    """One seat's turn by the bot through the app (so each scored box is saved)."""
    game = app.game
    seat = game.player
    for _ in range(40):
        if game.over or game.player != seat:
            return
        choice = bot.choose(game)
        if app.act(choice[0], choice[1]) != engine.OK:
            app.act(engine.ROLL)


def main(argv):
    out = os.path.join(ROOT, "docs", "screenshots")
    scale = 2
    if "--out" in argv:
        out = argv[argv.index("--out") + 1]
    if "--scale" in argv:
        scale = int(argv[argv.index("--scale") + 1])
    groups = (shots, defuse_shots, feature_shots, feel_shots, players_shots)
    if "--only" in argv:
        only = argv[argv.index("--only") + 1]
        groups = {"features": (feature_shots,), "feel": (feel_shots,), "players": (players_shots,)}[only]
    os.makedirs(out, exist_ok=True)
    count = 0
    for profile, size in SIZES:
        for scenes in groups:
            for name, app in scenes(profile):
                path = os.path.join(out, "%s_%s.png" % (size, name))
                app.display.save_png(path, scale)
                count += 1
    print("%d screenshots in %s" % (count, os.path.relpath(out, ROOT)))


if __name__ == "__main__":
    main(sys.argv[1:])
