"""hw/keymap.py: short/long presses, repeat, the command ring, and an allocation-free poll."""

import tracemalloc

from hw import inputs as I
from hw.keymap import FULL_RING, RING_DO, RING_NEXT, RING_PREV
from hw.macropad import EncoderKeys
from sim.testing import FakeClock, FakeEvent, FakeKeys
from sim.vmboard import ScriptedButtons


def make(short, long=b"", repeat=b"", ring=None):
    clock = FakeClock()
    keys = FakeKeys(pins=tuple(range(len(short))))
    b = ScriptedButtons(short, long, repeat, ring, clock=clock, event=FakeEvent())
    b.add_source(keys, 0)
    return b, keys, clock


def drain(b):
    out = []
    code = b.poll()
    while code:
        out.append(code)
        code = b.poll()
    return out


def test_short_key_fires_on_press_once():
    b, keys, clock = make(bytes((I.ROLL, I.ENTER)))
    keys.press(0)
    assert drain(b) == [I.ROLL]
    clock.advance(2000)
    assert drain(b) == []  # no repeat, no long code
    keys.release(0)
    assert drain(b) == []


def test_long_key_short_press_fires_on_release():
    b, keys, clock = make(bytes((I.MENU,)), bytes((I.NEW_GAME,)))
    keys.press(0)
    assert drain(b) == []
    clock.advance(b.long_ms - 1)
    assert drain(b) == []
    keys.release(0)
    assert drain(b) == [I.MENU]


def test_long_press_fires_long_code_once_and_release_is_silent():
    b, keys, clock = make(bytes((I.MENU,)), bytes((I.NEW_GAME,)))
    keys.press(0)
    drain(b)
    clock.advance(b.long_ms)
    assert drain(b) == [I.NEW_GAME]
    clock.advance(5000)
    assert drain(b) == []
    keys.release(0)
    assert drain(b) == []


def test_repeat_starts_after_delay_then_every_interval():
    b, keys, clock = make(bytes((I.DOWN,)), repeat=b"\x01")
    keys.press(0)
    assert drain(b) == [I.DOWN]
    clock.advance(b.repeat_delay_ms - 1)
    assert drain(b) == []
    clock.advance(1)
    assert drain(b) == [I.DOWN]
    clock.advance(b.repeat_ms - 1)
    assert drain(b) == []
    clock.advance(1)
    assert drain(b) == [I.DOWN]
    keys.release(0)
    clock.advance(1000)
    assert drain(b) == []


def test_ring_next_prev_do_and_goto():
    b, keys, clock = make(bytes((RING_NEXT, RING_DO, RING_PREV)), ring=FULL_RING)
    assert b.ring_code() == FULL_RING[0]
    keys.tap(1)
    assert drain(b) == [FULL_RING[0]]
    keys.tap(0)
    keys.tap(0)
    assert drain(b) == []  # stepping emits nothing; the screen reads ring_pos
    assert b.ring_pos == 2 and b.ring_code() == FULL_RING[2]
    keys.tap(1)
    assert drain(b) == [FULL_RING[2]]
    keys.tap(2)
    keys.tap(2)
    keys.tap(2)
    drain(b)
    assert b.ring_pos == len(FULL_RING) - 1  # wrapped backwards
    keys.tap(0)
    drain(b)
    assert b.ring_pos == 0  # and forwards
    assert b.ring_goto(I.ENTER) and b.ring_code() == I.ENTER
    assert not b.ring_goto(I.MENU)  # MENU is never in the ring: boards give it a long press
    assert b.ring_code() == I.ENTER


def test_full_ring_holds_every_action_but_menu():
    wanted = set(range(I.HOLD_1, I.UNDO + 1)) - {I.MENU, I.WAKE}  # WAKE is never sent by a key
    assert set(FULL_RING) == wanted
    assert len(FULL_RING) == len(set(FULL_RING))


def test_ring_controls_without_ring_do_nothing():
    b, keys, clock = make(bytes((RING_NEXT, RING_DO)))
    keys.tap(0)
    keys.tap(1)
    assert drain(b) == []
    assert b.ring_code() == I.NONE and not b.ring_goto(I.ROLL)


def test_inject_and_queue_overflow_keeps_first_codes():
    b, keys, clock = make(bytes((I.ROLL,)))
    for i in range(40):
        b.inject(I.HOLD_1 + i % 5)
    out = drain(b)
    assert out == [I.HOLD_1 + i % 5 for i in range(16)]


def test_clear_forgets_queue_and_swallows_release_of_held_key():
    b, keys, clock = make(bytes((I.MENU,)), bytes((I.NEW_GAME,)))
    b.inject(I.ROLL)
    keys.press(0)
    b.poll()  # reads the press (and returns the injected ROLL)
    assert b.any_down()
    b.clear()
    keys.release(0)
    assert drain(b) == []
    assert not b.any_down()


def test_out_of_range_key_is_ignored():
    b, keys, clock = make(bytes((I.ROLL,)))
    keys.press(7)
    assert drain(b) == []


def test_encoder_detents_become_up_and_down():
    class Enc:
        position = 0

    enc = Enc()
    b, keys, clock = make(bytes((I.ENTER, I.UP, I.DOWN)))
    b.add_poller(EncoderKeys(enc, 1))
    enc.position = 2
    assert drain(b) == [I.DOWN, I.DOWN]
    enc.position = -1
    assert drain(b) == [I.UP, I.UP, I.UP]


def _peak_during(fn, n):
    """Bytes allocated at the peak while calling fn n times, above what measuring costs."""

    def nothing():
        pass

    def peak(f):
        tracemalloc.start()
        try:
            f()  # warm up (first calls may cache)
            tracemalloc.reset_peak()
            base = tracemalloc.get_traced_memory()[0]
            for _ in range(n):
                f()
            return tracemalloc.get_traced_memory()[1] - base
        finally:
            tracemalloc.stop()

    return peak(fn) - peak(nothing)


def test_peak_measure_sees_a_small_allocation():
    assert _peak_during(lambda: (lambda: None), 5) > 0  # a closure: about 150 bytes


def test_poll_allocates_nothing():
    """Every poll path on CPython: idle, press, release, long press, repeat, ring, encoder.
    The fake clock stays below 257 so CPython's ints are its cached small ints, as ints
    are on a board; any list, tuple, iterator, bound method or string would show here."""
    class Enc:
        position = 0

    enc = Enc()
    b, keys, clock = make(bytes((I.ROLL, I.MENU, I.DOWN, RING_NEXT, RING_DO, I.UP, I.DOWN)),
                          bytes((0, I.NEW_GAME)), bytes((0, 0, 1)), ring=FULL_RING)
    b.add_poller(EncoderKeys(enc, 5))
    b.long_ms, b.repeat_delay_ms, b.repeat_ms = 30, 20, 5
    def one_round():
        clock.now = 0
        keys.press(0)
        b.poll()
        keys.release(0)
        b.poll()
        keys.press(1)
        clock.now = 10
        b.poll()
        clock.now = 45  # long press fires
        b.poll()
        keys.release(1)
        b.poll()
        keys.press(2)
        clock.now = 50
        b.poll()
        clock.now = 75  # repeat
        b.poll()
        clock.now = 81
        b.poll()
        keys.release(2)
        keys.tap(3)
        keys.tap(4)
        b.poll()
        enc.position = 1
        b.poll()
        enc.position = 0
        b.poll()
        while b.poll():
            pass
        b.poll()  # idle

    assert _peak_during(one_round, 50) == 0
