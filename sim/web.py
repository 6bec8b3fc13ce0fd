"""The web page's board: any real board's screen and keys inside MicroPython WebAssembly, driven
by the page's JavaScript (``web/pocket.js``), which only moves pixels, keys, sound and saved
bytes. Everything else is the same app as on a board (``ui/app_start.py``'s ``build_app``, which code.py calls).

    from sim import web
    web.start("pygamer", seed, nvm_hex, 2026, 11, 23)   # builds the board and the app
    web.step(now_ms)        # one frame; returns flags (DREW, SAVED, SOUND, ...)
    web.key(n, True)        # key n down (a page button or a keyboard key, sim/keytable.py)

The display is ``sim/fbdisplay.py`` with its RGB565 frame; JavaScript reads the frame, the dirty
rectangles and the NVM bytes straight from the VM's memory at the addresses ``frame_address()``,
``dirty_address()`` and ``nvm_address()`` give (the buffers are allocated once and never move).
The keys are the board's own keys plus the desktop keyboard table (``sim/keytable.py``). The
clock moves only when ``step(now)`` says (the page passes ``performance.now()``; the browser
test passes fixed 16 ms steps). Sound cues go to JavaScript by name, played from the cue table
of ``hw/sound.py`` (``cue_table()``). Saves go to ``localStorage`` after each write."""

from hw.base import Board
from hw.nvm import MemoryNVM
from . import fbdisplay, vmboard
from . import board_table, keytable
from .keytable import key_tables

DREW = 1  # step() flags: the frame changed (dirty rectangles to copy)
SAVED = 2  # the NVM was written: store its bytes
SOUND = 4  # cues to play (cue(i) for i < cue_count())
STOPPED = 8  # stop the sound
POWER = 16  # dimmed / asleep changed
LIT = 32  # the held-dice lights changed (lights())

_MAX_CUES = 4
LIGHTS_ON_KEYS = ("macropad",)  # light i sits under key i (else a strip above the buttons)

# The board's buttons on the page, row by row (key numbers as in the board module): sim/board_table.py.
ROWS = board_table.column(board_table.ROWS)

board = None
app = None
crashed = False  # the app raised: its error is on the screen until a key restarts it


class WebNVM(MemoryNVM):
    """The board's NVM in the VM; the page keeps a copy in ``localStorage``."""


class WebSound:
    """Cues for the page: ``play(name)`` queues the name; the page plays it with WebAudio."""

    def __init__(self):
        self.muted = False
        self.last = None
        self.count = 0
        self.queue = [None] * _MAX_CUES
        self.queued = 0
        self.stopped = False

    def play(self, name):
        self.last = name
        self.count += 1
        if not self.muted and self.queued < _MAX_CUES:
            self.queue[self.queued] = name
            self.queued += 1

    def update(self, now_ms):
        pass

    def stop(self):
        self.queued = 0
        self.stopped = True


class WebLights:
    """The board's held-dice lights for the page: ``mask`` has one bit per light (its
    ``sim/keytable.LIGHTS`` entry), ``changed`` until the page has read it."""

    def __init__(self, profile):
        self.count, self.die_lights = keytable.LIGHTS[profile]
        self.mask = 0
        self.changed = False

    def show_held(self, mask):
        lit = 0
        if self.die_lights is None:
            lit = 1 if mask else 0
        else:
            for die in range(len(self.die_lights)):
                if (mask >> die) & 1:
                    lit |= 1 << self.die_lights[die]
        if lit != self.mask:
            self.mask = lit
            self.changed = True

    def show_colours(self, colours):
        pass

    def off(self):
        self.show_held(0)


class WebPower:
    """Dimming and sleep are shown by the page (a darker / blank screen); the app never blocks:
    ``sleep_until_button`` returns at once and the page blanks the screen until a key."""

    def __init__(self, display):
        self.display = display
        self.dimmed = False
        self.asleep = False
        self.changed = False

    def dim(self, on):
        self.dimmed = bool(on)
        self.asleep = self.asleep and self.dimmed
        self.changed = True

    def sleep_until_button(self):
        self.asleep = True
        self.changed = True


