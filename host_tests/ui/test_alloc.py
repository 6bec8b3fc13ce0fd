"""The hot loop allocates nothing in project code: tracemalloc, filtered to ui/, hw/ and
yahtzee_core/, sees no new memory held after idle frames or after actions and their redraw
(after one warm-up of each, which may build caches such as a palette). Left out: the
tests' fake clock (sim/testing.py: its ticks are big ints on CPython) and the simulated screen
(sim/desktop.py logs every dirty rectangle; on a board the display driver is C)."""

import os
import tracemalloc

import pytest

from hw import inputs as I
from ui import screen as S

from ui_harness import make_app, settle, start, step

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# not sim/ (the fake clock, the screen)
PROJECT = [tracemalloc.Filter(True, os.path.join(ROOT, d, "*")) for d in ("ui", "hw", "yahtzee_core")]


def project_bytes(before, after):
    diff = after.filter_traces(PROJECT).compare_to(before.filter_traces(PROJECT), "lineno")
    return sum(d.size_diff for d in diff), [str(d) for d in diff if d.size_diff]


def measure(fn, repeat=6):
    fn()  # warm-up
    tracemalloc.start(1)
    try:
        before = tracemalloc.take_snapshot()
        for _ in range(repeat):
            fn()
        after = tracemalloc.take_snapshot()
    finally:
        tracemalloc.stop()
    return project_bytes(before, after)


@pytest.mark.parametrize("profile", ["macropad", "pygamer", "feather_tft", "clue"])
def test_no_project_allocation_per_idle_frame_or_action(profile):
    app, board, clock = make_app(profile, seed=2)
    start(app)
    app.buttons.inject(I.ROLL)
    settle(app)

    size, lines = measure(lambda: step(app))
    assert size == 0, lines

    def hold_and_release():
        app.buttons.inject(I.HOLD_3)
        step(app)
        app.buttons.inject(I.HOLD_3)
        step(app)

    size, lines = measure(hold_and_release)
    assert size == 0, lines

    def cursor():
        app.buttons.inject(I.RIGHT if not app.die_focus else I.DOWN)
        step(app)
        app.buttons.inject(I.LEFT if not app.die_focus else I.UP)
        step(app)

    size, lines = measure(cursor)
    assert size == 0, lines

    app.show(S.CARD)
    settle(app)
    size, lines = measure(lambda: step(app))
    assert size == 0, lines


@pytest.mark.parametrize("profile", ["macropad", "pygamer", "clue"])
def test_no_project_allocation_per_tumble_frame(profile):
    """Frames while rolled dice tumble (faces change every few frames) and the press queued
    meanwhile allocate nothing; the first tumble warms up."""
    app, board, clock = make_app(profile, seed=2, tumble=True)
    start(app)
    app.buttons.inject(I.ROLL)
    step(app)
    while app.tumble.active:
        step(app)
    app.buttons.inject(I.ROLL)
    step(app)
    assert app.tumble.active

    def frames():
        step(app, 4)
        assert app.tumble.active

    size, lines = measure(frames, repeat=3)
    assert size == 0, lines

    def press():  # a press kept for when the dice stop
        app.buttons.inject(I.HOLD_1)
        step(app)

    size, lines = measure(press, repeat=2)
    assert size == 0, lines
    assert app.tumble.active and app.tumble.waiting() == 3

