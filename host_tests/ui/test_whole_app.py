"""The whole app, played through every board's own keys on the board doubles (sim/vmboard.py),
gives the same games and the same final screen in CircuitPython's VM core as on CPython: the
run of host_tests/ui/whole_app.py (a game with a computer seat, a hint, scorecard, settings, the
rules reader from the in-game menu, game over, initials, statistics, a Defuse bomb, a power-off
and Continue) on both, compared line by line (totals, presses, frames, the CRC-32 of the final
frame). Both runs go side by side in subprocesses (about 45 s). The core is CircuitPython 10's
32-bit unix port as the boards configure it (tools/firmware/cp_run.py; built by bash tools/test's
setup); the WebAssembly MicroPython VM of the web page plays a whole run in Chromium
(tools/webpage/browser_test.py)."""

import os
import re
import subprocess
import sys

import pytest

from sim.boards import NAMES
from whole_app import SEATS  # the seats of each board's first game

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools", "firmware"))
SCRIPT = os.path.join(ROOT, "host_tests", "ui", "whole_app.py")
PROFILES = NAMES
LINE = re.compile(r"^whole app (\w+): game 1 ([\d,]+); game 2 (\d+); bomb (.+); initials (\d+); "
                  r"presses (\d+); frames (\d+); screen (\d+); crc ([0-9a-f]{8})$")


def core_built():
    """CircuitPython's mpy-cross and unix port are built (bash tools/test's setup builds them; the
    VM core as the boards have it is then made here when missing)."""
    import circuitpython_build

    return circuitpython_build.built_mpy_cross() is not None


def result_lines(text):
    return {m.group(1): m.group(0) for m in map(LINE.match, text.splitlines()) if m}


@pytest.mark.skipif(not core_built(), reason="CircuitPython's VM core not built (bash tools/test builds it)")
def test_whole_app_same_in_circuitpython_and_cpython():
    import cp_run

    # lib/ and its fonts as on a board's drive (/lib): the rules reader opened in a game reads them
    cmd, folder, args_file = cp_run.command(SCRIPT, [], lib=True)
    vm = subprocess.Popen(cmd, cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    cp = subprocess.run([sys.executable, SCRIPT], cwd=ROOT, capture_output=True, text=True)
    try:
        vm_out, vm_err = vm.communicate(timeout=800)
    finally:
        os.remove(args_file)
        os.rmdir(folder)
    assert cp.returncode == 0, cp.stderr
    assert vm.returncode == 0, vm_err
    on_cpython = result_lines(cp.stdout)
    on_circuitpython = result_lines(vm_out)
    assert sorted(on_cpython) == sorted(PROFILES), cp.stdout
    assert on_circuitpython == on_cpython
    for profile, line in on_cpython.items():
        m = LINE.match(line)
        first = [int(t) for t in m.group(2).split(",")]
        assert len(first) == SEATS[profile] and all(50 <= t <= 500 for t in first), line  # all seats played
        assert m.group(4).startswith("over:"), line  # the bomb was defused or exploded
        assert int(m.group(8)) == 0, line  # it ends on the title, the demo ended by a key (ui.screen.TITLE)
