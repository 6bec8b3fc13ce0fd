"""Solved value tables cached on disk (git-ignored ``build/solver-cache/`` or $POCKET_YAHTZEE_CACHE).

The file name carries a fingerprint of the rule data and solver sources, so a change to either
recomputes the table instead of reusing a stale one.
"""

import hashlib
import os

import numpy as np

from . import solve as S

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def cache_dir():
    d = os.environ.get("POCKET_YAHTZEE_CACHE") or os.path.join(ROOT, "build", "solver-cache")
    os.makedirs(d, exist_ok=True)
    return d


def fingerprint(key, modules=("solve.py", "dice.py")):
    h = hashlib.sha256(key.encode())
    here = os.path.dirname(os.path.abspath(__file__))
    for path in [os.path.join(ROOT, "yahtzee_core", "rules.py")] + [os.path.join(here, m) for m in modules]:
        with open(path, "rb") as fh:
            h.update(fh.read())
    return h.hexdigest()[:16]


def load_or_solve(key, progress=None, threads=None):
    """ValueTable for a variant key (see solve.VARIANTS); solved at most once per fingerprint."""
    path = os.path.join(cache_dir(), "%s-%s.npy" % (key, fingerprint(key)))
    model = S.Model(S.ruleset(key))
    if os.path.exists(path):
        try:
            V = np.load(path)
            if V.shape == ((1 << model.n) * 2 * model.W,):
                return S.ValueTable(model, V)
        except (OSError, ValueError):
            pass
    table = S.Solver(model.rs, progress=progress, threads=threads).solve()
    tmp = path + ".%d.tmp" % os.getpid()
    with open(tmp, "wb") as fh:
        np.save(fh, table.V)
    os.replace(tmp, path)
    for name in os.listdir(cache_dir()):  # drop stale fingerprints of this variant
        if name.startswith(key + "-") and name.endswith(".npy") and os.path.join(cache_dir(), name) != path:
            try:
                os.remove(os.path.join(cache_dir(), name))
            except OSError:
                pass
    return table


def load_or_compute(tag, modules, compute):
    """A float64 array cached under ``tag`` + a fingerprint of rules.py and ``modules``
    (file names in this package); ``compute()`` makes it when missing."""
    path = os.path.join(cache_dir(), "%s-%s.npy" % (tag, fingerprint(tag, modules)))
    if os.path.exists(path):
        try:
            return np.load(path)
        except (OSError, ValueError):
            pass
    arr = compute()
    tmp = path + ".%d.tmp" % os.getpid()
    with open(tmp, "wb") as fh:
        np.save(fh, arr)
    os.replace(tmp, path)
    return arr
