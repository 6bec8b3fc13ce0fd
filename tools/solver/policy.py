"""Exact expected score of a policy that decides with given (e.g. de-quantised) state values.

The evaluated policy is the device's (docs/strategy_table.md, "Device decision procedure"):
every decision in a turn is an argmax of values computed from the decision table ``Q``; the
realised points are the true ones. This module computes, by dynamic programming over all
reachable states (no sampling), ``Wt[state]`` = expected points still to come when that policy
is followed from the state, so ``Wt(empty) <= V(empty)`` and the difference is what the table's
quantisation costs per game.

Modes for the decision arithmetic:
  "device": integers in 1/UNITS point, exactly the device procedure (keep values compared as
            sums scaled to 7776 * units; the roll-2 results floor-divided by 7776 before the
            roll-1 pass, so every intermediate stays below 2**30);
  "exact":  integers, no renormalisation: the exact argmax of the de-quantised values;
  "float":  float64 values (for checking the evaluator with Q = the optimal values).
Ties: the lowest box index; among keeps, the order documented in docs/strategy_table.md.
"""

import time
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from yahtzee_core import rules

from .dice import dice
from .table import UNITS

BIG = 1 << 60


class PolicyEvaluator:
    def __init__(self, model, Q, mode="device", chunk=1024, threads=2, progress=None, min_layer=0):
        self.m = model
        self.Q = Q
        self.mode = mode
        self.C = chunk
        self.threads = threads
        self.progress = progress
        self.min_layer = min_layer
        self.units = 1 if mode == "float" else UNITS
        self.qdt = np.float64 if mode == "float" else np.int64
        d = dice()
        self.d = d

    def _boxes(self, Wt, mask, u, y):
        """Best box for every (roll, column): (Fq, Ft); ties go to the lowest box index."""
        m = self.m
        d = self.d
        C = mask.shape[0]
        W = m.W
        cap = m.cap
        Q = self.Q
        un = self.units
        R = d.n_rolls
        cur_q = np.full((R, C), -BIG, dtype=self.qdt)
        cur_t = np.zeros((R, C))
        dq = np.empty((R, C), dtype=self.qdt)
        dt = np.empty((R, C))
        upd = np.empty((R, C), dtype=bool)
        opens = [((mask >> b) & 1) == 0 for b in range(m.n)]
        small = [None] * m.n  # per box: (q table, t table, class of each roll) or (q, t) vectors
        for b in range(m.n):
            op = opens[b]
            if not op.any():
                continue
            nm = mask | (1 << b)
            f = m.upper_face[b]
            if f:
                sc = m.count_scores[f]  # (6, 1)
                uu = u[None, :] + sc
                pts = sc + m.upper_bonus * ((u < cap)[None, :] & (uu >= cap))
                nxt = ((nm << 1) | y)[None, :] * W + np.minimum(uu, cap)
                tq = pts * un + Q[nxt]
                tt = pts + Wt[nxt]
                tq[:, ~op] = -BIG
                small[b] = (tq, tt)
                np.take(tq, d.face_count[:, f - 1], axis=0, out=dq, mode="clip")
                np.take(tt, d.face_count[:, f - 1], axis=0, out=dt, mode="clip")
            elif b == m.ybox:
                y1 = 1 if m.yahtzee_bonus else 0
                n0 = ((nm << 1) | 0) * W + u
                n1 = ((nm << 1) | y1) * W + u
                v50 = int(m.rs.param_b[b])
                tq = np.stack([Q[n0], v50 * un + Q[n1]])
                tt = np.stack([Wt[n0], v50 + Wt[n1]])
                tq[:, ~op] = -BIG
                cls = (m.scores[b] > 0).astype(np.intp)
                np.take(tq, cls, axis=0, out=dq, mode="clip")
                np.take(tt, cls, axis=0, out=dt, mode="clip")
            else:
                nx = ((nm << 1) | y) * W + u
                cq = Q[nx].astype(self.qdt)
                ct = Wt[nx]
                cq[~op] = -BIG
                small[b] = (cq, ct)
                np.add((m.scores[b] * un).astype(self.qdt)[:, None], cq[None, :], out=dq)
                np.add(m.scores[b][:, None], ct[None, :], out=dt)
            np.greater(dq, cur_q, out=upd)
            np.copyto(cur_q, dq, where=upd)
            np.copyto(cur_t, dt, where=upd)
        if m.joker != rules.JOKER_NONE:
            yfilled = ((mask >> m.ybox) & 1) == 1
            if yfilled.any():
                self._joker(cur_q, cur_t, small, opens, yfilled, y)
        return cur_q, cur_t

    def _joker(self, cur_q, cur_t, small, opens, yfilled, y):
        """Overwrite the six Yahtzee rolls' rows in the columns where they are Jokers."""
        m = self.m
        un = self.units
        C = y.shape[0]
        lower = [b for b in range(m.n) if not m.upper_face[b] and b != m.ybox]
        any_low = np.zeros(C, dtype=bool)
        for b in lower:
            any_low |= opens[b]
        bonus = m.yahtzee_bonus * y
        for f in range(1, 7):
            g = m.rs.upper_box_for_face[f]
            up_open = opens[g]
            bq = np.full(C, -BIG, dtype=self.qdt)
            bt = np.zeros(C)
            for b in range(m.n):
                if small[b] is None or b == m.ybox:
                    continue
                if m.upper_face[b]:
                    c = 5 if m.upper_face[b] == f else 0
                    cq = small[b][0][c].copy()
                    ct = small[b][1][c]
                    if m.joker == rules.JOKER_FORCED:
                        ok = up_open if b == g else (~up_open & ~any_low)
                        cq[~ok] = -BIG
                else:
                    cq0, ct0 = small[b]
                    if m.joker == rules.JOKER_FREE:
                        sc = np.where(up_open, m.y_normal[b, f], m.y_joker[b, f])
                    else:
                        sc = np.full(C, m.y_joker[b, f])
                    cq = np.where(cq0 > -BIG, cq0 + sc * un, -BIG)
                    ct = ct0 + sc
                    if m.joker == rules.JOKER_FORCED:
                        cq[up_open] = -BIG
                better = cq > bq
                bq = np.where(better, cq, bq)
                bt = np.where(better, ct, bt)
            r = self.d.yahtzee_rows[f - 1]
            cur_q[r] = np.where(yfilled, bq + bonus * un, cur_q[r])
            cur_t[r] = np.where(yfilled, bt + bonus, cur_t[r])

    def _pass(self, Aq5, At5):
        """Keep decisions before one roll: returns the (q, t) value of each 5-dice multiset."""
        d = self.d
        Aq = [None] * 6
        At = [None] * 6
        Aq[5] = Aq5
        At[5] = At5
        for k in range(4, -1, -1):
            up = d.up[k]
            sq = Aq[k + 1][up[:, 0]].copy()
            st = At[k + 1][up[:, 0]].copy()
            for f in range(1, 6):
                sq += Aq[k + 1][up[:, f]]
                st += At[k + 1][up[:, f]]
            Aq[k] = sq
            At[k] = st / 6.0
        # scale every level to 6**5 * (mean value)
        for k in range(6):
            if k == 5:
                Aq[k] = Aq[k] * 7776
            else:
                Aq[k] = Aq[k] * (6 ** k)
        for k in range(1, 6):
            cq, ct = Aq[k], At[k]
            for idx in d.down[k]:
                nr = idx.shape[0]
                pq = Aq[k - 1][idx]
                pt = At[k - 1][idx]
                upd = pq > cq[:nr]
                np.copyto(cq[:nr], pq, where=upd)
                np.copyto(ct[:nr], pt, where=upd)
        return Aq[5], At[5]

    def _turn(self, Wt, mask, u, y):
        Fq, Ft = self._boxes(Wt, mask, u, y)
        V2q, V2t = self._pass(Fq, Ft)
        if self.mode == "device":
            V2q = V2q // 7776
        elif self.mode == "float":
            V2q = V2q / 7776.0
        _, V1t = self._pass(V2q, V2t)
        return self.d.prob @ V1t

    def run(self):
        m = self.m
        t0 = time.perf_counter()
        Wt = np.zeros((1 << m.n) * 2 * m.W)
        pool = ThreadPoolExecutor(self.threads) if self.threads > 1 else None
        for p in range(m.n - 1, self.min_layer - 1, -1):
            mask, u, y = m.layer(p)
            idx = m.flat(mask, y, u)

            def work(s, mask=mask, u=u, y=y, idx=idx):
                e = min(s + self.C, mask.shape[0])
                Wt[idx[s:e]] = self._turn(Wt, mask[s:e], u[s:e], y[s:e])

            starts = range(0, mask.shape[0], self.C)
            if pool is None:
                for s in starts:
                    work(s)
            else:
                list(pool.map(work, starts))
            if self.progress:
                self.progress(m.n - p, m.n - self.min_layer, mask.shape[0], time.perf_counter() - t0)
        if pool is not None:
            pool.shutdown()
        self.seconds = time.perf_counter() - t0
        return Wt
