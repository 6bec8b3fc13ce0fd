"""Power-cut models of CircuitPython's ``nvm`` writes and of the backup file, for tests and
``tools/reports/nvm_fuzz.py`` (host only: never shipped to a board). docs/nvm_layout.md says what each
port's write does and where in CircuitPython's sources that is."""

from hw.backup_file import EROFS
from hw.nvm import MemoryNVM, PowerCut, _bounds


class Power:
    """Shared by the doubles of one board (``FlashNVM``, ``MemoryFileCopy``): after a cut in
    one of them, every write to any of them raises ``PowerCut`` and changes nothing (the board
    is off), until ``on()``."""

    def __init__(self):
        self.off = False

    def on(self):
        self.off = False


# -- what a power cut leaves on each port (docs/nvm_layout.md, "What a write does") ----------

UNREADABLE = None  # a cut state in which reading raises (ESP32 NVS: a blob with a chunk erased)
ZEROS = b""  # in ERASE_STATES: NVS erased, no blob (reads as zeros)
# what a cut inside ``espidf.erase_nvs()`` leaves: the blob's pages partly erased, or all of them
ERASE_STATES = (UNREADABLE, ZEROS)

# model name -> (erase unit, program unit) in bytes; see FlashNVM
PORT_MODELS = {
    "bytes": (0, 1),  # byte-ordered, only the slice (the old MemoryNVM model)
    "atomic": (0, 0),  # desktop FileNVM: temporary file, then rename
    "nordic": (4096, 4),  # each 4 KB page the write touches: erased, programmed in words
    "samd51": (8192, 16),  # the whole 8 KB block: erased, programmed in quad-words
    "rp2040": (4096, 256),  # the 4 KB sector: erased, programmed in 256-byte pages
    "nvs": (0, 32),  # ESP32 NVS: the namespace erased, then the whole blob written
}


def _torn(unit, rng):
    """A unit cut mid-operation: an erase sets bits to 1 and a program clears them, so a torn
    unit is the old bytes with some bits already set (erase) or the new bytes with some bits
    not yet cleared (program): the given bytes with random bits set."""
    out = bytearray(unit)
    for i in range(len(out)):
        out[i] |= rng.getrandbits(8) & rng.getrandbits(8)
    return bytes(out)


