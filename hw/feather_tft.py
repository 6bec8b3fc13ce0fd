"""Feather ESP32-S3 Reverse TFT: 240x135 colour screen, three buttons (D0 active low, D1 and
D2 active high), one NeoPixel, no speaker, 8 KB NVM.

D0 steps the command ring shown on screen (hold: step back), D1 does the command (hold:
menu), D2 rolls (hold: hint)."""

from . import inputs as I
from .keymap import FULL_RING, RING_DO, RING_NEXT, RING_PREV

NAME = "feather_tft"
BOARD_ID = "adafruit_feather_esp32s3_reverse_tft"
WIDTH = 240
HEIGHT = 135
COLOUR = True
NVM_SIZE = 8192
NVM_BACKUP = True  # its nvm write erases both slots: keep a copy in a file (hw/boot_drive.py)

KEY_LABELS = ("D0", "D1", "D2")
SHORT = bytes((RING_NEXT, RING_DO, I.ROLL))
LONG = bytes((RING_PREV, I.MENU, I.HINT))
REPEAT = b""
RING = FULL_RING
KEYMAP_HELP = (
    ("D0", "next command; hold: previous"),
    ("D1", "do the command; hold: menu"),
    ("D2", "roll; hold: hint"),
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
    # D0 is the BOOT button (pulled up, low when pressed); D1 and D2 are pulled down.
    buttons.add_source(keypad.Keys((board.D0,), value_when_pressed=False, pull=True), 0)
    buttons.add_source(keypad.Keys((board.D1, board.D2), value_when_pressed=True, pull=True), 1)
    lights = assembly.pixel_lights(board.NEOPIXEL, 1, None, power_pin=board.NEOPIXEL_POWER)
    return assembly.assemble(module, display, buttons, ticks_ms, None, lights, NVM_SIZE)
