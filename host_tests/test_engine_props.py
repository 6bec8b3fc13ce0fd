"""Hypothesis properties of the engine, checked against an independent reference of the rules."""

from collections import Counter

from hypothesis import example, given, settings, strategies as st

from yahtzee_core import engine as E
from yahtzee_core import host_helpers
from yahtzee_core import rules, snapshot, snapshot_reader
from yahtzee_core.seeded_dice import SeededDice

CONFIGS = (("yahtzee", "forced"), ("yahtzee", "free"), ("yatzy", None), ("yacht", None))


# -- reference rules, written from the notes without the engine's tables ----------------------

def _runs(dice):
    faces = set(dice)
    best = run = 0
    for f in range(1, 7):
        run = run + 1 if f in faces else 0
        best = max(best, run)
    return best


def ref_score(name, key, dice):
    c = Counter(dice)
    counts = sorted(c.values(), reverse=True)
    total = sum(dice)
    upper = {"ones": 1, "twos": 2, "threes": 3, "fours": 4, "fives": 5, "sixes": 6}
    if key in upper:
        return upper[key] * c[upper[key]]
    if key in ("chance", "choice"):
        return total
    if key in ("yahtzee", "yatzy", "yacht"):
        return 50 if counts[0] == 5 else 0
    if name == "yahtzee":
        if key == "three_of_a_kind":
            return total if counts[0] >= 3 else 0
        if key == "four_of_a_kind":
            return total if counts[0] >= 4 else 0
        if key == "full_house":
            return 25 if counts == [3, 2] else 0
        if key == "small_straight":
            return 30 if _runs(dice) >= 4 else 0
        if key == "large_straight":
            return 40 if _runs(dice) == 5 else 0
    face_of = {f: n for f, n in c.items()}
    if key == "one_pair":
        pairs = [f for f in face_of if face_of[f] >= 2]
        return 2 * max(pairs) if pairs else 0
    if key == "two_pairs":
        pairs = [f for f in face_of if face_of[f] >= 2]
        return 2 * sum(sorted(pairs)[-2:]) if len(pairs) >= 2 else 0
    if key in ("three_of_a_kind", "four_of_a_kind"):
        n = 3 if key.startswith("three") else 4
        hits = [f for f in face_of if face_of[f] >= n]
        return n * hits[0] if hits else 0
    if key == "full_house":
        return total if counts == [3, 2] else 0
    if key in ("small_straight", "little_straight"):
        return (15 if name == "yatzy" else 30) if sorted(dice) == [1, 2, 3, 4, 5] else 0
    if key in ("large_straight", "big_straight"):
        return (20 if name == "yatzy" else 30) if sorted(dice) == [2, 3, 4, 5, 6] else 0
    raise AssertionError(key)


def ref_options(name, joker, filled_keys, yahtzee_filled, dice):
    """{key: score} of the boxes the rules allow for these dice."""
    rs = rules.get(name, joker)
    open_keys = [k for k in rs.categories if k not in filled_keys]
    normal = {k: ref_score(name, k, dice) for k in open_keys}
    if name != "yahtzee" or not yahtzee_filled or len(set(dice)) != 1:
        return normal
    face = dice[0]
    upper_key = rules.UPPER_KEYS[face - 1]
    fixed = {"full_house": 25, "small_straight": 30, "large_straight": 40}
    lower = [k for k in open_keys if k not in rules.UPPER_KEYS]
    if joker == "forced":
        if upper_key in open_keys:
            return {upper_key: 5 * face}
        if lower:
            return {k: fixed.get(k, normal[k]) for k in lower}
        return {k: 0 for k in open_keys}
    if upper_key in open_keys:
        return normal
    return {k: fixed.get(k, normal[k]) for k in open_keys}


# -- properties ---------------------------------------------------------------------------------

class LoadedDice:
    """Runs of one face (so Yahtzees, Jokers and bonuses come up often), then a new face."""

    def __init__(self, seed):
        import random

        self.r = random.Random(seed)
        self.face = 1
        self.left = 0

    def die(self):
        if self.left == 0:
            self.face = self.r.randint(1, 6)
            self.left = self.r.choice((1, 2, 5, 5, 10, 15))
        self.left -= 1
        return self.face


def _dice_source(seed):
    return LoadedDice(seed) if seed % 2 else SeededDice(seed)


ACTIONS = st.tuples(
    st.sampled_from((E.ROLL, E.ROLL, E.ROLL, E.HOLD, E.HOLD, E.CURSOR_NEXT, E.CURSOR_PREV, E.SCORE,
                     E.SCORE_BOX, E.SELECT_BOX, E.NEW_GAME, E.CANCEL, E.CONFIRM, 0, 42)),
    st.integers(min_value=-2, max_value=17),
)


def _observe(game):
    return (host_helpers.snapshot(game), bytes(game.scores), list(game.filled), bytes(game.bonus_count),
            list(game.preview), game.allowed, game.confirm_pending, game.pending_events())


