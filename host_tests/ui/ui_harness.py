"""Helpers for the UI tests: a headless desktop board with a fake clock running the real app,
a driver that presses a board's own keys (short, long, command ring) to give a semantic code,
and a screen reader that turns the framebuffer back into text by matching glyph pixels."""

import os

from hw import inputs as I
from hw.keymap import RING_DO, RING_NEXT
from sim import boards, desktop
from sim.testing import FakeClock
from ui import screen as S
from ui.app import App
from ui.settings import Settings
from ui.text import FIRST
from yahtzee_core import engine
from yahtzee_core.host_helpers import ScriptedDice

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


PROFILES = desktop.PROFILES
SIZES = {p: boards.screen(p) for p in PROFILES}  # each board's screen, as its module says
RING_BOARDS = tuple(p for p in PROFILES if boards.module(p).RING is not None)  # played with a command ring
FRAME_MS = 16


def make_app(profile="pygamer", seed=1, dice=None, seats=1, kinds=None, variant=0, tumble=False, **settings):
    """(app, board, clock) on a headless desktop board; ``dice``: scripted die values.

    ``tumble`` (Settings' "Rolling dice") is off unless asked for, so a test sees a roll's
    result one frame later; host_tests/ui/test_tumble.py and the KeyDriver cover it on."""
    clock = FakeClock(1000)
    board = desktop.make_board(profile, headless=True, seed=seed, clock=clock)
    s = Settings()
    s.seats = seats
    s.variant = variant
    if kinds:
        for i, k in enumerate(kinds):
            s.kinds[i] = k
    s.tumble = tumble
    for key, value in settings.items():
        setattr(s, key, value)
    app = App(board, settings=s)
    if dice is not None:
        board.rng = ScriptedDice(dice)
        app.game.rng = board.rng
    settle(app)
    return app, board, clock


def step(app, frames=1):
    for _ in range(frames):
        app.board.clock.ticks_ms.advance(FRAME_MS)
        app.step()


def settle(app):
    """Run frames until the display has nothing left to redraw (and a last turn the game ended
    has shown and given way to the end screen: ui/app.py END_SHOW_MS); clear the dirty log."""
    step(app)
    for _ in range(400):
        if not app._ending:
            break
        step(app)
    app.display.settle()


def start(app):
    app.start_game()
    settle(app)


class KeyDriver:
    """Gives a semantic code by pressing the board's own keys, as a player would: a key whose
    short press gives it, else a long press, else the command ring (step, then do)."""

    def __init__(self, app, direct_keys=False):
        self.app = app
        self.board = app.board
        self.buttons = app.board.buttons
        module = self.board.profile
        self.n_board = len(module.SHORT)
        if direct_keys:  # the desktop keyboard's own keys (arrows, space, 1-5, ...)
            self.keys = range(self.n_board, len(self.buttons.short))
        else:
            self.keys = range(self.n_board)
        self.presses = 0

    def _key_for(self, table, code):
        for k in self.keys:
            if table[k] == code:
                return k
        return -1

    def tap(self, k, long=False):
        b = self.buttons
        clock = b.clock
        b.key(k, True, clock())
        step(self.app)
        if long:
            clock.advance(b.long_ms + 10)
            step(self.app)
        b.key(k, False, clock())
        step(self.app)
        self.presses += 1
        self.wait_for_dice()

    def wait_for_dice(self):
        """Frames until rolled dice stop tumbling (a player watches them land)."""
        for _ in range(100):
            if not self.app.tumble.active and not self.app.tumble.waiting():
                return
            step(self.app)
        raise AssertionError("the dice never stopped")

    def give(self, code):
        k = self._key_for(self.buttons.short, code)
        if k >= 0:
            self.tap(k)
            return
        k = self._key_for(self.buttons.long, code)
        if k >= 0:
            self.tap(k, long=True)
            return
        ring = self.buttons.ring
        assert ring and code in ring, "code %d unreachable" % code
        nxt = self._key_for(self.buttons.short, RING_NEXT)
        do = self._key_for(self.buttons.short, RING_DO)
        for _ in range(len(ring)):
            if self.buttons.ring_code() == code:
                break
            self.tap(nxt)
        assert self.buttons.ring_code() == code
        self.tap(do)

    def can(self, code):
        b = self.buttons
        return (self._key_for(b.short, code) >= 0 or self._key_for(b.long, code) >= 0
                or bool(b.ring and code in b.ring and self._key_for(b.short, RING_NEXT) >= 0))


