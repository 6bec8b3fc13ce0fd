"""tools/bench/board_bench.py's judge (tools/bench/states.py), its line and its margin search
(tools/bench/core.py), without running CircuitPython (the runs are bash tools/test's)."""

import os
import sys

import pytest

from tools import common
from tools.bench import core, states

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.fixture(autouse=True)
def pybadge_budget_128000(monkeypatch):
    """The figures below are written for a 128,000 B budget, whatever the real one is now."""
    monkeypatch.setitem(common.BUDGETS, "pybadge", 128000)

FITS = ("pybadge (CircuitPython 10 core, frozen): peak 69554 B of 128000 B budget, free at peak 45 %; in a "
        "128000-byte heap (its budget) the tour ended; margin at least 25600 B; in a heap 20 % smaller (102400 B) "
        "the tour ended; fits: yes")
FAILS = ("clue (CircuitPython 10 core, .mpy): peak 185920 B of 120000 B budget, free at peak -55 %; in a "
         "120000-byte heap (its budget) the tour MemoryError after start-up (first power-on); margin none; in a "
         "heap 20 % smaller (96000 B) the tour not run (it did not end in its budget); fits: no")
ENDS = ("feather_tft (CircuitPython 10 core, .mpy): peak 189402 B of 1800000 B budget, free at peak 89 %; in a "
        "1800000-byte heap (its budget) the tour ended; margin 2048 B; in a heap 20 % smaller (1440000 B) the tour "
        "MemoryError after rules (first power-on); fits: no")
FIRMWARE = ("macropad (CircuitPython 10 firmware, rp2040js): MemoryError at score 13; peak 187000 B of 187616 B "
            "heap, least largest free block 216 B")


def test_state_of_each_kind_of_line():
    assert states.state_of(FITS) == ("pybadge", "frozen", "fits", 69554)
    assert states.state_of(FAILS) == ("clue", "mpy", "fails", 185920)
    assert states.state_of(ENDS) == ("feather_tft", "mpy", "ends", 189402)
    assert states.state_of(FIRMWARE) == ("macropad", "firmware", "fails", 187000)
    assert states.state_of("clue: peak 1 B") is None
    short = FIRMWARE.replace("MemoryError at score 13", "game ended (120 of 567 ops)")
    assert states.state_of(short) == ("macropad", "firmware", "ends", 187000)
    broken = FIRMWARE.replace("MemoryError at score 13", "failed at play (op 9 of 120: tap 3; ImportError: x)")
    assert states.state_of(broken) == ("macropad", "firmware", "failed", 187000)


def test_a_firmware_run_that_failed_otherwise_is_worse_than_a_memory_error():
    broken = FIRMWARE.replace("MemoryError at score 13", "failed at play (timeout: 900 s of wall time)")
    status, messages = states.judge([broken], {("macropad", "firmware"): ("fails", None)})
    assert status == 1 and "regression" in messages[0]


def test_judge_regressions_fail_known_failures_do_not():
    known = {("pybadge", "frozen"): ("fits", 70000), ("clue", "mpy"): ("fails", 190000),
             ("feather_tft", "mpy"): ("fits", None), ("macropad", "firmware"): ("fails", None)}
    status, messages = states.judge([FITS, FAILS, FIRMWARE], known)
    assert status == 0, messages
    status, messages = states.judge([ENDS], known)  # it fitted: a regression
    assert status == 1 and "regression" in messages[0]
    known[("pybadge", "frozen")] = ("fits", 69000)  # the peak above its ceiling
    assert states.judge([FITS], known)[0] == 1
    known[("clue", "mpy")] = ("ends", None)
    assert states.judge([FAILS], known)[0] == 1
    assert states.judge([FITS.replace("pybadge", "pygamer")], known)[0] == 1  # no known state
    assert states.judge(["nonsense"], known)[0] == 1
    known[("clue", "mpy")] = ("fails", None)
    known[("feather_tft", "mpy")] = ("fails", None)
    status, messages = states.judge([ENDS], known)  # better than known: passes, says so
    assert status == 0 and "better" in messages[0]


def test_the_states_file_reads_and_covers_every_board():
    known = states.read(os.path.join(ROOT, "docs", "board_states.txt"))
    for board in common.PROFILES:
        for kind in core.KINDS:
            assert (board, kind) in known


def test_bad_states_line(tmp_path):
    path = tmp_path / "s.txt"
    path.write_text("pybadge mpy fitting 100\n")
    with pytest.raises(SystemExit, match="expected"):
        states.read(str(path))


