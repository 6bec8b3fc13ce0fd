"""The desktop's NVM: a ``MemoryNVM`` kept in a file (``python code.py --nvm PATH``)."""

import os

from hw.nvm import MemoryNVM


class FileNVM(MemoryNVM):
    """A ``MemoryNVM`` saved to ``path`` after every write (written to a temporary file, then
    renamed, so a crash of the simulator never leaves a half-written file)."""

    def __init__(self, path, size, fill=0xFF):
        super().__init__(size, fill)
        self.path = path
        try:
            with open(path, "rb") as f:
                saved = f.read(size)
            self.data[: len(saved)] = saved
        except OSError:
            pass

    def __setitem__(self, index, value):
        try:
            super().__setitem__(index, value)
        finally:
            self._save()

    def _save(self):
        folder = os.path.dirname(self.path)
        if folder:
            os.makedirs(folder, exist_ok=True)
        tmp = self.path + ".tmp"
        with open(tmp, "wb") as f:
            f.write(self.data)
        os.replace(tmp, self.path)
