"""The device strategy engine (yahtzee_core/strategy.py) and the computer players, portable:
runs on CPython and inside the MicroPython VM.

No real table is needed here: ``SyntheticSource`` serves a table in the real file format (header,
rules fingerprint, ustart/urank from the real reachable upper totals) whose value bytes are a
fixed pseudo-random function of their offset. A plain reference of the documented procedure
(dicts and sorted tuples, written from docs/strategy_table.md) checks the planner on it. The
real tables are checked against the host solver in host_tests/test_strategy_host.py."""

from yahtzee_core import engine as E
from yahtzee_core import formula_values as FV
from yahtzee_core import players as P
from yahtzee_core.easy_player import EasyPlayer
from yahtzee_core import rules
from yahtzee_core import strategy as S
from yahtzee_core.host_helpers import x3_value
from yahtzee_core import table_open as TO
from yahtzee_core.table_bytes import BytesSource, crc32
from yahtzee_core.seeded_dice import SeededDice
from checks import heap_locked, raises

FACES = (1, 2, 3, 4, 5, 6)


# -- a synthetic table in the real format -------------------------------------------------------


def _reach(rs):
    """Reachable capped upper totals for each set U of filled upper boxes (6-bit masks)."""
    cap = rs.upper_threshold
    out = []
    for U in range(64):
        tot = {0: 1}
        for b in range(6):
            if (U >> b) & 1:
                f = rs.param_a[b]
                nxt = {}
                for t in tot:
                    for c in range(6):
                        v = t + c * f
                        nxt[v if v < cap else cap] = 1
                tot = nxt
        out.append(sorted(tot))
    return out


def _mix(i):
    """A fixed pseudo-random byte of an offset (every product below 2**30: no big ints)."""
    x = ((i & 0x3FFF) * 20021 + (i >> 14) * 7919 + 12345) & 0x3FFF
    x ^= x >> 5
    x = (x * 10007) & 0xFFFF
    return (x >> 3) & 0xFF


