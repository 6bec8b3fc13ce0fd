"""The names (qstrs) a board's CircuitPython firmware keeps in flash, for tools/memory/board_memory.py.

    python tools/firmware/static_names.py --board macropad --build DIR
    python tools/firmware/static_names.py --board macropad --elf FIRMWARE.elf

A name the app uses that the firmware already holds (``width``, ``pressed``, ``keypad`` ...)
costs no heap on the board when a .mpy is loaded; the MicroPython VM that board_memory runs
holds a different set and interns the rest. This reads ``DIR/genhdr/qstrdefs.generated.h`` of a
CircuitPython build for the board (a stock ``make BOARD=...`` or one of
tools/firmware/build_frozen.py's build folders: the names of frozen modules are not in that
header, mpy-tool puts them in a pool of their own) and writes
tools/firmware/static_names/<board>.txt: a header line, then one name a line, sorted. Names with
a backslash escape or outside printable ASCII are left out. A build with modules turned off
holds fewer names, so board_memory takes fewer bytes off, never more. ``--elf`` reads the names
from a firmware's ELF instead (its ``mp_qstr_const_pool`` and the pools before it): the stock
images of ../shared/circuitpython/firmware/ give the MacroPad's and the Pico's exact lists.

Host only (needs a CircuitPython build); the files it writes are committed."""

import os
import re
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import boards

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


def names_of_elf(path):
    """Sorted names of a 32-bit little-endian firmware ELF's flash qstr pools: the pool
    ``mp_qstr_const_pool`` (py/qstr.h ``qstr_pool_t``: prev, total_prev_len, alloc, len, hashes,
    lengths, then a pointer per name) and every pool before it (printable ASCII, no escapes)."""
    with open(path, "rb") as f:
        d = f.read()
    if d[:6] != b"\x7fELF\x01\x01":
        raise SystemExit("%s: not a 32-bit little-endian ELF" % path)
    shoff, = struct.unpack_from("<I", d, 0x20)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", d, 0x2E)
    sections = [struct.unpack_from("<10I", d, shoff + i * shentsize) for i in range(shnum)]

    def cstring(offset):
        return d[offset:d.index(b"\0", offset)]

    by_name = {cstring(sections[shstrndx][4] + s[0]).decode(): s for s in sections}
    symtab, strtab = by_name[".symtab"], by_name[".strtab"]
    pool = None
    for off in range(symtab[4], symtab[4] + symtab[5], 16):
        name, value = struct.unpack_from("<II", d, off)
        if cstring(strtab[4] + name) == b"mp_qstr_const_pool":
            pool = value
    loaded = [s for s in sections if s[1] == 1 and s[3] and s[5]]  # PROGBITS with an address

    def at(addr):
        for s in loaded:
            if s[3] <= addr < s[3] + s[5]:
                return s[4] + addr - s[3]
        raise SystemExit("%s: address %#x is in no section" % (path, addr))

    names = set()
    while pool:
        prev, _, _, count, _, _ = struct.unpack_from("<6I", d, at(pool))
        for ptr in struct.unpack_from("<%dI" % count, d, at(pool) + 24):
            text = cstring(at(ptr))
            if text and all(0x20 <= c <= 0x7E for c in text) and b"\\" not in text:
                names.add(text.decode())
        pool = prev
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
    if len(argv) != 4 or argv[0] != "--board" or argv[2] not in ("--build", "--elf"):
        raise SystemExit(__doc__)
    board, source = argv[1], argv[3].rstrip("/")
    if argv[2] == "--elf":
        names = names_of_elf(source)
        what = os.path.basename(source)
    else:
        names = names_of(os.path.join(source, "genhdr", "qstrdefs.generated.h"))
        what = "build " + os.path.basename(source)
    os.makedirs(OUT_DIR, exist_ok=True)
    with open(os.path.join(OUT_DIR, board + ".txt"), "w") as f:
        f.write("# CircuitPython %s (%s), %s: %d names\n" % (
            boards.PIN_DESCRIBE, boards.PIN_COMMIT[:10], what, len(names)))
        for name in names:
            f.write(name + "\n")
    print("%s: %d names from %s" % (board, len(names), source))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
