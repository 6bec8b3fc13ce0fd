"""Runs inside the MicroPython VM for tools/heap_census.py (not on its own): where the non-code heap
of the whole app goes at one step of host_tests/ui/whole_app.py's run.

    argv: profile, step label (as board_memory prints it: play, scorecard, game_1, ...), which
    occurrence of it (1: the first), the app's modules, spacer bytes (as tools/board_memory.py:
    see SPACER there), then the part of the tour as tools/mp_board_memory.py takes it: ``first``
    (up to the power cut) or ``second`` and the first part's six cut figures (the board powered
    on again, in a fresh VM); ``all`` (the default) runs the whole tour in one VM

The run goes on as in tools/mp_board_memory.py (from .mpy, a collection between steps) up to the
step; there the app is taken apart one owner at a time, a collection after each, and each line
says what dropping that owner freed (``gc.mem_alloc()`` before less after), so the figures are
exact, add up and count what an owner alone holds (an object two owners share is freed with the
last of them, in the order printed). The displayio stand-in's Python objects count as
CircuitPython's C objects would (the correction of tools/mp_board_memory.py, taken on the scene
before and after). What is taken apart, in order:

- the computer players and the coach (ui/strategy_set.py): the coach, each player, then what they
  share (turn planner and its lattice, formula values, table reader and its open table);
- each built screen: each attribute of the screen (its Python objects), then its displayio scene
  (its Group leaves the root: tile grids, private palettes, bitmaps);
- the app's own attributes (the game, the glyph sheet and its palettes, the store, ...), then
  the root group's background;
- module globals with lower-case names that hold objects (caches built at run time, such as
  the planner's lattice; upper-case constants are built at import and are in the code cost).

Prints ``STEPFIG`` (the step's figure as tools/board_memory.py computes it) and ``MODULES`` (the
app's modules loaded then) for tools/heap_census.py, which adds their code cost and the rest.

Before an owner is dropped its objects are counted by kind (instances, lists, tuples, dicts,
bytearrays/arrays with their data bytes, displayio objects): ``CONTAINS`` lines under it."""

import gc
import sys

import micropython

import mp_board_memory as bm  # count_scene, correction, sample (--file tools/mp_board_memory.py)

SPACER = None
_ITEMSIZE = {"b": 1, "B": 1, "h": 2, "H": 2, "i": 4, "I": 4, "l": 4, "L": 4, "f": 4, "q": 8, "Q": 8,
             "d": 8}
_DISPLAYIO = ("Group", "TileGrid", "Palette", "Bitmap")
# app attributes that are the board's parts (not the app's to drop)
_BOARD_PARTS = ("board", "buttons", "sound", "lights", "clock", "display", "layout", "colours")


def forget(*_):
    """Overwrites stale stack slots (see whole_app.forget)."""


def census(obj, stop):
    """{kind: [count, data bytes]} of the objects reachable from ``obj`` through instance
    attributes, lists, tuples and dicts, not entering ``stop`` (ids) or displayio objects."""
    seen = {}
    kinds = {}
    todo = [obj]
    while todo:
        o = todo.pop()
        key = id(o)
        if key in seen or key in stop:
            continue
        seen[key] = 1
        t = type(o)
        name = t.__name__
        if o is None or t in (int, bool, float, str, bytes) or name in ("function", "module",
                                                                         "bound_method", "type",
                                                                         "generator", "closure"):
            continue
        if name in _DISPLAYIO:
            kind = "displayio." + name
            size = 0
        elif t is bytearray:
            kind, size = "bytearray", len(o)
        elif name == "array":
            code = str(o)[7]  # "array('H', [...])"
            kind, size = "array." + code, len(o) * _ITEMSIZE.get(code, 4)
        elif t is list or t is tuple:
            kind, size = name, 4 * len(o)
            todo.extend(o)
        elif t is dict:
            kind, size = "dict", 8 * len(o)
            todo.extend(o.values())
        elif name == "memoryview":
            kind, size = "memoryview", 0
        else:
            d = getattr(o, "__dict__", None)
            kind, size = "instance " + name, 0
            if d is not None:
                size = 8 * len(d)
                todo.extend(d.values())
        entry = kinds.get(kind)
        if entry is None:
            kinds[kind] = [1, size]
        else:
            entry[0] += 1
            entry[1] += size
    return kinds


def show_census(kinds):
    rows = sorted([(kinds[k][1], k, kinds[k][0]) for k in kinds], reverse=True)
    return ", ".join(["%s x%d (%d B)" % (k, n, size) for size, k, n in rows])


