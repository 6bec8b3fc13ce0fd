"""Property tests of the save format and the NVM store (CPython: hypothesis, zlib, datetime).

- every record round-trips through its codec; the CRC is zlib's CRC-32;
- statistics and high scores follow a plain model of what they should hold;
- power cut after every byte of every save of full simulated games: the reloaded state is
  exactly the state before or after the save (tools/reports/nvm_fuzz.py runs more games);
- random and mutated NVM images: no exception, valid records, reported resets (the tool runs
  100,000 of them).
"""

import datetime
import random
import zlib

from hypothesis import given, settings, strategies as st

from yahtzee_core import nvm_store
from yahtzee_core import host_helpers
from hw.nvm import MemoryNVM
from tools.reports import nvm_fuzz as F
from yahtzee_core import engine as E
from yahtzee_core import records as R
from yahtzee_core import rules, save, save_layouts, slot_reader
from yahtzee_core.seeded_dice import SeededDice

LAYOUTS = st.sampled_from(save_layouts.LAYOUTS)


# -- codecs ------------------------------------------------------------------------------------


@given(st.lists(st.integers(1, 29).flatmap(lambda w: st.tuples(st.just(w), st.integers(0, (1 << w) - 1))), max_size=60))
def test_bits_round_trip(fields):
    nbits = sum(w for w, _ in fields)
    buf = bytearray((nbits + 7) // 8)
    w = R.Bits(buf)
    for width, value in fields:
        w.put(value, width)
    w.flush()
    assert not w.overrun
    r = R.Bits(buf)
    assert [r.get(width) for width, _ in fields] == [v for _, v in fields]
    assert not r.overrun


def test_every_day_matches_datetime():
    start = datetime.date(2000, 1, 1)
    for n in range(1, R.MAX_DAY + 1):
        d = start + datetime.timedelta(days=n - 1)
        assert R.day_number((d.year, d.month, d.day)) == n
        assert R.date_of(n) == (d.year, d.month, d.day)


def settings_values():
    fields = [st.integers(f[2], f[3]) for f in R.SETTINGS_FIELDS]
    return st.tuples(st.tuples(*fields), st.binary(min_size=4, max_size=4), st.binary(min_size=3, max_size=3))


@given(settings_values())
def test_settings_round_trip(values):
    fields, kinds, initials = values
    s = R.Settings()
    for f, v in zip(R.SETTINGS_FIELDS, fields):
        setattr(s, f[0], v)
    s.kinds[:] = bytes(k & 3 for k in kinds)
    s.initials[:] = bytes(c & 31 for c in initials)
    buf = bytearray(R.SETTINGS_BYTES)
    s.pack(R.Bits(buf))
    t = R.Settings()
    assert slot_reader.unpack_settings(t, R.Bits(buf))
    assert [getattr(t, f[0]) for f in R.SETTINGS_FIELDS] == list(fields)
    assert t.kinds == s.kinds and t.initials == s.initials


def games():
    """Finished-game results: (variant, score, yahtzees, bonus)."""
    def one(v):
        return st.tuples(st.just(v), st.integers(5, R.MAX_SCORE[v]), st.integers(0, F_max_yahtzees(v)),
                         st.booleans() if v != 2 else st.just(False))
    return st.integers(0, R.NUM_VARIANTS - 1).flatmap(one)


def F_max_yahtzees(v):
    return R.max_yahtzees(v)


def _packed(record):
    return F.packed(record)


@given(LAYOUTS, st.lists(games(), max_size=120))
def test_stats_follow_the_model_and_round_trip(layout, results):
    stats = R.Stats(layout)
    model = {}
    for v, score, yz, bonus in results:
        assert stats.add(v, score, yz, bonus)
        m = model.setdefault(v, [0, 0, 0, 0])
        m[0] += 1
        m[1] += score
        m[2] += yz
        m[3] += bonus
    for v in range(R.NUM_VARIANTS):
        g, total, yz, bonus = model.get(v, [0, 0, 0, 0])
        assert (stats.games[v], stats.total[v], stats.yahtzees[v], stats.bonus_games[v]) == (g, total, yz, bonus)
        if g:
            assert stats.average_x10(v) == (total * 10 * 2 + g) // (2 * g)  # rounded half up
            assert stats.bonus_percent(v) == (bonus * 100 * 2 + g) // (2 * g)
        hist = [stats.hist[v * stats.bins + i] for i in range(stats.bins)]
        exact = [0] * stats.bins
        for vv, score, _y, _b in results:
            if vv == v:
                exact[min(score // layout.hist_width, stats.bins - 1)] += 1
        if max(exact, default=0) < (1 << layout.hist_bits):
            assert hist == exact
        else:  # halved at least once: same order of bars, never more than counted
            assert all(h <= e for h, e in zip(hist, exact)) and sum(hist) <= g
    again = R.Stats(layout)
    r = R.Bits(_packed(stats))
    assert again.unpack(r)
    assert _packed(again) == _packed(stats)


def entries():
    return st.integers(0, R.NUM_VARIANTS - 1).flatmap(lambda v: st.tuples(
        st.just(v), st.integers(1, R.MAX_SCORE[v]), st.binary(min_size=3, max_size=3),
        st.integers(0, R.MAX_DAY), st.booleans()))


@given(LAYOUTS, st.lists(entries(), max_size=60))
def test_high_scores_keep_the_stable_top_n(layout, entries):
    hs = R.HighScores(layout)
    seen = {0: [], 1: [], 2: []}
    for order, (v, score, ini, day, coach) in enumerate(entries):
        ini = bytes(c & 31 for c in ini)
        rank = hs.insert(v, score, ini, day, coach)
        seen[v].append((-score, order, ini, day if layout.hs_dates else 0, int(coach)))
        top = sorted(seen[v])[: hs.size]
        want = top.index((-score, order, ini, day if layout.hs_dates else 0, int(coach))) if \
            (-score, order, ini, day if layout.hs_dates else 0, int(coach)) in top else -1
        assert rank == want
    for v in range(3):
        top = sorted(seen[v])[: hs.size]
        assert hs.count(v) == len(top)
        for i, (neg, _o, ini, day, coach) in enumerate(top):
            j = v * hs.size + i
            assert (hs.score[j], bytes(hs.initials[3 * j:3 * j + 3]), hs.day[j], hs.coach[j]) == (-neg, ini, day, coach)
    again = R.HighScores(layout)
    assert again.unpack(R.Bits(_packed(hs)))
    assert _packed(again) == _packed(hs)


@settings(max_examples=40)
@given(st.integers(0, 10 ** 6), st.sampled_from(F.CONFIGS))
def test_record_game_matches_the_card(seed, config):
    name, joker, kinds, dup = config
    g = E.Game(rules.get(name, joker), SeededDice(seed), seats=len(kinds), kinds=kinds, duplicate=dup)
    pick = random.Random(seed)
    while not g.over:
        F.play_turn(g, pick)
    stats = R.Stats(save_layouts.LARGE)
    hs = R.HighScores(save_layouts.LARGE)
    ranks = bytearray(4)
    best = R.record_game(stats, hs, g, 0b0101, R.day_number((2031, 5, 6)), b"\x01\x02\x03", ranks)
    humans = [s for s in range(g.seats) if g.seat_kind[s] == E.HUMAN]
    v = g.rules.variant_id
    assert stats.games[v] == len(humans)
    assert stats.total[v] == sum(g.total(s) for s in humans)
    assert stats.bonus_games[v] == sum(1 for s in humans if g.upper_bonus(s) > 0)
    assert stats.yahtzees[v] == sum(R.seat_yahtzees(g, s) for s in humans)
    placed = sorted(humans, key=lambda s: (-g.total(s), s))
    for rank, s in enumerate(placed):
        assert ranks[s] == rank and hs.score[v * hs.size + rank] == g.total(s)
        assert hs.coach[v * hs.size + rank] == (0b0101 >> s) & 1
        assert hs.date(v, rank) == (2031, 5, 6)
    assert best == (0 if humans else -1)
    assert all(ranks[s] == 0xFF for s in range(4) if s not in humans)


def random_records(layout, seed):
    rnd = random.Random(seed)
    rec = save.Records(layout)
    s = rec.settings
    for f in R.SETTINGS_FIELDS:
        setattr(s, f[0], rnd.randint(f[2], f[3]))
    for i in range(4):
        s.kinds[i] = rnd.randrange(4)
    for _ in range(rnd.randrange(40)):
        v = rnd.randrange(3)
        score = rnd.randint(5, R.MAX_SCORE[v])
        rec.stats.add(v, score, rnd.randint(0, R.max_yahtzees(v)), v != 2 and rnd.random() < 0.5)
        rec.scores.insert(v, score, bytes(rnd.randrange(32) for _ in range(3)), rnd.randint(0, R.MAX_DAY),
                          rnd.random() < 0.3)
    if rnd.random() < 0.8:
        name, joker, kinds, dup = rnd.choice(F.CONFIGS)
        g = E.Game(rules.get(name, joker), SeededDice(seed), seats=len(kinds), kinds=kinds, duplicate=dup)
        for _ in range(rnd.randrange(40)):
            F.play_turn(g, rnd)
            if g.over:
                break
        if not g.over:
            data = host_helpers.snapshot(g)
            rec.game[: len(data)] = data
            rec.game_len = len(data)
            rec.rng[0], rec.rng[1], rec.rng[2] = g.rng.state()
            rec.coached = rnd.randrange(1 << g.seats)
    defused = rnd.randrange(50)
    rec.defuse.set(defused + rnd.randrange(50), defused, rnd.randrange(50), rnd.randrange(200),
                   rnd.randint(1000, 600000) if defused else 0)
    return rec


@settings(max_examples=60)
@given(LAYOUTS, st.integers(0, 10 ** 9), st.integers(0, 0xFFFF))
def test_whole_slot_round_trip(layout, seed, seq):
    rec = random_records(layout, seed)
    buf = bytearray(layout.slot_bytes)
    save.seal(buf, seq, save.encode_slot(rec, buf))
    out = save.Records(layout)
    status, pick, got_seq, _t = slot_reader.load_slots(bytes(buf), b"\xff" * layout.slot_bytes, out)
    assert (status, pick, got_seq) == (0, 0, seq)
    assert F.canonical(out) == F.canonical(rec)


def bomb_results():
    """A Defuse session: (defused?, elapsed ms, strikes) per finished bomb, plus abandoned ones."""
    return st.lists(st.tuples(st.sampled_from((0, 1, 2)), st.integers(0, 7000000), st.integers(0, 5)), max_size=40)


@given(LAYOUTS, bomb_results(), st.integers(0, 5000))
def test_defuse_stats_survive_the_record(layout, bombs, extra):
    """DefuseStats -> saved record -> DefuseStats: the counts, capped at the layout's field, and
    the best time in whole seconds; the record stays consistent and round-trips bit for bit."""
    from ui.defuse_stats import DefuseStats

    stats = DefuseStats()
    for outcome, ms, strikes in bombs:
        stats.bomb_started()
        for _ in range(strikes):
            stats.strike()
        if outcome == 1:
            stats.bomb_defused(ms)
        elif outcome == 2:
            stats.bomb_exploded()
    if extra:  # a long life: past the 256-byte layout's 4,095
        b, d, e, s, best = stats.values()
        assert stats.load(b + extra, d + extra // 2, e, s + extra, best if d + extra // 2 == 0 or best else 1000)
    rec = R.Defuse(layout)
    rec.set(*stats.values())
    cap = (1 << layout.defuse_bits) - 1
    b, d, e, s, best = stats.values()
    assert rec.bombs == min(b, cap) and rec.strikes == min(s, cap)
    if b <= cap:
        assert (rec.defused, rec.exploded) == (d, e)
    assert (rec.best_s == 0) == (rec.defused == 0)
    if best and d:
        assert rec.best_s == max(1, min(best // 1000, rec.best_max()))
    again = R.Defuse(layout)
    assert again.unpack(R.Bits(_packed(rec)))
    assert _packed(again) == _packed(rec)
    back = DefuseStats()
    assert back.load(*again.values())
    assert back.values() == again.values()


# -- the store: one write per save, inside one slot -------------------------------------------------


def test_each_save_is_one_write_of_one_slot():
    for size in (256, 4096, 8192):
        nvm = F.RecordingNVM(size)
        store = F.session(nvm, 2, 3)
        lay = save_layouts.layout_for(size)
        assert nvm.writes == len(nvm.log) == store.writes and store.writes > 20
        slots = [off for _b, off, _v in nvm.log]
        assert all(len(v) == lay.slot_bytes for _b, _o, v in nvm.log)
        assert slots == [(0, size // 2)[i % 2] for i in range(len(slots))]  # strictly alternating
        for before, off, value in nvm.log:
            after = bytearray(before)
            after[off:off + len(value)] = value
            changed = [i for i in range(size) if after[i] != before[i]]
            assert changed and off <= changed[0] and changed[-1] < off + lay.slot_bytes


# -- power cuts --------------------------------------------------------------------------------------


def test_power_cut_at_every_byte_of_every_save_256():
    counts = F.new_counts()
    F.cut_games(256, 2, 0, counts)  # 1 seat Yahtzee, then 2-seat duplicate Yatzy with a computer
    print("\n256-byte NVM: %(saves)d saves, %(cuts)d cut points (before %(old)d, after %(new)d); "
          "erase model %(erase_cuts)d points, both slots lost %(erase_lost)d" % counts)
    assert counts["bad"] == 0 and counts["saves"] > 30
    assert counts["cuts"] == counts["saves"] * save_layouts.SMALL.slot_bytes == counts["old"] + counts["new"]
    assert counts["old"] > counts["new"] > 0


def test_power_cut_at_every_byte_of_every_save_4k():
    counts = F.new_counts()
    F.cut_games(4096, 1, 0, counts, erase_model=False)  # 1-seat Yahtzee
    print("\n4 KB NVM: %(saves)d saves, %(cuts)d cut points (before %(old)d, after %(new)d)" % counts)
    assert counts["bad"] == 0 and counts["saves"] > 12
    assert counts["cuts"] == counts["saves"] * save_layouts.LARGE.slot_bytes == counts["old"] + counts["new"]


def test_a_torn_first_save_on_an_erased_page():
    """nRF52840-style page erase: the slot being written reads 0xFF past the cut."""
    nvm = MemoryNVM(8192)
    store = nvm_store.NvmStore(nvm)
    store.load()
    store.settings.brightness = 2
    store.save_settings()
    old = F.canonical(store.records)
    store.settings.brightness = 7
    buf_before = bytes(nvm.data)
    assert store.save_settings() == nvm_store.SAVED
    new = F.canonical(store.records)
    off = store.offsets[store.slot]
    written = bytes(nvm.data[off:off + save_layouts.LARGE.slot_bytes])
    used = F.used_bytes(written)
    for k in range(save_layouts.LARGE.slot_bytes + 1):
        image = bytearray(buf_before)
        image[off:off + save_layouts.LARGE.slot_bytes] = written[:k] + b"\xff" * (save_layouts.LARGE.slot_bytes - k)
        s, rec, status = F.loaded(bytes(image))
        assert F.canonical(rec) == (old if k < used else new)


# -- garbage ----------------------------------------------------------------------------------------


def test_mutated_and_random_images():
    for size in (256, 4096):
        counts = {}
        F.fuzz_images(1500, size, 2, counts)
        print("\n%d-byte NVM, %d images: %s" % (size, counts["images"], sorted(counts.items())))
        assert counts["images"] == 1500
        # every path was reached: clean, fallback to the other slot, record resets, defaults, newer
        for key in ("loaded clean", "loaded the other slot", "loaded, some records reset",
                    "defaults (unreadable)", "loaded, newer slot ignored", "  reset: stats",
                    "  reset: high scores", "  reset: game", "  reset: settings", "  reset: defuse"):
            assert counts.get(key, 0) > 0, key


@settings(max_examples=300)
@given(st.sampled_from((256, 4096)), st.binary(min_size=0, max_size=64), st.integers(0, 4095), st.booleans())
def test_any_bytes_over_a_valid_image(size, patch, at, reseal):
    pool = _pool(size)
    image = bytearray(pool[at % len(pool)])
    lay = save_layouts.layout_for(size)
    at %= size
    image[at:at + len(patch)] = patch[: size - at]
    if reseal:
        off = 0 if at < size // 2 else size // 2
        slot = image[off:off + lay.slot_bytes]
        length = slot[4] | slot[5] << 8
        if save.HEADER + length + 4 <= lay.slot_bytes:
            save.seal(slot, slot[2] | slot[3] << 8, length)
            image[off:off + lay.slot_bytes] = slot
    store, rec, status = F.loaded(bytes(image))
    F.check_loaded(store, rec, status)


_POOLS = {}


def _pool(size):
    if size not in _POOLS:
        _POOLS[size] = F.image_pool(size, 9, games=2)
    return _POOLS[size]


@settings(max_examples=200)
@given(st.binary(min_size=0, max_size=9000))
def test_any_bytes_at_all(data):
    nvm = MemoryNVM(len(data))
    nvm.data[:] = data
    store = nvm_store.NvmStore(nvm)
    rec, status = store.load()
    if save_layouts.layout_for(len(data)) is None:
        assert status == save.ST_NO_STORAGE
    else:
        F.check_loaded(store, rec, status)


@given(st.binary(max_size=600), st.integers(0, 600), st.integers(0, 600))
def test_crc32_into_writes_the_slot_field(data, a, b):
    a, b = min(a, b, len(data)), min(max(a, b), len(data))
    pure = bytearray(6)
    save.crc32_into(data, a, b, pure, 1)
    assert bytes(pure[1:5]) == (zlib.crc32(data[a:b]) & 0xFFFFFFFF).to_bytes(4, "little")
