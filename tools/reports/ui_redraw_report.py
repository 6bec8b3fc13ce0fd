"""Redraw and allocation figures of the screens, per screen size.

    python tools/reports/ui_redraw_report.py

For each size it runs the real app on a headless desktop board (sim/desktop.py) and prints:
pixels redrawn by an idle frame, by rolling one die with four held, by holding one die, by
moving the box cursor, by a full screen change (play -> scorecard), and the bytes tracemalloc
sees retained by project code (ui/, hw/ without the simulator and the fake clock,
yahtzee_core/) over 50 idle frames and over 20 hold/release pairs. Pixel counts add up the
dirty rectangles, so overlaps count twice (a screen change can exceed the screen's area)."""

import os
import sys
import tracemalloc

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from hw import inputs as I
from sim import desktop, geometry
from sim.testing import FakeClock
from ui import screen as S
from ui.app import App
from yahtzee_core import engine
from yahtzee_core.host_helpers import ScriptedDice

SIZES = (("macropad", "128x64"), ("pygamer", "160x128"), ("feather_tft", "240x135"), ("clue", "240x240"))
# the product's own code, not the simulated board (sim/: the screen, the fake clock)
FILTERS = [tracemalloc.Filter(True, os.path.join(ROOT, d, "*")) for d in ("ui", "hw", "yahtzee_core")]


def frame(app):
    app.clock.ticks_ms.advance(16)
    app.step()


def redrawn(app, fn):
    d = app.display
    frame(app)
    d.settle()
    fn()
    frame(app)
    px = d.dirty_pixels()
    rects = len(d.dirty_log)
    d.settle()
    return px, rects


def retained(fn, repeat):
    fn()
    tracemalloc.start(1)
    before = tracemalloc.take_snapshot().filter_traces(FILTERS)
    for _ in range(repeat):
        fn()
    after = tracemalloc.take_snapshot().filter_traces(FILTERS)
    tracemalloc.stop()
    return sum(s.size_diff for s in after.compare_to(before, "filename"))


def report(profile, size):
    clock = FakeClock(1000)
    board = desktop.make_board(profile, headless=True, seed=1, clock=clock)
    app = App(board)
    app.game.rng = ScriptedDice([1, 2, 3, 4, 5, 6] + [1, 2, 3, 4, 5] * 200)
    app.start_game()
    d = app.display
    frame(app)
    d.settle()
    rows = []
    rows.append(("idle frame",) + redrawn(app, lambda: None))
    app.buttons.inject(I.ROLL)
    frame(app)
    d.settle()
    for k in range(4):
        app.act(engine.HOLD, k)
    frame(app)
    d.settle()
    rows.append(("roll one die (4 held), whole screen",) + redrawn(app, lambda: app.buttons.inject(I.ROLL)))
    view = app.screens[S.PLAY].dice
    x, y, w, h = view.bounds()
    app.buttons.inject(I.NEW_GAME)
    frame(app)
    app.buttons.inject(I.NEW_GAME)
    frame(app)
    d.settle()
    app.buttons.inject(I.ROLL)
    frame(app)
    d.settle()
    rows.append(("hold one die",) + redrawn(app, lambda: app.buttons.inject(I.HOLD_3)))
    rows.append(("move the box cursor",) + redrawn(app, lambda: app.act(engine.CURSOR_NEXT)))
    rows.append(("screen change play -> card",) + redrawn(app, lambda: app.show(S.CARD)))
    app.show(S.PLAY)
    frame(app)
    d.settle()
    # one die alone: dirty rectangles touching the dice row when only die 5 rolls
    app.buttons.inject(I.NEW_GAME)
    frame(app)
    app.buttons.inject(I.NEW_GAME)
    frame(app)
    app.buttons.inject(I.ROLL)
    frame(app)
    for k in range(4):
        app.act(engine.HOLD, k)
    frame(app)
    d.settle()
    app.buttons.inject(I.ROLL)
    frame(app)
    dice_rects = [r for r in d.dirty_log if r[0] < x + w and x < r[2] and r[1] < y + h and y < r[3]]
    dice_px = sum((r[2] - r[0]) * (r[3] - r[1]) for r in dice_rects)
    d.settle()
    idle = retained(lambda: frame(app), 50)

    def hold_release():
        app.buttons.inject(I.HOLD_5)
        frame(app)
        app.buttons.inject(I.HOLD_5)
        frame(app)

    app.act(engine.CANCEL)
    act = retained(hold_release, 20)
    cell = view.pitch * view.scale * view.die * view.scale
    print("%s (%s), screen %d px:" % (size, profile, d.width * d.height))
    for name, px, n in rows:
        print("  %-38s %6d px in %d rectangle(s)" % (name, px, n))
    print("  %-38s %6d px (one die cell: %d px)" % ("  of which the dice row", dice_px, cell))
    print("  %-38s %6d bytes over 50 frames" % ("tracemalloc, idle frames", idle))
    print("  %-38s %6d bytes over 20 hold+release" % ("tracemalloc, actions and redraws", act))


def main():
    geometry.install()  # the dice's bounds (sim/geometry.py: a board does not carry them)
    for profile, size in SIZES:
        report(profile, size)


if __name__ == "__main__":
    main()
