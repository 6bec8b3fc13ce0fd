"""tools/memory/frozen_memory.py without its build (bash tools/test runs the tool itself: it builds
MicroPython's unix port from Debian's pinned source): its manifest freezes what a board's
firmware would and every module the tour imports; the fit gate reads the runs right; the
source's pin refuses other bytes."""

import os
import subprocess
import sys

from tools.memory import frozen_memory

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def modules_of_manifest(text):
    """Module names a manifest text freezes, each file checked to be there."""
    files = frozen_memory.manifest_files(text)
    for _, path in files:
        assert os.path.isfile(path), path
    return sorted(name for name, _ in files)


def test_manifest_freezes_the_app_less_the_desktop_modules():
    names = modules_of_manifest(frozen_memory.manifest())
    assert names == frozen_memory.frozen_modules()
    assert "sim.desktop" not in names and "sim.testing" not in names
    on_disk = set()
    for package in ("ui", "hw", "yahtzee_core", "sim"):
        for n in os.listdir(os.path.join(ROOT, package)):
            if n.endswith(".py"):
                on_disk.add(package if n == "__init__.py" else package + "." + n[:-3])
    # the lib/ modules the tour and the boards' own make_board (on fakes) import
    libs = {n for n in names if n.startswith("adafruit_") or n == "neopixel"}
    assert libs == {"adafruit_st7789"}
    assert set(names) == on_disk - {"sim.desktop", "sim.testing"} | {"whole_app"} | libs


TOUR_IMPORTS = """
import sys
sys.path.insert(0, %r)
sys.path.insert(0, %r)
before = set(sys.modules)
import whole_app
for _ in whole_app.scenario(%r, keep_frame=False):
    pass
print(",".join(sorted(set(sys.modules) - before)))
"""


def test_every_module_the_tour_imports_is_frozen():
    # one board's whole tour on CPython (a few seconds): its app modules are all frozen, and so
    # are the lib/ modules it imports (the manifest test above holds the reader's)
    code = TOUR_IMPORTS % (ROOT, os.path.join(ROOT, "host_tests", "ui"), "macropad")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stderr
    imported = proc.stdout.strip().splitlines()[-1].split(",")
    app = [n for n in imported if n.split(".")[0] in ("ui", "hw", "yahtzee_core", "whole_app", "code")]
    assert len(app) > 40, imported
    frozen = set(frozen_memory.frozen_modules())
    missing = [n for n in app if n not in frozen and n != "code"]
    assert missing == [], missing
    libs = [n for n in imported if n.startswith(("adafruit_", "neopixel"))]
    assert [n for n in libs if n not in frozen] == [], libs


def fit_output(labels, used, max_free_blocks, result):
    """An mp_heap_fit.py run's output: per step ``FIT label`` and the port's mem_info lines."""
    lines = []
    for label, u, blocks in zip(labels, used, max_free_blocks):
        lines += ["FIT " + label, "stack: 2000 out of 80000",
                  "GC: total: 150000, used: %d, free: %d" % (u, 150000 - u),
                  " No. of 1-blocks: 10, 2-blocks: 3, max blk sz: 40, max free sz: %d" % blocks]
    return "\n".join(lines + ([result] if result else [])) + "\n"


def test_fit_reads_the_most_used_and_the_least_free_block_of_both_power_ons():
    first = (0, fit_output(["start-up", "game_1", "game_1"], [50000, 90000, 80000], [900, 200, 300],
                           "RESULT saved=00ff first=1,2 bomb=over:3 initials=3 presses=10 frames=20"), "")
    second = (0, fit_output(["continue", "end"], [70000, 95000], [400, 250], "RESULT crc=0badcafe totals=1,2/3"), "")
    steps, most, most_at, block, block_at, result = frozen_memory.parse_fit(first[1])
    assert (steps, most, most_at, block, block_at) == (3, 90000, "game_1", 200 * 16, "game_1")
    assert frozen_memory.tour.cut_figures(result) == ("00ff", "1,2", "over:3", "3", "10", "20")
    line, ok = frozen_memory.fit_line("clue", 120000, 34000, first, second, "0badcafe")
    assert ok and line == ("clue (frozen, heap 120000 + 34000 B): the whole tour ran (5 steps); most used after a "
                           "collection 95000 B at end; least largest free block 3200 B at game_1; run crc "
                           "0badcafe; ok")
    line, ok = frozen_memory.fit_line("clue", 120000, 34000, first, second, "12345678")
    assert not ok and "(DIFFERENT from 12345678); FAILED" in line


