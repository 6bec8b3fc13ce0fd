"""The object every ``make_board()`` returns (see ``hw/interface.md``)."""


class Board:
    """Plain holder of a board's parts: name, board_id, display, width, height, colour,
    buttons, keymap_help, rng, storage, storage_persistent, backup, erase_nvm, sound, lights, clock,
    power; ``profile``: the board module whose keys a simulated board copies (None on a board)."""

    def __init__(self, **parts):
        self.name = None
        self.board_id = None
        self.display = None
        self.width = 0
        self.height = 0
        self.colour = True
        self.buttons = None
        self.keymap_help = ()
        self.rng = None
        self.storage = None
        self.storage_persistent = True  # False: the storage forgets at power-off (no NVM)
        self.backup = None  # hw.backup_file.FileCopy where the NVM write erases both slots at once
        self.erase_nvm = None  # erases an NVM that refuses every write (ESP32: espidf.erase_nvs)
        self.sound = None
        self.lights = None
        self.clock = None
        self.power = None
        self.profile = None
        for key in parts:
            setattr(self, key, parts[key])


class Clock:
    """``ticks_ms()`` from the given function; ``date()`` from ``time.localtime`` when the
    board's clock has been set (a year before 2024 means nobody set it)."""

    def __init__(self, ticks_ms):
        self.ticks_ms = ticks_ms

    def date(self):
        import time

        try:
            t = time.localtime()
        except (AttributeError, OSError):
            return None
        if t[0] < 2024:
            return None
        return (t[0], t[1], t[2])
