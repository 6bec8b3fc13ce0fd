"""Pocket Yahtzee.

On a board CircuitPython runs this file: it builds the board's hardware object and runs the
app. On a desktop the same file starts the simulator:

    python code.py [--board NAME] [--seed N] [--nvm PATH] [--headless] [--help]

(NAME: a board of sim/boards.py, pygamer by default; --help lists them).

The board's NVM (a file on the desktop) keeps the game in progress, high scores, statistics
and settings; an error shows on the screen and a button press restarts (ui/crash_guard.py).
"""

import sys


def on_board():
    # the one board test. CircuitPython's unix port (its VM core, where tools/board_bench.py
    # measures the app) is "circuitpython" too, on platform "linux": there the tour imports this
    # module (its heap counts, as on a board) and must not start the app
    return getattr(sys.implementation, "name", "") == "circuitpython" and sys.platform != "linux"


def build_app(board):
    # ui/app_start.py's, loaded here, under the crash guard: an error while loading shows on the screen
    from ui.app_start import build_app

    return build_app(board)


def bench_hook(build):
    """A drive with /bench.txt: the emulator bench's hook (ui/bench_hook.py), else ``build``."""
    try:
        with open("/bench.txt") as f:
            text = f.read()
    except OSError:
        return build
    from ui.bench_hook import hooked

    return hooked(build, text)


def main():
    if not on_board():
        from sim import desktop

        desktop.run(build_app)  # the simulator: its flags from sys.argv
        return
    from hw.select import make_board
    from ui.crash_guard import run_guarded

    board = make_board()
    make_board = None
    from ui.screen_set import unload

    unload("hw.select")  # its table of boards is not needed again: ~1.1 KB of heap
    import supervisor

    try:
        run_guarded(board, bench_hook(build_app), supervisor.reload)
    except KeyboardInterrupt:
        pass


if __name__ == "__main__" or on_board():
    main()
