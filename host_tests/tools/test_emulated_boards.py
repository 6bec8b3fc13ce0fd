"""tools/firmware/emulated_boards.py: the emulated firmware's bench lines (the runs themselves are
board_bench's stage in tools/test; here the parts that need no emulator)."""

import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools", "firmware"))

import emulated_boards as E
from sim import boards
from tools.bench import states

SCRIPT = {"board": "macropad", "ops": [
    ["checkpoint", "start-up", True], ["tap", 1, False, 6], ["checkpoint", "game 1", True],
    ["idle"], ["checkpoint", "game 1", False], ["tap", 2, False, 8], ["checkpoint", "game 1", True],
    ["checkpoint", "end", True]], "frames": ["a", "b", "c", "d"]}


def result(**kw):
    r = {"reached": "game ended", "step": None, "error": None, "ops": 567, "ops_done": 120, "boots": 1,
         "emulated_s": 30.0, "wall_s": 120.0, "frames": {"equal": 5, "compared": 6, "differ": []},
         "checkpoints": [{"label": "start-up", "n": 1, "free": 77000, "alloc": 108000, "largest": 57000},
                         {"label": "play", "n": 1, "free": 37000, "alloc": 147000, "largest": 9000}],
         "times": {"key_to_frame_ms": 25.4, "hint_ms": 607.9, "computer_turn_ms": None}}
    r.update(kw)
    return r


def test_shorten_ends_at_the_nth_checkpoint_with_its_frames():
    short = E.shorten(SCRIPT, ("game 1", 2))
    assert short["ops"] == SCRIPT["ops"][:5]
    assert short["frames"] == ["a", "b"]  # the second "game 1" compares no frame
    assert E.shorten(SCRIPT, ("game 1", 3))["frames"] == ["a", "b", "c"]
    with pytest.raises(SystemExit, match="no checkpoint"):
        E.shorten(SCRIPT, ("game 2", 1))


def test_lines_in_the_issue_form_judged_by_the_states_file():
    short = E.line("macropad", result(), tour=False, whole=567)
    assert short == ("macropad (CircuitPython 10 firmware, rp2040js): game ended (120 of "
                     "567 ops); peak 147000 B of 185000 B heap, least largest free block 9000 B; 5 of 6 checkpoint "
                     "frames equal to CPython's; power cuts not run; key to frame 25 ms, hint 608 ms, "
                     "computer turn - ms")
    assert states.state_of(short) == ("macropad", "firmware", "ends", 147000)
    assert E.line("macropad", result(), tour=True).startswith(
        "macropad (CircuitPython 10 firmware, rp2040js): tour ended; peak 147000 B")
    oom = E.line(boards.emulated()[-1], result(reached="MemoryError", step="play (op 60 of 175: checkpoint play true)",
                                                error="Traceback ...\nMemoryError: memory allocation failed"), False)
    assert states.state_of(oom)[2] == "fails"
    assert "MemoryError at play (op 60 of 175" in oom
    hung = E.line("macropad", result(reached="failed", step="game 1 #10", error='no answer to "s" in 5000 ms'),
                  False)
    assert "failed at game 1 #10 (no answer" in hung and states.state_of(hung)[2] == "failed"
    none = E.line("macropad", result(reached="failed", step="start-up", error="USB serial never opened",
                                     checkpoints=[]), False)
    assert "no checkpoint reached" in none and states.state_of(none)[2] == "failed"


