"""Host-only helpers of the core for tests and tools (never loaded on a board): scripted dice, the
252 rolls, a rule set's highest total, a challenge code read from its text, and the queries of
a game, its snapshot, a saved settings record and the store that only tests and tools ask."""

from . import engine as _engine
from . import rules as _rules
from . import snapshot as _snapshot
from .rng import CODE_LENGTH, NO_CODE, char_value


class ScriptedDice:
    """Returns the given die values in order (for tests); raises when the script runs out."""

    def __init__(self, values):
        self.values = list(values)
        self.pos = 0

    def die(self):
        if self.pos >= len(self.values):
            raise IndexError("scripted dice exhausted")
        v = self.values[self.pos]
        self.pos += 1
        return v

    def extend(self, values):
        self.values.extend(values)


def all_rolls():
    """The 252 distinct rolls of five dice as sorted tuples (the solver's and the tests' order)."""
    rolls = []
    for a in range(1, 7):
        for b in range(a, 7):
            for c in range(b, 7):
                for d in range(c, 7):
                    for e in range(d, 7):
                        rolls.append((a, b, c, d, e))
    return rolls


def box_index(rs, key):
    """Box index of ``key`` (``"chance"``...) in rule set ``rs``; ValueError if this variant has
    no such box."""
    for i in range(rs.n_boxes):
        if rs.categories[i] == key:
            return i
    raise ValueError("no such box in this variant")


def score(rs, key, dice):
    """Score a GIVEN roll (5 dice, any sequence of ints 1..6) in a GIVEN box (its key or index)
    of rule set ``rs``, with no game context (no Joker, no bonus); ValueError for a bad box or
    bad dice."""
    box = key if isinstance(key, int) and not isinstance(key, bool) else box_index(rs, key)
    if box < 0 or box >= rs.n_boxes:
        raise ValueError("no such box in this variant")
    counts = bytearray(7)
    n = 0
    total = 0
    for d in dice:
        if n == 5 or not isinstance(d, int) or isinstance(d, bool) or d < 1 or d > 6:
            raise ValueError("need exactly 5 dice, each 1..6")
        counts[d] += 1
        total += d
        n += 1
    if n != 5:
        raise ValueError("need exactly 5 dice, each 1..6")
    return rs.score_counts(box, counts, total)


def max_total(rs):
    """Highest total a single game under rule set ``rs`` can reach (records.MAX_SCORE is checked
    against it)."""
    best = 0
    for b in range(rs.n_boxes):
        best += rs.possible_values(b)[-1]
    best += rs.upper_bonus
    if rs.yahtzee_bonus:
        best += rs.yahtzee_bonus * (rs.n_boxes - 1)
    return best


def code_value(text):
    """The code (0 .. 2**30-1) written in ``text`` (6 characters, bytes or str), or NO_CODE."""
    if isinstance(text, str):
        text = text.encode()
    if len(text) != CODE_LENGTH:
        return NO_CODE
    code = 0
    for c in text:
        v = char_value(c)
        if v < 0:
            return NO_CODE
        code = (code << 5) | v
    return code


def snapshot(game):
    """The game as a compact ``bytes`` object (what a save holds: ``snapshot.encode``)."""
    buf, n = _snapshot.encode(game)
    return bytes(buf[:n])


def undo_refusal(game):
    """OK when UNDO would be accepted now, else the refusal code ``game.act(UNDO)`` gives."""
    if game.over:
        return _engine.R_GAME_OVER
    return _engine._U_REASON[game.undo_state]


def game_challenge(store):
    """The saved game's challenge code in an ``NvmStore``, or -1 (none, no game, or it did not
    fit: see docs/nvm_layout.md)."""
    return store.records.challenge if store.records.game_len else -1


def saved_rules(settings):
    """The rule set a saved settings record (``settings_record.Settings``) chooses: the Joker
    rule applies where the variant has one (``ui/settings.py`` chooses so on a board)."""
    name = _rules.VARIANT_IDS[settings.variant]
    joker = settings.joker if _rules.YAHTZEE_BONUSES[settings.variant] > 0 else None
    return _rules.get(name, joker)


def x3_value(planner, k, dice):
    """A planned ``TurnPlanner``'s keep number before roll 3 of multiset ``k`` (``dice``, its
    dice): ``x3[k]`` for 0-4 dice; for five, the roll's best box value (7776 x units), which
    ``best_hold`` works out from the dice (the planner keeps no array of them)."""
    from .strategy import FIRST_ROLL, NEG, SCALE

    if k < FIRST_ROLL:
        return planner.x3[k]
    b = planner.box_values(dice)
    return SCALE * planner.box[b] if b >= 0 else NEG
