"""Playing strength of the computer players (yahtzee_core/players.py), per level and rule set.

    python tools/strategy/bench_players.py                         # exact values + 10,000 games per cell
    python tools/strategy/bench_players.py --games 2000 --variant yahtzee_forced --levels hard
    python tools/strategy/bench_players.py --tune yatzy            # re-tune medium's constants (exact)

What it prints per level and rule set, and its caches: docs/strategy_table.md, "tools/strategy/bench_players.py"."""

import argparse
import math
import multiprocessing
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

import numpy as np

from tools.solver import cache, policy
from tools.solver import solve as S
from tools.solver import table as T
from tools.solver.dice import dice
from yahtzee_core import engine as E
from yahtzee_core import formula_values as FV
from yahtzee_core import players as P
from yahtzee_core.easy_player import EasyPlayer
from yahtzee_core import rules
from yahtzee_core import strategy
from yahtzee_core.table_bytes import BytesSource
from yahtzee_core.seeded_dice import SeededDice

TABLE_DIR = os.path.join(ROOT, "build", "tables")
KEYS = ("yahtzee_forced", "yahtzee_free", "yatzy")
LEVELS = ("easy", "medium", "hard")


def table_path(key):
    return os.path.join(TABLE_DIR, key + ".bin")


def ensure_table(key):
    """The table file's bytes, built by tools/strategy/solve.py when missing."""
    path = table_path(key)
    if not os.path.exists(path):
        print("building %s (python tools/strategy/solve.py --write-tables --variant %s)" % (path, key), flush=True)
        subprocess.run([sys.executable, os.path.join(ROOT, "tools", "strategy", "solve.py"), "--write-tables",
                        "--variant", key], check=True)
    with open(path, "rb") as fh:
        return fh.read()


# -- exact values ---------------------------------------------------------------------------------


def formula_q(model, fv):
    """Dense int64 array (solver layout) of a value source's value of every reachable state."""
    Q = np.zeros((1 << model.n) * 2 * model.W, dtype=np.int64)
    for p in range(model.n + 1):
        mk, u, y = model.layer(p)
        vals = np.empty(len(mk), dtype=np.int64)
        last = None
        for i in range(len(mk)):
            key = (int(mk[i]), int(y[i]))
            if key != last:
                fv.begin(key[0], key[1])
                last = key
            vals[i] = fv.at(int(u[i]))
        Q[model.flat(mk, y, u)] = vals
    return Q


def medium_exact(key, params=None, progress=None):
    model = S.Model(S.ruleset(key))
    fv = FV.FormulaValues(params, model.rs)
    W = policy.PolicyEvaluator(model, formula_q(model, fv), mode="device", progress=progress).run()
    return float(W[model.flat(0, 0, 0)])


def hard_exact(key, progress=None):
    vt = cache.load_or_solve(key)
    blob = ensure_table(key)
    Q = T.dequantised(vt.m, blob)
    # same cache entry as host_tests/tools/test_solver.py's device_policy_values(key, 0)
    W = cache.load_or_compute("policy-device-%s-0" % key, ("solve.py", "dice.py", "table.py", "policy.py"),
                              lambda: policy.PolicyEvaluator(vt.m, Q, mode="device", progress=progress).run())
    return float(W[vt.m.flat(0, 0, 0)]), vt.expected_score()


