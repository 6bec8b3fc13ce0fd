"""Exact optimal solitaire values for the Yahtzee family, solved from ``yahtzee_core.rules`` data.

State between turns: (filled-box mask, upper total capped at the bonus threshold, "the Yahtzee
box holds 50" bit). ``V[state]`` = expected points still to come with optimal play (the
score so far excluded), so the expected final score of the empty card is ``value(0, 0, 0)``.

Method (see docs/strategy_table.md): values are stored only at turn starts. Layers of equal
popcount are solved from the full card down; inside a layer every reachable (mask, upper, y)
is a column of a float32 matrix and the whole turn is computed for a chunk of columns at once:

* F[roll, col]: best "score now" value (immediate points + bonuses + value of the next state),
  relative to a per-column reference so float32 keeps ~1e-5 absolute accuracy;
* keep values by averaging one extra die over the 6 faces, level by level (5 -> 0 dice);
* best keep per multiset by a max over "one die fewer" (the sub-multiset lattice), on slices;
* done twice (rolls 3 and 2), then the first roll is a probability-weighted sum.

Chunks of a layer are independent and run on a small thread pool (numpy releases the GIL).
"""

import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor
import threading

import numpy as np

from yahtzee_core import host_helpers, rules

from .dice import dice

NEG = -1.0e9


def popcount(x):
    return bin(x).count("1")


