"""The whole app's heap per board with its modules frozen into the firmware, against the same
app loaded from .mpy, both on one port: MicroPython's unix port built 32-bit; with ``--fit``,
the tour in a heap of each board's budget. A comparison with MicroPython: the boards' figures
in CI come from CircuitPython's own core (tools/bench/board_bench.py, which reuses this module's
manifest and unix runs).

    python tools/memory/frozen_memory.py (--debian | --micropython DIR | --mirror GITDIR [--tag v1.27.0])
                                  [--board NAME ... | --ceilings FILE] [--work DIR] [--jobs N]
                                  [--no-wasm] [--fit]

    pybadge (frozen): peak 69522 B of 128000 B budget; code 27840 B; screens 9745 B; strategy 13904 B; free 58478 B; ok

How it builds and measures, and its options: docs/memory.md, "tools/memory/frozen_memory.py"."""

import atexit
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from tools import common
from tools.memory import tour

TAG = "v1.27.0"
MAKE_FLAGS = ("MICROPY_FORCE_32BIT=1", "MICROPY_PY_BTREE=0", "MICROPY_PY_FFI=0", "MICROPY_PY_SSL=0",
              "MICROPY_SSL_MBEDTLS=0")
HEAP = "16M"
PACKAGES = ("ui", "hw", "yahtzee_core", "sim")
# the desktop's modules (not needed by the VM-side driver); the rest of sim/ holds the driver's
# doubles (sim/fbdisplay.py, sim/vmboard.py, sim/vmhardware.py: board_memory subtracts them)
HOST_ONLY = ("sim/desktop.py", "sim/testing.py")
TOUR = os.path.join("host_tests", "ui", "whole_app.py")
VM_APP = "/mnt/app"  # where tools/mpy_runner/run.mjs puts board_memory's app folder (named app)


def lib_files():
    """{lib package or "": [files]} of the libraries the tour imports from lib/ (board_memory's
    LIB_MODULES: the boards' make_board's), frozen as a board's firmware freezes them."""
    files = {}
    for rel in tour.LIB_MODULES:
        package = os.path.dirname(rel)
        files.setdefault(package, []).append(os.path.basename(rel))
    return files


def frozen_files(root=ROOT):
    """{package: [file relative to the package]} frozen into the firmware: every module of ui/,
    hw/ and yahtzee_core/, and sim/ but the desktop's (the driver's doubles included)."""
    files = {}
    for package in PACKAGES:
        names = sorted(n for n in os.listdir(os.path.join(root, package)) if n.endswith(".py"))
        files[package] = [n for n in names if package + "/" + n not in HOST_ONLY]
    return files


def frozen_modules(root=ROOT):
    """Module names the frozen build holds (``hw.base``, ``ui``, ..., ``whole_app``)."""
    names = ["whole_app"]
    for package, files in lib_files().items():
        for n in files:
            if n == "__init__.py":
                names.append(package)
            else:
                names.append((package + "." if package else "") + n[:-3])
    for package, files in frozen_files(root).items():
        for n in files:
            names.append(package if n == "__init__.py" else package + "." + n[:-3])
    return sorted(names)


def manifest(root=ROOT):
    """MicroPython manifest text freezing ``frozen_files`` and the tour."""
    lines = ["# written by tools/memory/frozen_memory.py: the app as a board's firmware would freeze it,",
             "# and the VM-side driver's doubles and tour (measured and subtracted as in board_memory)"]
    for package, files in frozen_files(root).items():
        lines.append("package(%r, files=%r, base_path=%r)" % (package, files, root))
    lines.append("module(%r, base_path=%r)" % (os.path.basename(TOUR), os.path.join(root, os.path.dirname(TOUR))))
    lib = os.path.join(ROOT, "lib")
    for package, files in lib_files().items():
        if package:
            lines.append("package(%r, files=%r, base_path=%r)" % (package, files, lib))
        else:
            for n in files:
                lines.append("module(%r, base_path=%r)" % (n, lib))
    return "\n".join(lines) + "\n"


