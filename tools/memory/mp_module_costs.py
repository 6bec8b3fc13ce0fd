"""Runs inside the MicroPython VM for tools/board_memory.py: the heap each module's code takes
when loaded from .mpy (bytecode, constants, names, functions, classes, module table).

    argv: comma-separated modules, each after the project modules it imports; optionally a
    spacer size (zeroed bytes allocated first: every object above it; see tools/board_memory.py)
    and a board (its hardware modules faked, sim/vmhardware.py: the libraries its make_board
    loads import them)

Prints ``COST module bytes`` per module (live heap after a collection, before and after the
import; this port collects only between top-level calls, so each import is its own step)."""

import gc
import sys


SPACER = None


def measure():
    global SPACER
    if len(sys.argv) > 2:
        SPACER = bytearray(int(sys.argv[2]))
    from sim import fbdisplay  # ui/ imports displayio: the stand-in, loaded first and not counted

    fbdisplay.install()
    if len(sys.argv) > 3:
        from sim import vmhardware

        vmhardware.install(sys.argv[3])
    gc.collect()
    yield
    last = gc.mem_alloc()
    for name in sys.argv[1].split(","):
        __import__(name)
        gc.collect()
        yield
        now = gc.mem_alloc()
        print("COST %s %d" % (name, now - last))
        last = now


VM_STEPS = measure()
