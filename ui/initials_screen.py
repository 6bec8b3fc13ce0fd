"""Initials for a new high score, entered with the buttons, for each human seat that made the
table (in seat order), then the game-over screen.

The three letters start from the last initials entered (``store.settings.initials``). UP or
RIGHT: next character of ``settings_record.CHARSET`` (A, B, C ... Z, then - . ! ? * and space);
DOWN or LEFT: the one before (on the MacroPad, whose knob gives DOWN turned clockwise: the knob
turned clockwise is next); ENTER: keep this letter and go to the next (after the third the
entry is saved with ``store.set_initials``); MENU: back one letter (the hint names its key).
Ring boards (CLUE, Feather, Pico pack) reach the same codes through the command ring, which
starts on "Letter +"; its Left item is "Back a letter" there (Down is already "Letter -")."""

import sys

from hw import inputs
from yahtzee_core import engine
from yahtzee_core.settings_record import CHARSET
from yahtzee_core.compat import const

from . import screen as S
from . import theme
from .text import SPACE

LETTERS = const(3)
_CHARSET = bytes(CHARSET, "ascii")
_N = const(32)
_NOBODY = const(0xFF)

_TITLES = (b"New high score!", b"High score!")
_YOU = b"You"
_PLAYER = (b"Player 1", b"Player 2", b"Player 3", b"Player 4")
_ORDINAL = (b"1st", b"2nd", b"3rd", b"4th", b"5th", b"6th", b"7th", b"8th", b"9th", b"10th")
_RING_HELP = (b"Letter +/-, then OK", b"+/-, then OK")
_RING = {
    inputs.UP: b"Letter +", inputs.RIGHT: b"Letter +", inputs.DOWN: b"Letter -",
    inputs.LEFT: b"Back a letter", inputs.ENTER: b"OK",
}


def key_label(board, code):
    """The name of the board key that gives ``code`` on a short press ("A", "key 8"), or None."""
    module = getattr(board, "profile", None)
    if module is None:
        from hw.select import BOARDS

        module = sys.modules.get("hw." + BOARDS.get(board.board_id, "-"))
    if module is None or not hasattr(module, "KEY_LABELS"):
        return None
    short = module.SHORT
    for k in range(len(short)):
        if short[k] == code and k < len(module.KEY_LABELS):
            return S.to_bytes(module.KEY_LABELS[k])
    return None


def first_fitting(width, texts):
    for t in texts:
        if len(t) <= width:
            return t
    return texts[-1][:width]


def next_seat(app, after):
    """The next human seat after ``after`` that made the table, or -1 (App asks before the
    screen is built: none means game over next)."""
    store = app.store
    game = app.game
    if store is None:
        return -1
    for s in range(after + 1, game.seats):
        if store.ranks[s] != _NOBODY and game.seat_kind[s] == engine.HUMAN:
            return s
    return -1


