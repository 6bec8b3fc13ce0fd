"""The memory tools no other check runs, run once each: a tool that stops with an error mid-way (as
tools/memory/strategy_memory.py did after the easy player's module became a step of its own) fails here."""

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_strategy_memory_prints_every_part_of_a_game():
    proc = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "memory", "strategy_memory.py")],
                          capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    parts = [line.rsplit(None, 2)[0] for line in proc.stdout.splitlines() if line.endswith(" B")]
    for part in ("code yahtzee_core.strategy", "turn planner", "players easy, medium, hard", "coach",
                 "total built (make_players)", "table values (file open, yahtzee)", "total in a game"):
        assert part in parts, (part, proc.stdout)
