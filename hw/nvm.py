"""A byte store that behaves like ``microcontroller.nvm``: ``len()``, slice read, slice write.

``MemoryNVM`` keeps the bytes in memory (a board built without ``nvm``; the desktop's
``sim/file_nvm.FileNVM`` adds a file), and can "cut the power" part-way through a write (tests
of crash-safe saves)."""


class PowerCut(Exception):
    """Raised by ``MemoryNVM`` when the armed byte budget runs out mid-write."""


def _bounds(index, size):
    """(start, stop) of a contiguous slice, clamped like a bytearray slice (no
    ``slice.indices``: not every CircuitPython build has it)."""
    if index.step not in (None, 1):
        raise ValueError("nvm slices must be contiguous")
    start = 0 if index.start is None else index.start
    stop = size if index.stop is None else index.stop
    if start < 0:
        start += size
    if stop < 0:
        stop += size
    start = min(max(start, 0), size)
    return start, min(max(stop, start), size)


class MemoryNVM:
    """``size`` bytes, erased to ``fill``. ``cut_after(n)``: the next writes store n more bytes,
    then raise ``PowerCut`` (bytes before the cut stay written, the rest of that write is lost).
    ``writes`` counts slice/index assignments (each is one erase/write on a real board)."""

    def __init__(self, size, fill=0xFF):
        self.data = bytearray(size)
        if fill:
            for i in range(size):
                self.data[i] = fill
        self.writes = 0
        self._budget = None

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return bytes(self.data[index])
        return self.data[index]

    def __setitem__(self, index, value):
        if isinstance(index, slice):
            start, stop = _bounds(index, len(self.data))
            value = bytes(value)
            if len(value) != stop - start:
                raise ValueError("nvm slice assignment must keep the length")
        else:
            if index < 0:
                index += len(self.data)
            if not 0 <= index < len(self.data):
                raise IndexError("nvm index out of range")
            start, value = index, bytes((value,))
        self.writes += 1
        if self._budget is not None and self._budget < len(value):
            kept = self._budget
            self.data[start:start + kept] = value[:kept]
            self._budget = 0
            raise PowerCut("power cut after %d of %d bytes" % (kept, len(value)))
        self.data[start:start + len(value)] = value
        if self._budget is not None:
            self._budget -= len(value)

    def cut_after(self, n):
        """Arm a power cut after ``n`` more bytes are written (None disarms)."""
        self._budget = n
