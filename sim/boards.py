"""The boards, for the host: the one list every tool, test, the desktop and the web page take
theirs from, and what only the host knows about each board.

    from sim.boards import NAMES      # ("pygamer", "pybadge", ...): every hw/ board module, once
    from sim import boards
    boards.FACTS["clue"]["budget"]    # one host-only fact of one board
    boards.table("drive")             # {name: fact} for every board that has it, in NAMES' order
    boards.module("clue").NVM_SIZE    # what the board knows itself: its hw/ module

The names are read from ``hw/select.py``'s ``BOARDS`` (CircuitPython board id -> hw module), the
table a board needs anyway to find its module, so the list costs a board nothing. What a board
module says itself (``NAME``, ``BOARD_ID``, ``WIDTH``, ``HEIGHT``, ``NVM_SIZE``, ``NVM_BACKUP``...)
is read from it, never written again here.

Adding a board: its module in ``hw/`` (``hw/interface.md``), its line in ``BOARDS``, its entry
in ``FACTS`` and its entry in ``sim/board_table.py`` (what the desktop, the web page, the hardware
fakes and the whole-app tour need of it: those run inside the VMs, where this module is not
loaded); host_tests/hw/test_boards.py fails until both entries have every fact every board has.
Runs in MicroPython too (host_tests/hw/mp_real_boards.py)."""

from hw.select import BOARDS

NAMES = tuple(dict.fromkeys(BOARDS.values()))  # in BOARDS' order, each once

