"""The entry point README names: ``python tools/deploy.py --board B [--dest DRIVE]`` runs
tools/ship/deploy.py (its usage, and what it writes)."""

import os
import runpy

if __name__ == "__main__":
    runpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)), "ship", "deploy.py"), run_name="__main__")
