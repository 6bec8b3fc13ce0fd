"""Best holds and boxes for one turn, from a table of between-turn values: integers only.

    planner = TurnPlanner(rules.get("yahtzee"))        # start-up: 7 KB with the lattice
    values = TableValues(source, rs)                    # + 0.9 KB; source.read(offset, buf) -> n
    planner.plan(values, mask, upper, yahtzee50)        # once per turn: <10k basic operations
    s = planner.best_hold(game.dice, 1)                 # after roll 1: bit i = keep die i
    b = planner.box_values(game.dice)                   # every open box's value; the best box

This is the device decision procedure of docs/strategy_table.md, step by step (and
``tools/solver/device_ref.py`` is its host reference): ``D_b = 128 * points_b + Q(next_b)`` for
every legal box (Joker rules as in the engine); keep numbers ``X3(T) = 6**k * sum of F over the
completions of T``; ``R2 = max X3 // 7776`` over the sub-multisets of each roll; ``X2`` likewise
from ``R2``. Values are in 1/128 point; keep numbers are 7776 x that, always below 2**30.

A value source (``values``) answers ``begin(mask, yahtzee50)`` then ``at(upper)``: the table
value of that next state. ``TableValues`` reads the few bytes a turn needs from a strategy table
through ``source.read(offset, buf)`` (a file on a board: ``hw/tables.py``; a table in memory:
``yahtzee_core/table_bytes.py``, tests and tools only). ``yahtzee_core/players.py`` has a formula source for the
medium player.

No file I/O, no floats. After construction, ``plan``, ``best_hold``, ``box_values`` and the
value sources allocate nothing (checked under ``micropython.heap_lock()``).
"""

from .compat import array, const
from . import rules as _rules

UNITS = const(128)  # table values are in 1/128 point
SCALE = const(7776)  # keep numbers: 7776 x value in units
NEG = const(-0x20000000)  # "not allowed" (below every real value)
N_KEEPS = const(462)  # multisets of 0..5 dice
N_ROLLS = const(252)  # multisets of 5 dice
FIRST_ROLL = const(210)  # keep index of the first 5-dice multiset
ALL_FIVE = const(31)  # hold mask that keeps every die
_LEVEL_START = (0, 1, 7, 28, 84, 210, 462)
_SIX_POW = (1, 6, 36, 216, 1296, 7776)

HEADER_SIZE = const(32)

# Table files by rule set: docs/strategy_table.md, tools/strategy/solve.py --write-tables.
TABLE_NAMES = {(0, _rules.JOKER_FREE): "yahtzee_free", (0, _rules.JOKER_FORCED): "yahtzee_forced",
               (1, _rules.JOKER_NONE): "yatzy"}


def table_name(rs):
    """File name (without .bin) of the table for rule set ``rs``; None if there is none."""
    return TABLE_NAMES.get((rs.variant_id, rs.joker))


# -- the multiset lattice (shared by every planner) ---------------------------------------------


class Lattice:
    """The 462 multisets of 0..5 dice, numbered level by level (0 dice first), and the index
    arrays the planner needs (3.3 KB): ``sortkey``, ``up``, ``yroll``, ``lowbit``, ``bits``.
    Made once by :func:`lattice`, which fills them with ``yahtzee_core/lattice_build.py``."""

    def dice_of(self, k, out):
        """The sorted dice of multiset ``k`` into ``out``; returns how many (tests, tools)."""
        n = 0
        while k >= _LEVEL_START[n + 1]:
            n += 1
        key = self.sortkey[k]
        for i in range(4, -1, -1):
            if i < n:
                out[i] = key % 7
            key //= 7
        return n

    def index_of(self, dice):
        """Multiset index of a sequence of dice (any order)."""
        k = 0
        lv = 0
        for d in dice:
            lv += 1
            k = _LEVEL_START[lv] + self.up[k * 6 + d - 1]
        return k

    def roll_counts(self, r, counts):
        """The face counts of roll ``r`` (0..251) into ``counts[1..6]``; returns the dice total."""
        for f in range(1, 7):
            counts[f] = 0
        key = self.sortkey[FIRST_ROLL + r]
        total = 0
        for _ in range(5):
            f = key % 7
            key //= 7
            counts[f] += 1
            total += f
        return total


