"""Challenge code entry (title screen, "Challenge"): six characters of the code alphabet
(``yahtzee_core.rng.CODE_ALPHABET``: 0-9 and A-Z without I, L, O, U), entered with the board's
keys as initials are (``ui/initials_screen.py``).

UP or RIGHT: next character, as on the initials screen (MacroPad: the knob turned clockwise, which
gives DOWN); DOWN or LEFT: the one before; ENTER: keep it and go to the next (after the sixth the code is set for the
next games); MENU: back
one character, from the first back to the title without a change. Ring boards reach the same
codes through the command ring, which starts on "Char +". The entry starts from the current code,
or a fresh random one."""

from hw import inputs
from yahtzee_core.compat import const
from yahtzee_core.rng import CODE_ALPHABET, CODE_LENGTH, random_code

from . import screen as S
from . import theme
from .initials_screen import first_fitting, key_label

_N = const(32)
_TITLES = (b"Challenge code", b"Challenge", b"Code")
_WHO = (b"Same code, same dice", b"Same code: same dice", b"Same dice")
_RING_HELP = (b"Char +/-, then OK", b"+/-, then OK")
_RING = {
    inputs.UP: b"Char +", inputs.RIGHT: b"Char +", inputs.DOWN: b"Char -",
    inputs.LEFT: b"Char -", inputs.ENTER: b"OK",
}


class CodeScreen(S.Screen):
    ring_overrides = _RING

    def __init__(self, app):
        super().__init__(app)
        lay = self.lay
        self.title = self.field(lay.list_title, theme.ACCENT)
        self.title_text = first_fitting(self.title.width, _TITLES)
        self.who = self.field(lay.initials_who, theme.INK)
        self.who_text = first_fitting(self.who.width, _WHO)
        x, y, pitch, scale = lay.code_letters
        self.chars = []
        for i in range(CODE_LENGTH):
            self.chars.append(self.field((x + i * pitch, y, 1, scale), theme.INK, private=True))
        self.help = self.field(lay.initials_help, theme.DIM)
        ring = app.buttons.ring is not None
        knob = key_label(app.board, inputs.DOWN) == b"turn right"  # the MacroPad: clockwise is next
        self.up = inputs.DOWN if knob else inputs.UP  # the code that gives the next character
        if ring:
            self.help_text = first_fitting(self.help.width, _RING_HELP)
        else:
            ok = key_label(app.board, inputs.ENTER) or b"OK"
            self.help_text = first_fitting(self.help.width, (
                b"Up/Down: char  " + ok + b": next", ok + b": next char", ok + b": next"))
        self.footer = None
        if ring and lay.initials_footer:
            self.footer = self.field(lay.initials_footer, theme.DIM)
        self.values = bytearray(CODE_LENGTH)  # 0..31 per character
        self.pos = 0
        self.entered = 0  # codes set (tests, tools)

    def enter(self):
        super().enter()
        code = self.app.settings.challenge
        if code < 0:
            code = random_code(self.app.board.rng)
        for i in range(CODE_LENGTH):
            self.values[CODE_LENGTH - 1 - i] = (code >> (5 * i)) & 31
        self.pos = 0
        self.app.buttons.ring_goto(inputs.UP)

    def code(self):
        code = 0
        for i in range(CODE_LENGTH):
            code = (code << 5) | self.values[i]
        return code

    def handle(self, code):
        app = self.app
        if code == self.up or code == inputs.RIGHT:
            self.values[self.pos] = (self.values[self.pos] + 1) % _N
            app.sound.play("tick")
        elif code == inputs.UP or code == inputs.DOWN or code == inputs.LEFT:
            self.values[self.pos] = (self.values[self.pos] + _N - 1) % _N
            app.sound.play("tick")
        elif code == inputs.ENTER:
            if self.pos + 1 < CODE_LENGTH:
                self.pos += 1
                app.sound.play("hold")
            else:
                app.settings.challenge = self.code()
                self.entered += 1
                app.sound.play("score")
                app.show(S.TITLE)
                return
        elif code == inputs.MENU:
            if self.pos > 0:
                self.pos -= 1
            else:
                app.show(S.TITLE)
                return
        else:
            return
        self.stale = True

    def draw(self):
        if self.ring_changed() and self.footer is not None:
            self.draw_ring(self.footer, self.footer.width, self.footer.width)
        if not self.stale:
            return
        self.stale = False
        self.title.centre(self.title_text)
        self.who.centre(self.who_text)
        self.help.centre(self.help_text)
        c = self.colours
        for i in range(CODE_LENGTH):
            tf = self.chars[i]
            tf.put(0, CODE_ALPHABET[self.values[i]])
            if i == self.pos:
                tf.colours(c[theme.HIGHLIGHT_BG], c[theme.HIGHLIGHT_INK])
            else:
                tf.colours(c[theme.BG], c[theme.INK])


SCREEN = CodeScreen  # the screen ui/screen_set.py builds from this module
