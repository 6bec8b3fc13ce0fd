"""PNG screenshots of every screen on every screen size, from a fixed seed, into docs/screenshots/.

    python tools/screenshots.py [--out docs/screenshots] [--scale 2]

Runs the real app on headless desktop boards (hw/desktop.py) and plays scripted moves, so
the pictures show what a player sees. Same seed, same pictures."""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from hw import desktop  # noqa: E402
from hw import inputs as I  # noqa: E402
from hw.testing import FakeClock  # noqa: E402
from ui import screen as S  # noqa: E402
from ui.app import App  # noqa: E402
from ui.settings import Settings  # noqa: E402
from yahtzee_core import engine  # noqa: E402
from yahtzee_core.rng import ScriptedDice  # noqa: E402

# One board per screen size.
SIZES = (("macropad", "128x64"), ("pygamer", "160x128"), ("feather_tft", "240x135"), ("clue", "240x240"))
SEED = 2024


def frames(app, n=3):
    for _ in range(n):
        app.clock.ticks_ms.advance(16)
        app.step()


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
        if app.game.cursor == app.game.rules.index("three_of_a_kind"):
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
    frames(app)
    yield "game_over", app
    app.show(S.CARD)
    frames(app)
    yield "scorecard_full", app


def main(argv):
    out = os.path.join(ROOT, "docs", "screenshots")
    scale = 2
    if "--out" in argv:
        out = argv[argv.index("--out") + 1]
    if "--scale" in argv:
        scale = int(argv[argv.index("--scale") + 1])
    os.makedirs(out, exist_ok=True)
    count = 0
    for profile, size in SIZES:
        for name, app in shots(profile):
            path = os.path.join(out, "%s_%s.png" % (size, name))
            app.display.save_png(path, scale)
            count += 1
    print("%d screenshots in %s" % (count, os.path.relpath(out, ROOT)))


if __name__ == "__main__":
    main(sys.argv[1:])