NOTHING = "# written by tools/memory/frozen_memory.py: nothing frozen (the app is loaded from .mpy)\n"


def say(text):
    print(text)
    sys.stdout.flush()


def source_tree(args, work):
    """The MicroPython source folder: the checkout given, or the tag unpacked from the mirror."""
    if args["debian"]:
        from tools.firmware import micropython_source

        return micropython_source.ensure()
    if args["micropython"]:
        src = os.path.abspath(args["micropython"])
        if not os.path.isfile(os.path.join(src, "py", "mpconfig.h")):
            raise SystemExit("frozen_memory: %s is not a MicroPython checkout" % src)
        return src
    tag = args["tag"]
    src = os.path.join(work, "micropython-" + tag)
    done = os.path.join(src, ".unpacked")
    if not os.path.exists(done):
        shutil.rmtree(src, ignore_errors=True)
        os.makedirs(src)
        archive = subprocess.Popen(["git", "--git-dir", args["mirror"], "archive", tag], stdout=subprocess.PIPE)
        subprocess.run(["tar", "-x", "-C", src], stdin=archive.stdout, check=True)
        if archive.wait() != 0:
            raise SystemExit("frozen_memory: git archive %s failed" % tag)
        open(done, "w").close()
    return src


def version_of(src):
    """MicroPython's version from its source (mpconfig.h)."""
    parts = {}
    with open(os.path.join(src, "py", "mpconfig.h")) as f:
        for line in f:
            for key in ("MAJOR", "MINOR", "MICRO"):
                if line.startswith("#define MICROPY_VERSION_" + key + " "):
                    parts[key] = line.split()[2].strip("()")
    return "%s.%s.%s" % (parts["MAJOR"], parts["MINOR"], parts["MICRO"])


def manifest_files(manifest_text):
    """[(module name, file path)] a manifest text freezes, read by running it with package() and
    module() stand-ins."""
    found = []

    def package(name, files, base_path):
        for f in files:
            found.append((name if f == "__init__.py" else name + "." + f[:-3], os.path.join(base_path, name, f)))

    def module(path, base_path):
        found.append((path[:-3], os.path.join(base_path, path)))

    exec(manifest_text, {"package": package, "module": module})
    return found


def frozen_digest(manifest_text):
    """SHA-256 of the files a manifest freezes: a build is stale when one of them changed, not
    only when the manifest names other files."""
    h = hashlib.sha256()
    for _, path in manifest_files(manifest_text):
        with open(path, "rb") as f:
            h.update(path.encode() + b"\0" + f.read())
    return h.hexdigest()


