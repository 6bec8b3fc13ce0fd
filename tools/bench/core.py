"""Every board's whole-app tour on CircuitPython 10's VM core (its 32-bit unix port with the
boards' Python stack and float objects, built by tools/firmware/circuitpython_build.py ``core_binary``),
for tools/bench/board_bench.py:

- ``.mpy``: the app as the .mpy files tools/ship/deploy.py writes (CircuitPython's mpy-cross,
  deploy's own ``install``), loaded from a folder the port mounts; ``frozen``: the app frozen
  into the port through a manifest (tools/memory/frozen_memory.py ``manifest``), code.py a file;
- the peak and its parts: tools/memory/mp_board_memory.py stepped by tools/firmware/mp_unix_run.py (a 16 MiB
  heap, a 12 MiB spacer), read by tools/memory/board_memory.py: what the displayio stand-in, the board
  double, the fakes of CircuitPython's modules and the driver hold is measured there and taken
  off (``double``); each board's own make_board runs on the fakes and counts;
- the run in a fixed heap (tools/memory/mp_heap_fit.py): the board's budget plus what that run's
  stand-ins and driver hold (``double``), the runner's own ``base`` and what this port's interned
  names take beyond a board's at the peak (``names_given``: a board's .mpy files are renamed to
  its firmware's flash names, which this port interns), the port's collector
  tables added back (``heap_for``), so the heap the app gets is the budget; then the same in a
  heap 20 % smaller, and the margin (how much smaller the heap can be, in 2 KB steps, and the
  tour still end: at least those 20 % when it ended there, else found by bisection).

Two unix runs at a time (``JOBS``), each slot given the next run as soon as its own ends
(``run_jobs``); a second power-on starts when its first has ended, and in a fixed heap only when
the first ended there (a line reports the first power-on that failed: the second's result
was never read)."""

import concurrent.futures
import json
import os
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from tools import common
from tools.firmware import circuitpython_build
from tools.memory import frozen_memory, tour
from tools.ship import deploy

JOBS = 2
KINDS = ("mpy", "frozen")
MARGIN_STEP = 2048
SMALLER = common.SMALLER


def say(text):
    print(text)
    sys.stdout.flush()


def _words(key):
    """A run's key, ((board, kind), part) or a name, as words."""
    if not isinstance(key, tuple):
        return [str(key)]
    return [w for part in key for w in _words(part)]


def run_jobs(jobs, parallel, then=None, stop=False):
    """{key: (exit status, stdout, stderr)} of the runs ``jobs`` [(key, (command, folder))],
    ``parallel`` at a time, a slot taking the next run as soon as its own ends (in whatever order
    they end). ``then(key, result)``: the runs to add after that one ended, [(key, (command,
    folder))]. ``stop``: a failed run stops the others and ends this with SystemExit (its output
    on stderr), as frozen_memory.run_all does."""
    def run(cmd, cwd):
        proc = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        return proc.returncode, proc.stdout, proc.stderr

    done = {}
    pool = concurrent.futures.ThreadPoolExecutor(parallel)
    try:
        running = {pool.submit(run, *job): key for key, job in jobs}
        while running:
            finished, _ = concurrent.futures.wait(running, return_when=concurrent.futures.FIRST_COMPLETED)
            for future in finished:
                key = running.pop(future)
                done[key] = future.result()
                status, out, err = done[key]
                if stop and status != 0:
                    sys.stderr.write(out[-3000:] + err)
                    raise SystemExit("board_bench: the run %s failed (exit %d)" % (" ".join(_words(key)), status))
                for more_key, job in (then(key, done[key]) if then else ()):
                    running[pool.submit(run, *job)] = more_key
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    return done


