"""The entry point README, tools/test and the issues name: ``python tools/board_bench.py [--states
docs/board_states.txt]`` runs tools/bench/board_bench.py (its usage, and its lines)."""

import os
import runpy

if __name__ == "__main__":
    runpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)), "bench", "board_bench.py"),
                   run_name="__main__")
