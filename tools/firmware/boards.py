"""Firmware data for tools/firmware/build_frozen.py: the CircuitPython source it builds, where each
board lives in it (its port and chip: sim/boards.py ``firmware``), and which CircuitPython modules
a frozen build turns off on each port to make flash room, with why.

Each entry of ``off`` is (make variable, the Python module it provides or None, why it can go).
tools/firmware/build_frozen.py refuses to build when the staged app, code.py or boot.py imports
one of those modules (``check_off_modules``), so a module the app needs cannot be turned off by
mistake. The figures that made each list are in docs/firmware.md."""

from sim.boards import module, table

# The CircuitPython source the builds were made and measured with. Git blob ids (``git ls-tree``
# at that commit) of the build files that decide a board's module set and layout: a checkout
# whose files differ is another CircuitPython and gets refused (``--any-commit`` to go on anyway).
PIN_COMMIT = "cd3da4a5d894a9648871db7188fc38ee4b344cd4"
PIN_DESCRIBE = "10.3.0-alpha.4-185-gcd3da4a5d8"  # `git describe` of PIN_COMMIT (CP_VERSION for a tree without .git)
PIN_BLOBS = {
    "main.c": "2020cb8c307288bb36e34f4a9f06e9255a53c765",
    "py/circuitpy_mpconfig.h": "58d7fe74ea6ce6a6cae98874b83b06c2df817cd5",
    "py/circuitpy_mpconfig.mk": "e4e01fcecc824727fee74c8bee6a4b0ba3158200",
    "py/circuitpy_defns.mk": "b50ab1ee6330121d28e742ddcf83f3d434ab2aa3",
    "ports/atmel-samd/Makefile": "0aaf6e3d849bf9ac7fff66dadabe4b764e9e94d1",
    "ports/atmel-samd/mpconfigport.mk": "f846f490aa4ee0bd13a9f831f3ee0bf9870b1a61",
    "ports/atmel-samd/boards/pybadge/mpconfigboard.mk": "70571b6c77dbd1b5f6ed80d249a134ce58f2109f",
    "ports/atmel-samd/boards/pygamer/mpconfigboard.mk": "0c6f16f8b63819292ac0499bafefe57113d9d94a",
    "ports/nordic/Makefile": "1e283fc699c7f08b979438d02f23d87b94b645d7",
    "ports/nordic/mpconfigport.mk": "028ceca9fcddf8889baa966d9a5c554551a264d9",
    "ports/nordic/boards/clue_nrf52840_express/mpconfigboard.mk": "e1a25137a19242d813d53b3616a6b2b58498de9e",
    "ports/raspberrypi/Makefile": "603121e059f4c3b61312ad1c1a83519144904bc8",
    "ports/raspberrypi/mpconfigport.mk": "f4c6e809ba043130e5d8fd2df28e9dfe0d0f06b1",
    "ports/raspberrypi/boards/adafruit_macropad_rp2040/mpconfigboard.mk":
        "4d708bcf7945aab7748fec056d79d3127e344e8f",
    "ports/raspberrypi/boards/raspberry_pi_pico/mpconfigboard.mk": "20607d50e41c63ee011e123fd41bffdcde0355ae",
}
MIN_GCC = 14  # py/circuitpy_mpconfig.h:676-701 stops the build with an older arm-none-eabi-gcc

# The SAMD51J19A's 512 KB flash leaves 488 KB for the firmware (16 KB bootloader, 8 KB NVM). The
# stock pybadge build at PIN_COMMIT has 812 B of it free; the app frozen in is ~189 KB. These go,
# in the order session 5 tried them (docs/firmware.md); none is imported by the app.
SAMD51_J19_OFF = (
    ("CIRCUITPY_ULAB", "ulab", "numpy-like arrays: the app does no array maths"),
    ("CIRCUITPY_BLEIO_HCI", "_bleio", "Bluetooth through an AirLift co-processor: none is fitted"),
    ("CIRCUITPY_AUDIOMP3", "audiomp3", "MP3 decoding: the app's sound is one looping sine RawSample (hw/sound.py)"),
    ("CIRCUITPY_SYNTHIO", "synthio", "the synthesizer: not used (hw/sound.py steps a RawSample's rate)"),
    ("CIRCUITPY_AUDIOMIXER", "audiomixer", "mixing voices: the app plays one voice"),
    ("CIRCUITPY_VECTORIO", "vectorio", "shapes: the app draws with TileGrids and Bitmaps only"),
    ("CIRCUITPY_STAGE", "_stage", "the C half of the stage game library, whose Python half the stock "
                                  "build freezes; the app replaces that frozen library"),
    ("MICROPY_PY_ASYNC_AWAIT", None, "async/await syntax: the app has none (one polling loop)"),
    ("CIRCUITPY_AUDIOBUSIO", "audiobusio", "I2S and PDM microphones: the speaker is on the DAC (audioio)"),
    ("CIRCUITPY_EPAPERDISPLAY", "epaperdisplay", "e-paper displays: the screen is a TFT (busdisplay)"),
    ("CIRCUITPY_ALARM", "alarm", "deep sleep and wake alarms: the app never sleeps the chip"),
    ("CIRCUITPY_USB_MIDI", "usb_midi", "the USB MIDI device: the board no longer shows up as a MIDI device"),
    ("CIRCUITPY_RE", "re", "regular expressions: not used by the app or the libraries it freezes"),
    ("CIRCUITPY_FREQUENCYIO", "frequencyio", "frequency counting on a pin: not used"),
    ("CIRCUITPY_USB_HID", "usb_hid", "the USB keyboard/mouse device: the board no longer shows up as one"),
    ("CIRCUITPY_BITBANGIO", "bitbangio", "software I2C/SPI: the app uses the hardware busses only"),
    ("CIRCUITPY_PULSEIO", "pulseio", "IR-style pulse trains: sound uses audioio, not pulseio"),
    ("CIRCUITPY_I2CTARGET", "i2ctarget", "acting as an I2C peripheral: not used"),
    ("CIRCUITPY_SDCARDIO", "sdcardio",
     "SD cards: the app keeps its data in NVM and on the drive (the PyGamer's microSD slot goes unused)"),
)

