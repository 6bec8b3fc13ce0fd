"""Host solver (tools/solver): exact optimal values, the byte table and its quantisation cost.

The solved tables are cached in build/solver-cache/ (git-ignored, keyed by a fingerprint of
rules.py and the solver sources), so a run computes each variant at most once.
"""

import functools
import random

import pytest

np = pytest.importorskip("numpy")

from tools.solver import cache, device_ref, policy
from tools.solver import table as T
from tools.solver.dice import dice
from yahtzee_core import rules
from yahtzee_core.host_helpers import box_index


@functools.lru_cache(maxsize=None)
def solved(key):
    return cache.load_or_solve(key)


@functools.lru_cache(maxsize=None)
def table_bytes(key):
    vt = solved(key)
    return T.build_table(vt.m, vt.V)


# -- published values -------------------------------------------------------------------------


@pytest.mark.parametrize("key, expected", [("yahtzee_free", "254.5896"), ("yahtzee_forced", "254.5877"),
                                           ("yatzy", "248.4400")])
def test_empty_card_expected_score(key, expected):
    assert "%.4f" % solved(key).expected_score() == expected


def test_seed_article_values_free_choice():
    vt = solved("yahtzee_free")
    rs = vt.m.rs
    assert "%.2f" % (50 + vt.value(1 << rs.yahtzee_box, 0, 1)) == "320.84"
    assert "%.2f" % (30 + vt.value(1 << rs.upper_box_for_face[6], 30, 0)) == "279.48"
    rolls = vt.roll_values(0, 0, 0)
    assert "%.2f" % rolls[(1, 1, 2, 3, 6)] == "249.83"
    assert min(rolls, key=rolls.get) == (1, 1, 2, 3, 6)  # the worst opening roll
    d = dice()
    mean = sum(d.prob[d.roll_index(r)] * v for r, v in rolls.items())
    assert abs(mean - vt.expected_score()) < 1e-6


def test_state_count_and_value_properties():
    vt = solved("yahtzee_free")
    m = vt.m
    assert sum(len(m.layer(p)[0]) for p in range(m.n + 1)) == 536448
    # Within one box set and bit, values rise with the upper total (below the threshold) by at
    # most the bonus; at the threshold the bonus is already in the score, so the value is lower.
    for mask in (0b0000000111000, 0b1010101010101, 0b0100000000111):
        ur = m.reach[mask & m.rs.upper_mask]
        for y in m.y_values(mask):
            v = vt.V[m.flat(mask, y, ur[ur < m.cap])]
            assert np.all(np.diff(v) >= -1e-4)
            assert v[-1] - v[0] <= m.upper_bonus + 1e-4
            if ur[-1] == m.cap:
                assert vt.value(mask, m.cap, y) + m.upper_bonus >= v.max() - 1e-4


# -- an independent brute-force turn on late-game states ---------------------------------------


def _rerolls(n):
    """All outcomes of rolling n dice as (sorted tuple, probability)."""
    out = {}

    def rec(k, acc):
        if k == n:
            t = tuple(sorted(acc))
            out[t] = out.get(t, 0) + 1
            return
        for f in range(1, 7):
            rec(k + 1, acc + [f])

    rec(0, [])
    tot = 6.0 ** n
    return [(t, c / tot) for t, c in out.items()]


def _sub_multisets(roll):
    res = set()
    for bits in range(32):
        res.add(tuple(sorted(roll[i] for i in range(5) if (bits >> i) & 1)))
    return res


def _options(vt, mask, u, y, roll):
    """(points, next state) of every legal way to score ``roll``: written from the rules text."""
    m = vt.m
    rs = m.rs
    counts = bytearray(7)
    for f in roll:
        counts[f] += 1
    total = sum(roll)
    yz = counts[roll[0]] == 5
    joker = yz and rs.yahtzee_box >= 0 and rs.joker != rules.JOKER_NONE and (mask >> rs.yahtzee_box) & 1
    open_ = [b for b in range(rs.n_boxes) if not (mask >> b) & 1]
    upper_box = rs.upper_box_for_face[roll[0]]
    if joker and rs.joker == rules.JOKER_FORCED:
        lower_open = [b for b in open_ if not rs.is_upper(b)]
        if upper_box in open_:
            open_ = [upper_box]
        elif lower_open:
            open_ = lower_open
    out = []
    for b in open_:
        if joker and (rs.joker == rules.JOKER_FORCED or upper_box not in open_):
            pts = rs.joker_score(b, counts, total)
        else:
            pts = rs.score_counts(b, counts, total)
        nu, ny = u, y
        if rs.is_upper(b):
            nu = min(u + pts, rs.upper_threshold)
            if u < rs.upper_threshold <= u + pts:
                pts += rs.upper_bonus
        if b == rs.yahtzee_box and pts == 50 and rs.yahtzee_bonus:
            ny = 1
        if joker and y:
            pts += rs.yahtzee_bonus
        out.append((pts, (mask | (1 << b), nu, ny)))
    return out


