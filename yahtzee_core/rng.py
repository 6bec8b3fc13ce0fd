"""Die sources. The core never imports ``random``: every random choice comes from an
object with a ``die()`` method returning 1..6 (hardware RNG on a board, seeded on a desktop,
scripted in tests)."""

from .compat import const

_M1 = const(30269)
_M2 = const(30307)
_M3 = const(30323)
_ACCEPT = const(30264)  # largest multiple of 6 below _M1: keeps die() unbiased


class SeededDice:
    """Portable seeded die source: the same seed gives the same dice on every VM.

    Wichmann-Hill style combined LCGs; every product stays below 2**23, so no big ints
    (and no allocation) even on 32-bit ports."""

    def __init__(self, seed=1):
        self.seed(seed)

    def seed(self, seed):
        seed = int(seed) & 0x3FFFFFFF
        self._s1 = seed % (_M1 - 1) + 1
        self._s2 = (seed // 7919) % (_M2 - 1) + 1
        self._s3 = (seed // 104729) % (_M3 - 1) + 1

    def _next(self):
        self._s1 = (171 * self._s1) % _M1
        self._s2 = (172 * self._s2) % _M2
        self._s3 = (170 * self._s3) % _M3
        return (self._s1 + self._s2 + self._s3) % _M1

    def die(self):
        x = self._next()
        while x >= _ACCEPT:
            x = self._next()
        return x % 6 + 1

    def state(self):
        return (self._s1, self._s2, self._s3)

    def set_state(self, state):
        self._s1, self._s2, self._s3 = state


class ScriptedDice:
    """Returns the given die values in order (for tests); raises when the script runs out."""

    def __init__(self, values):
        self.values = list(values)
        self.pos = 0

    def die(self):
        if self.pos >= len(self.values):
            raise IndexError("scripted dice exhausted")
        v = self.values[self.pos]
        self.pos += 1
        return v

    def extend(self, values):
        self.values.extend(values)


def below(rng, n):
    """A uniform int in 0..n-1 built from die rolls by rejection (n >= 1)."""
    if n <= 1:
        return 0
    span = 1
    while span < n:
        span *= 6
    limit = span - span % n
    while True:
        x = 0
        s = 1
        while s < span:
            x = x * 6 + rng.die() - 1
            s *= 6
        if x < limit:
            return x % n


def chance(rng, num, den):
    """True with probability num/den."""
    return below(rng, den) < num
