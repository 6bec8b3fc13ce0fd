"""A strategy table held in memory, and the full CRC-32 of the table header's check: for tests
and tools only (a board reads its tables from files, ``hw/tables.py``, and never loads this).

    values = strategy.TableValues(BytesSource(data), rs)
"""

from .save import crc32_into


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
    """zlib's CRC-32 (``save.crc32_into``'s four bytes as one number)."""
    out = bytearray(4)
    crc32_into(data, 0, len(data), out, 0)
    return out[0] | (out[1] << 8) | (out[2] << 16) | (out[3] << 24)
