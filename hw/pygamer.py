"""PyGamer: 160x128 colour screen, B/A/Start/Select on a shift register, analog joystick,
speaker, five NeoPixels. NVM: 8 KB on CircuitPython 10; the simulator emulates NVM_SIZE
(256 bytes, the SMALL layout)."""

from yahtzee_core.compat import const

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


# The analog stick as four keys, polled every frame (here, not in a module of its own: a module
# costs a board ~0.5 KB of heap, and only this board has a stick).
# A direction goes down past the outer line and up again only back inside the inner one: the
# gap (hysteresis) keeps a stick resting near a line from chattering, as a debouncer would,
# without a library or a clock (the stick's centre is about 32768).
_PRESS_LOW = const(20000)  # left/up goes down below this ...
_RELEASE_LOW = const(26000)  # ... and up above this
_PRESS_HIGH = const(45000)  # right/down goes down above this ...
_RELEASE_HIGH = const(39000)  # ... and up below this


class AxisKeys:
    """Turns an analog joystick into four virtual keys.

    ``x``/``y``: objects with ``.value`` 0..65535; keys ``first_key`` + 0..3 are left,
    right, up, down. ``update`` allocates nothing on a board (small ints only)."""

    def __init__(self, x, y, first_key):
        self.x = x
        self.y = y
        self.first_key = first_key
        self.down = 0  # bit i: key first_key + i is down

    def update(self, buttons, now):
        x = self.x.value
        y = self.y.value
        i = 0
        while i < 4:  # left, right (x), up, down (y); one method: each costs a board ~50 B of heap
            value = x if i < 2 else y
            down = (self.down >> i) & 1
            if i & 1:  # right or down: the high side
                on = value > (_RELEASE_HIGH if down else _PRESS_HIGH)
            else:
                on = value < (_RELEASE_LOW if down else _PRESS_LOW)
            if on != (down == 1):
                self.down ^= 1 << i
                buttons.key(self.first_key + i, on, now)
            i += 1
