"""Defuse mode, CPython only: hypothesis properties against an independent reference of the rules,
Module invariants, and edgework generator frequencies over 100,000 seeded bombs."""

import importlib.util
import math
import os
from collections import Counter
from fractions import Fraction
from math import comb, factorial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from yahtzee_core import defuse
from yahtzee_core.seeded_dice import SeededDice
from yahtzee_core.host_helpers import ScriptedDice

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PORTS = defuse.PORT_NAMES

# ---------------------------------------------------------------- strategies

dice_st = st.lists(st.integers(1, 6), min_size=5, max_size=5)
mask_st = st.integers(0, 31)


@st.composite
def edgework_st(draw):
    alnum = defuse.SERIAL_ALNUM
    serial = (
        draw(st.sampled_from(alnum))
        + draw(st.sampled_from(alnum))
        + draw(st.sampled_from(defuse.SERIAL_DIGITS))
        + draw(st.sampled_from(defuse.SERIAL_LETTERS))
        + draw(st.sampled_from(defuse.SERIAL_LETTERS))
        + draw(st.sampled_from(defuse.SERIAL_DIGITS))
    )
    holders = draw(st.integers(0, 5))
    batteries = draw(st.integers(holders, 2 * holders))
    plates = draw(
        st.lists(st.lists(st.sampled_from(PORTS), unique=True, max_size=4), max_size=5)
    )
    return defuse.Edgework(
        serial, batteries, holders, draw(st.integers(0, 5)), draw(st.integers(0, 5)), plates
    )


# ---------------------------------------------------------------- an independent reference


def _digits(serial):
    return {int(c) for c in serial if c.isdigit()}


def _straight(values):
    s = set(values)
    return any({a, a + 1, a + 2, a + 3} <= s for a in (1, 2, 3))


def _ref_required(e, dice):
    """R at the 5-dice stage written straight from the notes (0 = roll all again)."""
    s = set(dice)
    c = Counter(dice)
    counts = sorted(c.values(), reverse=True)
    if s in ({1, 2, 3, 4, 5}, {2, 3, 4, 5, 6}):
        shown = [d for d in _digits(e.serial) if d in s]
        return max(shown) if shown else dice[0]
    if _straight(dice):
        rest = list(dice)
        for run in ((1, 2, 3, 4), (2, 3, 4, 5), (3, 4, 5, 6)):
            if set(run) <= s:
                for v in run:
                    rest.remove(v)
                return rest[0]
    if counts[0] == 3:
        if e.lit >= 2:
            return dice[3]
        if e.unlit >= 2:
            return dice[4]
        return max(v for v in s if c[v] != 3)
    if counts[0] == 4 or counts[:2] == [2, 2]:
        if e.batteries in s:
            return e.batteries
        if e.holders in s:
            return e.holders
        return dice[1]
    if counts[0] == 2:
        present = {p for plate in e.plates for p in plate}
        for port, colour in (("Parallel", 0), ("PS/2", 2), ("Stereo RCA", 3), ("RJ-45", 4)):
            if port in present:
                return dice[colour]
        return dice[1]
    return 0


def _ref_legal(e, dice, stage, was, kept, strict=False):
    keep = [i for i in range(5) if kept >> i & 1]
    prev = [i for i in range(5) if was >> i & 1]
    rest = [i for i in range(5) if i not in keep]
    values = {dice[i] for i in keep}
    if len(values) > 1 or len(keep) > 4:
        return False
    n = len(keep)
    kv = values.pop() if values else None
    digits = _digits(e.serial)
    if stage == 5:
        r = _ref_required(e, dice)
        return n == 0 if r == 0 else (n > 0 and kv == r)
    if stage == 4:
        if _straight(dice):
            if n == 0:
                return not strict
            return all(dice[i] != kv for i in prev)
        if n == 0:
            return True
        if n == 1 and keep == [4]:
            return False
        if n == 2 and 2 in keep:
            return False
        if n in (3, 4) and n == len(e.plates):
            return False
        if n == 3 and any(dice[i] in digits for i in rest):
            return False
        if n == 4 and not dice[rest[0]] > kv:
            return False
        return True
    if stage == 3:
        c = Counter(dice)
        if sorted(c.values()) == [2, 3]:
            if n == 0:
                return not strict
            all_ports = [p for plate in e.plates for p in plate]
            dup = len(all_ports) != len(set(all_ports))
            triple = [i for i in range(5) if c[dice[i]] == 3]
            pair = [i for i in range(5) if c[dice[i]] == 2]
            return keep == (triple if dup else pair)
        if n <= 2 or kv in digits:
            return True
        if n == 3:
            return 0 in prev or 3 in prev
        return dice[rest[0]] < kv
    if stage == 2:
        if n <= 3:
            return True
        return 1 in prev or 2 in prev or abs(dice[rest[0]] - kv) == 1
    return True


