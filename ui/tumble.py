"""Rolling dice: the rolled dice tumble for a moment before they show the result.

The engine has already decided the result when the tumble starts (``App.on_event`` on
``EV_ROLLED``); the tumble is only drawing: the faces shown meanwhile come from the clock and
the die's place, never from the game's RNG. Held dice stay still. While it runs the app queues
the player's presses (``push``/``pop``) and hands them over when the dice have stopped, and the
computer seats wait.

    tumble.start(rolled_mask, now)   # on a roll, when Settings' "Rolling dice" is on
    tumble.tick(now)                 # every frame; True on the frame it ends
    tumble.face(i)                   # the face die i shows now (0: not tumbling)

Preallocated; nothing here allocates per frame."""

from yahtzee_core.compat import const

TUMBLE_MS = const(400)  # how long the dice tumble (the toy's rattle is about that)
STEP_MS = const(60)  # a tumbling die shows a new face this often
_QUEUE = const(16)  # presses kept while the dice tumble (the app polls at most 8 a frame)
# How far the faces turn at each step (1..5 of 6: every die shows a new face every step). All
# dice turn together from different faces, so the tumbling dice never show the same face.
_JUMPS = b"\x03\x01\x04\x02\x05\x03\x02\x04"


class Tumble:
    """The tumble's state and the presses that wait for it."""

    def __init__(self, ms=TUMBLE_MS, step_ms=STEP_MS):
        self.ms = ms  # configurable: App(tumble_ms=...) or set it before a roll
        self.step_ms = step_ms
        self.mask = 0  # dice tumbling now (bit i: die i); 0: no tumble
        self.started = 0
        self.step = 0  # face changes so far
        self.turned = 0  # the faces' common turn (0..5) after ``step`` steps
        self.seed = 0
        self.count = 0  # tumbles started (tests, tools)
        self._queue = bytearray(_QUEUE)
        self._head = 0
        self._n = 0

    @property
    def active(self):
        return self.mask != 0

    def start(self, mask, now):
        mask &= 0x1F
        if mask == 0 or self.ms <= 0:
            return
        self.mask = mask
        self.started = now
        self.step = 0
        self.turned = 0
        self.seed = now % 6  # where each die's tumble starts: drawing only, not the game's dice
        self.count += 1

    def stop(self):
        self.mask = 0

    def tick(self, now):
        """Advance the faces; at the end stop and return True (the screen shows the result)."""
        if self.mask == 0:
            return False
        elapsed = ((now - self.started + 0x10000000) & 0x1FFFFFFF) - 0x10000000
        if elapsed >= self.ms or elapsed < 0:
            self.mask = 0
            return True
        step = elapsed // self.step_ms
        while self.step < step:
            self.turned = (self.turned + _JUMPS[self.step % len(_JUMPS)]) % 6
            self.step += 1
        return False

    def face(self, i):
        """The face die ``i`` shows this frame (1..6), 0 when it is not tumbling."""
        if not (self.mask >> i) & 1:
            return 0
        return 1 + (self.seed + i + self.turned) % 6

    # -- presses that wait for the dice --------------------------------------------------------
    def push(self, code):
        """Keep a press for later; False when the queue is full (it then is dropped)."""
        if self._n >= _QUEUE:
            return False
        self._queue[(self._head + self._n) % _QUEUE] = code
        self._n += 1
        return True

    def pop(self):
        """The oldest kept press, or -1."""
        if self._n == 0:
            return -1
        code = self._queue[self._head]
        self._head = (self._head + 1) % _QUEUE
        self._n -= 1
        return code

    def waiting(self):
        return self._n

    def clear(self):
        self._n = 0
        self._head = 0
