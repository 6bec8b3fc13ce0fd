"""The easy computer player: greedy, no look-ahead (``players.py`` has the planned ones, medium
and hard). Loaded only for a game with an easy seat (``ui/strategy_set.make_players``).

- Keeps the dice of its most common face (the higher face on a tie), stops on a made full
  house, straight or five of a kind, and scores the box with the best preview."""

from . import engine as _engine
from . import rules as _rules
from .players import hold_action, score_action

_ROLL = (_engine.ROLL, 0)


class EasyPlayer:
    """Greedy, no look-ahead: best box for the current dice, simple holds."""

    def choose(self, game):
        if game.rolls_used == 0:
            return _ROLL
        best = self.best_box(game)
        if game.rolls_used < _engine.ROLLS_PER_TURN and not self.made(game, best):
            return hold_action(game, self.keep_mask(game))
        return score_action(game, best)

    @staticmethod
    def best_box(game):
        """The allowed box with the highest preview (lowest index on a tie)."""
        prev = game.preview
        best = 0
        value = -2
        for b in range(game.rules.n_boxes):
            if prev[b] > value:
                value = prev[b]
                best = b
        return best

    @staticmethod
    def made(game, box):
        """Stop rolling: the best box is a fixed pattern (full house, straight, five of a kind)
        that the dice already make."""
        kind = game.rules.kinds[box]
        return game.preview[box] > 0 and (
            kind == _rules.FULL_HOUSE or kind == _rules.STRAIGHT or kind == _rules.YAHTZEE
        )

    @staticmethod
    def keep_mask(game):
        """The dice of the most common face (the higher face on a tie)."""
        counts = game.counts
        face = 6
        for f in range(5, 0, -1):
            if counts[f] > counts[face]:
                face = f
        mask = 0
        for i in range(5):
            if game.dice[i] == face:
                mask |= 1 << i
        return mask
