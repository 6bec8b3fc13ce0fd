"""Reference for the device engine: one turn decided from the byte table with integers only.

Pure Python (no numpy, no floats on the decision path), written straight from the procedure
in docs/strategy_table.md so a device engine's tests can compare with it decision by decision.
``policy_turn_value`` additionally plays the procedure against *true* successor values
(floats, host only) to cross-check the vectorised evaluator in ``policy.py``.

Multisets of dice are sorted tuples. Values are integers in 1/UNITS point; keep values are
"X" numbers = 7776 * (expected value in units), as the device compares them.
"""

from yahtzee_core import rules

from .table import UNITS, Header, locate

FACES = (1, 2, 3, 4, 5, 6)


def _keeps():
    out = [()]
    frontier = [()]
    for _ in range(5):
        nxt = set()
        for t in frontier:
            for f in FACES:
                nxt.add(tuple(sorted(t + (f,))))
        frontier = sorted(nxt)
        out += frontier
    return out


KEEPS = _keeps()  # the 462 multisets of 0..5 dice
ROLLS = [t for t in KEEPS if len(t) == 5]


def sub_multisets(roll):
    res = set()
    for bits in range(32):
        res.add(tuple(roll[i] for i in range(5) if (bits >> i) & 1))
    return res


def rerolled(roll, keep):
    """The dice of ``roll`` not in ``keep`` (sorted)."""
    rest = list(roll)
    for d in keep:
        rest.remove(d)
    return tuple(rest)


class DeviceTurn:
    """Decisions for one turn in state (mask, upper, yahtzee50) of rule set ``rs``."""

    def __init__(self, table_bytes, rs, mask, upper, yahtzee50):
        self.tb = table_bytes
        self.h = Header(table_bytes)
        self.rs = rs
        self.mask = mask
        self.upper = min(upper, rs.upper_threshold)
        self.y = yahtzee50
        self._q = {}

    def q(self, mask, upper, y):
        """De-quantised table value (units); 0 for the full card."""
        if mask == self.rs.all_mask:
            return 0
        key = (mask, upper, y)
        v = self._q.get(key)
        if v is None:
            h = self.h
            off, bi = locate(self.tb, mask, upper, y, h)
            tb = self.tb
            v = (tb[h.o_base + 2 * bi] | (tb[h.o_base + 2 * bi + 1] << 8)) + tb[h.o_step + bi] * tb[off]
            self._q[key] = v
        return v

    def options(self, roll):
        """[(box, points incl. bonuses, next state)] for every legal box (Joker rules applied)."""
        rs = self.rs
        mask = self.mask
        counts = bytearray(7)
        for d in roll:
            counts[d] += 1
        total = sum(roll)
        yb = rs.yahtzee_box
        joker = (counts[roll[0]] == 5 and yb >= 0 and rs.joker != rules.JOKER_NONE and (mask >> yb) & 1)
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
            nu, ny = self.upper, self.y
            if rs.is_upper(b):
                nu = min(self.upper + pts, rs.upper_threshold)
                if self.upper < rs.upper_threshold <= self.upper + pts:
                    pts += rs.upper_bonus
            if b == yb and pts and rs.yahtzee_bonus:
                ny = 1
            if joker and self.y:
                pts += rs.yahtzee_bonus
            out.append((b, pts, (mask | (1 << b), nu, ny)))
        return out

    def best_box(self, roll):
        """(box, D) with D = UNITS * points + table value of the next state; lowest box on ties."""
        best = None
        for b, pts, nxt in self.options(roll):
            d = UNITS * pts + self.q(*nxt)
            if best is None or d > best[1]:
                best = (b, d)
        return best

    @staticmethod
    def keep_numbers(level5):
        """X[keep] = 6**len(keep) * (sum over the 6**(5-len) ways to complete it of level5)."""
        A = {}
        for t in reversed(KEEPS):  # longest first
            if len(t) == 5:
                A[t] = level5[t]
            else:
                s = 0
                for f in FACES:
                    s += A[tuple(sorted(t + (f,)))]
                A[t] = s
        return {t: A[t] * 6 ** len(t) for t in KEEPS}

    @staticmethod
    def best_keep(roll, X):
        """Keep with the largest X; ties: the sorted rerolled dice that compare smallest as
        tuples (keeping all five first, then rerolling the lowest dice)."""
        best = None
        for t in sub_multisets(roll):
            key = (-X[t], rerolled(roll, t))
            if best is None or key < best[0]:
                best = (key, t)
        return best[1]

    def plan(self):
        """Integer decision tables of the turn: F (roll -> D), X3 (keep values before roll 3),
        R2 (roll-2 results, units), X2 (keep values before roll 2)."""
        F = {r: self.best_box(r)[1] for r in ROLLS}
        X3 = self.keep_numbers(F)
        R2 = {r: X3[self.best_keep(r, X3)] // 7776 for r in ROLLS}
        X2 = self.keep_numbers(R2)
        return F, X3, R2, X2


def policy_turn_value(table_bytes, rs, mask, upper, y, true_value):
    """Expected points from this turn on when the device procedure is followed, with the true
    value ``true_value(mask, upper, y)`` of each next state (host cross-check; floats)."""
    t = DeviceTurn(table_bytes, rs, mask, upper, y)
    F, X3, R2, X2 = t.plan()
    Ft = {}
    for r in ROLLS:
        b = t.best_box(r)[0]
        for bb, pts, nxt in t.options(r):
            if bb == b:
                Ft[r] = pts + (0.0 if nxt[0] == rs.all_mask else true_value(*nxt))

    def means(level5):
        E = {}
        for k in reversed(KEEPS):
            E[k] = level5[k] if len(k) == 5 else sum(E[tuple(sorted(k + (f,)))] for f in FACES) / 6.0
        return E

    E3 = means(Ft)
    V2 = {r: E3[t.best_keep(r, X3)] for r in ROLLS}
    E2 = means(V2)
    V1 = {r: E2[t.best_keep(r, X2)] for r in ROLLS}
    return means(V1)[()]