def _brute_value(vt, mask, u, y):
    memo = {}

    def F(roll):
        return max(p + vt.value(*s) for p, s in _options(vt, mask, u, y, roll))

    def best(roll, left):
        key = (roll, left)
        if key not in memo:
            if left == 0:
                memo[key] = F(roll)
            else:
                memo[key] = max(keep_value(k, left - 1) for k in _sub_multisets(roll))
        return memo[key]

    def keep_value(keep, left):
        key = (keep, "k", left)
        if key not in memo:
            memo[key] = sum(p * best(tuple(sorted(keep + t)), left) for t, p in _rerolls(5 - len(keep)))
        return memo[key]

    return keep_value((), 2)


@pytest.mark.parametrize("key", ["yahtzee_free", "yahtzee_forced", "yatzy"])
def test_solver_matches_brute_force_on_late_states(key):
    vt = solved(key)
    m = vt.m
    rng = random.Random(7)
    states = []
    for p in (m.n - 1, m.n - 2):
        mk, u, y = m.layer(p)
        picks = rng.sample(range(len(mk)), 5)
        # plus states where a Yahtzee is a Joker with the bonus armed
        if m.ybox >= 0 and m.yahtzee_bonus:
            armed = [i for i in range(len(mk)) if y[i] == 1]
            picks += rng.sample(armed, 3)
        states += [(int(mk[i]), int(u[i]), int(y[i])) for i in picks]
    for mask, u, y in states:
        assert abs(_brute_value(vt, mask, u, y) - vt.value(mask, u, y)) < 2e-4, (mask, u, y)


# -- the policy evaluator ---------------------------------------------------------------------


@pytest.mark.parametrize("key", ["yahtzee_free", "yahtzee_forced"])
def test_evaluator_reproduces_optimum_with_exact_values(key):
    vt = solved(key)
    m = vt.m
    Wt = policy.PolicyEvaluator(m, vt.V, mode="float", min_layer=9).run()
    mk, u, y = m.layer(9)
    idx = m.flat(mk, y, u)
    assert np.max(np.abs(Wt[idx] - vt.V[idx])) < 2e-4


def device_policy_values(key, min_layer=0):
    vt = solved(key)
    Q = T.dequantised(vt.m, table_bytes(key))
    # cached like the solved tables: recomputed only when rules or solver sources change
    return cache.load_or_compute("policy-device-%s-%d" % (key, min_layer),
                                 ("solve.py", "dice.py", "table.py", "policy.py"),
                                 lambda: policy.PolicyEvaluator(vt.m, Q, mode="device", min_layer=min_layer).run())


def test_quantisation_cost_is_small_and_nonnegative():
    vt = solved("yahtzee_free")
    Wt = device_policy_values("yahtzee_free")
    m = vt.m
    mk, u, y = m.layer(6)
    idx = m.flat(mk, y, u)
    assert np.all(Wt[idx] <= vt.V[idx] + 2e-4)  # no policy beats the optimum
    cost = vt.expected_score() - float(Wt[m.flat(0, 0, 0)])
    assert 0.0 < cost < 0.005


# -- the byte table ---------------------------------------------------------------------------


