"""Run inside the MicroPython VM (tools/mpy_runner/run.mjs --mount hw): every hw module that
goes onto a board imports under MicroPython (the board modules through hw/select.py, as on a
board; hardware is imported only inside make_board),
and the RAM NVM fallback and hardware dice work there. Prints "device modules ok"."""

from array import array

import hw.assembly
import hw.base
import hw.keymap
import hw.null
import hw.parts
import hw.select
import hw.sound
from hw.nvm import MemoryNVM, PowerCut

m = MemoryNVM(16)
assert m[0:2] == b"\xff\xff"
m[2:5] = b"abc"
m[-1] = 9
assert m[0:6] == b"\xff\xffabc\xff" and m[15] == 9 and m.writes == 2
m.cut_after(1)
try:
    m[0:2] = b"XY"
    raise AssertionError("no power cut")
except PowerCut:
    pass
assert m[0:2] == b"X\xff"
assert hw.select.module_name("adafruit_macropad_rp2040") == "macropad"
d = hw.parts.HardwareDice()
assert all(1 <= d.die() <= 6 for _ in range(100))
assert len(hw.assembly.sine_cycle(array)) == hw.sound.SINE_LEN == 16  # the sample's cycle is ToneSound's
for board_id in hw.select.BOARDS:  # every board module, imported as a board imports its own
    mod = hw.select.board_module(board_id)
    assert mod.NAME == hw.select.module_name(board_id) == hw.select.module_name(mod.BOARD_ID), board_id
    assert len(mod.SHORT) >= len(mod.LONG) and mod.KEYMAP_HELP
print("device modules ok")
