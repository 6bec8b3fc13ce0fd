"""The backup copy of the newest NVM slot in a file on the CIRCUITPY drive, on the boards whose NVM
write erases both slots at once (docs/nvm_layout.md, "The backup file"); boot.py gives the drive to
the game's code for it (hw/boot_drive.py)."""

import os

from yahtzee_core.compat import const

BACKUP_FILE = "/yahtzee.sav"
EROFS = const(30)  # CircuitPython's errno when code writes a drive the computer owns
FILE_BYTES = const(8192)  # the backup file: 16 blocks of 512 B (tools/ship/deploy.py ships it blank)
COPY_AT = const(3584)  # its 8th block: in 15 or more contiguous blocks, that block's 4 KB erase
# sector holds nothing but the file's own blocks (docs/nvm_layout.md, "The backup file")
BLOCK = const(512)


class FileCopy:
    """The backup copy of the newest slot in a file on the CIRCUITPY drive (the boards whose NVM
    write erases both slots at once, docs/nvm_layout.md). ``read()`` gives its bytes or None
    (missing, unreadable); ``write(buf)`` puts them on the flash before it returns, and raises
    OSError (errno 30: the drive is the computer's).

    The file is FILE_BYTES long and the copy sits at COPY_AT, whole 512-byte blocks. The file
    is opened once and never closed: FatFs then writes the blocks straight to the drive and
    ``os.sync()`` flushes CircuitPython's sector cache, so a save rewrites only the flash sector
    inside the file; closing or flushing the file (``f_sync``) would also rewrite its directory
    entry, in the sector that holds code.py's."""

    def __init__(self, path, size):
        self.path = path
        self.size = size
        self._pad = bytes(-size % BLOCK)  # a partial block would wait in FatFs's buffer
        self._file = None
        self._sync = getattr(os, "sync", None)  # CircuitPython 10: the drive's sector cache to the flash

    def writable(self):
        """False when code cannot write the drive now, None when this cannot be told."""
        try:
            import storage

            return not storage.getmount("/").readonly
        except Exception:
            return None

    def read(self):
        try:
            with open(self.path, "rb") as f:
                length = f.seek(0, 2)
                if length == FILE_BYTES:
                    f.seek(COPY_AT)
                elif length == self.size:  # written by a version before the 8 KB file
                    f.seek(0)
                else:
                    return None
                data = f.read(self.size)
        except Exception:  # OSError; a damaged FAT can raise others on some ports
            return None
        return data if len(data) == self.size else None

    def write(self, buf):
        f = self._file
        if f is None:
            f = self._file = self.prepare()
        f.seek(COPY_AT)
        f.write(buf)
        if self._pad:
            f.write(self._pad)
        if self._sync is not None:
            self._sync()  # not f_sync: the file's directory entry stays as it is

    def prepare(self):
        """The file, opened for writing in place; made (zeros: no copy; an older version's copy
        kept) when missing or of another size: the one time a save writes the drive's FAT and
        directory (tools/ship/deploy.py ships the file made)."""
        try:
            size = os.stat(self.path)[6]
        except OSError:
            size = -1
        if size != FILE_BYTES:
            old = self.read() if size == self.size else None
            with open(self.path, "wb") as f:
                for at in range(0, FILE_BYTES, BLOCK):
                    f.write(old + self._pad if old is not None and at == COPY_AT else bytes(BLOCK))
        return open(self.path, "r+b", 0)  # unbuffered where that means something (CPython)
