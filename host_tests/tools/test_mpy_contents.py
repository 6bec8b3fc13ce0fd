"""tools/memory/mpy_contents.py reads a .mpy as CircuitPython's mpy-tool does: its functions,
bytecode blocks, constant objects, text and names."""

import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from tools.memory import mpy_contents as M
from tools.ship import deploy


def _cross():
    exe, _ = deploy.find_mpy_cross(None, {"MPY_CROSS": os.environ.get("MPY_CROSS", "")},
                                   lambda name: shutil.which(name) if name == "mpy-cross-cp10" else None)
    if exe is None:
        pytest.skip("no CircuitPython 10 mpy-cross here (bash tools/test builds one)")
    return exe


def test_a_module_is_counted_as_compiled(tmp_path):
    src = tmp_path / "m.py"
    src.write_text('NAMES = (b"Human", b"CPU easy")\nLONG = "more than ten characters"\n\n\n'
                   "def one(a):\n    return a + 1\n\n\nclass K:\n    def two(self):\n        return 2\n")
    subprocess.run([_cross(), "-O3", "-s", "m.mpy", str(src)], check=True)
    c = M.contents(M.mpy_tool(), str(tmp_path / "m.mpy"))
    assert c["functions"] == 4  # the module, one, the class body, two
    assert c["code"] % M.BLOCK == 0 and c["code"] >= 4 * M.BLOCK
    assert c["objects"] == 2 and c["text"] == len("Human") + len("CPU easy") + len("more than ten characters")
    assert c["names"] >= 5  # NAMES, LONG, one, K, two (and the module's own)
    lines = M.table([("m", c), ("n", dict(c, functions=1))])
    assert lines[1].split()[:2] == ["m", "4"] and lines[-1].split()[3] == "5"  # "total (2 modules)" 5 ...


def test_the_bench_doubles_are_not_the_app(tmp_path):
    for rel in ("ui/app.mpy", "yahtzee_core/__init__.mpy", "sim/vmboard.mpy", "whole_app.mpy"):
        os.makedirs(tmp_path / os.path.dirname(rel), exist_ok=True)
        (tmp_path / rel).write_bytes(b"C")
    assert sorted(M.module_files(str(tmp_path))) == ["ui.app", "yahtzee_core"]
