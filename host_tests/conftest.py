"""pytest setup for all host tests.

- The repo root goes on sys.path, so ``import yahtzee_core`` (and ``hw``, ``tools``) work without
  installing anything.
- host_tests/core/ goes on sys.path too: the portable tests there import their shared helpers as
  plain top-level modules (``from checks import raises``), exactly as they do inside the MicroPython
  VM, where tools/mpy_runner/run.mjs puts that folder on sys.path.
- host_tests/core/test_*.py are collected as ordinary pytest files. The VM runner and the helper
  modules there are not test files and are never collected.
- Hypothesis: no per-example deadline (timing-based failures are flaky on CI machines; the project
  keeps speed in benchmarks, not in tests).
"""

import os
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))
_ROOT = os.path.dirname(_HERE)
_CORE = os.path.join(_HERE, "core")

for _p in (_CORE, _ROOT):
    if _p in sys.path:
        sys.path.remove(_p)
    sys.path.insert(0, _p)

# Not tests, even if someone runs pytest with a broader python_files pattern.
collect_ignore = [os.path.join("core", "mp_run_tests.py"), os.path.join("core", "checks.py")]

try:
    from hypothesis import settings as _hyp_settings

    _hyp_settings.register_profile("pocket-yahtzee", deadline=None)
    _hyp_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "pocket-yahtzee"))
except ImportError:  # hypothesis is in requirements-dev.txt; tests that need it will say so
    pass


# The longest tests start first (tools/test runs pytest with ``--dist worksteal``: an idle worker
# takes tests from the end of another's queue). Last in the collection, as they are by their paths,
# they ran alone at the end while the other worker had nothing left (issue 25: a test run that
# fits a coffee break). A name is the start of node ids; any test not named keeps its place.
FIRST = (
    "host_tests/ui/test_whole_app.py::",  # the whole app in CircuitPython's VM core and CPython, ~45 s
    # the next longest in one single-process run (--durations, 2026-11-27, a loaded 2-core machine):
    "host_tests/tools/test_release.py::",  # its bundles fixture deploys every board, about a minute
    "host_tests/tools/test_tools.py::test_real_circuitpython_mpy_cross_compiles_every_board",  # ~1 min
    "host_tests/ui/test_layout.py::test_no_text_touches_the_edges_of_any_screenshot",  # 12-22 s a board
    "host_tests/ui/test_persistence_ui.py::test_power_off_mid_game_then_continue_ends_like_a_straight_game",
)


def pytest_collection_modifyitems(config, items):
    def rank(item):
        for i, prefix in enumerate(FIRST):
            if item.nodeid.startswith(prefix):
                return i
        return len(FIRST)

    items.sort(key=rank)  # stable: the rest in collection order


def pytest_collection_finish(session):
    """Everything alive once the tests are collected (pytest, hypothesis, the modules under test
    and their tables) goes to the collector's permanent generation (``gc.freeze``): every later
    ``gc.collect()`` walks only what the tests made since. The app calls ``gc.collect()`` as a board
    does (ui/screen_set.py between screens, adafruit_bitmap_font's PCF reader per glyph batch); on
    CPython each call walked pytest's whole heap (60 ms or more a call: the rules reader's tests
    spent most of their time there). What a test makes and drops is collected as before."""
    import gc

    gc.collect()
    gc.freeze()
