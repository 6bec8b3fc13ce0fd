"""Solve Yahtzee / Yatzy exactly and write the device strategy tables.

    python tools/strategy/solve.py                       # all variants: values, seed-article checks, times
    python tools/strategy/solve.py --variant yahtzee_free
    python tools/strategy/solve.py --write-tables        # + build/tables/<variant>.bin (docs/strategy_table.md)
    python tools/strategy/solve.py --quant-cost          # + exact points per game the byte table costs

Variants: yahtzee_free (free-choice Joker), yahtzee_forced (official forced Joker), yatzy.
Values are solved from yahtzee_core.rules, never typed in. Solving always runs here (timed);
--cached reuses build/solver-cache/ instead. Tables are quantised from a float64 solve.
"""

import argparse
import os
import sys
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from tools.solver import cache, policy
from tools.solver import solve as S
from tools.solver import table as T

TABLE_DIR = os.path.join(ROOT, "build", "tables")


def seed_checks(vt):
    """The seed article's free-choice figures, computed for any Yahtzee rule set."""
    rs = vt.m.rs
    out = []
    if rs.yahtzee_box >= 0 and rs.yahtzee_bonus:
        y = 1 << rs.yahtzee_box
        out.append(("Yahtzee (50) in round 1", 50 + vt.value(y, 0, 1)))
    six = rs.upper_box_for_face[6]
    out.append(("66666 in Sixes in round 1", 30 + vt.value(1 << six, 30, 0)))
    rolls = vt.roll_values(0, 0, 0)
    worst = min(rolls, key=lambda r: rolls[r])
    out.append(("opening roll 11236", rolls[(1, 1, 2, 3, 6)]))
    out.append(("worst opening roll %s" % "".join(map(str, worst)), rolls[worst]))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="all", help="yahtzee_free, yahtzee_forced, yatzy or all")
    ap.add_argument("--write-tables", action="store_true", help="write build/tables/<variant>.bin")
    ap.add_argument("--out", default=TABLE_DIR)
    ap.add_argument("--quant-cost", action="store_true", help="exact expected-score cost of the byte table")
    ap.add_argument("--modes", default="device,exact", help="decision arithmetic(s) for --quant-cost")
    ap.add_argument("--f64", action="store_true", help="solve in float64 (default with --write-tables/--quant-cost)")
    ap.add_argument("--f32", action="store_true", help="solve in float32 even for tables")
    ap.add_argument("--cached", action="store_true", help="reuse build/solver-cache/ if present")
    ap.add_argument("--threads", type=int, default=None)
    args = ap.parse_args(argv)
    keys = list(S.VARIANTS) if args.variant == "all" else args.variant.split(",")
    results = {}
    for key in keys:
        bar = S.progress_bar("solve %-14s" % key)
        t = time.perf_counter()
        f64 = args.f64 or ((args.write_tables or args.quant_cost) and not args.f32)
        if args.cached and not f64:
            vt = cache.load_or_solve(key, progress=bar, threads=args.threads)
        else:
            dtype = np.float64 if f64 else np.float32
            vt = S.solve(key, dtype=dtype, progress=bar, threads=args.threads)
        secs = time.perf_counter() - t
        n_states = sum(len(vt.m.layer(p)[0]) for p in range(vt.m.n + 1))
        print("%s: expected score %.4f  (%d states, %.2f s, %s)"
              % (key, vt.expected_score(), n_states, secs, "float64" if f64 else "float32"))
        for label, v in seed_checks(vt):
            print("    %-28s %.4f" % (label, v))
        res = {"expected": vt.expected_score(), "seconds": secs}
        if args.write_tables or args.quant_cost:
            blob = T.build_table(vt.m, vt.V)
            res["table_bytes"] = len(blob)
            if args.write_tables:
                os.makedirs(args.out, exist_ok=True)
                path = os.path.join(args.out, key + ".bin")
                with open(path, "wb") as fh:
                    fh.write(blob)
                print("    table %s: %d bytes" % (os.path.relpath(path, os.getcwd()), len(blob)))
            if args.quant_cost:
                Q = T.dequantised(vt.m, blob)
                for mode in args.modes.split(","):
                    ev = policy.PolicyEvaluator(vt.m, Q, mode=mode, threads=args.threads or 2,
                                                progress=S.progress_bar("policy %-13s" % mode))
                    Wt = ev.run()
                    w = float(Wt[vt.m.flat(0, 0, 0)])
                    print("    byte-table policy (%s arithmetic): %.6f  optimum %.6f  cost %.6f points/game  (%.1f s)"
                          % (mode, w, vt.expected_score(), vt.expected_score() - w, ev.seconds))
                    res["cost_" + mode] = vt.expected_score() - w
        results[key] = res
    return results


if __name__ == "__main__":
    main()
