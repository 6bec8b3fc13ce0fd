"""What the rules reader holds while it is open, and what stays after it is closed, in the
MicroPython VM (``python tools/fetch_libs.py`` first, for adafruit_display_text):

    node tools/mpy_runner/run.mjs --mount ui --mount lib tools/rules_reader_memory.py

For each screen size: the live heap (``gc.mem_alloc()`` after a collection) on the title, with
the reader open, the most while turning every page, and after closing it. Modules are compiled
from source here (a board loading .mpy holds less code); the names a module interns stay
after it is forgotten, which is what the first board's "closed again" figure shows (the later
boards find them interned already).
"""

import gc

from hw import inputs
from hw import fbdisplay
fbdisplay.install()
from hw import vmboard
from ui.app import App
from ui import screen as S

def live():
    gc.collect()
    return gc.mem_alloc()

def steps():
    """One board per screen size (the VM frees garbage between steps)."""
    for profile in ("pybadge", "macropad", "clue", "feather_tft"):
        board = vmboard.make_board(profile, seed=1)
        app = App(board)
        for _ in range(3):
            board.clock.advance(16); app.step()
        yield
        base = live()
        app.show(S.RULES)
        for _ in range(3):
            board.clock.advance(16); app.step()
        yield
        opened = live()
        reader = app.screens[S.RULES]
        peak = opened
        for _ in range(len(reader.pages) - 1):
            app.handle(inputs.DOWN)
            board.clock.advance(16); app.step()
            yield
            peak = max(peak, live())
        app.show(S.TITLE)
        board.clock.advance(16); app.step()
        yield
        closed = live()
        print("%s: title %d B live; reader open +%d B, most while paging +%d B; closed again +%d B" % (
            profile, base, opened - base, peak - base, closed - base))
        del app, board, reader
        yield

VM_STEPS = steps()
