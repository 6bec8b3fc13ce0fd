"""MacroPad RP2040: 128x64 mono OLED, twelve keys (3 across, 4 down) with NeoPixels under
them, a rotary encoder with a push switch, speaker, 4 KB NVM.

    [hold 1] [hold 2] [hold 3]
    [hold 4] [hold 5] [ roll ]
    [ left ] [enter ] [right ]
    [ menu ] [ hint ] [sound ]     encoder: turn = box cursor, push = score
    (hold menu: new game; hold hint: undo the last box)"""

from . import inputs as I

NAME = "macropad"
BOARD_ID = "adafruit_macropad_rp2040"
WIDTH = 128
HEIGHT = 64
COLOUR = False
NVM_SIZE = 4096
NVM_BACKUP = True  # its nvm write erases both slots: keep a copy in a file (hw/boot_drive.py)

# Key numbers 0..11: KEY1..KEY12; 12: encoder push (board.BUTTON); 13/14: one encoder detent
# counter-clockwise / clockwise.
KEY_LABELS = tuple("key %d" % n for n in range(1, 13)) + ("push", "turn left", "turn right")
SHORT = bytes((I.HOLD_1, I.HOLD_2, I.HOLD_3, I.HOLD_4, I.HOLD_5, I.ROLL,
               I.LEFT, I.ENTER, I.RIGHT, I.MENU, I.HINT, I.SOUND,
               I.ENTER, I.UP, I.DOWN))
LONG = bytes((0, 0, 0, 0, 0, 0, 0, 0, 0, I.NEW_GAME, I.UNDO))
REPEAT = bytes((0, 0, 0, 0, 0, 0, 1, 0, 1))
RING = None
KEYMAP_HELP = (
    ("keys 1-5", "hold die 1-5"),
    ("key 6", "roll"),
    ("keys 7/9", "left / right"),
    ("key 8, push", "score / choose"),
    ("turn", "move the box cursor"),
    ("key 10", "menu; hold: new game"),
    ("key 11", "hint; hold: undo last box"),
    ("key 12", "sound on/off"),
)


def make_board():
    import sys

    import board
    import keypad
    import rotaryio
    from supervisor import ticks_ms

    from . import assembly

    module = sys.modules[__name__]
    display = board.DISPLAY
    display.auto_refresh = False
    buttons = assembly.new_buttons(module, ticks_ms)
    pins = (board.KEY1, board.KEY2, board.KEY3, board.KEY4, board.KEY5, board.KEY6,
            board.KEY7, board.KEY8, board.KEY9, board.KEY10, board.KEY11, board.KEY12,
            board.BUTTON)
    buttons.add_source(keypad.Keys(pins, value_when_pressed=False, pull=True), 0)
    buttons.add_poller(EncoderKeys(rotaryio.IncrementalEncoder(board.ROTA, board.ROTB), 13))
    sound = assembly.speaker_sound(board.SPEAKER, board.SPEAKER_ENABLE, ticks_ms, pwm=True)
    lights = assembly.pixel_lights(board.NEOPIXEL, 12, (0, 1, 2, 3, 4))
    return assembly.assemble(module, display, buttons, ticks_ms, sound, lights, NVM_SIZE)


class EncoderKeys:
    """A rotary encoder as a stream of short presses: each detent clockwise presses key
    ``first_key + 1``, counter-clockwise ``first_key`` (press and release at once)."""

    def __init__(self, encoder, first_key):
        self.encoder = encoder
        self.first_key = first_key
        self.last = encoder.position

    def update(self, buttons, now):
        pos = self.encoder.position
        while pos != self.last:
            k = self.first_key + 1 if pos > self.last else self.first_key
            self.last += 1 if pos > self.last else -1
            buttons.key(k, True, now)
            buttons.key(k, False, now)
