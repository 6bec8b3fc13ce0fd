"""CircuitPython's hardware modules as small fakes that run in the MicroPython VM, so a board
module's real ``make_board`` runs there (tools/memory/mp_board_memory.py): its own modules' code, its
Python objects and the real library it loads (the Pico's adafruit_st7789)
are measured, not guessed. sim/testing.py does the same for CPython tests; this one uses only what
MicroPython has (objects in ``sys.modules`` stand for modules).

    fakes = vmhardware.install("macropad")   # before anything imports board, keypad...
    board = hw.macropad.make_board()         # the board module's own make_board
    fakes.made                               # fake C objects made since install

Each fake C object holds a ``bytearray`` of the heap bytes CircuitPython 10's object and its
buffers take on a 32-bit port (the ``*_BYTES`` figures: the struct rounded up to 16-byte heap blocks, plus
the buffers its constructor allocates; from the headers cited there), so what a board holds in
its heap for them is in the figure; the fake's own Python object is not (``BARE``: measure one
``bare()`` and subtract it per object made). Pins, ``board.DISPLAY``, ``microcontroller.nvm``
and display buses are static C objects on a board (no heap): made by ``install``, before
anything is measured."""

import sys

from sim import board_table

# Heap bytes of each C object with the buffers its constructor allocates (CircuitPython 10 at
# cd3da4a5, 32-bit; 16-byte blocks). keypad: shared-module/keypad/{Keys,ShiftRegisterKeys,
# EventQueue,Event,__init__}.h/.c (the scanner 48 B, its debounce counters, its EventQueue 32 B
# and ring buffer of max_events (64) x 6 B, a DigitalInOut (16 B) per pin in a tuple);
# rotaryio, audiopwmio, pwmio, digitalio: ports/raspberrypi/common-hal/*/*.h (the encoder keeps
# a PIO state machine inside); audiocore/RawSample.h. Within a block or two of the real sizes.
EVENT_BYTES = 16
DIGITAL_IN_OUT_BYTES = 16
EVENT_QUEUE_BYTES = 32 + 384
ANALOG_IN_BYTES = 16
ENCODER_BYTES = 128
RAW_SAMPLE_BYTES = 32
AUDIO_OUT_BYTES = 144
PWM_OUT_BYTES = 32
SPI_BYTES = 48


def blocks(n):
    return (n + 15) // 16 * 16


def keys_bytes(pins):
    return (48 + blocks(pins) + blocks(8 + 4 * pins) + pins * DIGITAL_IN_OUT_BYTES
            + EVENT_QUEUE_BYTES)


def shift_keys_bytes(keys):
    # clock and latch pins, the data pins' tuple and pin, key counts, debounce counters
    return (80 + 2 * DIGITAL_IN_OUT_BYTES + 16 + DIGITAL_IN_OUT_BYTES + 16 + blocks(keys)
            + EVENT_QUEUE_BYTES)


class Fakes:
    """What ``install`` made: the fake modules and a count of fake C objects made since."""

    def __init__(self):
        self.made = 0


FAKES = Fakes()


class CObject:
    """A fake C object holding ``nbytes`` of heap, as its CircuitPython object does."""

    def __init__(self, nbytes=0):
        FAKES.made += 1
        self._c = bytearray(nbytes)

    def deinit(self):
        pass


def bare():
    """One fake C object of no bytes (its Python overhead is measured on it)."""
    FAKES.made -= 1  # not one the board made
    return CObject(0)


class Module:
    """Stands for a module in ``sys.modules``."""


class Pin:
    def __init__(self, name):
        self.name = name


class Display:
    """``board.DISPLAY`` or a ``BusDisplay``: size, refresh and brightness (static on a board)."""

    def __init__(self, width, height, *args, **kwargs):
        self.width = width
        self.height = height
        self.auto_refresh = True
        self.brightness = 1.0
        self.root_group = None

    def refresh(self, *args, **kwargs):
        return True


class Event(CObject):
    def __init__(self, key_number=0, pressed=True):
        super().__init__(EVENT_BYTES)
        self.key_number = key_number
        self.pressed = pressed


class EventQueue:
    def get_into(self, event):
        return False

    def clear(self):
        pass


class Keys(CObject):
    def __init__(self, pins, value_when_pressed=False, pull=True, **kwargs):
        super().__init__(keys_bytes(len(pins)))
        self.key_count = len(pins)
        self.events = EventQueue()


class ShiftRegisterKeys(CObject):
    def __init__(self, clock=None, data=None, latch=None, key_count=8, **kwargs):
        super().__init__(shift_keys_bytes(key_count))
        self.key_count = key_count
        self.events = EventQueue()


class DigitalInOut(CObject):
    def __init__(self, pin):
        super().__init__(DIGITAL_IN_OUT_BYTES)
        self.value = False
        self.direction = None

    def switch_to_output(self, value=False, **kwargs):
        self.value = value