def compile_app(dest, cross, board=None):
    """board_memory's app folder, each module compiled as tools/ship/deploy.py compiles it for
    ``board`` (its ``install``, with CircuitPython's mpy-cross, the names renamed to that board's
    flash names too; code.py stays source, compacted, as on a drive)."""
    shutil.rmtree(dest, ignore_errors=True)
    os.makedirs(dest)
    written = deploy.install(tour.app_files(), dest, cross,
                             keep_from=deploy.SOURCE_ONLY + tour.DRIVERS, board=board)
    os.remove(os.path.join(dest, ".pocket-yahtzee-build"))
    if board:
        with open(drive_names_path(dest), "w", encoding="utf-8") as f:
            json.dump(drive_names(board), f, sort_keys=True)
    return sum(size for _, size in written)


def drive_names_path(app):
    return os.path.join(os.path.dirname(app), "drive_names.json")


def drive_names(board):
    """{name in the measured app: the name a player's drive for ``board`` gives it}, where the two
    differ. The measured app keeps every word its VM drivers and doubles name (the tour reads
    ``app.current_id``, ``S.TITLE``...), ~300 names that ``deploy.py --board`` renames on a drive,
    most to a name the firmware holds in flash; tools/memory/tour.py ``names_fix`` counts the
    interned names as the drive's (``drive``). The drive here: the measured app without them."""
    files = tour.app_files()
    _, bench = deploy.renamed(files, deploy.SOURCE_ONLY + tour.DRIVERS, board)
    drivers = set(tour.DRIVERS)
    _, drive = deploy.renamed([(src, target) for src, target in files
                               if os.path.relpath(src, deploy.ROOT) not in drivers], deploy.SOURCE_ONLY, board)
    out = {}
    for old in set(bench) | set(drive):
        if bench.get(old, old) != drive.get(old, old):
            out[bench.get(old, old)] = drive.get(old, old)
    return out


def prepare(work, kinds, boards):
    """({kind: binary}, {board: {kind: app folder}}, cross): the ports and the app folders (the
    .mpy files are each board's own: deploy renames to the board's flash names)."""
    cross = circuitpython_build.ensure()[0]
    binaries = {"mpy": circuitpython_build.core_binary(jobs=JOBS)}
    if "frozen" in kinds:
        text = frozen_memory.manifest()
        files = [path for _, path in frozen_memory.manifest_files(text)]
        binaries["frozen"] = circuitpython_build.core_binary(text, files, "frozen", jobs=JOBS)
    frozen = os.path.join(work, "frozen", "app")
    apps = {b: {"mpy": os.path.join(work, "mpy", b, "app"), "frozen": frozen} for b in boards}
    with concurrent.futures.ProcessPoolExecutor(JOBS) as pool:
        for done in [pool.submit(compile_app, apps[b]["mpy"], cross, b) for b in boards]:
            done.result()
    shutil.rmtree(frozen, ignore_errors=True)
    os.makedirs(frozen)
    shutil.copyfile(os.path.join(apps[boards[0]]["mpy"], "code.py"), os.path.join(frozen, "code.py"))
    return binaries, apps, cross


