"""The in-game menu (MENU on the play screen): in a game of several seats the standings first
(each seat's total: "P2 CPU-m  143"), then resume, undo the last box, scorecard, new game (asks
for a second press), settings, the rules reader, help, back to the title screen."""

from yahtzee_core import engine
from yahtzee_core.compat import const

from . import screen as S
from .list_screen import ListScreen
from .settings import KIND_SHORT
from .text import SPACE

RESUME = const(0)
CARD = const(1)
NEW_GAME = const(2)
SETTINGS = const(3)
HELP = const(4)
TITLE = const(5)
UNDO = const(6)
RULES = const(7)
SEAT = const(8)  # SEAT + k: seat k's total (the standings; not selectable)

_LABELS = (b"Resume", b"Scorecard", b"New game", b"Settings", b"Help / keys", b"Quit to title",
           b"Undo last box", b"Rules")
_CONFIRM = b"Confirm: new game"


class PauseScreen(ListScreen):
    def __init__(self, app):
        super().__init__(app, b"Menu")

    def build_items(self):
        game = self.app.game
        if game.seats > 1:
            for seat in range(game.seats):
                self.add(SEAT + seat)
        for item in (RESUME, UNDO, CARD, NEW_GAME, SETTINGS, RULES, HELP, TITLE):
            self.add(item)

    def selectable(self, item):
        return item < SEAT

    def render(self, item, tf):
        if item >= SEAT:
            game = self.app.game
            seat = item - SEAT
            tf.put(0, SPACE)
            tf.seat(1, seat)  # " P2 CPU-m      143"
            tf.put(3, SPACE)
            i = tf.text(KIND_SHORT[game.seat_kind[seat]], 4)
            start = tf.number(game.total(seat), tf.width - 1)
            tf.spaces(i, start)
            tf.put(tf.width - 1, SPACE)
        elif item == NEW_GAME and self.app.game.confirm_pending:
            self.label(tf, _CONFIRM)
        else:
            self.label(tf, _LABELS[item])

    def activate(self, item):
        app = self.app
        if item == RESUME:
            app.show(S.PLAY)
        elif item == UNDO:
            app.show(S.PLAY)  # the play screen shows the undone turn, or why it was refused
            app.defer(app.undo)
        elif item == CARD:
            app.show(S.CARD)
        elif item == NEW_GAME:
            app.act(engine.NEW_GAME)  # the engine asks for confirmation mid-game
        elif item == SETTINGS:
            app.show(S.SETTINGS)
        elif item == HELP:
            app.show(S.HELP)
        elif item == RULES:
            app.show(S.RULES)
        elif item == TITLE:
            app.show(S.TITLE)

    def leave(self):
        game = self.app.game
        if game.confirm_pending:
            self.app.act(engine.CANCEL)

    def back(self):
        self.app.show(S.PLAY)


SCREEN = PauseScreen  # the screen ui/screen_set.py builds from this module
