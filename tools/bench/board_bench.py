"""Does the game fit each board? Measured on CircuitPython itself, one line per board and run:

    python tools/board_bench.py [--board NAME ...] [--mpy-only] [--need] [--tour] [--states FILE] [--work DIR]
        [--cuts N] [--cut-seed S]

    pybadge (CircuitPython 10 core, .mpy): peak N B of 128000 B budget, free at peak N %; in a 128000-byte
      heap (its budget) the tour ended|MemoryError after STEP; margin N B; in a heap 20 % smaller ... ; fits: yes|no

The lines, the runs and the judge: docs/memory.md, "tools/bench/board_bench.py"."""

import os
import sys
import time

TOOLS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROOT = os.path.dirname(TOOLS)
sys.path.insert(0, ROOT)

from tools import common
from tools.bench import core, states
from tools.ship import shorten_names

FIRMWARE = os.path.join(TOOLS, "firmware", "emulated_boards.py")
PROBLEMS = []  # what fails the run whatever the states say


def parse_args(argv):
    args = {"boards": [], "kinds": list(core.KINDS), "tour": False, "states": None, "need": False,
            "work": os.path.join(ROOT, "build", "board_bench"), "cuts": None, "cut-seed": None}
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("--board", "--states", "--work") and i + 1 < len(argv):
            if a == "--board":
                args["boards"].append(argv[i + 1])
            else:
                args[a[2:]] = argv[i + 1]
            i += 2
        elif a in ("--cuts", "--cut-seed") and i + 1 < len(argv) and argv[i + 1].isdigit():
            args[a[2:]] = int(argv[i + 1])
            i += 2
        elif a == "--mpy-only":
            args["kinds"] = ["mpy"]
            i += 1
        elif a in ("--tour", "--need"):
            args[a[2:]] = True
            i += 1
        else:
            raise SystemExit(__doc__)
    args["boards"] = args["boards"] or list(common.PROFILES)
    for b in args["boards"]:
        if b not in common.BUDGETS:
            raise SystemExit("board_bench: unknown board %r" % b)
    return args


def core_lines(args):
    t0 = time.time()
    bench = core.Bench(args["boards"], args["kinds"], os.path.abspath(args["work"]))
    core.say("board_bench: CircuitPython 10's VM core and mpy-cross ready (%.0f s)" % (time.time() - t0))
    try:
        runs = bench.measure()
        fits = bench.fit(runs, need=args["need"])
    finally:
        bench.close()
    lines = []
    for board in args["boards"]:
        for kind in args["kinds"]:
            text, _ = core.line(board, kind, runs[(board, kind)], fits[(board, kind)])
            lines.append(text)
            core.say(text)
            core.say(core.detail(board, kind, runs[(board, kind)], fits[(board, kind)]))
            core.say(core.by_step(board, kind, runs[(board, kind)]))
            ended, _, tail = fits[(board, kind)]["budget_run"]
            if not ended:
                core.say("    " + tail.replace("\n", "\n    "))
            smaller = fits[(board, kind)]["smaller_run"]
            if smaller is not None and not smaller[1][0]:  # where the heap 20 % smaller ran out
                core.say("    (in %d B) " % smaller[0] + smaller[1][2].replace("\n", "\n    "))
    for board in args["boards"]:
        crcs = {kind: runs[(board, kind)]["crc"] for kind in args["kinds"]}
        if len(set(crcs.values())) > 1:  # the .mpy files are renamed and folded, the frozen app is not
            PROBLEMS.append("board_bench: %s: the tour's crc differs between the runs (%s): the .mpy files "
                            "deploy writes do not do what the source does" % (
                                board, ", ".join("%s %s" % item for item in sorted(crcs.items()))))
    for stage, (seconds, n) in bench.times.items():
        core.say("board_bench: %s: %d unix runs in %.0f s" % (stage, n, seconds))
    return lines, runs


def firmware_lines(tour, cuts=None, cut_seed=None):
    """The emulated firmware's lines, when tools/firmware/emulated_boards.py is in the tree (an
    error in it is an error here)."""
    if not os.path.exists(FIRMWARE):
        return []
    sys.path.insert(0, os.path.dirname(FIRMWARE))
    try:
        import emulated_boards
    finally:
        sys.path.remove(os.path.dirname(FIRMWARE))

    t0 = time.time()
    extra = {} if cuts is None else {"cuts": cuts}
    if cut_seed is not None:
        extra["cut_seed"] = cut_seed
    lines = list(emulated_boards.bench_lines(tour=tour, **extra))
    for text in lines:
        core.say(text)
    core.say("board_bench: the emulated firmware in %.0f s" % (time.time() - t0))
    return lines


def check_modules(runs):
    """The modules the tour's start-up holds on CircuitPython's core (the list of what a board
    loads: tools/memory/tour.py ``app_modules``) must be those the stock firmware held at its
    start-up, for each board run both ways."""
    if not os.path.exists(FIRMWARE):
        return
    import emulated_boards  # (firmware_lines put it on the path, imported it)

    for (board, kind), r in sorted(runs.items()):
        firmware = emulated_boards.app_modules_at_start(board) if kind == "mpy" else None
        if firmware is None:
            continue
        label, _, modules = r["steps"][0]
        core_set = set(m for m in modules.split(",") if m)
        if label != "start-up" or core_set != set(firmware):
            PROBLEMS.append("board_bench: %s: the modules at start-up on the core are not the firmware's (only "
                            "the core: %s; only the firmware: %s)" % (
                                board, ", ".join(sorted(core_set - set(firmware))) or "-",
                                ", ".join(sorted(set(firmware) - core_set)) or "-"))
        else:
            core.say("board_bench: %s: the core's start-up holds the firmware's %d modules" % (board, len(firmware)))


def main(argv):
    args = parse_args(argv)
    t0 = time.time()
    stale = shorten_names.stale_words()
    if stale:
        PROBLEMS.append("board_bench: " + stale)
    lines, runs = core_lines(args)
    lines += firmware_lines(args["tour"], args["cuts"], args["cut-seed"])
    check_modules(runs)
    core.say("board_bench: %d lines in %.0f s" % (len(lines), time.time() - t0))
    for text in PROBLEMS:
        core.say(text)
    if PROBLEMS:
        return 1
    if args["states"] is None:
        return 0
    status, messages = states.judge(lines, states.read(args["states"]))
    for text in messages:
        core.say(text)
    core.say("board_bench: %s against %s" % ("FAILED" if status else "ok", os.path.relpath(args["states"], ROOT)))
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