class EasyEvaluator:
    """Exact expected score of EasyPlayer's rules, layer by layer (numpy), as PolicyEvaluator
    does for argmax policies. Its decisions depend only on the open boxes and the dice:
    box = the allowed box with the highest score now (lowest index on a tie, Joker rules as in
    the engine); before rolls 2 and 3 keep the most common face (higher face on a tie) unless
    that box is a made full house / straight / five of a kind (then score now)."""

    def __init__(self, model):
        self.m = model
        self.d = dice()
        d = self.d
        rs = model.rs
        R = d.n_rolls
        # the keep of the simple rule, as a level-k multiset index, per roll
        self.keep_level = np.zeros(R, dtype=np.intp)
        self.keep_index = np.zeros(R, dtype=np.intp)
        for r, c in enumerate(d.rolls):
            face = 6
            for f in range(5, 0, -1):
                if c[f - 1] > c[face - 1]:
                    face = f
            k = c[face - 1]
            cnt = [0] * 6
            cnt[face - 1] = k
            self.keep_level[r] = k
            self.keep_index[r] = d.index[k][tuple(cnt)]
        self.made_kind = np.array([rs.kinds[b] in (rules.FULL_HOUSE, rules.STRAIGHT, rules.YAHTZEE)
                                   for b in range(model.n)])
        self._choice = {}

    def choices(self, mask):
        """(box[r], points-now[r] incl. the Joker's fixed scores) for every roll, open boxes
        ``mask``; -1 where nothing is allowed (the full card)."""
        got = self._choice.get(mask)
        if got is not None:
            return got
        m = self.m
        rs = m.rs
        d = self.d
        opens = np.array([not (mask >> b) & 1 for b in range(m.n)])
        sc = np.where(opens[:, None], m.scores, -1)
        box = np.argmax(sc, axis=0)
        pts = sc[box, np.arange(d.n_rolls)]
        if m.joker != rules.JOKER_NONE and (mask >> m.ybox) & 1:
            for f in range(1, 7):
                r = d.yahtzee_roll[f - 1]
                ub = rs.upper_box_for_face[f]
                up_open = not (mask >> ub) & 1
                allowed = [b for b in range(m.n) if opens[b]]
                if m.joker == rules.JOKER_FORCED:
                    lower = [b for b in allowed if not m.upper_face[b]]
                    allowed = [ub] if up_open else (lower or allowed)
                    use_joker = True
                else:
                    use_joker = not up_open
                best, bp = -1, -2
                for b in allowed:
                    p = int(m.y_joker[b, f] if use_joker else m.y_normal[b, f])
                    if p > bp:
                        best, bp = b, p
                box[r] = best
                pts[r] = bp
        got = (box, pts)
        self._choice[mask] = got
        return got

    def _turn(self, Wt, mask, u, y):
        """Expected points from the turn on for the columns (all with the same box mask)."""
        m = self.m
        d = self.d
        R = d.n_rolls
        C = u.shape[0]
        box, pts = self.choices(int(mask))
        # value of scoring each roll now: points + bonuses + value of the next state
        Ft = np.zeros((R, C))
        for b in set(box.tolist()):
            rows = np.nonzero(box == b)[0]
            p = pts[rows][:, None] + np.zeros((1, C), dtype=np.int64)
            nm = int(mask) | (1 << b)
            nu = np.broadcast_to(u, (len(rows), C))
            ny = np.broadcast_to(y, (len(rows), C))
            if m.upper_face[b]:
                nu = np.minimum(u[None, :] + p, m.cap)
                p = p + m.upper_bonus * ((u[None, :] < m.cap) & (u[None, :] + p >= m.cap))
            if b == m.ybox and m.yahtzee_bonus:
                ny = np.where(p > 0, 1, ny)
            if m.joker != rules.JOKER_NONE and m.ybox >= 0 and (int(mask) >> m.ybox) & 1:
                yz = np.isin(rows, d.yahtzee_rows)[:, None]
                p = p + m.yahtzee_bonus * (yz & (y[None, :] == 1))
            nxt = Wt[m.flat(nm, ny, nu)] if nm != m.rs.all_mask else 0.0
            Ft[rows] = p + nxt
        made = self.made_kind[box] & (pts > 0)

        def means(level5):
            E5 = [None] * 6
            E5[5] = level5
            for k in range(4, -1, -1):
                up = d.up[k]
                s = E5[k + 1][up[:, 0]].copy()
                for f in range(1, 6):
                    s += E5[k + 1][up[:, f]]
                E5[k] = s / 6.0
            return E5

        def after_keep(E5, level5):
            out = np.empty((R, C))
            for r in range(R):
                if made[r]:
                    out[r] = level5[r]
                else:
                    out[r] = E5[self.keep_level[r]][self.keep_index[r]]
            return out

        V3 = Ft
        V2 = after_keep(means(V3), V3)
        V1 = after_keep(means(V2), V2)
        return d.prob @ V1

    def run(self):
        m = self.m
        Wt = np.zeros((1 << m.n) * 2 * m.W)
        for p in range(m.n - 1, -1, -1):
            mk, u, y = m.layer(p)
            idx = m.flat(mk, y, u)
            starts = np.nonzero(np.concatenate([[True], mk[1:] != mk[:-1]]))[0]
            ends = np.concatenate([starts[1:], [len(mk)]])
            for s, e in zip(starts, ends):
                Wt[idx[s:e]] = self._turn(Wt, mk[s], u[s:e], y[s:e])
        return Wt


def easy_exact(key):
    model = S.Model(S.ruleset(key))
    W = cache.load_or_compute("policy-easy-%s" % key, ("solve.py", "dice.py"),
                              lambda: EasyEvaluator(model).run())
    return float(W[model.flat(0, 0, 0)])


# -- simulation -----------------------------------------------------------------------------------


class _Tables:
    """values_for(rs) from the table files in build/tables (BytesSource: the whole file in RAM)."""

    def __init__(self):
        self.cache = {}

    def values_for(self, rs):
        name = strategy.table_name(rs)
        if name not in self.cache:
            path = table_path(name) if name else None
            src = None
            if path and os.path.exists(path):
                with open(path, "rb") as fh:
                    src = BytesSource(fh.read())
            self.cache[name] = strategy.TableValues(src, rs) if src else None
        return self.cache[name]


_worker = {}


def _make_player(level):
    if level == "easy":
        return EasyPlayer()
    planner = strategy.TurnPlanner()
    formula = FV.FormulaValues()
    if level == "medium":
        return P.PlanPlayer(planner, formula)
    return P.HardPlayer(planner, _Tables(), formula)


