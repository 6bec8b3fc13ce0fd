"""NVM writes the hand-held makes: per game (each scored box, game over, initials), while a
player sits idle, when the idle timer sleeps, through an hour of the demo (attract mode) and for
an undo. Runs the real code.py start-up on headless desktop boards with memory NVM and plays
through the board's own keys.

    python tools/reports/persistence_report.py [--games 3]
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "host_tests", "ui"))

from hw import inputs as I
from hw.nvm import MemoryNVM
from sim import desktop
from sim.testing import FakeClock
from ui import screen as S
from ui.app_start import build_app
from yahtzee_core import engine

from ui_harness import KeyDriver, Player, settle, step


def boot(profile, seed):
    clock = FakeClock(1000)
    board = desktop.make_board(profile, headless=True, seed=seed, clock=clock)
    nvm = MemoryNVM(board.profile.NVM_SIZE)
    board.storage = nvm
    app = build_app(board)
    settle(app)
    return app, board, nvm, clock


def one_game(profile, seed, seats):
    """NVM writes of one game played on the keys: (at the start, scored boxes up to and with
    the game over, initials entry with one letter changed)."""
    app, board, nvm, clock = boot(profile, seed)
    app.settings.seats = seats
    app.settings.pace = 0
    driver = KeyDriver(app)
    player = Player(app, driver)
    w0 = nvm.writes
    app.start_game()
    settle(app)
    w1 = nvm.writes
    game = app.game
    for _ in range(5000):
        if game.over:
            break
        if game.is_computer():
            step(app, 2)
        else:
            player.turn()
    settle(app)
    w2 = nvm.writes
    if app.current_id == S.INITIALS:
        driver.give(I.DOWN)
        while app.current_id == S.INITIALS:
            driver.give(I.ENTER)
    return w1 - w0, w2 - w1, nvm.writes - w2


def idle_hour(profile):
    """Writes while the player leaves the play screen alone for an hour (dim 30 s, sleep 2 min;
    the desktop's power object returns from sleep at once, so it sleeps again and again)."""
    app, board, nvm, clock = boot(profile, 5)
    app.start_game()
    app.act(engine.ROLL)
    app.act(engine.SCORE_BOX, 0)
    settle(app)
    start = nvm.writes
    for _ in range(3600):
        clock.advance(1000)
        app.step()
    return nvm.writes - start, app.idle.sleeps


def demo_hour(profile, sleep_after):
    """An hour on the title with nobody there: the demo starts after a minute and plays medium
    games (3 in a row, then the title, then again). ``sleep_after``: the idle code (0 = never;
    4 = 2 min, the default: the board sleeps at 2 min and, on the desktop, wakes at once on the
    title). Returns (writes, demo starts, demo games, sleeps)."""
    app, board, nvm, clock = boot(profile, 7)
    app.settings.sleep_after = sleep_after
    start = nvm.writes
    games = 0
    was_over = False
    for _ in range(3600 * 20):
        clock.advance(50)
        app.step()
        if app.demo and app.game.over and not was_over:
            games += 1
        was_over = app.demo and app.game.over
    return nvm.writes - start, app.demo_started, games, app.idle.sleeps


def undo_writes(profile):
    """Writes for one box scored and taken back: the box's save and the undo's."""
    app, board, nvm, clock = boot(profile, 9)
    app.start_game()
    app.act(engine.ROLL)
    settle(app)
    w0 = nvm.writes
    app.act(engine.SCORE_BOX, app.game.rules.n_boxes - 1)
    w1 = nvm.writes
    app.undo()
    return w1 - w0, nvm.writes - w1


def main(argv):
    games = 3
    if "--games" in argv:
        games = int(argv[argv.index("--games") + 1])
    print("NVM writes (each one slice assignment of one slot):")
    for profile, seats in (("pygamer", 1), ("macropad", 1), ("clue", 2)):
        rows = [one_game(profile, 100 + g, seats) for g in range(games)]
        print("  %-9s %d seat%s: per game %s = at start %s + boxes and game over %s + initials %s"
              % (profile, seats, "s (human + computer)" if seats > 1 else " (human)",
                 [sum(r) for r in rows], [r[0] for r in rows], [r[1] for r in rows],
                 [r[2] for r in rows]))
    writes, sleeps = idle_hour("pygamer")
    print("  an idle hour on the play screen: %d writes, %d sleeps" % (writes, sleeps))
    scored, undone = undo_writes("pygamer")
    print("  a box scored, then undone: %d write for the box + %d for the undo" % (scored, undone))
    for profile, code, name in (("pygamer", 0, "never sleeps"), ("clue", 0, "never sleeps"),
                                ("pygamer", 4, "sleeps at 2 min")):
        writes, starts, games, sleeps = demo_hour(profile, code)
        print("  an hour of demo on the title (%s, %s): %d NVM writes; %d demo starts, %d demo "
              "games, %d sleeps" % (profile, name, writes, starts, games, sleeps))


if __name__ == "__main__":
    main(sys.argv[1:])