def test_a_tour_that_runs_out_of_heap_is_over():
    first = (1, fit_output(["start-up", "play"], [50000, 90000], [900, 200], ""),
             "Traceback (most recent call last):\nMemoryError: memory allocation failed, allocating 3276 bytes\n")
    line, ok = frozen_memory.fit_line("clue", 120000, 34000, first, None, "0badcafe")
    assert not ok
    assert line == "clue (frozen, heap 120000 + 34000 B): MemoryError after step play of the first power-on; OVER"
    second = (1, fit_output(["continue"], [50000], [900], ""), "Traceback: KeyError\n")
    line, ok = frozen_memory.fit_line("clue", 120000, 34000, (0, fit_output(["a"], [1], [1], ""), ""), second, "x")
    assert not ok and line.endswith("exit 1 after step continue of the second power-on; OVER")


def test_the_source_is_named_once_and_ceilings_pick_the_frozen_boards():
    args = frozen_memory.parse_args(["--debian", "--fit", "--ceilings", os.path.join(ROOT, "docs",
                                                                                       "memory_ceilings.txt")])
    assert args["fit"] and args["debian"] and args["wasm"]
    assert args["boards"] == frozen_memory.common.frozen_boards(os.path.join(ROOT, "docs", "memory_ceilings.txt"))
    assert "feather_tft" not in args["boards"] and "pybadge" in args["boards"]
    for argv in ([], ["--debian", "--micropython", "/x"], ["--mirror", "/g", "--micropython", "/x"]):
        try:
            frozen_memory.parse_args(argv)
        except SystemExit as e:
            assert "give one of --debian" in str(e)
        else:
            raise AssertionError(argv)


def test_debian_source_with_another_hash_is_refused(tmp_path, monkeypatch):
    # apt-get stands in as a script that serves a tarball with other bytes under the pinned name
    from tools.firmware import micropython_source as ms

    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fake = bin_dir / "apt-get"
    fake.write_text("#!/bin/sh\ncase \"$*\" in *source*) echo tampered > %s ;; esac\nexit 0\n" % ms.ORIG)
    fake.chmod(0o755)
    keyring = tmp_path / "keyring.gpg"
    keyring.write_bytes(b"")
    monkeypatch.setenv("PATH", str(bin_dir) + os.pathsep + os.environ["PATH"])
    monkeypatch.setattr(ms, "KEYRING", str(keyring))
    dest = tmp_path / "src"
    try:
        ms.ensure(str(dest))
    except SystemExit as e:
        assert "has SHA-256" in str(e) and ms.ORIG_SHA256 in str(e)
    else:
        raise AssertionError("a tarball with another hash was unpacked")
    assert not (dest / ("micropython-" + ms.UPSTREAM)).exists()
    # apt's lists and caches stay in the destination folder
    options = " ".join(ms.apt_options(str(dest)))
    for key in ("sourcelist", "sourceparts", "Lists", "Cache"):
        assert "::%s=%s" % (key, dest) in options, key


def test_the_margin_is_the_unbroken_run_of_heaps_a_tour_ends_in():
    # fragmentation: a tour can fail in one heap and end in a smaller one; only the unbroken run
    # from the top counts, and a board is not tried further once it failed (nor past the cap)
    ends_in = {"clue": lambda h: h > 95000 or 80000 < h < 90000, "pybadge": lambda h: True}
    asked = []

    def ends(probes):
        asked.extend(probes)
        return {b: ends_in[b](h) for b, h in probes}

    margin, runs = frozen_memory.margins(["clue", "pybadge"], {"clue": 100000, "pybadge": 100000}, ends,
                                         step=2000, most=5)
    assert margin == {"clue": 4000, "pybadge": 10000}
    assert [h for b, h in asked if b == "clue"] == [98000, 96000, 94000]
    assert [h for b, h in asked if b == "pybadge"] == [98000, 96000, 94000, 92000, 90000]
    assert runs == 2 * len(asked)


def test_the_second_power_on_holds_the_saved_bytes_once():
    # the continued game gets the first part's NVM as the board double's store itself: no bytes
    # copy of the driver's beside it (counted as the app's in board_memory, 8 KB on the CLUE)
    # (whole_app only: a board double would install the displayio stand-in in this process)
    sys.path.insert(0, os.path.join(ROOT, "host_tests", "ui"))
    try:
        import whole_app
    finally:
        sys.path.pop(0)
    saved = bytes(range(256)) * 2
    cut = [saved.hex(), "1,2", "over:3", "3", "10", "20"]
    out = whole_app.cut_out(cut)
    assert cut[0] is None and bytes(out["saved"].data) == saved
    assert (out["first"], out["bomb"], out["initials"], out["presses"], out["frames"]) == ("1,2", "over:3", 3, 10, 20)
    store = out["saved"]
    assert whole_app.cut_out([store, "1,2", "over:3", "3", "10", "20"])["saved"] is store
    assert type(sys.modules.get("displayio")).__name__ != "_Module"  # the stand-in is not installed here
