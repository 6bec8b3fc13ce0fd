"""The web page's parts that need no browser: the build (tools/webpage/web.py) and the page's Python
side (sim/web.py) in the MicroPython VM. The page itself is tested in headless Chromium by
tools/webpage/browser_test.py (a stage of tools/test)."""

import json
import os
import shutil
import subprocess

import pytest

from sim import vmboard
from sim import web as web_board
from sim.boards import NAMES
from tools.webpage import web

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RUNNER = os.path.join(ROOT, "tools", "mpy_runner")
vm = pytest.mark.skipif(not (shutil.which("node") and os.path.isdir(os.path.join(RUNNER, "node_modules"))),
                        reason="MicroPython VM not installed (bash tools/test installs it)")


@vm
def test_build_unpacks_every_module_and_stays_in_budget(tmp_path):
    out = str(tmp_path / "web")
    sizes, tables, note = web.build(out)
    names = set(os.listdir(out))
    assert {"index.html", "pocket.js", "sw.js", "micropython.mjs", "micropython.wasm", "app.bin",
            "manifest.json"} <= names
    with open(os.path.join(out, "manifest.json")) as f:
        manifest = json.load(f)
    with open(os.path.join(out, "app.bin"), "rb") as f:
        blob = f.read()
    end = 0
    for path, offset, length in manifest["files"]:
        assert offset == end and length > 0, path
        end += length
        if path.endswith(".mpy"):
            assert blob[offset:offset + 1] == b"M", path  # MicroPython .mpy header
    assert end == len(blob)
    paths = {p for p, _, _ in manifest["files"]}
    assert "/app/code.mpy" in paths and "/app/sim/web.mpy" in paths and "/app/ui/app.mpy" in paths
    assert sum(sizes.values()) <= web.PAGE_BUDGET
    table = os.path.join(ROOT, "build", "tables", web.TABLE + ".bin")
    if os.path.exists(table):  # tools/test builds the tables first
        assert tables == [web.TABLE] and manifest["tables"] == ["tables/%s.bin" % web.TABLE]
    assert [b[0] for b in manifest["boards"]] == list(NAMES)


@vm
def test_build_without_table_or_mpy_cross(tmp_path):
    out = str(tmp_path / "web")
    sizes, tables, note = web.build(out, with_table=False, source=True)
    assert tables == [] and note == "--no-table"
    assert not os.path.exists(os.path.join(out, "tables"))
    with open(os.path.join(out, "manifest.json")) as f:
        manifest = json.load(f)
    with open(os.path.join(out, "app.bin"), "rb") as f:
        blob = f.read()
    for path, offset, length in manifest["files"]:
        assert path.endswith(".py")
        compile(blob[offset:offset + length].decode(), path, "exec")  # compacted, still Python


def test_page_buttons_cover_every_wired_key():
    for profile in NAMES:
        module = vmboard.board_module(profile)
        shown = [k for row in web_board.ROWS[profile] for k in row]
        assert len(shown) == len(set(shown)), profile
        assert all(0 <= k < len(module.SHORT) for k in shown), profile
        long = bytes(module.LONG) + bytes(len(module.SHORT))
        wired = [k for k in range(len(module.SHORT)) if module.SHORT[k] or long[k]]
        assert sorted(wired) == sorted(shown), profile


@vm
def test_web_board_in_micropython():
    tables = os.path.join(ROOT, "build", "tables")
    run = subprocess.run(["node", os.path.join(RUNNER, "run.mjs"), "--mount", "ui", "--file", "code.py",
                          "--data", tables + ":/tables", os.path.join(ROOT, "host_tests", "web", "mp_web_board.py")],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "web board ok" in run.stdout


@vm
def test_the_pages_compositor_composes_what_python_composes():
    """web/compose.js against sim/fbdisplay.py on random scenes and changes (mp_compose.py)."""
    run = subprocess.run(["node", os.path.join(ROOT, "host_tests", "web", "compose_check.mjs"), "16"],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "compose ok: 16 scenes" in run.stdout
