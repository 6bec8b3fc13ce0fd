"""What opening the saved records costs on a board: ``save.Records.open()`` loads
yahtzee_core/records.py from .mpy and makes the statistics, high-score and Defuse objects from the
packed bytes; ``close()`` plus the unload App.release_records does on a board frees it again.

    python tools/board_memory.py --board pybadge --keep DIR      # compiles the app to DIR/app
    node tools/mpy_runner/run.mjs --heap 4m --no-default-mounts --mount DIR/app tools/mp_records_cost.py

One line per layout, measured the second time round (the first load also grows the VM's tables
of interned names once): bytes allocated by ``open()``, live after a collection, and live after
``close()`` and the unload (0: nothing left behind)."""

import gc
import sys

from yahtzee_core import save



from yahtzee_core import save_layouts
def unload(name):
    del sys.modules[name]
    delattr(sys.modules["yahtzee_core"], name.split(".")[1])


def steps():
    for rnd in range(2):
        for lay in save_layouts.LAYOUTS:
            rec = save.Records(lay)
            gc.collect()
            yield
            before = gc.mem_alloc()
            rec.open()
            yield
            allocated = gc.mem_alloc() - before
            gc.collect()
            yield
            live = gc.mem_alloc() - before
            rec.close()
            unload("yahtzee_core.records")
            yield
            gc.collect()
            yield
            if rnd:
                print("records %s: open allocates %d B, %d B live; after close and unload %d B" % (
                    lay.name, allocated, live, gc.mem_alloc() - before))
            yield


VM_STEPS = steps()
