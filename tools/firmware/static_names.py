"""The names (qstrs) a board's CircuitPython firmware keeps in flash, for tools/board_memory.py.

    python tools/firmware/static_names.py --board macropad --build DIR

A name the app uses that the firmware already holds (``width``, ``pressed``, ``keypad`` ...)
costs no heap on the board when a .mpy is loaded; the MicroPython VM that board_memory runs
holds a different set and interns the rest. This reads ``DIR/genhdr/qstrdefs.generated.h`` of a
CircuitPython build for the board (a stock ``make BOARD=...`` or one of
tools/firmware/build_frozen.py's build folders: the names of frozen modules are not in that
header, mpy-tool puts them in a pool of their own) and writes
tools/firmware/static_names/<board>.txt: a header line, then one name a line, sorted. Names with
a backslash escape or outside printable ASCII are left out. A build with modules turned off
holds fewer names, so board_memory takes fewer bytes off, never more.

Host only (needs a CircuitPython build); the files it writes are committed."""

import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import boards  # noqa: E402

OUT_DIR = os.path.join(HERE, "static_names")
QDEF = re.compile(r'^QDEF[01]\(MP_QSTR_\w*, \d+, \d+, "(.*)"\)$')


def names_of(header_path):
    """Sorted names of a qstrdefs.generated.h (printable ASCII, no escapes, not empty)."""
    names = set()
    with open(header_path) as f:
        for line in f:
            m = QDEF.match(line.strip())
            if m and m.group(1) and "\\" not in m.group(1) and all(" " <= c <= "~" for c in m.group(1)):
                names.add(m.group(1))
    return sorted(names)


def read(board):
    """The names of ``board``'s file, or an empty set when there is none (board_memory then
    takes off no names for it)."""
    path = os.path.join(OUT_DIR, board + ".txt")
    if not os.path.exists(path):
        return frozenset()
    with open(path) as f:
        return frozenset(line.rstrip("\n") for line in f if not line.startswith("#"))


def main(argv):
    if len(argv) != 4 or argv[0] != "--board" or argv[2] != "--build":
        raise SystemExit(__doc__)
    board, build = argv[1], argv[3].rstrip("/")
    names = names_of(os.path.join(build, "genhdr", "qstrdefs.generated.h"))
    os.makedirs(OUT_DIR, exist_ok=True)
    with open(os.path.join(OUT_DIR, board + ".txt"), "w") as f:
        f.write("# CircuitPython %s (%s), build %s: %d names\n" % (
            boards.PIN_DESCRIBE, boards.PIN_COMMIT[:10], os.path.basename(build), len(names)))
        for name in names:
            f.write(name + "\n")
    print("%s: %d names from %s" % (board, len(names), build))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