def _zeros(code, n):
    """array(code) of n zeros, made at its size (a range has a length: no temporary list or
    bytes, and no growth by appends, which moved it ~n/8 times, each move a hole in the heap)."""
    a = array(code, range(n))
    for i in range(n):
        a[i] = 0
    return a


_lattice = None


def lattice():
    global _lattice
    if _lattice is None:
        from . import lattice_build  # start-up code: unloaded once the arrays are made

        _lattice = lattice_build.fill(Lattice())
        _rules._unload("yahtzee_core.lattice_build")
    return _lattice


# -- the table reader ---------------------------------------------------------------------------


class TableValues:
    """Between-turn values read from a strategy table (docs/strategy_table.md) on demand.

    Keeps the header's ``ustart`` (128 B) and, per lower-box set, one row of ``base``/``step``
    (192 B) and, per upper-box set, one row of ``urank`` (64 B); every other byte is read when a
    turn needs it: one read of the rows per new block, one read of the ``urank`` row per new
    upper-box set and one read of the state bytes per (box set, Yahtzee bit).
    ``reads`` and ``bytes_read`` count the source reads."""

    size: int  # set with the rest by ``table_open.fill`` (declared for the type check only)
    intact: bool

    def __init__(self, source, rs, check_body=False):
        """``check_body``: also check the body's CRC-32 (``intact``; a file source's ``size``
        must be the header's, else ``intact`` stays True and the caller sees the wrong size)."""
        from . import table_open  # start-up code: unloaded once the header is read

        table_open.fill(self, source, rs, check_body)
        _rules._unload("yahtzee_core.table_open")

    def begin(self, mask, y):
        """Prepare ``at(upper)`` for the states (mask, *, y)."""
        U = mask & (self.n_u - 1)
        low = mask >> self.n_upper
        if self.yflag and y:
            yl = self.ybox - self.n_upper
            block = (1 << self.n_lower) + ((low & ((1 << yl) - 1)) | ((low >> (yl + 1)) << yl))
        else:
            block = low
        src = self.source
        if block != self.row_block:
            src.read(self.o_base + 2 * block * self.n_u, self.base_row)
            src.read(self.o_step + block * self.n_u, self.step_row)
            self.row_block = block
            self.reads += 2
            self.bytes_read += 3 * self.n_u
        if U != self.rank_u:
            src.read(self.o_urank + U * self.W, self.urank)
            self.rank_u = U
            self.reads += 1
            self.bytes_read += self.W
        self.cur_base = self.base_row[2 * U] | (self.base_row[2 * U + 1] << 8)
        self.cur_step = self.step_row[U]
        self.bytes_read += src.read(self.o_data + block * self.block + self.ustart[U], self.run)
        self.reads += 1

    def at(self, upper):
        """Value (units) of the state (mask, upper, y) given to ``begin``."""
        rank = self.urank[upper]
        if rank >= self.W:  # 0xFF: not reachable from a real game; more: a damaged table
            return self.cur_base
        return self.cur_base + self.cur_step * self.run[rank]

    def value(self, mask, upper, y):
        """One state's value (units); 0 for the full card (tests, tools)."""
        if mask == self.rs.all_mask:
            return 0
        self.begin(mask, y)
        return self.at(upper if upper < self.cap else self.cap)


# -- the turn planner ---------------------------------------------------------------------------


