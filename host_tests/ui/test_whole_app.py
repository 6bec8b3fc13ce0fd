"""The whole app, played through every board's own keys on the board doubles (sim/vmboard.py),
gives the same games and the same final screen in the MicroPython VM as on CPython: the run of
host_tests/ui/whole_app.py (a game with a computer seat, a hint, scorecard, settings, the rules
reader from the in-game menu, game over,
initials, statistics, a Defuse bomb, a power-off and Continue) on both VMs, compared line by
line (totals, presses, frames, the CRC-32 of the final frame). Both runs go side by side in
subprocesses; the VM half takes a few minutes."""

import os
import re
import shutil
import subprocess
import sys

import pytest

from sim.boards import NAMES
from whole_app import SEATS  # the seats of each board's first game

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RUNNER = os.path.join(ROOT, "tools", "mpy_runner")
SCRIPT = os.path.join(ROOT, "host_tests", "ui", "whole_app.py")
PROFILES = NAMES
LINE = re.compile(r"^whole app (\w+): game 1 ([\d,]+); game 2 (\d+); bomb (.+); initials (\d+); "
                  r"presses (\d+); frames (\d+); screen (\d+); crc ([0-9a-f]{8})$")


def vm_available():
    return shutil.which("node") and os.path.isdir(os.path.join(RUNNER, "node_modules"))


def result_lines(text):
    return {m.group(1): m.group(0) for m in map(LINE.match, text.splitlines()) if m}


@pytest.mark.skipif(not vm_available(), reason="MicroPython VM not installed (bash tools/test installs it)")
def test_whole_app_same_in_micropython_and_cpython():
    tables = os.path.join(ROOT, "build", "tables")
    # lib/ and its fonts as on a board's drive: the rules reader opened in a game reads them
    vm = subprocess.Popen(["node", os.path.join(RUNNER, "run.mjs"), "--mount", "ui", "--mount", "lib",
                           "--file", "code.py", "--data", tables + ":/tables",
                           "--data", os.path.join(ROOT, "lib", "fonts") + ":/lib/fonts", SCRIPT], cwd=ROOT,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    cp = subprocess.run([sys.executable, SCRIPT], cwd=ROOT, capture_output=True, text=True)
    vm_out, vm_err = vm.communicate(timeout=800)
    assert cp.returncode == 0, cp.stderr
    assert vm.returncode == 0, vm_err
    on_cpython = result_lines(cp.stdout)
    on_micropython = result_lines(vm_out)
    assert sorted(on_cpython) == sorted(PROFILES), cp.stdout
    assert on_micropython == on_cpython
    for profile, line in on_cpython.items():
        m = LINE.match(line)
        first = [int(t) for t in m.group(2).split(",")]
        assert len(first) == SEATS[profile] and all(50 <= t <= 500 for t in first), line  # all seats played
        assert m.group(4).startswith("over:"), line  # the bomb was defused or exploded
        assert int(m.group(8)) == 6, line  # it ends on the game-over screen (ui.screen.GAME_OVER)
