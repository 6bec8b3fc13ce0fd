"""Which board module to use: by CircuitPython's ``board.board_id`` on a device, the desktop
board anywhere else.

    from hw.select import make_board
    board = make_board()          # on a desktop, flags come from sys.argv (see hw/desktop.py)"""

import sys

# CircuitPython board ids (the board's folder name in the CircuitPython source) -> hw module.
BOARDS = {
    "pygamer": "pygamer",
    "pybadge": "pybadge",
    "edgebadge": "pybadge",
    "adafruit_macropad_rp2040": "macropad",
    "clue_nrf52840_express": "clue",
    "adafruit_feather_esp32s3_reverse_tft": "feather_tft",
    "raspberry_pi_pico": "pico_displaypack",
    "raspberry_pi_pico_w": "pico_displaypack",
    "raspberry_pi_pico2": "pico_displaypack",
    "raspberry_pi_pico2_w": "pico_displaypack",
}


def on_device():
    """True under CircuitPython (a Blinka ``board`` module on a PC does not count)."""
    return sys.implementation.name == "circuitpython"


def module_name(board_id):
    """The hw module name for a board id; "desktop" for None (no CircuitPython board)."""
    if board_id is None:
        return "desktop"
    name = BOARDS.get(board_id)
    if name is None:
        raise RuntimeError("Pocket Yahtzee does not know board %r; known: %s"
                           % (board_id, ", ".join(sorted(BOARDS))))
    return name


def board_module(board_id):
    """The imported hw module for ``board_id`` (None: the desktop board)."""
    name = module_name(board_id)
    package = __import__("hw." + name)
    return getattr(package, name)


def current_board_id():
    if not on_device():
        return None
    import board

    return board.board_id


def make_board(argv=None):
    """The board this program runs on. On a desktop, ``argv`` (default ``sys.argv[1:]``) holds
    the simulator flags (``--board clue --headless --seed 7``...)."""
    board_id = current_board_id()
    module = board_module(board_id)
    if board_id is None:
        return module.make_board_from_args(sys.argv[1:] if argv is None else argv)
    return module.make_board()
