"""tools/frozen_memory.py's manifest (the tool itself builds MicroPython from GitHub's source and
is host-only): it freezes what a board's firmware would, and every module the tour imports."""

import os
import subprocess
import sys

from tools import frozen_memory

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def modules_of_manifest(text):
    """Module names a manifest text freezes, read by running it with package()/module() stand-ins
    that check each file is there."""
    names = []

    def package(name, files, base_path):
        for f in files:
            assert os.path.isfile(os.path.join(base_path, name, f)), f
            names.append(name if f == "__init__.py" else name + "." + f[:-3])

    def module(path, base_path):
        assert os.path.isfile(os.path.join(base_path, path)), path
        names.append(path[:-3])

    exec(text, {"package": package, "module": module})
    return sorted(names)


def test_manifest_freezes_the_app_less_the_desktop_modules():
    names = modules_of_manifest(frozen_memory.manifest())
    assert names == frozen_memory.frozen_modules()
    assert "hw.desktop" not in names and "hw.testing" not in names
    on_disk = set()
    for package in ("ui", "hw", "yahtzee_core"):
        for n in os.listdir(os.path.join(ROOT, package)):
            if n.endswith(".py"):
                on_disk.add(package if n == "__init__.py" else package + "." + n[:-3])
    # the lib/ modules the tour and the boards' own make_board (on fakes) import
    libs = {n for n in names if n.startswith("adafruit_") or n == "neopixel"}
    assert libs == {"adafruit_ticks", "neopixel", "adafruit_debouncer", "adafruit_st7789",
                    "adafruit_display_text", "adafruit_display_text.bitmap_label",
                    "adafruit_bitmap_font", "adafruit_bitmap_font.pcf", "adafruit_bitmap_font.glyph_cache"}
    assert set(names) == on_disk - {"hw.desktop", "hw.testing"} | {"whole_app"} | libs


TOUR_IMPORTS = """
import sys
sys.path.insert(0, %r)
sys.path.insert(0, %r)
before = set(sys.modules)
import whole_app
for _ in whole_app.scenario(%r, keep_frame=False):
    pass
print(",".join(sorted(set(sys.modules) - before)))
"""


def test_every_module_the_tour_imports_is_frozen():
    # one board's whole tour on CPython (a few seconds): its app modules are all frozen, and so
    # are the lib/ modules it imports (the manifest test above holds the reader's)
    code = TOUR_IMPORTS % (ROOT, os.path.join(ROOT, "host_tests", "ui"), "macropad")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stderr
    imported = proc.stdout.strip().splitlines()[-1].split(",")
    app = [n for n in imported if n.split(".")[0] in ("ui", "hw", "yahtzee_core", "whole_app", "code")]
    assert len(app) > 40, imported
    frozen = set(frozen_memory.frozen_modules())
    missing = [n for n in app if n not in frozen and n != "code"]
    assert missing == [], missing
    libs = [n for n in imported if n.startswith(("adafruit_", "neopixel"))]
    assert [n for n in libs if n not in frozen] == [], libs
