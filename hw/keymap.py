"""Key numbers to semantic inputs, shared by every board and the desktop.

A board describes its keys as three byte strings indexed by key number: the code a short
press gives, the code a long press gives (0: none, the key fires on press) and whether the
key repeats while held. Codes are ``hw.inputs`` codes or the command-ring controls below.

Boards with two or three buttons reach every action through a command ring: one key steps
through ``ring`` (shown on screen), another does the current item. ``ring_pos`` tells the
screen which item to show; ``ring_goto(code)`` lets the screen jump to a useful item.

Nothing here allocates per ``poll()``: one reused event object, preallocated buffers, while
loops over small ints. It runs on CPython, MicroPython and CircuitPython."""

from yahtzee_core.compat import const

from . import inputs

RING_NEXT = const(0x80)  # step the command ring forward
RING_PREV = const(0x81)  # step it back
RING_DO = const(0x82)  # emit the current ring item

LONG_MS = const(600)  # held this long: a long press
REPEAT_DELAY_MS = const(400)  # a repeating key starts repeating after this
REPEAT_MS = const(120)  # then repeats this often

# The ring every few-button board uses: the turn's actions first, rare ones last.
FULL_RING = bytes((
    inputs.ROLL, inputs.HOLD_1, inputs.HOLD_2, inputs.HOLD_3, inputs.HOLD_4, inputs.HOLD_5,
    inputs.DOWN, inputs.UP, inputs.ENTER, inputs.LEFT, inputs.RIGHT, inputs.HINT,
    inputs.UNDO, inputs.SOUND, inputs.NEW_GAME,
))

_UP = const(0)  # key states
_HELD = const(1)  # fired on press; may repeat
_WAIT = const(2)  # has a long code: short or long decided later
_SPENT = const(3)  # long press fired; the release does nothing
_QUEUE = const(16)  # codes waiting to be read (a power of two)
_TICKS_MASK = const(0x1FFFFFFF)  # adafruit_ticks wraps at 2**29


class Buttons:
    """Semantic inputs from key events: short/long press, repeat, command ring.

    ``short``, ``long``, ``repeat``: bytes indexed by key number (``long``/``repeat`` may be
    shorter: missing keys have no long press / no repeat). ``clock``: a ``ticks_ms``
    function. ``event``: one reused ``keypad.Event`` for ``add_source`` queues."""

    def __init__(self, short, long=b"", repeat=b"", ring=None, clock=None, event=None):
        n = len(short)
        self.short = bytes(short)
        self.long = bytes(long) + bytes(n - len(long))
        self.repeat = bytes(repeat) + bytes(n - len(repeat))
        self.ring = bytes(ring) if ring else None
        self.ring_pos = 0
        self.clock = clock
        self.event = event
        self.long_ms = LONG_MS
        self.repeat_delay_ms = REPEAT_DELAY_MS
        self.repeat_ms = REPEAT_MS
        self._state = bytearray(n)
        self._since = [0] * n  # ticks of the press (or of the last repeat)
        self._queue = bytearray(_QUEUE)
        self._head = 0
        self._count = 0
        self._sources = ()  # type: tuple  # ((keypad scanner, first key number), ...)
        self._pollers = ()  # type: tuple  # objects with update(buttons, now)

    def add_source(self, scanner, first_key=0):
        """Read the events of ``scanner`` (``keypad.Keys``...) as keys ``first_key``..."""
        self._sources = self._sources + ((scanner, first_key),)

    def add_poller(self, poller):
        """Call ``poller.update(buttons, now)`` on every poll (joystick, encoder)."""
        self._pollers = self._pollers + (poller,)

    # -- reading --------------------------------------------------------------------------
    def poll(self):
        """The next semantic input code, or ``inputs.NONE``."""
        now = self.clock()
        ev = self.event
        sources = self._sources
        i = 0
        while i < len(sources):
            src = sources[i]
            events = src[0].events
            while events.get_into(ev):
                self.key(src[1] + ev.key_number, ev.pressed, now)
            i += 1
        pollers = self._pollers
        i = 0
        while i < len(pollers):
            pollers[i].update(self, now)
            i += 1
        self._check_held(now)
        return self._take()

    def pending(self):
        """How many codes wait in the queue."""
        return self._count

    def any_down(self):
        """True while any key is held."""
        state = self._state
        i = 0
        while i < len(state):
            if state[i] != _UP:
                return True
            i += 1
        return False

    def clear(self):
        """Drop queued codes and forget held keys (after waking or a screen change)."""
        self._count = 0
        state = self._state
        i = 0
        while i < len(state):
            if state[i] != _UP:
                state[i] = _SPENT
            i += 1

    # -- feeding --------------------------------------------------------------------------
    def key(self, k, pressed, now):
        """Key ``k`` went down (``pressed``) or up at ``now`` ticks."""
        if k >= len(self._state):
            return
        state = self._state[k]
        if pressed:
            if state != _UP:
                return
            self._since[k] = now
            if self.long[k]:
                self._state[k] = _WAIT
            else:
                self._state[k] = _HELD
                self._fire(self.short[k])
        else:
            self._state[k] = _UP
            if state == _WAIT:
                self._fire(self.short[k] or inputs.TAPPED)  # a hold-only key tapped: say so

    def _check_held(self, now):
        state = self._state
        k = 0
        while k < len(state):
            s = state[k]
            if s == _WAIT:
                if (now - self._since[k]) & _TICKS_MASK >= self.long_ms:
                    state[k] = _SPENT
                    self._fire(self.long[k])
            elif s == _HELD and self.repeat[k]:
                if (now - self._since[k]) & _TICKS_MASK >= self.repeat_delay_ms:
                    # next repeat one interval from now: pretend the press was that long ago
                    self._since[k] = (now - self.repeat_delay_ms + self.repeat_ms) & _TICKS_MASK
                    self._fire(self.short[k])
            k += 1

    def _fire(self, code):
        if code == RING_NEXT or code == RING_PREV:
            ring = self.ring
            if ring:
                step = 1 if code == RING_NEXT else len(ring) - 1
                self.ring_pos = (self.ring_pos + step) % len(ring)
            return
        if code == RING_DO:
            if not self.ring:
                return
            code = self.ring[self.ring_pos]
        if code == inputs.NONE or self._count >= _QUEUE:
            return
        self._queue[(self._head + self._count) & (_QUEUE - 1)] = code
        self._count += 1

    def _take(self):
        if not self._count:
            return inputs.NONE
        code = self._queue[self._head]
        self._head = (self._head + 1) & (_QUEUE - 1)
        self._count -= 1
        return code

    # -- command ring ---------------------------------------------------------------------
    def ring_code(self):
        """The ring item the do-key would emit now (``inputs.NONE`` without a ring)."""
        return self.ring[self.ring_pos] if self.ring else inputs.NONE

    def ring_goto(self, code):
        """Move the ring to ``code`` if it is in the ring; True if it is."""
        ring = self.ring
        if not ring:
            return False
        i = 0
        while i < len(ring):
            if ring[i] == code:
                self.ring_pos = i
                return True
            i += 1
        return False