FIELDS = 16  # ints per layer in Scene.records (web/compose.js reads them in this order)


class Scene:
    """The display's ``composer`` on the page: at each refresh that drew, the visible TileGrids
    in paint order (what ``FrameBufferDisplay._paint`` walks) go into ``records`` as plain ints,
    the memory addresses of their bitmap, tile and palette buffers among them, and JavaScript
    (``web/compose.js``, given as ``js_compose``) paints every dirty rectangle into the frame,
    as displayio's C code does on a board. Only what is drawn moves to JavaScript: the scene
    (every screen, label and tile) is the app's, built and changed in Python.

    One record: x, y, scale, tile width, tile height, grid width, grid height, tiles per bitmap
    row, bitmap address, bitmap row bytes, bits per value, tiles address, bytes per tile index,
    colours address (RGB565, or the 1-bit screen's 0/0xFFFF), transparency flags address, 0."""

    def __init__(self, js_compose):
        from array import array

        self.js_compose = js_compose
        self.records = array("i", [0] * (FIELDS * 64))
        self.count = 0

    def __call__(self, display):
        from uctypes import addressof

        d = display.dirty
        x1 = display.width
        y1 = display.height
        x2 = 0
        y2 = 0
        i = 0
        while i < display.dirty_count:  # the dirty rectangles' bounds: a layer outside is left out
            j = 4 * i
            x1 = min(x1, d[j])
            y1 = min(y1, d[j + 1])
            x2 = max(x2, d[j + 2])
            y2 = max(y2, d[j + 3])
            i += 1
        self.count = 0
        self._layers(display._root, 0, 0, 1, x1, y1, x2, y2, display.colour, addressof)
        self.js_compose(addressof(self.records), self.count, display.dirty_count)

    def _layers(self, group, ox, oy, scale, x1, y1, x2, y2, colour, addressof):
        for item in group._items:
            if item._hidden:
                continue
            ix = ox + item._x * scale
            iy = oy + item._y * scale
            if item._group:
                self._layers(item, ix, iy, scale * item._scale, x1, y1, x2, y2, colour, addressof)
                continue
            tw = item._tw
            th = item._th
            if (ix >= x2 or iy >= y2 or ix + item._width * tw * scale <= x1
                    or iy + item._height * th * scale <= y1):
                continue
            r = self.records
            j = FIELDS * self.count
            if j + FIELDS > len(r):
                r = self.records = r + r  # twice the room (the page only; no board has a Scene)
            bmp = item._bitmap
            pal = item._shader
            tiles = item._tiles
            r[j] = ix
            r[j + 1] = iy
            r[j + 2] = scale
            r[j + 3] = tw
            r[j + 4] = th
            r[j + 5] = item._width
            r[j + 6] = item._height
            r[j + 7] = item._per_row
            r[j + 8] = addressof(bmp._data)
            r[j + 9] = bmp._stride
            r[j + 10] = bmp.bits_per_value
            r[j + 11] = addressof(tiles)
            r[j + 12] = 1 if isinstance(tiles, bytearray) else 2
            r[j + 13] = addressof(pal._rgb565 if colour else pal._mono)
            r[j + 14] = addressof(pal._transparent)
            r[j + 15] = 0
            self.count += 1


