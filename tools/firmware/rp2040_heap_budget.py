"""The RP2040 boards' heap budgets, measured on their stock CircuitPython 10 images in rp2040js.

    python tools/firmware/rp2040_heap_budget.py [--firmware DIR] [--board B]

For each board it boots the stock image (DIR: ../shared/circuitpython/firmware, with the boot ROM),
prints ``gc.mem_free() gc.mem_alloc()`` at the prompt, makes the C objects the board's
``make_board`` makes (on the Pico first the Display Pack's display), then holds ``bytearray(100)``s
until ``MemoryError`` and prints ``gc.mem_alloc()`` at that moment: what a program can hold. The
budget (tools/common.py BUDGETS) is that less the prompt's ``gc.mem_alloc()`` (what
CircuitPython holds itself) and ``OBJECT_ALLOWANCE`` (the board's C objects above what
sim/vmhardware.py's fakes count). One line per board:

    macropad: prompt 187616 480; board objects 1712 B; held 183568 B; budget 182576 B

Host-only, about 10 s a board (docs/memory.md, "Budgets")."""

import argparse
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from sim.boards import FACTS, emulated, module, stock_firmware

EMULATOR = os.path.join(ROOT, "tools", "firmware", "rp2040_emulator")
FIRMWARE = os.path.join(os.path.dirname(ROOT), "shared", "circuitpython", "firmware")
OBJECT_ALLOWANCE = 512

FILL = """import gc
def fill(size):
    gc.collect()
    outer = [None] * 256
    i = 0
    try:
        while True:
            chunk = [None] * 32
            outer[i] = chunk
            i += 1
            j = 0
            while j < 32:
                chunk[j] = bytearray(size)
                j += 1
    except MemoryError:
        pass
    held = gc.mem_alloc()
    outer = None
    chunk = None
    gc.collect()
    return held
if __name__ == "__main__":
    pass
"""

# hw/macropad.py make_board's C objects as they were with the neopixel library (a PixelBuf and a
# DigitalInOut); its lights now hold a DigitalInOut and a 36-byte bytearray, ~64 B less, so the budget
# measured with this is that much low
MACROPAD = """import gc, board, keypad, rotaryio, audiopwmio, audiocore, digitalio, array, adafruit_pixelbuf
gc.collect(); before = gc.mem_alloc()
pins = (board.KEY1, board.KEY2, board.KEY3, board.KEY4, board.KEY5, board.KEY6, board.KEY7, board.KEY8, board.KEY9, board.KEY10, board.KEY11, board.KEY12, board.BUTTON)
keys = keypad.Keys(pins, value_when_pressed=False, pull=True)
event = keypad.Event()
encoder = rotaryio.IncrementalEncoder(board.ROTA, board.ROTB)
enable = digitalio.DigitalInOut(board.SPEAKER_ENABLE)
enable.switch_to_output(value=True)
sample = audiocore.RawSample(array.array("h", [0] * 16), sample_rate=8000)
audio = audiopwmio.PWMAudioOut(board.SPEAKER)
pixels = adafruit_pixelbuf.PixelBuf(12, brightness=1.0, byteorder="GRB", auto_write=False)
pixel_pin = digitalio.DigitalInOut(board.NEOPIXEL)
pixel_pin.direction = digitalio.Direction.OUTPUT
gc.collect(); objects = gc.mem_alloc() - before
if __name__ == "__main__":
    pass
"""

# the Pico Display Pack's make_display and make_board (ST7789 is a BusDisplay with an init sequence)
PICO = """import gc, board, keypad, busio, displayio, fourwire, busdisplay, pwmio
gc.collect(); before = gc.mem_alloc()
displayio.release_displays()
spi = busio.SPI(board.GP18, MOSI=board.GP19)
bus = fourwire.FourWire(spi, command=board.GP16, chip_select=board.GP17)
display = busdisplay.BusDisplay(bus, b"\\x01\\x80\\x96\\x11\\x80\\xff\\x3a\\x81\\x55\\x0a\\x36\\x01\\x08\\x21\\x00\\x13\\x80\\x0a\\x29\\x80\\xff", width=240, height=135, rowstart=40, colstart=53, rotation=270, backlight_pin=board.GP20, auto_refresh=False)
keys = keypad.Keys((board.GP12, board.GP13, board.GP14, board.GP15), value_when_pressed=False, pull=True)
event = keypad.Event()
leds = (pwmio.PWMOut(board.GP6, frequency=1000), pwmio.PWMOut(board.GP7, frequency=1000), pwmio.PWMOut(board.GP8, frequency=1000))
gc.collect(); objects = gc.mem_alloc() - before
if __name__ == "__main__":
    pass
"""

# the C objects of each emulated board's make_board, by the CircuitPython board it runs on (BOARD_ID)
OBJECTS = {"adafruit_macropad_rp2040": MACROPAD, "raspberry_pi_pico": PICO}
BOARDS = {name: (stock_firmware(name), OBJECTS[module(name).BOARD_ID], FACTS[name]["flash_mb"])
          for name in emulated()}


def measure(board, firmware=FIRMWARE, timeout=400):
    """(prompt free, prompt alloc, board objects' bytes, bytes held at MemoryError)."""
    image, objects, flash_mb = BOARDS[board]
    with tempfile.TemporaryDirectory(prefix="rp2040-budget-") as tmp:
        paths = []
        for name, text in (("fill.py", FILL), ("objects.py", objects)):
            paths.append(os.path.join(tmp, name))
            with open(paths[-1], "w") as f:
                f.write(text)
        cmd = ["node", "run.mjs", "--image", os.path.join(firmware, image + ".uf2"),
               "--bootrom", os.path.join(firmware, "rp2040-bootrom.ts"), "--flash-mb", str(flash_mb),
               "--timeout", str(timeout),
               "--send", "import gc; gc.collect(); print('prompt', gc.mem_free(), gc.mem_alloc())",
               "--paste", paths[0], "--paste", paths[1],
               "--send", "print('objects', objects); print('held', fill(100))"]
        out = subprocess.run(cmd, cwd=EMULATOR, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                             text=True, timeout=timeout + 60).stdout
    found = {}
    for key in ("prompt", "objects", "held"):
        m = re.search(r"^%s ([\d ]+)$" % key, out, re.M)
        if m is None:
            raise SystemExit("%s: no '%s' line from the emulator:\n%s" % (board, key, out[-2000:]))
        found[key] = [int(v) for v in m.group(1).split()]
    return found["prompt"][0], found["prompt"][1], found["objects"][0], found["held"][0]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--firmware", default=FIRMWARE)
    ap.add_argument("--board", action="append", choices=sorted(BOARDS))
    args = ap.parse_args(argv)
    for board in args.board or sorted(BOARDS):
        free, alloc, objects, held = measure(board, args.firmware)
        print("%s: prompt %d %d; board objects %d B; held %d B; budget %d B" % (
            board, free, alloc, objects, held, held - alloc - OBJECT_ALLOWANCE), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
