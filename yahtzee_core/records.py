"""What the player keeps between games: lifetime statistics, high scores, Defuse mode's record.

Plain classes over preallocated storage (bytearrays and arrays), with the pure update logic
(``record_game``) and a bit-level codec that validates every field on the way in. Sizes come
from a layout object (``save_layouts.SMALL`` for a 256-byte NVM, ``save_layouts.LARGE`` for 1 KB and more).

    stats.add(variant, score, yahtzees, bonus)     # one finished seat
    rank = scores.insert(variant, score, initials, day, coached)   # 0 = best, -1 = not placed
    best = record_game(stats, scores, game, coached_mask, day, initials, ranks)

Loaded only while these records are used (loading saved data, a finished game's result, the
statistics and high-score screens: ``save.Records``; Defuse mode opens its record alone,
``defuse_record.py``); between those, a save
copies their packed bytes. The settings, the bit stream and the shared tables are
``settings_record.py`` (resident), re-exported here.

No I/O, no floats, small ints only (every stored field is at most 29 bits wide).
"""

from .compat import array, const
from . import rules as _rules
from . import engine as _engine
from .settings_record import (CHARSET, DEFAULT_INITIALS, IDLE_SECONDS, NUM_VARIANTS, SCORE_BITS,  # noqa: F401
                              SETTINGS_BYTES, SETTINGS_FIELDS, Bits, Settings)
from .settings_record import CHAR_BITS as _CHAR_BITS
from . import defuse_record
from .defuse_record import DEFUSE_BEST_MAX_S, Defuse  # noqa: F401  (this module's API, as before)
from .nvm_store import REFUSED

# Highest total a game can reach per variant (host_helpers.max_total(), checked by a test;
# kept as a table so loading saved data never has to enumerate rolls).
MAX_SCORE = (1575, 374, 297)

MAX_DAY = const(32767)  # day numbers: 1 = 2000-01-01 ... 32767 = 2089-09-16; 0 = no date
_DAY_BITS = const(15)


# -- dates -----------------------------------------------------------------------------------

_MONTH_START = (0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334, 365)


def _leap(y):
    return y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)


