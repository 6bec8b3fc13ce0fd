"""Test doubles for the hardware layer (CPython only; never shipped to a board).

KMK style: ``install_fakes(board_id)`` puts fake ``board``, ``keypad``, ``microcontroller``,
``digitalio``, ``analogio``, ``rotaryio``, ``neopixel_write``, audio, display-bus and ``alarm`` modules
into ``sys.modules`` so a real board module (``hw/pygamer.py``...) runs on the host, and tests
press its keys with ``fakes.keys[i].press(n)``. ``FakeClock`` gives small, controllable ticks.
``ScriptedButtons`` feeds an app a fixed list of semantic inputs."""

import sys
import types

from hw import inputs
from hw.nvm import MemoryNVM, PowerCut  # noqa: F401  (re-exported for tests)

# -- keypad -----------------------------------------------------------------------------


class FakeEvent:
    """Mutable stand-in for ``keypad.Event`` (``get_into`` fills it)."""

    def __init__(self, key_number=0, pressed=True):
        self.key_number = key_number
        self.pressed = pressed

    @property
    def released(self):
        return not self.pressed


class FakeEventQueue:
    """A ``keypad.EventQueue``: preallocated ring of (key, pressed); ``get_into`` allocates nothing."""

    def __init__(self, max_events=64):
        self._keys = bytearray(max_events)
        self._down = bytearray(max_events)
        self._head = 0
        self._count = 0
        self.overflowed = False

    def record(self, key_number, pressed):
        size = len(self._keys)
        if self._count >= size:
            self.overflowed = True
            return
        i = (self._head + self._count) % size
        self._keys[i] = key_number
        self._down[i] = 1 if pressed else 0
        self._count += 1

    def get_into(self, event):
        if not self._count:
            return False
        event.key_number = self._keys[self._head]
        event.pressed = self._down[self._head] == 1
        self._head = (self._head + 1) % len(self._keys)
        self._count -= 1
        return True

    def get(self):
        ev = FakeEvent()
        return ev if self.get_into(ev) else None

    def clear(self):
        self._count = 0
        self.overflowed = False

    def __len__(self):
        return self._count

    def __bool__(self):
        return self._count > 0


class FakeKeys:
    """``keypad.Keys`` / ``ShiftRegisterKeys`` / ``KeyMatrix``: remembers how it was built.
    ``press(n)`` / ``release(n)`` / ``tap(n)`` queue events as the real scanner would."""

    def __init__(self, *args, **kwargs):
        self.args = args
        self.kwargs = kwargs
        pins = kwargs.get("pins", args[0] if args else ())
        self.pins = tuple(pins) if pins else ()
        self.key_count = kwargs.get("key_count", len(self.pins))
        self.events = FakeEventQueue()
        _KEYPADS.append(self)

    def press(self, n):
        self.events.record(n, True)

    def release(self, n):
        self.events.record(n, False)

    def tap(self, n):
        self.press(n)
        self.release(n)

    def deinit(self):
        pass


_KEYPADS = []


def fake_keypad_module():
    m = types.ModuleType("keypad")
    m.Event = FakeEvent
    m.EventQueue = FakeEventQueue
    m.Keys = FakeKeys
    m.ShiftRegisterKeys = FakeKeys
    m.KeyMatrix = FakeKeys
    return m


# -- pins and simple peripherals -----------------------------------------------------------


class FakePin:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "board." + self.name


class Recorder:
    """Any peripheral that only has to be built and poked: keeps its arguments; any attribute
    can be set; unknown methods are no-ops that record their calls in ``calls``."""

    def __init__(self, *args, **kwargs):
        self.args = args
        self.kwargs = kwargs
        self.calls = []
        self.value = kwargs.get("value", False)

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)

        def call(*args, **kwargs):
            self.calls.append((name, args, kwargs))

        return call

    def deinit(self):
        pass


class FakeAnalogIn(Recorder):
    """``analogio.AnalogIn``: ``value`` 0..65535, centred by default."""

    def __init__(self, pin):
        super().__init__(pin)
        self.pin = pin
        self.value = 32768
        _ANALOG[pin.name] = self


class FakeEncoder(Recorder):
    """``rotaryio.IncrementalEncoder``: tests turn it by setting ``position``."""

    def __init__(self, a, b, divisor=4):
        super().__init__(a, b)
        self.position = 0
        _ENCODERS.append(self)