class Model:
    """Everything the solver needs from a rule set, as arrays over the 252 rolls."""

    def __init__(self, rs):
        self.rs = rs
        d = dice()
        self.d = d
        n = rs.n_boxes
        self.n = n
        self.cap = rs.upper_threshold
        self.W = self.cap + 1  # upper totals 0..cap
        self.upper_bonus = rs.upper_bonus
        self.yahtzee_bonus = rs.yahtzee_bonus
        self.ybox = rs.yahtzee_box
        self.joker = rs.joker if self.ybox >= 0 else rules.JOKER_NONE
        self.upper_face = [0] * n  # face of an upper box, 0 for lower boxes
        for f in range(1, 7):
            b = rs.upper_box_for_face[f]
            if b != 0xFF:
                self.upper_face[b] = f
        self.scores = np.zeros((n, d.n_rolls), dtype=np.int64)
        for r in range(d.n_rolls):
            c = d.counts7(r)
            tot = int(d.roll_sum[r])
            for b in range(n):
                self.scores[b, r] = rs.score_counts(b, c, tot)
        self.scores32 = self.scores.astype(np.float32)
        self.nz_rows = [np.nonzero(self.scores[b])[0] for b in range(n)]
        # Scores of the Yahtzee roll of face f in box b: normal and as a Joker.
        self.y_normal = np.zeros((n, 7), dtype=np.int64)
        self.y_joker = np.zeros((n, 7), dtype=np.int64)
        for f in range(1, 7):
            c = bytearray(7)
            c[f] = 5
            for b in range(n):
                self.y_normal[b, f] = rs.score_counts(b, c, 5 * f)
                self.y_joker[b, f] = rs.joker_score(b, c, 5 * f)
        # "Score now" as a gather from a stacked table G (rows x columns): row 0 is the best
        # zero-score option (the per-column reference, so 0), then for each box one row per
        # nonzero score it can take (upper: face count 1..5). Each roll lists the rows it can
        # reach; rolls are permuted so that list lengths are non-increasing (slices, no scatter).
        self.g_rows = {}  # (box, key) -> G row; key = face count (upper) or score (lower)
        k = 1
        self.g_lower = {}
        for b in range(n):
            if self.upper_face[b]:
                for c in range(1, 6):
                    self.g_rows[(b, c)] = k
                    k += 1
            else:
                vals = sorted(set(int(v) for v in self.scores[b] if v))
                self.g_lower[b] = (k, np.array(vals, dtype=np.float64))
                for v in vals:
                    self.g_rows[(b, v)] = k
                    k += 1
        self.g_size = k
        entries = []
        for r in range(d.n_rolls):
            e = []
            for b in range(n):
                if self.upper_face[b]:
                    c = int(d.face_count[r, self.upper_face[b] - 1])
                    if c:
                        e.append(self.g_rows[(b, c)])
                elif self.scores[b, r]:
                    e.append(self.g_rows[(b, int(self.scores[b, r]))])
            entries.append(e)
        perm = sorted(range(d.n_rolls), key=lambda r: -len(entries[r]))
        self.f_inv = np.argsort(np.array(perm)).astype(np.intp)
        maxlen = max(len(e) for e in entries)
        self.f_idx = []
        for j in range(maxlen):
            col = [entries[r][j] for r in perm if len(entries[r]) > j]
            self.f_idx.append(np.array(col, dtype=np.intp))
        self.count_scores = [None] + [np.arange(6, dtype=np.int64)[:, None] * f for f in range(1, 7)]
        # Reachable capped upper totals for each set of filled upper boxes.
        self.reach = {}
        umask = rs.upper_mask
        sub = umask
        while True:
            tot = {0}
            for b in range(n):
                if (sub >> b) & 1:
                    f = self.upper_face[b]
                    tot = {min(t + c * f, self.cap) for t in tot for c in range(6)}
            self.reach[sub] = np.array(sorted(tot), dtype=np.int64)
            if sub == 0:
                break
            sub = (sub - 1) & umask

    # -- state enumeration --------------------------------------------------------------

    def y_values(self, mask):
        if self.ybox >= 0 and self.yahtzee_bonus and (mask >> self.ybox) & 1:
            return (0, 1)
        return (0,)

    def layer(self, p):
        """(mask, upper, y) arrays of every reachable state with p filled boxes, sorted by
        (mask, y, upper). Cached; treat the arrays as read-only."""
        cache = self.__dict__.setdefault("_layers", {})
        if p in cache:
            return cache[p]
        if "_pop" not in self.__dict__:
            allm = np.arange(1 << self.n, dtype=np.int64)
            pop = np.zeros(allm.shape, dtype=np.int64)
            for b in range(self.n):
                pop += (allm >> b) & 1
            self._pop = pop
            n_u = 1 << self.n
            self._rlen = np.zeros(n_u, dtype=np.int64)
            self._rstart = np.zeros(n_u, dtype=np.int64)
            flat = []
            pos = 0
            for U, arr in self.reach.items():
                self._rlen[U] = len(arr)
                self._rstart[U] = pos
                flat.append(arr)
                pos += len(arr)
            self._rflat = np.concatenate(flat)
        masks = np.nonzero(self._pop == p)[0].astype(np.int64)
        if self.ybox >= 0 and self.yahtzee_bonus:
            ny = 1 + ((masks >> self.ybox) & 1)
        else:
            ny = np.ones(masks.shape, dtype=np.int64)
        mk = np.repeat(masks, ny)
        first = np.concatenate([[0], np.cumsum(ny)[:-1]])
        yy = np.arange(mk.shape[0]) - np.repeat(first, ny)
        U = mk & self.rs.upper_mask
        lens = self._rlen[U]
        tot = int(lens.sum())
        starts = np.concatenate([[0], np.cumsum(lens)[:-1]])
        within = np.arange(tot) - np.repeat(starts, lens)
        u = self._rflat[np.repeat(self._rstart[U], lens) + within]
        out = (np.repeat(mk, lens), u, np.repeat(yy, lens))
        cache[p] = out
        return out

    def n_states(self):
        return sum(len(self.layer(p)[0]) for p in range(self.n + 1))

    def flat(self, mask, y, u):
        return ((mask << 1) | y) * self.W + u


class _Workspace:
    def __init__(self, C, dtype):
        d = dice()
        self.Fp = np.empty((d.n_rolls, C), dtype=dtype)
        self.E = [np.empty((s, C), dtype=dtype) for s in d.sizes]
        self.tmp = np.empty((d.n_rolls, C), dtype=dtype)