class DiceFaces:
    """``ui.dice_faces.draw_die`` on the page. A face is a few dozen ``bitmaptools.fill_region``
    runs: C on a board, the stand-in's Python here (most of what was left of a game's start on
    the page). So every face the app asks for is drawn once by the app's own function (into two
    scratch bitmaps, one of 0s and one of the top value: a pixel is written where the two
    agree) and kept as its rows of packed bytes; drawing it again copies those bytes in place,
    whole bytes as slices, shared ones under a mask. ``warm()`` draws the play screen's faces
    while the page loads, so a game's start only copies them. The pixels, and the changed
    area, are the function's own; bitmaps of more than 8 bits a pixel are drawn by it."""

    def __init__(self, draw):
        self.draw = draw
        self.faces = {}

    def __call__(self, bitmap, x0, y0, die, face, held, index=None):
        bits = bitmap.bits_per_value
        if bits > 8:
            self.draw(bitmap, x0, y0, die, face, held, index)
            return
        phase = (x0 * bits) & 7
        key = (bits, phase, die, face, held, None if index is None else bytes(index))
        drawn = self.faces.get(key)
        if drawn is None:
            drawn = self.faces[key] = self._record(bits, phase, die, face, held, index)
        ops, x1, y1, x2, y2 = drawn
        data = bitmap._data
        stride = bitmap._stride
        base = y0 * stride + ((x0 * bits) >> 3)
        for row, at, keep, put in ops:
            i = base + row * stride + at
            if keep < 0:
                data[i:i + len(put)] = put
            else:
                data[i] = (data[i] & keep) | put
        if x2 > x1:
            bitmap._touch(x0 + x1, y0 + y1, x0 + x2, y0 + y2)

    def _record(self, bits, phase, die, face, held, index):
        """(ops, written area): ops (row, byte, -1, bytes) for runs of whole bytes and (row,
        byte, bits to keep, bits to put) for shared ones, bytes counted from the face's first."""
        px = phase // bits  # a pixel offset with the same bit phase
        top = (1 << bits) - 1
        low = fbdisplay.Bitmap(px + die + 8, die, top + 1)  # (the pixels after it in its last byte too)
        high = fbdisplay.Bitmap(px + die + 8, die, top + 1)
        fbdisplay.fill_region(high, 0, 0, high.width, die, top)
        self.draw(low, px, 0, die, face, held, index)
        self.draw(high, px, 0, die, face, held, index)
        ops = []
        x1 = y1 = die
        x2 = y2 = 0
        for y in range(die):
            for x in range(die):
                if low.get(px + x, y) == high.get(px + x, y):
                    x1 = min(x1, x)
                    y1 = min(y1, y)
                    x2 = max(x2, x + 1)
                    y2 = max(y2, y + 1)
            row = y * low._stride
            whole = bytearray()
            first = (px * bits) >> 3
            for i in range(first, (((px + die) * bits - 1) >> 3) + 1):
                a = low._data[row + i]
                mask = ~(a ^ high._data[row + i]) & 255
                if mask == 255:
                    whole.append(a)
                    continue
                if whole:
                    ops.append((y, i - first - len(whole), -1, bytes(whole)))
                    whole = bytearray()
                if mask:
                    ops.append((y, i - first, 255 ^ mask, a & mask))
            if whole:
                ops.append((y, i - first + 1 - len(whole), -1, bytes(whole)))
        return ops, x1, y1, x2, y2