class FakeStrip:
    """The NeoPixels on one pin, as ``neopixel_write`` last wrote them: ``pixels`` (0xRRGGBB
    each, from the green, red, blue bytes) and how many writes (``shows``)."""

    def __init__(self, pin):
        self.pin = pin
        self.pixels = []
        self.shows = 0


def fake_neopixel_write(pin, buf):
    """``neopixel_write.neopixel_write``: records into the pin's ``FakeStrip``."""
    for strip in _PIXELS:
        if strip.pin is pin:
            break
    else:
        strip = FakeStrip(pin)
        _PIXELS.append(strip)
    strip.pixels = [(buf[i + 1] << 16) | (buf[i] << 8) | buf[i + 2] for i in range(0, len(buf) - 2, 3)]
    strip.shows += 1


class FakeAudioOut(Recorder):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.playing = False
        self.sample = None

    def play(self, sample, loop=False):
        self.sample = sample
        self.playing = True

    def stop(self):
        self.playing = False


class FakeDisplay(Recorder):
    """``board.DISPLAY`` or a hand-built display: size, ``auto_refresh``, ``brightness``."""

    def __init__(self, *args, width=160, height=128, **kwargs):
        super().__init__(*args, **kwargs)
        self.width = width
        self.height = height
        self.auto_refresh = kwargs.get("auto_refresh", True)
        self.brightness = 1.0
        self.root_group = None
        self.refreshes = 0

    def refresh(self, **kwargs):
        self.refreshes += 1
        return True


_ANALOG = {}
_ENCODERS = []
_PIXELS = []

# What each board's ``board`` module offers (only the names our modules use).
BOARD_PINS = {
    "pygamer": ("BUTTON_CLOCK", "BUTTON_OUT", "BUTTON_LATCH", "JOYSTICK_X", "JOYSTICK_Y",
                "SPEAKER", "SPEAKER_ENABLE", "NEOPIXEL", "LIGHT"),
    "pybadge": ("BUTTON_CLOCK", "BUTTON_OUT", "BUTTON_LATCH", "SPEAKER", "SPEAKER_ENABLE",
                "NEOPIXEL", "LIGHT"),
    "adafruit_macropad_rp2040": tuple("KEY%d" % i for i in range(1, 13)) + (
        "ROTA", "ROTB", "BUTTON", "SPEAKER", "SPEAKER_ENABLE", "NEOPIXEL"),
    "clue_nrf52840_express": ("BUTTON_A", "BUTTON_B", "SPEAKER", "NEOPIXEL"),
    "adafruit_feather_esp32s3_reverse_tft": ("D0", "D1", "D2", "NEOPIXEL", "NEOPIXEL_POWER",
                                             "TFT_BACKLIGHT"),
    "raspberry_pi_pico": tuple("GP%d" % i for i in range(29)),
}
BOARD_DISPLAY = {  # board.DISPLAY size, where the board has one
    "pygamer": (160, 128), "pybadge": (160, 128), "adafruit_macropad_rp2040": (128, 64),
    "clue_nrf52840_express": (240, 240), "adafruit_feather_esp32s3_reverse_tft": (240, 135),
}


