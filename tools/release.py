"""The entry point README names: ``python tools/release.py`` runs tools/ship/release.py (its usage,
and the bundles it writes)."""

import os
import runpy

if __name__ == "__main__":
    runpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)), "ship", "release.py"), run_name="__main__")
