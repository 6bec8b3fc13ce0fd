"""Run inside the MicroPython VM (tools/mpy_runner/run.mjs --mount ui --mount hw): Defuse mode's
screen on the displayio stand-in (sim/fbdisplay.py), its per-frame paths under micropython.heap_lock() so
any heap allocation raises MemoryError: idle frames, clock seconds (dice and edgework views),
keeping and releasing, strikes with the broken rule shown, the stick's die choice, the command
ring's footer. Prints "defuse heap-locked frames: N" and exits 0; test_defuse_ui.py runs it."""


import micropython


# -- the displayio stand-in (sim/fbdisplay.py) --------------------------------------------------
from sim import fbdisplay

fbdisplay.install()
Bitmap = fbdisplay.Bitmap

from hw import inputs as I
from hw.keymap import FULL_RING
from ui import layout as layouts
from ui import theme
from ui.app_start import text_palettes
from ui.text import GlyphSheet
from yahtzee_core import defuse
from yahtzee_core.host_helpers import ScriptedDice


# -- a stand-in for the app --------------------------------------------------------------------
class Sheet:
    glyph_w = 6
    glyph_h = 12

    def __init__(self):
        self.bitmap = Bitmap(6 * 99, 12, 2)
        self.palettes = []

    palette = GlyphSheet.palette  # the shared palette of a colour pair


class Buttons:
    def __init__(self, ring):
        self.ring = ring
        self.ring_pos = 0

    def ring_goto(self, code):
        if not self.ring:
            return False
        for i in range(len(self.ring)):
            if self.ring[i] == code:
                self.ring_pos = i
                return True
        return False

    def ring_code(self):
        return self.ring[self.ring_pos] if self.ring else 0


class Sound:
    def __init__(self):
        self.last = None

    def play(self, name):
        self.last = name


class Lights:
    def __init__(self):
        self.held_mask = 0

    def show_held(self, mask):
        self.held_mask = mask

    def off(self):
        self.held_mask = 0


class Settings:
    lights = True


class Board:
    def __init__(self, colour, rng):
        self.colour = colour
        self.rng = rng


class App:
    def __init__(self, lay, ring, die_focus, rng):
        self.layout = lay
        self.colours = theme.for_screen(lay.colour)
        self.sheet = Sheet()
        self.buttons = Buttons(ring)
        self.ring_names = None  # as ui/app.App: the ring's labels on a board with a ring
        if ring:
            from ui.ring_names import NAMES, STARTS

            self.ring_names = NAMES
            self.ring_starts = STARTS
        self.board = Board(lay.colour, rng)
        self.sound = Sound()
        self.lights = Lights()
        self.settings = Settings()
        self.store = None  # (Defuse mode's statistics are not saved here)
        self.die_focus = die_focus
        self.now = 1000
        self.msg = b""
        self.msg_role = theme.INK
        self.msg_serial = 0
        self.shown = -1
        text_palettes(self.sheet, self.colours)

    def palette(self, role):
        return self.sheet.palette(self.colours[theme.BG], self.colours[role])

    def show(self, screen_id):
        self.shown = screen_id


def script():
    """A bomb's edgework from a seeded source, then 1 2 3 4 6 (keep the 6s)."""
    from yahtzee_core.seeded_dice import SeededDice

    class Recorder:
        def __init__(self):
            self.src = SeededDice(5)
            self.values = []

        def die(self):
            v = self.src.die()
            self.values.append(v)
            return v

    rec = Recorder()
    defuse.generate_edgework(rec)
    return ScriptedDice(rec.values + [1, 2, 3, 4, 6])


from ui.defuse_screen import DefuseScreen, VIEW_DICE, VIEW_EDGE

frames = 0


def locked(fn, n):
    """Run fn n times with the heap locked."""
    global frames
    micropython.heap_lock()
    try:
        for _ in range(n):
            fn()
    finally:
        micropython.heap_unlock()
    frames += n


for lay in layouts.every():
    for ring, die_focus in ((None, False), (FULL_RING, False), (None, True)):
        app = App(lay, ring, die_focus, script())
        scr = DefuseScreen(app)
        scr.enter()
        scr.options.timer = 2  # 5:00
        scr.options.strikes = 5  # no limit: strike as often as wanted
        scr.start_bomb()
        scr.draw()
        scr.handle(I.ROLL)
        scr.draw()
        assert list(scr.module.dice) == [1, 2, 3, 4, 6] and scr.view == VIEW_DICE

        def frame():
            app.now += 16
            scr.tick(app.now)
            scr.draw()

        def second():
            app.now += 1000
            scr.tick(app.now)
            scr.draw()

        def keep_release():
            scr.handle(I.HOLD_2)
            scr.draw()
            scr.handle(I.HOLD_2)
            scr.draw()

        def strike():
            scr.handle(I.ROLL)
            scr.draw()

        def stick():
            scr.handle(I.RIGHT)
            scr.draw()
            scr.handle(I.ENTER)
            scr.draw()
            scr.handle(I.ENTER)
            scr.draw()

        def ring_step():
            buttons = app.buttons
            buttons.ring_pos = (buttons.ring_pos + 1) % len(buttons.ring)
            scr.draw()

        frame()  # warm: palettes and shadows settle
        locked(frame, 50)
        locked(second, 5)
        locked(keep_release, 10)
        scr.handle(I.HOLD_1)  # purple (a 1) kept: the rule wants the 6s
        scr.draw()
        locked(strike, 10)
        assert scr.module.strikes == 10 and scr.strike_shown
        assert app.sound.last == "strike"
        if die_focus:
            locked(stick, 10)
        if ring:
            locked(ring_step, len(ring) * 2)
        scr.set_view(VIEW_EDGE)
        scr.draw()
        locked(frame, 20)
        locked(second, 5)
        assert scr.module.seconds_left() < 300 - 10

print("defuse heap-locked frames: %d" % frames)
