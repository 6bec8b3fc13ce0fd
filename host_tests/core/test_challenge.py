"""Challenge codes: a 6-character code fixes every die of a game (portable: the same expected
tables are checked on CPython and in the MicroPython VM)."""

from yahtzee_core import engine as E
from yahtzee_core import rng as R
from yahtzee_core import rules
from yahtzee_core.seeded_dice import SeededDice
from yahtzee_core.host_helpers import ScriptedDice, code_value
from checks import heap_locked

# Computed once on CPython; the VM must give the very same dice.
K7QX2M = 645657684
K7QX2M_0_59 = "541525664221315311332441223216234215344131234364614335132136"
K7QX2M_900_959 = "365546325364521211614421355455431542126523366611533641353562"
ZZZZZZ_0_29 = "521251432464636115644413141533"
ZEROS_0_29 = "424266516512653651152213646256"


def _dice(code, first, n):
    out = ""
    for p in range(first, first + n):
        out += str(R.challenge_die(code, p))
    return out


def test_fixed_codes_give_fixed_dice():
    assert code_value("K7QX2M") == K7QX2M
    assert _dice(K7QX2M, 0, 60) == K7QX2M_0_59
    assert _dice(K7QX2M, 900, 60) == K7QX2M_900_959
    assert _dice(code_value("ZZZZZZ"), 0, 30) == ZZZZZZ_0_29
    assert code_value("ZZZZZZ") == (1 << 30) - 1
    assert _dice(code_value("000000"), 0, 30) == ZEROS_0_29


def test_challenge_dice_are_the_seeded_stream_at_fixed_steps():
    code = K7QX2M
    d = SeededDice(code)
    raw = [0]
    for _ in range(4 * 40 + 4):
        raw.append(d._next())
    for place in range(40):
        x = raw[place * 4 + 1]
        if x < 30264:
            assert R.challenge_die(code, place) == x % 6 + 1


def test_code_text_round_trip_and_crockford_aliases():
    out = bytearray(6)
    for code in (0, 1, 31, 32, K7QX2M, (1 << 30) - 1, 123456789):
        R.code_text(code, out)
        assert code_value(bytes(out)) == code
    assert bytes(R.code_text(K7QX2M, out)) == b"K7QX2M"
    assert code_value("k7qx2m") == K7QX2M
    assert code_value("O0IL11") == code_value("001111")
    assert code_value("K7QX2") == R.NO_CODE
    assert code_value("K7QX2U") == R.NO_CODE  # U is not in the alphabet
    assert code_value("K7-X2M") == R.NO_CODE


def test_random_code_uses_the_whole_range():
    src = SeededDice(9)
    seen_high = False
    for _ in range(50):
        c = R.random_code(src)
        assert 0 <= c < (1 << 30)
        seen_high = seen_high or c >= (1 << 29)
    assert seen_high


def _played(game, holds):
    """Play a whole game holding dice by ``holds`` (a die source choosing masks); record every
    (place, die) rolled."""
    seen = []
    n = game.rules.n_boxes
    while not game.over:
        for r in range(3):
            if r:
                mask = holds.die() * 5 % 32
                for i in range(5):
                    if ((game.held >> i) & 1) != ((mask >> i) & 1):
                        game.act(E.HOLD, i)
            seat = game.player
            rnd = game.round
            held = game.held
            game.act(E.ROLL)
            for i in range(5):
                if not (held >> i) & 1:
                    seen.append((R.challenge_place(rnd, 0 if game.duplicate else seat, r, i), game.dice[i]))
        b = 0
        while game.act(E.SCORE_BOX, b) != E.OK and b < n:
            b += 1
    return seen


def test_same_code_same_dice_whatever_is_held():
    for name, seats, dup in (("yahtzee", 1, False), ("yatzy", 2, False), ("yacht", 3, True)):
        results = []
        for h in (1, 2, 3):
            g = E.Game(rules.get(name), ScriptedDice(()), seats=seats, duplicate=dup,
                       autofill=False, challenge=K7QX2M)  # the rng is never asked
            results.append(_played(g, SeededDice(h)))
        table = {}
        for seen in results:
            for place, die in seen:
                assert R.challenge_die(K7QX2M, place) == die
                assert table.setdefault(place, die) == die
        assert len(table) > 40


def test_first_rolls_match_the_table():
    g = E.Game(rules.get("yahtzee"), ScriptedDice(()), challenge=K7QX2M)
    g.act(E.ROLL)
    assert "".join(str(d) for d in g.dice) == K7QX2M_0_59[:5]
    g.act(E.HOLD, 0)
    g.act(E.ROLL)  # second roll: places 5..9, die 0 held
    assert "".join(str(d) for d in g.dice) == K7QX2M_0_59[0] + K7QX2M_0_59[6:10]


def _challenge_turns(game, n):
    done = 0
    while done < n:
        if game.over:
            game.act(E.NEW_GAME)
        game.act(E.ROLL)
        game.act(E.HOLD, 1)
        game.act(E.ROLL)
        game.act(E.ROLL)
        b = 0
        while game.act(E.SCORE_BOX, b) != E.OK and b < 16:
            b += 1
        while game.pending_events():
            game.next_event()
        done += 1
    return done


def test_challenge_dice_allocate_nothing():
    for dup, seats in ((False, 2), (True, 3)):
        g = E.Game(rules.get("yahtzee"), ScriptedDice(()), seats=seats, duplicate=dup, challenge=K7QX2M)
        assert heap_locked(_challenge_turns, g, 200) == 200
