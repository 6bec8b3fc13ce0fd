"""The MacroPad's and the Pico's stock CircuitPython 10 firmware playing the game in rp2040js (issue 22),
one line per board for tools/bench/board_bench.py:

    python tools/firmware/emulated_boards.py [--tour] [--smaller | --hold N] [--board B] [--work DIR]
        [--cuts N] [--cut-seed S]      # B: one of sim/boards.py emulated(), the MacroPad and the Pico

    macropad (CircuitPython 10 firmware, rp2040js): game ended (N of M ops) | tour ended |
      MemoryError at STEP |
      failed at STEP (why); peak N B of M B heap, least largest free block N B; F of F checkpoint frames
      equal to CPython's; C power cuts, L lost; key to frame N ms, hint N ms, computer turn N ms

For each board: the app goes onto a CIRCUITPY drive as ``tools/ship/deploy.py --board B`` lays it out (with
CircuitPython 10's mpy-cross), plus ``bench.txt`` (``seed=11``: code.py's bench hook, ui/bench_hook.py),
written as a FAT image (circuitpy_image.py) into the emulated flash; the stock firmware
(../shared/circuitpython/firmware/) boots from power-on and runs the drive's code.py. The game is
host_tests/ui/whole_app.py's, recorded on CPython as key presses and checkpoint frames
(game_script.py), pressed through the board's own key GPIOs and the MacroPad's encoder pins by
rp2040_emulator/play.mjs, which reads the screen off the display's SPI bus and compares each
checkpoint's frame with CPython's. Both boards run side by side (two node processes).

By default the script stops at ``GAME_UNTIL``: start-up, a whole game of you and a hard computer
(the hint each turn, an undo after your second box, the scorecard, settings and every page of the
rules reader from the menu, game over and your initials), statistics, a Defuse bomb, a second game
powered off after three turns, and Continue with its first turn (N of the recorded run's M ops).
``--smaller``: a fifth of the board's budget (sim/boards.py) is taken from the heap at power-on
and held to the end, in 512-byte pieces (``ballast=N`` in ``bench.txt``, ui/bench_hook.py): the
app runs in a heap 20 % smaller (issue 23). The line says so; its peak is the app's, the ballast
taken off. ``--hold N``: N bytes instead (in whole pieces), to find how much room above its peak the
app needs on the real firmware (docs/memory.md, "Blocks, not bytes").
``--tour``: the whole-app tour of every mode, as CircuitPython's core runs it (the board's seats: four on
both, you, the hard computer and two easy ones), the second game to its end, a challenge code and a turn
of its game with an undo, and the demo. Alone on a core the emulator runs at about half the chip's speed
(docs/firmware.md).

Figures: "peak" is the most ``gc.mem_alloc()`` after ``gc.collect()`` at a checkpoint, "M B heap"
``mem_free + mem_alloc`` there, "least largest free block" the smallest of the largest bytearray the
firmware could allocate at each checkpoint; the times are the emulator's clock (the RP2040 at
125 MHz): medians of a key press to the end of the frame it drew, of the coach's hint, of a hard
computer's whole turn. A ``MemoryError`` (or any other traceback on the serial console) is a result:
the step, the firmware's figures until then and the traceback's last lines are printed.
docs/board_states.txt decides whether it fails CI (tools/bench/states.py).

Power cuts (``--cuts N``, CUTS by default; 0: "power cuts not run"): after the game, play.mjs cuts the
power N times inside the saves the game made (rp2040_emulator/cuts.mjs: a random flash operation of a
random save, not started or partly done), each time boots a new board from the flash as the cut left
it, lets code.py start the app and asks the bench hook which saved copy the store loaded; "lost" is a
cut after which that is neither the newest copy before the save nor the one the save wrote (or the
app did not start). The cuts are random; each run prints its seed, ``--cut-seed S`` makes them again.

Needs node, tools/firmware/rp2040_emulator/node_modules (``npm ci`` there; tried once here), the
shared firmware images and boot ROM, and CircuitPython 10's mpy-cross and unix port
(tools/firmware/circuitpython_build.py): a missing one is an error that says what is missing, never a skip."""