# The RP2040's firmware region is 1020 KB, but the raspberrypi port is built for speed (-O3), not
# size, and its stock module set nearly fills it: with the app frozen in (189 KB, frozen_content.o), the
# MacroPad's build overflowed by 70,444 B. These three unused modules are the largest there.
RP2040_OFF = (
    ("CIRCUITPY_ULAB", "ulab",
     "numpy-like arrays (118 KB of objects in the MacroPad build): the app does no array maths"),
    ("CIRCUITPY_AUDIOMP3", "audiomp3",
     "MP3 decoding (56 KB): the app's sound is one looping sine RawSample (hw/sound.py)"),
    ("CIRCUITPY_QRIO", "qrio", "QR code decoding (31 KB, lib/quirc): no camera"),
)

# The nRF52840's firmware region is 780 KB (the SoftDevice, MBR, BLE config and bootloader take the
# rest of the 1 MB): with the app frozen in, the CLUE's build overflowed by 39,192 B (hashlib off
# too, as its mbedtls sources could not be fetched here). The two largest unused modules go.
NRF52840_OFF = (
    ("CIRCUITPY_ULAB", "ulab", "numpy-like arrays (96 KB of objects in the CLUE build): the app does no array maths"),
    ("CIRCUITPY_AUDIOMP3", "audiomp3",
     "MP3 decoding (32 KB): the app's sound is one looping sine RawSample (hw/sound.py)"),
)

# Each board's CircuitPython port and chip are in sim/boards.py (``firmware``); its folder in the
# port's boards/ is its module's BOARD_ID; what its frozen build turns off is its port's list.
OFF = {"atmel-samd": SAMD51_J19_OFF, "raspberrypi": RP2040_OFF, "nordic": NRF52840_OFF}
BOARDS = {name: {"port": port, "cp_board": module(name).BOARD_ID, "chip": chip, "off": OFF[port]}
          for name, (port, chip) in table("firmware").items()}

# Submodules each port's build reads (CircuitPython's tools/ci_fetch_deps.py PORT_DEPS and the
# ports' Makefiles), each with the module whose sources it holds when it is needed only for that
# one; an empty folder means `make -C ports/<port> fetch-port-submodules` is due.
PORT_SUBMODULES = {
    "atmel-samd": (("lib/tinyusb", None), ("ports/atmel-samd/asf4", None), ("ports/atmel-samd/peripherals", None),
                   ("ports/atmel-samd/freetouch", None), ("extmod/ulab", "CIRCUITPY_ULAB"), ("lib/tlsf", None),
                   ("data/nvm.toml", None), ("tools/huffman", None), ("tools/uf2", None),
                   ("tools/python-semver", None)),
    "nordic": (("lib/tinyusb", None), ("ports/nordic/nrfx", None), ("extmod/ulab", "CIRCUITPY_ULAB"),
               ("lib/mbedtls", "CIRCUITPY_HASHLIB_MBEDTLS"),
               ("lib/tlsf", None), ("data/nvm.toml", None), ("tools/huffman", None), ("tools/uf2", None),
               ("tools/python-semver", None)),
    "raspberrypi": (("lib/tinyusb", None), ("ports/raspberrypi/sdk", None), ("extmod/ulab", "CIRCUITPY_ULAB"),
                    ("lib/tlsf", None), ("data/nvm.toml", None), ("lib/mbedtls", "CIRCUITPY_HASHLIB_MBEDTLS"),
                    ("ports/raspberrypi/lib/Pico-PIO-USB", "CIRCUITPY_USB_HOST"),
                    ("lib/adafruit_floppy", "CIRCUITPY_FLOPPYIO"), ("lib/quirc", "CIRCUITPY_QRIO"),
                    ("lib/mp3", "CIRCUITPY_AUDIOMP3"), ("tools/huffman", None),
                    ("tools/uf2", None), ("tools/python-semver", None)),
}
