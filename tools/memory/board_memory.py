"""Does the whole app fit in each board's heap, in MicroPython's WebAssembly VM? One line per board
(the boards' figures in CI come from CircuitPython's own core: tools/bench/board_bench.py, which keeps
the same tour's books, tools/memory/tour.py):

    python tools/memory/board_memory.py [--board NAME ...] [--keep DIR] [--ceilings FILE] [--report FILE]

    pybadge: peak 93412 B of 128000 B budget; code 41000 B; screens 30000 B; strategy 24000 B; free 34588 B; ok

Exits 1 when a board is OVER, or with ``--ceilings FILE`` when a peak is above its ceiling. How it
measures, what the figures are and the budgets: docs/memory.md, "tools/memory/board_memory.py"."""

import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from tools.common import BUDGETS, PROFILES, frozen_boards, read_ceilings
from tools.firmware import static_names
from tools.memory.tour import (LINE, SPACER, SPACERS, code_per_step, compile_app, import_order,
                               app_modules, module_costs, mpy_cross, report_line, run_boards, summarize)


def check_lib():
    """lib/ must hold the pinned libraries and the rules font (tools/ship/fetch_libs.py makes them):
    without them the reader would read in terminalio's font, not the board's."""
    from tools.ship import fetch_libs

    problems = fetch_libs.check(fetch_libs.read_pins(), os.path.join(ROOT, "lib"))
    if problems:
        raise SystemExit("board_memory: " + "\n".join(problems) + "\nrun: python tools/fetch_libs.py")


def judge(lines, ceilings, frozen=()):
    """(exit status, messages) for report lines against the ceilings: 1 when a board's peak is
    above its ceiling, or a board has no ceiling, or a line is not in the report's form, or a
    board is OVER its budget and not in ``frozen`` (the boards the app ships to frozen into the
    firmware: from .mpy they are held to their ceilings, a regression gate on the app's code
    and objects; their fit is tools/memory/frozen_memory.py --fit's)."""
    status = 0
    messages = []
    for line in lines:
        m = LINE.match(line)
        if m is None:
            messages.append("board_memory: not a report line: %r" % line)
            status = 1
            continue
        board, peak, budget = m.group(1), int(m.group(2)), int(m.group(3))
        ceiling = ceilings.get(board)
        if ceiling is None:
            messages.append("board_memory: %s has no ceiling in the ceilings file" % board)
            status = 1
            continue
        if peak > ceiling:
            messages.append("board_memory: %s: peak %d B is above its ceiling %d B: a regression "
                            "(lower the peak; raise the ceiling only with a reason)" % (board, peak, ceiling))
            status = 1
        if m.group(8) == "OVER" and board in frozen:
            messages.append("board_memory: %s from .mpy is OVER its %d B budget by %d B; it ships frozen into "
                            "the firmware, where tools/memory/frozen_memory.py --fit judges its fit; ceiling %d B" % (
                                board, budget, peak - budget, ceiling))
        elif m.group(8) == "OVER":
            messages.append("board_memory: %s is OVER its %d B budget by %d B and ships from .mpy: it does "
                            "not fit" % (board, budget, peak - budget))
            status = 1
    return status, messages


