"""The app run under a guard: an error shows on the screen (``ui/crash_screen.py``, loaded only
then, once the app is dropped: a board does not hold its code while the game runs) and a press
restarts.

    run_guarded(board, build, restart=supervisor.reload)   # code.py; build(board) -> an App

Any exception out of the main loop (or out of building the app) is printed with its traceback
to the console (``describe``), then shown by ``crash_screen.show_crash``."""

import gc
import sys


def describe(error):
    """``(text, where)`` of an exception: "ValueError: message" and "app.py:123" (or "").
    Prints the traceback to the console. Never raises."""
    name = "Error"
    text = name
    try:
        name = type(error).__name__
        msg = str(error)
        text = name + ": " + msg if msg else name
    except Exception:
        pass
    where = ""
    try:
        import traceback

        # one argument is enough on CircuitPython 10 (shared-bindings/traceback/__init__.c: `value`
        # is optional); the 10.3.1 stub marks it required
        lines = traceback.format_exception(error)  # type: ignore[call-arg]
        print("".join(lines))
        for line in lines:
            for part in line.split("\n"):
                part = part.strip()
                if part.startswith("File "):
                    where = _short_where(part)
    except Exception:
        try:
            # MicroPython (the VM); CircuitPython 10 has no sys.print_exception (py/modsys.c): the
            # AttributeError lands below and the text is printed
            sys.print_exception(error)  # type: ignore[attr-defined]
        except Exception:
            print(text)
    return text, where


def _short_where(frame_line):
    """'File "/x/ui/app.py", line 12, in step' -> "app.py:12 step"; "app.mpy step" for line 1,
    which is what a board's .mpy files (compiled without line numbers: tools/ship/deploy.py) say."""
    try:
        path = frame_line.split('"')[1]
        rest = frame_line.split('"')[2]
        name = path.replace("\\", "/").split("/")[-1]
        line = rest.split("line ")[1].split(",")[0].strip()
        func = rest.split(" in ")[1].strip() if " in " in rest else ""
        return name + ("" if line == "1" else ":" + line) + (" " + func if func else "")
    except Exception:
        return ""


def run_guarded(board, build, restart=None, sleep=None):
    """Run ``build(board).run()``; on an exception show it, wait for a press, then
    ``restart()`` (a board: ``supervisor.reload``) or build a new app (the desktop).
    KeyboardInterrupt and SystemExit pass through. Returns when ``run()`` returns."""
    while True:
        app = None
        text = None
        try:
            app = build(board)
            app.run()
            return
        except Exception as e:  # every failure gets the screen
            text, where = describe(e)
        # here the exception and its traceback (which hold the app's frames) are gone
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
            crash = crash_screen.show_crash(board, text, where, saved, sheet, lay)
            sheet = None
            if crash is not None:
                crash.wait(sleep)
            else:
                crash_screen.wait_for_press(board, sleep)
        else:  # not even the crash screen's code fits: the console says it, a while passes
            print(text, where)
            (sleep or _sleep)(10)
        crash = crash_screen = None
        gc.collect()
        if restart is not None:
            restart()
            return


def _sleep(seconds):
    import time

    time.sleep(seconds)
