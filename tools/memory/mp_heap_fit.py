"""Runs inside MicroPython's unix port for tools/frozen_memory.py --fit (not on its own): the
whole-app tour of one board in a heap the size of that board's budget, as the board would run
it. This port collects garbage whenever an allocation does not fit, and raises MemoryError when
a collection does not make room: a tour that ends here never needed more than the heap it had,
its transient garbage and the heap's fragmentation included.

    argv: profile, part (``first``: up to the power cut; ``second``: the board powered on
    again, then a file of the first part's saved bytes in hex, totals, bomb, initials, presses,
    frames;
    ``base``: only print ``BASE bytes``, what the runner and this script hold before the app)

The heap holds more than a board's would: the displayio stand-in and its font bitmap, the board
double that the tour drives (its NVM in RAM), the driver and the fakes of CircuitPython's
hardware modules under the board's own ``make_board`` (which runs first; its board is kept for
the whole run, as a board keeps its own), and the runner and this script. tools/frozen_memory.py
gives the run a heap of the budget plus what those hold (measured in the same binary: the stand-in
and doubles as board_memory's "subtracted", the runner with ``base``); what it does not add stays
a burden a board does not carry: the stand-in's Python displayio objects over CircuitPython's C
objects (~2-7 KB, tools/mp_board_memory.py ``correction``) and the heap's own tables (the unix
port takes them out of the heap it is given: ~2.5 %).

Prints ``FIT label`` and the port's ``micropython.mem_info()`` after a collection at every step
of the tour (tools/frozen_memory.py reads the most used bytes and the least largest free block
from them), then one ``RESULT`` line: the figures the second part needs, or the run CRC and
totals, which must equal tools/board_memory.py's for the same board."""

import binascii
import gc
import sys

import micropython


def _label(label, app):
    STATE[0] = label


def tour():
    """The generator the runner steps (``VM_STEPS``), as tools/mp_board_memory.py's: the
    runner's own frame has returned before the first step."""
    profile, part = sys.argv[1], sys.argv[2]
    if part == "base":  # what the runner and this script hold before the app: not on a board
        gc.collect()
        print("BASE %d" % gc.mem_alloc())
        return
    import hw  # noqa: F401  (hw/'s package object: loaded here, with the doubles, as while they lived in
    #            hw/, so the move to sim/ changed no figure; on a board it is app code, ~100 B not counted)
    from sim import fbdisplay

    fbdisplay.install()
    from sim import vmhardware

    vmhardware.install(profile)
    from sim import vmboard

    import whole_app

    global HARDWARE
    HARDWARE = vmboard.board_module(profile).make_board()
    out = {}
    if part == "first":
        steps = whole_app.first_power_on(profile, whole_app.SEED, _label, False, out)
    else:
        cut = sys.argv[3:9]
        cut[0] = read_saved(cut[0])
        out = whole_app.cut_out(cut)
        cut = None
        steps = whole_app.second_power_on(profile, whole_app.SEED, _label, False, out)
    forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    for _ in steps:
        gc.collect()
        print("FIT " + STATE[0].replace(" ", "_"))
        micropython.mem_info()
        forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        yield
    if part == "first":
        # the saved bytes in hex a piece at a time: as one string (16 KB for the CLUE's 8 KB NVM)
        # the driver's output would need a block the app's heap does not have to spare
        sys.stdout.write("RESULT saved=")
        saved = memoryview(out["saved"])
        for i in range(0, len(saved), 64):
            sys.stdout.write(binascii.hexlify(saved[i:i + 64]).decode())
        figures = ["%s=%s" % (k, out[k]) for k in ("first", "bomb", "initials", "presses", "frames")]
        print(" " + " ".join(figures))
    else:
        print("RESULT crc=%08x totals=%s/%s" % (out["crc"], out["first"], out["second"]))


def read_saved(path):
    """The first power-on's saved bytes as the double's NVM store, read from a file of their hex
    a piece at a time: as one string (16 KB for the CLUE's 8 KB NVM) they stayed alive, held by
    a stale word of the runner's frames, all through the second power-on."""
    from hw.nvm import MemoryNVM

    import os

    store = MemoryNVM(os.stat(path)[6] // 2)
    size = len(store.data)
    piece = bytearray(64)
    with open(path, "rb") as f:
        at = 0
        while at < size:
            text = f.read(128)
            n = len(text) // 2
            piece[:n] = binascii.unhexlify(text)
            store.data[at:at + n] = piece[:n]
            at += n
    return store


def forget(*_):
    """Overwrites the stale stack slots of the generator that calls it (see whole_app.forget)."""


STATE = [""]
HARDWARE = None
VM_STEPS = tour()
