"""hw code in the real MicroPython VM (tools/mpy_runner): the device modules import and work,
and the per-frame paths allocate nothing under micropython.heap_lock()."""

import os
import shutil
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RUNNER = os.path.join(ROOT, "tools", "mpy_runner")


def run_in_vm(script, *options):
    if not shutil.which("node") or not os.path.isdir(os.path.join(RUNNER, "node_modules")):
        pytest.skip("no node or MicroPython VM (bash tools/test installs it)")
    done = subprocess.run(["node", os.path.join(RUNNER, "run.mjs"), "--mount", "hw"] + list(options)
                          + [os.path.join(ROOT, "host_tests", "hw", script)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_device_modules_import_and_work_under_micropython():
    assert "device modules ok" in run_in_vm("mp_device_modules.py")


def test_poll_sound_and_lights_allocate_nothing_under_heap_lock():
    """The strict check: CPython's tracemalloc cannot see tuples and lists taken from its
    free lists; MicroPython with the heap locked raises MemoryError on any allocation."""
    assert "heap-locked polls: 280" in run_in_vm("mp_keymap_heaplock.py")


def test_every_board_modules_own_make_board_runs_under_micropython():
    """Each board module's real make_board, on MicroPython-side fakes of CircuitPython's hardware
    modules (sim/vmhardware.py, which tools/memory/board_memory.py uses to count the real board) and with
    the real libraries from lib/ (tools/ship/fetch_libs.py): its parts are built and work."""
    if not os.path.exists(os.path.join(ROOT, "lib", "adafruit_st7789.py")):
        pytest.skip("lib/ is empty (python tools/fetch_libs.py)")
    out = run_in_vm("mp_real_boards.py", "--data", os.path.join(ROOT, "lib") + ":/lib")
    assert "real boards ok" in out
    assert "macropad: 7 fake C objects, sound ToneSound, lights PixelLights" in out
