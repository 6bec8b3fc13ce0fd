"""PyBadge (and EdgeBadge): 160x128 colour screen, d-pad, A, B, Start, Select on a shift
register, speaker, five NeoPixels. NVM: 8 KB on CircuitPython 10; the simulator emulates
NVM_SIZE (256 bytes)."""

from . import inputs as I

NAME = "pybadge"
BOARD_ID = "pybadge"
WIDTH = 160
HEIGHT = 128
COLOUR = True
NVM_SIZE = 256
NVM_BACKUP = True  # its nvm write erases both slots: keep a copy in a file (hw/boot_drive.py)

# Key numbers: the shift register order B, A, Start, Select, Right, Down, Up, Left.
KEY_LABELS = ("B", "A", "Start", "Select", "Right", "Down", "Up", "Left")
SHORT = bytes((I.ROLL, I.ENTER, I.MENU, I.HINT, I.RIGHT, I.DOWN, I.UP, I.LEFT))
LONG = bytes((0, 0, I.NEW_GAME, I.SOUND))
REPEAT = bytes((0, 0, 0, 0, 1, 1, 1, 1))
RING = None
KEYMAP_HELP = (
    ("d-pad", "move (holds repeat)"),
    ("A", "hold die / score box"),
    ("B", "roll"),
    ("Start", "menu; hold: new game"),
    ("Select", "hint; hold: sound on/off"),
)


def make_board():
    import sys

    from .shift_board import shift_register_board

    return shift_register_board(sys.modules[__name__], None)
