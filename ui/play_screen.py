"""The play screen: whose turn and their total, five dice with held marks, the rolls left,
the box under the cursor with what it would score, and a message line.

Input: HOLD_1..5 hold, ROLL rolls, LEFT/RIGHT (and UP/DOWN on boards with hold keys) move the
box cursor, ENTER scores. On boards without hold keys (PyGamer, PyBadge) the stick chooses a
die in the dice row (UP) and A holds it; DOWN goes to the box row, DOWN again to the card."""

from hw import inputs
from yahtzee_core import engine
from yahtzee_core.compat import const

from . import screen as S
from . import theme
from .dice_view import DiceView
from .settings import KIND_SHORT
from .text import DOT_EMPTY, DOT_FULL, SLASH, SPACE

FOCUS_DICE = const(0)
FOCUS_BOXES = const(1)

_ROLL_THE_DICE = b"Roll the dice"
_ROUND_MARK = b" R"  # the header's round and total: "P1 You R3 ... T 123"
_TOTAL_MARK = b"T "
_ROUND_SHORT = b"Rd "  # the info line's "Rd 3/13" where no line has the round
_PICK_A_BOX = b"Pick a box to score"
_COMPUTER = b"Computer's turn"
_COMPUTER_PLAYING = b"Computer is playing"
_NO_HINT = b"No hints yet"
_ROLLS = b"Rolls "
_UPPER = b"Upper "
_ROUND = b"Round "
_OF = b" of "

_RING_PLAY = {
    inputs.ENTER: b"Score",
    inputs.LEFT: b"Prev box",
    inputs.RIGHT: b"Next box",
    inputs.UP: b"Prev box",
    inputs.DOWN: b"Next box",
}


def box_label_bytes(rules):
    """Each box's full label as bytes (per game, not per frame)."""
    labels = rules.labels
    out = [None] * len(labels)
    for i in range(len(labels)):
        out[i] = S.to_bytes(labels[i])
    return tuple(out)


