#!/usr/bin/env python3
"""Defuse mode: measured edgework frequencies of generate_edgework() against the model's exact values.

    python tools/reports/defuse_frequencies.py                 # 100,000 bombs, seed 1
    python tools/reports/defuse_frequencies.py -n 20000 --seed 7

Prints, for each quantity, the measured share, the exact model value, and the difference in standard
errors (z). The exact values come from the generation model (5 widgets, each uniformly a battery
holder, an indicator or a port plate; see docs/defuse_manual.md), computed here by dynamic
programming over the widgets with exact fractions. host_tests/test_defuse_props.py checks the same
figures against independent closed forms.
"""

import argparse
import math
import os
import sys
from fractions import Fraction

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

from yahtzee_core import defuse
from yahtzee_core.seeded_dice import SeededDice

THIRD = Fraction(1, 3)
HALF = Fraction(1, 2)


def _widget_outcomes():
    """Every outcome of one widget: (probability, batteries, holders, indicators, plates, port mask)."""
    out = [
        (THIRD * HALF, 1, 1, 0, 0, 0),  # holder with one D battery
        (THIRD * HALF, 2, 1, 0, 0, 0),  # holder with two AA
        (THIRD, 0, 0, 1, 0, 0),  # indicator
    ]
    for kind in defuse.PLATE_KINDS:
        k = len(kind)
        for sub in range(1 << k):
            mask = 0
            for j in range(k):
                if sub & (1 << j):
                    mask |= 1 << defuse.port_index(kind[j])
            out.append((THIRD * HALF * Fraction(1, 1 << k), 0, 0, 0, 1, mask))
    return out


def model():
    """Exact model probabilities, keyed like measure()'s counts."""
    # state: (batteries, holders, indicators, plates, ports seen, duplicate seen) -> probability
    states = {(0, 0, 0, 0, 0, False): Fraction(1)}
    for _ in range(defuse.WIDGET_COUNT):
        nxt = {}
        for (b, h, i, p, seen, dup), pr in states.items():
            for q, db, dh, di, dp, mask in _widget_outcomes():
                key = (b + db, h + dh, i + di, p + dp, seen | mask, dup or bool(seen & mask))
                nxt[key] = nxt.get(key, Fraction(0)) + pr * q
        states = nxt
    res = {}

    def add(name, pr):
        res[name] = res.get(name, Fraction(0)) + pr

    for (b, h, i, p, seen, dup), pr in states.items():
        for port in range(len(defuse.PORT_NAMES)):
            if seen & (1 << port):
                add("port " + defuse.PORT_NAMES[port], pr)
        if dup:
            add("duplicate ports", pr)
        add("batteries=%d" % b, pr)
        add("holders=%d" % h, pr)
        add("indicators=%d" % i, pr)
        add("plates=%d" % p, pr)
    res["lit share (of indicators)"] = Fraction(3, 5)
    res["serial char 1-2 is a digit"] = Fraction(10, 34)
    for name in sorted(res):
        if res[name] == 0:
            del res[name]
    return res


def measure(n, seed=1):
    """Generate n bombs; returns {name: (count, trials)}."""
    rng = SeededDice(seed)
    counts = {}
    lit = 0
    indicators = 0
    first_digits = 0
    bad_serials = 0

    def hit(name):
        counts[name] = counts.get(name, 0) + 1

    for _ in range(n):
        e = defuse.generate_edgework(rng)
        for port in range(len(defuse.PORT_NAMES)):
            if e.ports & (1 << port):
                hit("port " + defuse.PORT_NAMES[port])
        if e.duplicate_ports:
            hit("duplicate ports")
        hit("batteries=%d" % e.batteries)
        hit("holders=%d" % e.holders)
        hit("indicators=%d" % len(e.indicators))
        hit("plates=%d" % e.plate_count)
        lit += e.lit
        indicators += e.lit + e.unlit
        s = e.serial
        for ch in s[:2]:
            if ch in defuse.SERIAL_DIGITS:
                first_digits += 1
        if not _serial_ok(s):
            bad_serials += 1
    out = {name: (c, n) for name, c in counts.items()}
    out["lit share (of indicators)"] = (lit, indicators)
    out["serial char 1-2 is a digit"] = (first_digits, 2 * n)
    out["serial pattern violated"] = (bad_serials, n)
    return out


def _serial_ok(s):
    if len(s) != 6:
        return False
    for i, ch in enumerate(s):
        if ch in "OY":
            return False
        if i < 2 and ch not in defuse.SERIAL_ALNUM:
            return False
        if i in (2, 5) and ch not in defuse.SERIAL_DIGITS:
            return False
        if i in (3, 4) and ch not in defuse.SERIAL_LETTERS:
            return False
    return True


def z_score(count, trials, p):
    p = float(p)
    if trials == 0 or p <= 0 or p >= 1:
        return 0.0
    se = math.sqrt(p * (1 - p) / trials)
    return (count / trials - p) / se


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=100000, help="number of bombs (default 100000)")
    ap.add_argument("--seed", type=int, default=1, help="SeededDice seed (default 1)")
    args = ap.parse_args(argv)
    exact = model()
    got = measure(args.n, args.seed)
    print("Defuse edgework: %d bombs, SeededDice(%d)" % (args.n, args.seed))
    print("%-28s %10s %10s %7s" % ("quantity", "measured", "model", "z"))
    worst = 0.0
    for name in sorted(set(exact) | set(got), key=_order):
        c, t = got.get(name, (0, args.n))
        p = exact.get(name, Fraction(0))
        z = z_score(c, t, p)
        worst = max(worst, abs(z))
        print("%-28s %9.4f%% %9.4f%% %+7.2f" % (name, 100.0 * c / t if t else 0.0, 100.0 * float(p), z))
    print("largest |z|: %.2f" % worst)
    return 0


def _order(name):
    groups = ("port ", "duplicate", "batteries=", "holders=", "indicators=", "lit", "plates=", "serial")
    for i, g in enumerate(groups):
        if name.startswith(g):
            tail = name[len(g):]
            return (i, int(tail) if tail.isdigit() else 0, name)
    return (len(groups), 0, name)


if __name__ == "__main__":
    sys.exit(main())