class AnalogIn(CObject):
    def __init__(self, pin):
        super().__init__(ANALOG_IN_BYTES)
        self.value = 32768


class IncrementalEncoder(CObject):
    def __init__(self, a, b, divisor=4):
        super().__init__(ENCODER_BYTES)
        self.position = 0


class RawSample(CObject):
    def __init__(self, buffer, sample_rate=8000, **kwargs):
        super().__init__(RAW_SAMPLE_BYTES)
        self.buffer = buffer


class AudioOut(CObject):
    def __init__(self, pin, **kwargs):
        super().__init__(AUDIO_OUT_BYTES)
        self.playing = False

    def play(self, sample, loop=False):
        self.playing = True

    def stop(self):
        self.playing = False


class PWMOut(CObject):
    def __init__(self, pin, duty_cycle=0, frequency=500, **kwargs):
        super().__init__(PWM_OUT_BYTES)
        self.duty_cycle = duty_cycle


class SPI(CObject):
    def __init__(self, clock, MOSI=None, MISO=None):
        super().__init__(SPI_BYTES)


class FourWire:
    """A display bus: static on a board (``display_buses``)."""

    def __init__(self, spi, **kwargs):
        self.spi = spi


class Nvm:
    """``microcontroller.nvm``: static on a board, RAM here (read as erased)."""

    def __init__(self, size):
        self._bytes = bytearray(b"\xff" * size)

    def __len__(self):
        return len(self._bytes)

    def __getitem__(self, i):
        return self._bytes[i]

    def __setitem__(self, i, value):
        self._bytes[i] = value


# each board's pins, its board.DISPLAY's size and its NVM bytes: sim/board_table.py
PINS = board_table.column(board_table.PINS)
DISPLAYS = board_table.column(board_table.DISPLAY)
NVM_BYTES = board_table.column(board_table.NVM_BYTES)


def ticks_ms():
    """``supervisor.ticks_ms``: milliseconds, wrapping at 2**29."""
    import time

    if hasattr(time, "ticks_ms"):  # the VMs
        return time.ticks_ms() & 0x1FFFFFFF
    return int(time.monotonic() * 1000) & 0x1FFFFFFF  # CPython (tools/memory/tour.py's dry run)


def module(**members):
    m = Module()
    for name in members:
        setattr(m, name, members[name])
    return m


def install(profile):
    """Fake ``board``, ``keypad``, ``digitalio``, ``analogio``, ``rotaryio``, ``audiocore``,
    ``audioio``, ``audiopwmio``, ``pwmio``, ``busio``, ``fourwire``, ``busdisplay``,
    ``displayio.release_displays``, ``neopixel_write``, ``microcontroller``
    and ``supervisor.ticks_ms`` for ``profile``'s make_board; returns ``FAKES``. ``displayio`` must be
    installed already (sim/fbdisplay.py): only ``release_displays`` is added to it."""
    board = Module()
    for name in PINS[profile]:
        setattr(board, name, Pin(name))
    if profile in DISPLAYS:
        board.DISPLAY = Display(*DISPLAYS[profile])
    fakes = {
        "board": board,
        "keypad": module(Event=Event, EventQueue=EventQueue, Keys=Keys,
                         ShiftRegisterKeys=ShiftRegisterKeys),
        "digitalio": module(DigitalInOut=DigitalInOut, Direction=module(OUTPUT=1, INPUT=0),
                            Pull=module(UP=1, DOWN=2)),
        "analogio": module(AnalogIn=AnalogIn),
        "rotaryio": module(IncrementalEncoder=IncrementalEncoder),
        "audiocore": module(RawSample=RawSample),
        "audioio": module(AudioOut=AudioOut),
        "audiopwmio": module(PWMAudioOut=AudioOut),
        "pwmio": module(PWMOut=PWMOut),
        "busio": module(SPI=SPI),
        "fourwire": module(FourWire=FourWire),
        "busdisplay": module(BusDisplay=BusDisplay),
        "neopixel_write": module(neopixel_write=neopixel_write),
        "microcontroller": module(nvm=Nvm(NVM_BYTES[profile])),
        "supervisor": module(ticks_ms=ticks_ms),
    }
    for name in fakes:
        sys.modules[name] = fakes[name]
    displayio = sys.modules.get("displayio")
    if displayio is not None and not hasattr(displayio, "release_displays"):
        displayio.release_displays = release_displays
    FAKES.made = 0
    return FAKES


class BusDisplay(Display):
    """``busdisplay.BusDisplay`` (adafruit_st7789.ST7789 subclasses it): static on a board."""

    def __init__(self, bus, init_sequence, width=0, height=0, **kwargs):
        super().__init__(width, height)


def neopixel_write(pin, buf):
    pass


def release_displays():
    pass
