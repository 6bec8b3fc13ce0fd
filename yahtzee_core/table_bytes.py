"""A strategy table held in memory, and the full CRC-32 of the table header's check: for tests
and tools only (a board reads its tables from files, ``hw/tables.py``, and never loads this).

    values = strategy.TableValues(BytesSource(data), rs)
"""

from .strategy import _crc32_halves


class BytesSource:
    """A table held in memory (bytes, bytearray or memoryview): ``read(offset, buf)``."""

    def __init__(self, data):
        self.data = data
        self.size = len(data)

    def read(self, offset, buf):
        data = self.data
        n = len(buf)
        if offset + n > self.size:
            n = self.size - offset
        for i in range(n):
            buf[i] = data[offset + i]
        return n


def crc32(data):
    """zlib's CRC-32 (the 32 bits of ``strategy._crc32_halves``)."""
    hi, lo = _crc32_halves(data)
    return (hi << 16) | lo
