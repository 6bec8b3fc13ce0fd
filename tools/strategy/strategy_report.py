"""Figures of the device strategy engine in the MicroPython VM: decision time per turn, basic
operations and table reads per turn, RAM at start-up, and heap_lock for decisions.

    python tools/strategy/strategy_report.py [--games N] [keys...]     # prepares, then runs itself in the VM
    node tools/mpy_runner/run.mjs --heap 16m --mount build/vm_tables tools/strategy/strategy_report.py [N] [keys...]

The VM's file system only receives .py files, so the host step writes each table as a Python
module (``build/vm_tables/table_<key>.py``: ``DATA = b"..."``, built tables first if missing).
Inside the VM the table is written to the VM's own file system and read through
``hw/tables.FileSource`` (seek + readinto), the path a board takes. Keys: yahtzee_forced (default),
yahtzee_free, yatzy. Every turn of N games of the hard player (SeededDice 1..N) is measured,
and the same for medium (formula values, no table). CPython runs the same measurement when the
script is run with ``--here`` (timings of the host interpreter)."""

import gc
import sys
import time

KEYS = ("yahtzee_forced", "yahtzee_free", "yatzy")
RULES = {"yahtzee_forced": ("yahtzee", "forced"), "yahtzee_free": ("yahtzee", "free"), "yatzy": ("yatzy", None)}


def is_micropython():
    return sys.implementation.name in ("micropython", "circuitpython")


def ticks_us():
    if hasattr(time, "ticks_us"):
        return time.ticks_us()
    return int(time.perf_counter() * 1000000)


def diff_us(a, b):
    if hasattr(time, "ticks_diff"):
        return time.ticks_diff(a, b)
    return a - b


# -- inside the VM (or --here) --------------------------------------------------------------------