def test_a_smaller_heap_run_holds_a_fifth_of_the_budget_and_reports_the_apps_peak():
    budget = boards.FACTS["macropad"]["budget"]
    n = E.ballast("macropad")
    assert n % E.PIECE == 0 and budget // 5 - E.PIECE < n <= budget // 5
    held = E.ballast_held(n)
    assert held == n + 16 + (n // E.PIECE * 4 + 15) // 16 * 16  # the pieces and the list of them
    text = E.line("macropad", result(), tour=True, held=held)
    assert ("tour ended; in a heap 20 %% smaller (%d B held from power-on): peak %d B of 185000 B heap"
            % (held, 147000 - held)) in text
    assert states.state_of(text)[3] == 147000 - held
    # the bench hook makes the pieces before the app, and only when bench.txt asks
    from ui import bench_hook

    bench_hook.hooked(None, "seed=11\n")
    assert bench_hook._ballast == []
    bench_hook.hooked(None, "seed=11\nballast=%d\n" % n)
    assert len(bench_hook._ballast) == n // E.PIECE and all(len(p) == E.PIECE - 16 for p in bench_hook._ballast)
    bench_hook._ballast = []


def test_hold_takes_the_bytes_asked_for_and_says_so_without_calling_it_a_fifth():
    n = E.ballast("macropad", 60000)
    assert n == 60000 // E.PIECE * E.PIECE and n != E.ballast("macropad")
    held = E.ballast_held(n)
    text = E.line("macropad", result(), tour=True, held=held, smaller=False)
    assert "tour ended; %d B held from power-on: peak %d B of 185000 B heap" % (held, 147000 - held) in text
    assert "smaller" not in text
    with pytest.raises(SystemExit, match="not both"):
        E.main(["--smaller", "--hold", "60000"])


def test_a_missing_tool_or_image_fails_and_says_what(monkeypatch, tmp_path):
    monkeypatch.setattr(E.shutil, "which", lambda name: None)
    with pytest.raises(SystemExit, match="node is not on PATH"):
        E.check_tools()
    monkeypatch.setattr(E.shutil, "which", lambda name: "/usr/bin/" + name)
    monkeypatch.setattr(E, "FIRMWARE", str(tmp_path))
    with pytest.raises(SystemExit, match="rp2040-bootrom.ts.*README"):
        E.check_tools()


def test_a_run_that_never_ends_is_killed_and_fails(monkeypatch, tmp_path):
    import subprocess

    monkeypatch.setattr(E, "check_tools", lambda: "node")
    monkeypatch.setattr(E, "prepare", lambda board, work, tour, take: ("drive", "script", 10))
    procs = []

    def start(node, board, drive, script, work, tour, cuts, cut_seed):
        procs.append(subprocess.Popen(["sleep", "30"]))
        return procs[-1], str(tmp_path / "none.json"), open(tmp_path / (board + "-node.log"), "w")

    monkeypatch.setattr(E, "start", start)
    monkeypatch.setattr(E, "TIMEOUT_S", {False: -299 - E.CUT_S * E.CUTS, True: 0})  # a deadline 1 s away
    with pytest.raises(SystemExit, match="did not end"):
        E.bench_lines(boards=["macropad"], work=str(tmp_path))
    assert procs[0].poll() is not None  # killed


def test_power_cuts_in_the_line_and_the_lost_ones_in_the_details():
    row = {"save": 2, "op": 5, "of": 51, "what": "erase NVM +0", "share": 0.4, "before": "3:1,2,3,4",
           "after": "4:5,6,7,8", "wall_ms": 9000, "verdict": "after"}
    cuts = {"seed": 7, "n": 2, "before": 0, "after": 1, "lost": 1, "saves": 3, "ops": 153, "wall_s": 20.0,
            "emulated_s": 7.2, "list": [row, dict(row, verdict="lost", why="loaded none, status 1")]}
    text = E.line("macropad", result(cuts=cuts), tour=False, whole=567)
    assert "; 2 power cuts, 1 lost; key to frame" in text
    assert states.cuts_of(text) == (2, 1)
    assert states.judge([text], {("macropad", "firmware"): ("ends", None, "safe")})[0] == 1
    details = E.cut_details("macropad", cuts)
    assert "seed 7" in details[0] and "1 as after it, 1 lost" in details[0]
    assert details[1].startswith("  macropad: LOST: a cut in save 2, operation 5 of 51 "
                                 "(erase NVM +0, 40 % of its bits)")
    assert E.cuts_text({"seed": 1, "n": 0, "list": []}) == "power cuts not run (no save in the run)"
    assert E.cuts_text({"error": "the flash log replayed is not the flash"}).startswith("power cuts failed (")
    assert E.cut_details("macropad", None) == []


WFI_JS = """
import { Simulator } from 'rp2040js';
import { EmulatedBoard } from %s;
// board.mjs's runUntil on a stand-in core asleep in WFI under PRIMASK (CircuitPython's
// port_idle_until_interrupt), with the timer's IRQ 0 pending and enabled, or nothing pending
function board(pending) {
  const clock = new Simulator().clock;
  const core = {
    waiting: true, PM: true, IPSR: 0, pendingInterrupts: pending, enabledInterrupts: 1,
    interruptPriorities: [0xffffffff, 0, 0, 0], pendingSystick: false, pendingPendSV: false, systickPriority: 3,
    pendSVPriority: 3, registers: new Uint32Array(16), interruptsUpdated: false, exceptionPriority: () => 4, ran: null,
    executeInstruction() { if (this.ran === null) this.ran = clock.nanos; return 1; },
  };
  return { clock, mcu: { core, pio: [{ stopped: true }, { stopped: true }] }, busyWait: null, instructions: 0,
           waitNanos: 0, waits: 0, pendingWakes: 0, stopped: false };
}
const out = {};
for (const [name, pending] of [['pending', 1], ['none', 0]]) {
  const b = board(pending);
  EmulatedBoard.prototype.runUntil.call(b, () => false, 1);
  out[name] = { ran: b.mcu.core.ran, asleep_ns: b.waitNanos, pending_wakes: b.pendingWakes };
}
console.log(JSON.stringify(out));
"""


def test_an_interrupt_pending_before_wfi_wakes_the_core_at_once():
    """An interrupt that became pending while PRIMASK masked it (between CircuitPython's mask and
    its WFI) wakes the core at once, as on the Cortex-M0+; rp2040js alone left it asleep until
    another interrupt, and a tap on the Pico became a long press (docs/firmware.md)."""
    import json
    import subprocess

    node = E.node_with_rp2040js()
    js = WFI_JS % json.dumps("file://" + os.path.join(E.EMULATOR, "board.mjs"))
    # (run from the emulator's folder: 'rp2040js' resolves from its node_modules)
    out = subprocess.run([node, "--input-type=module", "-e", js], cwd=E.EMULATOR, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, check=True)
    r = json.loads(out.stdout)
    assert r["pending"] == {"ran": 0, "asleep_ns": 0, "pending_wakes": 1}
    assert r["none"] == {"ran": None, "asleep_ns": 1000000, "pending_wakes": 0}  # nothing to wake it: 1 ms asleep
