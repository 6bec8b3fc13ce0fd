"""Runs inside the MicroPython VM for tools/board_memory.py (not on its own): the whole app on
one board double, its modules loaded from .mpy files, live heap measured at every step.

    argv: profile, comma-separated app modules (imported first, to measure their code),
    optionally a spacer size in bytes (allocated first and kept: it moves every later object up)
    and the part of the tour: ``all`` (the default), ``first`` (up to the power cut: the RESULT
    line then has the NVM bytes, ``saved=`` in hex, and the figures so far) or ``second`` (the
    board powered on again: then the next six arguments are the first part's ``saved``, ``first``,
    ``bomb``, ``initials``, ``presses`` and ``frames``). tools/board_memory.py runs the two parts
    in two fresh VMs, as a board restarts: nothing of the first power-on is in the second's heap.

Live bytes are read with ``gc.mem_alloc()`` at the start of a step: the previous step ended
with ``gc.collect()``, and this port collects only between top-level calls, so the figure is
exactly what is reachable then, as this collector sees it: it is conservative (any word in a
reachable block that equals a block's address keeps that block alive), and this VM's heap
addresses are small numbers that pixel bytes or table data spell often, so a dropped object
could stay alive by chance. tools/board_memory.py passes a 12 MiB spacer, allocated first and
zeroed, which puts every object at an address such data does not spell. Prints a ``STEP`` line
per step (label, live bytes less the board's doubles and the stand-in's displayio overhead, the
scene, the app's modules loaded) and one ``RESULT`` line of key=value pairs. For the interned
names (tools/board_memory.py ``name_fixes``): a ``QMARK`` line before the VM's qstr pool line at
the bookkeeping points and at each step, and at the end every interned name (``QNAMES``)."""

import gc
import sys

import micropython
from array import array

RESULT = {}
DOUBLE_ONLY = []  # the modules the board double and the driver load, not the app (hw/inputs.py...)