def _check_preview(game, name, joker):
    rs = game.rules
    seat = game.player
    if game.rolls_used == 0 or game.over:
        return
    filled_keys = [rs.categories[b] for b in range(rs.n_boxes) if game.is_filled(seat, b)]
    yz_filled = rs.yahtzee_box >= 0 and game.is_filled(seat, rs.yahtzee_box)
    want = ref_options(name, joker, filled_keys, yz_filled, list(game.dice))
    got = {rs.categories[b]: game.preview[b] for b in range(rs.n_boxes) if game.preview[b] >= 0}
    assert got == want


def _check_card(game, name):
    rs = game.rules
    for s in range(game.seats):
        upper = sum(game.box_score(s, b) for b in range(rs.n_boxes) if rs.is_upper(b))
        lower = sum(game.box_score(s, b) for b in range(rs.n_boxes) if not rs.is_upper(b))
        bonus = rs.upper_bonus if rs.upper_bonus and upper >= rs.upper_threshold else 0
        assert game.upper_subtotal(s) == upper and game.upper_bonus(s) == bonus
        assert game.total(s) == upper + lower + bonus + 100 * game.bonus_count[s] * (name == "yahtzee")
        if game.bonus_count[s]:
            assert game.box_score(s, rs.yahtzee_box) == 50
        for b in range(rs.n_boxes):
            if not game.is_filled(s, b):
                assert game.box_score(s, b) == 0


def _finish(game, name, joker):
    while not game.over:
        if game.rolls_used == 0:
            assert game.act(E.ROLL) == E.OK
            _check_preview(game, name, joker)
        b = 0
        while game.act(E.SCORE_BOX, b) != E.OK:
            b += 1
            assert b < 16


@settings(max_examples=400)
@given(config=st.sampled_from(CONFIGS), seats=st.integers(1, 4), dup=st.booleans(), seed=st.integers(0, 10**6),
       actions=st.lists(ACTIONS, max_size=300))
@example(config=("yatzy", None), seats=1, dup=False, seed=1,  # a Yatzy roll into a filled 50 box: no bonus
         actions=[(1, 0), (5, 0), (1, 0), (1, 0), (1, 0), (5, 0)])
def test_random_action_sequences_end_in_a_consistent_finished_game(config, seats, dup, seed, actions):
    name, joker = config
    game = E.Game(rules.get(name, joker), _dice_source(seed), seats=seats, duplicate=dup)
    filled_before = None
    for action, arg in actions:
        before = _observe(game)
        seat = game.player
        filled_before = game.filled[seat]
        yahtzee_roll = game.rolls_used > 0 and len(set(game.dice)) == 1
        bonus_before = game.bonus_count[seat]
        yz = game.rules.yahtzee_box
        # a Yahtzee bonus needs a variant that has one (Yatzy's 50 box has none)
        yz50 = (game.rules.yahtzee_bonus and yz >= 0 and game.is_filled(seat, yz)
                and game.box_score(seat, yz) == 50)
        result = game.act(action, arg)
        if result not in (E.OK, E.R_CONFIRM_NEEDED):
            assert _observe(game) == before, (action, arg, result)
        if result == E.OK and action not in (E.NEW_GAME, E.CONFIRM):
            assert game.filled[seat] & filled_before == filled_before  # nothing is ever unfilled
            new = bin(game.filled[seat] & ~filled_before).count("1")
            assert new == (1 if action in (E.SCORE, E.SCORE_BOX) else new) and new <= 1
            if new and action != E.ROLL:
                assert game.bonus_count[seat] - bonus_before == (1 if (yahtzee_roll and yz50) else 0)
        _check_preview(game, name, joker)
        _check_card(game, name)
    _finish(game, name, joker)
    assert game.over
    for s in range(game.seats):
        assert game.filled[s] == game.rules.all_mask
    _check_card(game, name)
    best = max(game.total(s) for s in range(game.seats))
    assert game.winners() == sum(1 << s for s in range(game.seats) if game.total(s) == best)


@settings(max_examples=100)
@given(config=st.sampled_from(CONFIGS), seats=st.integers(1, 4), dup=st.booleans(), seed=st.integers(0, 10**6),
       actions=st.lists(ACTIONS, max_size=200))
def test_snapshot_restore_gives_an_identical_game(config, seats, dup, seed, actions):
    name, joker = config
    game = E.Game(rules.get(name, joker), SeededDice(seed), seats=seats, duplicate=dup)
    for action, arg in actions:
        game.act(action, arg)
    data = host_helpers.snapshot(game)
    copy = E.Game(rules.get("yacht"), SeededDice(0))
    assert snapshot_reader.restore(copy, data) == snapshot.OK
    game.confirm_pending = False  # transient, not part of a snapshot
    game.clear_events()
    assert _observe(copy) == _observe(game)
    # Both play on the same way.
    game.rng = SeededDice(seed + 1)
    copy.rng = SeededDice(seed + 1)
    for action, arg in actions:
        assert game.act(action, arg) == copy.act(action, arg)
        assert _observe(copy) == _observe(game)


