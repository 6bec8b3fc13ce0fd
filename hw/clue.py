"""CLUE: 240x240 colour screen, two buttons (A left, B right, active low), speaker, one
NeoPixel, 8 KB NVM.

Two buttons reach every action through the command ring shown on screen: A steps to the
next command (hold A: previous), B does it, hold B: menu."""

from . import inputs as I
from .keymap import FULL_RING, RING_DO, RING_NEXT, RING_PREV

NAME = "clue"
BOARD_ID = "clue_nrf52840_express"
WIDTH = 240
HEIGHT = 240
COLOUR = True
NVM_SIZE = 8192

KEY_LABELS = ("A", "B")
SHORT = bytes((RING_NEXT, RING_DO))
LONG = bytes((RING_PREV, I.MENU))
REPEAT = b""
RING = FULL_RING
KEYMAP_HELP = (
    ("A", "next command; hold: previous"),
    ("B", "do the command; hold: menu"),
)


def make_board():
    import sys

    import board
    import keypad
    from supervisor import ticks_ms

    from . import assembly

    module = sys.modules[__name__]
    display = board.DISPLAY
    display.auto_refresh = False
    buttons = assembly.new_buttons(module, ticks_ms)
    buttons.add_source(keypad.Keys((board.BUTTON_A, board.BUTTON_B), value_when_pressed=False,
                                   pull=True), 0)
    sound = assembly.speaker_sound(board.SPEAKER, None, ticks_ms, pwm=True)
    lights = assembly.pixel_lights(board.NEOPIXEL, 1, None)
    return assembly.assemble(module, display, buttons, ticks_ms, sound, lights, NVM_SIZE)
