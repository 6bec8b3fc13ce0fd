"""Run inside the MicroPython VM (tools/mpy_runner/run.mjs --mount hw --data lib:/lib): every
board module's own make_board builds its board on the fakes of CircuitPython's hardware modules
(sim/vmhardware.py), with the real library it loads (the Pico's adafruit_st7789), and its parts
work: keys poll, dice roll, cues play, lights show the held dice.
Prints one line per board and "real boards ok"."""

import sys

sys.path.append("/lib")

from sim import fbdisplay  # displayio first: the Pico's make_display imports it

fbdisplay.install()

from hw import inputs
from sim import vmboard, vmhardware
from sim.boards import NAMES

EXPECT = {  # sound, lights, backup file, screen
    "pygamer": ("ToneSound", "PixelLights", True, (160, 128)),
    "pybadge": ("ToneSound", "PixelLights", True, (160, 128)),
    "macropad": ("ToneSound", "PixelLights", True, (128, 64)),
    "clue": ("ToneSound", "PixelLights", False, (240, 240)),
    "feather_tft": ("NullSound", "PixelLights", True, (240, 135)),
    "pico_displaypack": ("NullSound", "RGBLedLights", True, (240, 135)),
}

for profile in NAMES:
    fakes = vmhardware.install(profile)
    module = vmboard.board_module(profile)
    board = module.make_board()
    # what only start-up needs leaves the heap with its module (hw/assembly.py)
    for helper in ("assembly", "shift_board"):
        assert "hw." + helper not in sys.modules and not hasattr(sys.modules["hw"], helper), profile
    sound, lights, backup, size = EXPECT[profile]
    assert type(board.sound).__name__ == sound, (profile, board.sound)
    assert type(board.lights).__name__ == lights, (profile, board.lights)
    assert (board.backup is not None) == backup == bool(getattr(module, "NVM_BACKUP", False)), profile
    assert (board.width, board.height) == size, (profile, board.width, board.height)
    assert board.name == profile and board.storage_persistent and len(board.storage) == module.NVM_SIZE
    assert board.buttons.poll() == inputs.NONE
    assert all(1 <= board.rng.die() <= 6 for _ in range(50))
    board.sound.play("roll")
    board.sound.update(board.clock.ticks_ms())
    board.lights.show_held(0b10101)
    assert board.lights.held_mask == 0b10101
    board.lights.off()
    print("%s: %d fake C objects, sound %s, lights %s" % (profile, fakes.made, sound, lights))
print("real boards ok")
