"""The memory gate CI holds (tools/board_memory.py --ceilings), judged on report lines without
the minute-long VM run per board: ``--report FILE`` reads lines in the report's form."""

import os
import subprocess
import sys

from tools import board_memory

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CEILINGS = os.path.join(ROOT, "docs", "memory_ceilings.txt")


def line(board, peak, budget):
    free = budget - peak
    return "%s: peak %d B of %d B budget; code 1000 B; screens 2000 B; strategy 3000 B; free %d B; %s" % (
        board, peak, budget, free, "ok" if free >= 0 else "OVER")


def run(tmp_path, lines, ceilings_text=None):
    report = tmp_path / "report.txt"
    report.write_text("compiled to .mpy ...\n" + "\n".join(lines) + "\n  detail ...\n")
    cmd = [sys.executable, os.path.join(ROOT, "tools", "board_memory.py"), "--report", str(report)]
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


def test_over_budget_within_its_ceiling_passes_and_says_over(tmp_path):
    proc = run(tmp_path, [line("pybadge", 200000, 128000), line("feather_tft", 300000, 1800000)],
               "# comment\npybadge 202000  # today's peak + 1%\nfeather_tft 1800000\n")
    assert proc.returncode == 0, proc.stdout
    assert "pybadge is OVER its 128000 B budget by 72000 B (issue 9 is open" in proc.stdout
    assert "feather_tft is OVER" not in proc.stdout


def test_a_board_without_a_ceiling_fails(tmp_path):
    proc = run(tmp_path, [line("clue", 100000, 128000)], "pybadge 128000\n")
    assert proc.returncode == 1 and "clue has no ceiling" in proc.stdout


def test_a_malformed_ceilings_file_is_refused(tmp_path):
    proc = run(tmp_path, [line("clue", 100000, 128000)], "clue lots\n")
    assert proc.returncode != 0 and "expected 'board bytes'" in proc.stderr


def test_the_ceilings_ci_uses_cover_every_board():
    ceilings = board_memory.read_ceilings(CEILINGS)
    assert set(ceilings) == set(board_memory.PROFILES)
    # a board that fits is held to its budget, not to a looser figure
    assert ceilings["feather_tft"] == board_memory.BUDGETS["feather_tft"]