class Player:
    """Plays whole turns through a KeyDriver: keep the most common face, score the box with
    the best preview. Records what each box should hold, for checking the card afterwards."""

    def __init__(self, app, driver):
        self.app = app
        self.drive = driver
        self.expected = {}

    def hold(self, die):
        app = self.app
        if self.drive.can(I.HOLD_1 + die):
            self.drive.give(I.HOLD_1 + die)
            return
        play = app.screens[S.PLAY]  # stick boards: choose the die in the dice row, then A
        for _ in range(2):
            if play.focus != 0:
                self.drive.give(I.UP)
        assert play.focus == 0
        while play.chosen != die:
            self.drive.give(I.RIGHT)
        self.drive.give(I.ENTER)

    def score(self, box):
        app = self.app
        game = app.game
        play = app.screens[S.PLAY]
        if app.die_focus and play.focus == 0:
            self.drive.give(I.DOWN)  # to the box row: the cursor comes up
        if not game.cursor_visible:
            self.drive.give(I.RIGHT)
        for _ in range(game.rules.n_boxes + 1):
            if game.cursor == box:
                break
            self.drive.give(I.RIGHT)
        assert game.cursor == box and game.cursor_visible
        seat = game.player
        self.expected[(seat, box)] = game.preview[box]
        self.drive.give(I.ENTER)

    def turn(self):
        app = self.app
        game = app.game
        seat = game.player
        rounds = game.round
        self.drive.give(I.ROLL)
        while game.rolls_used < engine.ROLLS_PER_TURN and game.player == seat and game.round == rounds:
            counts = game.counts
            face = max(range(1, 7), key=lambda f: (counts[f], f))
            want = 0
            for i in range(5):
                if game.dice[i] == face:
                    want |= 1 << i
            for i in range(5):
                if ((want ^ game.held) >> i) & 1:
                    self.hold(i)
            assert game.held == want
            self.drive.give(I.ROLL)
        if game.player != seat or game.round != rounds or game.over:
            return  # the last box filled itself
        best = max(range(game.rules.n_boxes), key=lambda b: (game.preview[b], -b))
        self.score(best)


# -- reading the screen --------------------------------------------------------------------


def glyph_table(app):
    """{pixel pattern: char} for every glyph of the app's sheet (ink = 1)."""
    sheet = app.sheet
    table = {}
    for code in range(32, 127):
        base = (code - 32) * sheet.glyph_w
        bits = tuple(sheet.bitmap[base + x, y] for y in range(sheet.glyph_h) for x in range(sheet.glyph_w))
        table.setdefault(bits, chr(code))
    return table


def card_cells(card):
    """The scorecard's cells by row, [row][column] (ui/scorecard_screen.py: the header field, then
    the cells row by row)."""
    return [card.fields[1 + 2 * r:3 + 2 * r] for r in range(card.rows)]


def field_text(tf):
    """The characters a TextField's tiles hold, as a str (ui/text.py: tile = code - FIRST)."""
    return bytes([tf.tiles[i] + FIRST for i in range(tf.width)]).decode()


def read_field(app, tf):
    """The text a TextField shows on the framebuffer, read back from the pixels ("?" for a
    cell that matches no glyph). Each cell's background is its top-left... any pixel that is
    not the majority colour counts as ink."""
    d = app.display
    table = glyph_table(app)
    sheet = app.sheet
    s = tf.scale
    out = []
    for i in range(tf.width):
        x0 = tf.cell_x(i)
        pixels = [d.pixel(x0 + x * s, tf.y + y * s) for y in range(sheet.glyph_h) for x in range(sheet.glyph_w)]
        bg = max(set(pixels), key=pixels.count)
        bits = tuple(0 if p == bg else 1 for p in pixels)
        if not any(bits):
            out.append(" ")
        else:
            out.append(table.get(bits, "?"))
    return "".join(out)