class PlayScreen(S.Screen):
    def __init__(self, app):
        super().__init__(app)
        lay = self.lay
        self.header = self.field(lay.play_header, theme.INK)
        self.dice = DiceView(lay, self.colours, app.sheet, app.screens.dice_sheets)
        app.screens.dice_sheets = self.dice.sheets  # kept while the scorecard shows (ScreenSet)
        self.group.append(self.dice.group)
        self.roll = self.field(lay.play_roll, theme.INK, private=lay.play_msg is None)
        self.box = self.field(lay.play_box, theme.INK, private=True)
        self.info = self.field(lay.play_info, theme.DIM) if lay.play_info else None
        self.msg = self.field(lay.play_msg, theme.INK, private=True) if lay.play_msg else None
        self.round = self.field(lay.play_round, theme.DIM, private=True) if lay.play_round else None
        # Lines a message may borrow (top to bottom) and the one a short message uses.
        if self.msg is None:
            self.msg_lines = (self.box, self.roll)
            self.msg_single = self.roll
        elif self.round is not None:
            self.msg_lines = (self.msg, self.round)
            self.msg_single = self.msg
        else:
            self.msg_lines = (self.msg,)
            self.msg_single = self.msg
        self._msg_split = 0  # where the shown message breaks into a second line (0: one line)
        self.focus = FOCUS_BOXES
        self.chosen = 0  # the die the stick points at (boards without hold keys)
        self.scored = engine.NO_BOX  # the box scored last: the box line shows it once the game is over
        self.labels = ()
        self._msg_serial = -1
        self.c = self.colours
        self.new_game()

    # -- game set-up -----------------------------------------------------------------------
    def new_game(self):
        rules = self.app.game.rules
        self.labels = box_label_bytes(rules)
        # the names the coach's hint gives a box ("Lit straight for 30, EV 251.3"): the full ones
        # where the message line(s) hold such a hint, else the scorecard's (not built for them)
        if len(self.msg_lines) > 1 or self.msg_single.width >= S.HINT_CELLS:
            self.hint_labels = self.labels
        else:
            self.hint_labels = S.card_labels(self.lay, rules)
        self.focus = FOCUS_DICE if self.app.die_focus else FOCUS_BOXES
        self.chosen = 0
        self.stale = True

    def park(self):
        return self.focus * 8 + self.chosen

    def unpark(self, state):
        self.focus = state >> 3
        self.chosen = state & 7

    # -- input -------------------------------------------------------------------------------
    def handle(self, code):
        app = self.app
        game = app.game
        if code == inputs.MENU:
            app.show(S.PAUSE)
            return
        if code == inputs.NEW_GAME:
            app.act(engine.NEW_GAME)
            return
        if code == inputs.UNDO:  # also before a computer seat's first roll
            app.undo()
            return
        if game.is_computer() and not game.over:
            app.say(_COMPUTER_PLAYING, theme.WARN)
            return
        if inputs.HOLD_1 <= code <= inputs.HOLD_5:
            die = code - inputs.HOLD_1
            if app.die_focus:
                self.chosen = die
            app.act(engine.HOLD, die)
        elif code == inputs.ROLL:
            app.act(engine.ROLL)
        elif code == inputs.LEFT or code == inputs.RIGHT:
            step = 1 if code == inputs.RIGHT else -1
            if app.die_focus and self.focus == FOCUS_DICE:
                self.chosen = (self.chosen + step) % 5
                self.stale = True
                app.sound.play("tick")
            else:
                app.act(engine.CURSOR_NEXT if step > 0 else engine.CURSOR_PREV)
        elif code == inputs.UP or code == inputs.DOWN:
            if not app.die_focus:
                app.act(engine.CURSOR_NEXT if code == inputs.DOWN else engine.CURSOR_PREV)
            elif code == inputs.UP:
                if self.focus == FOCUS_BOXES:
                    self.focus = FOCUS_DICE
                    self.stale = True
            elif self.focus == FOCUS_DICE:
                self.focus = FOCUS_BOXES
                self.stale = True
                if game.rolls_used and not game.cursor_visible:
                    app.act(engine.CURSOR_NEXT)
            else:
                app.show(S.CARD)
        elif code == inputs.ENTER:
            if app.die_focus and self.focus == FOCUS_DICE:
                app.act(engine.HOLD, self.chosen)
            else:
                app.act(engine.SCORE)
        elif code == inputs.HINT:
            if app.strategy.coaches:
                app.hint()
            else:
                app.say(_NO_HINT, theme.DIM)

    def on_event(self, ev, arg):
        self.stale = True
        app = self.app
        if ((ev == engine.EV_SCORED and not app.game.over) or ev == engine.EV_TURN_OVER or ev == engine.EV_NEW_GAME
                or ev == engine.EV_UNDONE):
            app.tumble.stop()  # the dice now mean something else (an action made outside the keys)
        if ev == engine.EV_SCORED:
            self.scored = arg
        if ev == engine.EV_CURSOR:
            self.focus = FOCUS_BOXES
        elif ev == engine.EV_UNDONE:
            self.focus = FOCUS_BOXES
        elif ev == engine.EV_TURN_OVER or ev == engine.EV_NEW_GAME:
            self.focus = FOCUS_DICE if app.die_focus else FOCUS_BOXES
            self.chosen = 0
        elif ev == engine.EV_ROLLED:
            if app.game.cursor_visible:
                app.buttons.ring_goto(inputs.ENTER)

    def leave(self):
        tumble = self.app.tumble
        if tumble.active:  # left mid-tumble (game over, the demo ended): the kept presses go too
            tumble.stop()
            tumble.clear()

    def ring_name(self, code):
        return _RING_PLAY.get(code)

    # -- drawing -----------------------------------------------------------------------------
    def draw(self):
        app = self.app
        tumble = app.tumble
        if tumble.active:  # only the tumbling dice change; the rest waits for the result
            view = self.dice
            for i in range(5):
                face = tumble.face(i)
                if face:
                    view.show_face(i, face)
            return
        ring_moved = self.ring_changed()
        if self._msg_serial != app.msg_serial:
            self._msg_serial = app.msg_serial
            self._msg_split = self._split(app.msg)
            self.stale = True
        if not (self.stale or ring_moved):
            return
        self.stale = False
        two = app.msg and self._msg_split > 0
        self._draw_header()
        self._draw_dice()
        if not (two and self.box is self.msg_lines[0]):
            self._draw_box()
        if self.info is not None:
            self._draw_info()
        if self.round is not None and not two:
            self._draw_round(self.round)
        self._draw_roll_and_message()

    def _split(self, text):
        """0 if ``text`` fits one message line, else where its second line starts."""
        width = self.msg_single.width
        n = len(text)
        if n <= width or len(self.msg_lines) < 2:
            return 0
        cut = width
        while cut > 0 and text[cut] != 32:
            cut -= 1
        return cut + 1 if cut > 0 else width

    def _draw_header(self):
        game = self.app.game
        tf = self.header
        seat = game.player
        tf.seat(0, seat)  # "P1 You"
        tf.put(2, SPACE)
        i = tf.text(KIND_SHORT[game.seat_kind[seat]], 3)
        if self.info is None and self.round is None:  # no line for the round: "R3" here
            i = tf.number_at(tf.text(_ROUND_MARK, i), min(game.round + 1, game.rules.n_boxes))
        start = tf.number(game.total(seat), tf.width, 0)  # "T 123" at the right
        tf.text(_TOTAL_MARK, start - 2)
        tf.spaces(i, start - 2)

    def _draw_dice(self):
        app = self.app
        game = app.game
        chosen_shown = app.die_focus and self.focus == FOCUS_DICE and not game.is_computer()
        dice = game.dice
        held = game.held
        view = self.dice
        last = game.last_roll if game.over else 0  # the ended game's last roll
        for i in range(5):
            view.show(i, (last >> 3 * i) & 7 if last else dice[i], (held >> i) & 1, chosen_shown and i == self.chosen)

    def _draw_box(self):
        app = self.app
        game = app.game
        tf = self.box
        c = self.c
        over = game.over and self.scored != engine.NO_BOX  # the last turn: its box and score
        box = self.scored if over else game.cursor
        if over or (game.rolls_used and game.cursor_visible and box != engine.NO_BOX):
            tf.put(0, SPACE)
            i = tf.text(self.labels[box], 1)
            start = tf.number(game.box_score(game.last_roll >> 15, box) if over else game.preview[box], tf.width - 1, 0)
            tf.spaces(i, start)
            tf.put(tf.width - 1, SPACE)
            if app.die_focus and self.focus == FOCUS_DICE and not over:
                tf.colours(c[theme.BG], c[theme.PREVIEW])
            else:
                tf.colours(c[theme.HIGHLIGHT_BG], c[theme.HIGHLIGHT_INK])
        elif game.rolls_used == 0 or game.is_computer():  # (a computer's turn: not "Pick a box")
            tf.centre(_COMPUTER if game.is_computer() else _ROLL_THE_DICE)
            tf.colours(c[theme.BG], c[theme.DIM])
        else:
            tf.centre(_PICK_A_BOX)
            tf.colours(c[theme.BG], c[theme.DIM])

    def _draw_info(self):
        """"Upper 45/63 +3" (par for the bonus), and "Rd 3/13" when there is no round line."""
        game = self.app.game
        rs = game.rules
        tf = self.info
        seat = game.player
        tf.put(0, SPACE)
        i = tf.text(_UPPER, 1)
        i = tf.number_at(i, game.upper_subtotal(seat))
        if rs.upper_bonus:
            tf.put(i, SLASH)
            i = tf.number_at(i + 1, rs.upper_threshold)
            tf.put(i, SPACE)
            i = tf.number_at(i + 1, game.upper_par(seat), True)
        if self.round is None:
            first = tf.number(rs.n_boxes, tf.width - 1, 0)
            tf.put(tf.width - 1, SPACE)
            tf.put(first - 1, SLASH)
            first = tf.number(min(game.round + 1, rs.n_boxes), first - 1, 0)
            tf.text(_ROUND_SHORT, first - 3)
            tf.spaces(i, first - 3)
        else:
            tf.spaces(i)

    def _draw_round(self, tf):
        game = self.app.game
        tf.put(0, SPACE)
        i = tf.text(_ROUND, 1)
        i = tf.number_at(i, min(game.round + 1, game.rules.n_boxes))
        i = tf.text(_OF, i)
        i = tf.number_at(i, game.rules.n_boxes)
        tf.spaces(i)

    def _draw_roll_and_message(self):
        """The message on its line(s); the rolls line and the round line when not borrowed."""
        app = self.app
        c = self.c
        text = app.msg
        bg = c[theme.BG]
        ink = c[app.msg_role]
        cut = self._msg_split if text else 0
        first = None  # the fields showing the message
        second = None
        if cut:
            first = self.msg_lines[0]
            second = self.msg_lines[1]
            first.centre(text, 0, cut - 1 if text[cut - 1] == 32 else cut)
            second.centre(text, cut)
            second.colours(bg, ink)
        elif text:
            first = self.msg_single
            first.centre(text)
        if first is not None:
            first.colours(bg, ink)
        if self.msg is not None and self.msg is not first:
            self.msg.spaces()
        if self.roll is not first and self.roll is not second:
            self.roll.colours(bg, c[theme.INK])
            self._draw_rolls(self.roll)
        if self.round is not None and self.round is not second:
            self.round.colours(bg, c[theme.DIM])

    def _draw_rolls(self, tf):
        game = self.app.game
        tf.put(0, SPACE)
        i = tf.text(_ROLLS, 1)
        left = game.rolls_left()
        for k in range(engine.ROLLS_PER_TURN):
            tf.put(i + k, DOT_FULL if k < left else DOT_EMPTY)
        i += engine.ROLLS_PER_TURN
        if self.app.buttons.ring is not None:
            self.draw_ring(tf, tf.width, tf.width - i)
        else:
            tf.spaces(i)


SCREEN = PlayScreen  # the screen ui/screen_set.py builds from this module