def measure():
    global SPACER
    profile = sys.argv[1]
    target = sys.argv[2]
    nth = int(sys.argv[3])
    modules = [m for m in sys.argv[4].split(",") if m]
    spacer = int(sys.argv[5])
    SPACER = bytearray(spacer) if spacer else None
    gc.collect()
    forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    yield
    # the same bookkeeping as tools/mp_board_memory.py, so the step's figure is board_memory's
    m0 = gc.mem_alloc()
    from sim import fbdisplay

    fbdisplay.install()
    fbdisplay.FONT.bitmap
    bm.SAMPLE_SHEET = fbdisplay.Bitmap(2, 1, 2)
    bm.SAMPLE_PALETTE = fbdisplay.Palette(2)
    gc.collect()
    forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    yield
    m1 = gc.mem_alloc()
    for name in modules:
        __import__(name)
    gc.collect()
    forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    yield
    m2 = gc.mem_alloc()
    from sim import vmboard

    import whole_app

    probe = vmboard.make_board(profile, keep_frame=False)
    gc.collect()
    forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    yield
    m3 = gc.mem_alloc()
    probe = None
    gc.collect()
    forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    yield
    m4 = gc.mem_alloc()
    double = (m1 - m0) + (m4 - m2) + (m3 - m4)
    from ui import strategy_set  # built and dropped before the run, as board_memory does

    players = strategy_set.StrategySet()
    players.acquire()
    players.release()
    players = None
    gc.collect()
    forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    yield
    sizes = {}
    yield from bm.measure_sizes(fbdisplay, sizes)
    state = {"label": "", "app": None, "seen": 0}

    def checkpoint(label, app):
        state["label"] = label
        state["app"] = app

    run = bm.tour(profile, sys.argv[6] if len(sys.argv) > 6 else "all", sys.argv[7:13], checkpoint, {})
    found = False
    for _ in run:
        if state["label"].replace(" ", "_") == target:
            state["seen"] += 1
            if state["seen"] == nth:
                found = True
                break
        state["app"] = None
        gc.collect()
        forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        yield
    if not found:
        raise SystemExit("heap census: no step %r (occurrence %d) in the run" % (target, nth))
    app = state["app"]
    state["app"] = None
    board = app.board
    scene = {}
    fig = {"live": 0, "total": 0, "group": 0, "fix": 0, "unset": (), "screen": -1, "root": None,
           "stop": None}

    fig["app"] = app
    app = None
    bm.count_scene(fig["app"], scene)
    fig["fix"] = bm.correction(scene, sizes)
    gc.collect()
    forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    yield
    fig["live"] = gc.mem_alloc() - fig["fix"]
    start = fig["live"]
    print("STEPFIG %d" % (start - m0 - double))
    micropython.qstr_info()  # interned names: never freed, also those of modules unloaded again
    print("MODULES " + ",".join(bm.app_modules_loaded()))

    def drop(first, sep, second):
        """One owner dropped in a step of its own (fig["unset"]: the (object, attribute or key)
        references to set to None; fig["screen"]: a screen id to take out of the scene;
        fig["root"]: what to count in it, not entering fig["stop"]): its census printed first,
        the bytes freed after the collection. The caller passes only names: an object passed as
        an argument would stay in a stale slot of the caller's frame and be counted."""
        if fig["root"] is not None:
            kinds = census(fig["root"], fig["stop"])
            print("CONTAINS %s%s%s: %s" % (first, sep, second, show_census(kinds)))
            kinds = None
        fig["root"] = None
        fig["stop"] = None
        for obj, key in fig["unset"]:
            if isinstance(obj, (list, dict)):
                obj[key] = None
            else:
                setattr(obj, key, None)
        fig["unset"] = ()
        sid = fig["screen"]
        if sid >= 0:
            a = fig["app"]
            scr = a.screens.slots[sid]
            a.root.remove(scr.group)
            a.screens.slots[sid] = None
            if a.current is scr:
                a.current = None
            scr = None
            a = None
            fig["screen"] = -1
        bm.count_scene(fig["app"], scene)
        fig["fix"] = bm.correction(scene, sizes)
        gc.collect()
        forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        yield
        now = gc.mem_alloc() - fig["fix"]
        freed = fig["live"] - now
        fig["live"] = now
        if not first:  # a step that drops nothing: what the census keeps is not counted
            return
        fig["group"] += freed
        fig["total"] += freed
        print("OWNER %s%s%s %d B" % (first, sep, second, freed))

    def group_done(name):
        print("GROUP %s %d B" % (name, fig["group"]))
        fig["group"] = 0

    a = fig["app"]
    print("CENSUS %s at %s (#%d)" % (profile, target, nth))
    stop = {id(a): 1, id(board): 1, id(a.root): 1}
    # -- the computer players and the coach
    st = a.strategy
    if getattr(st, "coach", None) is not None:
        hard = getattr(st, "hard", None)
        if hard is None and st.policies is not None:
            hard = st.policies[3]
        keep = {}
        for key in ("planner", "formula", "tables"):  # the set's own (a game of humans has no hard)
            owner = st if getattr(st, key, None) is not None else hard
            if getattr(owner, key, None) is not None:
                keep[key] = getattr(owner, key)
        hard = None
        if "tables" in keep and getattr(keep["tables"], "values", None) is not None:
            keep["table values"] = keep["tables"].values
        shared = dict(stop)
        for key in keep:
            shared[id(keep[key])] = 1
        if st.coach is not None:
            fig["unset"] = ((a, "coach"), (st, "coach"))
            fig["root"] = st.coach
            fig["stop"] = shared
            forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            yield from drop("strategy", ": ", "coach")
        kept = list(st.policies or ())
        forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        yield from drop("", "", "")
        fig["unset"] = ((a.autoplay, "policies"), (st, "policies"), (st, "hard"))
        forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        yield from drop("strategy", ": ", "policies tuple")
        for i in range(1, len(kept)):
            if kept[i] is None:
                continue
            fig["unset"] = ((kept, i),)
            fig["root"] = kept[i]
            fig["stop"] = shared
            forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            yield from drop("strategy", ": ", _PLAYERS[i])
        for key in ("tables", "table values", "formula", "planner"):
            if keep.get(key) is None:
                continue
            inner = dict(stop)
            if key == "tables" and keep.get("table values") is not None:
                inner[id(keep["table values"])] = 1
            fig["unset"] = ((keep, key),)
            if getattr(st, key, None) is not None:  # the set's planner and tables
                fig["unset"] = ((keep, key), (st, key))
            fig["root"] = keep[key]
            fig["stop"] = inner
            inner = None
            forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            yield from drop("strategy", ": ", key)
        kept = None
        keep = None
        shared = None
        group_done("strategy set (players, coach, planner, tables)")
    st = None
    # -- the screens
    screens = a.screens
    from ui import screen_set

    for sid in range(len(screens.slots)):
        scr = screens.slots[sid]
        if scr is None:
            continue
        sname = screen_set._SCREENS[sid][0]
        others = dict(stop)
        for other in screens.slots:
            if other is not None and other is not scr:
                others[id(other)] = 1
        other = None
        attrs = sorted([k for k in scr.__dict__ if k not in ("app", "lay", "colours", "c", "group",
                                                                 "fields")]) + ["fields"]
        forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        yield from drop("", "", "")
        for key in attrs:
            value = scr.__dict__.get(key)
            if value is None or type(value) in (int, bool):
                continue
            value = None
            fig["unset"] = ((scr, key),)
            fig["root"] = scr.__dict__[key]
            fig["stop"] = others
            forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            yield from drop(sname, ".", key)
        sub = {}
        bm.count_scene(_Root(scr.group), sub)
        print("SCENE %s: %d groups, %d tile grids (%d B of tiles), %d bitmaps (%d B), %d palettes "
              "(%d colours)" % (sname, sub["groups"], sub["tilegrids"], sub["tile_bytes"], sub["bitmaps"],
                                sub["bitmap_bytes"], sub["palettes"], sub["palette_entries"]))
        sub = None
        scr = None
        others = None
        fig["screen"] = sid
        forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        yield from drop(sname, " ", "scene and object")
        group_done("screen " + sname)
    screens = None
    # -- the app's own attributes
    skip = _BOARD_PARTS + ("root", "strategy", "screens", "current")
    attrs = sorted([k for k in a.__dict__ if k not in skip]) + ["screens", "strategy"]
    forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    yield from drop("", "", "")
    for key in attrs:
        value = a.__dict__.get(key)
        if value is None or type(value) in (int, bool):
            continue
        value = None
        fig["unset"] = ((a, key),)
        fig["root"] = a.__dict__[key]
        fig["stop"] = stop
        forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        yield from drop("App", ".", key)
    group_done("app attributes")
    root = a.root
    while len(root) > 0:
        root.pop()
    root = None
    forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    yield from drop("App", ".", "root (background)")
    # module globals with lower-case names holding objects: state and caches built at run time
    # (upper-case names are constants built at import: their bytes are in the module's code cost)
    for mname in bm.app_modules_loaded():
        module = sys.modules[mname]
        names = sorted([k for k in module.__dict__ if k[:2] != "__" and k.upper() != k])
        for key in names:
            value = module.__dict__[key]
            kind = type(value).__name__
            if value is None or kind in ("function", "module", "type", "bound_method", "int", "bool", "_Module",
                                         "str", "bytes", "tuple", "closure", "generator", "float"):
                continue
            value = None
            fig["unset"] = ((module.__dict__, key),)
            fig["root"] = module.__dict__[key]
            fig["stop"] = stop
            forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            yield from drop(mname, ".", key)
        names = None
        module = None
    group_done("module globals (lower-case names)")
    print("CENSUS %s at %s: %d B freed by the owners above" % (profile, target, fig["total"]))


_PLAYERS = ("", "easy player", "medium player", "hard player")


class _Root:
    """count_scene walks ``app.root``: a screen's group in its place."""

    def __init__(self, group):
        self.root = group


VM_STEPS = measure()