def fit_of(budget_run, smaller_ok, margin=0, capped=False):
    return {"heap": 1, "base": 1, "budget_run": budget_run, "capped": capped, "margin": margin,
            "smaller_run": None if smaller_ok is None else (1, (smaller_ok, None if smaller_ok else "MemoryError "
                                                                "after play (first power-on)", ""))}


def test_line_says_fits_only_with_a_fifth_free_and_the_smaller_heap():
    r = {"peak": "100000", "double": "1", "crc": "0"}
    text, fits = core.line("pybadge", "mpy", r, fit_of((True, None, ""), True, 25600, True))
    assert fits and text.endswith("fits: yes") and states.state_of(text)[2] == "fits"
    text, fits = core.line("pybadge", "mpy", r, fit_of((True, None, ""), False, 4096))
    assert not fits and "margin 4096 B" in text and states.state_of(text)[2] == "ends"
    r["peak"] = "110000"  # 14 % free: the tour may end, it does not fit
    assert not core.line("pybadge", "mpy", r, fit_of((True, None, ""), True, 25600, True))[1]
    text, fits = core.line("pybadge", "mpy", r, fit_of((False, "MemoryError after play (first power-on)", ""),
                                                       None))
    assert not fits and states.state_of(text)[2] == "fails" and "margin none" in text


class FakeBench(core.Bench):
    """A Bench whose tours end in any heap of at least ``need`` bytes (no unix port)."""

    def __init__(self, need):
        self.boards, self.kinds, self.need, self.binaries = ["pybadge"], ["mpy"], need, {"mpy": "x"}
        self.run_dir, self.times, self.probed = None, {}, []

    def base(self, kind):
        return 0

    def tours(self, probes):
        self.probed += probes
        return {p: (p[2] >= self.need, None if p[2] >= self.need else "MemoryError after play", "") for p in probes}


def test_margin_by_bisection_in_2_kb_steps(monkeypatch):
    monkeypatch.setattr(core, "heap_for", lambda binary, want, run_dir: want)
    runs = {("pybadge", "mpy"): {"double": "0", "fix_most": "0"}}
    bench = FakeBench(128000 - 9000)  # ends down to 9000 B less: 4 steps of 2048 B
    fit = bench.fit(runs)[("pybadge", "mpy")]
    assert fit["budget_run"][0] and not fit["smaller_run"][1][0] and fit["margin"] == 4 * 2048
    assert len(bench.probed) <= 2 + 5
    fit = FakeBench(100000).fit(runs)[("pybadge", "mpy")]  # ends in a heap 20 % smaller too
    assert fit["capped"] and fit["margin"] == 128000 - 102400
    fit = FakeBench(130000).fit(runs)[("pybadge", "mpy")]
    assert not fit["budget_run"][0] and fit["margin"] == 0 and fit["needs"] is None


def test_the_stand_ins_excess_is_given_back_to_the_fixed_heap(monkeypatch):
    """The most the stand-in's displayio objects held over C sizes in the measured tour is added
    to the fixed heap, and the run is told it (it holds the rest as ballast: mp_heap_fit.py)."""
    monkeypatch.setattr(core, "heap_for", lambda binary, want, run_dir: want)
    runs = {("pybadge", "mpy"): {"double": "0", "fix_most": "3000"}}
    bench = FakeBench(1)
    fit = bench.fit(runs)[("pybadge", "mpy")]
    assert fit["heap"] == 128000 + 3000 and bench.credits[("pybadge", "mpy")] == 3000
    assert bench.probed[0] == ("pybadge", "mpy", 128000 + 3000)


def test_needs_finds_the_least_heap_above_the_budget(monkeypatch):
    monkeypatch.setattr(core, "heap_for", lambda binary, want, run_dir: want)
    runs = {("pybadge", "mpy"): {"double": "0", "fix_most": "0", "peak": "150000", "crc": "0"}}
    fit = FakeBench(128000 + 9000).fit(runs, need=True)[("pybadge", "mpy")]
    assert fit["needs"] == 128000 + 5 * 2048  # the first 2 KB step at or above 9000 B more
    text = core.line("pybadge", "mpy", runs[("pybadge", "mpy")], fit)[0]
    assert "margin none (it ends in 138240 B, 10240 B more)" in text and states.state_of(text)[2] == "fails"
    assert FakeBench(10 ** 6).fit(runs, need=True)[("pybadge", "mpy")]["needs"] is None  # not even at the top