def play_games(args):
    """(sum, sum of squares, games) of ``count`` games from seed ``first`` on."""
    key, level, first, count = args
    player = _worker.get(level)
    if player is None:
        player = _worker[level] = _make_player(level)
    rs = S.ruleset(key)
    kind = (E.EASY, E.MEDIUM, E.HARD)[LEVELS.index(level)]
    game = E.Game(rs, SeededDice(first), seats=1, kinds=(kind,))
    total = 0
    squares = 0
    for seed in range(first, first + count):
        game.rng.seed(seed)
        game.configure(rs, 1, (kind,))
        while not game.over:
            action, arg = player.choose(game)
            if game.act(action, arg) != E.OK:
                raise AssertionError("%s player's move refused: %r" % (level, (action, arg)))
            game.clear_events()
        t = game.total(0)
        total += t
        squares += t * t
    return total, squares, count


def simulate(key, level, games, workers, chunk=250):
    jobs = [(key, level, s, min(chunk, games + 1 - s)) for s in range(1, games + 1, chunk)]
    total = squares = n = 0
    t0 = time.time()
    with multiprocessing.Pool(workers) as pool:
        for s, q, c in pool.imap_unordered(play_games, jobs):
            total += s
            squares += q
            n += c
            sys.stderr.write("\r  simulating %-14s %-6s %6d/%d games  %5.0f s" % (key, level, n, games,
                                                                                  time.time() - t0))
            sys.stderr.flush()
    sys.stderr.write("\n")
    mean = total / n
    var = (squares - n * mean * mean) / (n - 1)
    return mean, math.sqrt(var / n), time.time() - t0


# -- tuning medium --------------------------------------------------------------------------------


def tune(key="yahtzee_forced", rounds=2):
    """Coordinate search on medium's constants for ``key``'s variant with the exact evaluator;
    prints each improvement (copy the result into yahtzee_core/players.py MEDIUM)."""
    start = FV.medium_params(S.ruleset(key).name)
    params = {k: (list(v) if isinstance(v, tuple) else v) for k, v in start.items()}

    def score(p):
        q = {k: (tuple(v) if isinstance(v, list) else v) for k, v in p.items()}
        return medium_exact(key, q)

    best = score(params)
    print("start %.4f" % best, flush=True)
    names = [("share", i) for i in range(len(params["share"]))] + [("bonus_mid", None), ("bonus_slope", None),
                                                                   ("yahtzee_bonus", None)]
    for rnd in range(rounds):
        step = 16 if rnd == 0 else 6
        for name, i in names:
            for sign in (1, -1):
                improved = True
                while improved:
                    improved = False
                    trial = {k: (list(v) if isinstance(v, list) else v) for k, v in params.items()}
                    if i is None:
                        trial[name] = max(0, trial[name] + sign * step * (8 if name == "yahtzee_bonus" else 1))
                    else:
                        trial[name][i] = max(0, trial[name][i] + sign * step)
                    s = score(trial)
                    if s > best + 1e-4:
                        best = s
                        params = trial
                        improved = True
                        print("%.4f  %s" % (best, params), flush=True)
    print("best %.4f %s" % (best, params))
    return params


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", default="all", help="yahtzee_forced, yahtzee_free, yatzy (comma list) or all")
    ap.add_argument("--levels", default=",".join(LEVELS))
    ap.add_argument("--games", type=int, default=10000, help="simulated games per cell (0: none)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--no-exact", action="store_true")
    ap.add_argument("--tune", metavar="KEY", help="search medium's constants for this rule set (exact)")
    ap.add_argument("--rounds", type=int, default=1, help="--tune: passes over the constants (step 16, then 6)")
    args = ap.parse_args(argv)
    if args.tune:
        tune(args.tune, args.rounds)
        return
    keys = KEYS if args.variant == "all" else tuple(args.variant.split(","))
    levels = tuple(args.levels.split(","))
    rows = []
    for key in keys:
        ensure_table(key)
        for level in levels:
            exact = opt = None
            t0 = time.time()
            if not args.no_exact:
                sys.stderr.write("  exact %-14s %-6s ...\n" % (key, level))
                if level == "hard":
                    exact, opt = hard_exact(key)
                elif level == "medium":
                    exact = medium_exact(key)
                else:
                    exact = easy_exact(key)
            t_exact = time.time() - t0
            sim = simulate(key, level, args.games, args.workers) if args.games else None
            rows.append((key, level, exact, opt, sim, t_exact))
            print_row(rows[-1])
    print()
    print("| rules | level | exact expected score | optimum | simulated mean +- SE (games) | time exact / sim |")
    print("|---|---|---|---|---|---|")
    for row in rows:
        print(format_row(row, args.games))


def format_row(row, games):
    key, level, exact, opt, sim, t_exact = row
    ex = "%.4f" % exact if exact is not None else "-"
    op = "%.4f (cost %.4f)" % (opt, opt - exact) if opt is not None else ""
    sm = "%.2f +- %.2f (%d)" % (sim[0], sim[1], games) if sim else "-"
    tt = "%.0f s / %s" % (t_exact, "%.0f s" % sim[2] if sim else "-")
    return "| %s | %s | %s | %s | %s | %s |" % (key, level, ex, op, sm, tt)


def print_row(row):
    print(format_row(row, 0).replace("(0)", ""), flush=True)


if __name__ == "__main__":
    main()