class Solver:
    """Solve a rule set. ``dtype`` float32 (default, fast) or float64 (reference)."""

    def __init__(self, rs, dtype=np.float32, chunk=1024, threads=None, progress=None, group=4):
        self.m = Model(rs)
        self.rs = rs
        self.dtype = np.dtype(dtype)
        self.C = chunk
        self.group = group  # chunks prepared together in one task
        self.threads = threads or min(2, os.cpu_count() or 1)
        self.progress = progress
        self._local = threading.local()
        d = dice()
        self.prob = d.prob.astype(self.dtype)
        self.prob64 = d.prob
        self.V = None

    # -- one turn for a chunk of states -------------------------------------------------

    def _ws(self, width):
        cache = getattr(self._local, "ws", None)
        if cache is None:
            cache = self._local.ws = {}
        ws = cache.get(width)
        if ws is None:
            if len(cache) > 4:
                cache.clear()
            ws = cache[width] = _Workspace(width, self.dtype)
        return ws

    def _conts(self, V, mask, u, y):
        """Per box: value of scoring there (score-independent part) for each column.
        Returns (tabs, conts, opens, ref): upper boxes get a (6, C) table by face count,
        the Yahtzee box a (2, C) table (0 / 50), other boxes a (C,) continuation."""
        m = self.m
        n = m.n
        W = m.W
        cap = m.cap
        tabs = [None] * n
        conts = [None] * n
        opens = [None] * n
        ref = np.full(mask.shape, NEG)
        for b in range(n):
            op = ((mask >> b) & 1) == 0
            opens[b] = op
            if not op.any():
                continue
            nm = mask | (1 << b)
            f = m.upper_face[b]
            if f:
                sc = m.count_scores[f]  # (6, 1): c * f
                uu = u[None, :] + sc
                tab = V[((nm << 1) | y)[None, :] * W + np.minimum(uu, cap)] + sc
                if m.upper_bonus:
                    tab += m.upper_bonus * ((u < cap)[None, :] & (uu >= cap))
                tab[:, ~op] = NEG
                tabs[b] = tab
                z = tab[0]
            elif b == m.ybox:
                tab = np.empty((2, mask.shape[0]))
                tab[0] = V[((nm << 1) | 0) * W + u]
                y1 = 1 if m.yahtzee_bonus else 0
                tab[1] = V[((nm << 1) | y1) * W + u] + m.rs.param_b[b]
                tab[:, ~op] = NEG
                tabs[b] = tab
                z = tab[0]
            else:
                cont = V[((nm << 1) | y) * W + u]
                cont[~op] = NEG
                conts[b] = cont
                z = cont
            np.maximum(ref, z, out=ref)
        return tabs, conts, opens, ref

    def _joker_rows(self, tabs, conts, opens, mask, y):
        """(6, C) values of the six Yahtzee rolls played as Jokers (box filled), bonus included."""
        m = self.m
        n = m.n
        out = np.full((6, mask.shape[0]), NEG)
        lower = [b for b in range(n) if not m.upper_face[b] and b != m.ybox]
        uppers = [b for b in range(n) if m.upper_face[b]]
        for f in range(1, 7):
            g = m.rs.upper_box_for_face[f]
            up_open = opens[g] if g != 0xFF else np.zeros(mask.shape, dtype=bool)
            if m.joker == rules.JOKER_FREE:
                best = np.full(mask.shape[0], NEG)
                for b in uppers:
                    if tabs[b] is not None:
                        np.maximum(best, tabs[b][5 if m.upper_face[b] == f else 0], out=best)
                for b in lower:
                    if conts[b] is not None:
                        sc = np.where(up_open, m.y_normal[b, f], m.y_joker[b, f])
                        np.maximum(best, conts[b] + sc, out=best)
            else:  # forced
                low = np.full(mask.shape[0], NEG)
                for b in lower:
                    if conts[b] is not None:
                        np.maximum(low, conts[b] + m.y_joker[b, f], out=low)
                any_low = np.zeros(mask.shape, dtype=bool)
                for b in lower:
                    any_low |= opens[b]
                upz = np.full(mask.shape[0], NEG)
                for b in uppers:
                    if tabs[b] is not None and m.upper_face[b] != f:
                        np.maximum(upz, tabs[b][0], out=upz)
                best = np.where(any_low, low, upz)
                if g != 0xFF and tabs[g] is not None:
                    best = np.where(up_open, tabs[g][5], best)
            out[f - 1] = best + m.yahtzee_bonus * y
        return out

    def _prepare(self, V, mask, u, y):
        """Per-column data of a turn for many columns at once: the stacked score-now table G
        (relative to ``ref``), the Joker rows J and where they apply, and ``ref``."""
        m = self.m
        dt = self.dtype
        tabs, conts, opens, ref = self._conts(V, mask, u, y)
        G = np.empty((m.g_size, mask.shape[0]), dtype=dt)
        G[0] = 0.0
        for b in range(m.n):
            f = m.upper_face[b]
            if f:
                o = m.g_rows[(b, 1)]
                if tabs[b] is None:
                    G[o : o + 5] = NEG
                else:
                    np.subtract(tabs[b][1:], ref[None, :], out=G[o : o + 5], casting="unsafe")
            else:
                o, vals = m.g_lower[b]
                if not len(vals):
                    continue
                if b == m.ybox:
                    c = None if tabs[b] is None else tabs[b][1] - m.rs.param_b[b]
                else:
                    c = conts[b]
                if c is None:
                    G[o : o + len(vals)] = NEG
                else:
                    np.add(vals[:, None], (c - ref)[None, :], out=G[o : o + len(vals)], casting="unsafe")
        J = yfilled = None
        if m.joker != rules.JOKER_NONE:
            yf = ((mask >> m.ybox) & 1) == 1
            if yf.any():
                yfilled = yf
                J = (self._joker_rows(tabs, conts, opens, mask, y) - ref).astype(dt)
        return G, J, yfilled, ref

    def _build_F(self, ws, G, J, yfilled):
        m = self.m
        Fp = ws.Fp
        Fp.fill(0.0)
        tmp = ws.tmp
        for idx in m.f_idx:
            nr = idx.shape[0]
            G.take(idx, axis=0, out=tmp[:nr], mode="clip")
            np.maximum(Fp[:nr], tmp[:nr], out=Fp[:nr])
        F = ws.E[5]
        Fp.take(m.f_inv, axis=0, out=F, mode="clip")
        if J is not None and yfilled.any():
            rows = m.d.yahtzee_rows
            F[rows] = np.where(yfilled[None, :], J, F[rows])

    def _average(self, ws):
        d = dice()
        E = ws.E
        tmp = ws.tmp
        six = self.dtype.type(6.0)
        for k in range(4, -1, -1):
            src = E[k + 1]
            dst = E[k]
            up = d.up_cols[k]
            t = tmp[: d.sizes[k]]
            src.take(up[0], axis=0, out=dst, mode="clip")
            for f in range(1, 6):
                src.take(up[f], axis=0, out=t, mode="clip")
                dst += t
            np.divide(dst, six, out=dst)

    def _keep_max(self, ws):
        d = dice()
        E = ws.E
        tmp = ws.tmp
        for k in range(1, 6):
            prev = E[k - 1]
            cur = E[k]
            for idx in d.down[k]:
                nrows = idx.shape[0]
                t = tmp[:nrows]
                prev.take(idx, axis=0, out=t, mode="clip")
                np.maximum(cur[:nrows], t, out=cur[:nrows])

    def _pipeline(self, ws, G, J, yfilled, ref, want_rolls=False):
        self._build_F(ws, G, J, yfilled)
        self._average(ws)  # roll 3 keep values
        self._keep_max(ws)  # E[5] = value after roll 2
        self._average(ws)  # roll 2 keep values
        self._keep_max(ws)  # E[5] = value after roll 1
        # first roll: probability-weighted sum, accumulated in float64 (f32 sums of 252 terms drift)
        val = np.einsum("i,ij->j", self.prob64, ws.E[5], dtype=np.float64, casting="unsafe") + ref
        if want_rolls:
            return val, ws.E[5].astype(np.float64) + ref[None, :]
        return val

    def _turn(self, V, mask, u, y, want_rolls=False):
        """Turn-start values (float64) of the given columns."""
        G, J, yf, ref = self._prepare(V, mask, u, y)
        return self._pipeline(self._ws(mask.shape[0]), G, J, yf, ref, want_rolls)

    def _task(self, V, mask, u, y, idx):
        """One task: prepare a group of columns, then run the turn on chunks of it."""
        G, J, yf, ref = self._prepare(V, mask, u, y)
        n = mask.shape[0]
        out = np.empty(n)
        for s in range(0, n, self.C):
            e = min(s + self.C, n)
            ws = self._ws(e - s)
            out[s:e] = self._pipeline(ws, G[:, s:e], None if J is None else J[:, s:e],
                                      None if yf is None else yf[s:e], ref[s:e])
        V[idx] = out

    # -- the whole table ------------------------------------------------------------------

    def solve(self):
        m = self.m
        t0 = time.perf_counter()
        V = np.zeros((1 << m.n) * 2 * m.W, dtype=np.float64)
        self.V = V
        total = 0
        pool = ThreadPoolExecutor(self.threads) if self.threads > 1 else None
        try:
            for p in range(m.n - 1, -1, -1):
                mask, u, y = m.layer(p)
                idx = m.flat(mask, y, u)
                N = mask.shape[0]
                step = self.C * self.group
                starts = list(range(0, N, step))

                def work(s, mask=mask, u=u, y=y, idx=idx, N=N, step=step):
                    e = min(s + step, N)
                    self._task(V, mask[s:e], u[s:e], y[s:e], idx[s:e])

                if pool is None or len(starts) == 1:
                    for s in starts:
                        work(s)
                else:
                    list(pool.map(work, starts))
                total += N
                if self.progress:
                    self.progress(m.n - p, m.n, N, time.perf_counter() - t0)
        finally:
            if pool is not None:
                pool.shutdown()
        self.n_states = total + 1  # + the full card
        self.seconds = time.perf_counter() - t0
        return ValueTable(m, V)


