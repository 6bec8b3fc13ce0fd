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
as the last argument (the most that correction was at any step of the board's measured tour or
once any of its screens was built, given as N more bytes of heap) a ballast of N less the scene's
correction now is held: the app has the budget beside its scene as a board would.
- At every step it is set again after the step's collection, for the scene then.
- At every screen build (ui/screen_set.py ``ScreenSet._build``; ``builds=``: the measured run's
  correction once each build was done, in the tour's order) it is set as the build begins, the
  screens left gone, for the scene as the measured run found it once the screen was built: exact
  when the build is done; while it goes on, the excess of the objects not built yet is already
  given back. Before (2026-11-29), the scene left's ballast was held until the next step: a build
  held the new screen's whole excess too (4.3 KB when Defuse mode is built after the statistics,
  2.4 KB for a game's play screen after the rules reader), and the CLUE's tour failed there in a
  heap a board would have had room in. (Letting the ballast go as a build begins and taking it
  again once it is done gave the CLUE's tour ~1 % more room: 22 % smaller ended, not 21 %.)
- Between two of those the ballast stays: objects a step drops free their excess until the next
  step, objects it builds outside a screen build (Defuse mode's views, a list's rows) hold theirs.
Without a credit (tools/memory/frozen_memory.py --fit) the excess stays a burden a board does not
carry. The ballast is one block when the heap has one; else it is taken in pieces of ``PIECE``
bytes (``take``): the excess it stands for is spread over the scene's many small objects (a
Python instance's attribute table is 64-256 B), so a board has no such block missing, and the
ballast's own pieces must not be what fails a tour: in 512-byte pieces the ballast set at a build
found no room in a heap whose free bytes were all in smaller holes.

Prints ``FIT label`` and the port's ``micropython.mem_info()`` after a collection at every step
of the tour (tools/frozen_memory.py reads the most used bytes and the least largest free block
from them), then one ``RESULT`` line: the figures the second part needs, or the run CRC and
totals, which must equal tools/board_memory.py's for the same board."""

import binascii
import gc
import sys

import micropython
from array import array

sys.path.append("/repo/tools")  # tools/memory/, mounted there: its scripts
import mp_board_memory as bm  # noqa: E402  measure_sizes, count_scene, correction (loaded in every run: in ``base``)


PIECE = 64  # heap bytes a ballast piece takes when one block does not fit (16 of them its header)


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
    if FIT[3] is not None:
        bm.follow_builds(app, FIT, _build_fitted)


def set_ballast(n):
    """The ballast is ``n`` bytes now (none when ``n`` is not positive), taken after a collection."""
    BALLAST[0] = None
    gc.collect()
    BALLAST[0] = take(n if n > 0 else 0)


def _build_fitted(screen_id):
    """A screen build of the tour (ui/screen_set.py ``ScreenSet._build``): the screens left are
    gone, and the ballast is set first for the scene as the measured run found it once this build
    was done (``builds=``), so the app builds the screen beside a board's-size scene, not beside the
    excess of the screen it left."""
    n = FIT[2]
    FIT[2] = n + 1
    if n < len(FIT[3]):
        set_ballast(CREDIT[0] - FIT[3][n])
    return FIT[1](FIT[0], screen_id)


def tour():
    """The generator the runner steps (``VM_STEPS``), as tools/mp_board_memory.py's: the
    runner's own frame has returned before the first step."""
    profile, part = sys.argv[1], sys.argv[2]
    if part == "base":  # what the runner and this script hold before the app: not on a board
        gc.collect()
        print("BASE %d" % gc.mem_alloc())
        return
    credit = int(sys.argv[-1][7:]) if sys.argv[-1].startswith("credit=") else 0
    CREDIT[0] = credit
    if credit and sys.argv[-2].startswith("builds="):
        FIT[3] = array("H", [int(f) for f in sys.argv[-2][7:].split(",") if f != "-"])
        sys.argv[-2] = "-"  # (its text is not held through the tour)
    import hw  # noqa: F401  (hw/'s package object: loaded here, with the doubles, as while they lived in
    #            hw/, so the move to sim/ changed no figure; on a board it is app code, ~100 B not counted)
    from sim import fbdisplay

    fbdisplay.install()
    if credit:
        bm.SAMPLE_SHEET = fbdisplay.Bitmap(2, 1, 2)
        bm.SAMPLE_PALETTE = fbdisplay.Palette(2)
        yield from bm.measure_sizes(fbdisplay, SIZES)
        bm.SAMPLE_SHEET = bm.SAMPLE_PALETTE = None
        BALLAST[0] = bytearray(credit)  # no scene yet: all of it
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
            set_ballast(credit - STATE[1])
        gc.collect()
        print("FIT " + STATE[0].replace(" ", "_"))
        micropython.mem_info()
        forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        yield
    if FIT[3] is not None and FIT[2] != len(FIT[3]):
        raise SystemExit("the tour built %d screens, the measured run %d" % (FIT[2], len(FIT[3])))
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


BALLAST = [None]  # what stands for the stand-in's excess not in the scene now (``credit`` less it)
CREDIT = [0]
FIT = [None, None, 0, None]  # the app's ScreenSet, its class's _build, builds seen, the measured run's builds=
STATE = ["", 0]  # the last checkpoint's label and the stand-in's excess then (with ``credit``)
SIZES = {}  # the stand-in's Python sizes per kind of displayio object (with ``credit``)
SCENE = {}
HARDWARE = None
VM_STEPS = tour()