class InitialsScreen(S.Screen):
    ring_overrides = _RING

    def __init__(self, app):
        super().__init__(app)
        lay = self.lay
        self.title = self.field(lay.list_title, theme.ACCENT)
        self.title_text = first_fitting(self.title.width, _TITLES)
        self.who = self.field(lay.initials_who, theme.INK)
        x, y, pitch, scale = lay.initials_letters
        self.letters = []
        for i in range(LETTERS):
            self.letters.append(self.field((x + i * pitch, y, 1, scale), theme.INK, private=True))
        self.help = self.field(lay.initials_help, theme.DIM)
        ring = app.buttons.ring is not None
        knob = key_label(app.board, inputs.DOWN) == b"turn right"  # the MacroPad: clockwise is next
        self.up = inputs.DOWN if knob else inputs.UP  # the code that gives the next character
        self.back_text = None  # the footer's text where it says how to go back a letter
        if ring:
            self.help_text = first_fitting(self.help.width, _RING_HELP)
        else:
            # the desktop window: the keyboard's Enter and Esc, not the board's labels
            window = getattr(app.board, "window", None) is not None
            ok = b"Enter" if window else key_label(app.board, inputs.ENTER) or b"OK"
            back = b"Esc" if window else key_label(app.board, inputs.MENU) or b"Menu"
            pm = b"Turn: letter +/-  " if knob else b"Up/Down: letter +/-  "
            if lay.initials_footer:  # a line of its own for going back
                self.back_text = back + b": back a letter"
                backs = ()
            else:  # one line: the MacroPad's "key 8 next, 10 back"
                if ok[:4] == back[:4] == b"key ":
                    back = back[4:]
                backs = (ok + b": next  " + back + b": back", ok + b" next, " + back + b" back")
            self.help_text = first_fitting(self.help.width, (
                pm + ok + b": next", b"Up/Down: letter  " + ok + b": next") + backs + (
                ok + b": next letter", ok + b": next"))
        self.footer = None
        if lay.initials_footer:
            self.footer = self.field(lay.initials_footer, theme.DIM)
        self.codes = bytearray(LETTERS)
        self.pos = 0  # the letter being changed
        self.seat = -1  # the seat whose initials these are
        self.entered = 0  # entries saved (tests, tools)

    # -- which seat ------------------------------------------------------------------------------
    def enter(self):
        super().enter()
        self.start(next_seat(self.app, -1))
        self.app.buttons.ring_goto(inputs.UP)

    def start(self, seat):
        self.seat = seat
        self.pos = 0
        self.codes[:] = self.app.store.settings.initials
        self.stale = True

    def finish(self):
        """Save this seat's initials; the next seat, or the game-over screen."""
        app = self.app
        store = app.store
        from yahtzee_core.records import initials_text, set_initials  # (open while this screen shows)

        text = initials_text(self.codes)
        set_initials(store, app.game.rules.variant_id, store.ranks[self.seat], text)
        self.entered += 1
        app.sound.play("score")
        seat = next_seat(self.app, self.seat)
        if seat >= 0:
            self.start(seat)
            app.buttons.ring_goto(inputs.UP)
        else:
            app.show(S.GAME_OVER)

    # -- input -----------------------------------------------------------------------------------
    def handle(self, code):
        if self.seat < 0:
            if code == inputs.ENTER or code == inputs.MENU:
                self.app.show(S.GAME_OVER)
            return
        if code == inputs.LEFT and self.app.buttons.ring is not None:
            code = inputs.MENU  # the ring's "Back a letter" (its "Letter -" is DOWN)
        if code == self.up or code == inputs.RIGHT:
            self.codes[self.pos] = (self.codes[self.pos] + 1) % _N
            self.app.sound.play("tick")
        elif code == inputs.UP or code == inputs.DOWN or code == inputs.LEFT:
            self.codes[self.pos] = (self.codes[self.pos] + _N - 1) % _N
            self.app.sound.play("tick")
        elif code == inputs.ENTER:
            if self.pos + 1 < LETTERS:
                self.pos += 1
                self.app.sound.play("hold")
            else:
                self.finish()
        elif code == inputs.MENU:
            if self.pos > 0:
                self.pos -= 1
        else:
            return
        self.stale = True

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self):
        if self.ring_changed() and self.footer is not None:
            self.draw_ring(self.footer, self.footer.width, self.footer.width)
        if not self.stale:
            return
        self.stale = False
        self.title.centre(self.title_text)
        self.help.centre(self.help_text)
        if self.back_text is not None:
            self.footer.centre(self.back_text)
        if self.seat < 0:
            self.who.spaces()
            for tf in self.letters:
                tf.put(0, SPACE)
            return
        self._draw_who()
        c = self.colours
        for i in range(LETTERS):
            tf = self.letters[i]
            tf.put(0, _CHARSET[self.codes[i] & 31])
            if i == self.pos:
                tf.colours(c[theme.HIGHLIGHT_BG], c[theme.HIGHLIGHT_INK])
            else:
                tf.colours(c[theme.BG], c[theme.INK])

    def _draw_who(self):
        """"Player 2  2nd  287" (or "You" when one person plays)."""
        app = self.app
        game = app.game
        store = app.store
        tf = self.who
        humans = 0
        for s in range(game.seats):
            if game.seat_kind[s] == engine.HUMAN:
                humans += 1
        name = _YOU if humans == 1 else _PLAYER[self.seat]
        rank = store.ranks[self.seat]
        margin = 1 if tf.width > 16 else 0
        tf.spaces(0, margin)
        i = tf.text(name, margin)
        tf.put(i, SPACE)
        tf.put(i + 1, SPACE)
        i = tf.text(_ORDINAL[rank] if rank < len(_ORDINAL) else b"", i + 2)
        start = tf.number(game.total(self.seat), tf.width - margin)
        tf.spaces(i, start)
        tf.spaces(tf.width - margin)


SCREEN = InitialsScreen  # the screen ui/screen_set.py builds from this module
