"""Run by test_persistence_ui.py inside the MicroPython VM (tools/mpy_runner): the new UI modules
compile and import under MicroPython (with a stand-in displayio written into the VM's file
system: the VM has none), the heap each import takes is printed, the idle timer's per-frame
tick allocates nothing under micropython.heap_lock(), and the crash screen's text is made
without CPython's traceback module.

    node tools/mpy_runner/run.mjs --mount ui host_tests/ui/mp_persistence_vm.py
"""

import sys

_DISPLAYIO = """
# a stand-in for displayio in the MicroPython VM: just enough to build the screens
class Group:
    def __init__(self, scale=1, x=0, y=0):
        self.items = []
        self.hidden = False
        self.scale = scale
        self.x = x
        self.y = y
    def append(self, item):
        self.items.append(item)

class Bitmap:
    def __init__(self, w, h, n):
        self.width = w
        self.height = h
        self.data = bytearray(w * h)
    def __setitem__(self, xy, v):
        self.data[xy[1] * self.width + xy[0]] = v
    def __getitem__(self, xy):
        return self.data[xy[1] * self.width + xy[0]]
    def fill(self, v):
        for i in range(len(self.data)):
            self.data[i] = v

class Palette:
    def __init__(self, n):
        self.c = [0] * n
    def __setitem__(self, i, v):
        self.c[i] = v
    def __getitem__(self, i):
        return self.c[i]

class TileGrid:
    def __init__(self, bitmap, pixel_shader=None, width=1, height=1, tile_width=None,
                 tile_height=None, default_tile=0, x=0, y=0):
        self.tiles = bytearray(width * height)
        self.x = x
        self.y = y
        self.hidden = False
    def __setitem__(self, i, v):
        self.tiles[i] = v
"""

with open("/displayio.py", "w") as _f:
    _f.write(_DISPLAYIO)
sys.path.insert(0, "/")

import gc  # noqa: E402

import micropython  # noqa: E402

def alloc_of(name):
    gc.collect()
    before = gc.mem_alloc()
    __import__(name)
    gc.collect()
    return gc.mem_alloc() - before

# the modules they share with the rest of the UI first, then the new ones one by one
for name in ("ui.screen", "ui.settings", "ui.text", "ui.help_screen", "yahtzee_core.records",
             "yahtzee_core.save", "yahtzee_core.snapshot", "hw.inputs"):
    __import__(name)
total = 0
for name in ("ui.idle", "ui.stats_screen", "ui.highscores_screen", "ui.initials_screen",
             "ui.continue_screen", "ui.crash_screen"):
    n = alloc_of(name)
    total += n
    print("import %-22s %6d bytes" % (name, n))
print("import total %d bytes" % total)

from ui.idle import Idle
from ui.crash_screen import crash_lines, describe

class Power:
    def __init__(self):
        self.dims = 0
        self.dimmed = False
    def dim(self, on):
        self.dims += 1
        self.dimmed = on
    def sleep_until_button(self):
        pass

class Buttons:
    ring_pos = 0
    def any_down(self):
        return False
    def clear(self):
        pass

class Settings:
    dim_after = 1
    sleep_after = 3

class Scr:
    keeps_awake = False

class Board:
    pass

class App:
    pass

app = App()
app.board = Board()
app.board.power = Power()
app.buttons = Buttons()
app.settings = Settings()
app.current = Scr()
app.now = 1000
idle = Idle(app)
now = 1000
idle.tick(now, True)
micropython.heap_lock()
try:
    for k in range(200):  # idle frames, 100 ms apart: dims after 15 s
        now += 100
        idle.tick(now, False)
    idle.tick(now, True)  # activity: brightens
finally:
    micropython.heap_unlock()
assert app.board.power.dims == 2 and not app.board.power.dimmed, app.board.power.dims
print("Idle.tick: 201 frames under heap_lock, dimmed and brightened")

try:
    raise ValueError("dice fell off the table")
except ValueError as e:
    text, where = describe(e)
lines = crash_lines(text, where, True, 20, 4)
assert lines[0].startswith("ValueError: dice") and lines[-1] == "Any button: restart", lines
print("crash lines:", lines)