class TurnPlanner:
    """Every hold's and box's value for one turn of one rule set; see the module docstring.

    After ``plan()``: ``x2`` the keep numbers before roll 2 of every multiset, ``x3`` those
    before roll 3 of the 210 keeps of 0-4 dice (all five kept then is the roll's best box,
    worked out from the dice: an array of 462 less);
    ``best_hold(dice, stage)`` fills ``hold[s]`` for the 32 hold masks and returns the best;
    ``box_values(dice)`` fills ``box[b]`` (units, NEG when not allowed) and returns the best
    box. ``ops`` counts the basic operations of the last plan, ``plans`` the plans made."""

    def __init__(self, rs=None):
        self.lat = lattice()
        m = _rules.MAX_BOXES
        self.jscore = bytearray(m * 7)  # jscore[b*7 + f]: box b's score for five f's as a Joker
        self.face = bytearray(m)  # face of an upper box, 0 for a lower box
        self.boxq = _zeros("i", m * 6)  # per box: D by face count (upper) / next values
        # keep numbers; while planning, x2 holds x3's (its roll part (FIRST_ROLL..) each
        # roll's best box value F) and then, in place, the roll-2 maxima: no arrays of their own
        self.x2 = _zeros("i", N_KEEPS)
        self.x3 = _zeros("i", FIRST_ROLL)
        self.open = bytearray(m)  # the open boxes of the planned state
        self.n_open = 0
        self.sub = _zeros("H", 32)  # multiset index of each hold mask
        self.hold = _zeros("i", 32)  # keep number of each hold mask (after best_hold)
        self.box = _zeros("i", m)  # D of each box in units (after box_values)
        self._counts = bytearray(7)
        self.rs = None
        self.n = 0
        self.ybox = -1
        self.cap = 0
        self.values = None
        self.mask = -1
        self.upper = 0
        self.y = 0
        self.joker_on = False
        self.ops = 0
        self.plans = 0
        if rs is not None:
            self.use_rules(rs)

    def use_rules(self, rs):
        """Switch to rule set ``rs`` (recomputes the Joker scores; allocates nothing)."""
        if rs is self.rs:
            return
        n = rs.n_boxes
        counts = self._counts
        for f in range(1, 7):
            for g in range(7):
                counts[g] = 5 if g == f else 0
            for b in range(n):
                self.jscore[b * 7 + f] = rs.joker_score(b, counts, 5 * f)
        for b in range(n):
            self.face[b] = 0
        for f in range(1, 7):
            b = rs.upper_box_for_face[f]
            if b != 0xFF:
                self.face[b] = f
        self.rs = rs
        self.n = n
        self.ybox = rs.yahtzee_box
        self.cap = rs.upper_threshold
        self.values = None  # forget the last plan
        self.mask = -1

    # -- the state of the turn --------------------------------------------------------------
    def plan_game(self, values, game, seat):
        """``plan`` for a seat of an engine Game; nothing to do when already planned."""
        self.use_rules(game.rules)
        rs = self.rs
        mask = game.filled[seat]
        u = game.upper_subtotal(seat)
        if u > self.cap:
            u = self.cap
        yb = self.ybox
        y = 1 if (yb >= 0 and rs.yahtzee_bonus and (mask >> yb) & 1 and game.box_score(seat, yb) > 0) else 0
        return self.plan(values, mask, u, y)

    def plan(self, values, mask, upper, y):
        """Work out the turn from state (mask, upper, y): box values per face count, x3, x2."""
        if upper > self.cap:
            upper = self.cap
        if values is self.values and mask == self.mask and upper == self.upper and y == self.y:
            return False
        self.values = values
        self.mask = mask
        self.upper = upper
        self.y = y
        self.plans += 1
        rs = self.rs
        yb = self.ybox
        self.joker_on = (rs.joker != _rules.JOKER_NONE and yb >= 0 and (mask >> yb) & 1 == 1)
        self._next_values()
        self._fill_f()
        x = self.x2
        self._keep_pass(x)
        x3 = self.x3
        for k in range(FIRST_ROLL):
            x3[k] = x[k]
        self._lattice_max()
        self._keep_pass(x)
        return True

    def _next_values(self):
        rs = self.rs
        values = self.values
        mask = self.mask
        u = self.upper
        y = self.y
        cap = self.cap
        full = rs.all_mask
        yb = self.ybox
        q = self.boxq
        ops = 0
        for b in range(self.n):
            if (mask >> b) & 1:
                continue
            nm = mask | (1 << b)
            f = self.face[b]
            o = b * 6
            if f:
                if nm != full:
                    values.begin(nm, y)
                for c in range(6):
                    pts = f * c
                    nu = u + pts
                    if u < cap <= nu:
                        pts += rs.upper_bonus
                    if nu > cap:
                        nu = cap
                    q[o + c] = UNITS * pts + (values.at(nu) if nm != full else 0)
                ops += 6
            elif b == yb:
                if nm == full:
                    q[o] = 0
                    q[o + 1] = 0
                else:
                    values.begin(nm, 0)
                    q[o] = values.at(u)
                    if rs.yahtzee_bonus:
                        values.begin(nm, 1)
                    q[o + 1] = values.at(u)
                ops += 2
            else:
                if nm == full:
                    q[o] = 0
                else:
                    values.begin(nm, y)
                    q[o] = values.at(u)
                ops += 1
        self.ops = ops

    def _fill_f(self):
        """F[r] = best D over the legal boxes for every roll r, into ``x2[FIRST_ROLL + r]``.
        Scores come from the rules per roll (no table of them: 4 KB less)."""
        rs = self.rs
        F = self.x2
        q = self.boxq
        face = self.face
        counts = self._counts
        keys = self.lat.sortkey
        mask = self.mask
        yb = self.ybox
        opens = self.open
        n_open = 0
        for b in range(self.n):
            if not (mask >> b) & 1:
                opens[n_open] = b
                n_open += 1
        self.n_open = n_open
        for r in range(N_ROLLS):
            for f in range(1, 7):  # the roll's face counts and total (Lattice.roll_counts)
                counts[f] = 0
            key = keys[FIRST_ROLL + r]
            total = 0
            for _ in range(5):
                f = key % 7
                key //= 7
                counts[f] += 1
                total += f
            best = NEG
            for i in range(n_open):
                b = opens[i]
                f = face[b]
                if f:
                    d = q[b * 6 + counts[f]]
                else:
                    s = rs.score_counts(b, counts, total)
                    if b == yb:
                        d = UNITS * s + q[b * 6 + (1 if s else 0)]
                    else:
                        d = UNITS * s + q[b * 6]
                if d > best:
                    best = d
            F[FIRST_ROLL + r] = best
        ops = N_ROLLS * (n_open + 1)
        if self.joker_on:  # a Yahtzee with the Yahtzee box filled: the Joker rules
            box = self.box
            yroll = self.lat.yroll
            for f in range(1, 7):
                r = yroll[f]
                b = self._roll_boxes(r, box)
                F[FIRST_ROLL + r] = box[b] if b >= 0 else NEG
                ops += self.n
        self.ops += ops

    def _keep_pass(self, X):
        """X[k] = 6**size(k) * (sum of F over the 6**(5-size) ways to complete k), F being in
        X's roll part: level by level from the rolls down, X[k] = sum of X[k + f] // 6 (exact:
        each is a multiple of 6; each term below 2**30, so no big ints on a board)."""
        up = self.lat.up
        for k in range(FIRST_ROLL, N_KEEPS):
            X[k] *= SCALE
        for lv in range(4, -1, -1):
            nxt = _LEVEL_START[lv + 1]
            for k in range(_LEVEL_START[lv], nxt):
                o = k * 6
                X[k] = (X[nxt + up[o]] // 6 + X[nxt + up[o + 1]] // 6 + X[nxt + up[o + 2]] // 6
                        + X[nxt + up[o + 3]] // 6 + X[nxt + up[o + 4]] // 6 + X[nxt + up[o + 5]] // 6)
        self.ops += FIRST_ROLL * 6 + N_ROLLS + N_KEEPS

    def _lattice_max(self):
        """x2[FIRST_ROLL + r] = (best keep number among the sub-multisets of roll r) // 7776:
        the roll-2 results, F of ``_keep_pass(x2)``; in place over x2's keep numbers before
        roll 3 (each level's maxima are taken into the next)."""
        A = self.x2
        up = self.lat.up
        for lv in range(5):
            nxt = _LEVEL_START[lv + 1]
            for k in range(_LEVEL_START[lv], nxt):
                a = A[k]
                o = k * 6
                for f in range(6):
                    j = nxt + up[o + f]
                    if a > A[j]:
                        A[j] = a
        for k in range(FIRST_ROLL, N_KEEPS):
            A[k] //= SCALE
        self.ops += FIRST_ROLL + FIRST_ROLL * 6 + N_ROLLS

    # -- decisions at a roll -----------------------------------------------------------------
    def _roll_boxes(self, r, out):
        """D of every box for roll r (NEG where not allowed); returns the best box."""
        rs = self.rs
        lat = self.lat
        mask = self.mask
        q = self.boxq
        n = self.n
        yb = self.ybox
        counts = self._counts
        total = lat.roll_counts(r, counts)
        f = 0  # the face of five of a kind, else 0
        for g in range(1, 7):
            if counts[g] == 5:
                f = g
        allowed = rs.all_mask & ~mask
        joker = self.joker_on and f != 0
        joker_scores = False
        if joker:
            ub = rs.upper_box_for_face[f]
            up_open = ub != 0xFF and not (mask >> ub) & 1
            if rs.joker == _rules.JOKER_FORCED:
                joker_scores = True
                if up_open:
                    allowed = 1 << ub
                elif allowed & rs.lower_mask:
                    allowed &= rs.lower_mask
                else:
                    allowed &= rs.upper_mask
            else:
                joker_scores = not up_open
        bonus = UNITS * rs.yahtzee_bonus if joker and self.y else 0
        best = -1
        best_d = NEG
        for b in range(n):
            if not (allowed >> b) & 1:
                out[b] = NEG
                continue
            fb = self.face[b]
            if fb:
                d = q[b * 6 + counts[fb]]
            elif b == yb:
                s = rs.score_counts(b, counts, total)
                d = UNITS * s + q[b * 6 + (1 if s else 0)]
            else:
                s = self.jscore[b * 7 + f] if joker_scores else rs.score_counts(b, counts, total)
                d = UNITS * s + q[b * 6]
            d += bonus
            out[b] = d
            if d > best_d:
                best_d = d
                best = b
        return best

    def roll_index(self, dice):
        """Index 0..251 of five dice (any order)."""
        return self.lat.index_of(dice) - FIRST_ROLL

    def box_values(self, dice):
        """``box[b]`` = D_b (units: points + bonuses + table value after) for every box of the
        current dice, NEG where not allowed; returns the best box (lowest index on ties)."""
        return self._roll_boxes(self.roll_index(dice), self.box)

    def best_hold(self, dice, stage, held=0):
        """Before roll ``stage + 1`` (stage 1 or 2): ``hold[s]`` = keep number of every hold
        mask s (bit i keeps die i); returns the best mask. Ties: the rerolled dice, sorted,
        smallest as a tuple (keeping all five first); among masks keeping the same dice, the
        one closest to ``held``."""
        lat = self.lat
        up = lat.up
        lowbit = lat.lowbit
        bits = lat.bits
        start = _LEVEL_START
        sub = self.sub
        X = self.x2 if stage == 1 else self.x3
        hold = self.hold
        sub[0] = 0
        for s in range(1, 32):
            sub[s] = start[bits[s]] + up[sub[s & (s - 1)] * 6 + dice[lowbit[s]] - 1]
        best = ALL_FIVE
        if stage == 1:
            best_x = X[sub[ALL_FIVE]]
        else:  # the five kept before roll 3: the roll's best box (``box`` is its box values then)
            b = self._roll_boxes(sub[ALL_FIVE] - FIRST_ROLL, self.box)
            best_x = SCALE * self.box[b] if b >= 0 else NEG
        all_five = best_x
        best_key = 0
        for s in range(32):
            x = X[sub[s]] if s != ALL_FIVE else all_five
            hold[s] = x
            if x < best_x:
                continue
            key = lat.sortkey[sub[ALL_FIVE ^ s]]
            if x > best_x or key < best_key:
                best = s
                best_x = x
                best_key = key
        # the same dice kept by other masks (equal dice): the one closest to what is held
        k = sub[best]
        best_dist = bits[best ^ held]
        for s in range(32):
            if sub[s] == k:
                d = bits[s ^ held]
                if d < best_dist:
                    best = s
                    best_dist = d
        return best

    def best_value(self):
        """After ``best_hold``: the best keep number (7776 x units)."""
        best = NEG
        hold = self.hold
        for s in range(32):
            if hold[s] > best:
                best = hold[s]
        return best
