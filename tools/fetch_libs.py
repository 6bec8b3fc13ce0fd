"""The entry point README, tools/test and tools/play name: ``python tools/fetch_libs.py [--check]``
runs tools/ship/fetch_libs.py (its usage, and the pins it reads)."""

import os
import runpy

if __name__ == "__main__":
    runpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)), "ship", "fetch_libs.py"),
                   run_name="__main__")
