"""Defuse mode's options and statistics: plain small ints, nothing else.

    opts = DefuseOptions()            # timer off, 3 strikes, practice on, strict off
    opts.time_limit_s()               # 0, 180 or 300
    stats = DefuseStats()
    stats.bomb_started(); stats.strike(); stats.bomb_defused(elapsed_ms)

The app loads them from the saved records at start-up and saves them after each bomb
(``defuse_record.load_stats`` / ``save_stats``)."""

from yahtzee_core.compat import const

TIMER_S = (0, 180, 300)
TIMER_NAMES = (b"off", b"3:00", b"5:00")
STRIKE_LIMITS = (1, 2, 3, 4, 5, 0)  # 0: the bomb never explodes from strikes
STRIKE_NAMES = (b"1", b"2", b"3", b"4", b"5", b"none")
STRIKES_DEFAULT = const(2)  # index of 3 strikes, as on the original module

MAX_COUNT = const(999999)  # counters stop here (small ints on every port)
MAX_BEST_MS = const(5999999)  # 99:59.999
NO_BEST = const(0)


class DefuseOptions:
    """The defuse menu's choices (indexes into the tables above, and two flags)."""

    def __init__(self):
        self.timer = 0
        self.strikes = STRIKES_DEFAULT
        self.practice = True  # after a strike, show which rule was broken
        self.strict = False  # older module releases: keeping nothing strikes in two places

    def time_limit_s(self):
        return TIMER_S[self.timer]

    def strike_limit(self):
        return STRIKE_LIMITS[self.strikes]


class DefuseStats:
    """Bombs started, defused and exploded, strikes made, best defuse time in ms (0 = none
    yet; shown in whole seconds). Counters saturate at MAX_COUNT.

    Hook for saved data (records/NVM have no place for these yet): call ``load(...)`` with the
    saved numbers at start-up (bad values reset everything to zero, returns False), and save
    ``values()`` whenever ``serial`` has changed (it grows by one on every change); the defuse
    screen also calls ``DefuseScreen.on_stats(stats)`` after each finished bomb when set."""

    def __init__(self):
        self.reset()

    def reset(self):
        self.bombs = 0
        self.defused = 0
        self.exploded = 0
        self.strikes = 0
        self.best_ms = NO_BEST
        self.serial = 0

    def values(self):
        """(bombs, defused, exploded, strikes, best_ms): what to save."""
        return (self.bombs, self.defused, self.exploded, self.strikes, self.best_ms)

    def load(self, bombs, defused, exploded, strikes, best_ms):
        """Restore saved numbers; inconsistent or out-of-range numbers reset to zero."""
        ok = True
        for v in (bombs, defused, exploded, strikes):
            if not isinstance(v, int) or v < 0 or v > MAX_COUNT:
                ok = False
        if not isinstance(best_ms, int) or best_ms < 0 or best_ms > MAX_BEST_MS:
            ok = False
        if ok and (defused + exploded > bombs or (defused == 0) != (best_ms == NO_BEST)):
            ok = False
        if not ok:
            self.reset()
            return False
        self.bombs = bombs
        self.defused = defused
        self.exploded = exploded
        self.strikes = strikes
        self.best_ms = best_ms
        self.serial += 1
        return True

    def bomb_started(self):
        if self.bombs < MAX_COUNT:
            self.bombs += 1
        self.serial += 1

    def strike(self):
        if self.strikes < MAX_COUNT:
            self.strikes += 1
        self.serial += 1

    def bomb_defused(self, elapsed_ms):
        """Count a defused bomb; True when its time is a new best."""
        if self.defused < MAX_COUNT:
            self.defused += 1
        ms = elapsed_ms
        if ms < 1:
            ms = 1  # 0 means "no best yet"
        if ms > MAX_BEST_MS:
            ms = MAX_BEST_MS
        self.serial += 1
        if self.best_ms == NO_BEST or ms < self.best_ms:
            self.best_ms = ms
            return True
        return False

    def bomb_exploded(self):
        if self.exploded < MAX_COUNT:
            self.exploded += 1
        self.serial += 1