class FlashNVM(MemoryNVM):
    """``MemoryNVM`` whose power cuts follow one CircuitPython port's ``nvm`` write (``model``,
    a key of ``PORT_MODELS``). ``cut_states(start, value)`` lists every state a cut can leave
    (a full image, or ``UNREADABLE``); ``cut_at(k)`` makes the next write stop in state k and
    raise ``PowerCut``. Reads of an ``UNREADABLE`` NVM raise ``OSError`` (so do writes, as
    CircuitPython reads the blob before writing it)."""

    def __init__(self, size, model, fill=0xFF, seed=0, power=None):
        super().__init__(size, fill)
        self.power = power if power is not None else Power()
        self.model = model
        self.erase_unit, self.prog_unit = PORT_MODELS[model]
        self.seed = seed
        self.broken = False
        self._cut = None

    def cut_at(self, k):
        """Arm: the next write (or ``erase``) stops in its k-th cut state (None disarms)."""
        self._cut = k

    def erase(self):
        """What ``espidf.erase_nvs()`` does on the ESP32 (model "nvs" only): NVS erased and
        made again, so the NVM reads as zeros (no blob) and can be written. A cut during it
        leaves one of ``ERASE_STATES``."""
        if self.power.off:
            raise PowerCut("the board is off")
        if self.model != "nvs":
            raise OSError(19, "no erase on this port")
        k, self._cut = self._cut, None
        self.writes += 1
        if k is not None and k < len(ERASE_STATES):
            state = ERASE_STATES[k]
            self.broken = state is UNREADABLE
            if state is not UNREADABLE:
                self.data[:] = bytes(len(self.data))
            self.power.off = True
            raise PowerCut("power cut in state %d of an NVS erase" % k)
        self.broken = False
        self.data[:] = bytes(len(self.data))

    def __getitem__(self, index):
        if self.broken:
            raise OSError(5, "NVS read failed")
        return super().__getitem__(index)

    def __setitem__(self, index, value):
        if self.power.off:
            raise PowerCut("the board is off")
        if self.broken:
            raise OSError(5, "NVS read failed")
        if self._cut is None:
            return super().__setitem__(index, value)
        start, stop = _bounds(index, len(self.data)) if isinstance(index, slice) else (index, index + 1)
        value = bytes(value) if isinstance(index, slice) else bytes((value,))
        k, self._cut = self._cut, None
        self.writes += 1
        for i, state in enumerate(self.cut_states(start, value)):
            if i == k:
                if state is UNREADABLE:
                    self.broken = True
                else:
                    self.data[:] = state
                self.power.off = True
                raise PowerCut("power cut in state %d of a %s write" % (k, self.model))
        self.data[start:start + len(value)] = value  # k past the last state: the write completes

    def cut_states(self, start, value):
        """Every state a power cut during ``self[start:start+len(value)] = value`` can leave."""
        import random

        rng = random.Random(self.seed * 1000003 + start * 7 + len(value))
        old = bytes(self.data)
        new = bytearray(old)
        new[start:start + len(value)] = value
        new = bytes(new)
        stop = start + len(value)
        model = self.model
        if model == "bytes":
            for k in range(len(value)):
                yield old[:start] + value[:k] + old[start + k:]
        elif model == "atomic":
            for _k in range(len(value) + 1):  # the temporary file holds k bytes; the file is old
                yield old
        elif model == "nvs":
            for _chunk in range(3):  # nvs_erase_all: the blob's data chunks go first
                yield UNREADABLE
            for _entry in range(len(old) // self.prog_unit + 4):  # erased, then rewritten
                yield bytes(len(old))  # no blob: CircuitPython reads zeros
        elif model == "rp2040" and all(b == 0xFF for b in old[start:stop]):
            page = self.prog_unit
            first = start - start % page
            image = bytearray(old)
            for p in range(first, stop, page):  # only the pages written, in order
                yield bytes(image[:p]) + _torn(new[p:p + page], rng) + bytes(image[p + page:])
                image[p:p + page] = new[p:p + page]
                yield bytes(image)
        else:
            unit = self.erase_unit
            prog = self.prog_unit
            first = start - start % unit
            image = bytearray(old)
            for u in range(first, stop, unit):  # each erase unit the write touches, in order
                yield bytes(image[:u]) + _torn(old[u:u + unit], rng) + bytes(image[u + unit:])
                image[u:u + unit] = b"\xff" * unit
                yield bytes(image)
                for p in range(u, u + unit, prog):
                    yield bytes(image[:p]) + _torn(new[p:p + prog], rng) + bytes(image[p + prog:])
                    image[p:p + prog] = new[p:p + prog]
                    yield bytes(image)


class MemoryFileCopy:
    """``FileCopy`` in memory, for tests: ``data`` (None: no file), ``readonly`` (writes raise
    OSError 30, as on a drive the computer owns), ``cut_states(value)`` (hw.backup_file.FileCopy's block
    rewritten in place on flash with 4 KB erase sectors: the sector inside the file erased, its
    pages programmed; the file is never closed, so its directory entry is not rewritten) and
    ``cut_at(k)`` like ``FlashNVM``."""

    def __init__(self, size, data=None, readonly=False, seed=0, power=None):
        self.power = power if power is not None else Power()
        self.size = size
        self.data = data
        self.readonly = readonly
        self.writes = 0
        self.seed = seed
        self._cut = None

    def writable(self):
        return not self.readonly

    def read(self):
        return self.data

    def cut_at(self, k):
        self._cut = k

    def write(self, buf):
        if self.power.off:
            raise PowerCut("the board is off")
        if self.readonly:
            raise OSError(EROFS, "Read-only filesystem")
        buf = bytes(buf)
        k, self._cut = self._cut, None
        self.writes += 1
        if k is not None:
            for i, state in enumerate(self.cut_states(buf)):
                if i == k:
                    self.data = state
                    self.power.off = True
                    raise PowerCut("power cut in state %d of a file write" % k)
        self.data = buf

    def cut_states(self, value):
        import random

        rng = random.Random(self.seed * 7919 + len(value))
        old = self.data if self.data is not None and len(self.data) == len(value) else None
        yield _torn(old, rng) if old is not None else None  # data sector torn mid-erase
        image = bytearray(b"\xff" * len(value))
        yield bytes(image)
        page = 256
        for p in range(0, len(value), page):
            yield bytes(image[:p]) + _torn(value[p:p + page], rng) + bytes(image[p + page:])
            image[p:p + page] = value[p:p + page]
            yield bytes(image)
