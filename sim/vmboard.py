"""A board double for any real board, on the pure-Python display (``sim/fbdisplay.py``): runs in
the MicroPython VM and on CPython alike (tests, tools/memory/board_memory.py, the browser build).

    from sim import vmboard
    board = vmboard.make_board("pybadge", seed=7)     # installs the displayio stand-in
    board.keys.tap(1)                                 # the board's own key 1 (A on a PyBadge)
    board.clock.advance(16)

It is the usual ``hw.base.Board`` for that board module (``hw/interface.md``): the board's screen
size and colour, ``hw.keymap.Buttons`` with the module's SHORT/LONG/REPEAT/RING tables fed from
a keypad-like event queue (``board.keys``; ``key_count`` keys, the joystick and encoder of the
real board are keys here too, numbered as in the module), a manual clock, ``SeededDice(seed)``,
``MemoryNVM`` of the board's NVM size (or the given store: pass the last board's ``storage``
to "power off" and start again), and null sound, lights and power that record the last cue."""

from hw.base import Board, Clock
from hw.keymap import Buttons
from hw.null import NullLights, NullSound
from .null_power import NullPower
from . import fbdisplay



class ScriptedButtons(Buttons):
    """``hw.keymap.Buttons`` with ``inject(code)``: a semantic code queued directly (tests,
    scripted play, the desktop's and the web page's own keys). A board's buttons have no such
    method: only its keys give codes."""

    def inject(self, code):
        self._fire(code)


class Event:
    """A ``keypad.Event`` (``get_into`` fills it)."""

    def __init__(self, key_number=0, pressed=True):
        self.key_number = key_number
        self.pressed = pressed

    @property
    def released(self):
        return not self.pressed


class EventQueue:
    """A ``keypad.EventQueue``: a preallocated ring; ``get_into`` allocates nothing."""

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

    def clear(self):
        self._count = 0
        self.overflowed = False

    def __len__(self):
        return self._count


class Keys:
    """The board's keys as one ``keypad`` scanner: ``press(n)``, ``release(n)``, ``tap(n)``."""

    def __init__(self, key_count):
        self.key_count = key_count
        self.events = EventQueue()

    def press(self, n):
        self.events.record(n, True)

    def release(self, n):
        self.events.record(n, False)

    def tap(self, n):
        self.press(n)
        self.release(n)


class ManualClock(Clock):
    """``ticks_ms()`` that moves only when told (``advance(ms)``, or set ``now``); wraps at
    2**29 like adafruit_ticks. ``date()`` is ``today`` (None: never set)."""

    def __init__(self, start=1000, today=None):
        self.now = start
        self.today = today
        self.ticks_ms = self._ticks  # the Clock interface: a function

    def _ticks(self):
        return self.now

    def advance(self, ms):
        self.now = (self.now + ms) & 0x1FFFFFFF
        return self.now

    def date(self):
        return self.today


def board_module(profile):
    """The hw module of a board (its key tables and screen)."""
    try:
        package = __import__("hw." + profile)
    except ImportError:
        raise ValueError("unknown board %r" % (profile,))
    return getattr(package, profile)


def make_board(profile, seed=None, nvm=None, keep_frame=True, today=None):
    """The board double for ``profile`` (installs the displayio stand-in first)."""
    from yahtzee_core.seeded_dice import SeededDice

    from hw.nvm import MemoryNVM

    fbdisplay.install()
    module = board_module(profile)
    clock = ManualClock(1000, today)
    keys = Keys(len(module.SHORT))
    buttons = ScriptedButtons(module.SHORT, module.LONG, module.REPEAT, module.RING, clock=clock.ticks_ms,
                      event=Event())
    buttons.add_source(keys, 0)
    display = fbdisplay.FrameBufferDisplay(module.WIDTH, module.HEIGHT, module.COLOUR, keep_frame)
    if nvm is None:
        storage = MemoryNVM(module.NVM_SIZE)
    elif isinstance(nvm, (bytes, bytearray)):
        storage = MemoryNVM(len(nvm))
        storage.data[:] = nvm
    else:
        storage = nvm
    board = Board(
        name=module.NAME,
        board_id=module.BOARD_ID,
        display=display,
        width=module.WIDTH,
        height=module.HEIGHT,
        colour=module.COLOUR,
        buttons=buttons,
        keymap_help=module.KEYMAP_HELP,
        rng=SeededDice(1 if seed is None else seed),
        storage=storage,
        storage_persistent=True,
        sound=NullSound(),
        lights=NullLights(),
        clock=clock,
        power=NullPower(display),
    )
    board.profile = module
    board.keys = keys
    board.seed = seed
    return board
