"""Where the non-code heap goes at one step of the whole-app run, per owner (issue 9):

    python tools/memory/heap_census.py [--board NAME ...] [--step LABEL] [--nth N] [--keep DIR]

    CONTAINS strategy: planner: array.i x7 (7128 B), bytearray x10 (6684 B), ...

How it finds the step and the owners: docs/memory.md, "tools/memory/heap_census.py"."""

import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from tools.memory import tour


def census_part(board, modules, app_dir, step, nth):
    """(occurrence within its part, part, cut figures...) of the ``nth`` ``step`` of the tour,
    which runs as board_memory runs it: up to the power cut in one VM, the board powered on
    again in a fresh one (the first part's run gives the cut figures); None if there is none."""
    first = tour.run_vms([(board, modules, ("first",))], app_dir, 1)[board]
    seen = sum(1 for s in first[1] if s[0] == step)
    if nth <= seen:
        return (nth, "first")
    second = tour.run_vms([(board, modules, ("second",) + tour.cut_figures(first[0]))],
                          app_dir, 1)[board]
    if nth - seen > sum(1 for s in second[1] if s[0] == step):
        return None
    return (nth - seen, "second") + tour.cut_figures(first[0])


def main(argv):
    boards = []
    step = "play"
    nth = 1
    keep = None
    i = 0
    while i < len(argv):
        if argv[i] == "--board" and i + 1 < len(argv):
            boards.append(argv[i + 1])
        elif argv[i] == "--step" and i + 1 < len(argv):
            step = argv[i + 1]
        elif argv[i] == "--nth" and i + 1 < len(argv):
            nth = int(argv[i + 1])
        elif argv[i] == "--keep" and i + 1 < len(argv):
            keep = argv[i + 1]
        else:
            raise SystemExit(__doc__)
        i += 2
    boards = boards or ["pybadge"]
    work = keep or tempfile.mkdtemp(prefix="heap_census_")
    app_dir = os.path.join(work, "app")
    if keep is None or not os.path.isdir(app_dir):
        shutil.rmtree(app_dir, ignore_errors=True)
        tour.compile_app(app_dir)
    status = 0
    for board in boards:
        modules = ",".join(tour.import_order(tour.app_modules(board).split(",")))
        part = census_part(board, modules, app_dir, step, nth)
        if part is None:
            sys.stderr.write("heap census: %s: no step %r (occurrence %d) in the tour\n" % (board, step, nth))
            status = 1
            continue
        cmd = tour.vm_command(app_dir, "mp_heap_census.py", board, step, part[0], modules,
                              tour.SPACER, *part[1:])
        at = cmd.index(os.path.join(ROOT, "tools", "memory", "mp_heap_census.py"))
        cmd[at:at] = ["--file", os.path.join(ROOT, "tools", "memory", "mp_board_memory.py")]
        proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
        if proc.returncode != 0:
            sys.stderr.write(proc.stdout + proc.stderr)
            status = 1
            continue
        figure = loaded = None
        freed = 0
        for line in proc.stdout.splitlines():
            if line.startswith("STEPFIG "):
                figure = int(line.split()[1])
            elif line.startswith("MODULES "):
                loaded = [m for m in line.split(" ", 1)[1].split(",") if m]
            else:
                if line.startswith("OWNER "):
                    freed += int(line.split()[-2])
                print(line)
        costs = tour.module_costs(board, app_dir, loaded)
        code = sum(costs.get(m, 0) for m in loaded)
        for m in sorted(loaded, key=lambda m: -costs.get(m, 0)):
            print("CODE %s %d B" % (m, costs.get(m, 0)))
        print("SUMMARY %s at %s: live %d B (as board_memory's step figure before its interned-names "
              "fix); code of the %d modules "
              "loaded %d B; objects %d B, of which the owners above %d B and the rest %d B (the App "
              "object, the driver's objects, interned names and module dicts grown at run time)" % (
                  board, step, figure, len(loaded), code, figure - code, freed, figure - code - freed))
    if keep is None:
        shutil.rmtree(work, ignore_errors=True)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
