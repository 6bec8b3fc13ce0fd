"""Heap a screen built on demand takes (ui/screen_set.py), inside the MicroPython VM:

    node tools/mpy_runner/run.mjs --mount ui --mount host_tests/ui --file code.py \\
        --data build/tables:/tables tools/mp_screen_builds.py [profile ...]

code.py's build_app on a board double (sim/vmboard.py); for each screen id, its module is
imported first (a step of its own), then the screen is built: the line gives the bytes the
construction allocates (gc.mem_alloc() delta: this port frees nothing inside one top-level call)
and the bytes still live after a collection (what the built screen holds). The displayio objects
here are the stand-in's Python objects (a little larger than CircuitPython's C objects,
docs/memory.md). Module code is not in these figures: tools/board_memory.py lists it per module."""

import gc
import sys

NAMES = ("title", "play", "scorecard", "pause", "settings", "help", "game over", "defuse",
         "statistics", "high scores", "initials", "continue", "code", "rules")


def measure(profile):
    from sim import fbdisplay

    fbdisplay.install()
    from sim import vmboard
    from ui import screen_set

    import whole_app

    code = whole_app.load_code()
    board = vmboard.make_board(profile, keep_frame=False)
    app = code.build_app(board)
    app.step()
    gc.collect()
    yield
    rows = []
    for sid in range(len(app.screens.slots)):
        if app.screens.built(sid) is not None or sid == app.current_id:
            continue
        name, group = screen_set._SCREENS[sid]
        __import__("ui." + name)
        gc.collect()
        yield
        before = gc.mem_alloc()
        app.screens[sid]
        made = gc.mem_alloc() - before
        gc.collect()
        yield
        rows.append("%s %d B (%d B live)" % (NAMES[sid], made, gc.mem_alloc() - before))
        app.screens.leave_for(app.current_id)  # dropped again
        gc.collect()
        yield
    print("screen builds %s: %s" % (profile, "; ".join(rows)))


def main(profiles):
    for profile in profiles:
        for _ in measure(profile):
            yield
        gc.collect()
        yield


VM_STEPS = main([a for a in sys.argv[1:]] or ["pybadge", "macropad", "clue", "feather_tft"])