def build(src, work, name, manifest_text, jobs):
    """The unix port built 32-bit with ``manifest_text`` frozen: the binary's path. Both builds
    share one object folder (only frozen_content.c differs); a binary is rebuilt only when its
    manifest or the make flags changed."""
    manifest_path = os.path.join(work, "manifest-%s.py" % name)
    binary = os.path.join(work, "micropython-" + name)
    stamp = binary + ".stamp"
    key = "\n".join([manifest_text, " ".join(MAKE_FLAGS), src, version_of(src), frozen_digest(manifest_text)])
    if os.path.exists(binary) and os.path.exists(stamp):
        with open(stamp) as f:
            if f.read() == key:
                return binary
    with open(manifest_path, "w") as f:
        f.write(manifest_text)
    # one object folder per source tree: make trusts an object newer than its source, and an
    # unpacked tarball's files keep their old dates
    obj = os.path.join(work, "build-unix32-" + hashlib.sha256(src.encode()).hexdigest()[:12])
    # the manifests use no micropython-lib package, but the build insists on its README
    no_lib = os.path.join(work, "no-micropython-lib")
    os.makedirs(no_lib, exist_ok=True)
    with open(os.path.join(no_lib, "README.md"), "w") as f:
        f.write("Empty: tools/memory/frozen_memory.py's manifests use no micropython-lib package.\n")
    log = os.path.join(work, "build-%s.log" % name)
    # MicroPython regenerates frozen_content.c only when a frozen file is newer than it: with
    # the other build's one in the shared folder, an empty manifest would keep it
    stale = os.path.join(obj, "frozen_content.c")
    if os.path.exists(stale):
        os.remove(stale)
    # mpy-cross first, on its own: made from the unix port's make it would get this build's
    # variables (BUILD, FROZEN_MANIFEST) and not link
    cross = ["make", "-C", os.path.join(src, "mpy-cross"), "-j%d" % jobs]
    cmd = ["make", "-C", os.path.join(src, "ports", "unix"), "-j%d" % jobs] + list(MAKE_FLAGS) + [
        "BUILD=" + obj, "PROG=micropython", "MPY_LIB_DIR=" + no_lib, "FROZEN_MANIFEST=" + manifest_path]
    say("frozen_memory: building %s (make -j%d, log %s)" % (os.path.basename(binary), jobs, log))
    t0 = time.time()
    with open(log, "w") as f:
        proc = subprocess.run(cross, stdout=f, stderr=subprocess.STDOUT)
        if proc.returncode == 0:
            proc = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT)
    if proc.returncode != 0:
        with open(log) as f:
            sys.stderr.write("".join(f.readlines()[-30:]))
        raise SystemExit("frozen_memory: the build of %s failed (exit %d; 32-bit gcc: apt-get install "
                         "gcc-multilib)" % (name, proc.returncode))
    shutil.copyfile(os.path.join(obj, "micropython"), binary)
    os.chmod(binary, 0o755)
    with open(stamp, "w") as f:
        f.write(key)
    say("frozen_memory: built %s in %.0f s" % (os.path.basename(binary), time.time() - t0))
    return binary


def unix_command(binary, run_dir, links, job, frozen, script, *script_args, heap=HEAP):
    """(command, folder to run it in): the unix binary running ``script`` through
    tools/firmware/mp_unix_run.py (arguments in a file), with the app at /mnt/app, the tables at /tables
    and tools/memory/ at /repo/tools (where its scripts were), as board_memory's VM has them; ``frozen``: the frozen
    app and its
    code.mpy, else the .mpy app. The port's heap holds the host folders' paths (each mount's)
    and the names it interns before the run (its arguments, the script's name): all of the same
    length whatever the checkout's or the work folder's path (``links``: symbolic links, a
    folder name of fixed length). Before, the figures moved by up to 112 B with those paths'
    lengths; now a setup gives the same figures to the byte run after run, and two work folders
    still differed by 16 B (the heap's layout decides whether a growing block, the interned
    names' text, grows in place)."""
    job_dir = os.path.join(run_dir, job)
    os.makedirs(job_dir, exist_ok=True)
    # the runner, shared by the jobs in run_dir: replaced whole (never rewritten in place under a
    # run that is reading it: tools/bench/core.py makes a command while other runs go on)
    runner = os.path.join(run_dir, "mp_unix_run.py")
    with open(os.path.join(ROOT, "tools", "firmware", "mp_unix_run.py"), "rb") as f:
        text = f.read()
    have = None
    if os.path.exists(runner):
        with open(runner, "rb") as f:
            have = f.read()
    if have != text:
        part = "%s.%d-%s" % (runner, os.getpid(), job)
        with open(part, "wb") as f:
            f.write(text)
        os.replace(part, runner)
    mounts = "|".join([os.path.join(links, "f" if frozen else "m") + ":" + VM_APP,
                       os.path.join(links, "t") + ":/tables", os.path.join(links, "r") + ":/repo/tools",
                       os.path.join(links, "l") + ":/lib/fonts"])
    search = (".frozen:" if frozen else "") + VM_APP
    with open(os.path.join(job_dir, "args"), "w") as f:
        f.write("\n".join([search, mounts, "/repo/tools/" + script] + [str(a) for a in script_args]) + "\n")
    return [binary, "-X", "heapsize=%s" % heap, "../mp_unix_run.py", "args"], job_dir


