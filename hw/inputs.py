"""Semantic inputs: what a button press means, independent of the board.

Board modules turn key events into these codes through a per-board key map; screens turn
them into engine actions. Codes are small ints so an input queue is a bytearray."""

from yahtzee_core.compat import const

NONE = const(0)
HOLD_1 = const(1)  # HOLD_1 + i holds die i (0..4)
HOLD_2 = const(2)
HOLD_3 = const(3)
HOLD_4 = const(4)
HOLD_5 = const(5)
ROLL = const(6)
LEFT = const(7)
RIGHT = const(8)
UP = const(9)
DOWN = const(10)
ENTER = const(11)  # score the box under the cursor / choose
MENU = const(12)  # back / menu
NEW_GAME = const(13)  # long press on boards that have it
SOUND = const(14)  # mute toggle
HINT = const(15)  # coach
WAKE = const(16)  # any press that only woke the device
UNDO = const(17)  # take back the last box choice
TAPPED = const(18)  # a short tap of a key that acts only when held: the app says "hold it"

NAMES = (
    "none", "hold 1", "hold 2", "hold 3", "hold 4", "hold 5", "roll", "left", "right", "up",
    "down", "enter", "menu", "new game", "sound", "hint", "wake", "undo", "tapped",
)
