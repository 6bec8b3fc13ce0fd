"""What the rules reader holds while it is open, and what stays after it is closed, with each
font (terminalio's fixed 6x12 and the proportional Helvetica 8, baked: tools/ship/font_bake.py),
in the MicroPython VM:

    python tools/memory/rules_reader_memory.py        # (``python tools/fetch_libs.py`` first)

On CPython it compiles the app to .mpy with mpy-cross, as tools/memory/board_memory.py does, and
runs itself in the VM on it, with lib/fonts mounted at /lib/fonts as on a board. For each board:
the live heap (``gc.mem_alloc()`` after a collection) on the title, and with each font the reader
open, the most while turning every page, and after closing it; then the proportional font loaded
on its own (its sheet and glyph table). The title's figure includes the displayio stand-in (C
objects and flash on a board); the reader's figures are differences, so they are what a board's
heap would hold for it, within the few bytes a Python object differs from CircuitPython's C object."""

import gc
import sys

SPACER = 12 * 1024 * 1024  # tools/memory/tour.py SPACER


def host_main():
    import os
    import subprocess
    import tempfile

    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    sys.path.insert(0, root)
    from tools.ship import fetch_libs
    from tools.memory import tour

    problems = fetch_libs.check(fetch_libs.read_pins(), os.path.join(root, "lib"))
    if problems:
        raise SystemExit("\n".join(problems) + "\nrun: python tools/fetch_libs.py")
    with tempfile.TemporaryDirectory(prefix="rules-mem-") as tmp:
        tour.compile_app(tmp)  # with the reader's libraries (tour.LIB_MODULES)
        script = os.path.join(tmp, "rules_reader_memory.py")
        with open(os.path.abspath(__file__)) as src, open(script, "w") as out:
            out.write(src.read())
        cmd = ["node", os.path.join(root, "tools", "mpy_runner", "run.mjs"), "--heap", tour.HEAP,
               "--no-default-mounts",
               "--mount", tmp, "--data", os.path.join(root, "lib", "fonts") + ":/lib/fonts", script]
        from sim.boards import NAMES

        cmd += list(NAMES)  # the boards, in the VM's sys.argv
        return subprocess.run(cmd, cwd=root).returncode


def live():
    gc.collect()
    return gc.mem_alloc()


def vm_steps():
    # every object above a zeroed spacer, as board_memory does: at this VM's small heap addresses
    # the pixels and tile indexes spell addresses and keep dropped objects alive by chance
    spacer = bytearray(SPACER)  # noqa: F841
    from sim import fbdisplay
    fbdisplay.install()
    from hw import inputs
    from sim import vmboard
    from ui.app import App
    from ui import rules_screen
    from ui import screen as S

    print("rules reader heap (MicroPython VM, app and libraries as .mpy): bytes live")
    # The reader opened and closed once first: the names it interns are never freed, and the
    # first open also makes a new pool for them (n_pool 6 -> 7 in micropython.qstr_info():
    # +11,174 B on the PyGamer), which "closed" below would otherwise count as not given back.
    profiles = sys.argv[1:]  # sim/boards.py's NAMES (host_main)
    board = vmboard.make_board(profiles[0], seed=1)
    app = App(board)
    app.step()
    app.show(S.RULES)
    app.step()
    app.show(S.TITLE)
    app.step()
    del app, board
    yield
    for profile in profiles:
        figures = []
        for proportional in (False, True):
            board = vmboard.make_board(profile, seed=1)
            if not proportional:
                board.font_dir = None  # terminalio's font
            app = App(board)
            for _ in range(3):
                board.clock.advance(16)
                app.step()
            yield
            base = live()
            app.show(S.RULES)
            for _ in range(3):
                board.clock.advance(16)
                app.step()
            yield
            opened = live()
            reader = app.screens[S.RULES]
            assert (type(reader.font).__name__ == "BakedFont") == proportional, "no font file at /lib/fonts?"
            peak = opened
            for _ in range(len(reader.pages) - 1):
                app.show(S.RULES, inputs.DOWN)  # the reader's page down, as a press gives it
                board.clock.advance(16)
                app.step()
                yield
                peak = max(peak, live())
            app.show(S.TITLE)
            board.clock.advance(16)
            app.step()
            yield
            closed = live()
            figures.append((opened - base, peak - base, closed - base))
            del app, board, reader
            yield
        # the proportional font on its own (the reader closed): its sheet, table and objects
        before = live()
        loaded = rules_screen.load_font("/lib/fonts")
        yield
        held = live() - before
        del loaded
        yield
        t, p = figures
        print("%s: title %d B; terminalio: open +%d, most +%d, closed +%d; Helvetica 8: open +%d, "
              "most +%d, closed +%d (the font loaded: %d B)" % (profile, base, t[0], t[1], t[2], p[0], p[1], p[2],
                                                               held))
        yield


if sys.implementation.name == "micropython":
    VM_STEPS = vm_steps()  # tools/mpy_runner/run.mjs steps it (garbage is freed between steps)
elif __name__ == "__main__":
    sys.exit(host_main())
