"""When the program fails: a readable error on the screen and a restart on a button press.

    run_guarded(board, build, restart=supervisor.reload)   # ui/crash_guard.py (code.py)
    show_crash(board, text, where, saved, sheet, lay)      # what run_guarded shows

Any exception out of the main loop (or out of building the app) is printed with its traceback
to the console, then shown as "TypeError: message" wrapped to the screen, where it happened,
whether the saved game is still there, and "Any button: restart". A press restarts: on a board
``supervisor.reload()`` (``restart``), on the desktop a new App on the same board and storage.

The crash screen is built only when it is needed and defensively: the app is dropped first
(the display lets go of its screens), its glyph sheet is reused, and if even that runs out of
memory a smaller screen is tried, then the console (``displayio.CIRCUITPYTHON_TERMINAL``).
Nothing is saved here: the NVM keeps the game as of the last scored box, untouched by a
program that is in an unknown state."""

import gc
import sys

import displayio

from hw import inputs

from .crash_guard import run_guarded  # noqa: F401  (this module's API, as before)

_RESTART = b"Any button: restart"
_SAVED = b"Your game is saved"
_TITLE = b"Error"
_WAIT_S = 0.02
_FALLBACK_S = 10  # buttons unreadable: restart after this many seconds


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


def wrap(text, width):
    """Lines of at most ``width``, broken at spaces where possible."""
    lines = []
    while len(text) > width:
        cut = text.rfind(" ", 0, width + 1)
        if cut <= 0:
            cut = width
        lines.append(text[:cut].rstrip())
        text = text[cut:].lstrip()
    lines.append(text)
    return lines


def crash_rows(text, where, saved, width, rows):
    """``(line, role)`` for the rows under the title: the error (wrapped, cut with "..." if
    long; role "error"), where it happened ("where"), whether the game is saved ("ink"), and
    the restart prompt on the last row ("prompt")."""
    tail = []
    if saved:
        tail.append((_SAVED.decode(), "ink"))
    tail.append((_RESTART.decode(), "prompt"))
    room = rows - len(tail)
    body = [(line, "error") for line in wrap(text, width)]
    if len(body) > room:
        body = body[:room]
        last = body[-1][0] if body else ""
        last = (last[: width - 3] + "...") if len(last) > width - 3 else last + "..."
        body[-1] = (last, "error")
    if where and len(body) < room:
        for w in ("at " + where, "at " + where.split(" ")[0], where.split(" ")[0]):
            if len(w) <= width:
                break
        body.append((w[:width], "where"))
    while len(body) + len(tail) < rows:
        body.append(("", "ink"))
    return body[:room] + tail


def crash_lines(text, where, saved, width, rows):
    """The text of ``crash_rows``."""
    return [line for line, role in crash_rows(text, where, saved, width, rows)]


class CrashScreen:
    """The error on the display (built at once) and ``wait()`` for a new press."""

    def __init__(self, board, text, where, saved, sheet=None, lay=None, small=False):
        from . import layout as layouts
        from . import theme
        from .text import SPACE, GlyphSheet, TextField, make_palette

        self.board = board
        display = board.display
        if lay is None:
            lay = layouts.for_size(board.width, board.height)
        if sheet is None:
            import terminalio

            sheet = GlyphSheet(terminalio.FONT)
        colours = theme.for_screen(board.colour)
        palettes = {}
        for role, colour in (("error", theme.WARN), ("where", theme.DIM), ("ink", theme.INK),
                             ("prompt", theme.ACCENT)):
            palettes[role] = make_palette(colours[theme.BG], colours[colour])
        group = displayio.Group()
        # background
        bmp = displayio.Bitmap(16, 16, 1)
        pal = displayio.Palette(1)
        pal[0] = colours[theme.BG]
        group.append(displayio.TileGrid(bmp, pixel_shader=pal, width=(lay.width + 15) // 16,
                                        height=(lay.height + 15) // 16, tile_width=16,
                                        tile_height=16))
        x, y, w, s = lay.list_title
        self.title = TextField(sheet, palettes["error"], x, y, w, s)
        self.title.centre(_TITLE)
        group.append(self.title.node)
        rows = 2 if small else lay.list_rows
        width = lay.list_width
        lines = crash_rows(text, where, saved, width - 1, rows)  # one cell of margin
        self.rows = []
        for r in range(rows):
            top = lay.list_top + (r if not small else lay.list_rows - 2 + r) * lay.list_pitch
            line, role = lines[r]
            tf = TextField(sheet, palettes[role], lay.list_x, top, width, lay.list_scale)
            tf.put(0, SPACE)
            tf.line(line.encode(), 1)
            group.append(tf.node)
            self.rows.append(tf)
        self.group = group
        display.root_group = group
        try:
            display.refresh()
        except Exception:
            pass

    def wait(self, sleep=None):
        """Return after a press that began after the crash (keys held then are ignored)."""
        wait_for_press(self.board, sleep)


def wait_for_press(board, sleep=None):
    if sleep is None:
        import time

        sleep = time.sleep
    buttons = board.buttons
    try:
        buttons.clear()
        ring = buttons.ring_pos
        while buttons.any_down():  # a key held at the crash: wait for its release
            buttons.poll()
            sleep(_WAIT_S)
        buttons.clear()
        while True:
            code = buttons.poll()
            if code != inputs.NONE or buttons.any_down() or buttons.ring_pos != ring:
                break
            sleep(_WAIT_S)
        while buttons.any_down():  # restart on release, so the press does not reach the new app
            buttons.poll()
            sleep(_WAIT_S)
        buttons.clear()
    except Exception as e:  # the buttons themselves fail: restart after a while
        print("buttons:", e)
        sleep(_FALLBACK_S)


def _quiet(board):
    """Stop a looping sound, lights off, screen bright (each may fail on its own)."""
    for call in (lambda: board.sound.stop(), lambda: board.lights.off(),
                 lambda: board.power.dim(False)):
        try:
            call()
        except Exception:
            pass


def show_crash(board, text, where, saved, sheet=None, lay=None):
    """Build and show the crash screen with the least memory that works; None when only the
    console is left."""
    _quiet(board)
    try:
        board.display.root_group = None  # let go of the app's screens
    except Exception:
        pass
    gc.collect()
    for small in (False, True):
        try:
            return CrashScreen(board, text, where, saved, sheet, lay, small)
        except MemoryError:
            gc.collect()
    try:
        board.display.root_group = displayio.CIRCUITPYTHON_TERMINAL
        board.display.refresh()
    except Exception:
        pass
    return None
