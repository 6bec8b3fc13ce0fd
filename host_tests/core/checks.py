"""Tiny helpers shared by the portable core tests (CPython + pytest, and the MicroPython VM).

No pytest import here: these files also run under ``tools/mpy_runner/run.mjs``."""

import gc
import sys


def is_micropython():
    """True inside MicroPython/CircuitPython, False on CPython."""
    return sys.implementation.name in ("micropython", "circuitpython")


try:
    import micropython as _mp

    _heap_lock = getattr(_mp, "heap_lock", None)
    _heap_unlock = getattr(_mp, "heap_unlock", None)
except ImportError:  # CPython
    _heap_lock = None
    _heap_unlock = None


def has_heap_lock():
    """True when heap_lock() is available (MicroPython; not CPython, not CircuitPython)."""
    return _heap_lock is not None and _heap_unlock is not None


def raises(exc_type, fn, *args, **kw):
    """True iff ``fn(*args, **kw)`` raises ``exc_type`` (or a subclass).

    Any other exception propagates, so a wrong error type fails the test loudly; returning
    normally gives False."""
    try:
        fn(*args, **kw)
    except exc_type:
        return True
    return False


def heap_locked(fn, *args):
    """Call ``fn(*args)`` with the MicroPython heap locked and return its result.

    Any allocation inside raises MemoryError, which is re-raised after the heap is unlocked.
    Returning or building the result must not allocate either: return a small int, None or a
    preallocated object. On CPython (no heap_lock) it just calls ``fn``."""
    if not has_heap_lock():
        return fn(*args)
    gc.collect()
    _heap_lock()
    try:
        return fn(*args)
    finally:
        _heap_unlock()


def mem_alloc_delta(fn, *args):
    """Bytes allocated on the MicroPython heap across ``fn(*args)`` (after a gc.collect()).

    None on CPython (no gc.mem_alloc). The result of ``fn`` is kept alive until after the
    second reading, so an allocated return value is counted."""
    alloc = getattr(gc, "mem_alloc", None)
    if alloc is None:
        return None
    gc.collect()
    before = alloc()
    result = fn(*args)
    after = alloc()
    result = None  # noqa: F841 - only held so it is counted
    return after - before