@settings(max_examples=300)
@given(data=st.binary(max_size=64))
def test_random_bytes_never_crash_restore(data):
    game = E.Game(rules.get("yahtzee"), SeededDice(1), seats=2)
    game.act(E.ROLL)
    before = _observe(game)
    err = snapshot_reader.restore(game, data)
    if err != snapshot.OK:
        assert _observe(game) == before
    else:
        again = host_helpers.snapshot(game)
        assert snapshot_reader.restore(game, again) == snapshot.OK


@given(name=st.sampled_from(("yahtzee", "yatzy", "yacht")), dice=st.lists(st.integers(1, 6), min_size=5, max_size=5))
def test_score_matches_the_reference(name, dice):
    rs = rules.get(name)
    for key in rs.categories:
        assert host_helpers.score(rs, key, dice) == ref_score(name, key, dice)


# -- undo and challenge codes -------------------------------------------------------------------

UNDO_ACTIONS = st.tuples(
    st.sampled_from((E.ROLL, E.ROLL, E.HOLD, E.CURSOR_NEXT, E.SCORE, E.SCORE_BOX, E.SCORE_BOX,
                     E.UNDO, E.UNDO, E.SELECT_BOX)),
    st.integers(min_value=0, max_value=15),
)


def _exact(game):
    return (host_helpers.snapshot(game), bytes(game.scores), list(game.filled), bytes(game.bonus_count),
            list(game.preview), game.allowed, game.joker_active, bytes(game.dice), bytes(game.counts),
            game.total_pips, bytes(game.round_dice), host_helpers.undo_refusal(game) == E.OK)


@settings(max_examples=300)
@given(config=st.sampled_from(CONFIGS), seats=st.integers(1, 4), dup=st.booleans(), seed=st.integers(0, 10**6),
       actions=st.lists(UNDO_ACTIONS, max_size=300), computer=st.booleans())
def test_score_then_undo_is_the_game_before_and_the_reference_agrees(config, seats, dup, seed, actions, computer):
    name, joker = config
    kinds = [E.HUMAN] + [E.EASY if computer else E.HUMAN] * 3
    game = E.Game(rules.get(name, joker), _dice_source(seed), seats=seats, kinds=kinds, duplicate=dup)
    undos = 0
    for action, arg in actions:
        if game.over:
            break
        before = _exact(game)
        scorer_human = not game.is_computer()
        result = game.act(action, arg)
        if action in (E.SCORE, E.SCORE_BOX) and result == E.OK:
            allowed = host_helpers.undo_refusal(game)
            if game.over:
                assert allowed == E.R_GAME_OVER
            elif not scorer_human:
                assert allowed == E.R_UNDO_COMPUTER
            elif dup and seats > 1:
                assert allowed == E.R_UNDO_SHARED
            else:
                assert allowed == E.OK
                assert game.act(E.UNDO) == E.OK
                undos += 1
                after = _exact(game)
                assert after[:-1] == before[:-1]
                assert game.act(E.UNDO) == E.R_NOTHING_TO_UNDO
                assert game.act(action, arg) == E.OK  # the same choice again: same game
        elif action == E.UNDO and result != E.OK:
            assert _exact(game) == before
        _check_preview(game, name, joker)
        _check_card(game, name)
    _finish(game, name, joker)
    _check_card(game, name)


@settings(max_examples=200)
@given(code=st.integers(0, (1 << 30) - 1), name=st.sampled_from(("yahtzee", "yatzy", "yacht")),
       seats=st.integers(1, 4), dup=st.booleans(),
       holds_a=st.lists(st.integers(0, 31), min_size=1, max_size=100),
       holds_b=st.lists(st.integers(0, 31), min_size=1, max_size=100))
def test_same_code_same_dice_whatever_is_held(code, name, seats, dup, holds_a, holds_b):
    from yahtzee_core.rng import challenge_die, challenge_place

    def play(holds):
        game = E.Game(rules.get(name), None, seats=seats, duplicate=dup, autofill=False, challenge=code)  # no rng
        seen = {}
        k = 0
        while not game.over:
            for r in range(3):
                if r:
                    mask = holds[k % len(holds)]
                    k += 1
                    for i in range(5):
                        if ((game.held >> i) & 1) != ((mask >> i) & 1):
                            assert game.act(E.HOLD, i) == E.OK
                place_seat = 0 if dup else game.player
                rnd, held = game.round, game.held
                if game.act(E.ROLL) != E.OK:
                    break
                for i in range(5):
                    if not (held >> i) & 1:
                        seen[challenge_place(rnd, place_seat, r, i)] = game.dice[i]
                if game.rolls_used == 0:  # the last box filled itself
                    break
            if game.over:
                break
            if game.rolls_used:
                b = 0
                while game.act(E.SCORE_BOX, b) != E.OK:
                    b += 1
        return seen

    a = play(holds_a)
    b = play(holds_b)
    for place in a:
        assert a[place] == challenge_die(code, place)
        if place in b:
            assert b[place] == a[place]
    assert len(a) >= 5 * rules.get(name).n_boxes
