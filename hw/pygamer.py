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
DESKTOP_KEYS = (("z", 0), ("x", 1), ("v", 2), ("c", 3))  # keyboard key -> key number


def make_shift_register_board(module, joystick):
    """Shared by PyGamer and PyBadge."""
    import board
    import keypad
    from adafruit_ticks import ticks_ms

    from . import parts

    display = board.DISPLAY
    display.auto_refresh = False
    buttons = parts.new_buttons(module, ticks_ms)
    keys = keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT,
                                    latch=board.BUTTON_LATCH, key_count=8,
                                    value_when_pressed=True)
    buttons.add_source(keys, 0)
    if joystick:
        import analogio
        from adafruit_debouncer import Debouncer

        from .keymap import AxisKeys

        buttons.add_poller(AxisKeys(analogio.AnalogIn(board.JOYSTICK_X),
                                    analogio.AnalogIn(board.JOYSTICK_Y), 8, Debouncer))
    sound = parts.speaker_sound(board.SPEAKER, board.SPEAKER_ENABLE, ticks_ms, pwm=False)
    lights = parts.pixel_lights(board.NEOPIXEL, 5, (0, 1, 2, 3, 4))
    return parts.assemble(module, display, buttons, ticks_ms, sound, lights, module.NVM_SIZE)


def make_board():
    import sys

    return make_shift_register_board(sys.modules[__name__], joystick=True)