def make_links(app):
    """A folder /tmp/frozen_memory-XXXXXXXX (always as long) of links: m and f to the .mpy and
    the frozen app folders, t to the strategy tables, r to tools/."""
    links = tempfile.mkdtemp(prefix="frozen_memory-", dir="/tmp")
    for name, target in (("m", app["mpy"]), ("f", app["frozen"]), ("t", os.path.join(ROOT, "build", "tables")),
                         ("r", os.path.join(ROOT, "tools", "memory")), ("l", tour.FONTS)):
        os.symlink(target, os.path.join(links, name))
    return links


def run_all(jobs, parallel, stop=True):
    """{key: stdout} for jobs [(key, (command, folder))], ``parallel`` at a time; a failed run
    stops all, or with ``stop`` False: {key: (exit status, stdout, stderr)} for every run."""
    done = {}
    waiting = list(jobs)
    running = []
    while waiting or running:
        while waiting and len(running) < parallel:
            key, (cmd, cwd) = waiting.pop(0)
            running.append((key, subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                                  text=True)))
        key, proc = running.pop(0)
        out, err = proc.communicate()
        if not stop:
            done[key] = (proc.returncode, out, err)
            continue
        if proc.returncode != 0:
            sys.stderr.write(out[-3000:] + err)
            raise SystemExit("frozen_memory: the run %s failed (exit %d)" % (" ".join(key), proc.returncode))
        done[key] = out
    return done


def costs_from(out):
    costs = {}
    for line in out.splitlines():
        if line.startswith("COST "):
            _, name, size = line.split()
            costs[name] = int(size)
    return costs


BLOCK = 16  # bytes per heap block on a 32-bit port (mem_info counts blocks)


def parse_fit(out):
    """(steps, most used B, its step, least largest free block B, its step, RESULT dict or None)
    of an mp_heap_fit.py run's output: ``FIT label`` then the port's mem_info lines per step."""
    label = None
    steps = 0
    most, most_at, least_block, least_at = 0, "", 1 << 62, ""
    result = None
    for line in out.splitlines():
        if line.startswith("FIT "):
            label = line[4:]
            steps += 1
        elif line.startswith("GC: total:") and label is not None:
            used = int(line.split("used:")[1].split(",")[0])
            if used > most:
                most, most_at = used, label
        elif "max free sz:" in line and label is not None:
            block = int(line.split("max free sz:")[1]) * BLOCK
            if block < least_block:
                least_block, least_at = block, label
        elif line.startswith("RESULT "):
            result = dict(kv.split("=", 1) for kv in line[7:].split())
    return steps, most, most_at, least_block, least_at, result


def last_step(out):
    """The label of the last step a run reached (where a failed run stopped)."""
    labels = [line[4:] for line in out.splitlines() if line.startswith("FIT ")]
    return labels[-1] if labels else "start-up"


def fit_line(board, budget, double, first, second, crc):
    """(line, ok) for one board's tour run in a heap of ``budget`` + ``double`` bytes: its two
    parts' (exit status, stdout, stderr) (``second`` None when the first failed) and the run CRC
    it must give."""
    head = "%s (frozen, heap %d + %d B):" % (board, budget, double)
    for part, run in (("first", first), ("second", second)):
        if run is None:
            continue
        status, out, err = run
        if status != 0:
            why = "MemoryError" if "MemoryError" in out + err else "exit %d" % status
            return "%s %s after step %s of the %s power-on; OVER" % (head, why, last_step(out), part), False
    f, s = parse_fit(first[1]), parse_fit(second[1])
    most, most_at = max((f[1], f[2]), (s[1], s[2]))
    block, block_at = min((f[3], f[4]), (s[3], s[4]))
    got = s[5] or {}
    same = got.get("crc") == crc
    line = ("%s the whole tour ran (%d steps); most used after a collection %d B at %s; least largest free "
            "block %d B at %s; run crc %s%s; %s" % (
                head, f[0] + s[0], most, most_at, block, block_at, got.get("crc"),
                "" if same else " (DIFFERENT from %s)" % crc, "ok" if same else "FAILED"))
    return line, same


