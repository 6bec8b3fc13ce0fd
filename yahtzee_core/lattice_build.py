"""The multiset lattice's index arrays, worked out once when ``strategy.lattice()`` first runs.

Start-up code: ``strategy.lattice()`` unloads this module once the lattice is built, so a game
holds only the arrays (``strategy.Lattice``), not the loops that made them."""

from .strategy import FIRST_ROLL, N_KEEPS, _zeros

_LEVEL_START = (0, 1, 7, 28, 84, 210, 462)  # as in strategy.py: the first multiset of each level
_SEVEN_POW = (1, 7, 49, 343, 2401)


def fill(lat):
    """Give ``lat`` (a ``strategy.Lattice``) its arrays; returns it."""
    # sortkey[k]: k's sorted dice as base-7 digits, left-aligned (a die in each of the 5
    # digits, 0 for none), most significant first; it compares like the tuples, and each
    # level is in ascending order, so a level can be binary-searched
    sortkey = _zeros("H", N_KEEPS)
    for lv in range(5):
        place = _SEVEN_POW[4 - lv]  # the digit of the next die
        i = _LEVEL_START[lv + 1]
        for k in range(_LEVEL_START[lv], _LEVEL_START[lv + 1]):
            key = sortkey[k]
            for f in range((key // (place * 7)) % 7 if lv else 1, 7):
                sortkey[i] = key + f * place
                i += 1
    lat.sortkey = sortkey
    # up[k*6 + f-1]: the multiset k plus one die showing f (k below FIRST_ROLL), as an
    # index within the next level (each level has at most 252 multisets: bytes)
    up = bytearray(FIRST_ROLL * 6)
    digits = bytearray(7)
    for lv in range(5):
        for k in range(_LEVEL_START[lv], _LEVEL_START[lv + 1]):
            key = sortkey[k]  # how many dice of each face it holds
            for g in range(7):
                digits[g] = 0
            for _ in range(5):
                digits[key % 7] += 1
                key //= 7
            for f in range(1, 7):
                digits[f] += 1
                nk = 0  # the new multiset's sort key
                place = 16807
                for g in range(1, 7):
                    for _ in range(digits[g]):
                        place //= 7
                        nk += g * place
                digits[f] -= 1
                lo = _LEVEL_START[lv + 1]
                hi = _LEVEL_START[lv + 2] - 1
                while lo < hi:  # binary search of the next level
                    mid = (lo + hi) // 2
                    if sortkey[mid] < nk:
                        lo = mid + 1
                    else:
                        hi = mid
                up[k * 6 + f - 1] = lo - _LEVEL_START[lv + 1]
    lat.up = up
    lat.yroll = bytearray(7)  # roll index of five f's
    for f in range(1, 7):
        lat.yroll[f] = lat.index_of((f, f, f, f, f)) - FIRST_ROLL
    lat.lowbit = bytearray(32)  # lowest set bit of a hold mask
    lat.bits = bytearray(32)  # set bits of a hold mask (the level of the dice it keeps)
    for s in range(1, 32):
        i = 0
        while not (s >> i) & 1:
            i += 1
        lat.lowbit[s] = i
        lat.bits[s] = lat.bits[s & (s - 1)] + 1
    return lat