def test_firmware_lines_come_from_the_emulated_boards_module_when_it_is_there(tmp_path, monkeypatch):
    from tools.bench import board_bench

    monkeypatch.setattr(board_bench, "FIRMWARE", str(tmp_path / "emulated_boards.py"))
    assert board_bench.firmware_lines(False) == []  # not in the tree (yet): nothing to run
    (tmp_path / "emulated_boards.py").write_text(
        "def bench_lines(tour=False):\n"
        "    return ['macropad (CircuitPython 10 firmware, rp2040js): %s; peak 1 B' % "
        "('tour ended' if tour else 'game ended')]\n")
    monkeypatch.delitem(sys.modules, "emulated_boards", raising=False)
    assert board_bench.firmware_lines(True) == ["macropad (CircuitPython 10 firmware, rp2040js): tour ended; peak 1 B"]
    (tmp_path / "emulated_boards.py").write_text("def bench_lines(tour=False):\n    raise RuntimeError('boom')\n")
    monkeypatch.delitem(sys.modules, "emulated_boards", raising=False)
    with pytest.raises(RuntimeError, match="boom"):  # an error in it is an error of the bench
        board_bench.firmware_lines(False)
    monkeypatch.delitem(sys.modules, "emulated_boards", raising=False)


CUT_LINE = ("macropad (CircuitPython 10 firmware, rp2040js): game ended (140 of 568 ops); peak 158272 B of "
            "185344 B heap, least largest free block 7905 B; 28 of 28 checkpoint frames equal to CPython's; "
            "20 power cuts, 0 lost; key to frame 27 ms, hint 603 ms, computer turn 3773 ms")


def test_power_cuts_judged_on_safe_boards():
    assert states.cuts_of(CUT_LINE) == (20, 0)
    assert states.cuts_of(CUT_LINE.replace("20 power cuts, 0 lost", "power cuts not run")) == (0, 0)
    assert states.cuts_of(FIRMWARE) is None
    safe = {("macropad", "firmware"): ("ends", 159100, "safe")}
    assert states.judge([CUT_LINE], safe) == (0, [])
    status, messages = states.judge([CUT_LINE.replace("0 lost", "2 lost")], safe)
    assert status == 1 and "2 of 20 power cuts lost the game" in messages[0] and "regression" in messages[0]
    status, messages = states.judge([CUT_LINE.replace("20 power cuts, 0 lost", "power cuts not run")], safe)
    assert status == 1 and "no power cuts ran" in messages[0]
    status, messages = states.judge([CUT_LINE.replace("20 power cuts, 0 lost", "power cuts failed (x)")], safe)
    assert status == 1
    loses = {("macropad", "firmware"): ("ends", 159100, "loses")}
    status, messages = states.judge([CUT_LINE.replace("0 lost", "2 lost")], loses)
    assert status == 0 and "known" in messages[0]
    status, messages = states.judge([CUT_LINE], loses)
    assert status == 0 and "better" in messages[0]
    assert states.judge([CUT_LINE], {("macropad", "firmware"): ("ends", 159100)}) == (0, [])  # not judged


def test_states_file_cut_column(tmp_path):
    from sim import boards

    other = boards.emulated()[-1]  # the emulated board after the MacroPad
    path = tmp_path / "s.txt"
    path.write_text("macropad firmware ends 159100 safe\n%s firmware ends - loses\n" % other)
    assert states.read(str(path)) == {("macropad", "firmware"): ("ends", 159100, "safe"),
                                      (other, "firmware"): ("ends", None, "loses")}
    for bad in ("pygamer mpy fails 100 safe\n", "macropad firmware ends 100 sure\n"):
        path.write_text(bad)
        with pytest.raises(SystemExit, match="expected"):
            states.read(str(path))


def _py(code):
    return [sys.executable, "-c", code], ROOT


def test_run_jobs_fills_a_slot_when_any_run_ends_and_queues_what_follows_a_run(tmp_path):
    """core.run_jobs: a short run does not wait for a long one begun before it; ``then`` adds the
    runs that follow one (the second power-on after its first); every result is kept."""
    order = tmp_path / "order"
    log = "import sys; open(%r, 'a').write(sys.argv[1] + '\\n')" % str(order)
    jobs = [("slow", ([sys.executable, "-c", "import time; time.sleep(1.5); " + log, "slow"], ROOT)),
            ("quick", ([sys.executable, "-c", log, "quick"], ROOT)),
            ("fails", _py("import sys; print('out'); sys.exit(3)"))]

    def then(key, result):
        return [("after-quick", ([sys.executable, "-c", log, "after-quick"], ROOT))] if key == "quick" else []

    done = core.run_jobs(jobs, 2, then=then)
    assert sorted(done) == ["after-quick", "fails", "quick", "slow"]
    assert done["fails"][0] == 3 and done["fails"][1] == "out\n"
    assert done["slow"][0] == 0
    # the quick run and the one it queued both ended while the slow one still ran
    assert order.read_text().split() == ["quick", "after-quick", "slow"]


