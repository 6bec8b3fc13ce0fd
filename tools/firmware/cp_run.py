"""Runs a VM-side script in CircuitPython 10's VM core (its 32-bit unix port with the boards'
Python stack and float objects, built once by tools/firmware/circuitpython_build.py) as tools/mpy_runner/run.mjs runs
one in the WebAssembly VM: the
repository at /repo, the strategy tables at /tables, the script's folder and /repo on sys.path,
a ``VM_STEPS`` generator stepped with a ``gc.collect()`` after each step (tools/firmware/mp_unix_run.py).

    python tools/firmware/cp_run.py [--heap SIZE] [--lib] SCRIPT [ARGS...]

    python tools/firmware/cp_run.py host_tests/ui/mp_app_alloc.py pygamer macropad   # the "0 B" checks
    python tools/firmware/cp_run.py host_tests/core/mp_run_tests.py                   # the core's tests

The exit status is the script's. ``--lib``: the repository's lib/ at /lib and on sys.path, as on a
board's drive (the pinned libraries and the reader's fonts in /lib/fonts). ``--heap`` (default
64M): big enough that no collection runs inside a step, so a ``gc.mem_alloc()`` difference there
is every byte allocated."""

import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

import circuitpython_build


def command(script, args, heap="64M", unix=None, lib=False):
    """(command, folder, args file): the unix port running ``script`` (a path in the repository)
    through tools/firmware/mp_unix_run.py; ``lib``: lib/ mounted at /lib, as on a drive."""
    unix = unix or circuitpython_build.core_binary()
    rel = os.path.relpath(os.path.abspath(script), ROOT)
    if rel.startswith(".."):
        raise SystemExit("cp_run: %s is not in the repository" % script)
    vm_script = "/repo/" + rel
    search = os.path.dirname(vm_script) + ":/repo"
    mounts = "%s:/repo|%s:/tables" % (ROOT, os.path.join(ROOT, "build", "tables"))
    if lib:
        search += ":/lib"
        mounts += "|%s:/lib" % os.path.join(ROOT, "lib")
    folder = tempfile.mkdtemp(prefix="cp_run-")
    args_file = os.path.join(folder, "args")
    with open(args_file, "w") as f:
        f.write("\n".join([search, mounts, vm_script] + [str(a) for a in args]) + "\n")
    return [unix, "-X", "heapsize=%s" % heap, os.path.join(HERE, "mp_unix_run.py"), args_file], folder, args_file


def main(argv):
    heap = "64M"
    lib = False
    while argv[:1] in (["--heap"], ["--lib"]):
        if argv[0] == "--lib":
            lib, argv = True, argv[1:]
        elif len(argv) > 1:
            heap, argv = argv[1], argv[2:]
        else:
            break
    if not argv:
        raise SystemExit(__doc__)
    cmd, folder, args_file = command(argv[0], argv[1:], heap, lib=lib)
    try:
        return subprocess.run(cmd, cwd=folder).returncode
    finally:
        os.remove(args_file)
        os.rmdir(folder)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
