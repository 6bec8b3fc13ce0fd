"""What ``boot.py`` does: give the CIRCUITPY drive to the game's code, unless a key is held.

On the boards whose NVM write erases both saved copies at once (docs/nvm_layout.md) the game
keeps a backup copy in a file on the drive (``hw.backup_file.BACKUP_FILE``), and code may only write the drive when
``boot.py`` remounted it (``storage.remount("/", readonly=False)``, CircuitPython 10); the
computer then sees the drive read-only. Holding the board's ``KEYS`` key while it powers on or
resets leaves the drive to the computer (to copy or edit files), and the game runs with its
backup copy off for that session. Other boards (CLUE, unknown ones) keep CircuitPython's default."""

# board_id -> (kind, pin, key number, value when pressed, key name for people)
KEYS = {
    "pygamer": ("shift", None, 3, True, "Select"),
    "pybadge": ("shift", None, 3, True, "Select"),
    "edgebadge": ("shift", None, 3, True, "Select"),
    "adafruit_macropad_rp2040": ("pin", "KEY1", 0, False, "key 1"),  # not the encoder: BOOT
    "raspberry_pi_pico": ("pin", "GP12", 0, False, "A"),
    "raspberry_pi_pico_w": ("pin", "GP12", 0, False, "A"),
    "raspberry_pi_pico2": ("pin", "GP12", 0, False, "A"),
    "raspberry_pi_pico2_w": ("pin", "GP12", 0, False, "A"),
    "adafruit_feather_esp32s3_reverse_tft": ("pin", "D1", 0, True, "D1"),  # not D0: BOOT
}


def key_held(board, keypad, sleep, spec):
    """True when the key in ``spec`` (a ``KEYS`` value) is down now."""
    kind, pin, number, when_pressed, _name = spec
    if kind == "shift":
        keys = keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT,
                                        latch=board.BUTTON_LATCH, key_count=8,
                                        value_when_pressed=when_pressed)
    else:
        keys = keypad.Keys((getattr(board, pin),), value_when_pressed=when_pressed, pull=True)
    sleep(0.1)  # a few scans: a key already down gives a press event
    held = False
    event = keypad.Event()
    while keys.events.get_into(event):
        if event.pressed and event.key_number == number:
            held = True
    keys.deinit()
    return held


def choose(board, storage, keypad, sleep):
    """Remount the drive for the game's code unless the key is held. Returns what was done,
    in words (``boot.py`` prints it to boot_out.txt)."""
    spec = KEYS.get(board.board_id)
    if spec is None:
        return "drive left to the computer (no backup copy on this board)"
    if key_held(board, keypad, sleep, spec):
        return "%s held: drive left to the computer, backup copy off" % spec[4]
    storage.remount("/", readonly=False)
    return "drive writable by the game (hold %s at power-on to edit files)" % spec[4]


def main():
    import time

    import board
    import keypad
    import storage

    print(choose(board, storage, keypad, time.sleep))
