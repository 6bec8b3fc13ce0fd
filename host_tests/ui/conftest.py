"""UI tests: put this folder on sys.path for the shared ``ui_harness`` helpers, and give the
app's text fields and dice the geometry the pixel tests read (``sim/geometry.py``)."""

import os
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)

collect_ignore = ["ui_harness.py"]

from sim import geometry  # after the path set-up

geometry.install()
