"""The built-in computer player: greedy, no look-ahead (the strategy module replaces it).

Roll; keep the dice of the most common face (the higher face on a tie); stop early on a
made full house, straight or five of a kind; score the box with the best preview (the
lowest-numbered one on a tie). It moves the cursor to its box first so a watcher sees the
choice. ``choose`` returns preallocated tuples: no allocation per move."""

from yahtzee_core import engine, rules

_ROLL = (engine.ROLL, 0)
_SCORE = (engine.SCORE, 0)
_HOLD = tuple([(engine.HOLD, i) for i in range(5)])
_SELECT = tuple([(engine.SELECT_BOX, b) for b in range(rules.MAX_BOXES)])


class GreedyBot:
    """``choose(game) -> (action, arg)``."""

    def choose(self, game):
        if game.rolls_used == 0:
            return _ROLL
        best = self.best_box(game)
        if game.rolls_used < engine.ROLLS_PER_TURN and not self.made(game, best):
            want = self.keep_mask(game)
            diff = want ^ game.held
            if diff:
                for i in range(5):
                    if (diff >> i) & 1:
                        return _HOLD[i]
            return _ROLL
        if not game.cursor_visible or game.cursor != best:
            return _SELECT[best]
        return _SCORE

    @staticmethod
    def best_box(game):
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
        """Stop rolling: the best box is a fixed-score pattern that is already made."""
        kind = game.rules.kinds[box]
        return game.preview[box] > 0 and (
            kind == rules.FULL_HOUSE or kind == rules.STRAIGHT or kind == rules.YAHTZEE
        )

    @staticmethod
    def keep_mask(game):
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