class ValueTable:
    """Solved values: V[((mask << 1) | y) * W + u] (float64, only reachable slots meaningful)."""

    def __init__(self, model, V):
        self.m = model
        self.V = V

    def value(self, mask=0, upper=0, yahtzee50=0):
        m = self.m
        return float(self.V[m.flat(mask, int(yahtzee50), min(upper, m.cap))])

    def expected_score(self):
        return self.value(0, 0, 0)

    def roll_values(self, mask, upper, yahtzee50, dtype=np.float64):
        """Expected remaining score after the FIRST roll of a turn, for each roll (dict
        sorted-dice tuple -> value), with optimal play of the rest of the turn and game."""
        s = Solver(self.m.rs, dtype=dtype, chunk=1, threads=1)

        def arr(v):
            return np.array([v], dtype=np.int64)

        _, rolls = s._turn(self.V, arr(mask), arr(min(upper, self.m.cap)), arr(yahtzee50), want_rolls=True)
        d = dice()
        return {r: float(rolls[d.roll_index(r), 0]) for r in host_helpers.all_rolls()}


def progress_bar(label, stream=None):
    stream = stream or sys.stderr

    def cb(done, total, n, secs):
        w = 30
        k = int(w * done / total)
        stream.write("\r%s [%s%s] %2d/%d layers  %7d states  %6.2fs" % (label, "#" * k, "." * (w - k), done, total, n,
                                                                        secs))
        if done == total:
            stream.write("\n")
        stream.flush()

    return cb


VARIANTS = {
    "yahtzee_free": ("yahtzee", rules.JOKER_FREE),
    "yahtzee_forced": ("yahtzee", rules.JOKER_FORCED),
    "yatzy": ("yatzy", None),
}


def ruleset(key):
    name, joker = VARIANTS[key]
    return rules.get(name, joker=joker)


def solve(key, dtype=np.float32, progress=None, threads=None, chunk=1024):
    s = Solver(ruleset(key), dtype=dtype, progress=progress, threads=threads, chunk=chunk)
    return s.solve()