def _popcount(x):
    return bin(x).count("1")


# ---------------------------------------------------------------- legality properties


@settings(max_examples=2000, deadline=None)
@given(edgework_st(), dice_st, st.integers(1, 5), mask_st, mask_st, st.booleans())
def test_legality_matches_reference(e, dice, stage, was, kept, strict):
    got = defuse.keep_is_legal(e, dice, stage, was, kept, strict=strict)
    assert got == _ref_legal(e, dice, stage, was, kept, strict)
    code = defuse.explain(e, dice, stage, was, kept, strict=strict)
    assert (code == defuse.OK) == got
    if stage == 5:
        assert defuse.required_value(e, dice) == _ref_required(e, dice)


@settings(max_examples=1000, deadline=None)
@given(edgework_st(), dice_st, st.integers(1, 4), st.data())
def test_realistic_previous_keeps_match_reference(e, dice, stage, data):
    # was_kept as the module produces it: 5 - stage dice, all of one value
    first = data.draw(st.integers(0, 4))
    chosen = data.draw(st.permutations(range(5)))
    was = 1 << first
    for i in chosen:
        if _popcount(was) < 5 - stage:
            was |= 1 << i
            dice[i] = dice[first]
    assert _popcount(was) == 5 - stage
    for kept in range(32):
        assert defuse.keep_is_legal(e, dice, stage, was, kept) == _ref_legal(e, dice, stage, was, kept)
        assert defuse.keep_is_legal(e, dice, stage, was, kept, strict=True) == _ref_legal(
            e, dice, stage, was, kept, True
        )


@settings(max_examples=1000, deadline=None)
@given(
    edgework_st(),
    st.lists(st.integers(-(10**12), 10**12), min_size=5, max_size=5),
    st.integers(-(10**12), 10**12),
    st.integers(-(10**12), 10**12),
    st.integers(-(10**12), 10**12),
    st.booleans(),
)
def test_legality_never_raises(e, dice, stage, was, kept, strict):
    code = defuse.explain(e, dice, stage, was, kept, strict=strict)
    assert 0 <= code < len(defuse.REASONS)
    assert isinstance(defuse.keep_is_legal(e, dice, stage, was, kept, strict=strict), bool)
    defuse.required_value(e, dice)
    defuse.pattern(dice)


@settings(max_examples=500, deadline=None)
@given(edgework_st(), dice_st)
def test_five_dice_legal_keeps_are_exactly_the_required_value(e, dice):
    r = defuse.required_value(e, dice)
    for kept in range(32):
        vals = {dice[i] for i in range(5) if kept >> i & 1}
        expect = (kept == 0) if r == 0 else (vals == {r} and _popcount(kept) <= 4)
        assert defuse.keep_is_legal(e, dice, 5, 0, kept) == expect
    if r:
        assert r in dice


# ---------------------------------------------------------------- module invariants

action_st = st.one_of(
    st.tuples(st.just("toggle"), st.integers(0, 4)),
    st.tuples(st.just("roll"), dice_st),
    st.tuples(st.just("tick"), st.integers(0, 3000)),
)