import json
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, ROOT)

import circuitpy_image
import circuitpython_build
from sim.boards import FACTS, emulated, screen, stock_firmware
from tools import common

EMULATOR = os.path.join(HERE, "rp2040_emulator")
FIRMWARE = os.path.join(circuitpython_build.SHARED, "firmware")
BOOTROM = "rp2040-bootrom.ts"
BOARDS = {name: {"uf2": stock_firmware(name) + ".uf2", "flash_mb": FACTS[name]["flash_mb"]} for name in emulated()}
# (the same builds' ELF files: where the core is, named, if the app stops answering)
ELF = {name: stock_firmware(name) + ".elf" for name in emulated()}
SEED = 11  # game_script.SEED: the board's dice as CPython's
# the default script ends here: the first turn after the power-off and Continue
GAME_UNTIL = ("game 2 continued", 1)
TIMEOUT_S = {False: 2400, True: 3600}  # wall seconds a board may take (the game; the cuts add CUT_S each)
CUTS = 20  # power cuts per board in a default run
PIECE = 512  # heap bytes of one ballast piece (ui/bench_hook.py)
CUT_S = 60


class Missing(SystemExit):
    """Something this stage needs is not there (the message says what)."""


def say(text):
    print(text)
    sys.stdout.flush()


def node_with_rp2040js():
    """node, with rp2040js installed in the emulator's folder (``npm ci`` there, once), or Missing."""
    node = shutil.which("node")
    if node is None:
        raise Missing("emulated_boards: node is not on PATH (the emulated boards run in rp2040js under node)")
    if not os.path.isdir(os.path.join(EMULATOR, "node_modules", "rp2040js")):
        npm = shutil.which("npm")
        res = subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=EMULATOR, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True) if npm else None
        if res is None or res.returncode or not os.path.isdir(os.path.join(EMULATOR, "node_modules", "rp2040js")):
            raise Missing("emulated_boards: rp2040js is not installed in %s and `npm ci` there failed:\n%s"
                          % (EMULATOR, res.stdout[-2000:] if res else "npm is not on PATH"))
    return node


def check_tools():
    """node, the emulator's npm packages, the firmware images and the boot ROM, or Missing."""
    node = node_with_rp2040js()
    needed = [os.path.join(FIRMWARE, BOOTROM)] + [os.path.join(FIRMWARE, b["uf2"]) for b in BOARDS.values()]
    missing = [p for p in needed if not os.path.exists(p)]
    if missing:
        raise Missing("emulated_boards: missing %s (the stock CircuitPython 10 images and the RP2040 boot ROM: "
                      "../shared/circuitpython/README.md)" % ", ".join(missing))
    return node


def shorten(script, until):
    """The script's ops up to and including the checkpoint ``until`` = (label, n), and the frames
    those ops compare."""
    label, nth = until
    seen = 0
    frames = 0
    for i, op in enumerate(script["ops"]):
        if op[0] == "checkpoint":
            frames += 1 if op[2] else 0
            if op[1] == label:
                seen += 1
                if seen == nth:
                    return dict(script, ops=script["ops"][:i + 1], frames=script["frames"][:frames])
    raise SystemExit("emulated_boards: the game script has no checkpoint %r #%d" % until)


def ballast(board, hold=0):
    """The bytes ``--smaller`` takes from ``board``'s heap: a fifth of its budget, in whole pieces;
    ``hold`` (``--hold``): that many bytes instead, in whole pieces."""
    return (hold or int(FACTS[board]["budget"] * common.SMALLER)) // PIECE * PIECE