class PageBlit:
    """``bitmaptools.blit`` on the page, for one-bit bitmaps: the rules reader draws each page
    glyph by glyph from terminalio's one-bit sheet into its one-bit page bitmap
    (``ui/rules_screen.py``), C on a board and a pixel at a time in the stand-in's Python
    (about 0.3 ms a glyph on the page: ~30-50 ms a page). Here a glyph is copied a row at a
    time: the row's pixels as the bits of one int, shifted onto the destination's bytes,
    written under a mask; terminalio's rows (its sheet never changes, in flash on a board) are
    worked out once and kept. Every other blit (other depths, ``skip_dest_index``, more than 16
    pixels a row, a source rectangle outside its bitmap) is the stand-in's own. The pixels and
    the changed area are the stand-in's (``host_tests/web/test_web.py``)."""

    def __init__(self, blit, sheet):
        self.blit = blit
        self.sheet = sheet  # terminalio's FONT (its bitmap is built on first use)
        self.kept = {}

    def __call__(self, dest, source, x, y, *, x1=0, y1=0, x2=None, y2=None, skip_source_index=None,
                 skip_dest_index=None):
        if x2 is None:
            x2 = source.width
        if y2 is None:
            y2 = source.height
        if (source.bits_per_value != 1 or dest.bits_per_value != 1 or skip_dest_index is not None
                or x1 < 0 or y1 < 0 or x2 > source.width or y2 > source.height or x2 - x1 > 16):
            self.blit(dest, source, x, y, x1=x1, y1=y1, x2=x2, y2=y2, skip_source_index=skip_source_index,
                      skip_dest_index=skip_dest_index)
            return
        if x < 0:  # clipped as the stand-in clips: the source pixels that land outside are left out
            x1 -= x
            x = 0
        if y < 0:
            y1 -= y
            y = 0
        if x2 - x1 > dest.width - x:
            x2 = x1 + dest.width - x
        if y2 - y1 > dest.height - y:
            y2 = y1 + dest.height - y
        if x2 <= x1 or y2 <= y1:
            return
        key = (x1, y1, x2, y2, skip_source_index)
        rows = None
        if source is self.sheet._bitmap:
            rows = self.kept.get(key)
        if rows is None:
            rows = self._rows(source, x1, y1, x2, y2, skip_source_index)
            if source is self.sheet._bitmap:
                self.kept[key] = rows
        ops, left, top, right, bottom = rows
        if right < 0:
            return  # nothing written
        n = x2 - x1
        first = x >> 3
        last = (x + n - 1) >> 3
        shift = 8 * (last - first + 1) - (x & 7) - n
        data = dest._data
        stride = dest._stride
        at = y * stride + last
        for r, mask, put in ops:
            m = mask << shift
            p = put << shift
            i = at + r * stride
            b = last
            while b >= first:
                mb = m & 255
                if mb:
                    data[i] = (data[i] & (255 ^ mb)) | (p & 255)
                m >>= 8
                p >>= 8
                i -= 1
                b -= 1
        dest._touch(x + left, y + top, x + right + 1, y + bottom + 1)

    @staticmethod
    def _rows(source, x1, y1, x2, y2, skip):
        """(ops, left, top, right, bottom): ops (row, mask, put) for each row that writes, the
        row's n = x2 - x1 pixels as n bits (the first pixel the highest bit); the bounds of the
        written pixels, relative to (x1, y1) (right -1: none)."""
        n = x2 - x1
        full = (1 << n) - 1
        first = x1 >> 3
        last = (x2 - 1) >> 3
        drop = 8 * (last - first + 1) - (x1 & 7) - n
        data = source._data
        stride = source._stride
        ops = []
        cols = 0
        top = bottom = -1
        for r in range(y2 - y1):
            i = (y1 + r) * stride
            v = 0
            for b in range(first, last + 1):
                v = (v << 8) | data[i + b]
            v = (v >> drop) & full
            if skip is None:
                mask = full
            elif skip == 0:
                mask = v
            elif skip == 1:
                mask = full ^ v
            else:
                mask = full
            if mask:
                ops.append((r, mask, v & mask))
                cols |= mask
                if top < 0:
                    top = r
                bottom = r
        left = right = -1
        for c in range(n):
            if (cols >> (n - 1 - c)) & 1:
                if left < 0:
                    left = c
                right = c
        return tuple(ops), left, top, right, bottom


class KeptGlyphs:
    """terminalio's ``FONT.get_glyph`` on the page: the stand-in makes a new ``Glyph`` at each
    call (the rules reader measures and draws every letter of a section with it: thousands a
    page, each one more object for the page's garbage collector); here each letter's glyph is
    made once and given again (a glyph is only read)."""

    def __init__(self, font):
        self.get = font.get_glyph
        self.kept = {}

    def __call__(self, codepoint):
        glyph = self.kept.get(codepoint)
        if glyph is None:
            glyph = self.get(codepoint)
            if glyph is not None:
                self.kept[codepoint] = glyph
        return glyph