@settings(max_examples=800, deadline=None)
@given(
    edgework_st(),
    dice_st,
    st.lists(action_st, max_size=40),
    st.integers(0, 4),
    st.sampled_from([0, 5, 60]),
    st.booleans(),
)
def test_module_invariants(e, first, actions, limit, time_s, strict):
    mod = defuse.Module(e, strike_limit=limit, time_limit_s=time_s, strict=strict)
    for kind, arg in [("toggle", 0), ("roll", first)] + actions:
        before = (bytes(mod.dice), mod.kept, mod.stage, mod.was_kept, mod.strikes, mod.rolls)
        over = mod.solved or mod.exploded
        if kind == "toggle":
            res = mod.toggle(arg)
            if over:
                assert res == defuse.TOGGLE_OVER
            elif mod.stage == 0:
                assert res == defuse.TOGGLE_NOT_ROLLED
            assert mod.kept & ~31 == 0 and _popcount(mod.kept) <= 4
            if res == defuse.TOGGLE_FULL:
                assert _popcount(before[1]) == 4
            if res not in (defuse.TOGGLE_KEPT, defuse.TOGGLE_RELEASED):
                assert mod.kept == before[1]
            assert bytes(mod.dice) == before[0] and mod.stage == before[2]
        elif kind == "roll":
            rng = ScriptedDice(arg)
            if mod.stage:
                expect_legal = _ref_legal(e, list(mod.dice), mod.stage, mod.was_kept, mod.kept, strict)
            else:
                expect_legal = True
            ev = mod.roll(rng)
            if over:
                assert ev == defuse.EV_NONE and rng.pos == 0
                assert (bytes(mod.dice), mod.kept, mod.stage, mod.was_kept, mod.strikes) == before[:5]
            elif not expect_legal:
                assert ev in (defuse.EV_STRIKE, defuse.EV_EXPLODED)
                assert rng.pos == 0
                assert (bytes(mod.dice), mod.kept, mod.stage, mod.was_kept) == before[:4]
                assert mod.strikes == before[4] + 1 and mod.rolls == before[5]
                assert mod.exploded == (limit > 0 and mod.strikes >= limit)
                assert (ev == defuse.EV_EXPLODED) == mod.exploded
                assert mod.last_reason != defuse.OK
            else:
                assert ev in (defuse.EV_ROLLED, defuse.EV_SOLVED)
                kept = mod.kept
                assert kept == before[1]
                rolled = [i for i in range(5) if not kept >> i & 1]
                assert rng.pos == len(rolled) == mod.stage
                for i in range(5):
                    if kept >> i & 1:
                        assert mod.dice[i] == before[0][i]
                for j, i in enumerate(rolled):
                    assert mod.dice[i] == arg[j]
                assert mod.was_kept == kept and mod.rolls == before[5] + 1
                assert mod.strikes == before[4]
                five_equal = len(set(mod.dice)) == 1
                assert mod.solved == five_equal
                assert (ev == defuse.EV_SOLVED) == five_equal
        else:
            ev = mod.tick(arg)
            if time_s and not over:
                assert mod.exploded == (mod.time_left_ms == 0)
            if over:
                assert ev == defuse.EV_NONE
        assert not (mod.solved and mod.exploded)


# ---------------------------------------------------------------- generator frequencies

N_BOMBS = 100000
Z_MAX = 4.5  # standard errors


@pytest.fixture(scope="module")
def bombs():
    rng = SeededDice(20240601)
    return [defuse.generate_edgework(rng) for _ in range(N_BOMBS)]


def _within(count, trials, p):
    p = float(p)
    se = math.sqrt(p * (1 - p) / trials)
    z = (count / trials - p) / se
    assert abs(z) < Z_MAX, (count, trials, p, z)


def _binom(n, k, p):
    return comb(n, k) * p**k * (1 - p) ** (n - k)


# Closed forms of the model (independent of tools/reports/defuse_frequencies.py's dynamic programming).
P_PORT = 1 - Fraction(11, 12) ** 5  # a widget carries a given port with 1/3 * 1/2 * 1/2


def _p_duplicates():
    # a plates of the 2-port kind, b of the 4-port kind; a port on k plates of its kind is on
    # Binomial(k, 1/2) of them; no duplicate of it: (1 + k) / 2**k
    none = Fraction(0)
    for a in range(6):
        for b in range(6 - a):
            c = 5 - a - b
            ways = Fraction(factorial(5), factorial(a) * factorial(b) * factorial(c))
            pr = ways * Fraction(1, 6) ** (a + b) * Fraction(2, 3) ** c
            none += pr * Fraction(1 + a, 2**a) ** 2 * Fraction(1 + b, 2**b) ** 4
    return 1 - none