def measure(key, games, data=None, path=None):
    from yahtzee_core import engine as E
    from yahtzee_core import formula_values as FV
    from yahtzee_core import players as P
    from yahtzee_core import rules
    from yahtzee_core import strategy as S
    from yahtzee_core.seeded_dice import SeededDice
    from hw.tables import FileSource

    name, joker = RULES[key]
    rs = rules.get(name, joker)
    if data is not None:  # the VM: put the table in the VM's file system, read it as a board does
        path = "/tmp/%s.bin" % key
        with open(path, "wb") as fh:
            fh.write(data)
        data = None
    gc.collect()
    a0 = gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0
    t0 = ticks_us()
    src = FileSource(path)
    planner = S.TurnPlanner(rs)
    tv = S.TableValues(src, rs)
    t_start = diff_us(ticks_us(), t0)
    gc.collect()
    ram = (gc.mem_alloc() - a0) if hasattr(gc, "mem_alloc") else -1
    gc.collect()
    a1 = gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0
    t0 = ticks_us()
    formula = FV.FormulaValues(rs=rs)
    t_formula = diff_us(ticks_us(), t0)
    gc.collect()
    ram_formula = (gc.mem_alloc() - a1) if hasattr(gc, "mem_alloc") else -1
    buffers = (len(planner.jscore) + len(planner.face) + len(planner.open) + len(planner._counts)
               + 4 * (len(planner.boxq) + len(planner.x3) + len(planner.x2) + len(planner.hold)
                      + len(planner.box)) + 2 * len(planner.sub))
    lat = planner.lat
    buffers_lat = len(lat.up) + 2 * len(lat.sortkey) + len(lat.yroll) + len(lat.lowbit) + len(lat.bits)
    buffers_tv = 2 * len(tv.ustart) + len(tv.urank) + len(tv.base_row) + len(tv.step_row) + len(tv.run)
    if ram >= 0:
        print("%s: start-up RAM (gc.mem_alloc delta) planner + table reader %d B, medium's formula %d B"
              % (key, ram, ram_formula))
    else:
        print("%s: start-up RAM: n/a (no gc.mem_alloc on CPython)" % key)
    print("    of which buffers: planner %d B, multiset lattice %d B, table reader %d B"
          % (buffers, buffers_lat, buffers_tv))
    print("    start-up time: planner + table reader %.0f ms (with the lattice when first), formula %.0f ms"
          % (t_start / 1000.0, t_formula / 1000.0))

    class _Tables:
        def values_for(self, r):
            return tv

    results = []
    for level, player in (("hard", P.HardPlayer(planner, _Tables(), formula)),
                          ("medium", P.PlanPlayer(planner, formula))):
        plan_us = []
        turn_us = []
        ops = []
        reads = []
        nbytes = []
        total = 0
        game = E.Game(rs, SeededDice(1), kinds=(E.HARD,))
        for seed in range(1, games + 1):
            game.rng.seed(seed)
            game.configure(rs, 1, (E.HARD,))
            while not game.over:
                turn = 0
                plans = planner.plans
                r0 = tv.reads
                b0 = tv.bytes_read
                t_plan = 0
                rnd = game.round
                while not game.over and game.round == rnd:
                    t0 = ticks_us()
                    p0 = planner.plans
                    move = player.choose(game)
                    dt = diff_us(ticks_us(), t0)
                    turn += dt
                    if planner.plans != p0:
                        t_plan = dt
                    game.act(move[0], move[1])
                    game.clear_events()
                if planner.plans != plans:
                    plan_us.append(t_plan)
                    turn_us.append(turn)
                    ops.append(planner.ops)
                    reads.append(tv.reads - r0)
                    nbytes.append(tv.bytes_read - b0)
            total += game.total(0)
        # allocation: one more game with the heap locked (MicroPython only)
        locked = "n/a (CPython)"
        try:
            import micropython

            lock = getattr(micropython, "heap_lock", None)
            unlock = getattr(micropython, "heap_unlock", None)
        except ImportError:
            lock = unlock = None
        if lock is not None:
            game.rng.seed(games + 1)
            game.configure(rs, 1, (E.HARD,))
            gc.collect()
            lock()
            try:
                while not game.over:
                    move = player.choose(game)
                    game.act(move[0], move[1])
                    game.clear_events()
                locked = "ok (a whole game of decisions allocated nothing)"
            except MemoryError:
                locked = "MemoryError"
            finally:
                unlock()
        n = len(turn_us)
        print("  %-6s %d games, %d turns, mean score %.1f" % (level, games, n, total / games))
        print("    decision time per turn: mean %.1f ms, max %.1f ms (plan alone: mean %.1f ms, max %.1f ms)"
              % (sum(turn_us) / n / 1000.0, max(turn_us) / 1000.0, sum(plan_us) / n / 1000.0, max(plan_us) / 1000.0))
        print("    basic operations per turn: mean %d, max %d" % (sum(ops) // n, max(ops)))
        if level == "hard":
            print("    table reads per turn: mean %.1f, max %d; bytes read per turn: mean %d, max %d"
                  % (sum(reads) / n, max(reads), sum(nbytes) // n, max(nbytes)))
        print("    heap_lock: %s" % locked)
        results.append((level, n, sum(turn_us) / n, max(turn_us), sum(ops) / n, max(reads) if reads else 0))
    src.close()
    return results


def vm_main(argv):
    games = 20
    keys = []
    for a in argv:
        if a.isdigit():
            games = int(a)
        else:
            keys.append(a)
    print("implementation: %s %s" % (sys.implementation.name,
                                     ".".join([str(v) for v in sys.implementation.version[:3]])))
    for key in keys or ["yahtzee_forced"]:
        mod = __import__("table_" + key)
        data = mod.DATA
        del mod
        sys.modules.pop("table_" + key, None)
        gc.collect()
        measure(key, games, data=data)
        data = None
        gc.collect()


# -- on the host: prepare the data modules and run in the VM ---------------------------------------


def host_main(argv):
    import argparse
    import os
    import subprocess

    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("keys", nargs="*", default=["yahtzee_forced"], help=", ".join(KEYS))
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--here", action="store_true", help="measure in this interpreter instead of the VM")
    args = ap.parse_args(argv)
    tables = os.path.join(root, "build", "tables")
    for key in args.keys:
        if not os.path.exists(os.path.join(tables, key + ".bin")):
            subprocess.run([sys.executable, os.path.join(root, "tools", "strategy", "solve.py"), "--write-tables",
                            "--variant", key], check=True, cwd=root)
    if args.here:
        sys.path.insert(0, root)
        for key in args.keys:
            measure(key, args.games, path=os.path.join(tables, key + ".bin"))
        return 0
    out = os.path.join(root, "build", "vm_tables")
    os.makedirs(out, exist_ok=True)
    for key in args.keys:
        src = os.path.join(tables, key + ".bin")
        dst = os.path.join(out, "table_%s.py" % key)
        if not os.path.exists(dst) or os.path.getmtime(dst) < os.path.getmtime(src):
            with open(src, "rb") as fh:
                data = fh.read()
            with open(dst + ".tmp", "w") as fh:
                fh.write("DATA = %r\n" % data)
            os.replace(dst + ".tmp", dst)
    heap = "16m" if "yatzy" in args.keys else "8m"
    cmd = ["node", os.path.join(root, "tools", "mpy_runner", "run.mjs"), "--heap", heap, "--mount", out,
           os.path.join(root, "tools", "strategy", "strategy_report.py"), str(args.games)] + list(args.keys)
    print("$ " + " ".join(os.path.relpath(c, root) if c.startswith(root) else c for c in cmd), flush=True)
    return subprocess.run(cmd, cwd=root).returncode


if __name__ == "__main__":
    if is_micropython():
        vm_main(sys.argv[1:])
    else:
        sys.exit(host_main(sys.argv[1:]))