# Every board's entry has these (the others only where the board has them):
#   title     the release bundle's README (tools/ship/release.py)
#   menu      the web page's board menu (tools/webpage/web.py)
#   budget    heap bytes the app may hold at its peak on stock CircuitPython 10 (cd3da4a5) with the
#             board's display up (tools/common.py explains it; docs/memory.md, "Budgets", has each
#             line's source)
#   drive     CIRCUITPY bytes when deploying into a folder (a mounted drive's free space is used
#             instead): SAMD51 and nRF52840 boards keep the whole external flash for the drive;
#             RP2040 gives CircuitPython's firmware 1020 KB + 4 KB NVM (Pico: 1 MB drive; a Pico W:
#             ~508 KB); 4 MB ESP32-S3 boards have a 940 KB drive partition (tools/ship/deploy.py)
#   scale     desktop window pixels per screen pixel (sim/desktop.py)
#   nvm       (write model of sim/flash_model.py PORT_MODELS, the port's nvm bytes) for the NVM
#             fuzz (tools/reports/nvm_fuzz.py; docs/nvm_layout.md)
# Only where the board has it:
#   firmware    (CircuitPython port, chip) of a board with a frozen build (tools/firmware/boards.py,
#               docs/firmware.md)
#   bootloader  how it takes a CircuitPython .uf2 where that is not a double-tap of reset
#               (circuitpython.org's page for the board says the same; tools/ship/release.py)
#   flash_mb    its flash, where its stock firmware runs in rp2040js (tools/firmware/: the
#               emulated boards, their drive images and heap budgets)
#   pins        with flash_mb: the GPIOs the emulator drives (tools/firmware/rp2040_emulator/play.mjs):
#               the keys in hw/<board>.py's key order (GPIO numbers of CircuitPython's pins.c for the
#               board), the encoder's A and B or None, the display's controller (sh1106, st7789) and SPI
FACTS = {
    "pygamer": {
        "title": "Adafruit PyGamer", "menu": "PyGamer",
        # SAMD51J19 196608 - 8 - stack 25600 - _ebss 12212 (+512) = 158276 port heap; less the Pico's
        # run-time loss but its collector tables (6414) = 151862 of heap areas, x 32/33 (the tables) - 1008
        "budget": 146252,
        "drive": 8 << 20, "scale": 5, "nvm": ("samd51", 8192),
        # same chip as the PyBadge (its mpconfigboard.mk: CHIP_VARIANT = SAMD51J19A), so the same
        # flash; its stock build already leaves epaperdisplay out
        "firmware": ("atmel-samd", "SAMD51J19A, 512 KB flash (488 KB firmware), 192 KB RAM"),
    },
    "pybadge": {
        "title": "Adafruit PyBadge (or EdgeBadge)", "menu": "PyBadge",
        "budget": 146244,  # as the PyGamer, its link's _ebss 12220
        "drive": 2 << 20, "scale": 5, "nvm": ("samd51", 8192),
        "firmware": ("atmel-samd", "SAMD51J19A, 512 KB flash (488 KB firmware), 192 KB RAM"),
    },
    "macropad": {
        "title": "Adafruit MacroPad RP2040", "menu": "MacroPad RP2040",
        "budget": 182528,  # rp2040js, stock image, display up, board objects made: held 183536 - 1008
        "drive": 7 << 20, "scale": 6, "nvm": ("rp2040", 4096),
        "firmware": ("raspberrypi", "RP2040, 8 MB external flash (1020 KB firmware), 264 KB RAM"),
        "bootloader": "hold the encoder's push button (BOOT) and press reset: RPI-RP2 appears",
        "flash_mb": 8,
        "pins": {"keys": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0], "encoder": [17, 18],
                 "display": "sh1106", "displaySpi": 1},
    },
    "clue": {
        "title": "Adafruit CLUE", "menu": "CLUE",
        # nRF52840 app RAM 196608 - stack 25600 - _euninitialized 31924 = 139084 port heap; less the
        # Pico's run-time loss but its collector tables (6414), 720 B more terminal tiles and 1024 B for
        # BLE = 130926 B of heap areas, x 32/33 (the tables) - 1008
        "budget": 125950,
        "drive": 2 << 20, "scale": 3, "nvm": ("nordic", 8192),
        "firmware": ("nordic", "nRF52840, 1 MB flash (780 KB firmware), 256 KB RAM"),
    },
    "feather_tft": {
        "title": "Adafruit Feather ESP32-S3 Reverse TFT", "menu": "Feather ESP32-S3 Reverse TFT",
        # ESP32-S3 2 MiB PSRAM less 16 KiB, x 32/33 GC tables (2017714), rounded down
        "budget": 2000000,
        "drive": 963072, "scale": 4, "nvm": ("nvs", 8192),
    },
    "pico_displaypack": {
        "title": "Raspberry Pi Pico with the Pimoroni Pico Display Pack", "menu": "Pico + Display Pack",
        "budget": 178640,  # rp2040js, stock Pico image + the Display Pack's display: 179648 - 1008
        "drive": 1 << 20, "scale": 4, "nvm": ("rp2040", 4096),
        # the same port and firmware region as the MacroPad (its stock build adds picodvi and _eve)
        "firmware": ("raspberrypi", "RP2040, 2 MB external flash (1020 KB firmware), 264 KB RAM"),
        "bootloader": "hold BOOTSEL while you plug the Pico in: RPI-RP2 appears",
        "flash_mb": 2,
        "pins": {"keys": [12, 13, 14, 15], "encoder": None, "display": "st7789", "displaySpi": 0},
    },
}
EVERY_BOARD = ("title", "menu", "budget", "drive", "scale", "nvm")  # the facts each entry has


def table(fact):
    """{name: fact} of every board whose entry has ``fact``, in ``NAMES``' order."""
    return {name: FACTS[name][fact] for name in NAMES if fact in FACTS[name]}


def module(name):
    """The board's module, ``hw/<name>.py``, imported (importing it touches no hardware)."""
    return getattr(__import__("hw." + name), name)


def screen(name):
    """(width, height) of the board's screen, from its module."""
    m = module(name)
    return m.WIDTH, m.HEIGHT


def emulated():
    """The boards whose stock firmware runs in rp2040js (tools/firmware/emulated_boards.py)."""
    return tuple(table("flash_mb"))


def stock_firmware(name):
    """The file name, without .uf2 or .elf, of the board's stock CircuitPython image in the shared
    firmware folder (../shared/circuitpython/firmware/)."""
    return module(name).BOARD_ID + "-stock"