class Fakes:
    """What ``install_fakes`` put in place; ``remove()`` restores ``sys.modules``."""

    NAMES = ("board", "keypad", "microcontroller", "digitalio", "analogio", "rotaryio", "neopixel_write",
             "audiocore", "audioio", "audiopwmio", "busio", "fourwire", "displayio", "pwmio",
             "adafruit_st7789", "alarm", "supervisor", "storage")

    def __init__(self, board_id, nvm_size):
        del _KEYPADS[:]
        _ANALOG.clear()
        del _ENCODERS[:]
        del _PIXELS[:]
        self.saved = {}
        self.modules = {}
        self.board = types.ModuleType("board")
        self.board.board_id = board_id
        for name in BOARD_PINS[board_id]:
            setattr(self.board, name, FakePin(name))
        if board_id in BOARD_DISPLAY:
            w, h = BOARD_DISPLAY[board_id]
            self.board.DISPLAY = FakeDisplay(width=w, height=h)
        self.nvm = MemoryNVM(nvm_size) if nvm_size else None
        self._build()

    def _module(self, name, **attrs):
        m = types.ModuleType(name)
        for k, v in attrs.items():
            setattr(m, k, v)
        self.modules[name] = m
        return m

    def _build(self):
        self.modules["board"] = self.board
        self.modules["keypad"] = fake_keypad_module()
        self._module("microcontroller", nvm=self.nvm)
        direction = types.SimpleNamespace(INPUT="in", OUTPUT="out")
        pull = types.SimpleNamespace(UP="up", DOWN="down")
        self._module("digitalio", DigitalInOut=Recorder, Direction=direction, Pull=pull)
        self._module("analogio", AnalogIn=FakeAnalogIn)
        self._module("rotaryio", IncrementalEncoder=FakeEncoder)
        self._module("neopixel_write", neopixel_write=fake_neopixel_write)
        self._module("audiocore", RawSample=Recorder)
        self._module("audioio", AudioOut=FakeAudioOut)
        self._module("audiopwmio", PWMAudioOut=FakeAudioOut)
        self._module("busio", SPI=Recorder)
        self._module("fourwire", FourWire=Recorder)
        self._module("displayio", release_displays=lambda: None, Group=Recorder)
        self._module("pwmio", PWMOut=Recorder)
        self._module("adafruit_st7789", ST7789=FakeDisplay)
        self._module("alarm", pin=types.SimpleNamespace(PinAlarm=Recorder),
                     light_sleep_until_alarms=lambda *a: None)
        self._module("supervisor", runtime=types.SimpleNamespace(autoreload=True), ticks_ms=FakeClock(0))
        # the drive is the computer's (boot.py did not remount it): a board's backup copy is off,
        # so nothing under test writes /yahtzee.sav on the host; set ``drive.readonly = False``
        self.drive = types.SimpleNamespace(readonly=True)
        self._module("storage", getmount=lambda path: self.drive,
                     remount=lambda *a, **k: None)

    def install(self):
        for name, module in self.modules.items():
            self.saved[name] = sys.modules.get(name)
            sys.modules[name] = module
        return self

    def remove(self):
        for name, module in self.saved.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module
        self.saved = {}

    # handles on what the board module built
    @property
    def keys(self):
        return _KEYPADS

    @property
    def analog(self):
        return _ANALOG

    @property
    def encoders(self):
        return _ENCODERS

    @property
    def pixels(self):
        return _PIXELS


def install_fakes(board_id, nvm_size=256):
    """Put fake CircuitPython modules for ``board_id`` into ``sys.modules``; returns ``Fakes``."""
    return Fakes(board_id, nvm_size).install()


# -- time and scripted input ---------------------------------------------------------------


class FakeClock:
    """``ticks_ms`` under the test's control; starts at ``start`` (small ints allocate nothing)."""

    def __init__(self, start=0):
        self.now = start

    def __call__(self):
        return self.now

    def advance(self, ms):
        self.now += ms
        return self.now


class ScriptDone(Exception):
    """``ScriptedButtons`` ran out of script (when built with ``stop=True``)."""


class ScriptedButtons:
    """A ``buttons`` object that returns a fixed script of semantic codes, one per ``poll()``.

    ``0`` (``inputs.NONE``) in the script is an idle poll. When the script ends ``poll()``
    returns ``NONE`` forever, or raises ``ScriptDone`` if ``stop`` is true (ends an app loop)."""

    ring = None
    ring_pos = 0

    def __init__(self, script=(), stop=False):
        self.script = list(script)
        self.pos = 0
        self.stop = stop
        self.injected = []

    def poll(self):
        if self.injected:
            return self.injected.pop(0)
        if self.pos < len(self.script):
            code = self.script[self.pos]
            self.pos += 1
            return code
        if self.stop:
            raise ScriptDone()
        return inputs.NONE

    def inject(self, code):
        self.injected.append(code)

    def extend(self, codes):
        self.script.extend(codes)

    @property
    def done(self):
        return self.pos >= len(self.script) and not self.injected

    def pending(self):
        return len(self.script) - self.pos + len(self.injected)

    def clear(self):
        self.injected = []

    def ring_code(self):
        return inputs.NONE

    def ring_goto(self, code):
        return False
