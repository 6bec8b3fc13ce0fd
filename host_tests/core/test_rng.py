"""yahtzee_core.rng and .seeded_dice: seeded and scripted die sources, below() and chance().

Portable: runs under pytest and in the MicroPython VM (tools/mpy_runner/run.mjs)."""

from checks import has_heap_lock, heap_locked, is_micropython, mem_alloc_delta, raises
from yahtzee_core.rng import below, chance
from yahtzee_core.seeded_dice import SeededDice
from yahtzee_core.host_helpers import ScriptedDice

# 99.99 % quantiles of the chi-square distribution, rounded up, by degrees of freedom. All samples
# below use fixed seeds, so the statistics are deterministic; the bounds are loose enough for any
# decent generator and far too tight for a broken one (see test_uniformity_check_rejects_bias).
_CHI2_LIMIT = {1: 16, 4: 24, 5: 27, 23: 58, 33: 73, 35: 76}

# First 24 dice of two seeds, recorded on CPython. The same values in the MicroPython VM prove the
# generator is portable (saved games and replays rely on it).
_GOLDEN = {
    1: [1, 6, 3, 6, 2, 1, 1, 3, 4, 2, 4, 3, 3, 4, 2, 3, 4, 1, 5, 3, 5, 4, 3, 1],
    2024: [3, 2, 2, 2, 2, 3, 1, 6, 4, 3, 5, 1, 1, 5, 6, 2, 1, 1, 3, 6, 5, 4, 6, 1],
}


def _rolls(rng, n):
    return [rng.die() for _ in range(n)]


def _chi2_ok(counts, expected):
    """True when the chi-square statistic of ``counts`` (each expected ``expected`` times, an int)
    stays below the 99.99 % bound. Integer arithmetic only."""
    dof = len(counts) - 1
    total = 0
    for c in counts:
        d = c - expected
        total += d * d
    return total < _CHI2_LIMIT[dof] * expected


def _face_counts(rng, n):
    counts = [0] * 6
    for _ in range(n):
        v = rng.die()
        counts[v - 1] += 1
    return counts


def _sum_dice(rng, n):
    s = 0
    for _ in range(n):
        s += rng.die()
    return s


def _sum_below(rng, n, times):
    s = 0
    for _ in range(times):
        s += below(rng, n)
    return s


class _BiasedDice:
    """A broken generator: 0..6 mapped onto faces, so a 1 comes up twice as often."""

    def __init__(self, seed):
        self.src = SeededDice(seed)

    def die(self):
        x = below(self.src, 7)
        return x % 6 + 1


class _CyclingDice:
    """A broken generator: perfectly uniform counts, no randomness at all."""

    def __init__(self):
        self.v = 0

    def die(self):
        self.v = self.v % 6 + 1
        return self.v


def _pair_counts(rng, pairs):
    counts = [0] * 36
    for _ in range(pairs):
        a = rng.die()
        b = rng.die()
        counts[(a - 1) * 6 + b - 1] += 1
    return counts


# ---- SeededDice


def test_seeded_same_seed_same_sequence():
    for seed in (0, 1, 7, 2024, 123456789):
        assert _rolls(SeededDice(seed), 300) == _rolls(SeededDice(seed), 300)


def test_seeded_matches_golden_sequence_on_every_vm():
    for seed in _GOLDEN:
        assert _rolls(SeededDice(seed), 24) == _GOLDEN[seed]


def test_seeded_different_seeds_differ():
    seqs = [_rolls(SeededDice(seed), 50) for seed in (1, 2, 3, 1000, 99999)]
    for i in range(len(seqs)):
        for j in range(i + 1, len(seqs)):
            assert seqs[i] != seqs[j]


def test_seeded_reseed_and_state_restore():
    rng = SeededDice(42)
    first = _rolls(rng, 40)
    rng.seed(42)
    assert _rolls(rng, 40) == first
    saved = rng.state()
    after = _rolls(rng, 40)
    rng.set_state(saved)
    assert _rolls(rng, 40) == after


def test_seeded_values_are_dice():
    for seed in (1, 5, 77777):
        rng = SeededDice(seed)
        for _ in range(6000):
            v = rng.die()
            assert 1 <= v <= 6
            assert type(v) is int


def test_seeded_faces_roughly_uniform():
    for seed in (1, 2024, 31337):
        counts = _face_counts(SeededDice(seed), 6000)
        assert sum(counts) == 6000
        assert _chi2_ok(counts, 1000), counts


