"""Allocation and speed figures of the core's hot paths, for the MicroPython VM (also runs on CPython).

    node tools/mpy_runner/run.mjs tools/reports/core_alloc_report.py     # the real figures
    python tools/reports/core_alloc_report.py                             # CPython: timings only

Prints, per workload, the gc.mem_alloc() delta and whether it survives micropython.heap_lock()."""

import gc
import sys
import time

sys.path.insert(0, "host_tests/core")
sys.path.insert(0, ".")

from yahtzee_core import engine as E
from yahtzee_core import rules
from yahtzee_core.seeded_dice import SeededDice
from test_engine_alloc import _score_every_box, _play_turns

try:
    import micropython

    LOCK = getattr(micropython, "heap_lock", None)
    UNLOCK = getattr(micropython, "heap_unlock", None)
except ImportError:
    LOCK = UNLOCK = None


def ms():
    if hasattr(time, "ticks_ms"):
        return time.ticks_ms()
    return int(time.perf_counter() * 1000)


def measure(label, fn, *args):
    fn(*args)  # warm up (first-use caches)
    gc.collect()
    before = gc.mem_alloc() if hasattr(gc, "mem_alloc") else None
    t0 = ms()
    fn(*args)
    elapsed = ms() - t0
    delta = gc.mem_alloc() - before if before is not None else None
    locked = "n/a"
    if LOCK:
        gc.collect()
        LOCK()
        try:
            fn(*args)
            locked = "ok"
        except MemoryError:
            locked = "MemoryError"
        finally:
            UNLOCK()
    print("%-46s mem_alloc delta %6s B  heap_lock %-11s %6d ms" % (label, delta, locked, elapsed))


def main():
    print("implementation:", sys.implementation.name)
    for name, joker in (("yahtzee", "forced"), ("yahtzee", "free"), ("yatzy", None), ("yacht", None)):
        rs = rules.get(name, joker)
        measure("10,000 rolls x every box (%s/%s)" % (name, joker), _score_every_box, rs, SeededDice(1), bytearray(7),
                10000)
    for name, joker, seats, dup in (("yahtzee", "forced", 2, False), ("yahtzee", "free", 4, True), ("yatzy", None, 1,
                                                                                                    False)):
        game = E.Game(rules.get(name, joker), SeededDice(2), seats=seats, duplicate=dup)
        measure("1,000 turns of actions (%s, %d seats%s)" % (name, seats, ", dup" if dup else ""), _play_turns, game,
                SeededDice(3), 1000)


main()
