"""What the computer players and the coach take in a board's heap, part by part (issue 9):
the code of their four modules as .mpy, the lattice, the turn planner's arrays, the formula,
the table reader, the players, the coach; then what a game adds (a table opened, a turn planned).

    python tools/memory/strategy_memory.py

Compiles the app to .mpy as tools/memory/board_memory.py does and runs tools/memory/mp_strategy_costs.py in
the MicroPython VM (same spacer, same mounts). The sum of the built parts is the "strategy"
figure of tools/memory/board_memory.py less ui.strategy_set's own code (loaded at start-up there)."""

import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from tools.memory import tour


def main():
    work = tempfile.mkdtemp(prefix="strategy_memory_")
    try:
        app_dir = os.path.join(work, "app")
        tour.compile_app(app_dir)
        cmd = tour.vm_command(app_dir, "mp_strategy_costs.py", tour.SPACER)
        proc = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
        if proc.returncode != 0:
            sys.stderr.write(proc.stdout + proc.stderr)
            return 1
        for line in proc.stdout.splitlines():
            if line.startswith("PART "):
                name, size = line[5:].rsplit(" ", 1)
                print("%-40s %6d B" % (name, int(size)))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
