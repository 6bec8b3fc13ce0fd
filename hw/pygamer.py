"""PyGamer: 160x128 colour screen, B/A/Start/Select on a shift register, analog joystick,
speaker, five NeoPixels. NVM: 8 KB on CircuitPython 10; the simulator emulates NVM_SIZE
(256 bytes, the SMALL layout)."""

from . import inputs as I

NAME = "pygamer"
BOARD_ID = "pygamer"
WIDTH = 160
HEIGHT = 128
COLOUR = True
NVM_SIZE = 256
NVM_BACKUP = True  # its nvm write erases both slots: keep a copy in a file (hw/boot_drive.py)

# Key numbers 0..7: the shift register (B, A, Start, Select; Right, Down, Up, Left on a
# PyBadge, unwired on a PyGamer); 8..11: the joystick as left, right, up, down.
KEY_LABELS = ("B", "A", "Start", "Select", "Right", "Down", "Up", "Left",
              "stick left", "stick right", "stick up", "stick down")
SHORT = bytes((I.ROLL, I.ENTER, I.MENU, I.HINT, 0, 0, 0, 0, I.LEFT, I.RIGHT, I.UP, I.DOWN))
LONG = bytes((0, 0, I.NEW_GAME, I.SOUND))
REPEAT = bytes((0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1))
RING = None
KEYMAP_HELP = (
    ("stick", "move (holds repeat)"),
    ("A", "hold die / score box"),
    ("B", "roll"),
    ("Start", "menu; hold: new game"),
    ("Select", "hint; hold: sound on/off"),
)


def make_board():
    import sys

    import board

    from .shift_board import shift_register_board

    return shift_register_board(sys.modules[__name__], (board.JOYSTICK_X, board.JOYSTICK_Y))
