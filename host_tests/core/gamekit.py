"""Helpers shared by the portable engine tests (no pytest, runs in MicroPython too)."""

from yahtzee_core import engine as E
from yahtzee_core import host_helpers
from yahtzee_core import rules
from yahtzee_core.host_helpers import ScriptedDice
from yahtzee_core.host_helpers import box_index


def new_game(name="yahtzee", joker=None, seats=1, dice=(), **kw):
    return E.Game(rules.get(name, joker), ScriptedDice(dice), seats=seats, **kw)


def set_card(game, seat, boxes):
    """Fill boxes directly: ``boxes`` maps key -> score (sets the round to match one seat)."""
    rs = game.rules
    for key in boxes:
        b = box_index(rs, key)
        game.scores[seat * rules.MAX_BOXES + b] = boxes[key]
        game.filled[seat] |= 1 << b
    game.round = game.rules.n_boxes - game.open_count(seat)


def roll(game, values, hold=()):
    """Hold the given dice indexes (only those), feed the values of the others, and roll."""
    for i in range(5):
        want = i in hold
        if ((game.held >> i) & 1) != want:
            assert game.act(E.HOLD, i) == E.OK
    game.rng.extend(values)
    assert game.act(E.ROLL) == E.OK


# Event names for readable assertions (the engine keeps only the codes).
EVENT_NAMES = (
    "none", "rolled", "held", "released", "cursor", "scored", "upper_bonus", "yahtzee",
    "yahtzee_bonus", "joker", "turn_over", "game_over", "new_game", "confirm_new", "auto_filled",
    "cancelled", "undone",
)


def drain(game):
    out = []
    while game.pending_events():
        code = game.next_event()
        out.append((EVENT_NAMES[code], game.event_arg))
    return out


def names(events):
    return [e[0] for e in events]


def state_of(game):
    """Everything observable about the game as a comparable value."""
    return (
        host_helpers.snapshot(game),
        bytes(game.scores),
        list(game.filled),
        bytes(game.bonus_count),
        list(game.preview),
        game.allowed,
        game.confirm_pending,
        game.pending_events(),
    )
