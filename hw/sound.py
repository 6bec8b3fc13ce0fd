"""Sound cues and a non-blocking tone player.

``CUES`` maps a cue name to a flat tuple of (frequency Hz, milliseconds) steps; 0 Hz is a
rest. ``ToneSound`` plays them on a board with one looping sine ``audiocore.RawSample``,
changing its ``sample_rate`` per step (``simpleio.tone()`` would block the game loop); the
app calls ``update(now_ms)`` every frame to advance steps."""

from yahtzee_core.compat import const

CUES = {
    "roll": (196, 25, 0, 15, 262, 25, 0, 15, 330, 25),
    # the dice tumbling (ui/tumble.py, about 400 ms): clicks that slow down as they settle
    "rattle": (1200, 8, 0, 30, 900, 8, 0, 40, 1400, 8, 0, 45, 1000, 8, 0, 60, 1300, 8, 0, 70, 800, 10,
               0, 80, 700, 12),
    "hold": (880, 30),
    "score": (523, 60, 784, 90),
    "bonus": (523, 70, 659, 70, 784, 70, 1047, 160),
    "yahtzee": (523, 90, 659, 90, 784, 90, 1047, 90, 0, 40, 784, 90, 1047, 260),
    "game_over": (784, 150, 659, 150, 523, 150, 392, 320),
    "strike": (147, 180, 0, 40, 110, 260),
    "tick": (1568, 12),
    "defuse": (659, 80, 988, 80, 1319, 200),
    "refuse": (110, 70),
}

SINE_LEN = const(16)  # samples in one cycle of the looping sine


class ToneSound:
    """Cues on a board speaker: ``play(name)`` starts a cue, ``update(now)`` steps it."""

    def __init__(self, audio_out, sample, clock):
        self.audio = audio_out
        self.sample = sample  # audiocore.RawSample holding one sine cycle
        self.clock = clock
        self.muted = False
        self.last = None
        self.enable = None  # the speaker's enable pin (digitalio), kept claimed
        self._steps = None
        self._step = 0
        self._until = 0

    def play(self, name):
        self.last = name
        steps = CUES.get(name)
        if self.muted or steps is None:
            return
        self._steps = steps
        self._step = 0
        self._start(self.clock())

    def update(self, now_ms):
        if self._steps is None:
            return
        if ((now_ms - self._until) & 0x1FFFFFFF) < 0x10000000:  # ticks_diff >= 0
            self._step += 2
            if self._step >= len(self._steps):
                self.stop()
            else:
                self._start(now_ms)

    def stop(self):
        self._steps = None
        self.audio.stop()

    def _start(self, now):
        freq = self._steps[self._step]
        self._until = (now + self._steps[self._step + 1]) & 0x1FFFFFFF
        self.audio.stop()
        if freq:
            self.sample.sample_rate = freq * SINE_LEN
            self.audio.play(self.sample, loop=True)