def parse_args(argv):
    args = {"micropython": None, "mirror": None, "debian": False, "tag": TAG, "boards": [], "ceilings": None,
            "work": None, "jobs": 2, "wasm": True, "fit": False}
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("--micropython", "--mirror", "--tag", "--work", "--board", "--jobs", "--ceilings") \
                and i + 1 < len(argv):
            value = argv[i + 1]
            if a == "--board":
                args["boards"].append(value)
            elif a == "--jobs":
                args["jobs"] = int(value)
            else:
                args[a[2:]] = value
            i += 2
        elif a == "--no-wasm":
            args["wasm"] = False
            i += 1
        elif a in ("--debian", "--fit"):
            args[a[2:]] = True
            i += 1
        else:
            raise SystemExit(__doc__)
    if [args["micropython"] is not None, args["mirror"] is not None, args["debian"]].count(True) != 1:
        raise SystemExit("frozen_memory: give one of --debian, --micropython DIR, --mirror GITDIR\n" + __doc__)
    if args.get("ceilings") and not args["boards"]:  # the boards the app ships to frozen
        args["boards"] = common.frozen_boards(args["ceilings"])
    args["boards"] = args["boards"] or list(common.PROFILES)
    for b in args["boards"]:
        if b not in common.BUDGETS:
            raise SystemExit("unknown board %r" % b)
    return args