def main(argv):
    boards = []
    keep = None
    ceilings = None
    frozen = ()
    report = None
    i = 0
    while i < len(argv):
        if argv[i] == "--board" and i + 1 < len(argv):
            boards.append(argv[i + 1])
            i += 2
        elif argv[i] == "--keep" and i + 1 < len(argv):
            keep = argv[i + 1]
            i += 2
        elif argv[i] == "--ceilings" and i + 1 < len(argv):
            ceilings = read_ceilings(argv[i + 1])
            frozen = frozen_boards(argv[i + 1])
            i += 2
        elif argv[i] == "--report" and i + 1 < len(argv):
            report = argv[i + 1]
            i += 2
        else:
            raise SystemExit(__doc__)
    boards = boards or list(PROFILES)
    for b in boards:
        if b not in BUDGETS:
            raise SystemExit("unknown board %r" % b)
    if report is not None:
        with open(report) as f:
            lines = [ln.rstrip("\n") for ln in f if LINE.match(ln.rstrip("\n"))]
        for line in lines:
            print(line)
        return finish(lines, ceilings, frozen)
    check_lib()
    work = keep or tempfile.mkdtemp(prefix="board_memory_")
    app_dir = os.path.join(work, "app")
    shutil.rmtree(app_dir, ignore_errors=True)
    mpy_bytes = compile_app(app_dir)
    print("compiled to .mpy with %s: %d bytes of files" % (
        subprocess.run([mpy_cross(), "--version"], capture_output=True, text=True).stdout.strip(), mpy_bytes))
    lines = []
    t0 = time.time()
    jobs = []
    for profile in boards:
        modules = ",".join(import_order(app_modules(profile).split(",")))
        jobs.append((profile, modules))
    runs = run_boards(jobs, app_dir, max(1, min(4, os.cpu_count() or 1)))
    for profile in boards:
        r = summarize(*runs[profile])
        line = report_line(profile, r)
        lines.append(line)
        print(line)
        names = set()
        for _, _, mods in r["steps"]:
            names.update(m for m in mods.split(",") if m)
        at_peak, (most, most_at) = code_per_step(r, module_costs(profile, app_dir, names))
        scene = dict(zip(("groups", "tilegrids", "tile_bytes", "bitmaps", "bitmap_bytes", "palettes",
                          "palette_entries"), r["scene"].split("/")))
        print("  %s detail: peak at %s; every object above a %d B spacer (the less of two runs, at it and 4 KB "
              "higher); subtracted: the displayio "
              "stand-in, board double, fakes of CircuitPython's modules and driver "
              "%s B, and the Python object overhead of the stand-in's displayio objects over "
              "CircuitPython's C objects; counted: the board's own make_board on the fakes "
              "(sim/vmhardware.py: its modules' code, its objects, the C objects' heap bytes) %s B at "
              "start-up; scene at the peak: %s groups, %s tile grids (%s B of tile indexes), "
              "%s bitmaps (%s B of pixels), %s palettes (%s colours); run crc %s, totals %s" % (
                  profile, r["peak_at"], SPACER,
                  r["double"], r.get("hardware",
                                     "?"), scene["groups"], scene["tilegrids"], scene["tile_bytes"], scene["bitmaps"],
                  scene["bitmap_bytes"], scene["palettes"], scene["palette_entries"], r["crc"], r["totals"]))
        f = r["names_fix"]
        if f is not None:
            print("  %s interned names as a board holds them, taken off at the peak: %d B (the app's %d "
                  "names' pool tables %d B in the VM, %d B on a board; module paths without the VM's "
                  "mount %d B; %d names the firmware holds in flash, %d B: tools/firmware/static_names/"
                  "%s.txt%s)" % (
                      profile, f["total"], f["names"], f["vm_pools"], f["board_pools"], f["paths"],
                      f["static"], f["static_bytes"], profile,
                      "" if static_names.read(profile) else ", none for this board"))
        print("  %s code loaded at the peak step: %d B; the most at any step: %d B (%s); "
              "modules at the peak: %s" % (profile, at_peak, most, most_at,
                                           r["modules_at_peak"].replace(",", " ")))
        print("  %s most live heap per kind of step (B, as peak): %s" % (
            profile, r["by_step"].replace(":", " ").replace(",", ", ")))
        costs = sorted(((int(c), m) for m, c in (kv.rsplit(":", 1) for kv in r["modules"].split(","))),
                       reverse=True)
        print("  %s code per module (B, largest first): %s" % (
            profile, ", ".join("%s %d" % (m, c) for c, m in costs)))
        sys.stdout.flush()
    print("board_memory: %d VM runs in %.0f s" % (2 * len(SPACERS) * len(jobs), time.time() - t0))
    if keep is None:
        shutil.rmtree(work, ignore_errors=True)
    return finish(lines, ceilings, frozen)


def finish(lines, ceilings, frozen=()):
    """Exit status: any board OVER (no ceilings), or with ceilings any board above its ceiling or
    OVER and not shipped frozen."""
    if ceilings is None:
        return 1 if any(line.endswith("OVER") for line in lines) else 0
    status, messages = judge(lines, ceilings, frozen)
    for text in messages:
        print(text)
    print("board_memory: %s against the ceilings" % ("FAILED" if status else "ok"))
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
