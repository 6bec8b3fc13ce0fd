"""The memory gate CI holds (tools/memory/board_memory.py --ceilings), judged on report lines without
the minute-long VM run per board: ``--report FILE`` reads lines in the report's form."""

import os
import subprocess
import sys

from tools import common
from tools.memory import board_memory

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CEILINGS = os.path.join(ROOT, "docs", "memory_ceilings.txt")


def line(board, peak, budget):
    free = budget - peak
    return "%s: peak %d B of %d B budget; code 1000 B; screens 2000 B; strategy 3000 B; free %d B; %s" % (
        board, peak, budget, free, "ok" if free >= 0 else "OVER")


def run(tmp_path, lines, ceilings_text=None):
    report = tmp_path / "report.txt"
    report.write_text("compiled to .mpy ...\n" + "\n".join(lines) + "\n  detail ...\n")
    cmd = [sys.executable, os.path.join(ROOT, "tools", "memory", "board_memory.py"), "--report", str(report)]
    if ceilings_text is not None:
        path = tmp_path / "ceilings.txt"
        path.write_text(ceilings_text)
        cmd += ["--ceilings", str(path)]
    return subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)


def test_report_lines_are_in_the_issue_form():
    assert board_memory.LINE.match(line("pybadge", 93412, 128000))
    assert board_memory.LINE.match(line("pybadge", 283389, 128000)).group(8) == "OVER"


def test_without_ceilings_any_board_over_fails(tmp_path):
    assert run(tmp_path, [line("pybadge", 100000, 128000)]).returncode == 0
    proc = run(tmp_path, [line("pybadge", 100000, 128000), line("clue", 130000, 128000)])
    assert proc.returncode == 1


def test_a_peak_above_its_ceiling_fails(tmp_path):
    proc = run(tmp_path, [line("pybadge", 200000, 128000)], "pybadge 1000\n")
    assert proc.returncode == 1
    assert "above its ceiling 1000 B" in proc.stdout


def test_a_board_shipped_frozen_may_be_over_from_mpy_within_its_ceiling(tmp_path):
    proc = run(tmp_path, [line("pybadge", 200000, 128000), line("feather_tft", 300000, 1800000)],
               "# comment\npybadge 202000 frozen  # today's peak + 1%\nfeather_tft 1800000\n")
    assert proc.returncode == 0, proc.stdout
    assert ("pybadge from .mpy is OVER its 128000 B budget by 72000 B; it ships frozen into the firmware, "
            "where tools/memory/frozen_memory.py --fit judges its fit") in proc.stdout
    assert "feather_tft" not in proc.stdout.split("budget; code")[-1]


def test_a_board_shipped_from_mpy_over_its_budget_fails_within_its_ceiling(tmp_path):
    proc = run(tmp_path, [line("pybadge", 200000, 128000)], "pybadge 202000\n")
    assert proc.returncode == 1, proc.stdout
    assert "pybadge is OVER its 128000 B budget by 72000 B and ships from .mpy: it does not fit" in proc.stdout


def test_a_frozen_board_is_still_held_to_its_ceiling(tmp_path):
    proc = run(tmp_path, [line("pybadge", 203000, 128000)], "pybadge 202000 frozen\n")
    assert proc.returncode == 1 and "above its ceiling 202000 B" in proc.stdout


def test_a_board_without_a_ceiling_fails(tmp_path):
    proc = run(tmp_path, [line("clue", 100000, 128000)], "pybadge 128000\n")
    assert proc.returncode == 1 and "clue has no ceiling" in proc.stdout


def test_a_malformed_ceilings_file_is_refused(tmp_path):
    for text in ("clue lots\n", "clue 120000 thawed\n", "clue 120000 frozen twice\n"):
        proc = run(tmp_path, [line("clue", 100000, 128000)], text)
        assert proc.returncode != 0 and "expected 'board bytes [frozen]'" in proc.stderr, text


def test_the_ceilings_ci_uses_cover_every_board():
    ceilings = common.read_ceilings(CEILINGS)
    assert set(ceilings) == set(common.PROFILES)
    # a board that fits is held to its budget, not to a looser figure
    assert ceilings["feather_tft"] == common.BUDGETS["feather_tft"]


def test_the_ceilings_ci_uses_ship_frozen_exactly_the_boards_over_budget_from_mpy():
    # a board is marked frozen because its .mpy peak (its ceiling, ~1 % above) is over its budget;
    # a board that fits from .mpy ships as files
    table = common.read_table(CEILINGS)
    for board, (ceiling, shipped) in table.items():
        assert (shipped == "frozen") == (ceiling > common.BUDGETS[board]), board
    assert common.frozen_boards(CEILINGS) == sorted(b for b in table if table[b][1] == "frozen")