class SyntheticSource:
    """``read(offset, buf)`` over a table for ``rs`` with made-up values; counts reads."""

    def __init__(self, rs):
        self.rs = rs
        reach = _reach(rs)
        n_lower = rs.n_boxes - 6
        yflag = 1 if rs.yahtzee_bonus else 0
        self.n_blocks = (1 << n_lower) + ((1 << (n_lower - 1)) if yflag else 0)
        W = rs.upper_threshold + 1
        ustart = []
        pos = 0
        urank = bytearray(64 * W)
        for U in range(64):
            ustart.append(pos)
            for i in range(len(urank) // 64):
                urank[U * W + i] = 0xFF
            for r, u in enumerate(reach[U]):
                urank[U * W + u] = r
            pos += len(reach[U])
        self.block = pos
        data_len = self.n_blocks * pos
        head = bytearray(32)
        head[0:4] = TO.MAGIC
        head[4] = TO.VERSION
        head[5] = rs.variant_id
        head[6] = rs.joker
        head[7] = rs.n_boxes
        head[8] = 6
        head[9] = rs.upper_threshold
        head[10] = rs.yahtzee_box if rs.yahtzee_box >= 0 else 0xFF
        head[11] = yflag
        for off, val, n in ((12, S.UNITS, 2), (14, self.n_blocks, 2), (16, pos, 2),
                            (18, TO.rules_fingerprint(rs), 2), (20, data_len, 4)):
            for k in range(n):
                head[off + k] = (val >> (8 * k)) & 0xFF
        fixed = bytearray(head)
        for U in range(64):
            fixed.append(ustart[U] & 0xFF)
            fixed.append(ustart[U] >> 8)
        fixed.extend(urank)
        self.fixed = fixed
        self.o_base = len(fixed)
        self.o_step = self.o_base + 2 * 64 * self.n_blocks
        self.o_data = self.o_step + 64 * self.n_blocks
        self.size = self.o_data + data_len
        self.reads = 0

    def byte(self, i):
        if i < self.o_base:
            return self.fixed[i]
        if i < self.o_step:  # base (u16, units): 150..250 points; high byte first pattern
            j = (i - self.o_base) >> 1
            v = 150 * 128 + ((j * 97) % (100 * 128))
            return (v >> 8) if (i - self.o_base) & 1 else (v & 0xFF)
        if i < self.o_data:  # step 1..18
            return 1 + _mix(i) % 18
        return _mix(i)

    def read(self, offset, buf):
        self.reads += 1
        n = len(buf)
        if offset + n > self.size:
            n = self.size - offset
        for k in range(n):
            buf[k] = self.byte(offset + k)
        return n


def ref_value(src, mask, upper, y):
    """The documented index mapping and scaling, written out once more."""
    rs = src.rs
    if mask == rs.all_mask:
        return 0
    cap = rs.upper_threshold
    u = upper if upper < cap else cap
    U = mask & 63
    low = mask >> 6
    W = cap + 1
    if rs.yahtzee_bonus and y:
        yl = rs.yahtzee_box - 6
        blk = (1 << (rs.n_boxes - 6)) + ((low & ((1 << yl) - 1)) | ((low >> (yl + 1)) << yl))
    else:
        blk = low
    rank = src.byte(32 + 128 + U * W + u)
    ustart = src.byte(32 + 2 * U) | (src.byte(33 + 2 * U) << 8)
    i = blk * 64 + U
    base = src.byte(src.o_base + 2 * i) | (src.byte(src.o_base + 2 * i + 1) << 8)
    return base + src.byte(src.o_step + i) * src.byte(src.o_data + blk * src.block + ustart + rank)


# -- a plain reference of the turn procedure ---------------------------------------------------


def _keeps():
    out = [()]
    level = [()]
    for _ in range(5):
        nxt = {}
        for t in level:
            for f in FACES:
                nxt[tuple(sorted(t + (f,)))] = 1
        level = sorted(nxt)
        out += level
    return out


KEEPS = _keeps()
ROLLS = [t for t in KEEPS if len(t) == 5]
LEVEL_START = [sum(1 for t in KEEPS if len(t) < n) for n in range(7)]  # the first multiset of n dice


def ref_options(src, mask, upper, y, roll):
    """[(box, points incl. bonuses, next state)] written from the rules (Joker included)."""
    rs = src.rs
    counts = bytearray(7)
    for d in roll:
        counts[d] += 1
    total = sum(roll)
    yb = rs.yahtzee_box
    cap = rs.upper_threshold
    joker = counts[roll[0]] == 5 and yb >= 0 and rs.joker != rules.JOKER_NONE and (mask >> yb) & 1
    open_ = [b for b in range(rs.n_boxes) if not (mask >> b) & 1]
    ub = rs.upper_box_for_face[roll[0]]
    if joker and rs.joker == rules.JOKER_FORCED:
        low = [b for b in open_ if not rs.is_upper(b)]
        open_ = [ub] if ub in open_ else (low or open_)
    out = []
    for b in open_:
        if joker and (rs.joker == rules.JOKER_FORCED or ub not in open_):
            pts = rs.joker_score(b, counts, total)
        else:
            pts = rs.score_counts(b, counts, total)
        nu, ny = upper, y
        if rs.is_upper(b):
            nu = min(upper + pts, cap)
            if upper < cap <= upper + pts:
                pts += rs.upper_bonus
        if b == yb and pts and rs.yahtzee_bonus:
            ny = 1
        if joker and y:
            pts += rs.yahtzee_bonus
        out.append((b, pts, (mask | (1 << b), nu, ny)))
    return out


def ref_turn(src, mask, upper, y):
    """(F, X3, X2, best box of each roll) as dicts over sorted tuples."""
    F = {}
    box = {}
    for r in ROLLS:
        best = None
        for b, pts, nxt in ref_options(src, mask, upper, y, r):
            d = 128 * pts + ref_value(src, nxt[0], nxt[1], nxt[2])
            if best is None or d > best[1]:
                best = (b, d)
        box[r] = best[0]
        F[r] = best[1]

    def numbers(level5):
        A = {}
        for t in reversed(KEEPS):
            A[t] = level5[t] if len(t) == 5 else sum(A[tuple(sorted(t + (f,)))] for f in FACES)
        return dict((t, A[t] * 6 ** len(t)) for t in KEEPS)

    X3 = numbers(F)
    R2 = {}
    for r in ROLLS:
        R2[r] = max(X3[k] for k in _subs(r)) // 7776
    return F, X3, numbers(R2), box


def _subs(roll):
    out = {}
    for bits in range(32):
        out[tuple(roll[i] for i in range(5) if (bits >> i) & 1)] = 1
    return out


def ref_best_keep(roll, X):
    best = None
    for t in _subs(roll):
        rest = list(roll)
        for d in t:
            rest.remove(d)
        key = (-X[t], tuple(rest))
        if best is None or key < best[0]:
            best = (key, t)
    return best[1]


RULES = (("yahtzee", "forced"), ("yahtzee", "free"), ("yatzy", None))


def _states(rs):
    """A few states: the empty card, one mid-game with an armed Yahtzee bonus (Joker rolls), a
    late one, one with the upper bonus nearly made."""
    yb = rs.yahtzee_box
    ybit = 1 << yb
    out = [(0, 0, 0)]
    armed = 1 if rs.yahtzee_bonus else 0
    out.append((ybit | 0b000101 | (1 << 8), 1 + 9, armed))  # ones 1, threes 9, Yahtzee filled
    out.append((rs.all_mask & ~(1 << 5) & ~(1 << 7), 58, 0))  # sixes and one lower box open
    out.append((rs.all_mask & ~0b110000 & ~ybit & ~(1 << 6), 50, 0))
    return out


def _check_state(pl, tv, src, rs, state):
    mask, upper, y = state
    pl.plan(tv, mask, upper, y)
    F, X3, X2, box = ref_turn(src, mask, upper, y)
    out = bytearray(5)
    for k in range(S.N_KEEPS):
        n = pl.lat.dice_of(k, out)
        t = tuple(out[:n])
        assert x3_value(pl, k, t) == X3[t], (rs.name, state, t)
        assert pl.x2[k] == X2[t], (rs.name, state, t)
    for i, r in enumerate(ROLLS):
        b = pl.box_values(r)
        assert b == box[r] and pl.box[b] == F[r], (rs.name, state, r)
        if i % 5 == 0:  # best holds on a fifth of the rolls (the VM is slow)
            for stage, X in ((1, X2), (2, X3)):
                s = pl.best_hold(r, stage)
                keep = tuple(sorted([r[j] for j in range(5) if (s >> j) & 1]))
                assert keep == ref_best_keep(r, X), (rs.name, state, r, stage)


def test_planner_matches_reference_on_synthetic_tables():
    pl = S.TurnPlanner()
    for name, joker in RULES:
        rs = rules.get(name, joker)
        src = SyntheticSource(rs)
        tv = S.TableValues(src, rs)
        pl.use_rules(rs)
        for state in _states(rs):
            _check_state(pl, tv, src, rs, state)
            # every value the planner read agrees with the reference mapping
            assert tv.value(state[0], state[1], state[2]) == ref_value(src, state[0], state[1], state[2])


def test_keep_numbers_stay_small_ints():
    rs = rules.get("yahtzee", "free")
    pl = S.TurnPlanner(rs)
    src = SyntheticSource(rs)
    tv = S.TableValues(src, rs)
    pl.plan(tv, 0, 0, 0)
    top = 0
    out = bytearray(5)
    for k in range(S.N_KEEPS):
        n = pl.lat.dice_of(k, out)
        top = max(top, pl.x2[k], x3_value(pl, k, tuple(out[:n])))
    assert 0 < top < (1 << 30)


def test_lattice():
    lat = S.lattice()
    out = bytearray(5)
    seen = {}
    for k in range(S.N_KEEPS):
        n = lat.dice_of(k, out)
        t = tuple(out[:n])
        assert t == KEEPS[k]  # level by level, sorted tuples in order
        assert lat.index_of(t) == k
        seen[t] = k
        if n < 5:
            for f in FACES:
                up = lat.up[k * 6 + f - 1]  # k plus a die showing f, within the next level
                assert KEEPS[LEVEL_START[n + 1] + up] == tuple(sorted(t + (f,)))
    assert len(seen) == 462
    # the tie-break key compares like the sorted tuples
    order = sorted(range(S.N_KEEPS), key=lambda k: lat.sortkey[k])
    assert [KEEPS[k] for k in order] == sorted(KEEPS)
    assert lat.index_of((6, 1, 3, 3, 2)) == lat.index_of((1, 2, 3, 3, 6))


def test_crc_and_fingerprint():
    assert crc32(b"123456789") == 0xCBF43926
    fps = set()
    for name, joker in RULES:
        fps.add(TO.rules_fingerprint(rules.get(name, joker)))
    assert len(fps) == 3


def test_table_values_refuse_other_rules_and_bad_data():
    forced = rules.get("yahtzee", "forced")
    src = SyntheticSource(forced)
    assert raises(ValueError, S.TableValues, src, rules.get("yahtzee", "free"))
    assert raises(ValueError, S.TableValues, src, rules.get("yatzy"))
    blob = bytearray(src.o_data)
    src.read(0, blob)
    bad = bytearray(blob)
    bad[0] = 0x58
    assert raises(ValueError, S.TableValues, BytesSource(bad), forced)
    bad = bytearray(blob)
    bad[18] ^= 1  # rules fingerprint
    assert raises(ValueError, S.TableValues, BytesSource(bad), forced)
    assert raises(ValueError, S.TableValues, BytesSource(blob[:20]), forced)
    tv = S.TableValues(BytesSource(blob), forced)  # header + arrays are enough to open it
    assert tv.size == src.size and S.table_name(forced) == "yahtzee_forced"
    assert S.table_name(rules.get("yacht")) is None


def test_reads_per_turn_are_few():
    rs = rules.get("yahtzee", "forced")
    src = SyntheticSource(rs)
    tv = S.TableValues(src, rs)
    pl = S.TurnPlanner(rs)
    before = tv.reads
    pl.plan(tv, 0, 0, 0)
    reads = tv.reads - before
    # rows once for the current block + a state run per upper box; 3 per lower box, 6 for the
    # Yahtzee box; a urank row per upper box (its own upper-box set) and one for the lower boxes
    assert reads == 2 + 6 + 3 * 6 + 6 + 6 + 1, reads
    assert src.reads == reads + 3  # + header, ustart and a urank row (the last) when opened
    assert not pl.plan(tv, 0, 0, 0) and tv.reads - before == reads  # same state: nothing again


# -- allocation-free decisions --------------------------------------------------------------------


def _decide_many(pl, tv, rng, n, dice):
    """Plan n random states (re-planning each time) and decide at random rolls."""
    rs = pl.rs
    acc = 0
    for _ in range(n):
        mask = 0
        for b in range(rs.n_boxes):
            if rng.die() <= 3:
                mask |= 1 << b
        if mask == rs.all_mask:
            mask = 0
        # an upper total every filled set can reach: 3 of each face, capped
        upper = 0
        for b in range(6):
            if (mask >> b) & 1:
                upper += 3 * (b + 1)
        pl.plan(tv, mask, upper, 0)
        for _ in range(4):
            for i in range(5):
                dice[i] = rng.die()
            acc += pl.best_hold(dice, 1, 0) + pl.best_hold(dice, 2, 3)
            acc += pl.box_values(dice)
    return acc & 0xFF


def test_decisions_allocate_nothing():
    dice = bytearray(5)
    for name, joker in RULES:
        rs = rules.get(name, joker)
        tv = S.TableValues(SyntheticSource(rs), rs)
        pl = S.TurnPlanner(rs)
        _decide_many(pl, tv, SeededDice(4), 1, dice)  # warm up
        heap_locked(_decide_many, pl, tv, SeededDice(5), 6, dice)
    fv = FV.FormulaValues(rs=rules.get("yahtzee"))
    pl = S.TurnPlanner(rules.get("yahtzee"))
    heap_locked(_decide_many, pl, fv, SeededDice(6), 6, dice)


# -- the players ----------------------------------------------------------------------------------


class _OneTable:
    def __init__(self, rs):
        self.rs = rs
        self.values = S.TableValues(SyntheticSource(rs), rs)
        self.asked = 0

    def values_for(self, rs):
        self.asked += 1
        return self.values if rs is self.rs else None


def _play(game, player, games):
    """Whole games, every move through the engine; returns refusals (0)."""
    refused = 0
    for _ in range(games):
        if game.over:
            game.act(E.NEW_GAME)
        while not game.over:
            move = player.choose(game)
            if game.act(move[0], move[1]) != E.OK:
                refused += 1
                break
            while game.pending_events():
                game.next_event()
    return refused


def _players(rs):
    pl = S.TurnPlanner()
    fv = FV.FormulaValues()
    return (EasyPlayer(), P.PlanPlayer(pl, fv), P.HardPlayer(pl, _OneTable(rs), fv))


def test_every_level_plays_whole_games_allocation_free():
    for name, joker in RULES:
        rs = rules.get(name, joker)
        for kind, player in zip((E.EASY, E.MEDIUM, E.HARD), _players(rs)):
            game = E.Game(rs, SeededDice(kind), seats=2, kinds=(kind, kind))
            assert _play(game, player, 1) == 0  # warm up (first plans, first Joker)
            assert heap_locked(_play, game, player, 1) == 0
            assert game.over and game.total(0) > 0


def test_medium_formula_values():
    rs = rules.get("yahtzee")
    fv = FV.FormulaValues(rs=rs)
    assert fv.value(rs.all_mask, 63, 1) == 0  # nothing left to score
    empty = fv.value(0, 0, 0)
    assert 180 * 128 < empty < 280 * 128  # about a game's worth
    # ahead of par is worth more than behind it; once reached the bonus is in the points already
    assert fv.value(0b000011, 9, 0) > fv.value(0b000011, 3, 0)
    assert fv.value(0b011111, 63, 0) < fv.value(0b011111, 62, 0)
    assert fv.value(1 << rs.yahtzee_box, 0, 1) > fv.value(1 << rs.yahtzee_box, 0, 0)  # armed bonus


def test_hard_without_table_plays_medium_and_says_so_once():
    rs = rules.get("yatzy")
    said = []
    pl = S.TurnPlanner()
    hard = P.HardPlayer(pl, _OneTable(rules.get("yahtzee")), notice=said.append)  # as the app makes it
    assert hard.formula is None  # medium's formula is made when there is no table
    medium = P.PlanPlayer(S.TurnPlanner(), FV.FormulaValues())
    g1 = E.Game(rs, SeededDice(9), kinds=(E.HARD,))
    g2 = E.Game(rs, SeededDice(9), kinds=(E.MEDIUM,))
    while not g1.over:
        m1 = hard.choose(g1)
        m2 = medium.choose(g2)
        assert m1 == m2  # the very same moves
        g1.act(m1[0], m1[1])
        g2.act(m2[0], m2[1])
    assert g1.total(0) == g2.total(0)
    assert len(said) == 1 and len(said[0]) <= 20
    assert hard.formula is not None


def test_hard_moves_follow_the_plan():
    """Each hard move: roll, hold towards the planner's best hold, or select/score its best box."""
    rs = rules.get("yahtzee", "forced")
    tables = _OneTable(rs)
    pl = S.TurnPlanner(rs)
    hard = P.HardPlayer(pl, tables, FV.FormulaValues())
    check = S.TurnPlanner(rs)
    game = E.Game(rs, SeededDice(21), kinds=(E.HARD,))
    scored = 0
    while not game.over:
        move = hard.choose(game)
        if game.rolls_used:
            check.plan_game(tables.values, game, 0)
            if move[0] == E.HOLD or move[0] == E.ROLL:
                stage = game.rolls_used
                want = check.best_hold(game.dice, stage, game.held)
                if stage == 1 and want == S.ALL_FIVE:
                    want = check.best_hold(game.dice, 2, game.held)
                assert want != S.ALL_FIVE and ((want ^ game.held) != 0) == (move[0] == E.HOLD)
            else:
                assert move[1] == check.box_values(game.dice) or move[0] == E.SCORE
                if move[0] == E.SCORE:
                    assert game.cursor == check.box_values(game.dice)
                    scored += 1
        game.act(move[0], move[1])
    assert scored == rs.n_boxes - 1 or scored == rs.n_boxes  # the last box may fill itself