class KeptLines:
    """``ui.rules_screen.wrap`` on the page: a paragraph's lines at a width, in terminalio's
    font, worked out once and given again. The rules reader wraps every section when it opens
    (to count its pages) and a page's whole section at each turn, letter by letter in Python
    (~60 ms at the opening on the page); ``warm()`` wraps the board's rules text at load. The
    lines are the function's own; the list given is only read (``RulesScreen.wrap`` extends its
    own with it)."""

    def __init__(self, wrap, font):
        self.wrap = wrap
        self.font = font
        self.kept = {}

    def __call__(self, para, max_width, font):
        if font is not self.font:
            return self.wrap(para, max_width, font)
        key = (para, max_width)
        lines = self.kept.get(key)
        if lines is None:
            lines = self.kept[key] = self.wrap(para, max_width, font)
        return lines


class DefuseSheets:
    """``ui.defuse_dice.draw_sheets`` on the page: Defuse mode's face sheet and empty-slot
    tile, drawn a pixel at a time by ``ui/defuse_art.py`` (~100-150 ms on the page, most of
    Defuse mode's start). Each size is drawn once by the app's own function (``warm()`` draws
    the board's) and kept as bytes; each call gives new bitmaps with those bytes."""

    def __init__(self, draw):
        self.draw = draw
        self.kept = {}

    def __call__(self, die, pitch, dx):
        key = (die, pitch, dx)
        kept = self.kept.get(key)
        if kept is None:
            sheets = self.draw(die, pitch, dx)
            kept = self.kept[key] = tuple((b.width, b.height, b.value_count, bytes(b._data)) for b in sheets)
        out = []
        for width, height, count, data in kept:
            bmp = fbdisplay.Bitmap(width, height, count)
            bmp._data[:] = data
            bmp._touch(0, 0, width, height)
            out.append(bmp)
        return tuple(out)


def make_board(profile, seed, nvm=None, today=None):
    """The web board for ``profile``: the real board's key numbers, then the keyboard's."""
    from yahtzee_core.seeded_dice import SeededDice

    fbdisplay.install()
    module = vmboard.board_module(profile)
    short, long, repeat, names, help_pairs = key_tables(module)
    clock = vmboard.ManualClock(1000, today)
    keys = vmboard.Keys(len(short))
    buttons = vmboard.ScriptedButtons(short, long, repeat, module.RING, clock=clock.ticks_ms, event=vmboard.Event())
    buttons.add_source(keys, 0)
    buttons.key_names = names
    display = fbdisplay.FrameBufferDisplay(module.WIDTH, module.HEIGHT, module.COLOUR, True)
    storage = WebNVM(module.NVM_SIZE)
    if nvm is not None and len(nvm) == len(storage.data):
        storage.data[:] = nvm
    b = Board(
        name=module.NAME,
        board_id=module.BOARD_ID,
        display=display,
        width=module.WIDTH,
        height=module.HEIGHT,
        colour=module.COLOUR,
        buttons=buttons,
        keymap_help=help_pairs,
        font_dir=None,  # the page has no font files: its rules reader uses terminalio's font
        rng=SeededDice(seed),
        storage=storage,
        storage_persistent=True,
        sound=WebSound(),
        lights=WebLights(profile),
        clock=clock,
        power=WebPower(display),
    )
    b.profile = module
    b.keys = keys
    b.seed = seed
    return b


# -- the page's calls -----------------------------------------------------------------------