def test_seeded_consecutive_pairs_roughly_uniform():
    counts = _pair_counts(SeededDice(99), 36 * 200)
    assert _chi2_ok(counts, 200), counts


def test_uniformity_check_rejects_bias():
    # The statistic above must be able to fail: a generator with one face at double weight, and
    # a generator that only cycles 1..6 (flat counts, but every pair is (k, k+1)).
    assert not _chi2_ok(_face_counts(_BiasedDice(1), 6000), 1000)
    assert _chi2_ok(_face_counts(_CyclingDice(), 6000), 1000)
    assert not _chi2_ok(_pair_counts(_CyclingDice(), 36 * 200), 200)


# ---- below() and chance()


def test_below_range_and_uniformity():
    rng = SeededDice(2718)
    for n in (2, 5, 24, 34):
        counts = [0] * n
        samples = 300 * n
        for _ in range(samples):
            x = below(rng, n)
            assert 0 <= x < n, (n, x)
            counts[x] += 1
        assert _chi2_ok(counts, 300), (n, counts)


def test_below_trivial_range_uses_no_dice():
    empty = ScriptedDice([])
    assert below(empty, 1) == 0
    assert below(empty, 0) == 0
    assert empty.pos == 0


def test_below_rejection_is_exact():
    # n=5: one die, 6 is rejected
    rng = ScriptedDice([6, 6, 3])
    assert below(rng, 5) == 2
    assert rng.pos == 3
    # n=24: two dice (36 outcomes), outcomes 24..35 rejected; value = (a-1)*6 + (b-1)
    rng = ScriptedDice([5, 1, 4, 6])
    assert below(rng, 24) == 23
    assert rng.pos == 4
    rng = ScriptedDice([1, 1])
    assert below(rng, 24) == 0
    # n=34: 36 outcomes, limit 34; 6,5 -> 34 rejected; 6,4 -> 33
    rng = ScriptedDice([6, 5, 6, 4])
    assert below(rng, 34) == 33


def test_chance_edges_and_rate():
    rng = SeededDice(5)
    for _ in range(200):
        assert not chance(rng, 0, 7)
        assert chance(rng, 7, 7)
    hits = 0
    for _ in range(3000):
        if chance(rng, 1, 3):
            hits += 1
    # expected 1000, sd about 26: +-150 is over 5 sd
    assert 850 < hits < 1150, hits


# ---- ScriptedDice


def test_scripted_returns_values_in_order():
    rng = ScriptedDice([3, 1, 4, 1, 5])
    assert _rolls(rng, 5) == [3, 1, 4, 1, 5]


def test_scripted_exhaustion_raises_index_error():
    rng = ScriptedDice([2, 6])
    rng.die()
    rng.die()
    assert raises(IndexError, rng.die)
    assert raises(IndexError, rng.die)  # stays exhausted, does not wrap
    rng.extend([4])
    assert rng.die() == 4
    assert raises(IndexError, rng.die)


def test_scripted_copies_its_script():
    script = [1, 2]
    rng = ScriptedDice(script)
    script.append(3)
    rng.die()
    rng.die()
    assert raises(IndexError, rng.die)


# ---- allocation (strict only under MicroPython: heap_lock turns any allocation into MemoryError)


def test_seeded_die_does_not_allocate():
    rng = SeededDice(7)
    total = heap_locked(_sum_dice, rng, 1000)
    assert 1000 <= total <= 6000
    delta = mem_alloc_delta(_sum_dice, rng, 1000)
    if is_micropython():
        assert delta == 0, delta
    else:
        assert delta is None


def test_below_and_scripted_die_do_not_allocate():
    rng = SeededDice(8)
    total = heap_locked(_sum_below, rng, 34, 500)
    assert 0 <= total <= 33 * 500
    scripted = ScriptedDice([1, 2, 3, 4, 5, 6] * 10)
    assert heap_locked(_sum_dice, scripted, 60) == 21 * 10


def test_alloc_check_detects_allocation():
    # heap_locked must fail for code that allocates, or the two tests above prove nothing.
    def allocates():
        return [0] * 13

    if has_heap_lock():
        assert raises(MemoryError, heap_locked, allocates)
        # the lock is released again afterwards
        assert len(allocates()) == 13
    else:
        assert heap_locked(allocates) == [0] * 13
    if is_micropython():
        assert mem_alloc_delta(allocates) > 0
    else:
        assert mem_alloc_delta(allocates) is None