def test_run_jobs_with_stop_ends_at_a_failed_run():
    with pytest.raises(SystemExit, match="the run fails failed .exit 3."):
        core.run_jobs([("fails", _py("import sys; sys.exit(3)"))], 2, stop=True)


def test_the_modules_a_board_loads_are_its_own_not_the_doubles():
    # a CPython dry run of the board's own make_board and build_app: hw/inputs.py is imported by
    # the sources only for constants the .mpy files fold in; hw/null.py only where a board lacks a
    # speaker or lights, hw/nvm.py where it lacks an NVM (the double and the driver load all three)
    from sim.boards import NAMES
    from tools.memory import tour

    loaded = {board: tour.app_modules(board).split(",") for board in NAMES}
    for board, names in loaded.items():
        assert "hw." + board in names and "ui.crash_guard" in names and "hw.assembly" in names, board
        assert not {"hw.inputs", "hw.nvm", "yahtzee_core.seeded_dice"} & set(names), board
    with_null = [board for board, names in loaded.items() if "hw.null" in names]
    assert with_null and len(with_null) < len(NAMES)  # a board without a speaker or lights has it, the rest not
    assert tour.folded_away(["hw.pygamer", "hw.inputs", "hw.keymap"]) == {"hw.inputs"}


def test_the_cores_start_up_modules_are_held_to_the_firmwares(monkeypatch):
    from tools.bench import board_bench

    firmware = ["hw.macropad", "ui.app"]
    fake = type(sys)("emulated_boards")
    fake.app_modules_at_start = lambda board: firmware if board == "macropad" else None
    monkeypatch.setitem(sys.modules, "emulated_boards", fake)
    monkeypatch.setattr(board_bench, "FIRMWARE", __file__)
    monkeypatch.setattr(board_bench, "PROBLEMS", [])
    runs = {("macropad", "mpy"): {"steps": [("start-up", 1, "hw.macropad,ui.app"), ("play", 2, "ui.app")]},
            ("pygamer", "mpy"): {"steps": [("start-up", 1, "hw.pygamer")]}}
    board_bench.check_modules(runs)
    assert board_bench.PROBLEMS == []
    runs[("macropad", "mpy")]["steps"][0] = ("start-up", 1, "hw.macropad,ui.app,hw.inputs")
    board_bench.check_modules(runs)
    assert board_bench.PROBLEMS == ["board_bench: macropad: the modules at start-up on the core are not the "
                                    "firmware's (only the core: hw.inputs; only the firmware: -)"]


def test_a_screen_build_has_the_ballast_of_the_scene_it_makes(monkeypatch):
    """tools/memory/mp_heap_fit.py: the ballast standing for the scene left is not held while the
    next screen is built; it is set first for the scene the measured run found once it was built."""
    import importlib.util
    import types
    from array import array

    def load(name):  # the VM script as a module of its own (micropython stood in for)
        spec = importlib.util.spec_from_file_location(name, os.path.join(ROOT, "tools", "memory", name + ".py"))
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module

    monkeypatch.setitem(sys.modules, "micropython", types.SimpleNamespace(mem_info=lambda: None))
    monkeypatch.setitem(sys.modules, "mp_board_memory", load("mp_board_memory"))
    fit = load("mp_heap_fit")
    held = []

    class Screens:
        def _build(self, screen_id):
            held.append(len(fit.BALLAST[0]))  # the ballast while the screen is built
            return "screen %d" % screen_id

    app = types.SimpleNamespace(screens=Screens())
    fit.CREDIT[0] = 3000
    fit.BALLAST[0] = bytearray(3000)
    fit.FIT[3] = array("H", [1000, 3000])  # the measured run's correction once each build was done
    fit._label("start-up", app)
    assert app.screens._build(7) == "screen 7" and held == [2000] and len(fit.BALLAST[0]) == 2000
    assert app.screens._build(8) == "screen 8" and held == [2000, 0]
    fit._label("power off", None)  # the app is gone: the hook keeps none of it
    assert fit.FIT[0] is None and fit.FIT[2] == 2
