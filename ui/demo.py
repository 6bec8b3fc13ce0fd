"""The demo (attract mode): a minute idle on the title (``ui/app.py`` ``DEMO_AFTER_MS``) and the
hand-held plays itself: the hard computer (its exact table; medium where there is none), muted,
nothing saved (the store is put aside, so no code path can write the NVM while it plays); any
key ends it. Beside ui/autoplay.py (the computer seats' moves) and ui/idle.py (dimming and
sleep).

    Demo(app)            # App.step, after a minute on the title: app.demo = Demo(app)
    app.demo.tick()      # every frame while it plays (App.step)
    app.demo.stop()      # a key, or the end of its last game: back to the title

Loaded when the demo starts and unloaded when it ends (``Demo.stop``): a board does not hold
its code while somebody plays."""

from yahtzee_core import engine
from yahtzee_core.compat import const

from . import screen as S
from . import theme
from .idle import ticks_diff
from .screen_set import UNLOADS, unload

GAMES = const(3)  # games in a row, then back to the title
PAUSE_MS = const(4000)  # the game-over screen between demo games
_KINDS = bytes((engine.HARD,))  # the best play; and the players of a game with it (no formula)
_TEXT = b"Demo: press any key"


class Demo:
    def __init__(self, app):
        app.demo = self
        self.app = app
        self.games = 0  # demo games started
        self.due = 0  # when the game-over screen gives way to the next game
        self.store = app.store  # put aside while the demo plays
        self.ring = app.buttons.ring_pos
        app.store = None
        app.in_game = False
        app.sound.stop()
        app.sound.muted = True
        self.game()

    def game(self):
        app = self.app
        game = app.game
        game.configure(app.settings.rules(), 1, _KINDS, False, True)
        game.clear_events()
        self.games += 1
        app._use_strategy()
        app.coached = 0
        app._coach_new_game()
        app.yahtzee_text = S.to_bytes(game.rules.title.upper() + "!")
        app._new_game_screens()
        app.lights.show_held(0)
        app.show(S.PLAY)
        app.say(_TEXT, theme.DIM, 3000)

    def tick(self):
        app = self.app
        if app.current_id == S.PLAY and not app.msg:
            app.say(_TEXT, theme.DIM, 3000)
        if app.current_id != S.GAME_OVER:
            self.due = (app.now + PAUSE_MS) & 0x1FFFFFFF
        elif ticks_diff(app.now, self.due) >= 0:
            if self.games < GAMES:
                self.game()
            else:
                self.stop()

    def stop(self):
        """Back to the title, where the player left it; nothing of the demo is kept (on a board
        this module is unloaded)."""
        app = self.app
        app.demo = None
        buttons = app.buttons
        buttons.clear()  # the key that ended the demo does nothing else
        buttons.ring_pos = self.ring  # (the title then puts it where it wants it)
        app.msg = b""
        app.msg_serial += 1
        app.show(S.TITLE)  # the store is still aside: leaving the game saves nothing
        app.store = self.store
        self.store = None
        app.lights.off()
        app.apply_preferences()
        app.screens[S.TITLE].refresh_items()
        app.idle.touch(app.now)
        if UNLOADS:
            unload("ui.demo")  # (this call's code is freed when it returns)
