"""What the simulated boards need to know about each real board: one entry a board, read by the
desktop and the web page (keys, lights, page buttons), the fakes of CircuitPython's hardware
modules (pins, NVM, display) and the whole-app tour (seats). Pure data: it runs inside the
MicroPython VMs (the web page, the heap measurements), where sim/boards.py, the host's registry,
is not loaded. host_tests/hw/test_boards.py checks that it names every board of that registry
and agrees with what each board module says itself.

    from sim.board_table import BOARDS, PINS
    BOARDS["clue"][PINS]            # ("BUTTON_A", "BUTTON_B", "SPEAKER", "NEOPIXEL")
    board_table.column(PINS)        # {name: pins} for every board"""

# An entry's fields, in this order:
DESKTOP_KEYS = 0  # (PC keyboard key, board key number): the board's own keys on a keyboard
LIGHTS = 1  # (count, light of each die, or None: one light for "a die is held"), as drawn
ROWS = 2  # the web page's buttons row by row (key numbers), roughly where they sit on the board;
#           keys a board does not wire (the PyGamer's 4..7) are left out
PINS = 3  # the board pins its make_board reads (sim/vmhardware.py fakes them)
NVM_BYTES = 4  # its microcontroller.nvm: hw/<board>.py's NVM_SIZE
DISPLAY = 5  # board.DISPLAY's (width, height); None when make_board builds its own display
SEATS = 6  # seats in the whole-app tour's first game (host_tests/ui/whole_app.py)

BOARDS = {
    "pygamer": (
        (("z", 0), ("x", 1), ("v", 2), ("c", 3)),
        (5, (0, 1, 2, 3, 4)),
        ((10,), (8, 11, 9), (3, 2), (0, 1)),
        ("BUTTON_CLOCK", "BUTTON_OUT", "BUTTON_LATCH", "JOYSTICK_X", "JOYSTICK_Y", "SPEAKER",
         "SPEAKER_ENABLE", "NEOPIXEL"),
        256, (160, 128), 2),
    "pybadge": (
        (("z", 0), ("x", 1), ("v", 2), ("c", 3)),
        (5, (0, 1, 2, 3, 4)),
        ((6,), (7, 5, 4), (3, 2), (0, 1)),
        ("BUTTON_CLOCK", "BUTTON_OUT", "BUTTON_LATCH", "SPEAKER", "SPEAKER_ENABLE", "NEOPIXEL"),
        256, (160, 128), 3),
    # the MacroPad's 12 keys as four rows of three (q w e / a s d / z x c / r t y), its encoder:
    # j / l turn, k pushes
    "macropad": (
        (("q", 0), ("w", 1), ("e", 2), ("a", 3), ("s", 4), ("d", 5), ("z", 6), ("x", 7), ("c", 8),
         ("r", 9), ("t", 10), ("y", 11), ("k", 12), ("j", 13), ("l", 14)),
        (12, (0, 1, 2, 3, 4)),
        ((0, 1, 2), (3, 4, 5), (6, 7, 8), (9, 10, 11), (13, 12, 14)),
        ("KEY1", "KEY2", "KEY3", "KEY4", "KEY5", "KEY6", "KEY7", "KEY8", "KEY9", "KEY10", "KEY11",
         "KEY12", "ROTA", "ROTB", "BUTTON", "SPEAKER", "SPEAKER_ENABLE", "NEOPIXEL"),
        4096, (128, 64), 4),
    "clue": (
        (("a", 0), ("b", 1)),
        (1, None),
        ((0, 1),),
        ("BUTTON_A", "BUTTON_B", "SPEAKER", "NEOPIXEL"),
        8192, (240, 240), 2),
    "feather_tft": (
        (("a", 0), ("s", 1), ("d", 2)),
        (1, None),
        ((0, 1, 2),),
        ("D0", "D1", "D2", "NEOPIXEL", "NEOPIXEL_POWER"),
        8192, (240, 135), 3),
    "pico_displaypack": (
        (("a", 0), ("b", 1), ("x", 2), ("y", 3)),
        (1, None),
        ((0, 2), (1, 3)),
        ("GP6", "GP7", "GP8", "GP12", "GP13", "GP14", "GP15", "GP16", "GP17", "GP18", "GP19", "GP20"),
        4096, None, 4),
}


def column(field):
    """{board name: that field of its entry} for every board (``None`` fields left out)."""
    out = {}
    for name in BOARDS:
        value = BOARDS[name][field]
        if value is not None:
            out[name] = value
    return out