def _p_batteries(k):
    # h holders ~ Binomial(5, 1/3); batteries = h + (number of AA holders ~ Binomial(h, 1/2))
    total = Fraction(0)
    for h in range(6):
        if h <= k <= 2 * h:
            total += _binom(5, h, Fraction(1, 3)) * _binom(h, k - h, Fraction(1, 2))
    return total


def test_model_closed_forms():
    assert abs(float(P_PORT) - 0.3528) < 0.0001  # "about 35%"
    assert abs(float(_p_duplicates()) - 0.2350) < 0.0001  # "about 23.5%"
    assert sum(_p_batteries(k) for k in range(11)) == 1


def test_frequency_tool_model_matches_closed_forms():
    spec = importlib.util.spec_from_file_location(
        "defuse_frequencies", os.path.join(ROOT, "tools", "reports", "defuse_frequencies.py")
    )
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    model = tool.model()
    for name in PORTS:
        assert model["port " + name] == P_PORT
    assert model["duplicate ports"] == _p_duplicates()
    for k in range(11):
        assert model["batteries=%d" % k] == _p_batteries(k)
    got = tool.measure(2000, seed=5)
    assert got["serial pattern violated"] == (0, 2000)


def test_port_presence_frequencies(bombs):
    for port in range(len(PORTS)):
        count = sum(1 for e in bombs if e.ports >> port & 1)
        _within(count, N_BOMBS, P_PORT)


def test_duplicate_ports_frequency(bombs):
    count = sum(1 for e in bombs if e.duplicate_ports)
    _within(count, N_BOMBS, _p_duplicates())
    # the derived flag agrees with the plates themselves
    for e in bombs[:5000]:
        all_ports = [p for plate in e.plates for p in plate]
        assert e.duplicate_ports == (len(all_ports) != len(set(all_ports)))


def test_lit_indicator_share(bombs):
    lit = sum(e.lit for e in bombs)
    total = sum(e.lit + e.unlit for e in bombs)
    assert abs(total / N_BOMBS - 5 / 3) < 0.02  # 5 widgets * 1/3
    _within(lit, total, Fraction(3, 5))
    for e in bombs[:5000]:
        labels = [label for label, _ in e.indicators]
        assert len(labels) == len(set(labels))
        assert sum(1 for _, on in e.indicators if on) == e.lit


def test_battery_and_widget_distributions(bombs):
    batteries = Counter(e.batteries for e in bombs)
    for k in range(11):
        p = _p_batteries(k)
        if p * N_BOMBS >= 5:
            _within(batteries[k], N_BOMBS, p)
    assert max(batteries) <= 10
    for attr in ("holders", "plate_count"):
        dist = Counter(getattr(e, attr) for e in bombs)
        for k in range(6):
            _within(dist[k], N_BOMBS, _binom(5, k, Fraction(1, 3)))
    for e in bombs:
        assert e.holders + len(e.indicators) + e.plate_count == 5
        assert e.holders <= e.batteries <= 2 * e.holders


def test_serial_pattern_and_letters(bombs):
    letters = Counter()
    first_digit = 0
    for e in bombs:
        s = e.serial
        assert len(s) == 6
        assert s[0] in defuse.SERIAL_ALNUM and s[1] in defuse.SERIAL_ALNUM
        assert s[2].isdigit() and s[5].isdigit()
        assert s[3] in defuse.SERIAL_LETTERS and s[4] in defuse.SERIAL_LETTERS
        assert "O" not in s and "Y" not in s
        letters.update(s[3:5])
        first_digit += s[0].isdigit() + s[1].isdigit()
    assert len(defuse.SERIAL_LETTERS) == 24 and len(set(defuse.SERIAL_LETTERS)) == 24
    for ch in defuse.SERIAL_LETTERS:
        _within(letters[ch], 2 * N_BOMBS, Fraction(1, 24))
    _within(first_digit, 2 * N_BOMBS, Fraction(10, 34))
