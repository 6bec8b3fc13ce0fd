"""Defuse mode's saved record, on its own: Defuse mode reads and writes it without the
statistics and high scores (``save.Records.defuse``; ``records.py`` holds all three for the
screens that show them). Its bytes are the last of ``save.Records.packed``: the saved game's
coached bits, then this record. ``load_stats``/``save_stats`` move it between a store and
Defuse mode's screen."""

from .compat import const
from .save import COACHED_BITS

DEFUSE_BEST_MAX_S = const(5999)  # 99:59, ui/defuse_stats.MAX_BEST_MS in whole seconds


class Defuse:
    """Defuse mode's lifetime numbers as saved: bombs started, defused and exploded, strikes
    made (each stopping at ``2**defuse_bits - 1``: 4,095 on a 256-byte NVM) and the best defuse
    time in whole seconds (0 = none yet; at most ``2**defuse_best_bits - 1`` and 99:59).

        rec.set(*stats.values())      # ui/defuse_stats.DefuseStats -> record (capped, consistent)
        stats.load(*rec.values())     # record -> DefuseStats (best time back in ms)
    """

    def __init__(self, layout):
        self.layout = layout
        self.reset()

    def reset(self):
        self.bombs = 0
        self.defused = 0
        self.exploded = 0
        self.strikes = 0
        self.best_s = 0

    def best_max(self):
        m = (1 << self.layout.defuse_best_bits) - 1
        return m if m < DEFUSE_BEST_MAX_S else DEFUSE_BEST_MAX_S

    def set(self, bombs, defused, exploded, strikes, best_ms):
        """Take ``DefuseStats.values()``, capped so that the record stays consistent (defused +
        exploded <= bombs; a best time exactly when something was defused)."""
        cap = (1 << self.layout.defuse_bits) - 1
        b = bombs if 0 <= bombs < cap else (cap if bombs > 0 else 0)
        d = defused if 0 <= defused < b else (b if defused > 0 else 0)
        e = exploded if 0 <= exploded < b - d else (b - d if exploded > 0 else 0)
        self.bombs = b
        self.defused = d
        self.exploded = e
        self.strikes = strikes if 0 <= strikes < cap else (cap if strikes > 0 else 0)
        best = 0
        if d:
            best = best_ms // 1000 if best_ms > 0 else 0
            best = 1 if best < 1 else (best if best < self.best_max() else self.best_max())
        self.best_s = best

    def values(self):
        """``(bombs, defused, exploded, strikes, best_ms)`` for ``DefuseStats.load``."""
        return (self.bombs, self.defused, self.exploded, self.strikes, self.best_s * 1000)

    def bits(self):
        return 4 * self.layout.defuse_bits + self.layout.defuse_best_bits

    def pack(self, w):
        n = self.layout.defuse_bits
        w.put(self.bombs, n)
        w.put(self.defused, n)
        w.put(self.exploded, n)
        w.put(self.strikes, n)
        w.put(self.best_s, self.layout.defuse_best_bits)

    def unpack(self, r):
        """Read and validate; reset (False) when inconsistent."""
        n = self.layout.defuse_bits
        self.bombs = r.get(n)
        self.defused = r.get(n)
        self.exploded = r.get(n)
        self.strikes = r.get(n)
        self.best_s = r.get(self.layout.defuse_best_bits)
        ok = (not r.overrun and self.defused + self.exploded <= self.bombs
              and (self.defused == 0) == (self.best_s == 0) and self.best_s <= self.best_max())
        if not ok:
            self.reset()
        return ok


def read(layout, buf, r):
    """The ``Defuse`` record held in ``buf`` (``save.Records.packed``), read with the bit reader
    ``r`` (reset here)."""
    rec = Defuse(layout)
    pos = layout.stats_len + layout.scores_len
    r.reset(buf, pos, len(buf))
    r.get(COACHED_BITS)
    rec.unpack(r)  # valid: what write wrote, or zeros (the defaults)
    return rec


def write(rec, layout, buf, w):
    """Pack ``rec`` into its bytes of ``buf`` as ``records.write_book`` does, with the bit writer
    ``w`` (reset here; a save reuses ``save.Records.writer``: nothing allocated)."""
    pos = layout.stats_len + layout.scores_len
    w.reset(buf, pos, len(buf))
    w.put(0, COACHED_BITS)
    rec.pack(w)
    w.flush()


# -- Defuse mode's statistics in the store (``nvm_store.NvmStore``), here: a game holds neither --


def load_stats(store, stats):
    """Put the saved Defuse statistics into ``stats`` (``ui/defuse_stats.DefuseStats``:
    ``load(bombs, defused, exploded, strikes, best_ms)``). Returns what ``load`` returns."""
    d = store.records.defuse
    return stats.load(d.bombs, d.defused, d.exploded, d.strikes, d.best_s * 1000)


def save_stats(store, stats):
    """Save ``stats.values()`` (after each finished bomb; never per frame): one write, with the
    counters capped to the layout's fields and the best time in whole seconds. Returns what
    ``store.save()`` returns."""
    v = stats.values()
    store.records.defuse.set(v[0], v[1], v[2], v[3], v[4])
    return store.save()
