"""Time our numpy solver against the Rust ``yatzy-solver`` (PyPI, pinned in requirements-dev.txt).

    python tools/strategy/bench_solver.py [--repeat N] [--variants yahtzee_free,yahtzee_forced,yatzy]

Both solve the same rules from scratch in this process, alternately, ``--repeat`` times; the
best (minimum) wall time of each is reported with the ratio ours / theirs, the CPU time of the
same run (process time, all threads) and both empty-card values. yatzy-solver's
``Solver.build`` (f64, all cores) is the call timed for it. The load average is printed before
and after: on a busy machine wall times mean little, CPU times still compare the work.
"""

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from tools.solver import solve as S

THEIRS = {"yahtzee_free": "american", "yahtzee_forced": "american+forced-joker", "yatzy": "yatzy-scandinavian"}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--variants", default="yahtzee_free,yahtzee_forced,yatzy")
    ap.add_argument("--threads", type=int, default=None, help="our worker threads (default: min(2, cores))")
    args = ap.parse_args(argv)
    try:
        import yatzy_solver as ys
    except ImportError:
        ys = None
        print("yatzy-solver is not installed (pip install -r requirements-dev.txt); timing ours only")
    print("cores: %d   load average: %.2f %.2f %.2f" % ((os.cpu_count() or 0,) + os.getloadavg()))
    if ys is not None:
        print("yatzy-solver %s" % ys.__version__)
    rows = []
    for key in args.variants.split(","):
        ours, theirs = [], []
        vo = vt = None
        for _ in range(args.repeat):
            t, c = time.perf_counter(), time.process_time()
            table = S.solve(key, threads=args.threads)
            ours.append((time.perf_counter() - t, time.process_time() - c))
            vo = table.expected_score()
            if ys is not None:
                t, c = time.perf_counter(), time.process_time()
                solver = ys.Solver.build(ys.Variant(THEIRS[key]))
                theirs.append((time.perf_counter() - t, time.process_time() - c))
                vt = solver.state_value("upper 0 | filled -")
                del solver
        o = min(ours)
        line = "%-15s ours %7.3f s wall %7.3f s cpu (%.4f)" % (key, o[0], o[1], vo)
        if theirs:
            th = min(theirs)
            line += "   yatzy-solver[%s] %7.3f s wall %7.3f s cpu (%.4f)   ratio ours/theirs wall %.2f" % (
                THEIRS[key], th[0], th[1], vt, o[0] / th[0])
        print(line, flush=True)
        rows.append((key, ours, theirs))
    print("load average after: %.2f %.2f %.2f" % os.getloadavg())
    return rows


if __name__ == "__main__":
    main()
