"""The desktop board: any real board's screen and keys on a PC, in a window or headless.

``make_board(profile="pygamer", headless=False, seed=None, storage_path=None, scale=None)``
returns a board with the interface of ``hw/interface.md``. The display is a Blinka displayio
display (``FrameBufferDisplay``) that keeps its own RGB framebuffer and logs every dirty
rectangle; in a window the framebuffer is shown scaled up with pygame. Headless (``headless``,
``SDL_VIDEODRIVER=dummy``, no pygame, or no X/Wayland display) nothing is shown and tests read
pixels, dirty rectangles and PNG screenshots from the display.

The keyboard gives the semantic inputs directly (arrows, space, 1-5, enter, esc, n, m, h) and
also plays the chosen board's own buttons (e.g. ``a``/``b`` on the CLUE), through the same key
tables and long-press rules as the board itself."""

import contextlib
import io
import os
import struct
import sys
import time
import zlib

from hw.base import Board, Clock
from .vmboard import ScriptedButtons
from hw.null import NullLights, NullSound
from .null_power import NullPower
from hw.nvm import MemoryNVM
from .file_nvm import FileNVM
from . import boards
from .keytable import DIRECT_KEYS, LIGHTS, key_tables, keymap_help  # noqa: F401 (shared tables)

with contextlib.redirect_stdout(io.StringIO()):  # Blinka warns that a PC has no GPIO
    import busdisplay
    import displayio
    from displayio._area import Area
    from displayio._colorconverter import ColorConverter