def heap_for(binary, want, run_dir):
    """-X heapsize for a heap whose collector sees ``want`` bytes: the port takes its tables
    (allocation, finaliser and CircuitPython's collect-or-not bits, ~3 %) out of the heap it is
    given, a board's budget is what gc.mem_free() reports. One probe run per binary."""
    cache = heap_for.__dict__.setdefault("ratio", {})
    if binary not in cache:
        probe = 1 << 20
        out = subprocess.run([binary, "-X", "heapsize=%d" % probe, "-c",
                              "import gc; gc.collect(); print(gc.mem_free() + gc.mem_alloc())"],
                             capture_output=True, text=True, cwd=run_dir, check=True).stdout
        cache[binary] = int(out.split()[-1]) / probe
    return -(-int(want / cache[binary]) // 16) * 16 + 16


class Bench:
    def __init__(self, boards, kinds, work):
        self.boards, self.kinds, self.work = boards, kinds, work
        self.binaries, apps, self.cross = prepare(work, kinds, boards)
        self.run_dir = os.path.join(work, "run")
        os.makedirs(self.run_dir, exist_ok=True)
        self.links = {b: frozen_memory.make_links(apps[b]) for b in boards}
        self.drive = {}  # board: compile_app's drive_names (the .mpy app's names as a drive has them)
        for b in boards:
            with open(drive_names_path(apps[b]["mpy"]), encoding="utf-8") as f:
                self.drive[b] = json.load(f)
        self.times = {}
        self.cuts = {}
        self.credits = {}  # (board, kind): the stand-in's most excess in the measured tour (fit)
        self.builds = {}  # ((board, kind), part): the stand-in's excess after each screen build (fit)

    def close(self):
        for links in self.links.values():
            shutil.rmtree(links, ignore_errors=True)

    def command(self, board, kind, job, script, *args, heap=frozen_memory.HEAP):
        return frozen_memory.unix_command(self.binaries[kind], self.run_dir, self.links[board], job,
                                          kind == "frozen", script, *args, heap=heap)

    def measure(self):
        """{(board, kind): tour.summarize's dict} of the tour's two power-ons."""
        t0 = time.time()
        modules = {b: ",".join(tour.import_order(tour.app_modules(b).split(",")))
                   for b in self.boards}
        keys = [(b, k) for b in self.boards for k in self.kinds]

        def command(key, part):
            board, kind = key
            return self.command(board, kind, "%s-%s-%s" % (board, kind, part[0]), "mp_board_memory.py", board,
                                modules[board], tour.SPACER, *part)

        firsts = {}

        def second(key, result):  # a board's second power-on as soon as its first has ended
            k, part = key
            if part != "first":
                return []
            firsts[k] = tour.parse_run(k[0], result[1], self.drive_for(k))
            self.builds[(k, "first")] = firsts[k][0]["builds"]
            # the second power-on's start in the fixed heaps: this run's saved bytes (the same tour)
            cut = tour.cut_figures(firsts[k][0])
            saved = os.path.join(self.run_dir, "%s-%s-saved.hex" % k)
            with open(saved, "w") as f:
                f.write(cut[0])
            self.cuts[k] = (saved,) + cut[1:]
            return [((k, "second"), command(k, ("second",) + cut))]

        done = run_jobs([((k, "first"), command(k, ("first",))) for k in keys], JOBS, then=second, stop=True)
        seconds = {k: tour.parse_run(k[0], done[(k, "second")][1], self.drive_for(k)) for k in keys}
        for k in keys:
            self.builds[(k, "second")] = seconds[k][0]["builds"]
        runs = {k: tour.summarize(*tour.join_parts(firsts[k], seconds[k])) for k in keys}
        self.times["tour peaks"] = (time.time() - t0, 2 * len(keys))
        return runs

    def drive_for(self, key):
        """The drive's names for a (board, kind) run: the .mpy app's (frozen names cost no heap)."""
        return self.drive.get(key[0]) if key[1] == "mpy" else None

    def tours(self, probes):
        """{(board, kind, heap): (ended, step or None, traceback tail)} of the tour in fixed heaps:
        ``probes`` [(board, kind, heap)]."""
        def command(board, kind, heap, part):
            return self.command(board, kind, "%s-%s-fit-%s-%d" % (board, kind, part[0], heap), "mp_heap_fit.py", board,
                                *part, "builds=" + self.builds[((board, kind), part[0])],
                                "credit=%d" % self.credits[(board, kind)], heap=heap)

        # the second power-on starts from the measured run's saved bytes, once the first has
        # ended in this heap (when the first did not, the line reports the first)
        def second(key, result):
            p, part = key
            if part == "first" and result[0] == 0:
                return [((p, "second"), command(*p, ("second",) + self.cuts[p[:2]]))]
            return []

        done_runs = run_jobs([((p, "first"), command(*p, ("first",))) for p in probes], JOBS, then=second)
        done = {}
        for p in probes:
            ran = [(part, done_runs[(p, part)]) for part in ("first", "second") if (p, part) in done_runs]
            failed = [(part, run) for part, run in ran if run[0] != 0]
            if not failed:
                done[p] = (True, None, "")
                continue
            part, (status, out, err) = failed[0]
            why = "MemoryError" if "MemoryError" in out + err else "exit %d" % status
            tail = "\n".join((out + err).strip().splitlines()[-6:])
            done[p] = (False, "%s after %s (%s power-on)" % (why, frozen_memory.last_step(out), part), tail)
        return done

    def base(self, kind):
        out = frozen_memory.run_all([("base", self.command(self.boards[0], kind, "base-" + kind, "mp_heap_fit.py", "-",
                                                           "base"))], 1)["base"]
        return int(out.split("BASE ")[1].split()[0])

    def fit(self, runs, need=False):
        """{(board, kind): {"heap", "extra", "budget_run", "smaller_run", "margin", "capped", "needs"}};
        ``need``: for a tour that does not end in the budget, the least heap (in 2 KB steps above
        the budget, by bisection up to its peak and a half) it ends in, as "needs"."""
        t0 = time.time()
        n = 0
        bases = {k: self.base(k) for k in self.kinds}
        # the stand-in's displayio objects' excess over C sizes, given back (tools/memory/mp_heap_fit.py)
        self.credits = {(b, k): int(runs[(b, k)]["fix_most"]) for b in self.boards for k in self.kinds}
        extra = {(b, k): int(runs[(b, k)]["double"]) + bases[k] + names_given(runs[(b, k)]) + self.credits[(b, k)]
                 for b in self.boards for k in self.kinds}

        def heap(key, budget):
            return heap_for(self.binaries[key[1]], budget + extra[key], self.run_dir)

        keys = list(extra)
        at_budget = self.tours([(b, k, heap((b, k), common.BUDGETS[b])) for b, k in keys])
        n += len(keys)
        fits = {}
        for b, k in keys:
            h = heap((b, k), common.BUDGETS[b])
            fits[(b, k)] = {"heap": h, "extra": extra[(b, k)], "base": bases[k], "budget_run": at_budget[(b, k, h)],
                            "smaller_run": None, "margin": 0, "capped": False, "needs": None}
        ended = [key for key in keys if fits[key]["budget_run"][0]]
        smaller = {key: heap(key, int(common.BUDGETS[key[0]] * (1 - SMALLER))) for key in ended}
        for (b, k, h), run in self.tours([key + (smaller[key],) for key in ended]).items():
            fits[(b, k)]["smaller_run"] = (h, run)
        n += len(ended)
        # the margin, in 2 KB steps: at least 20 % of the budget when the tour ended in the heap
        # 20 % smaller; else the largest step down that still ends, found by bisection between
        # the budget (ended) and 20 % less (did not). With fragmentation a tour that ends in one
        # heap may fail in a larger one: the bisection assumes it does not in between.
        lows = {}
        for key in ended:
            budget = common.BUDGETS[key[0]]
            if fits[key]["smaller_run"][1][0]:
                fits[key]["margin"], fits[key]["capped"] = budget - int(budget * (1 - SMALLER)), True
            else:  # in steps: it ends at lo steps down, not at hi
                lows[key] = [0, -(-(budget - int(budget * (1 - SMALLER))) // MARGIN_STEP)]
        while lows:
            probes = [(b, k, heap((b, k), common.BUDGETS[b] - (lo + hi) // 2 * MARGIN_STEP))
                      for (b, k), (lo, hi) in lows.items()]
            n += len(probes)
            done = self.tours(probes)
            for b, k, h in probes:
                lo_hi = lows[(b, k)]
                mid = (lo_hi[0] + lo_hi[1]) // 2
                lo_hi[0 if done[(b, k, h)][0] else 1] = mid
            for key in [key for key, (lo, hi) in lows.items() if hi - lo <= 1]:
                fits[key]["margin"] = lows.pop(key)[0] * MARGIN_STEP
        if need:
            n += self.needs(runs, fits, [key for key in keys if not fits[key]["budget_run"][0]], heap)
        self.times["fixed heaps"] = (time.time() - t0, n)
        return fits

    def needs(self, runs, fits, failed, heap):
        """Sets "needs" (bytes, or None when it did not end even at the top) of the ``failed``
        tours: the least heap above the budget, in 2 KB steps, it ends in (a bisection that
        assumes a tour that ends in a heap ends in every larger one); the number of runs."""
        spans = {}
        for key in failed:
            budget = common.BUDGETS[key[0]]
            top = -(-(int(runs[key]["peak"]) * 3 // 2 - budget) // MARGIN_STEP)
            spans[key] = [0, max(top, 1)]  # steps above the budget: it fails at lo, ends at hi (to check)
        n = 0
        tops = self.tours([key + (heap(key, common.BUDGETS[key[0]] + hi * MARGIN_STEP),)
                           for key, (lo, hi) in spans.items()])
        n += len(tops)
        for (b, k, h), run in tops.items():
            if not run[0]:
                del spans[(b, k)]
        while spans:
            probes = [(b, k, heap((b, k), common.BUDGETS[b] + (lo + hi) // 2 * MARGIN_STEP))
                      for (b, k), (lo, hi) in spans.items()]
            n += len(probes)
            done = self.tours(probes)
            for b, k, h in probes:
                lo_hi = spans[(b, k)]
                mid = (lo_hi[0] + lo_hi[1]) // 2
                lo_hi[1 if done[(b, k, h)][0] else 0] = mid
            for key in [key for key, (lo, hi) in spans.items() if hi - lo <= 1]:
                fits[key]["needs"] = common.BUDGETS[key[0]] + spans.pop(key)[1] * MARGIN_STEP
        return n


def names_given(r):
    """Bytes of the app's interned names this port holds beyond a board at the peak (the names the
    board's firmware has in flash, which this port interns; its larger pool tables): given to the
    fixed heap, as the stand-ins are (tools/memory/tour.py ``names_fix``; 0 when not known)."""
    fix = r.get("names_fix")
    return max(int(fix["total"]), 0) if fix else 0


def line(board, kind, r, fit):
    """One board_bench line (issue 22's form) and whether the board fits (issue 23)."""
    budget = common.BUDGETS[board]
    peak = int(r["peak"])
    free = 100.0 * (budget - peak) / budget
    ended, where, _ = fit["budget_run"]
    smaller = fit["smaller_run"]
    small_ok = smaller is not None and smaller[1][0]
    fits = ended and small_ok and free >= 100 * SMALLER
    margin = "%s%d B" % ("at least " if fit["capped"] else "", fit["margin"]) if ended else "none"
    if not ended and fit.get("needs"):
        margin += " (it ends in %d B, %d B more)" % (fit["needs"], fit["needs"] - budget)
    return ("%s (CircuitPython 10 core, %s): peak %d B of %d B budget, free at peak %d %%; in a %d-byte heap "
            "(its budget) the tour %s; margin %s; in a heap 20 %% smaller (%d B) the tour %s; fits: %s" % (
                board, ".mpy" if kind == "mpy" else "frozen", peak, budget, int(free // 1), budget,
                "ended" if ended else where, margin, int(budget * (1 - SMALLER)),
                ("ended" if small_ok else smaller[1][1]) if smaller else "not run (it did not end in its budget)",
                "yes" if fits else "no")), fits


def by_step(board, kind, r):
    """The peak of each of the tour's steps, one line (the steps after ``power_off`` are the
    second power-on's: a fresh VM)."""
    return "  %s %s by step: %s" % (board, kind, r["by_step"].replace(":", " ").replace(",", ", "))


def detail(board, kind, r, fit):
    """The parts of the peak and what was subtracted or added, one line."""
    return ("  %s %s: peak at %s; code %s B, screens %s B, strategy %s B; the board's own make_board on the fakes "
            "%s B (counted); subtracted: the displayio stand-in, board double, fakes and driver %s B; fixed heap "
            "%d B = budget %d B + stand-ins/driver %d B + runner %d B + names a board holds in flash or in "
            "smaller pools %d B + the stand-in's displayio excess over C sizes, given back %s B + the port's "
            "collector tables; run crc %s" % (
                board, kind, r["peak_at"], r["code"], r["screens"], r["strategy"], r.get("hardware", "?"),
                r["double"], fit["heap"], common.BUDGETS[board], int(r["double"]), fit["base"],
                names_given(r), r["fix_most"], r["crc"]))
