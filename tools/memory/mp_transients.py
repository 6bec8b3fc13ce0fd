"""Runs inside CircuitPython's VM core for tools/memory/transients.py (not on its own): the
whole-app tour's first power-on (host_tests/ui/whole_app.py) on one board's .mpy app, with the
live heap taken (after a collection) inside each screen build, right after it, and once the
frame that made it has returned (the power-on's first screens, built before any frame: at the
tour's first step).

    argv: profile

Prints ``BUILD screen_id before after settled in_frame`` per screen build and ``STEP label live`` per
step of the tour. ``after - settled`` is what the frame held beside the new screen while it was
built and let go once it returned: a screen left, a module whose function was running, records
still open (docs/memory.md, "Screens built on demand")."""

import gc
import sys

BUILDS = []  # [screen_id, before, after, settled, in a frame (1) or at power-on (0)]
FRAMES = [0]
STEPS = []


def live():
    gc.collect()
    return gc.mem_alloc()


def tour():
    profile = sys.argv[1]
    import hw  # noqa: F401  (as tools/memory/mp_heap_fit.py: loaded with the doubles)
    from sim import fbdisplay

    fbdisplay.install()
    from sim import vmhardware

    vmhardware.install(profile)
    from sim import vmboard

    import whole_app

    global HARDWARE
    HARDWARE = vmboard.board_module(profile).make_board()
    from ui import app as app_module
    from ui import screen_set

    build = screen_set.ScreenSet._build

    def measured_build(self, screen_id):
        before = live()
        scr = build(self, screen_id)
        BUILDS.append([screen_id, before, live(), -1, 1 if FRAMES[0] else 0])
        return scr

    step = app_module.App.step

    def measured_step(self):
        FRAMES[0] += 1
        n = len(BUILDS)
        step(self)
        if len(BUILDS) > n:
            settled = live()
            for i in range(n, len(BUILDS)):
                BUILDS[i][3] = settled

    screen_set.ScreenSet._build = measured_build
    app_module.App.step = measured_step

    def checkpoint(label, app):
        n = live()
        STEPS.append((label.replace(" ", "_"), n))
        for b in BUILDS:
            if b[3] < 0:  # built outside a frame (the power-on's first screens): settled by now
                b[3] = n

    for _ in whole_app.first_power_on(profile, whole_app.SEED, checkpoint, False, {}):
        yield
    for b in BUILDS:
        print("BUILD %d %d %d %d %d" % tuple(b))
    for label, n in STEPS:
        print("STEP %s %d" % (label, n))


VM_STEPS = tour()