def ballast_held(nbytes):
    """Heap bytes a ballast of ``nbytes`` holds on the board: its pieces (ui/bench_hook.py) and the
    list of them (a 16-byte object and 4 bytes an item, in 16-byte blocks)."""
    count = nbytes // PIECE
    return count * PIECE + 16 + (count * 4 + 15) // 16 * 16


def prepare(board, work, tour, take=0):
    """(drive image path, script path, the recorded run's number of ops) for ``board`` in ``work``;
    ``take``: the ballast's bytes (``ballast``), 0 for none."""
    bench = "seed=%d\n" % SEED + ("ballast=%d\n" % take if take else "")
    image, _, _ = circuitpy_image.drive_image(board, work, {"bench.txt": bench})
    drive = os.path.join(work, board + ".img")
    with open(drive, "wb") as f:
        f.write(image)
    recorded = os.path.join(work, board + "-whole.json")
    res = subprocess.run([sys.executable, os.path.join(HERE, "game_script.py"), board, recorded]
                         + (["--tour"] if tour else []), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if res.returncode:
        raise SystemExit("emulated_boards: game_script.py %s failed:\n%s" % (board, res.stdout[-3000:]))
    with open(recorded) as f:
        script = json.load(f)
    whole = len(script["ops"])
    if not tour:
        script = shorten(script, GAME_UNTIL)
    path = os.path.join(work, board + "-script.json")
    with open(path, "w") as f:
        json.dump(script, f)
    return drive, path, whole


def start(node, board, drive, script, work, tour, cuts=CUTS, cut_seed=None):
    spec = BOARDS[board]
    out = os.path.join(work, board + "-result.json")
    if os.path.exists(out):
        os.remove(out)
    log = open(os.path.join(work, board + "-node.log"), "w")
    cmd = [node, os.path.join(EMULATOR, "play.mjs"), "--board", board, "--pins", json.dumps(FACTS[board]["pins"]),
           "--script", script,
           "--bootrom", os.path.join(FIRMWARE, BOOTROM), "--image", os.path.join(FIRMWARE, spec["uf2"]),
           "--drive", drive, "--flash-mb", str(spec["flash_mb"]), "--out", out, "--timeout", str(TIMEOUT_S[tour]),
           "--cuts", str(cuts)]
    if cut_seed is not None:
        cmd += ["--cut-seed", str(cut_seed)]
    if os.path.exists(os.path.join(FIRMWARE, ELF[board])):
        cmd += ["--cut-elf", os.path.join(FIRMWARE, ELF[board])]
    elf = os.path.join(FIRMWARE, ELF[board])
    if os.path.exists(elf) and (shutil.which("arm-none-eabi-nm") or shutil.which("nm")):
        cmd += ["--elf", elf]
    return subprocess.Popen(cmd, cwd=EMULATOR, stdout=log, stderr=subprocess.STDOUT), out, log


def _ms(value):
    return "-" if value is None else "%d" % round(value)


def line(board, r, tour, whole=None, held=0, smaller=True):
    """The bench line of one board's result (play.mjs's result.json); ``whole``: the whole game's
    number of ops; ``held``: the heap bytes the ballast held (--smaller, or --hold when not
    ``smaller``), taken off the peak."""
    cps = r["checkpoints"]
    if r["reached"] == "game ended":
        how = ("tour ended" if tour else "game ended (%d of %s ops)" % (r["ops_done"], whole or "?"))
    elif r["reached"] == "MemoryError":
        how = "MemoryError at %s" % r["step"]
    else:
        how = "failed at %s (%s)" % (r["step"], (r["error"] or "?").strip().split("\n")[-1])
    if cps:
        peak = max(c["alloc"] for c in cps) - held
        heap = max(c["alloc"] + c["free"] for c in cps)
        least = min(c["largest"] for c in cps)
        figures = "peak %d B of %d B heap, least largest free block %d B" % (peak, heap, least)
        if held and smaller:
            figures = "in a heap %d %% smaller (%d B held from power-on): %s" % (
                round(common.SMALLER * 100), held, figures)
        elif held:
            figures = "%d B held from power-on: %s" % (held, figures)
    else:
        figures = "no checkpoint reached"
    t = r["times"]
    return ("%s (CircuitPython 10 firmware, rp2040js): %s; %s; %d of %d checkpoint frames equal to CPython's; "
            "%s; key to frame %s ms, hint %s ms, computer turn %s ms" % (
                board, how, figures, r["frames"]["equal"], r["frames"]["compared"], cuts_text(r.get("cuts")),
                _ms(t.get("key_to_frame_ms")), _ms(t.get("hint_ms")), _ms(t.get("computer_turn_ms"))))


def cuts_text(c):
    """The line's power cuts: "C power cuts, L lost", or why none ran."""
    if not c:
        return "power cuts not run"
    if c.get("error"):
        return "power cuts failed (%s)" % c["error"]
    if not c["n"]:
        return "power cuts not run (no save in the run)"
    return "%d power cuts, %d lost" % (c["n"], c["lost"])


def cut_details(board, c):
    """The cuts' lines: how many came back before and after their save, the seed, each lost one."""
    if not c or c.get("error") or not c["n"]:
        return []
    out = ["  %s: power cuts: %d (seed %d, --cut-seed to repeat them) in %d saves' %d flash operations: %d "
           "came back as before their save, %d as after it, %d lost; %.1f s emulated in %.0f s wall (%d ms "
           "wall a boot, median)" % (
               board, c["n"], c["seed"], c["saves"], c["ops"], c["before"], c["after"], c["lost"], c["emulated_s"],
               c["wall_s"], sorted(x["wall_ms"] for x in c["list"])[len(c["list"]) // 2])]
    for x in c["list"]:
        if x["verdict"] == "lost":
            out.append("  %s: LOST: a cut in save %d, operation %d of %d (%s, %s): %s; before %s, after %s" % (
                board, x["save"], x["op"], x["of"], x["what"],
                "not started" if not x["share"] else "%d %% of its bits" % round(x["share"] * 100),
                x.get("why"), x["before"], x["after"]))
    return out


def details(board, r):
    """What else the run printed: times, where the emulator's time went, frames that differ, the
    serial console's traceback."""
    t = r["times"]
    out = ["  %s: %d of %d ops, %d boot(s), %.1f s emulated in %.0f s wall (%s s of CPU); flash: %s; questions "
           "to the bench hook asked again: %s" % (
               board, r["ops_done"], r["ops"], r["boots"], r["emulated_s"], r["wall_s"], _ms(r.get("cpu_s")),
               r.get("flash", "?"), r.get("reasks", "?")),
           "  %s: time in the hand (the emulator's clock, medians): power-on to the first screen %s ms; a press to "
           "the end of the frame it drew: roll %s, hold %s, cursor %s, score %s ms; a tumbling-dice frame %s ms; "
           "the hint %s ms; a hard computer's turn %s ms; a save %s ms (%d saves; the emulated flash erases and "
           "programs at once)" % (
               board, _ms(t.get("power_on_to_first_screen_ms")), _ms(t.get("roll_to_frame_ms")),
               _ms(t.get("hold_to_frame_ms")), _ms(t.get("cursor_to_frame_ms")), _ms(t.get("score_to_frame_ms")),
               _ms(t.get("tumble_frame_ms")), _ms(t.get("hint_ms")), _ms(t.get("computer_turn_ms")),
               _ms(t.get("save_ms")), t.get("saves", 0))]
    spent = r.get("spent") or {}
    if spent:
        out.append("  %s: time by op: %s" % (board, ", ".join(
            "%s %d x, %.1f s emulated, %.0f s wall" % (k, v["n"], v["emulated_ms"] / 1e3, v["wall_ms"] / 1e3)
            for k, v in spent.items())))
    cpu = r.get("cpu")
    if cpu:
        paced = (r.get("dma_paced") or {}).get("59", 0)
        out.append("  %s: %d instructions run, %.1f s of emulated time asleep (WFI); %d DMA transfers paced by "
                   "timer 0 (audiopwmio's tone samples, board.mjs's pacing ratio)" % (
                       board, cpu["instructions"], cpu["wait_ms"] / 1e3, paced))
    for c in r["checkpoints"]:
        out.append("  %s %s #%d: free %d alloc %d largest %d%s" % (
            board, c["label"], c["n"], c["free"], c["alloc"], c["largest"],
            "" if "differ" not in c else ", frame %s" % ("equal" if c["differ"] == 0 else
                                                          "%d pixels differ" % c["differ"])))
    if r.get("error"):
        out.append("  %s: stopped: the serial console's last lines (or the tool's reason):" % board)
        out.extend("    " + s for s in r["error"].strip().split("\n")[-6:])
    if r.get("diverged"):
        d = r["diverged"]
        out.append("  %s: from op %d the board's app was not where CPython's was: screen and command ring %s, "
                   "CPython's %s (ui/screen.py ids, hw/inputs.py codes)" % (board, d["op"], d["got"], d["want"]))
    if r.get("core_at"):
        out.append("  %s: the core was in: %s" % (board, r["core_at"]))
    return out


SIZES = {name: screen(name) for name in emulated()}


def png(path, frame, width, height):
    """A frame (RGB565 big-endian, CPython's and play.mjs's form) as a PNG file."""
    import struct
    import zlib

    rows = bytearray()
    for y in range(height):
        rows.append(0)
        for x in range(width):
            o = (y * width + x) * 2
            v = (frame[o] << 8) | frame[o + 1]
            rows += bytes(((v >> 11) * 255 // 31, ((v >> 5) & 63) * 255 // 63, (v & 31) * 255 // 31))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(bytes(rows))) + chunk(b"IEND", b""))


def differing_frames(board, r, script_path, work):
    """PNGs of each checkpoint frame that differs from CPython's (CPython's and the board's, side by
    side files in ``work``); their paths."""
    import base64

    with open(script_path) as f:
        frames = json.load(f)["frames"]
    width, height = SIZES[board]
    paths = []
    compared = 0
    for c in r["checkpoints"]:
        if "differ" not in c:
            continue
        compared += 1
        if "frame" in c:
            stem = os.path.join(work, "%s-%s-%d" % (board, c["label"].replace(" ", "_"), c["n"]))
            png(stem + "-cpython.png", base64.b64decode(frames[compared - 1]), width, height)
            png(stem + "-firmware.png", base64.b64decode(c["frame"]), width, height)
            paths.append(stem + "-{cpython,firmware}.png")
    return paths


# what the drive's bench hook loads (ui/bench_hook.py): on no player's board
BENCH_ONLY = ("ui.bench_hook", "ui.bench_cut", "yahtzee_core.seeded_dice")


def app_modules_at_start(board, work=None):
    """The app's modules (ui/, hw/, yahtzee_core/ and lib/'s) the firmware held at its run's first
    checkpoint (start-up), the bench hook's left out; None when the run has not asked."""
    path = os.path.join(os.path.abspath(work or os.path.join(ROOT, "build", "emulated_boards")),
                        board + "-result.json")
    if not os.path.exists(path):
        return None
    with open(path) as f:
        names = json.load(f).get("modules")
    if names is None:
        return None
    return sorted(n for n in names if (n.split(".")[0] in ("ui", "hw", "yahtzee_core") and "." in n
                                       or n.startswith("adafruit_") or n == "neopixel") and n not in BENCH_ONLY)


def bench_lines(tour=False, boards=None, work=None, cuts=CUTS, cut_seed=None, smaller=False, hold=0):
    """One line per board (the module docstring's form); the details are printed. ``smaller``: a
    fifth of each budget held from power-on; ``hold``: that many bytes instead."""
    boards = list(boards or BOARDS)
    take = {b: ballast(b, hold) if smaller or hold else 0 for b in boards}  # the ballast's bytes, 0: none
    node = check_tools()
    work = os.path.abspath(work or os.path.join(ROOT, "build", "emulated_boards"))
    os.makedirs(work, exist_ok=True)
    t0 = time.time()
    runs = {}
    whole = {}
    cpu = {}
    try:
        for board in boards:
            drive, script, whole[board] = prepare(board, work, tour, take[board])
            runs[board] = start(node, board, drive, script, work, tour, cuts, cut_seed)
        say("emulated_boards: drives and scripts ready, %s started (%.0f s)" % (", ".join(boards), time.time() - t0))
        # each node process's CPU time (the machine may be shared); play.mjs stops itself after
        # TIMEOUT_S between presses, this kills it if one press never ends (an emulator storm)
        deadline = time.time() + TIMEOUT_S[tour] + 300 + CUT_S * cuts
        for board in boards:
            proc = runs[board][0]
            while True:
                pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
                if pid:
                    break
                if time.time() > deadline:
                    raise SystemExit("emulated_boards: play.mjs for %s did not end in %d s of wall time (killed; "
                                     "its log: %s)" % (board, TIMEOUT_S[tour] + 300 + CUT_S * cuts,
                                                       os.path.join(work, board + "-node.log")))
                time.sleep(1)
            proc.returncode = os.waitstatus_to_exitcode(status)
            cpu[board] = usage.ru_utime + usage.ru_stime
    finally:
        for proc, _, log in runs.values():
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            log.close()
    lines = []
    for board in boards:
        proc, out, _ = runs[board]
        if proc.returncode or not os.path.exists(out):
            with open(os.path.join(work, board + "-node.log")) as f:
                tail = f.read()[-3000:]
            raise SystemExit("emulated_boards: play.mjs for %s exited with %s:\n%s" % (board, proc.returncode, tail))
        with open(out) as f:
            r = json.load(f)
        lines.append(line(board, r, tour, whole[board], ballast_held(take[board]) if take[board] else 0, not hold))
        for path in differing_frames(board, r, os.path.join(work, board + "-script.json"), work):
            say("  %s: a frame that differs: %s" % (board, path))
        r["cpu_s"] = cpu.get(board)
        for text in details(board, r) + cut_details(board, r.get("cuts")):
            say(text)
    say("emulated_boards: %s in %.0f s of wall time (%s)" % (
        ", ".join(boards), time.time() - t0, "the tour" if tour else "a game and Continue; --tour: the tour"))
    return lines


def main(argv):
    tour = "--tour" in argv
    smaller = "--smaller" in argv
    hold = [int(argv[i + 1]) for i, a in enumerate(argv) if a == "--hold" and i + 1 < len(argv)]
    if smaller and hold:
        raise SystemExit("emulated_boards: --smaller or --hold N, not both")
    boards = [argv[i + 1] for i, a in enumerate(argv) if a == "--board" and i + 1 < len(argv)]
    work = [argv[i + 1] for i, a in enumerate(argv) if a == "--work" and i + 1 < len(argv)]
    cuts = [int(argv[i + 1]) for i, a in enumerate(argv) if a == "--cuts" and i + 1 < len(argv)]
    seed = [int(argv[i + 1]) for i, a in enumerate(argv) if a == "--cut-seed" and i + 1 < len(argv)]
    for b in boards:
        if b not in BOARDS:
            raise SystemExit("emulated_boards: unknown board %r (%s)" % (b, ", ".join(BOARDS)))
    for text in bench_lines(tour, boards or None, work[0] if work else None, cuts[-1] if cuts else CUTS,
                            seed[-1] if seed else None, smaller, hold[-1] if hold else 0):
        say(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