def ticks_ms():
    """A board's ``supervisor.ticks_ms``: milliseconds, wrapping at 2**29."""
    return (time.monotonic_ns() // 1000000) & 0x1FFFFFFF


PROFILES = boards.NAMES
SCALE = boards.table("scale")  # window pixels per screen pixel
FONT_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib", "fonts")
DATA_DIR = os.path.join(os.path.expanduser("~"), ".local", "share", "pocket-yahtzee")

def board_module(profile):
    """The board module for a profile name (its key tables; no hardware is touched)."""
    if profile not in PROFILES:
        raise ValueError("unknown board %r; choose one of %s" % (profile, ", ".join(PROFILES)))
    import importlib

    return importlib.import_module("hw." + profile)


# -- display ------------------------------------------------------------------------------


class FrameBufferDisplay(busdisplay.BusDisplay):
    """A Blinka display that draws into ``frame`` (RGB888, row-major) instead of a bus.

    ``dirty_log``: (x1, y1, x2, y2) of every rectangle a refresh redrew (x2/y2 exclusive,
    clipped to the screen); clear it yourself. ``pixel(x, y)`` -> (r, g, b) as the screen shows
    it (RGB565, or black/white on a mono screen). ``as_shown(0xRRGGBB)``: the (r, g, b) a
    colour becomes on this screen. ``settle()`` refreshes until a refresh redraws nothing.
    ``save_png(path)``. ``on_present``: called after each refresh that drew something."""

    def __init__(self, width, height, mono=False):
        self.mono = mono
        self.frame = bytearray(width * height * 3)
        self.dirty_log = []
        self.refresh_count = 0
        self.on_present = None
        if mono:  # like the MacroPad's SH1106: 1 bit, 8 rows per byte
            depth = dict(color_depth=1, grayscale=True, pixels_in_byte_share_row=False)
        else:
            depth = dict(color_depth=16, reverse_bytes_in_word=False)
        super().__init__(None, b"", width=width, height=height, auto_refresh=False, **depth)

    def _refresh_display(self):
        before = len(self.dirty_log)
        drawn = super()._refresh_display()
        self.refresh_count += 1
        if self.on_present is not None and len(self.dirty_log) != before:
            self.on_present(self)
        return drawn

    def _refresh_area(self, area):
        clipped = Area()
        if not self._core.clip_area(area, clipped):
            return True
        self.dirty_log.append((clipped.x1, clipped.y1, clipped.x2, clipped.y2))
        n = clipped.size()
        depth = self._core.colorspace.depth
        words = (n * depth + 31) // 32
        buffer = memoryview(bytearray(words * 4)).cast("I")
        mask = memoryview(bytearray((n // 32 + 1) * 4)).cast("I")
        self._core.fill_area(clipped, mask, buffer)
        self._store(clipped, buffer.cast("B"))
        return True

    def _store(self, a, raw):
        """The area's pixels (``raw``: 1 bit, 8 rows per byte; or RGB565 little-endian) into
        ``frame`` as RGB888, with bytes.translate and slices rather than a loop per pixel (the
        tests draw millions of pixels)."""
        w = a.x2 - a.x1
        h = a.y2 - a.y1
        width = self._core.width
        frame = self.frame
        if self.mono:
            for row in range(h):
                j = ((a.y1 + row) * width + a.x1) * 3
                base = (row >> 3) * w
                # this row's bit of each byte as 0 or 1, then each a white or black pixel
                bits = bytes(raw[base:base + w]).translate(_MONO_BIT[row & 7])
                frame[j:j + w * 3] = bits.replace(b"\x01", b"\xff\xff\xff").replace(b"\x00", b"\x00\x00\x00")
            return
        n = w * h
        px = bytes(raw[:2 * n])
        lo, hi = px[0::2], px[1::2]  # RGB565: hi = RRRRRGGG, lo = GGGBBBBB
        rgb = bytearray(3 * n)
        rgb[0::3] = hi.translate(_RED)
        green = int.from_bytes(hi.translate(_GREEN_HI), "big") | int.from_bytes(lo.translate(_GREEN_LO), "big")
        rgb[1::3] = green.to_bytes(n, "big").translate(_GREEN)
        rgb[2::3] = lo.translate(_BLUE)
        for row in range(h):
            j = ((a.y1 + row) * width + a.x1) * 3
            frame[j:j + w * 3] = rgb[row * w * 3:(row + 1) * w * 3]

    # -- for tests and screenshots
    def pixel(self, x, y):
        """(r, g, b) of the pixel at (x, y) as last drawn."""
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise IndexError("pixel (%d, %d) is off the %dx%d screen" % (x, y, self.width,
                                                                          self.height))
        j = (y * self.width + x) * 3
        return tuple(self.frame[j:j + 3])

    def as_shown(self, colour):
        """The (r, g, b) that colour 0xRRGGBB becomes on this screen."""
        if self.mono:
            return (255, 255, 255) if ColorConverter._compute_luma(colour) >= 128 else (0, 0, 0)
        r, g, b = (colour >> 19) & 31, (colour >> 10) & 63, (colour >> 3) & 31
        return (_EXPAND5[r], _EXPAND6[g], _EXPAND5[b])

    def settle(self, max_refreshes=4):
        """Refresh until a refresh redraws nothing (Blinka redraws everything once more
        after a full refresh), then clear ``dirty_log``. Returns the refreshes it took."""
        for n in range(1, max_refreshes + 1):
            mark = len(self.dirty_log)
            self.refresh()
            if len(self.dirty_log) == mark:
                break
        del self.dirty_log[:]
        return n

    def dirty_bounds(self):
        """The smallest (x1, y1, x2, y2) covering every logged rectangle, or None."""
        if not self.dirty_log:
            return None
        xs1, ys1, xs2, ys2 = zip(*self.dirty_log)
        return (min(xs1), min(ys1), max(xs2), max(ys2))

    def dirty_pixels(self):
        """Pixels redrawn in all logged rectangles (overlaps counted twice)."""
        return sum((x2 - x1) * (y2 - y1) for x1, y1, x2, y2 in self.dirty_log)

    def save_png(self, path, scale=1):
        """Write the framebuffer as a PNG (pure Python, zlib)."""
        write_png(path, self.width, self.height, self.frame, scale)


_EXPAND5 = bytes((v * 255 + 15) // 31 for v in range(32))
_EXPAND6 = bytes((v * 255 + 31) // 63 for v in range(64))
# FrameBufferDisplay._store's byte tables (bytes.translate): an RGB565 pixel's high and low
# bytes to its red, blue and the two halves of its green; a mono byte to one row's bit
_RED = bytes(_EXPAND5[b >> 3] for b in range(256))
_BLUE = bytes(_EXPAND5[b & 31] for b in range(256))
_GREEN_HI = bytes((b & 7) << 3 for b in range(256))
_GREEN_LO = bytes(b >> 5 for b in range(256))
_GREEN = _EXPAND6 + bytes(256 - 64)
_MONO_BIT = [bytes((b >> k) & 1 for b in range(256)) for k in range(8)]


def write_png(path, width, height, rgb, scale=1):
    """Save RGB888 bytes as an 8-bit truecolour PNG, optionally scaled up by an integer."""
    rows = []
    for y in range(height):
        line = rgb[y * width * 3:(y + 1) * width * 3]
        if scale > 1:
            line = b"".join(bytes(line[x * 3:x * 3 + 3]) * scale for x in range(width))
        rows.extend([b"\x00" + bytes(line)] * scale)

    def chunk(kind, data):
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", width * scale, height * scale, 8, 2, 0, 0, 0)
    data = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""))
    with open(path, "wb") as f:
        f.write(data)


# -- window -------------------------------------------------------------------------------


class Window:
    """Shows a FrameBufferDisplay scaled up in a pygame window, with the board's lights
    as a strip of dots under the screen."""

    STRIP = 24  # pixels of light strip under the screen, in window pixels

    def __init__(self, pygame, display, scale, caption, lights_count):
        self.pygame = pygame
        self.display = display
        self.scale = scale
        self.lights_count = lights_count
        self.lights = [0] * lights_count
        size = (display.width * scale, display.height * scale + (self.STRIP if lights_count else 0))
        pygame.display.set_caption(caption)
        self.surface = pygame.display.set_mode(size)
        display.on_present = self.present

    def present(self, display=None):
        pg = self.pygame
        d = self.display
        image = pg.image.frombuffer(bytes(d.frame), (d.width, d.height), "RGB")
        w, h = d.width * self.scale, d.height * self.scale
        if d.brightness < 1.0:
            image = image.copy()
            image.fill((int(255 * d.brightness + 30),) * 3, special_flags=pg.BLEND_MULT)
        self.surface.blit(pg.transform.scale(image, (w, h)), (0, 0))
        if self.lights_count:
            self.surface.fill((20, 20, 20), (0, h, w, self.STRIP))
            step = w // (self.lights_count + 1)
            for i, colour in enumerate(self.lights):
                rgb = ((colour >> 16) & 255, (colour >> 8) & 255, colour & 255)
                rgb = tuple(min(255, c * 4) for c in rgb)  # NeoPixels are dimmed on boards
                pg.draw.circle(self.surface, rgb if colour else (60, 60, 60),
                               (step * (i + 1), h + self.STRIP // 2), self.STRIP // 3)
        pg.display.flip()


class WindowPower:
    """Dimming and sleep in the window, as a board's backlight does (hw/parts.BacklightPower):
    dimmed, the picture is darker; asleep, it is black until a key is pressed."""

    def __init__(self, window, buttons, sleep=time.sleep):
        self.window = window
        self.buttons = buttons
        self.dimmed = False
        self.sleeps = 0
        self._sleep = sleep

    def dim(self, on):
        self.dimmed = bool(on)
        self.window.display.brightness = 0.15 if on else 1.0
        self.window.present()

    def sleep_until_button(self):
        self.sleeps += 1
        self.window.display.brightness = 0.0
        self.window.present()
        buttons = self.buttons
        while True:
            buttons.poll()
            if buttons.pending() or buttons.any_down():
                break
            self._sleep(0.05)
        buttons.clear()  # the waking press does nothing else
        self.dim(self.dimmed)


class WindowLights(NullLights):
    """Shows held dice / colours on the window's light strip."""

    def __init__(self, window, die_lights):
        super().__init__()
        self.window = window
        self.die_lights = die_lights

    def show_held(self, mask):
        super().show_held(mask)
        from hw.parts import HELD_COLOUR

        lights = self.window.lights
        for i in range(len(lights)):
            lights[i] = 0
        if self.die_lights is None:
            lights[0] = HELD_COLOUR if mask else 0
        else:
            for die, led in enumerate(self.die_lights):
                lights[led] = HELD_COLOUR if (mask >> die) & 1 else 0
        self.window.present()

    def show_colours(self, colours):
        super().show_colours(colours)
        for i, c in enumerate(colours[: len(self.window.lights)]):
            self.window.lights[i] = c
        self.window.present()

    def off(self):
        super().off()
        for i in range(len(self.window.lights)):
            self.window.lights[i] = 0
        self.window.present()




# -- keys ---------------------------------------------------------------------------------


class KeyboardButtons(ScriptedButtons):
    """``Buttons`` fed by pygame key events (window mode); ``poll()`` pumps the event queue.
    Closing the window raises ``SystemExit``."""

    def __init__(self, pygame, keycodes, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.pygame = pygame
        self.keycodes = keycodes  # pygame key code -> key number
        self.window = None

    def poll(self):
        pg = self.pygame
        now = self.clock()
        for event in pg.event.get():
            if event.type == pg.QUIT:
                raise SystemExit(0)
            if event.type in (pg.KEYDOWN, pg.KEYUP):
                k = self.keycodes.get(event.key)
                if k is not None:
                    self.key(k, event.type == pg.KEYDOWN, now)
            elif self.window is not None and event.type in (pg.WINDOWEXPOSED, pg.VIDEOEXPOSE):
                self.window.present()
        return super().poll()


# -- the board ----------------------------------------------------------------------------


def want_headless(headless):
    if headless:
        return True
    if os.environ.get("SDL_VIDEODRIVER") in ("dummy", "offscreen"):
        return True
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY")
                                                 or os.environ.get("WAYLAND_DISPLAY")):
        return True
    try:
        import pygame  # noqa: F401
    except ImportError:
        return True
    return False


def make_board(profile="pygamer", headless=False, seed=None, storage_path=None, scale=None,
               clock=None, sound=True):
    """A desktop board that looks and reads keys like ``profile``.

    ``seed``: dice seed (None: from the time; the board's ``seed`` says which). Storage: a file
    (``storage_path``, or ~/.local/share/pocket-yahtzee/<profile>.nvm in a window; RAM when
    headless without a path) the size of the board's NVM. ``clock``: a ``ticks_ms`` function
    (tests pass a ``FakeClock``)."""
    from yahtzee_core.seeded_dice import SeededDice

    module = board_module(profile)
    headless = want_headless(headless)
    clock = clock or ticks_ms
    displayio.release_displays()
    display = FrameBufferDisplay(module.WIDTH, module.HEIGHT, mono=not module.COLOUR)
    short, long, repeat, names, help_pairs = key_tables(module)

    if seed is None:
        seed = int.from_bytes(os.urandom(4), "little") & 0x3FFFFFFF
    if storage_path is None and not headless:
        storage_path = os.path.join(DATA_DIR, profile + ".nvm")
    storage = FileNVM(storage_path, module.NVM_SIZE) if storage_path else MemoryNVM(module.NVM_SIZE)
    if storage_path and os.path.isfile(storage_path):
        storage.short = 0 < os.path.getsize(storage_path) < module.NVM_SIZE  # NvmStore: "older copy loaded"

    window = None
    snd = NullSound()
    lights = NullLights()
    if headless:
        buttons = ScriptedButtons(short, long, repeat, module.RING, clock=clock)
    else:
        import pygame

        pygame.display.init()
        keycodes = {pygame.key.key_code(name): number for name, number in names.items()}
        buttons = KeyboardButtons(pygame, keycodes, short, long, repeat, module.RING, clock=clock)
        count, die_lights = LIGHTS[profile]
        window = Window(pygame, display, scale or SCALE[profile],
                        "Pocket Yahtzee - " + module.NAME, count)
        buttons.window = window
        lights = WindowLights(window, die_lights)
        if sound:
            snd = _pygame_sound(pygame)
    buttons.key_names = names

    board = Board(
        name=module.NAME,
        board_id=module.BOARD_ID,
        display=display,
        width=module.WIDTH,
        height=module.HEIGHT,
        colour=module.COLOUR,
        buttons=buttons,
        keymap_help=help_pairs,
        rng=SeededDice(seed),
        storage=storage,
        storage_persistent=storage_path is not None,
        sound=snd,
        lights=lights,
        clock=Clock(clock),
        power=WindowPower(window, buttons) if window is not None else NullPower(display),
        font_dir=FONT_DIR,
    )
    board.seed = seed
    board.headless = headless
    board.window = window
    board.profile = module
    return board


def _pygame_sound(pygame):
    try:
        pygame.mixer.init(frequency=22050, size=-16, channels=1)
        return PygameSound(pygame.mixer)
    except Exception:  # no audio device: play silently
        return NullSound()


def press(board, key_name, hold_ms=0):
    """Press and release a keyboard key of the desktop board by its name ("a", "space", "n")
    as if typed, holding it ``hold_ms`` of the board's clock. For tests with a FakeClock."""
    buttons = board.buttons
    k = buttons.key_names[key_name]
    clock = buttons.clock
    buttons.key(k, True, clock())
    if hold_ms:
        clock.advance(hold_ms)
        buttons._check_held(clock())
    buttons.key(k, False, clock())


MAX_SCALE = 12  # window pixels per screen pixel: a 240x240 board at 12 is 2880 pixels wide
MAX_SEED = (1 << 30) - 1

USAGE = """usage: python code.py [--board NAME] [--headless] [--seed N] [--nvm PATH] [--scale N]
                    [--mute] [--keys] [--screenshot PATH]

  --board NAME       board to simulate: %s (default pygamer)
  --headless         no window (also when SDL_VIDEODRIVER=dummy or no display is found)
  --seed N           seed the dice, 0 to 1073741823 (default: random; the seed is printed)
  --nvm PATH         file that keeps the board's NVM (default in a window:
                     ~/.local/share/pocket-yahtzee/NAME.nvm; headless: none, records last until exit)
  --scale N          window pixels per screen pixel, 1 to 12 (default: the board's)
  --mute             no sound
  --keys             print the keys of the chosen board and exit
  --screenshot PATH  save the screen as a PNG when the program ends""" % ", ".join(PROFILES)


def print_help(argv):
    """Usage and the chosen board's keys (``python code.py --help [--board NAME]``)."""
    profile = "pygamer"
    for i, a in enumerate(argv):
        if a == "--board" and i + 1 < len(argv):
            profile = argv[i + 1]
        elif a.startswith("--board="):
            profile = a.split("=", 1)[1]
    print(USAGE)
    if profile in PROFILES:
        module = board_module(profile)
        print("\nKeys for %s on the desktop:" % module.NAME)
        for key, meaning in keymap_help(module):
            print("  %-14s %s" % (key, meaning))


def parse_args(argv):
    """Command-line flags to ``make_board`` keyword arguments plus 'keys' and 'screenshot'."""
    opts = {"profile": "pygamer", "headless": False, "seed": None, "storage_path": None,
            "scale": None, "sound": True, "keys": False, "screenshot": None}
    takes = {"--board": ("profile", str), "--seed": ("seed", int), "--nvm": ("storage_path", str),
             "--scale": ("scale", int), "--screenshot": ("screenshot", str)}
    flags = {"--headless": ("headless", True), "--keys": ("keys", True), "--mute": ("sound", False)}
    i = 0
    while i < len(argv):
        arg = argv[i]
        name, eq, value = arg.partition("=")
        if name in takes:
            if not eq:
                i += 1
                if i >= len(argv):
                    raise SystemExit("%s needs a value\n%s" % (name, USAGE))
                value = argv[i]
            key, kind = takes[name]
            try:
                opts[key] = kind(value)
            except ValueError:
                raise SystemExit("bad value for %s: %r\n%s" % (name, value, USAGE))
        elif arg in flags:
            key, value = flags[arg]
            opts[key] = value
        elif arg in ("-h", "--help"):
            raise SystemExit(USAGE)
        else:
            raise SystemExit("unknown argument %r\n%s" % (arg, USAGE))
        i += 1
    if opts["profile"] not in PROFILES:
        raise SystemExit("unknown board %r\n%s" % (opts["profile"], USAGE))
    check_ranges(opts)
    return opts


def check_ranges(opts):
    """Each flag's value in range, else a one-line error (SystemExit)."""
    scale = opts["scale"]
    if scale is not None and not 1 <= scale <= MAX_SCALE:
        raise SystemExit("--scale must be 1 to %d, not %d" % (MAX_SCALE, scale))
    seed = opts["seed"]
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise SystemExit("--seed must be 0 to %d, not %d" % (MAX_SEED, seed))
    shot = opts["screenshot"]
    if shot is not None:
        folder = os.path.dirname(os.path.abspath(shot))
        if not os.path.isdir(folder) or os.path.isdir(shot):
            raise SystemExit("--screenshot %s: no such folder %s (make it first)" % (shot, folder))
    path = opts["storage_path"]
    if path is not None and os.path.isdir(path):
        raise SystemExit("--nvm %s is a folder: give a file name, e.g. %s" % (
            path, os.path.join(path, opts["profile"] + ".nvm")))


def lock_save_file(path):
    """Keep ``path`` to this program (a lock on ``path + '.lock'``): two windows on one save
    file would overwrite each other's records. Returns the open lock file (close it to release);
    SystemExit with one line when another program holds it."""
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    f = open(path + ".lock", "a+b")
    try:
        try:
            import fcntl

            fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except ImportError:  # Windows
            import msvcrt

            f.seek(0)
            msvcrt.locking(f.fileno(), msvcrt.LK_NBLCK, 1)
    except OSError:
        f.close()
        raise SystemExit("another Pocket Yahtzee window uses %s: close it, or give --nvm another file" % path)
    return f


def make_board_from_args(argv):
    """Flags -> board (``run``). ``--keys`` prints the keys and exits;
    ``--screenshot`` saves the screen at exit."""
    opts = parse_args(argv)
    if opts.pop("keys"):
        module = board_module(opts["profile"])
        print("Keys for %s on the desktop:" % module.NAME)
        for key, meaning in keymap_help(module):
            print("  %-14s %s" % (key, meaning))
        raise SystemExit(0)
    screenshot = opts.pop("screenshot")
    board = make_board(**opts)
    lock = lock_save_file(board.storage.path) if isinstance(board.storage, FileNVM) else None
    board.release_save_file = lock.close if lock is not None else (lambda: None)
    print("Pocket Yahtzee on a desktop %s, seed %d%s" % (
        board.name, board.seed, " (headless)" if board.headless else ""))
    if lock is not None:
        print("records kept in %s" % board.storage.path)
    else:
        print("headless without --nvm: records last until exit (--nvm PATH keeps them in a file)")
    if screenshot:
        import atexit

        atexit.register(board.display.save_png, screenshot)
    return board



def run(build, argv=None):
    """code.py on a desktop: ``--help``, or the board from the flags (``argv``, default
    ``sys.argv[1:]``) and ``build(board)``'s app under the crash guard, which builds the app
    again after an error (a board restarts instead)."""
    from ui.crash_guard import run_guarded

    if argv is None:
        argv = sys.argv[1:]
    if "--help" in argv or "-h" in argv:
        print_help(argv)
        return
    try:
        run_guarded(make_board_from_args(argv), build)
    except KeyboardInterrupt:
        pass

class PygameSound:
    """The cues of ``hw.sound.CUES`` through ``pygame.mixer`` (prebuilt, non-blocking); here, not
    in hw/sound.py, so a board does not load its code."""

    RATE = 22050

    def __init__(self, mixer):
        from array import array
        import math

        self.mixer = mixer
        self.muted = False
        self.last = None
        self.count = 0
        self.sounds = {}
        from hw.sound import CUES

        for name, steps in CUES.items():
            samples = array("h")
            for i in range(0, len(steps), 2):
                freq, ms = steps[i], steps[i + 1]
                n = self.RATE * ms // 1000
                for j in range(n):
                    fade = min(1.0, (n - j) / 200.0)
                    v = math.sin(2 * math.pi * freq * j / self.RATE) if freq else 0.0
                    samples.append(int(v * 6000 * fade))
            self.sounds[name] = mixer.Sound(buffer=samples.tobytes())

    def play(self, name):
        self.last = name
        self.count += 1
        if not self.muted and name in self.sounds:
            self.sounds[name].play()

    def update(self, now_ms):
        pass

    def stop(self):
        self.mixer.stop()
