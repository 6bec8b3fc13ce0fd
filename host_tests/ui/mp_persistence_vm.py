"""Run by test_persistence_ui.py inside the MicroPython VM (tools/mpy_runner): the new UI modules
compile and import under MicroPython (with the displayio stand-in of sim/fbdisplay.py: the VM
has none), the heap each import takes is printed, the idle timer's per-frame
tick allocates nothing under micropython.heap_lock(), and the crash screen's text is made
without CPython's traceback module.

    node tools/mpy_runner/run.mjs --mount ui host_tests/ui/mp_persistence_vm.py
"""


from sim import fbdisplay  # the displayio stand-in: the VM has none

fbdisplay.install()

import gc

import micropython

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
k = 0  # the loop variable is a module global: create it before the lock (a dict insert may grow it)
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
