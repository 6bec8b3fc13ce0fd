"""What a screen change holds beside the screen it builds, on CircuitPython's VM core:

    python tools/memory/transients.py [--board NAME ...] [--over BYTES]

The tour's first power-on (host_tests/ui/whole_app.py) on a board's .mpy app as board_bench
builds it (tools/memory/mp_transients.py in the unix port). Each screen build prints the live
heap (after a collection) right after the build and once the frame that made it has returned,
and their difference: what the frame held beside the new screen and then let go. A step's figure
(board_bench) is taken after such frames, so a large difference is a peak no step shows. Exits 1
when a frame's screen change holds more than ``--over`` bytes (1,024) beside the screen it
builds; the power-on's first screens are built by the power-on's own code (ui/app_start.py
``build_app``, the layout's modules), reported and not judged:

    clue: title_screen: before the build 169744 B, built 178032 B, settled 178064 B, held beside it -32 B
    clue: screen changes holding over 1024 B beside the screen built: 0; at power-on: title_screen +4720 B

Figures are the VM's whole heap (the stand-ins and the driver included): compare them with each
other, not with a budget. docs/memory.md, "tools/memory/transients.py"."""

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from tools.bench import core
from ui.screen_set import _SCREENS  # (screen id: its module's name, the screen's name here)



def parse(out):
    """([(screen_id, before, after, settled, in_frame)], [(label, live)]) from mp_transients.py's output."""
    builds, steps = [], []
    for line in out.splitlines():
        parts = line.split()
        if parts[:1] == ["BUILD"]:
            builds.append(tuple(int(p) for p in parts[1:6]))
        elif parts[:1] == ["STEP"]:
            steps.append((parts[1], int(parts[2])))
    return builds, steps


def main(argv):
    boards, over = [], 1024
    i = 0
    while i < len(argv):
        if argv[i] == "--board" and i + 1 < len(argv):
            boards.append(argv[i + 1])
        elif argv[i] == "--over" and i + 1 < len(argv):
            over = int(argv[i + 1])
        else:
            raise SystemExit(__doc__)
        i += 2
    boards = boards or ["clue"]
    status = 0
    # (a work folder of its own: tools/test runs board_bench beside it)
    bench = core.Bench(boards, ["mpy"], os.path.join(ROOT, "build", "transients"))
    try:
        for board in boards:
            cmd, cwd = bench.command(board, "mpy", board + "-transients", "mp_transients.py", board)
            proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
            if proc.returncode != 0:
                sys.stderr.write(proc.stdout[-2000:] + proc.stderr[-2000:])
                raise SystemExit("transients: the %s run failed" % board)
            builds, _ = parse(proc.stdout)
            big, power_on = [], []
            for screen_id, before, after, settled, in_frame in builds:
                name = _SCREENS[screen_id][0]
                print("%s: %s: before the build %d B, built %d B, settled %d B, held beside it %+d B" % (
                    board, name, before, after, settled, after - settled))
                if after - settled > over:
                    (big if in_frame else power_on).append("%s %+d B" % (name, after - settled))
            print("%s: screen changes holding over %d B beside the screen built: %d%s; at power-on: %s" % (
                board, over, len(big), " (%s)" % ", ".join(big) if big else "", ", ".join(power_on) or "none"))
            status = status or (1 if big else 0)
    finally:
        bench.close()
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
