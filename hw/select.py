"""Which board module to use, by CircuitPython's ``board.board_id``.

    from hw.select import make_board
    board = make_board()          # on a board (code.py makes the desktop's, sim/desktop.py, elsewhere)"""

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


def module_name(board_id):
    """The hw module name for a board id."""
    name = BOARDS.get(board_id)
    if name is None:
        raise RuntimeError("Pocket Yahtzee does not know board %r; known: %s"
                           % (board_id, ", ".join(sorted(BOARDS))))
    return name


def board_module(board_id):
    """The imported hw module for ``board_id``."""
    name = module_name(board_id)
    package = __import__("hw." + name)
    return getattr(package, name)


def make_board():
    """The board this program runs on (CircuitPython's ``board.board_id`` picks the module)."""
    import board

    return board_module(board.board_id).make_board()
