"""Multisets of 0..5 dice and the index arrays the solver's vectorised turn works with.

Level ``k`` holds every multiset of ``k`` dice (1, 6, 21, 56, 126, 252 of them). Inside a level
the multisets are ordered by their number of distinct faces, most first, so that "the j-th
distinct face" exists for a prefix of the level; the solver's keep-max step then works on
slices instead of padded index arrays. Level 5 is the set of rolls in that same order;
``roll_of_sorted`` maps ``host_helpers.all_rolls()`` order to it.
"""

import numpy as np

from yahtzee_core import host_helpers


def _multisets(k):
    out = []

    def rec(face, left, acc):
        if face == 6:
            out.append(tuple(acc + [left]))
            return
        for c in range(left + 1):
            rec(face + 1, left - c, acc + [c])

    rec(1, k, [])
    # counts[0..5] = number of 1s..6s
    return out


class Dice:
    """Precomputed multiset tables (shared by every rule set)."""

    def __init__(self):
        self.levels = []  # levels[k]: list of 6-tuples of counts (faces 1..6)
        self.index = []  # index[k]: dict counts -> position in levels[k]
        for k in range(6):
            ms = _multisets(k)
            ms.sort(key=lambda c: (-sum(1 for x in c if x), tuple(-x for x in c)))
            self.levels.append(ms)
            self.index.append({c: i for i, c in enumerate(ms)})
        self.sizes = [len(lv) for lv in self.levels]
        # up[k][i, f]: index in level k+1 of levels[k][i] plus one die showing f+1.
        self.up = []
        for k in range(5):
            arr = np.empty((self.sizes[k], 6), dtype=np.intp)
            for i, c in enumerate(self.levels[k]):
                for f in range(6):
                    d = list(c)
                    d[f] += 1
                    arr[i, f] = self.index[k + 1][tuple(d)]
            self.up.append(arr)
        self.up_cols = [[np.ascontiguousarray(a[:, f]) for f in range(6)] for a in self.up]
        # down[k]: (rows, j) -> index in level k-1 of levels[k][row] minus its j-th smallest
        # distinct face; down_len[k][j] = number of rows (a prefix) that have a j-th face.
        self.down = [None]
        self.down_len = [None]
        for k in range(1, 6):
            nd = [sum(1 for x in c if x) for c in self.levels[k]]
            maxd = max(nd)
            arr = np.zeros((self.sizes[k], maxd), dtype=np.intp)
            for i, c in enumerate(self.levels[k]):
                j = 0
                for f in range(6):
                    if c[f]:
                        d = list(c)
                        d[f] -= 1
                        arr[i, j] = self.index[k - 1][tuple(d)]
                        j += 1
            lens = [sum(1 for x in nd if x > j) for j in range(maxd)]
            for j in range(maxd):  # the prefix property the slices rely on
                assert all(x > j for x in nd[: lens[j]])
            self.down.append([np.ascontiguousarray(arr[: lens[j], j]) for j in range(maxd)])
            self.down_len.append(lens)
        self.rolls = self.levels[5]
        self.n_rolls = len(self.rolls)
        fact = [1, 1, 2, 6, 24, 120]
        self.prob = np.array(
            [120.0 / np.prod([fact[x] for x in c]) / 7776.0 for c in self.rolls], dtype=np.float64
        )
        self.roll_sum = np.array([sum((f + 1) * c[f] for f in range(6)) for c in self.rolls], dtype=np.int64)
        self.face_count = np.array(self.rolls, dtype=np.int64)  # (252, 6)
        # host_helpers.all_rolls() position -> internal roll index
        self.roll_of_sorted = np.array(
            [self.roll_index(r) for r in host_helpers.all_rolls()], dtype=np.intp
        )
        self.face_rows = [None] + [np.nonzero(self.face_count[:, f])[0] for f in range(6)]
        self.yahtzee_roll = [self.index[5][tuple(5 if g == f else 0 for g in range(6))] for f in range(6)]

        self.yahtzee_rows = np.array(self.yahtzee_roll, dtype=np.intp)

    def roll_index(self, dice):
        c = [0] * 6
        for d in dice:
            c[d - 1] += 1
        if sum(c) != 5:
            raise ValueError("need 5 dice")
        return self.index[5][tuple(c)]

    def counts7(self, r):
        """bytearray counts[0..6] (index 0 unused) of internal roll ``r`` for rules.score_counts."""
        c = bytearray(7)
        for f in range(6):
            c[f + 1] = self.rolls[r][f]
        return c


_dice = None


def dice():
    global _dice
    if _dice is None:
        _dice = Dice()
    return _dice