def main(argv):
    args = parse_args(argv)
    work = os.path.abspath(args["work"] or os.path.join(tempfile.gettempdir(), "frozen_memory"))
    os.makedirs(work, exist_ok=True)
    src = source_tree(args, work)
    version = version_of(src)
    binaries = {"mpy": build(src, work, "mpy", NOTHING, args["jobs"]),
                "frozen": build(src, work, "frozen", manifest(), args["jobs"])}
    # folders named app, as board_memory's: the VMs see them at /mnt/app
    app_mpy = os.path.join(work, "mpy", "app")  # every module as .mpy (board_memory's compile_app)
    app_frozen = os.path.join(work, "frozen", "app")  # code.mpy only: the rest is frozen
    for folder in (app_mpy, app_frozen):
        shutil.rmtree(folder, ignore_errors=True)
    tour.compile_app(app_mpy)
    os.makedirs(app_frozen)
    shutil.copyfile(os.path.join(app_mpy, "code.mpy"), os.path.join(app_frozen, "code.mpy"))
    app = {"mpy": app_mpy, "frozen": app_frozen}
    say("frozen_memory: MicroPython %s unix port, 32-bit (%s); the app frozen: %d modules; from .mpy: %s"
        % (version, os.path.basename(src), len(frozen_modules()), subprocess.run(
            [tour.mpy_cross(), "--version"], capture_output=True, text=True).stdout.strip()))
    t0 = time.time()
    jobs = []
    run_dir = os.path.join(work, "run")
    links = make_links(app)
    atexit.register(shutil.rmtree, links, True)  # the links only
    modules = {}
    keys = []
    for board in args["boards"]:
        modules[board] = ",".join(tour.import_order(tour.app_modules(board).split(",")))
        keys += [(board, "frozen"), (board, "mpy")] + ([(board, "wasm")] if args["wasm"] else [])

    def command(key, part):
        board, kind = key
        if kind == "wasm":
            return tour.vm_command(app_mpy, "mp_board_memory.py", board, modules[board],
                                   tour.SPACER, *part), ROOT
        return unix_command(binaries[kind], run_dir, links, "%s-%s-%s" % (board, kind, part[0]), kind == "frozen",
                            "mp_board_memory.py", board, modules[board], tour.SPACER, *part)

    # the tour's two power-ons in two fresh VMs, as board_memory runs them
    firsts = run_all([(k, command(k, ("first",))) for k in keys], max(1, args["jobs"]))
    firsts = {k: tour.parse_run(k[0], out) for k, out in firsts.items()}
    seconds = run_all([(k, command(k, ("second",) + tour.cut_figures(firsts[k][0]))) for k in keys],
                      max(1, args["jobs"]))
    jobs = keys + keys
    runs = {k: tour.summarize(*tour.join_parts(firsts[k], tour.parse_run(k[0], out)))
            for k, out in seconds.items()}
    # each module's own code per binary, over every module any board's run loaded
    names = set()
    for r in runs.values():
        for _, _, mods in r["steps"]:
            names.update(m for m in mods.split(",") if m)
    order = ",".join(tour.import_order(sorted(names)))
    cost_jobs = []
    for kind in ("frozen", "mpy"):
        cost_jobs.append((("costs", kind), unix_command(
            binaries[kind], run_dir, links, "costs-" + kind, kind == "frozen",
            # with the fakes of CircuitPython's hardware modules (the same modules for every board;
            # only the pins differ): the boards' libraries import them
            "mp_module_costs.py", order, tour.SPACER, args["boards"][0])))
    costs = {key[1]: costs_from(out) for key, out in run_all(cost_jobs, max(1, args["jobs"])).items()}
    status = 0
    for board in args["boards"]:
        a, b = runs[(board, "mpy")], runs[(board, "frozen")]
        frozen_line = tour.report_line(board, b)
        say(frozen_line.replace(board + ":", board + " (frozen):", 1))
        if args["fit"] and frozen_line.endswith("OVER"):
            status = 1
        say(tour.report_line(board, a).replace(board + ":", board + " (.mpy, unix):", 1))
        code_b = tour.code_per_step(b, costs["frozen"])[0]
        code_a = tour.code_per_step(a, costs["mpy"])[0]
        say("  %s detail: frozen %d B less than from .mpy; peak at %s (frozen), %s (.mpy); code loaded at "
            "the peak step %d B (frozen), %d B (.mpy); subtracted %s B (frozen), %s B (.mpy)" % (
                board, a["peak"] - b["peak"], b["peak_at"], a["peak_at"], code_b, code_a, b["double"],
                a["double"]))
        tours = [("frozen", b), (".mpy", a)]
        if args["wasm"]:
            w = runs[(board, "wasm")]
            tours.append(("board_memory", w))
            say("  %s board_memory (WebAssembly VM, .mpy): peak %d B at %s" % (board, w["peak"], w["peak_at"]))
        same = len(set((r["crc"], r["totals"]) for _, r in tours)) == 1
        say("  %s run crc %s, totals %s: %s" % (
            board, b["crc"], b["totals"], "the same in the runs " + ", ".join(k for k, _ in tours) if same else
            "DIFFERENT: " + "; ".join("%s crc %s totals %s" % (k, r["crc"], r["totals"]) for k, r in tours)))
        if not same:
            status = 1
    say("frozen_memory: %d runs in %.0f s" % (len(jobs) + len(cost_jobs), time.time() - t0))
    if args["fit"]:
        status = fit(args, binaries, run_dir, links, {b: runs[(b, "frozen")]["crc"] for b in args["boards"]},
                     {b: int(runs[(b, "frozen")]["double"]) for b in args["boards"]}) or status
    return status


