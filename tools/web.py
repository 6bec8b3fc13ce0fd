"""The entry point README and tools/play name: ``python tools/web.py [--serve]`` runs
tools/webpage/web.py (its usage, and the page it builds)."""

import os
import runpy

if __name__ == "__main__":
    runpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)), "webpage", "web.py"), run_name="__main__")
