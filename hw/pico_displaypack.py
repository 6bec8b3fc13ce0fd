"""Raspberry Pi Pico with the Pimoroni Pico Display Pack: 240x135 ST7789 over SPI (built by
hand: the Pico has no board.DISPLAY), buttons A, B, X, Y on GP12..GP15 (active low), an RGB
LED on GP6/GP7/GP8 (common anode), no speaker, 4 KB NVM.

A rolls (hold: hint), B does the command shown on screen (hold: menu), X and Y step the
command ring back and forward (they repeat while held)."""

from . import inputs as I
from .keymap import FULL_RING, RING_DO, RING_NEXT, RING_PREV

NAME = "pico_displaypack"
BOARD_ID = "raspberry_pi_pico"
WIDTH = 240
HEIGHT = 135
COLOUR = True
NVM_SIZE = 4096
NVM_BACKUP = True  # its nvm write erases both slots: keep a copy in a file (hw/boot_drive.py)

KEY_LABELS = ("A", "B", "X", "Y")
SHORT = bytes((I.ROLL, RING_DO, RING_PREV, RING_NEXT))
LONG = bytes((I.HINT, I.MENU))
REPEAT = bytes((0, 0, 1, 1))
RING = FULL_RING
KEYMAP_HELP = (
    ("A", "roll; hold: hint"),
    ("B", "do the command; hold: menu"),
    ("X", "previous command"),
    ("Y", "next command"),
)


def make_display():
    """The ST7789 of the Display Pack (landscape, USB on the left)."""
    import board
    import busio
    import displayio
    from adafruit_st7789 import ST7789
    from fourwire import FourWire  # CircuitPython 9+ (displayio.FourWire is gone in 10)
    displayio.release_displays()
    spi = busio.SPI(board.GP18, MOSI=board.GP19)
    bus = FourWire(spi, command=board.GP16, chip_select=board.GP17)
    return ST7789(bus, width=240, height=135, rowstart=40, colstart=53, rotation=270,
                  backlight_pin=board.GP20, auto_refresh=False)


class RGBLedLights:
    """The Pack's RGB LED (common anode: 0 duty is full on): lit amber while dice are held."""

    def __init__(self, red, green, blue):
        self.channels = (red, green, blue)
        self.held_mask = 0
        self.off()

    def _set(self, colour):
        shift = 16
        i = 0
        while i < 3:
            level = (colour >> shift) & 0xFF
            self.channels[i].duty_cycle = 0xFFFF - level * 0x101
            shift -= 8
            i += 1

    def show_held(self, mask):
        from .parts import HELD_COLOUR

        self.held_mask = mask
        self._set(HELD_COLOUR if mask else 0)

    def show_colours(self, colours):
        self._set(colours[0] if colours else 0)

    def off(self):
        self.held_mask = 0
        self._set(0)


def make_board():
    import sys

    import board
    import keypad
    import pwmio
    from supervisor import ticks_ms

    from . import assembly

    module = sys.modules[__name__]
    display = make_display()
    buttons = assembly.new_buttons(module, ticks_ms)
    buttons.add_source(keypad.Keys((board.GP12, board.GP13, board.GP14, board.GP15),
                                   value_when_pressed=False, pull=True), 0)
    lights = RGBLedLights(pwmio.PWMOut(board.GP6, frequency=1000),
                          pwmio.PWMOut(board.GP7, frequency=1000),
                          pwmio.PWMOut(board.GP8, frequency=1000))
    return assembly.assemble(module, display, buttons, ticks_ms, None, lights, NVM_SIZE)
