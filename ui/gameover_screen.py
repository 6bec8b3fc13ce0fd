"""Game over: the ranking with totals (ties share a place), a new-high-score line when the
store says so, then "Play again" / "Title"."""

from hw import inputs
from yahtzee_core import engine
from yahtzee_core.compat import const

from . import screen as S
from .list_screen import ListScreen
from .settings import KIND_SHORT
from .text import DOT, EQUALS, MINUS, SPACE, ZERO

RANK = const(0)  # RANK + k: the k-th place line
LOST = const(4)  # LOST + seat: "P1 lost 12.3 pts", the coach's total for a human seat
HIGH_SCORE = const(8)
AGAIN = const(9)
TITLE = const(10)
SCORES = const(11)
CODE = const(12)  # "Code K7QX2M": the challenge code, beside the scores

_AGAIN = b"Play again"
_TITLE = b"Title screen"
_HIGH = b"New high score!"
_SCORES = b"High scores"
_LOST = b" lost "
_PTS = b" pts"


class GameOverScreen(ListScreen):
    def __init__(self, app):
        super().__init__(app, b"Game over")
        self.order = bytearray(engine.MAX_SEATS)  # seats, best first
        self.place = bytearray(engine.MAX_SEATS)  # 1-based place of each line
        self.shared = bytearray(engine.MAX_SEATS)  # 1 when the place is shared
        self.high = False

    def enter(self):
        self.rank()
        self.high = self.app.high_score
        super().enter()
        self.app.buttons.ring_goto(inputs.ENTER)

    def rank(self):
        """Order the seats by total, best first; equal totals share a place."""
        game = self.app.game
        n = game.seats
        for i in range(n):
            self.order[i] = i
        for i in range(1, n):  # insertion sort, stable: earlier seat first on a tie
            j = i
            while j > 0 and game.total(self.order[j]) > game.total(self.order[j - 1]):
                self.order[j], self.order[j - 1] = self.order[j - 1], self.order[j]
                j -= 1
        for i in range(n):
            t = game.total(self.order[i])
            if i > 0 and t == game.total(self.order[i - 1]):
                self.place[i] = self.place[i - 1]
            else:
                self.place[i] = i + 1
        for i in range(n):
            same = (i > 0 and self.place[i - 1] == self.place[i]) or (
                i + 1 < n and self.place[i + 1] == self.place[i]
            )
            self.shared[i] = 1 if same else 0

    def build_items(self):
        app = self.app
        game = app.game
        for i in range(game.seats):
            self.add(RANK + i)
        if game.challenge >= 0:
            self.add(CODE)
        for seat in range(game.seats):
            if game.seat_kind[seat] == engine.HUMAN and app.coach_choices[seat] > 0:
                self.add(LOST + seat)
        if self.high:
            self.add(HIGH_SCORE)
        self.add(AGAIN)
        if self.app.store is not None:  # high scores are kept
            self.add(SCORES)
        self.add(TITLE)

    def selectable(self, item):
        return item == AGAIN or item == TITLE or item == SCORES

    def render(self, item, tf):
        if item == AGAIN:
            self.label(tf, _AGAIN)
        elif item == TITLE:
            self.label(tf, _TITLE)
        elif item == HIGH_SCORE:
            self.label(tf, _HIGH)
        elif item == SCORES:
            self.label(tf, _SCORES)
        elif item == CODE:
            self.label(tf, self.app.code_label)
        elif LOST <= item < LOST + engine.MAX_SEATS:
            self.lost_line(tf, item - LOST)
        else:
            game = self.app.game
            k = item - RANK
            seat = self.order[k]
            tf.put(0, SPACE)
            tf.put(1, ZERO + self.place[k])
            tf.put(2, EQUALS if self.shared[k] else SPACE)  # "1=" for a shared place
            tf.put(3, SPACE)
            tf.seat(4, seat)  # " 1  P1 You"
            tf.put(6, SPACE)
            i = tf.text(KIND_SHORT[game.seat_kind[seat]], 7)
            start = tf.number(game.total(seat), tf.width - 1, 0)
            tf.spaces(i, start)
            tf.put(tf.width - 1, SPACE)

    def lost_line(self, tf, seat):
        """" P1 lost 12.3 pts": the expected points the seat's choices gave away against best
        play (the coach's figure kept by the app, ui/coach.py), to a tenth."""
        units = self.app.coach_lost[seat]
        t = (units * 10 + 64) // 128 if units >= 0 else -((-units * 10 + 64) // 128)
        tf.put(0, SPACE)
        tf.seat(1, seat)
        i = tf.text(_LOST, 3)
        if t < 0:
            tf.put(i, MINUS)
            i += 1
            t = -t
        i = tf.number_at(i, t // 10)
        tf.put(i, DOT)
        tf.put(i + 1, ZERO + t % 10)
        tf.spaces(tf.text(_PTS, i + 2))

    def activate(self, item):
        if item == AGAIN:
            self.app.defer(self.app.start_game)  # built once this screen is gone (App.defer)
        elif item == TITLE:
            self.app.show(S.TITLE)
        elif item == SCORES:
            from .app_start import show_high_scores

            show_high_scores(self.app)

    def back(self):
        self.app.show(S.TITLE)


SCREEN = GameOverScreen  # the screen ui/screen_set.py builds from this module
