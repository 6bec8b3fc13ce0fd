"""Which strategy tables need (re)building (host only; was ``hw.tables.stale``, moved here so a
board does not load its code):

    python tools/strategy/stale_tables.py [FOLDER]      # prints the names comma-separated (tools/test,
                                               # tools/play); tools/ship/deploy.py imports stale()
"""

import os
import sys
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from hw.tables import FOLDER
from yahtzee_core import rules, strategy
from yahtzee_core.table_bytes import BytesSource


def stale(folder=None):
    """Names of the tables (``strategy.TABLE_NAMES``) missing from ``folder`` or not matching
    the current rules: header, rules fingerprint, size and CRC-32 (reads whole files)."""
    folder = folder or FOLDER
    out = []
    for (variant, joker), name in sorted(strategy.TABLE_NAMES.items(), key=lambda kv: kv[1]):
        rs = rules.by_id(variant, joker)
        path = folder + "/" + name + ".bin"
        try:
            with open(path, "rb") as fh:
                data = fh.read()
            values = strategy.TableValues(BytesSource(data), rs)
            crc = data[28] | (data[29] << 8) | (data[30] << 16) | (data[31] << 24)
            ok = values.size == len(data) and zlib.crc32(data[strategy.HEADER_SIZE:]) & 0xFFFFFFFF == crc
        except (OSError, ValueError):
            ok = False
        if not ok:
            out.append(name)
    return out


if __name__ == "__main__":
    print(",".join(stale(sys.argv[1] if len(sys.argv) > 1 else None)))