def _leaps_before(y):
    """Leap years in 2000..y-1."""
    y -= 1
    return (y // 4 - 499) - (y // 100 - 19) + (y // 400 - 4)


def day_number(date):
    """``(year, month, day)`` -> 1 for 2000-01-01 and up; 0 for None or anything invalid."""
    if date is None:
        return 0
    try:
        y = date[0]
        m = date[1]
        d = date[2]
    except (TypeError, IndexError):
        return 0
    for v in (y, m, d):
        if not isinstance(v, int) or isinstance(v, bool):
            return 0
    if y < 2000 or y > 2089 or m < 1 or m > 12 or d < 1:
        return 0
    days_in = _MONTH_START[m] - _MONTH_START[m - 1] + (1 if m == 2 and _leap(y) else 0)
    if d > days_in:
        return 0
    n = (y - 2000) * 365 + _leaps_before(y) + _MONTH_START[m - 1] + d
    if m > 2 and _leap(y):
        n += 1
    return n if n <= MAX_DAY else 0


def date_of(n):
    """Inverse of ``day_number``: ``(year, month, day)``, or None for 0 / out of range."""
    if n < 1 or n > MAX_DAY:
        return None
    n -= 1
    y = 2000
    while True:
        size = 366 if _leap(y) else 365
        if n < size:
            break
        n -= size
        y += 1
    leap = 1 if _leap(y) else 0
    m = 1
    while m < 12:
        end = _MONTH_START[m] + (leap if m >= 2 else 0)
        if n < end:
            break
        m += 1
    start = _MONTH_START[m - 1] + (leap if m > 2 else 0)
    return (y, m, n - start + 1)


# -- initials --------------------------------------------------------------------------------


def initials_text(codes, start=0):
    """The three characters of ``codes[start:start + 3]``."""
    return CHARSET[codes[start] & 31] + CHARSET[codes[start + 1] & 31] + CHARSET[codes[start + 2] & 31]


def initials_codes(text, out=None):
    """Three 5-bit codes for ``text`` (upper-cased; characters outside ``CHARSET`` become spaces)."""
    if out is None:
        out = bytearray(3)
    for i in range(3):
        c = text[i].upper() if i < len(text) else " "
        k = CHARSET.find(c)
        out[i] = k if k > 0 else 0
    return out


# -- statistics -------------------------------------------------------------------------------


def max_yahtzees(v):
    """Most Yahtzees one game can score: the box, plus a bonus in every other box."""
    return 1 + (_rules.N_BOXES[v] - 1 if _rules.YAHTZEE_BONUSES[v] else 0)


def _has_upper_bonus(v):
    return _rules.UPPER_BONUSES[v] > 0


class Stats:
    """Lifetime statistics per variant: games, total points (for the average), Yahtzees scored,
    games with the upper bonus, and a score histogram (``hist_bins`` bins of ``hist_width``
    points, the last one open-ended). When a bin is full every bin of that variant is halved,
    so the chart keeps its shape for ever. Counters stop (all together) at their maximum."""

    def __init__(self, layout):
        self.layout = layout
        n = NUM_VARIANTS
        self.games = array("l", [0] * n)
        self.total = array("l", [0] * n)
        self.yahtzees = array("l", [0] * n)
        self.bonus_games = array("l", [0] * n)
        self.bins = layout.hist_bins
        self.hist = array("H", [0] * (n * layout.hist_bins))

    def reset(self):
        for v in range(NUM_VARIANTS):
            self.games[v] = 0
            self.total[v] = 0
            self.yahtzees[v] = 0
            self.bonus_games[v] = 0
        for i in range(len(self.hist)):
            self.hist[i] = 0

    def bin_of(self, score):
        b = score // self.layout.hist_width
        return b if b < self.bins else self.bins - 1

    def bin_low(self, i):
        """Lowest score that falls in bin ``i`` (the last bin also takes everything above)."""
        return i * self.layout.hist_width

    def add(self, v, score, yahtzees, bonus):
        """Count one finished game. Returns False (and changes nothing) for an impossible score
        or once the counters are full."""
        lay = self.layout
        if score < 0 or score > MAX_SCORE[v]:
            return False
        if self.games[v] >= (1 << lay.games_bits) - 1 or self.total[v] > (1 << lay.total_bits) - 1 - score:
            return False
        if yahtzees > max_yahtzees(v):
            yahtzees = max_yahtzees(v)
        if not _has_upper_bonus(v):
            bonus = False
        self.games[v] += 1
        self.total[v] += score
        y = self.yahtzees[v] + yahtzees
        cap = (1 << lay.count_bits) - 1
        self.yahtzees[v] = y if y < cap else cap
        if bonus:
            self.bonus_games[v] += 1
        i = v * self.bins + self.bin_of(score)
        if self.hist[i] >= (1 << lay.hist_bits) - 1:
            base = v * self.bins
            for k in range(base, base + self.bins):
                self.hist[k] >>= 1
        self.hist[i] += 1
        return True

    def average_x10(self, v):
        """Average score in tenths (2487 means 248.7); 0 with no games. No big ints."""
        g = self.games[v]
        if not g:
            return 0
        whole = self.total[v] // g
        rest = self.total[v] - whole * g
        return whole * 10 + (rest * 10 + g // 2) // g

    def bonus_percent(self, v):
        g = self.games[v]
        return (self.bonus_games[v] * 100 + g // 2) // g if g else 0

    def hist_max(self, v):
        top = 0
        for k in range(v * self.bins, (v + 1) * self.bins):
            if self.hist[k] > top:
                top = self.hist[k]
        return top

    def bar_heights(self, v, out, height):
        """Variant ``v``'s histogram as bar heights 0..``height`` (pixels) in ``out`` (a bytearray
        of at least ``bins``); a bin with any game is at least 1 high. Returns the tallest count
        (0: no games yet). Small ints only, no allocation."""
        top = self.hist_max(v)
        base = v * self.bins
        for i in range(self.bins):
            h = self.hist[base + i]
            if h == 0:
                out[i] = 0
            else:
                x = (h * height + top // 2) // top
                out[i] = x if x > 0 else 1
        return top

    def bits(self, layout=None):
        lay = layout or self.layout
        return NUM_VARIANTS * (lay.games_bits + lay.total_bits + 2 * lay.count_bits + lay.hist_bins * lay.hist_bits)

    def pack(self, w):
        lay = self.layout
        for v in range(NUM_VARIANTS):
            w.put(self.games[v], lay.games_bits)
            w.put(self.total[v], lay.total_bits)
            w.put(self.yahtzees[v], lay.count_bits)
            w.put(self.bonus_games[v], lay.count_bits)
            for k in range(v * self.bins, (v + 1) * self.bins):
                w.put(self.hist[k], lay.hist_bits)

    def unpack(self, r, layout=None):
        """Read and validate (counts consistent with the number of games); reset on failure.
        ``layout``: the field widths the data was written with (an older version's; see ``slot_reader.fit_stats``)."""
        lay = layout or self.layout
        ok = True
        for v in range(NUM_VARIANTS):
            g = r.get(lay.games_bits)
            t = r.get(lay.total_bits)
            y = r.get(lay.count_bits)
            b = r.get(lay.count_bits)
            self.games[v] = g
            self.total[v] = t
            self.yahtzees[v] = y
            self.bonus_games[v] = b
            counted = 0
            for k in range(v * self.bins, (v + 1) * self.bins):
                h = r.get(lay.hist_bits)
                self.hist[k] = h
                counted += h
            top = MAX_SCORE[v]
            if (t + top - 1) // top > g or b > g or counted > g:
                ok = False
            if (y + max_yahtzees(v) - 1) // max_yahtzees(v) > g:
                ok = False
            if b and not _has_upper_bonus(v):
                ok = False
        if r.overrun:
            ok = False
        if not ok:
            self.reset()
        return ok


# -- high scores ------------------------------------------------------------------------------


class HighScores:
    """Top ``size`` scores per variant, best first: score, initials (3 codes), day number (0: no
    clock; kept only when the layout has dates), and whether the coach helped."""

    def __init__(self, layout):
        self.layout = layout
        self.size = layout.hs_size
        n = NUM_VARIANTS * layout.hs_size
        self.score = array("H", [0] * n)
        self.day = array("H", [0] * n)
        self.coach = bytearray(n)
        self.initials = bytearray(3 * n)

    def reset(self):
        for i in range(len(self.score)):
            self.score[i] = 0
            self.day[i] = 0
            self.coach[i] = 0
        for i in range(len(self.initials)):
            self.initials[i] = 0

    def count(self, v):
        """How many entries variant ``v`` has."""
        base = v * self.size
        n = 0
        while n < self.size and self.score[base + n]:
            n += 1
        return n

    def best(self, v):
        return self.score[v * self.size]

    def would_place(self, v, score):
        """The rank ``score`` would get (0 = top), or -1."""
        if score <= 0:
            return -1
        base = v * self.size
        for i in range(self.size):
            if score > self.score[base + i]:
                return i
        return -1

    def insert(self, v, score, initials, day=0, coached=False):
        """Add a score; ties rank after the older entry. Returns the rank, or -1 if not placed
        (or impossible for the variant)."""
        rank = self.would_place(v, score)
        if rank < 0 or score > MAX_SCORE[v]:
            return -1
        base = v * self.size
        for i in range(self.size - 1, rank, -1):
            self._move(base + i - 1, base + i)
        j = base + rank
        self.score[j] = score
        self.day[j] = day if self.layout.hs_dates and 0 < day <= MAX_DAY else 0
        self.coach[j] = 1 if coached else 0
        for k in range(3):
            self.initials[3 * j + k] = initials[k] & 31
        return rank

    def _move(self, src, dst):
        self.score[dst] = self.score[src]
        self.day[dst] = self.day[src]
        self.coach[dst] = self.coach[src]
        for k in range(3):
            self.initials[3 * dst + k] = self.initials[3 * src + k]

    def set_initials(self, v, rank, initials):
        if 0 <= rank < self.count(v):
            j = 3 * (v * self.size + rank)
            for k in range(3):
                self.initials[j + k] = initials[k] & 31
            return True
        return False

    def initials_text(self, v, rank):
        return initials_text(self.initials, 3 * (v * self.size + rank))

    def date(self, v, rank):
        return date_of(self.day[v * self.size + rank])

    def entry_bits(self):
        return SCORE_BITS + 3 * _CHAR_BITS + 1 + (_DAY_BITS if self.layout.hs_dates else 0)

    def bits(self):
        return len(self.score) * self.entry_bits()

    def pack(self, w):
        dated = self.layout.hs_dates
        for j in range(len(self.score)):
            w.put(self.score[j], SCORE_BITS)
            for k in range(3):
                w.put(self.initials[3 * j + k], _CHAR_BITS)
            w.put(self.coach[j], 1)
            if dated:
                w.put(self.day[j], _DAY_BITS)

    def unpack(self, r):
        """Read and validate (best first, empty entries only at the end, scores possible for
        the variant); reset on failure."""
        dated = self.layout.hs_dates
        ok = True
        for v in range(NUM_VARIANTS):
            above = MAX_SCORE[v]
            for i in range(self.size):
                j = v * self.size + i
                s = r.get(SCORE_BITS)
                self.score[j] = s
                blank = 0
                for k in range(3):
                    c = r.get(_CHAR_BITS)
                    self.initials[3 * j + k] = c
                    blank |= c
                c = r.get(1)
                self.coach[j] = c
                blank |= c
                d = r.get(_DAY_BITS) if dated else 0
                self.day[j] = d
                blank |= d
                if s > above or (s == 0 and blank):
                    ok = False
                above = s
        if r.overrun:
            ok = False
        if not ok:
            self.reset()
        return ok


# -- a finished game --------------------------------------------------------------------------


def seat_yahtzees(game, seat):
    """Yahtzees this seat scored: 50 in the Yahtzee box plus every bonus Yahtzee."""
    yz = game.rules.yahtzee_box
    n = game.bonus_count[seat]
    if yz >= 0 and game.is_filled(seat, yz) and game.box_score(seat, yz) > 0:
        n += 1
    return n


def record_game(stats, scores, game, coached=0, day=0, initials=DEFAULT_INITIALS, ranks=None):
    """Count a finished game: every human seat goes into the statistics and the high-score table
    of the game's variant. ``coached``: bit mask of seats that used hints (True: all).
    ``ranks`` (a bytearray of MAX_SEATS, optional) receives each seat's rank, 0xFF = none.
    Returns the best rank reached (0 = top), or -1. A game that is not over changes nothing."""
    if ranks is not None:
        for s in range(len(ranks)):
            ranks[s] = 0xFF
    if not game.over:
        return -1
    if coached is True:
        coached = 0xF
    v = game.rules.variant_id
    best = -1
    for s in range(game.seats):
        if game.seat_kind[s] != _engine.HUMAN:
            continue
        total = game.total(s)
        stats.add(v, total, seat_yahtzees(game, s), game.upper_bonus(s) > 0)
        rank = scores.insert(v, total, initials, day, (coached >> s) & 1)
        if rank >= 0:
            # seats scored earlier in this game move down when a later seat beats them
            if ranks is not None:
                for t in range(s):
                    if ranks[t] != 0xFF and ranks[t] >= rank:
                        ranks[t] = ranks[t] + 1 if ranks[t] + 1 < scores.size else 0xFF
                ranks[s] = rank
            if best < 0 or rank < best:
                best = rank
    return best


# -- as a slot holds them ----------------------------------------------------------------------


def read_book(layout, buf):
    """``(Stats, HighScores, Defuse)`` read from ``buf``: their bytes as a slot holds them
    (``save.Records.packed``: statistics, high scores, the coached bits and the Defuse record)."""
    stats, scores = Stats(layout), HighScores(layout)
    r = Bits(buf, 0, layout.stats_len)
    stats.unpack(r)  # valid: what write_book wrote, or zeros (the defaults)
    pos = layout.stats_len
    r.reset(buf, pos, pos + layout.scores_len)
    scores.unpack(r)
    return (stats, scores, defuse_record.read(layout, buf, r))


def write_book(book, layout, buf):
    """Pack ``read_book``'s records into ``buf`` as ``save.encode_slot`` lays them out, the
    coached bits 0 (the saved game's, put in by ``encode_slot``)."""
    w = Bits(buf, 0, layout.stats_len)
    book[0].pack(w)
    w.flush()
    pos = layout.stats_len
    w.reset(buf, pos, pos + layout.scores_len)
    book[1].pack(w)
    w.flush()
    defuse_record.write(book[2], layout, buf, w)


def record_result(store, game, coached=0, date=None):
    """At game over: every human seat's score goes into ``store``'s statistics and high scores
    (an ``NvmStore``), the saved game is cleared, all in ONE write (a power cut cannot count a
    game twice or lose it). ``coached``: True or a seat bit mask; ``date``: (y, m, d) or None.
    Returns the best rank reached (0 = top) or -1; ``store.ranks[seat]`` has each seat's (0xFF =
    none)."""
    rec = store.records
    best = record_game(rec.stats, rec.scores, game, coached, day_number(date), rec.settings.initials, store.ranks)
    if game.over:
        rec.clear_game()
        store.save()
    return best


def set_initials(store, variant, rank, text):
    """Name a high-score entry of ``store`` (and remember the initials for next time); saves.
    Returns the save's result, or ``REFUSED`` when there is no such entry."""
    codes = initials_codes(text)
    if not store.records.scores.set_initials(variant, rank, codes):
        return REFUSED
    store.records.settings.initials[:] = codes
    return store.save()
