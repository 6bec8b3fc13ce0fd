"""Runs inside MicroPython's unix port for tools/frozen_memory.py (not on its own): what
tools/mpy_runner/run.mjs does for the WebAssembly VM, so the same VM-side scripts
(tools/mp_board_memory.py, tools/mp_module_costs.py) run unchanged on that port.

    micropython -X heapsize=16M tools/mp_unix_run.py ARGS_FILE

ARGS_FILE, one item a line: the module search path (``:``-separated; ``.frozen`` for the
modules frozen into the binary), the host folders to mount (``HOST:VMDIR``, ``|``-separated:
the compiled app at /mnt/app and the strategy tables at /tables, where run.mjs puts them, so
module file names are as long as in that VM), the script, then the script's arguments. A file
because this port interns each command-line argument as a name, and names are at most 255
bytes (a module list is longer).

The script runs with its own globals (``__name__ == "__main__"``), as run.mjs runs it; when it
sets ``VM_STEPS`` to a generator, the generator is stepped here with a ``gc.collect()`` after
each step, as run.mjs does with one top-level call per step. Everything made here is made
before the script's first measurement."""

import gc
import os
import sys


def main():
    with open(sys.argv[1]) as f:
        items = f.read().split("\n")
    while items and items[-1] == "":
        items.pop()
    search, mounts, script = items[0], items[1], items[2]
    while sys.path:
        sys.path.pop()
    for folder in search.split(":"):
        sys.path.append(folder)
    for spec in mounts.split("|"):
        at = spec.rindex(":")
        os.mount(os.VfsPosix(spec[:at]), spec[at + 1:])
        # A mounted VfsPosix builds each host path in one buffer that grows to the longest path
        # asked for, and keeps it: grown here, before the measurement (run.mjs's VM has no such
        # buffer: its files are in the VM's own file system).
        try:
            os.stat(spec[at + 1:] + "/" + "x" * 200)
        except OSError:
            pass
    while sys.argv:
        sys.argv.pop()
    sys.argv.append(script)
    for arg in items[3:]:
        sys.argv.append(arg)
    with open(script) as f:
        source = f.read()
    scope = {"__name__": "__main__", "__file__": script}
    exec(compile(source, script, "exec"), scope)
    return scope.get("VM_STEPS")


STEPS = main()
if STEPS is not None:
    for _ in STEPS:
        gc.collect()
