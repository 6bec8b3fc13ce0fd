"""Plain test runner for the portable core tests, for the MicroPython VM (also works on CPython).

    node tools/mpy_runner/run.mjs host_tests/core/mp_run_tests.py [-v] [test_mod ...] [test_mod::test_fn ...]

Imports every ``test_*.py`` next to this file (or the named ones), calls every module-level
``test_*`` function in name order, prints each failure with its traceback and ends with the line
``N passed, N failed`` (-v also lists every passing test). Exits with status 1 if anything failed, a module failed to
import, or no
test ran. No pytest, no unittest: the test files are plain functions with ``assert``."""

import gc
import os
import sys


def _here():
    f = globals().get("__file__") or ""
    i = f.rfind("/")
    return f[:i] if i > 0 else "."


def _repo_root(here):
    # host_tests/core -> repo root (two levels up)
    parts = here.rstrip("/").split("/")
    return "/".join(parts[:-2]) or "/"


def _setup_path(here):
    for p in (here, _repo_root(here)):
        if p and p not in sys.path:
            sys.path.insert(0, p)


def _module_names(here, wanted):
    """(module name, function filter or None) pairs, in order."""
    if not wanted:
        names = [n[:-3] for n in os.listdir(here) if n.startswith("test_") and n.endswith(".py")]
        names.sort()
        return [(n, None) for n in names]
    out = []
    for arg in wanted:
        fn = None
        if "::" in arg:
            arg, fn = arg.split("::", 1)
        arg = arg[arg.rfind("/") + 1 :]
        if arg.endswith(".py"):
            arg = arg[:-3]
        out.append((arg, fn))
    return out


def _is_function(obj):
    return type(obj) is type(_is_function) or type(obj).__name__ in ("function", "closure", "bound_method")


try:
    import micropython as _mp

    _heap_unlock = getattr(_mp, "heap_unlock", None)
except ImportError:  # CPython
    _heap_unlock = None


def _heap_is_locked():
    if _heap_unlock is None:
        return False
    try:
        bytearray(16)
    except MemoryError:
        return True
    return False


def _repair_heap():
    """Unlock a heap that a test left locked (heap_lock without heap_unlock, or an unbalanced
    heap_unlock, which underflows the lock depth in MicroPython 1.27 and leaves the heap locked).
    Returns True when allocation works again."""
    for _ in range(8):
        if not _heap_is_locked():
            return True
        depth = _heap_unlock()
        if depth > 1000:  # the depth counter had wrapped: step it back up to zero
            _mp.heap_lock()
            _mp.heap_lock()
    return not _heap_is_locked()


def _report(label, exc):
    print("FAIL " + label)
    if hasattr(sys, "print_exception"):
        sys.print_exception(exc)
        return
    try:  # CPython
        import traceback
    except ImportError:  # CircuitPython's unix port: neither sys.print_exception nor traceback
        print("%s: %s" % (type(exc).__name__, exc))
        return
    traceback.print_exception(type(exc), exc, exc.__traceback__, file=sys.stdout)


def run(wanted, verbose=False):
    here = _here()
    _setup_path(here)
    passed = 0
    failed = 0
    for mod_name, only in _module_names(here, wanted):
        try:
            mod = __import__(mod_name)
        except Exception as e:  # a module that does not import is a failure, not a skip
            _report(mod_name + " (import)", e)
            failed += 1
            continue
        names = [n for n in dir(mod) if n.startswith("test_") and _is_function(getattr(mod, n))]
        names.sort()
        if only is not None:
            names = [n for n in names if n == only]
            if not names:
                print("FAIL " + mod_name + "::" + only + " (no such test)")
                failed += 1
                continue
        mod_passed = 0
        mod_failed = 0
        for name in names:
            label = mod_name + "::" + name
            gc.collect()
            error = None
            try:
                getattr(mod, name)()
            except Exception as e:
                error = e
            if _heap_is_locked():
                if not _repair_heap():
                    raise SystemExit("FAIL " + label + ": left the heap locked and it could not be unlocked")
                if error is None:
                    error = AssertionError("test left the MicroPython heap locked")
            if error is not None:
                _report(label, error)
                mod_failed += 1
            else:
                if verbose:
                    print("ok   " + label)
                mod_passed += 1
        print("%s: %d passed, %d failed" % (mod_name, mod_passed, mod_failed))
        passed += mod_passed
        failed += mod_failed
    impl = sys.implementation
    print("[%s %s]" % (impl.name, ".".join([str(v) for v in impl.version[:3]])))
    if passed + failed == 0:
        print("no tests ran")
    print("%d passed, %d failed" % (passed, failed))
    if passed + failed == 0:
        return 1
    return 1 if failed else 0


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a not in ("-v", "--verbose")]
    rc = run(args, verbose=len(args) != len(sys.argv) - 1)
    if rc:
        raise SystemExit(rc)
