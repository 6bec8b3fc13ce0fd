"""Snapshots: exact round trips, compact sizes, corrupt data refused without side effects."""

from yahtzee_core import engine as E
from yahtzee_core import host_helpers
from yahtzee_core import rules, snapshot, snapshot_reader
from yahtzee_core.seeded_dice import SeededDice
from yahtzee_core.host_helpers import box_index
from gamekit import new_game, set_card, roll, state_of


def _play_some(game, rng_seed, steps):
    r = rng_seed if hasattr(rng_seed, "die") else SeededDice(rng_seed)
    for _ in range(steps):
        if game.over:
            break
        a = (E.ROLL, E.ROLL, E.HOLD, E.CURSOR_NEXT, E.SCORE, E.SCORE_BOX, E.CURSOR_PREV)[r.die() % 7]
        game.act(a, r.die() + r.die() - 2)


def _same_game(a, b):
    assert host_helpers.snapshot(a) == host_helpers.snapshot(b)
    assert a.rules is b.rules
    assert (a.seats, a.player, a.round, a.rolls_used, a.held, a.over) == (b.seats, b.player, b.round, b.rolls_used,
                                                                          b.held, b.over)
    assert (a.cursor, a.cursor_visible, a.duplicate, a.autofill) == (b.cursor, b.cursor_visible, b.duplicate,
                                                                     b.autofill)
    assert bytes(a.dice) == bytes(b.dice) and bytes(a.counts) == bytes(b.counts)
    assert bytes(a.scores) == bytes(b.scores) and list(a.filled) == list(b.filled)
    assert bytes(a.bonus_count) == bytes(b.bonus_count) and bytes(a.seat_kind) == bytes(b.seat_kind)
    assert list(a.preview) == list(b.preview) and a.allowed == b.allowed
    if a.duplicate:
        assert bytes(a.round_dice) == bytes(b.round_dice)
    for s in range(a.seats):
        assert a.total(s) == b.total(s)


def test_round_trip_at_every_step_of_many_games():
    configs = (("yahtzee", None, 1, False), ("yahtzee", "free", 4, True), ("yatzy", None, 2, False), ("yacht", None,
                                                                                                      3, True))
    for name, joker, seats, dup in configs:
        for seed in range(2):
            g = E.Game(rules.get(name, joker), SeededDice(seed), seats=seats, duplicate=dup,
                       kinds=(0, 1, 2, 3)[:seats])
            r = SeededDice(seed + 100)
            while not g.over:
                data = host_helpers.snapshot(g)
                h = E.Game(rules.get("yacht"), SeededDice(0))
                assert snapshot_reader.restore(h, data) == snapshot.OK
                _same_game(g, h)
                _play_some(g, r, 1)
            data = host_helpers.snapshot(g)
            h = E.Game(rules.get("yahtzee"), SeededDice(0))
            assert snapshot_reader.restore(h, data) == snapshot.OK
            _same_game(g, h)


def test_restored_game_plays_on_identically():
    a = E.Game(rules.get("yahtzee"), SeededDice(5), seats=2)
    _play_some(a, 77, 40)
    data = host_helpers.snapshot(a)
    b = E.Game(rules.get("yatzy"), SeededDice(5))
    assert snapshot_reader.restore(b, data) == snapshot.OK
    a.rng = SeededDice(9)
    b.rng = SeededDice(9)
    _play_some(a, 78, 400)
    _play_some(b, 78, 400)
    _same_game(a, b)


def test_sizes_are_compact():
    one = E.Game(rules.get("yahtzee"), SeededDice(1), seats=1)
    four = E.Game(rules.get("yahtzee"), SeededDice(1), seats=4, duplicate=True)
    yatzy4 = E.Game(rules.get("yatzy"), SeededDice(1), seats=4, duplicate=True)
    assert len(host_helpers.snapshot(one)) == 14
    assert len(host_helpers.snapshot(four)) <= 37
    assert len(host_helpers.snapshot(yatzy4)) <= snapshot.MAX_BYTES


def test_joker_bonus_and_card_survive():
    g = new_game("yahtzee", "forced")
    set_card(g, 0, {"yahtzee": 50, "threes": 9})
    roll(g, [3, 3, 3, 3, 3])
    data = host_helpers.snapshot(g)
    h = new_game("yatzy")
    assert snapshot_reader.restore(h, data) == snapshot.OK
    assert h.joker_active and h.allowed == g.allowed
    assert h.act(E.SCORE_BOX, box_index(h.rules, "full_house")) == E.OK
    assert h.bonus_count[0] == 1 and h.box_score(0, box_index(h.rules, "full_house")) == 25


def test_every_truncation_and_bit_flip_is_refused_or_valid():
    g = E.Game(rules.get("yahtzee"), SeededDice(3), seats=2, duplicate=True)
    _play_some(g, 4, 60)
    data = host_helpers.snapshot(g)
    target = E.Game(rules.get("yacht"), SeededDice(1), seats=3)
    _play_some(target, 8, 30)
    before = state_of(target)
    for n in range(len(data)):
        assert snapshot_reader.restore(target, data[:n]) != snapshot.OK
        assert state_of(target) == before
    accepted = 0
    for i in range(len(data) * 8):
        bad = bytearray(data)
        bad[i >> 3] ^= 1 << (i & 7)
        err = snapshot_reader.restore(target, bad)
        if err == snapshot.OK:
            accepted += 1
            # A flip that still decodes must give a self-consistent game that re-encodes to itself.
            again = host_helpers.snapshot(target)
            assert snapshot_reader.restore(target, again) == snapshot.OK
            assert host_helpers.snapshot(target) == again
            target = E.Game(rules.get("yacht"), SeededDice(1), seats=3)
            _play_some(target, 8, 30)
        else:
            assert state_of(target) == before
    assert accepted < len(data) * 8


def test_garbage_is_refused():
    target = new_game()
    before = state_of(target)
    for data in (b"", b"\x00", b"\xff" * 64, bytes(range(40)), b"\x01" + b"\xff" * 30):
        assert snapshot_reader.restore(target, data) != snapshot.OK
        assert state_of(target) == before
