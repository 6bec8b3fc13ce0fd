"""The web page's Python side (``sim/web.py``) in the MicroPython VM, called as the page's glue
calls it: start, frames, keys, flags, the cue queue, the saved NVM, and a reload that offers
"Continue?", an error shown on the crash screen and a key that restarts. Prints "web board ok" at the end
(host_tests/web/test_web.py runs it).

    node tools/mpy_runner/run.mjs --mount ui --file code.py --data build/tables:/tables \\
        host_tests/web/mp_web_board.py"""

from hw import inputs as I
from hw.pybadge import SHORT
from sim import fbdisplay
from sim import web

fbdisplay.install()  # displayio for ui.screen (web.start installs it too)
from ui import screen as S

B = bytes(SHORT).find(bytes((I.ROLL,)))  # MicroPython's bytes has no index(int)
A = bytes(SHORT).find(bytes((I.ENTER,)))


def frames(n):
    flags = 0
    for _ in range(n):
        flags |= web.advance(16)
    return flags


def tap(k, n=2):
    web.key(k, True)
    flags = frames(1)
    web.key(k, False)
    return flags | frames(n)


web.start("pybadge", 11, "", 2026, 11, 23)
assert web.advance(16) & web.DREW  # the first frame draws the title
frames(10)
assert frames(30) == 0  # an idle frame draws nothing (the page then blits nothing)
assert web.current_screen() == S.TITLE
assert web.dirty_count() == 0

flags = tap(A)  # Start game
assert web.current_screen() == S.PLAY, web.current_screen()
assert flags & web.DREW
flags = tap(B)  # roll: a cue for the page's WebAudio, by name from hw/sound.py's table
assert flags & web.SOUND, flags
names = [web.cue(i) for i in range(web.cue_count())]
assert "rattle" in names, names  # the roll's cue while the rolled dice tumble (ui/tumble.py)
web.cue_done()
assert web.cue_count() == 0
frames(40)  # the tumble is over (400 ms): a press now acts at once instead of waiting in the queue

keys = web.board.buttons.key_names  # the desktop keyboard table: "1" holds die 1
flags = tap(keys["1"])
assert web.app.game.held & 1
assert flags & web.LIT and web.lights() == 1  # the PyBadge's NeoPixel 0: the held die 1
frames(20)
# score the first box the cursor offers: a saved game (SAVED: the page stores the NVM bytes)
app = web.app
if app.die_focus and app.screens[S.PLAY].focus == 0:
    tap(keys["down"])
if not app.game.cursor_visible:
    tap(keys["right"])
saved = tap(keys["return"], 30)
assert saved & web.SAVED, saved
data = bytes(web.board.storage.data)
assert data != b"\xff" * len(data)

# the page reloads: the saved bytes come back as hex and the app offers Continue?
web.start("pybadge", 12, data.hex(), 2026, 11, 23)
frames(2)
assert web.current_screen() == S.CONTINUE, web.current_screen()

# a damaged copy in localStorage: not hex -> a fresh NVM, the title
web.start("pybadge", 12, "zz", 2026, 11, 23)
frames(2)
assert web.current_screen() == S.TITLE

# an error in the app: the crash screen (ui/crash_screen.py) as on a board, then a key restarts
web.start("pybadge", 13, data.hex(), 2026, 11, 23)
frames(2)
screen = web.app.current


def broken():
    raise ValueError("test error")


screen.draw = broken
assert frames(1) & web.DREW  # the error is drawn
assert web.current_screen() == -1 and web.app is None
assert frames(5) == 0  # and stays until a key
web.key(A, True)
frames(2)
web.key(A, False)
frames(2)
assert web.current_screen() == S.CONTINUE, web.current_screen()  # a new app, the saved game kept

import json

facts = json.loads(web.describe())
assert facts["width"] == 160 and facts["height"] == 128 and facts["labels"][0] == "B"
assert facts["keys"]["space"] >= len(SHORT) and facts["keys"]["z"] == B
assert facts["cues"]["roll"][0] == 196
print("web board ok: pixels at", web.frame_address(), "tables", facts["tables"])
