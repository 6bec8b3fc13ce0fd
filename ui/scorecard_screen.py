"""The scorecard: every box with its score, or in colour what it would score now; the upper
subtotal with its par for the bonus, the bonuses, the total. The cursor works here too.
In a game of several seats LEFT/RIGHT page through every seat's card (UP/DOWN move the cursor
or scroll); ENTER on another seat's card goes back to the card of the seat whose turn it is.

Two columns: upper boxes and sums on the left, lower boxes and the Yahtzee bonus on the
right; on a board with a command ring the header shows the ring's item at its right and the
right column ends with the total (the header has it otherwise). Small screens show a window of rows that follows the
cursor (or scrolls with the
arrows before the first roll)."""

from hw import inputs
from yahtzee_core import engine
from yahtzee_core.compat import const

from . import screen as S
from . import theme
from .settings import KIND_SHORT
from .text import PAREN_CLOSE, PAREN_OPEN, SPACE

LINE_SUM = const(0x80)
LINE_PAR = const(0x81)
LINE_BONUS = const(0x82)
LINE_YZ_BONUS = const(0x83)
LINE_TOTAL = const(0x84)  # with a command ring: the header shows the ring's item, the card the total
LINE_NONE = const(0xFF)

# (abbr, short, full) for the sum lines: each drawn by the longest that fits beside its value
SUM_LABELS = {
    LINE_SUM: (b"Up", b"Upper", b"Upper total"),
    LINE_PAR: (b"Par", b"Par", b"Par for bonus"),
    LINE_BONUS: (b"Bon", b"Bonus", b"Upper bonus"),
    LINE_YZ_BONUS: (b"YzB", b"YzBonus", b"Yahtzee bonus"),
    LINE_TOTAL: (b"Tot", b"Total", b"Total"),
}
_TOTAL = b"Total "
_TOTAL_MARK = b"T "  # where "Total " does not fit
_CELL0 = const(1)  # self.fields: the header, then the cells row by row