def measure():
    global SPACER
    profile = sys.argv[1]
    modules = [m for m in sys.argv[2].split(",") if m]
    spacer = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    part = sys.argv[4] if len(sys.argv) > 4 else "all"
    SPACER = bytearray(spacer) if spacer else None  # kept to the end; before m0, so not counted
    gc.collect()
    forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    yield
    m0 = gc.mem_alloc()
    # the display double first (ui/ imports displayio): not on a board, subtracted
    import hw  # noqa: F401  (hw/'s package object: loaded here, with the doubles, as while they lived in
    #            hw/, so the move to sim/ changed no figure; on a board it is app code, ~100 B not counted)
    from sim import fbdisplay

    global SAMPLE_SHEET, SAMPLE_PALETTE
    fbdisplay.install()
    fbdisplay.FONT.bitmap  # in flash on a board
    # fakes of CircuitPython's hardware modules, for the board's own make_board below: their
    # modules, pins and static objects are not on a board's heap
    from sim import vmhardware

    vmhardware.install(profile)
    SAMPLE_SHEET = fbdisplay.Bitmap(2, 1, 2)
    SAMPLE_PALETTE = fbdisplay.Palette(2)
    gc.collect()
    forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    yield
    m1 = gc.mem_alloc()
    qmark("m1")
    # the app's code: every module build_app imports, from .mpy
    per_module = []
    last = m1
    for name in modules:
        __import__(name)
        gc.collect()
        forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        yield
        now = gc.mem_alloc()
        per_module.append("%s:%d" % (name, now - last))
        last = now
    m2 = gc.mem_alloc()
    qmark("m2")
    app_loaded = list(sys.modules)
    # the board double and the driver (not on a board, subtracted)
    from sim import vmboard

    import whole_app

    probe = vmboard.make_board(profile, keep_frame=False)
    DOUBLE_ONLY.extend(n for n in sys.modules if n not in app_loaded)  # theirs, not the app's
    app_loaded = None
    gc.collect()
    forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    yield
    m3 = gc.mem_alloc()
    probe = None
    gc.collect()
    forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    yield
    m4 = gc.mem_alloc()
    qmark("m4")
    board_double = m3 - m4  # one board double: display (no frame), buttons, NVM, ...
    # the board's own make_board (hw/<board>.py) on the fakes, kept for the whole run as a board
    # keeps its Board: its modules' code, its objects and the fake C objects' heap bytes count
    # (the tour drives the double; this one only sits in the heap as the real one would)
    global HARDWARE
    HARDWARE = vmboard.board_module(profile).make_board()
    gc.collect()
    forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    yield
    with_hardware = gc.mem_alloc()
    made = vmhardware.FAKES.made
    samples = [vmhardware.bare() for _ in range(16)]
    gc.collect()
    forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    yield
    with_samples = gc.mem_alloc()
    samples = None
    gc.collect()
    forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    yield
    m4h = gc.mem_alloc()
    qmark("m4h")
    fakes = made * ((with_samples - m4h) // 16)  # the fakes' Python objects, not on a board
    hardware = with_hardware - m4 - fakes
    # the strategy: planner, players, coach, table reader and their modules, what a game builds
    # (ui/strategy_set.py; not resident at start-up), then dropped and unloaded again
    from ui import strategy_set

    players = strategy_set.StrategySet()
    players.acquire()
    gc.collect()
    forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    yield
    m5 = gc.mem_alloc()
    qmark("m5")
    strategy = m5 - m4h
    players.release()
    players = None
    gc.collect()
    forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    yield
    m6 = gc.mem_alloc()
    double = (m1 - m0) + (m4 - m2) + board_double + fakes  # everything a board does not hold
    # the stand-in's displayio objects are Python objects: their sizes here, per kind, to put
    # CircuitPython's C sizes in their place (tools/board_memory.py has the C sizes)
    sizes = {}  # as measure_sizes does, inline: a sub-generator's object stays alive in a stale slot here (+96 B)
    for kind in ("group", "palette2", "palette4", "tilegrid1", "bitmap4"):
        samples = [sample(fbdisplay, kind) for _ in range(16)]
        gc.collect()
        forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        yield
        with_samples = gc.mem_alloc()
        samples = None
        gc.collect()
        forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        yield
        sizes[kind] = (with_samples - gc.mem_alloc()) // 16
    state = {"startup": 0, "label": "", "fix": 0, "fix_most": 0}
    scene = {}  # the scene now
    BUILDS[3] = scene
    BUILDS[4] = sizes

    def checkpoint(label, app):
        # the scene changes as screens are built and dropped (ui/screen_set.py): the stand-in's
        # displayio overhead is taken off at every step
        state["label"] = label
        count_scene(app, scene)
        state["fix"] = correction(scene, sizes)
        if state["fix"] > state["fix_most"]:
            state["fix_most"] = state["fix"]
        follow_builds(app, BUILDS, _build_counted)

    out = {}
    cut = sys.argv[5:11]
    if cut:
        sys.argv[5] = None  # the saved bytes' hex text (twice the NVM) goes with the cut
    profile_gen = tour(profile, part, cut, checkpoint, out)
    cut = None
    for _ in profile_gen:
        gc.collect()
        forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        yield
        live = gc.mem_alloc() - m0 - state["fix"]
        if state["label"] == "start-up":
            state["startup"] = live
        label = state["label"].replace(" ", "_")
        qmark("step")
        print("STEP %s %d %s %s" % (label, live - double, "/".join([str(scene[k]) for k in SCENE_KEYS]),
                                   ",".join(app_modules_loaded())))
    # the peak and the most per kind of step: tools/board_memory.py, from the STEP lines
    RESULT["profile"] = profile
    RESULT["code"] = m2 - m1
    RESULT["strategy"] = strategy
    RESULT["screens"] = state["startup"] - (m6 - m0) - board_double
    RESULT["double"] = double
    RESULT["hardware"] = hardware
    RESULT["modules"] = ",".join(per_module)
    if BUILDS[2] > len(BUILD_FIX):
        raise SystemExit("more screen builds than BUILD_FIX holds: %d" % BUILDS[2])
    fixes = [BUILD_FIX[i] for i in range(BUILDS[2])]
    RESULT["builds"] = ",".join([str(f) for f in fixes]) or "-"
    # the fixed-heap run gives the most back (tools/memory/mp_heap_fit.py): at a step, or once a screen is built
    RESULT["fix_most"] = max([state["fix_most"]] + fixes)
    if part == "first":
        RESULT["saved"] = "".join(["%02x" % b for b in out["saved"]])
        for key in ("first", "bomb", "initials", "presses", "frames"):
            RESULT[key] = out[key]
    else:
        RESULT["crc"] = "%08x" % out["crc"]
        RESULT["totals"] = out["first"] + "/" + out["second"]
    print("QNAMES")
    micropython.qstr_info(1)
    print("QNAMES_END")
    print("RESULT " + " ".join(["%s=%s" % (k, RESULT[k]) for k in RESULT]))


def measure_sizes(fb, sizes):
    """Sets ``sizes[kind]``: the bytes of one of the stand-in's (``fb``) displayio objects of each
    kind (16 made, counted, dropped); a generator the VM steps, a collection before each count."""
    for kind in ("group", "palette2", "palette4", "tilegrid1", "bitmap4"):
        samples = [sample(fb, kind) for _ in range(16)]
        gc.collect()
        forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        yield
        with_samples = gc.mem_alloc()
        samples = None
        gc.collect()
        forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        yield
        sizes[kind] = (with_samples - gc.mem_alloc()) // 16


def sample(fb, kind):
    """One displayio object of a known shape (its Python size is measured)."""
    if kind == "group":
        return fb.Group()
    if kind == "palette2":
        return fb.Palette(2)
    if kind == "palette4":
        return fb.Palette(4)
    if kind == "tilegrid1":
        return fb.TileGrid(SAMPLE_SHEET, pixel_shader=SAMPLE_PALETTE, width=1, height=1, tile_width=1,
                           tile_height=1)
    return fb.Bitmap(32, 1, 2)  # 4 bytes of pixels


SPACER = None
HARDWARE = None
SCENE_KEYS = ("groups", "tilegrids", "tile_bytes", "bitmaps", "bitmap_bytes", "palettes", "palette_entries")


# The stand-in's excess once each screen is built (ui/screen_set.py ``ScreenSet._build``), in the
# tour's order from its first step on: the fixed-heap run (tools/memory/mp_heap_fit.py) gives it back
# as that build begins, not at the step after. Preallocated, and the hook a module-level function:
# nothing of it is allocated while the tour runs but the instance attribute that installs it.
BUILD_FIX = array("H", bytes(256))
BUILDS = [None, None, 0, None, None]  # the app's ScreenSet, its class's _build, builds seen, scene, sizes


def follow_builds(app, hooked, build):
    """``build(screen_id)`` (a module-level function) runs each of ``app``'s later screen builds,
    installed once per app as ``app.screens._build``: ``hooked[0]`` is then the app's ScreenSet and
    ``hooked[1]`` its class's ``_build``, for ``build`` to call. With ``app`` None (powered off) the
    ScreenSet is let go (not kept alive here). tools/memory/mp_heap_fit.py follows them too."""
    if app is None:
        hooked[0] = None
    elif hooked[0] is not app.screens:
        hooked[0] = app.screens
        hooked[1] = type(app.screens)._build
        app.screens._build = build


def _build_counted(screen_id):
    screens = BUILDS[0]
    scr = BUILDS[1](screens, screen_id)
    count_scene(screens.app, BUILDS[3])
    n = BUILDS[2]
    if n < len(BUILD_FIX):
        BUILD_FIX[n] = correction(BUILDS[3], BUILDS[4])
    BUILDS[2] = n + 1
    return scr


def app_modules_loaded():
    """The app's modules loaded now, with the libraries of lib/ it loads (the board's and the
    rules reader's), not the fakes of CircuitPython's modules nor what only the board double and
    the driver loaded (tools/board_memory.py adds up their code per step; tools/bench/board_bench.py
    holds the start-up's to the firmware's)."""
    from sim.vmhardware import Module

    return sorted([n for n in sys.modules if (n.split(".")[0] in ("ui", "hw", "yahtzee_core") and "." in n
                                              or n.startswith("adafruit_") or n == "neopixel")
                   and n not in DOUBLE_ONLY and not isinstance(sys.modules[n], Module)])


def tour(profile, part, cut, checkpoint, out):
    """The whole-app tour's generator (host_tests/ui/whole_app.py): ``part`` ``first`` (up to the
    power cut), ``second`` (powered on again; ``cut``: the first part's saved bytes in hex,
    totals, bomb, initials, presses and frames, as strings) or ``all``; ``out`` gets its figures."""
    import whole_app  # loaded already, with the driver

    if part == "first":
        return whole_app.first_power_on(profile, whole_app.SEED, checkpoint, False, out)
    if part == "second":
        out.update(whole_app.cut_out(cut))
        return whole_app.second_power_on(profile, whole_app.SEED, checkpoint, False, out)
    return whole_app.scenario(profile, checkpoint=checkpoint, keep_frame=False, out=out)


def qmark(tag):
    """``QMARK tag`` and the VM's qstr pool line (``n_pool``, ``n_qstr``) after the figure was read."""
    print("QMARK " + tag)
    micropython.qstr_info()


def forget(*_):
    """Overwrites the stale stack slots of the generator that calls it (see whole_app.forget)."""


SAMPLE_SHEET = None
SAMPLE_PALETTE = None

# CircuitPython 10's displayio objects on a 32-bit port, from shared-module/displayio/*.h
# (adafruit/circuitpython), in 16-byte heap blocks: Group 44 B -> 48 plus its member list (16 B
# object + 4 slots: the stand-in's list is the same); TileGrid 84 B -> 96, tile indexes inside up
# to 4 bytes, else their own block; Palette 14 B -> 16 plus 16 B per colour (_displayio_color_t);
# Bitmap 36 B -> 48 plus its pixel words.
C_GROUP = 48 + 32
C_TILEGRID = 96
C_PALETTE = 16
C_PALETTE_ENTRY = 16
C_BITMAP = 48


def correction(scene, py):
    """Bytes the stand-in's Python displayio objects of ``scene`` take beyond CircuitPython's C
    objects (``py``: the stand-in's sizes per kind, measured on sample objects)."""
    if not scene.get("groups"):
        return 0
    groups = scene["groups"] * (py["group"] - C_GROUP)
    tilegrids = (scene["tilegrids"] * (py["tilegrid1"] - 32 - C_TILEGRID) + scene["tiles_py"]
                 - scene["tiles_over_4"])
    p = scene["palettes"]
    per_entry = (py["palette4"] - py["palette2"]) // 2
    palettes = p * py["palette2"] + per_entry * (scene["palette_entries"] - 2 * p) - (
        p * C_PALETTE + scene["palette_entries"] * C_PALETTE_ENTRY)
    bitmaps = scene["bitmaps"] * (py["bitmap4"] - 16 - C_BITMAP)
    return groups + tilegrids + palettes + bitmaps


def count_scene(app, scene):
    """displayio objects of the app's scene (none when ``app`` is None): count, and the bytes
    CircuitPython's C objects would hold for bitmaps (pixels) and tile grids (tile indexes)."""
    seen = []
    totals = {"groups": 0, "tilegrids": 0, "bitmaps": 0, "bitmap_bytes": 0, "tile_bytes": 0,
              "palettes": 0, "palette_entries": 0, "group_members": 0, "tiles_over_4": 0,
              "tiles_py": 0}

    def walk(group):
        totals["groups"] += 1
        totals["group_members"] += len(group)
        for item in group:
            if item._group:
                walk(item)
                continue
            totals["tilegrids"] += 1
            n = len(item._tiles) * (1 if isinstance(item._tiles, bytearray) else 2)
            totals["tile_bytes"] += n
            totals["tiles_py"] += (n + 15) // 16 * 16
            if n > 4:  # CircuitPython keeps up to 4 tile bytes inside the object
                totals["tiles_over_4"] += (n + 15) // 16 * 16
            for obj, key in ((item.bitmap, "bitmaps"), (item.pixel_shader, "palettes")):
                if not any(o is obj for o in seen):
                    seen.append(obj)
                    totals[key] += 1
                    if key == "bitmaps":
                        totals["bitmap_bytes"] += obj.nbytes
                    else:
                        totals["palette_entries"] += len(obj)

    if app is not None:
        walk(app.root)
    for key in totals:
        scene[key] = totals[key]


VM_STEPS = measure()