def start(profile, seed, nvm_hex="", year=0, month=0, day=0):
    """Build the board and the app (``nvm_hex``: the saved NVM, or "" for a new one)."""
    global board, app, crashed
    crashed = False
    nvm = None
    if nvm_hex:
        try:
            nvm = bytes.fromhex(nvm_hex)
        except ValueError:
            nvm = None  # a damaged copy: start empty (the app would reject it anyway)
    board = make_board(profile, seed, nvm, (year, month, day) if year else None)
    from ui import screen_set

    # The page has room (a 1.5 MB heap): the modules a board unloads to make room for the
    # next screen stay loaded, as on CPython, so nothing is imported and built again per game
    # (set before ui.app and ui.strategy_set import the flag).
    screen_set.UNLOADS = False
    import bitmaptools

    if not isinstance(bitmaptools.blit, PageBlit):  # before the rules reader imports it
        bitmaptools.blit = PageBlit(bitmaptools.blit, fbdisplay.FONT)
    font = fbdisplay.FONT
    if not isinstance(font.get_glyph, KeptGlyphs):
        font.get_glyph = KeptGlyphs(font)
    app = _build()
    warm()
    return True


def warm():
    """What a board computes once, at its first game, the page computes while it loads: the
    planner's lattice of dice multisets and the saved game's score lists of the rules set up;
    and what a board loads at each game's start the page loads once: the modules of the game's
    screens, of the computer players and of the coach (``UNLOADS`` is off: they stay); and the
    dice faces the play screen draws at a game's start are drawn once (``DiceFaces``). A game's
    start then only builds its screens and players. The same for Defuse mode and the rules
    reader: their modules, Defuse's dice sheets (``DefuseSheets``), terminalio's glyph sheet and
    the board's rules text wrapped as the reader wraps it (``KeptLines``)."""
    from ui import dice_faces, dice_view, screen_set, strategy_set
    from yahtzee_core import strategy

    for name in screen_set.group_modules(screen_set.GAME) + list(strategy_set.MODULES):
        __import__(name)
    if not isinstance(dice_faces.draw_die, DiceFaces):
        dice_faces.draw_die = DiceFaces(dice_faces.draw_die)
    dice_view.DiceView(app.layout, app.colours, app.sheet)  # the play screen's faces, once
    for name in screen_set.group_modules(screen_set.DEFUSE) + ["ui.rules_screen"]:
        __import__(name)
    from ui import defuse_dice

    if not isinstance(defuse_dice.draw_sheets, DefuseSheets):
        defuse_dice.draw_sheets = DefuseSheets(defuse_dice.draw_sheets)
    lay = app.layout
    defuse_dice.draw_sheets(lay.defuse_die, lay.defuse_pitch, lay.defuse_face_dx)  # Defuse's sheets, once
    fbdisplay.FONT.bitmap  # terminalio's sheet (the rules reader's font on the page), once
    from ui import rules_screen, rules_text

    if not isinstance(rules_screen.wrap, KeptLines):
        rules_screen.wrap = KeptLines(rules_screen.wrap, fbdisplay.FONT)
    font, line = rules_screen.load_font(rules_screen.font_dir(board))
    box = rules_screen.body_box(lay, app.buttons.ring is not None, line)
    for section in rules_text.sections(app.settings.rules(), board.keymap_help):  # as the reader wraps it
        for para in section[1].split("\n"):
            rules_screen.wrap(para, box[2] // box[4], font)
    strategy.lattice()
    app.settings.rules().possible_values(0)


def _build():
    from ui.app_start import build_app

    return build_app(board)


def _crash(error):
    """Show ``error`` with the board's crash screen (``ui/crash_screen.py``), as
    ``run_guarded`` does on a board; the next key press builds a new app on the same NVM."""
    global app, crashed
    from ui import crash_screen

    text, where = crash_screen.describe(error)
    saved = False
    try:
        saved = app.store is not None and app.store.has_game()
    except Exception:
        pass
    sheet = getattr(app, "sheet", None)
    lay = getattr(app, "layout", None)
    app = None
    crash_screen.show_crash(board, text, where, saved, sheet, lay)
    display = board.display
    display.root_group = display.root_group  # it refreshed itself: once more, all of it, for the page
    display.refresh()
    crashed = True


def step(now):
    """One frame at ``now`` ms (page time); returns the flags of what the page must do."""
    global app, crashed
    b = board
    b.clock.now = now & 0x1FFFFFFF
    writes = b.storage.writes
    if crashed:
        if not len(b.keys.events):
            return 0
        b.keys.events.clear()  # the press that restarts does nothing else
        b.buttons.clear()
        crashed = False
        app = _build()
    try:
        app.step()
    except Exception as e:  # as on a board: the error on the screen, then a restart
        _crash(e)
    flags = 0
    if b.display.dirty_count:
        flags |= DREW
    if b.storage.writes != writes:
        flags |= SAVED
    snd = b.sound
    if snd.stopped:
        snd.stopped = False
        flags |= STOPPED
    if snd.queued:
        flags |= SOUND
    if b.power.changed:
        b.power.changed = False
        flags |= POWER
    if b.lights.changed:
        b.lights.changed = False
        flags |= LIT
    return flags


def advance(ms):
    """Manual stepping (the browser test): move the clock ``ms`` and step once."""
    return step(board.clock.now + ms)


def wait(ms):
    """Manual stepping: move the clock ``ms`` without a frame (a key held down that long)."""
    board.clock.advance(ms)


def key(n, down):
    """Key ``n`` (the board's key numbers, then the keyboard's) went down or up."""
    if down:
        if board.power.asleep:
            board.power.asleep = False
            board.power.changed = True
        board.keys.press(n)
    else:
        board.keys.release(n)


def cue_count():
    return board.sound.queued


def cue(i):
    """The i-th queued cue's name; ``cue_done()`` empties the queue."""
    return board.sound.queue[i]


def cue_done():
    board.sound.queued = 0


def power_state():
    """0 awake, 1 dimmed, 2 asleep (blank)."""
    p = board.power
    return 2 if p.asleep else (1 if p.dimmed else 0)


def lights():
    """The lit lights, one bit each (``describe()["lights"]`` says how many and where)."""
    return board.lights.mask


def set_composer(js_compose):
    """The page composes the frame in JavaScript from now on (``Scene``; without this call the
    display stand-in composes in Python: the tests in the VM). The whole screen is composed anew
    at the next refresh."""
    display = board.display
    display.composer = Scene(js_compose)
    display.root_group = display.root_group


def frame_address():
    import uctypes

    return uctypes.addressof(board.display.frame)


def dirty_address():
    import uctypes

    return uctypes.addressof(board.display.dirty)


def dirty_count():
    return board.display.dirty_count


def nvm_address():
    import uctypes

    return uctypes.addressof(board.storage.data)


def nvm_size():
    return len(board.storage.data)


def checksum():
    """CRC-32 of the whole screen (as ``whole_app.py`` prints it)."""
    return board.display.checksum()


def current_screen():
    """The app's screen id (ui/screen.py), -1 while an error is shown."""
    return -1 if crashed else app.current_id


def describe():
    """The page's static facts as JSON: screen size, key names, button labels, help, cues."""
    import json

    from hw.sound import CUES

    m = board.profile
    names = board.buttons.key_names
    return json.dumps({
        "name": m.NAME, "width": m.WIDTH, "height": m.HEIGHT, "colour": m.COLOUR,
        "labels": list(m.KEY_LABELS), "keys": names, "help": [list(p) for p in board.keymap_help],
        "rows": [list(r) for r in ROWS[m.NAME]], "cues": CUES, "tables": tables_in_use(),
        "lights": board.lights.count, "lights_on_keys": m.NAME in LIGHTS_ON_KEYS,
    })


def tables_in_use():
    """Names of the strategy tables this VM has (the page says which are missing)."""
    from hw.tables import Tables

    return Tables().names()
