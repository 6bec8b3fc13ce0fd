"""The app run under a guard: an error shows on the screen (``ui/crash_screen.py``, loaded only
then, once the app is dropped: a board does not hold its code while the game runs) and a press
restarts.

    run_guarded(board, build, restart=supervisor.reload)   # code.py; build(board) -> an App

Any exception out of the main loop (or out of building the app) is printed with its traceback
to the console and shown (``crash_screen.describe`` and ``show_crash``). This module is held
while the app runs, so all it does itself is catch the error and drop the app.
A MicroPython exception keeps its traceback as file names and line numbers, not frames, so
keeping it does not keep the app's objects (on CPython, the desktop, it does: no matter there)."""

import gc


def run_guarded(board, build, restart=None, sleep=None):
    """Run ``build(board).run()``; on an exception show it, wait for a press, then
    ``restart()`` (a board: ``supervisor.reload``) or build a new app (the desktop).
    KeyboardInterrupt and SystemExit pass through. Returns when ``run()`` returns."""
    while True:
        app = None
        error = None
        try:
            app = build(board)
            app.run()
            return
        except Exception as e:  # every failure gets the screen
            error = e
        sheet = getattr(app, "sheet", None)
        lay = getattr(app, "layout", None)
        store = getattr(app, "store", None)
        saved = False
        try:
            saved = store is not None and store.has_game()
        except Exception:
            pass
        app = None
        store = None
        gc.collect()
        try:
            from . import crash_screen
        except MemoryError:
            crash_screen = None
        if crash_screen is not None:
            text, where = crash_screen.describe(error)
            error = None
            crash = crash_screen.show_crash(board, text, where, saved, sheet, lay)
            sheet = None
            if crash is not None:
                crash.wait(sleep)
            else:
                crash_screen.wait_for_press(board, sleep)
        else:  # not even the crash screen's code fits: the console says it, a while passes
            print(repr(error))
            error = None
            (sleep or _sleep)(10)
        crash = crash_screen = None
        gc.collect()
        if restart is not None:
            restart()
            return


def _sleep(seconds):
    import time

    time.sleep(seconds)
