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
the whole run, as a board keeps its own), and the runner and this script. tools/bench/core.py
gives the run a heap of the budget plus what those hold (measured in the same binary: the stand-in
and doubles as board_memory's "subtracted", the runner with ``base``) and the heap's own tables
(the unix port takes them out of the heap it is given).

The stand-in's displayio objects are Python objects, larger than CircuitPython's C objects by
1.4-7 KB as the scene changes (tools/memory/mp_board_memory.py ``correction``). With ``credit=N``
as the last argument (the most that correction was at any step of the board's measured tour, given
as N more bytes of heap) a ballast of N less the scene's correction now is held through each step,
set again after the step's collection: the app has the budget beside its scene as a board would,
within one step (a step that drops objects frees their Python excess until the next step; one that
builds them holds it: the two about even out over a tour). Without it (tools/memory/frozen_memory.py
--fit) the excess stays a burden a board does not carry. The ballast is one block when the heap has
one; else it is taken in pieces of ``PIECE`` bytes (``take``): the excess it stands for is spread
over the scene's many small objects, so a board has no such block missing, and the ballast's own
block must not be what fails a tour.

Prints ``FIT label`` and the port's ``micropython.mem_info()`` after a collection at every step
of the tour (tools/frozen_memory.py reads the most used bytes and the least largest free block
from them), then one ``RESULT`` line: the figures the second part needs, or the run CRC and
totals, which must equal tools/board_memory.py's for the same board."""

import binascii
import gc
import sys

import micropython

sys.path.append("/repo/tools")  # tools/memory/, mounted there: its scripts
import mp_board_memory as bm  # noqa: E402  measure_sizes, count_scene, correction (loaded in every run: in ``base``)


PIECE = 512  # heap bytes a ballast piece takes when one block does not fit (16 of them its header)


def take(n):
    """``n`` bytes held as a ballast: one block, or when no free block holds it, in pieces."""
    try:
        return bytearray(n)
    except MemoryError:
        pieces = []
        while n > 0:
            pieces.append(bytearray(PIECE - 16))
            n -= PIECE
        return pieces


def _label(label, app):
    STATE[0] = label
    if SIZES:  # the stand-in's excess in this scene (as tools/memory/mp_board_memory.py takes it off)
        bm.count_scene(app, SCENE)
        STATE[1] = bm.correction(SCENE, SIZES)


def tour():
    """The generator the runner steps (``VM_STEPS``), as tools/mp_board_memory.py's: the
    runner's own frame has returned before the first step."""
    profile, part = sys.argv[1], sys.argv[2]
    if part == "base":  # what the runner and this script hold before the app: not on a board
        gc.collect()
        print("BASE %d" % gc.mem_alloc())
        return
    credit = int(sys.argv[-1][7:]) if sys.argv[-1].startswith("credit=") else 0
    import hw  # noqa: F401  (hw/'s package object: loaded here, with the doubles, as while they lived in
    #            hw/, so the move to sim/ changed no figure; on a board it is app code, ~100 B not counted)
    from sim import fbdisplay

    fbdisplay.install()
    if credit:
        bm.SAMPLE_SHEET = fbdisplay.Bitmap(2, 1, 2)
        bm.SAMPLE_PALETTE = fbdisplay.Palette(2)
        yield from bm.measure_sizes(fbdisplay, SIZES)
        bm.SAMPLE_SHEET = bm.SAMPLE_PALETTE = None
        ballast = bytearray(credit)  # no scene yet: all of it
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
        if credit:
            ballast = None
            gc.collect()
            held = credit - STATE[1]
            ballast = take(held if held > 0 else 0)
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


STATE = ["", 0]  # the last checkpoint's label and the stand-in's excess then (with ``credit``)
SIZES = {}  # the stand-in's Python sizes per kind of displayio object (with ``credit``)
SCENE = {}
HARDWARE = None
VM_STEPS = tour()
