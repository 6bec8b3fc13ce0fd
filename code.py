"""Pocket Yahtzee.

On a board CircuitPython runs this file: it builds the board's hardware object and runs the
app. On a desktop the same file starts the simulator:

    python code.py [--board pygamer|pybadge|macropad|clue|feather_tft|pico_displaypack]
                   [--seed N] [--headless] [--help]
"""

import sys


def on_board():
    return getattr(sys.implementation, "name", "") == "circuitpython"


def print_help(argv):
    """Usage and the chosen board's keys (desktop only)."""
    from hw import desktop

    profile = "pygamer"
    for i, a in enumerate(argv):
        if a == "--board" and i + 1 < len(argv):
            profile = argv[i + 1]
        elif a.startswith("--board="):
            profile = a.split("=", 1)[1]
    print(desktop.USAGE)
    if profile in desktop.PROFILES:
        module = desktop.board_module(profile)
        print("\nKeys for %s on the desktop:" % module.NAME)
        for key, meaning in desktop.keymap_help(module):
            print("  %-14s %s" % (key, meaning))


def main(argv=None):
    if argv is None:
        argv = getattr(sys, "argv", [])[1:]
    if not on_board() and ("--help" in argv or "-h" in argv):
        print_help(argv)
        return
    from hw.select import make_board
    from ui.app import App

    app = App(make_board(argv))
    try:
        app.run()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__" or on_board():
    main()
