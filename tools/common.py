"""What many tools share: the repository's root, the boards, their heap budgets and the ceilings
files. ``from tools import common`` (with the repository's root on sys.path)."""

import os

from sim import boards

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

PROFILES = boards.NAMES

# Heap the app may hold at its peak on stock CircuitPython 10 (cd3da4a5) with the board's display up
# (docs/memory.md, "Budgets", has each line's source; sim/boards.py FACTS each board's figure). Each
# is: what a program can hold in small objects, less what CircuitPython holds itself at the prompt
# (gc.mem_alloc(), 496 B) and 512 B for board C objects above what sim/vmhardware.py's fakes count.
# RP2040: measured on the stock images in rp2040js (tools/firmware/rp2040_heap_budget.py); SAMD51:
# its link's RAM less _ebss, the stacks and the run-time loss measured on the Pico; nRF52840: the
# same from its link's _euninitialized; ESP32-S3: its PSRAM.
BUDGETS = boards.table("budget")

# issue 23: the tour must still end in a heap this much smaller than the budget (tools/bench/core.py's
# fixed heap, tools/firmware/emulated_boards.py --smaller's ballast)
SMALLER = 0.2


def read_table(path):
    """{board: (bytes, shipped)} from a ceilings file: ``board bytes`` a line, or ``board bytes
    frozen`` for a board the app ships to frozen into its firmware (docs/firmware.md), whose fit
    tools/memory/frozen_memory.py --fit judges; # starts a comment."""
    table = {}
    with open(path) as f:
        for n, raw in enumerate(f, 1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            parts = line.split()
            if (len(parts) not in (2, 3) or parts[0] not in BUDGETS or not parts[1].isdigit()
                    or parts[2:] not in ([], ["frozen"])):
                raise SystemExit("board_memory: %s:%d: expected 'board bytes [frozen]', got %r" % (
                    path, n, raw.strip()))
            table[parts[0]] = (int(parts[1]), "frozen" if parts[2:] else "mpy")
    return table


def read_ceilings(path):
    """{board: bytes} from a ceilings file (``read_table``)."""
    return {board: entry[0] for board, entry in read_table(path).items()}


def frozen_boards(path):
    """The boards a ceilings file says the app ships to frozen into the firmware."""
    return sorted(board for board, entry in read_table(path).items() if entry[1] == "frozen")