def fit(args, binaries, run_dir, links, crcs, doubles):
    """--fit: each board's tour in the frozen binary (tools/memory/mp_heap_fit.py) with a heap of the
    board's budget plus ``doubles`` (what the stand-in, the board double and the driver hold at
    start-up, measured in the frozen run: not on a board) and what the runner holds before it
    (mp_heap_fit.py ``base``); 1 when a board's tour does not end there or plays another tour.
    Then, for the boards whose tour ended, how much less heap it still ends in (``margins``):
    what is left of the budget once fragmentation and garbage are paid for."""
    t0 = time.time()

    def command(board, part, heap):
        return unix_command(binaries["frozen"], run_dir, links, "%s-fit-%s-%s" % (board, part[0], heap), True,
                            "mp_heap_fit.py", board, *part, heap=heap)

    bases = run_all([(b, command(b, ("base",), HEAP)) for b in args["boards"]], max(1, args["jobs"]))
    bases = {b: int(out.split("BASE ")[1].split()[0]) for b, out in bases.items()}
    extra = {b: doubles[b] + bases[b] for b in args["boards"]}
    heaps = {b: common.BUDGETS[b] + extra[b] for b in args["boards"]}

    firsts = run_all([(b, command(b, ("first",), heaps[b])) for b in args["boards"]], max(1, args["jobs"]),
                     stop=False)
    cuts = {}
    for b in args["boards"]:
        if firsts[b][0] == 0:  # the saved bytes go in a file (mp_heap_fit.read_saved), the rest as text
            cut = tour.cut_figures(parse_fit(firsts[b][1])[5])
            saved = os.path.join(run_dir, "%s-saved.hex" % b)
            with open(saved, "w") as f:
                f.write(cut[0])
            cuts[b] = (saved,) + cut[1:]
    seconds = run_all([(b, command(b, ("second",) + cuts[b], heaps[b])) for b in cuts], max(1, args["jobs"]),
                      stop=False)
    status = 0
    passed = []
    for board in args["boards"]:
        line, ok = fit_line(board, common.BUDGETS[board], extra[board], firsts[board], seconds.get(board),
                            crcs[board])
        say(line)
        if ok:
            passed.append(board)
        else:
            for run in (firsts[board], seconds.get(board)):
                if run is not None and run[0] != 0:  # the traceback's last lines
                    say("  " + "\n  ".join((run[1] + run[2]).strip().splitlines()[-6:]))
        status = status or (0 if ok else 1)
    say("frozen_memory: the tours in budget-sized heaps, %d runs in %.0f s: %s" % (
        len(firsts) + len(seconds), time.time() - t0, "FAILED" if status else "every board's ended"))
    if passed:
        t0 = time.time()

        def ends(probes):
            jobs = [((b, part[0]), command(b, part, heap)) for b, heap in probes
                    for part in (("first",), ("second",) + cuts[b])]
            done = run_all(jobs, max(1, args["jobs"]), stop=False)
            return {b: done[(b, "first")][0] == 0 and done[(b, "second")][0] == 0 for b, _ in probes}

        margin, runs = margins(passed, heaps, ends)
        for board in passed:
            capped = margin[board] >= MARGIN_STEP * MARGIN_STEPS
            say("%s (frozen): the tour also ends in every heap down to %d B, %d B less (in steps of %d B)%s: "
                "%s%d B of the budget to spare beyond fragmentation and garbage" % (
                    board, heaps[board] - margin[board], margin[board], MARGIN_STEP,
                    "; not tried further" if capped else ", and not in the next step down",
                    "at least " if capped else "", margin[board]))
            say("  %s: the heap's extra %d B = the stand-in, doubles and driver %d B + the runner %d B" % (
                board, extra[board], doubles[board], bases[board]))
        say("frozen_memory: the margins, %d runs in %.0f s" % (runs, time.time() - t0))
    return status


MARGIN_STEP = 2048  # the margin's resolution (bytes)
MARGIN_STEPS = 16  # at most this many steps down per board: a margin of 32 KB is plenty


def margins(boards, heaps, ends, step=MARGIN_STEP, most=MARGIN_STEPS):
    """({board: the most bytes taken off its heap in ``step``s with the tour still ending at
    every step on the way down}, runs): the boards a step at a time from ``heaps`` (where each
    board's tour ended) until each fails once. A scan, not a bisection: with fragmentation, a
    tour that ends in one heap may fail in a larger one, so only an unbroken run of heaps
    counts; ``ends([(board, heap)])`` -> {board: the tour ended}."""
    margin = {b: 0 for b in boards}
    going = list(boards)
    runs = 0
    while going:
        probes = [(b, heaps[b] - margin[b] - step) for b in going
                  if margin[b] + step <= min(heaps[b] // 2, most * step)]
        if not probes:
            break
        runs += 2 * len(probes)
        ended = ends(probes)
        going = []
        for b, _ in probes:
            if ended[b]:
                margin[b] += step
                going.append(b)
    return margin, runs

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
