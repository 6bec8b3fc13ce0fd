"""Pocket Yahtzee.

On a board CircuitPython runs this file: it builds the board's hardware object and runs the
app. On a desktop the same file starts the simulator:

    python code.py [--board pygamer|pybadge|macropad|clue|feather_tft|pico_displaypack]
                   [--seed N] [--headless] [--help]
"""

import sys


def on_board():
    return getattr(sys.implementation, "name", "") == "circuitpython"


def desktop_board(argv):
    from hw import desktop

    if "--help" in argv or "-h" in argv:
        opts = [a for a in argv if a not in ("--help", "-h")]
        profile = "pygamer"
        for i, a in enumerate(opts):
            if a == "--board" and i + 1 < len(opts):
                profile = opts[i + 1]
            elif a.startswith("--board="):
                profile = a.split("=", 1)[1]
        print(desktop.USAGE)
        if profile in desktop.PROFILES:
            module = desktop.board_module(profile)
            print("\nKeys for %s on the desktop:" % module.NAME)
            for key, meaning in desktop.keymap_help(module):
                print("  %-14s %s" % (key, meaning))
        raise SystemExit(0)
    return desktop.make_board_from_args(argv)


def main(argv=None):
    if on_board():
        from hw import select

        board = select.board_module().make_board()
    else:
        board = desktop_board(sys.argv[1:] if argv is None else argv)
    from ui.app import App

    app = App(board)
    try:
        app.run()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__" or on_board():
    main()