@pytest.mark.parametrize("key", ["yahtzee_free", "yatzy"])
def test_table_layout_and_reader(key):
    vt = solved(key)
    m = vt.m
    blob = table_bytes(key)
    h = T.Header(blob)
    n_states = sum(len(m.layer(p)[0]) for p in range(m.n + 1))
    assert h.data_len == n_states  # exactly one byte per reachable state
    assert len(blob) == h.size
    assert T.check_crc(blob)
    assert h.units == T.UNITS and h.n_boxes == m.n and h.cap == m.cap
    assert T.matches_rules(blob, m.rs)
    other = rules.get("yatzy") if key.startswith("yahtzee") else rules.get("yahtzee", joker=rules.JOKER_FREE)
    assert not T.matches_rules(blob, other)
    if key == "yahtzee_free":
        assert not T.matches_rules(blob, rules.get("yahtzee", joker=rules.JOKER_FORCED))
    Q = T.dequantised(m, blob)
    mk, y, u, blk, off, bi = T.state_arrays(m)
    idx = m.flat(mk, y, u)
    step = np.frombuffer(blob, dtype=np.uint8)[h.o_step : h.o_data].astype(np.int64)[bi]
    err = np.abs(Q[idx] - vt.V[idx] * T.UNITS)
    assert np.all(err <= step / 2.0 + 0.51)
    assert abs(Q[idx] / T.UNITS - vt.V[idx]).max() < (0.08 if key.startswith("yahtzee") else 0.11)
    rng = random.Random(3)
    for i in rng.sample(range(len(mk)), 2000):
        assert T.read_value(blob, int(mk[i]), int(u[i]), int(y[i])) == Q[idx[i]]
    assert abs(T.read_value(blob, 0, 0, 0) / T.UNITS - vt.expected_score()) < 0.08
    # a total above the threshold reads as the threshold
    full_upper = m.rs.upper_mask
    assert T.read_value(blob, full_upper, 99, 0) == T.read_value(blob, full_upper, m.cap, 0)


def test_table_rejects_bad_input():
    blob = table_bytes("yahtzee_free")
    bad = bytearray(blob)
    bad[len(bad) // 2] ^= 0x40
    assert not T.check_crc(bytes(bad))
    with pytest.raises(ValueError):
        T.Header(b"XXXX" + blob[4:])
    with pytest.raises(ValueError):
        T.Header(blob[: len(blob) - 1])
    with pytest.raises(ValueError):
        T.read_value(blob, 0, 5, 0)  # no upper box filled: total must be 0
    with pytest.raises(ValueError):
        T.read_value(blob, 0, 0, 1)  # Yahtzee box open: it cannot hold 50


@pytest.mark.parametrize("key, min_layer", [("yahtzee_free", 0), ("yahtzee_forced", 10), ("yatzy", 13)])
def test_evaluator_matches_pure_python_device_procedure(key, min_layer):
    """The vectorised evaluator and the integer reference procedure agree on the device policy."""
    vt = solved(key)
    m = vt.m
    blob = table_bytes(key)
    Wt = device_policy_values(key, min_layer)
    rng = random.Random(11)
    states = [(0, 0, 0)] if min_layer == 0 else []
    for p in sorted({min_layer, min_layer + 1, m.n - 1, max(min_layer, m.n - 3)}):
        mk, u, y = m.layer(p)
        picks = rng.sample(range(len(mk)), min(2, len(mk)))
        armed = [i for i in range(len(mk)) if y[i]]
        if armed:
            picks += rng.sample(armed, 1)
        states += [(int(mk[i]), int(u[i]), int(y[i])) for i in picks]
    for mask, u, y in states:
        ref = device_ref.policy_turn_value(blob, m.rs, mask, u, y, lambda a, b, c: float(Wt[m.flat(a, c, b)]))
        assert abs(ref - Wt[m.flat(mask, y, u)]) < 1e-9, (mask, u, y)


def test_device_reference_decisions():
    vt = solved("yahtzee_free")
    rs = vt.m.rs
    turn = device_ref.DeviceTurn(table_bytes("yahtzee_free"), rs, 0, 0, 0)
    F, X3, R2, X2 = turn.plan()
    assert len(X3) == 462 and len(F) == 252
    assert max(X3.values()) < 2 ** 30 and max(X2.values()) < 2 ** 30  # CircuitPython small ints
    # an opening Yahtzee goes in the Yahtzee box
    assert turn.best_box((6, 6, 6, 6, 6))[0] == rs.yahtzee_box
    # four sixes and a one: reroll the one
    assert turn.best_keep((1, 6, 6, 6, 6), X2) == (6, 6, 6, 6)
    # a large straight at the start is scored at once (keep all five)
    assert turn.best_keep((1, 2, 3, 4, 5), X2) == (1, 2, 3, 4, 5)
    assert turn.best_box((2, 3, 4, 5, 6))[0] == box_index(rs, "large_straight")
    # the table-driven roll-1 values track the exact ones within the table's accuracy
    exact = vt.roll_values(0, 0, 0)
    for r in ((1, 1, 2, 3, 6), (6, 6, 6, 6, 6), (1, 2, 3, 4, 5)):
        approx = X2[turn.best_keep(r, X2)] / 7776.0 / T.UNITS
        assert abs(approx - exact[r]) < 0.1
