#!/usr/bin/env python3
"""Bytes used per saved record on each NVM size, measured by encoding real records.

    python tools/reports/nvm_report.py                 # 256-byte (PyGamer/PyBadge), 4 KB and 8 KB NVM
    python tools/reports/nvm_report.py --sizes 256 1024

Game snapshot sizes come from encoding a game of every variant with 1-4 seats, with and without
duplicate play; the slot totals use the largest. docs/nvm_layout.md explains each field.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

from yahtzee_core import engine as E
from yahtzee_core import host_helpers
from yahtzee_core import records as R
from yahtzee_core import rules, save, save_layouts
from yahtzee_core.seeded_dice import SeededDice


def snapshot_sizes():
    """{(variant, seats, duplicate): bytes} for fresh games (the size does not depend on scores)."""
    sizes = {}
    for name in rules.VARIANT_IDS:
        for seats in range(1, E.MAX_SEATS + 1):
            for dup in (False, True):
                g = E.Game(rules.get(name), SeededDice(1), seats=seats, duplicate=dup)
                sizes[(name, seats, dup)] = len(host_helpers.snapshot(g))
    return sizes


def measured_slot(layout, game_bytes, rng=False):
    """Encode records with a game of ``game_bytes`` (and a dice state) and return the slot's
    used bytes (every record has a fixed size, whatever its values)."""
    rec = save.Records(layout)
    rec.game_len = game_bytes
    if rng:
        rec.rng[0], rec.rng[1], rec.rng[2] = SeededDice(1).state()
    buf = bytearray(layout.slot_bytes)
    length = save.encode_slot(rec, buf)
    assert length >= 0
    return save.HEADER + length + save.CRC_BYTES


def report(size, sizes):
    lay = save_layouts.layout_for(size)
    if lay is None:
        print("%d-byte NVM: too small for two slots of %d bytes: records kept in RAM only" % (size,
                                                                                              save_layouts.SMALL.slot_bytes))
        return
    nv = R.NUM_VARIANTS
    stats_bits = R.Stats(lay).bits()
    hs = R.HighScores(lay)
    worst = max(sizes.values())
    least = min(sizes.values())
    used_max = measured_slot(lay, worst)
    used_none = measured_slot(lay, 0)
    room = lay.game_room
    with_rng = max(n for n in sizes.values() if n + save.RNG_BYTES <= room)
    used_rng = measured_slot(lay, with_rng, True)
    dropped = sorted(k for k, n in sizes.items() if n + save.RNG_BYTES > room)
    print("%d-byte NVM: %s layout, two %d-byte slots at offsets 0 and %d" % (size, lay.name, lay.slot_bytes, size // 2))
    rows = [
        ("header (magic, format, seq, length)", save.HEADER, "8+8+16+16 bits"),
        ("settings", save.SETTINGS_BYTES, "48 bits used (the last two were reserved in version 1)"),
        ("statistics, %d variants" % nv, lay.stats_len,
         "%d bits: per variant games %d, total %d, Yahtzees %d, bonus games %d, histogram %dx%d"
         % (stats_bits, lay.games_bits, lay.total_bits, lay.count_bits, lay.count_bits, lay.hist_bins, lay.hist_bits)),
        ("high scores, %d x top %d" % (nv, lay.hs_size), lay.scores_len,
         "%d bits: %d-bit entries (score 11, initials 15, coach 1%s)"
         % (hs.bits(), hs.entry_bits(), ", date 15" if lay.hs_dates else "")),
    ]
    rows.append(("coached seats + defuse statistics", lay.defuse_len,
                 "%d bits: coached 4, bombs/defused/exploded/strikes %d each, best time %d (s)"
                 % (lay.defuse_record_bits, lay.defuse_bits, lay.defuse_best_bits)))
    rows.append(("seeded-dice state (desktop only)", save.RNG_BYTES,
                 "kind 0 + 3 x 15 bits, with a game, when it fits (room - snapshot >= %d)" % save.RNG_BYTES))
    rows.append(("or a challenge code", save.CHALLENGE_BYTES,
                 "kind 1 + 30 bits, with a challenge game, when it fits (room - snapshot >= %d)"
                 % save.CHALLENGE_BYTES))
    rows.append(("game in progress (snapshot)", "%d-%d" % (least, worst),
                 "0 when no game; room %d" % lay.game_room))
    rows.append(("CRC-32", save.CRC_BYTES, ""))
    for name, n, note in rows:
        print("  %-38s %6s  %s" % (name, n, note))
    print("  %-38s %6d  of %d (%d free with the largest game)" % ("slot used, largest game", used_max, lay.slot_bytes,
                                                                  lay.slot_bytes - used_max))
    print("  %-38s %6d  (game of %d bytes + dice state)" % ("slot used, largest with dice state", used_rng, with_rng))
    print("  %-38s %6d" % ("slot used, no game", used_none))
    print("  %-38s %6d  of %d bytes of NVM (two slots)" % ("NVM used at most", 2 * max(used_max, used_rng), size))
    if dropped:
        print("  no room for the dice state beside: %s" % ", ".join(
            "%s %d seats%s" % (k[0], k[1], " duplicate" if k[2] else "") for k in dropped))
    no_code = sorted(k for k, n in sizes.items() if n + save.CHALLENGE_BYTES > room)
    if no_code:
        print("  no room for a challenge code beside: %s" % ", ".join(
            "%s %d seats%s" % (k[0], k[1], " duplicate" if k[2] else "") for k in no_code))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[256, 4096, 8192])
    args = ap.parse_args(argv)
    sizes = snapshot_sizes()
    print("game snapshot bytes (1-4 seats; duplicate play adds this round's 15 dice):")
    for name in rules.VARIANT_IDS:
        plain = " ".join("%2d" % sizes[(name, s, False)] for s in range(1, 5))
        dup = " ".join("%2d" % sizes[(name, s, True)] for s in range(1, 5))
        print("  %-8s plain %s   duplicate %s" % (name, plain, dup))
    for size in args.sizes:
        print()
        report(size, sizes)


if __name__ == "__main__":
    main()