class ScorecardScreen(S.Screen):
    MAX_LINES = 12

    def __init__(self, app):
        super().__init__(app)
        lay = self.lay
        self.header = self.field(lay.card_header, theme.ACCENT)
        self.paren = lay.card_paren
        # the cells: self.fields[_CELL0 + 2 * row + column] (no list of their own: a list per
        # row cost heap)
        self.rows = lay.card_rows
        for r in range(self.rows):
            y = lay.card_top + r * lay.card_pitch
            for c in range(2):
                self.field((lay.card_x[c], y, lay.card_col, lay.card_scale), theme.INK, True)
        self.lines = (bytearray(self.MAX_LINES), bytearray(self.MAX_LINES))
        self.n_lines = 0
        self.top = 0
        self.labels = ()
        self.seat = 0  # the seat whose card is shown
        self.c = self.colours
        self.new_game()

    def new_game(self):
        rs = self.app.game.rules
        lay = self.lay
        play = self.app.screens.built(S.PLAY)
        if play is not None and play.hint_labels is not play.labels:
            self.labels = play.hint_labels  # the play screen made these for the coach's hints
        else:
            self.labels = S.card_labels(lay, rs)
        left, right = self.lines
        for i in range(self.MAX_LINES):
            left[i] = LINE_NONE
            right[i] = LINE_NONE
        nl = 0
        nr = 0
        for b in range(rs.n_boxes):
            if rs.is_upper(b):
                left[nl] = b
                nl += 1
            else:
                right[nr] = b
                nr += 1
        left[nl] = LINE_SUM
        nl += 1
        if rs.upper_bonus:
            left[nl] = LINE_PAR
            left[nl + 1] = LINE_BONUS
            nl += 2
        if rs.yahtzee_bonus:
            right[nr] = LINE_YZ_BONUS
            nr += 1
        if self.app.buttons.ring is not None:
            right[nr] = LINE_TOTAL
            nr += 1
        self.n_lines = nl if nl > nr else nr
        self.top = 0
        self.seat = 0
        self.stale = True

    def enter(self):
        super().enter()
        game = self.app.game
        self.seat = game.player
        if game.cursor_visible:
            self._follow(game.cursor)  # the rows of the box the cursor is on (moved meanwhile)

    def park(self):
        return self.top

    def unpark(self, state):
        self.top = state

    # -- input -------------------------------------------------------------------------------
    def handle(self, code):
        app = self.app
        game = app.game
        if code == inputs.MENU:
            app.show(S.PLAY)
            return
        if code == inputs.NEW_GAME:
            app.act(engine.NEW_GAME)
            return
        if code == inputs.HINT:
            app.show(S.PLAY, code)  # the hint (or why there is none) is said on the play screen's line
            return
        if code == inputs.UNDO:
            app.show(S.PLAY)  # the undone turn and the message are on the play screen
            app.defer(app.undo)
            return
        if inputs.LEFT <= code <= inputs.DOWN:  # (a tuple of them here was built on every press)
            step = 1 if code == inputs.RIGHT or code == inputs.DOWN else -1
            if game.seats > 1 and code < inputs.UP:  # LEFT/RIGHT: the next seat's card
                self.seat = (self.seat + step) % game.seats
                self.stale = True
                app.sound.play("tick")
            elif game.rolls_used == 0 or game.is_computer() or self.seat != game.player:
                self.scroll(step)
            else:
                app.act(engine.CURSOR_NEXT if step > 0 else engine.CURSOR_PREV)
            return
        if game.is_computer():
            return
        if code == inputs.ENTER:
            if self.seat != game.player:
                self.seat = game.player  # back to the card being played
                self.stale = True
            else:
                app.act(engine.SCORE)
        elif code == inputs.ROLL or inputs.HOLD_1 <= code <= inputs.HOLD_5:
            app.show(S.PLAY, code)

    def scroll(self, step):
        top = self.top + step
        rows = self.rows
        if top > self.n_lines - rows:
            top = self.n_lines - rows
        if top < 0:
            top = 0
        if top != self.top:
            self.top = top
            self.stale = True

    def on_event(self, ev, arg):
        self.stale = True
        if ev == engine.EV_CURSOR:
            self._follow(arg)
        elif ev == engine.EV_TURN_OVER:
            self.seat = self.app.game.player
            if self.app.current_id == S.CARD:
                self.app.show(S.PLAY)

    def _follow(self, box):
        rows = self.rows
        for col in range(2):
            line = self.lines[col]
            for i in range(self.n_lines):
                if line[i] == box:
                    if i < self.top:
                        self.top = i
                    elif i >= self.top + rows:
                        self.top = i - rows + 1
                    return

    def ring_name(self, code):
        if code == inputs.ENTER:
            return b"Score"
        if code == inputs.MENU:
            return b"Back"
        if code < inputs.UP and code > inputs.ROLL and self.app.game.seats > 1:
            return b"Prev card" if code == inputs.LEFT else b"Next card"
        return None

    # -- drawing -----------------------------------------------------------------------------
    def draw(self):
        ring_moved = self.ring_changed()
        if not (self.stale or ring_moved):
            return
        self.stale = False
        self._draw_header()
        fields = self.fields
        for r in range(self.rows):
            i = self.top + r
            for col in range(2):
                code = self.lines[col][i] if i < self.n_lines else LINE_NONE
                self._draw_cell(fields[_CELL0 + 2 * r + col], code)

    def _draw_header(self):
        app = self.app
        game = app.game
        tf = self.header
        seat = self.seat
        tf.seat(0, seat)
        tf.put(2, SPACE)
        i = tf.text(KIND_SHORT[game.seat_kind[seat]], 3)
        if app.buttons.ring is not None:  # the ring's item at the right; the total is on the card
            tf.put(i, SPACE)
            self.draw_ring(tf, tf.width, tf.width - i - 1)
            return
        start = tf.number(game.total(seat), tf.width, 0)
        if tf.width >= 24:
            start = tf.text(_TOTAL, start - 6) - 6
        else:
            tf.text(_TOTAL_MARK, start - 2)
            start -= 2
        tf.spaces(i, start)

    def _draw_cell(self, tf, code):
        game = self.app.game
        c = self.c
        seat = self.seat
        w = tf.width
        end = w - 1  # last cell is a gutter
        if code == LINE_NONE:
            tf.spaces()
            tf.colours(c[theme.BG], c[theme.INK])
            return
        ink = theme.INK
        bg = theme.BG
        paren = False
        value = -1
        if code < 0x80:
            label = self.labels[code]
            if game.is_filled(seat, code):
                value = game.box_score(seat, code)
            elif seat != game.player:
                ink = theme.DIM  # another seat's open box: nothing to preview
            else:
                value = game.preview[code]  # -1: not rolled yet / not allowed
                ink = theme.PREVIEW if value >= 0 else theme.DIM
                paren = self.paren and value >= 0
            if game.cursor_visible and game.cursor == code and seat == game.player:
                ink = theme.HIGHLIGHT_INK
                bg = theme.HIGHLIGHT_BG
        else:
            label = SUM_LABELS[code]  # (abbr, short, full): chosen below, by the value's room
            ink = theme.ACCENT
            rs = game.rules
            if code == LINE_SUM:
                value = game.upper_subtotal(seat)
            elif code == LINE_PAR:
                value = game.upper_par(seat)
            elif code == LINE_BONUS:
                value = game.upper_bonus(seat)
            elif code == LINE_TOTAL:
                value = game.total(seat)
            else:
                value = game.yahtzee_bonus(seat)
            del rs
        first = end
        if value >= 0 or code == LINE_PAR:
            if paren:
                tf.put(end - 1, PAREN_CLOSE)
                first = tf.number(value, end - 1, 0)
                tf.put(first - 1, PAREN_OPEN)
                first -= 1
            else:
                first = tf.number(value, end, 0, sign=code == LINE_PAR)
        lead = 1
        if code == LINE_TOTAL and first < 7:
            lead = 0  # "Total" from the right column's first cell (the left one's gutter before it)
        if code >= 0x80:
            k = 2
            while k and len(label[k]) > first - 1 - lead:
                k -= 1
            label = label[k]
        tf.put(0, SPACE)
        i = tf.text(label, lead, first - 1 - lead)
        tf.spaces(i, first)
        tf.put(end, SPACE)
        tf.colours(c[bg], c[ink])


SCREEN = ScorecardScreen  # the screen ui/screen_set.py builds from this module
