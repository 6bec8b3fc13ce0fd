"""The hot paths allocate nothing: checked under micropython.heap_lock() in the MicroPython VM
(on CPython the same code runs without the lock, proving only that it works)."""

from yahtzee_core import engine as E
from yahtzee_core import rules
from yahtzee_core.seeded_dice import SeededDice
from checks import heap_locked, mem_alloc_delta, is_micropython

SCORINGS = 10000
TURNS = 1000


def _score_every_box(rs, rng, counts, n):
    acc = 0
    for _ in range(n):
        for f in range(7):
            counts[f] = 0
        total = 0
        for _ in range(5):
            d = rng.die()
            counts[d] += 1
            total += d
        for b in range(rs.n_boxes):
            acc += rs.score_counts(b, counts, total)
            acc += rs.joker_score(b, counts, total)
    return acc & 0xFFFF


def _play_turns(game, pick, turns):
    """Complete turns of actions: roll, hold, move the cursor, roll, score; new game when over."""
    done = 0
    while done < turns:
        if game.over:
            game.act(E.NEW_GAME)
        game.act(E.ROLL)
        game.act(E.HOLD, pick.die() - 1)
        game.act(E.HOLD, pick.die() - 1)
        game.act(E.CURSOR_NEXT)
        game.act(E.ROLL)
        game.act(E.CURSOR_PREV)
        game.act(E.HOLD, 9)  # refused: bad index
        game.act(E.ROLL)
        game.act(E.ROLL)  # refused: no rolls left
        if game.act(E.SCORE) != E.OK:
            b = 0
            while game.act(E.SCORE_BOX, b) != E.OK and not game.over and b < 16:
                b += 1
        while game.pending_events():
            game.next_event()
        game.act(E.NEW_GAME)
        game.act(E.CANCEL)
        done += 1
    return done


def test_scoring_every_box_allocates_nothing():
    for name, joker in (("yahtzee", "forced"), ("yatzy", None), ("yacht", None)):
        rs = rules.get(name, joker)
        counts = bytearray(7)
        rng = SeededDice(1)
        heap_locked(_score_every_box, rs, rng, counts, SCORINGS)


def test_complete_turns_allocate_nothing():
    for name, joker, seats, dup in (("yahtzee", "forced", 2, False), ("yahtzee", "free", 4, True),
                                    ("yatzy", None, 1, False), ("yacht", None, 3, True)):
        game = E.Game(rules.get(name, joker), SeededDice(2), seats=seats, duplicate=dup)
        pick = SeededDice(3)
        assert heap_locked(_play_turns, game, pick, TURNS) == TURNS


def test_mem_alloc_delta_is_zero():
    game = E.Game(rules.get("yahtzee"), SeededDice(2), seats=2)
    pick = SeededDice(3)
    _play_turns(game, pick, 3)  # warm up
    delta = mem_alloc_delta(_play_turns, game, pick, 50)
    if is_micropython():
        assert delta == 0
    else:
        assert delta is None
