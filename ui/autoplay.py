"""Computer seats: ask a policy what to do, one action per pause, so a human can watch.

A policy is any object with ``choose(game) -> (action, arg)`` (engine actions). This module
knows nothing about strategy: the policies (easy, medium, hard) are in ``yahtzee_core/players.py``
and ``yahtzee_core/easy_player.py`` and plug in through the app's strategy (``ui/strategy_set.py``),
indexed by seat kind (engine.EASY..HARD); None while no game goes on."""

from yahtzee_core.engine import OK, ROLL, SCORE_BOX  # (not the module: Defuse mode unloads it)

from .idle import ticks_diff


class AutoPlayer:
    """Plays whichever seat is a computer, ``pace_ms`` apart (0: one action per frame)."""

    def __init__(self, policies, pace_ms=600):
        self.policies = policies
        self.pace_ms = pace_ms
        self.waiting = False
        self.due = 0
        self.actions = 0  # actions taken (tests, tools)
        self.refusals = 0  # choices the engine refused (a policy bug; we then fall back)

    def tick(self, app, now):
        game = app.game
        if game.over or game.confirm_pending or not game.is_computer() or self.policies is None:
            self.waiting = False
            return
        if not self.waiting:
            self.waiting = True
            self.due = (now + self.pace_ms) & 0x1FFFFFFF
        if ticks_diff(now, self.due) < 0:
            return
        self.due = (now + self.pace_ms) & 0x1FFFFFFF
        policy = self.policies[game.seat_kind[game.player]]
        choice = policy.choose(game)
        self.actions += 1
        if app.act(choice[0], choice[1]) != OK:
            self.refusals += 1
            self.fallback(app)

    @staticmethod
    def fallback(app):
        """A move the engine always accepts: roll if rolls are left, else score a box."""
        game = app.game
        if game.rolls_left() > 0 and game.rolls_used == 0:
            app.act(ROLL)
            return
        n = game.rules.n_boxes
        for b in range(n):
            if game.can_score(b):
                app.act(SCORE_BOX, b)
                return
        app.act(ROLL)
