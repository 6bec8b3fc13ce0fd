"""The title screen: set up a game (variant, players and who plays them, duplicate play,
Joker rule, sound) and start it. "Continue game" appears when the store (``yahtzee_core/nvm_store.py``)
holds a saved game, "High scores" and "Statistics" when there is a store, "Defuse mode" when
``ui/defuse_screen.py`` is installed."""

from yahtzee_core import engine, rules
from yahtzee_core.compat import const
from yahtzee_core.rng import code_text, random_code

from . import screen as S
from .list_screen import ListScreen
from .settings import VARIANT_NAMES

KIND_NAMES = (b"Human", b"CPU easy", b"CPU med", b"CPU hard")  # engine.HUMAN..HARD
JOKER_NAMES = (b"none", b"forced", b"free")  # rules.JOKER_NONE..JOKER_FREE

START = const(0)
CONTINUE = const(1)
VARIANT = const(2)
PLAYERS = const(3)
SEAT_1 = const(4)  # ..SEAT_1 + 3
DUPLICATE = const(8)
JOKER = const(9)
SOUND = const(10)
DEFUSE = const(11)
SETTINGS = const(12)
HELP = const(13)
STATS = const(14)
HIGH_SCORES = const(15)
CHALLENGE = const(16)
RULES = const(17)

_TEXT_DISCARD = b"Sure? Press again"  # START with a saved game: a second press drops it

_LABELS = {
    START: b"Start game", CONTINUE: b"Continue game", VARIANT: b"Game", PLAYERS: b"Players",
    DUPLICATE: b"Same dice", JOKER: b"Joker", SOUND: b"Sound", DEFUSE: b"Defuse mode",
    SETTINGS: b"Settings", HELP: b"Help / keys", STATS: b"Statistics", HIGH_SCORES: b"High scores",
    CHALLENGE: b"Challenge", RULES: b"Rules",
}
_SEAT = (b"Player 1", b"Player 2", b"Player 3", b"Player 4")
_DIGITS = (b"1", b"2", b"3", b"4")
_ON_OFF = (b"off", b"on")


class TitleScreen(ListScreen):
    def __init__(self, app):
        self._start_armed = False
        self._code = bytearray(6)
        self._last_code = -1  # the code "off" put aside, back with LEFT/RIGHT
        super().__init__(app, b"Pocket Yahtzee")

    def build_items(self):
        app = self.app
        s = app.settings
        if self._can_continue():
            self.add(CONTINUE)
        self.add(START)
        self.add(DEFUSE)
        self.add(VARIANT)
        self.add(PLAYERS)
        for seat in range(s.seats):
            self.add(SEAT_1 + seat)
        if s.seats > 1:
            self.add(DUPLICATE)
        if s.has_joker():
            self.add(JOKER)
        self.add(CHALLENGE)
        self.add(SOUND)
        if app.store is not None:  # statistics and high scores are kept
            self.add(HIGH_SCORES)
            self.add(STATS)
        self.add(SETTINGS)
        self.add(RULES)
        self.add(HELP)

    def render(self, item, tf):
        s = self.app.settings
        if item == VARIANT:
            self.pair(tf, _LABELS[item], VARIANT_NAMES[s.variant])
        elif item == PLAYERS:
            self.pair(tf, _LABELS[item], _DIGITS[s.seats - 1])
        elif SEAT_1 <= item < SEAT_1 + 4:
            self.pair(tf, _SEAT[item - SEAT_1], KIND_NAMES[s.kinds[item - SEAT_1]])
        elif item == DUPLICATE:
            self.pair(tf, _LABELS[item], _ON_OFF[s.duplicate])
        elif item == JOKER:
            self.pair(tf, _LABELS[item], JOKER_NAMES[s.joker])
        elif item == SOUND:
            self.pair(tf, _LABELS[item], _ON_OFF[s.sound])
        elif item == CHALLENGE:
            if s.challenge >= 0:
                self.pair(tf, _LABELS[item], code_text(s.challenge, self._code))
            else:
                self.pair(tf, _LABELS[item], _ON_OFF[0])
        elif item == START and self._start_armed:
            self.label(tf, _TEXT_DISCARD)
        else:
            self.label(tf, _LABELS[item])

    def change(self, item, step):
        s = self.app.settings
        if item == VARIANT:
            s.variant = (s.variant + step) % len(rules.VARIANT_IDS)
            self.refresh_items(item)
        elif item == PLAYERS:
            s.seats = (s.seats - 1 + step) % engine.MAX_SEATS + 1
            self.refresh_items(item)
        elif SEAT_1 <= item < SEAT_1 + 4:
            k = item - SEAT_1
            s.kinds[k] = (s.kinds[k] + step) % (engine.HARD + 1)
        elif item == DUPLICATE:
            s.duplicate = not s.duplicate
        elif item == JOKER:
            s.joker = rules.JOKER_FREE if s.joker == rules.JOKER_FORCED else rules.JOKER_FORCED
        elif item == SOUND:
            s.sound = not s.sound
            self.app.apply_preferences()
        elif item == CHALLENGE:  # off, or the last code (a fresh one the first time)
            if s.challenge >= 0:
                self._last_code = s.challenge
                s.challenge = -1
            else:
                if self._last_code < 0:
                    self._last_code = random_code(self.app.board.rng)
                s.challenge = self._last_code
        else:
            return False
        return True

    def enter(self):
        self._start_armed = False
        super().enter()

    def _can_continue(self):
        """A saved game can be resumed (needs a store)."""
        store = self.app.store
        return store is not None and store.has_game()

    def activate(self, item):
        app = self.app
        if item == START and self._can_continue() and not self._start_armed:
            # A saved game is waiting: starting over needs a second press, like NEW_GAME in play.
            self._start_armed = True
            self.stale = True
            return
        if self._start_armed:
            self._start_armed = False
            self.stale = True
        if item == START:
            app.defer(app.start_game)  # built once this screen is gone (App.defer)
        elif item == CONTINUE:
            app.defer(app.continue_game)
        elif item == DEFUSE:
            app.defer(app.start_defuse)
        elif item == SETTINGS:
            app.show(S.SETTINGS)
        elif item == HELP:
            app.show(S.HELP)
        elif item == RULES:
            app.show(S.RULES)
        elif item == STATS:
            app.show(S.STATS)
        elif item == HIGH_SCORES:
            app.show(S.HIGH_SCORES)
        elif item == CHALLENGE:
            app.show(S.CODE)
        else:
            self.change(item, 1)


SCREEN = TitleScreen  # the screen ui/screen_set.py builds from this module
