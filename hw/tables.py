"""Strategy tables from files: ``/tables/<name>.bin`` on a board, ``build/tables`` on a desktop.

    tables = Tables()                      # the default folder for this machine
    values = tables.values_for(rs)         # strategy.TableValues, or None (no usable table)

A table is read on demand (seek + readinto into the engine's preallocated buffers), never
loaded whole: a turn reads a few hundred bytes. One table is open at a time; asking for another
rule set closes it. A missing table, or one for other rules (header, rules fingerprint or size
wrong), gives None: the hard player then plays as medium. Before a table is first used its
body's CRC-32 (the header's) is checked, read in 512-byte pieces (``binascii.crc32``); a damaged
table gives None too and ``notice()`` is called once (``checked`` remembers each table's
verdict across ``Tables`` objects: ui/strategy_set.py keeps it for the power-on). Built by
``python tools/strategy/solve.py --write-tables``; copied to boards by ``tools/ship/deploy.py``; which need
(re)building: ``python tools/strategy/stale_tables.py`` (host only, not shipped)."""

import os
import sys

from yahtzee_core import strategy

BOARD_FOLDER = "/tables"
# the tables' folder: ``/tables`` under CircuitPython (and MicroPython: the VM mounts them there),
# the repository's build/tables elsewhere (worked out on import: no code of it is held)
if sys.implementation.name in ("circuitpython", "micropython"):
    FOLDER = BOARD_FOLDER
else:
    FOLDER = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "build", "tables")


class FileSource:
    """``read(offset, buf)``: fill ``buf`` from byte ``offset`` of an open file (no allocation)."""

    def __init__(self, path):
        self.file = open(path, "rb")
        self.file.seek(0, 2)
        self.size = self.file.tell()

    def read(self, offset, buf):
        f = self.file
        f.seek(offset)
        n = f.readinto(buf)
        return n or 0

    def close(self):
        self.file.close()


class Tables:
    """The tables of one folder; ``values_for(rs)`` opens the one for ``rs`` (cached)."""

    def __init__(self, folder=None, checked=None, notice=None):
        self.checked = checked if checked is not None else {}  # path -> body intact
        self.notice = notice
        self.folder = folder or FOLDER
        self.rs = None
        self.values = None
        self.source = None
        self.opened = 0  # tables opened (tests)

    def path_for(self, rs):
        name = strategy.table_name(rs)
        if name is None:
            return None
        return self.folder + "/" + name + ".bin"

    def names(self):
        """The table names present (start-up, messages)."""
        try:
            files = os.listdir(self.folder)
        except OSError:
            return []
        names = []
        for f in files:
            if f.endswith(".bin"):
                names.append(f[:-4])
        names.sort()
        return names

    def values_for(self, rs):
        if rs is self.rs:
            return self.values
        self.close()
        self.rs = rs
        path = self.path_for(rs)
        if path is None or self.checked.get(path) is False:
            return None
        try:
            src = FileSource(path)
        except OSError:
            return None
        try:
            values = strategy.TableValues(src, rs, path not in self.checked)  # the CRC: once a power-on
            if values.size != src.size:
                raise ValueError("strategy table has the wrong size")
            if path not in self.checked:
                self.checked[path] = values.intact
                if not values.intact:
                    if self.notice is not None:
                        self.notice()
                    raise ValueError("damaged (CRC)")
        except ValueError as e:
            print("strategy table %s not used: %s" % (path, e))
            src.close()
            return None
        self.source = src
        self.values = values
        self.opened += 1
        return values

    def close(self):
        if self.source is not None:
            self.source.close()
        self.source = None
        self.values = None
        self.rs = None

