"""Run inside the MicroPython VM (tools/mpy_runner/run.mjs --mount hw): every poll path of
hw.keymap.Buttons (with the MacroPad's encoder and the PyGamer's stick), and the per-frame sound and lights
calls, under micropython.heap_lock(), so
any heap allocation raises MemoryError.
Prints "heap-locked polls: N" and exits 0; test_keymap.py runs it."""

import micropython

from hw import inputs as I
from hw.keymap import FULL_RING, RING_DO, RING_NEXT, Buttons
from hw.macropad import EncoderKeys

NOW = [0]


def clock():
    return NOW[0]


class Event:
    def __init__(self):
        self.key_number = 0
        self.pressed = False


class Queue:
    """Preallocated like keypad's EventQueue."""

    def __init__(self):
        self.keys = bytearray(32)
        self.down = bytearray(32)
        self.head = 0
        self.count = 0

    def record(self, k, pressed):
        i = (self.head + self.count) & 31
        self.keys[i] = k
        self.down[i] = 1 if pressed else 0
        self.count += 1

    def get_into(self, ev):
        if not self.count:
            return False
        ev.key_number = self.keys[self.head]
        ev.pressed = self.down[self.head] == 1
        self.head = (self.head + 1) & 31
        self.count -= 1
        return True


class Scanner:
    def __init__(self):
        self.events = Queue()
        self.key_count = 7


class Encoder:
    def __init__(self):
        self.position = 0


scanner = Scanner()
enc = Encoder()
b = Buttons(bytes((I.ROLL, I.MENU, I.DOWN, RING_NEXT, RING_DO, I.UP, I.DOWN)),
            bytes((0, I.NEW_GAME)), bytes((0, 0, 1)), FULL_RING, clock=clock, event=Event())
b.add_source(scanner, 0)
b.add_poller(EncoderKeys(enc, 5))
q = scanner.events
polls = 0
got = bytearray(64)
n = 0


def at(t):
    NOW[0] = t


micropython.heap_lock()
try:
    for rnd in range(20):
        base = rnd * 1000
        at(base)
        q.record(0, True)
        got[n] = b.poll()
        n += 1
        q.record(0, False)
        b.poll()
        q.record(1, True)
        b.poll()
        at(base + 700)  # long press: NEW_GAME
        got[n] = b.poll()
        n += 1
        q.record(1, False)
        b.poll()
        q.record(2, True)
        got[n] = b.poll()
        n += 1
        at(base + 1100)  # repeat
        got[n] = b.poll()
        n += 1
        q.record(2, False)
        q.record(3, True)
        q.record(3, False)
        q.record(4, True)
        q.record(4, False)
        got[n] = b.poll()  # the ring's second item
        n += 1
        enc.position += 1
        got[n] = b.poll()
        n += 1
        b.ring_goto(I.ROLL)
        b.poll()
        polls += 10
        if n > 50:
            n = 0
finally:
    micropython.heap_unlock()

# the PyGamer's stick (hw.pygamer.AxisKeys), polled as its Buttons poll it every frame
from hw.pygamer import AxisKeys


class Axis:
    def __init__(self):
        self.value = 32768


stick_x = Axis()
stick_y = Axis()
s = Buttons(bytes((I.ROLL, I.ENTER, I.MENU, I.HINT, 0, 0, 0, 0, I.LEFT, I.RIGHT, I.UP, I.DOWN)),
            bytes((0, 0, I.NEW_GAME, I.SOUND)), bytes((0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1)), None,
            clock=clock, event=Event())
s.add_poller(AxisKeys(stick_x, stick_y, 8))
stick = bytearray(8)
k = 0
micropython.heap_lock()
try:
    for rnd in range(20):
        at(30000 + rnd * 1000)
        stick_x.value = 64000 if rnd & 1 else 1000
        stick[k] = s.poll()
        stick_x.value = 32768
        s.poll()
        stick_y.value = 1000
        stick[k + 1] = s.poll()
        stick_y.value = 32768
        s.poll()
        k = (k + 2) & 7
        polls += 4
finally:
    micropython.heap_unlock()
assert bytes(stick[:4]) == bytes((I.LEFT, I.UP, I.RIGHT, I.UP)), bytes(stick)

# the sound and lights that run every frame: ToneSound.update/play, PixelLights.show_held
from hw.parts import PixelLights
from hw.sound import ToneSound


class Audio:
    def __init__(self):
        self.playing = False

    def play(self, sample, loop=False):
        self.playing = True

    def stop(self):
        self.playing = False


class Sample:
    def __init__(self):
        self.sample_rate = 8000


class Strip:
    """``neopixel_write``: counts the writes (a real one shifts the bytes out in C)."""

    def __init__(self):
        self.shows = 0

    def write(self, pin, buf):
        self.shows += 1


audio = Audio()
snd = ToneSound(audio, Sample(), clock)
strip = Strip()
lights = PixelLights(strip.write, None, 5, (0, 1, 2, 3, 4))
at(0)
micropython.heap_lock()
try:
    for rnd in range(20):
        at(rnd * 1000)
        snd.play("yahtzee")
        t = 0
        while t < 900:
            snd.update(rnd * 1000 + t)
            t += 10
        lights.show_held(rnd & 31)
finally:
    micropython.heap_unlock()
assert not audio.playing and strip.shows == 20

assert bytes(got[:6]) == bytes((I.ROLL, I.NEW_GAME, I.DOWN, I.DOWN, FULL_RING[1], I.DOWN)), bytes(got[:6])
print("heap-locked polls:", polls)
