"""The desktop's die source (and the web page's, the VM board's, a bench seed's): the same seed
gives the same dice on every VM. A board rolls its hardware RNG (``hw/parts.HardwareDice``) and
never loads this module."""

from .rng import LCG_ACCEPT, LCG_M1, LCG_M2, LCG_M3


class SeededDice:
    """Portable seeded die source: the same seed gives the same dice on every VM.

    Wichmann-Hill style combined LCGs; every product stays below 2**23, so no big ints
    (and no allocation) even on 32-bit ports."""

    def __init__(self, seed=1):
        self.seed(seed)

    def seed(self, seed):
        seed = int(seed) & 0x3FFFFFFF
        self._s1 = seed % (LCG_M1 - 1) + 1
        self._s2 = (seed // 7919) % (LCG_M2 - 1) + 1
        self._s3 = (seed // 104729) % (LCG_M3 - 1) + 1

    def _next(self):
        self._s1 = (171 * self._s1) % LCG_M1
        self._s2 = (172 * self._s2) % LCG_M2
        self._s3 = (170 * self._s3) % LCG_M3
        return (self._s1 + self._s2 + self._s3) % LCG_M1

    def die(self):
        x = self._next()
        while x >= LCG_ACCEPT:
            x = self._next()
        return x % 6 + 1

    def state(self):
        return (self._s1, self._s2, self._s3)

    def store_state(self, dest):
        """``state()`` into ``dest[0:3]`` without a tuple (the save after every box)."""
        dest[0] = self._s1
        dest[1] = self._s2
        dest[2] = self._s3

    def set_state(self, state):
        self._s1, self._s2, self._s3 = state
