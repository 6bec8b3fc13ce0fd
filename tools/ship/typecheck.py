"""Type-check the device code of every board against CircuitPython 10's real API.

    python tools/ship/typecheck.py                   # every board; one summary line each
    python tools/ship/typecheck.py --board macropad  # one board
    python tools/ship/typecheck.py --quiet           # summary lines only

    pygamer: 0 errors (mypy 2.4.1, circuitpython-stubs 10.3.1, board pygamer, 59 files)

What it checks per board and what it prints: docs/circuitpython_api.md, "tools/ship/typecheck.py"."""

import argparse
import ast
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from tools.ship import deploy  # what ships to each board
from tools.ship import fetch_libs
from sim.boards import NAMES

CONFIG = os.path.join(ROOT, "tools", "ship", "typecheck.ini")
BOARDS = NAMES

# Stub fixes, each checked against the CircuitPython source: (board stub text, replacement, why).
BOARD_STUB_FIXES = (
    ("DISPLAY: displayio.Display", "DISPLAY: busdisplay.BusDisplay",
     "CircuitPython 10 has no displayio.Display: board.DISPLAY is a busdisplay.BusDisplay "
     "(shared-bindings/busdisplay/BusDisplay.c); the board stubs still name the old class"),
)


def stubs_root():
    """The folder holding circuitpython-stubs' ``*-stubs`` packages and ``board_definitions``."""
    import importlib.util

    spec = importlib.util.find_spec("board_definitions")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("circuitpython-stubs is not installed: pip install -r requirements-dev.txt")
    return os.path.dirname(list(spec.submodule_search_locations)[0])


def version_of(dist):
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(dist)
    except PackageNotFoundError:
        return None


def board_id(board):
    """CircuitPython's id of ``board`` (a hw module name): the folder of its stub."""
    return getattr(__import__("hw." + board), board).BOARD_ID


def make_stub_dir(board, root, dest):
    """``dest``: every CircuitPython stub package under its import name, ``board`` = the board's
    own stub (with BOARD_STUB_FIXES), and circuitpython_typing (the libraries import it)."""
    os.makedirs(dest)
    for entry in os.listdir(root):
        if entry.endswith("-stubs") and entry != "board-stubs":
            os.symlink(os.path.join(root, entry), os.path.join(dest, entry[:-len("-stubs")]))
    import importlib.util

    spec = importlib.util.find_spec("circuitpython_typing")
    if spec is not None and spec.submodule_search_locations:
        os.symlink(list(spec.submodule_search_locations)[0], os.path.join(dest, "circuitpython_typing"))
    with open(os.path.join(root, "board_definitions", board_id(board), "__init__.pyi")) as f:
        text = f.read()
    for old, new, _why in BOARD_STUB_FIXES:
        if old in text:
            text = text.replace(old, new).replace("import displayio\n", "import displayio\nimport busdisplay\n", 1)
    os.makedirs(os.path.join(dest, "board"))
    with open(os.path.join(dest, "board", "__init__.pyi"), "w") as f:
        f.write(text)
    return text


# In every CircuitPython build but not in the stubs' per-board lists (py/modmicropython.c).
ALWAYS_BUILT_IN = ("micropython",)


def built_in_modules(stub_text):
    """The modules the board's CircuitPython build includes (the stub docstring's list)."""
    m = re.search(r"Included modules: (.*)", stub_text)
    if m is None:
        return None
    return set(n.strip() for n in m.group(1).split(",")) | set(ALWAYS_BUILT_IN)


def device_files(board, lib):
    """Our .py files shipped to ``board`` (relative paths) and the lib/ .py files shipped."""
    ours, libs = [], []
    for src, target in deploy.plan(board, lib=lib):
        if not target.endswith(".py"):
            continue
        rel = os.path.relpath(src, ROOT).replace(os.sep, "/")
        if target.startswith("lib/"):
            libs.append(src)
        elif not rel.startswith("yahtzee_core/"):
            ours.append(rel)
    return ours, libs


def _guarded(node, parents):
    """True when ``node`` sits in the body of a ``try`` that catches ImportError."""
    child = node
    for parent in parents:
        if isinstance(parent, ast.Try) and child in parent.body:
            for h in parent.handlers:
                names = []
                if h.type is None:
                    return True
                for t in (h.type.elts if isinstance(h.type, ast.Tuple) else [h.type]):
                    if isinstance(t, ast.Name):
                        names.append(t.id)
                if "ImportError" in names or "Exception" in names:
                    return True
        child = parent
    return False


def module_errors(paths, modules, native, board):
    """``[board-module]`` errors: a CircuitPython module (one with a stub) imported outside a
    ``try``/``except ImportError`` that ``board``'s build does not include."""
    errors = []
    for path in paths:
        with open(path) as f:
            tree = ast.parse(f.read(), path)
        stack = [(tree, [])]
        while stack:
            node, parents = stack.pop()
            names = []
            if isinstance(node, ast.Import):
                names = [a.name.split(".")[0] for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module.split(".")[0]]
            for name in names:
                if name in native and name not in modules and not _guarded(node, parents):
                    rel = os.path.relpath(path, ROOT)
                    errors.append("%s:%d: error: module %r is not built into CircuitPython 10 for "
                                  "%s  [board-module]" % (rel, node.lineno, name, board))
            for child in ast.iter_child_nodes(node):
                stack.append((child, [node] + parents))
    return sorted(errors)


def run_board(board, root, lib, tmp, python):
    stub_dir = os.path.join(tmp, board)
    stub_text = make_stub_dir(board, root, stub_dir)
    ours, libs = device_files(board, lib)
    env = dict(os.environ, MYPYPATH=os.pathsep.join((stub_dir, lib)))
    cmd = [python, "-m", "mypy", "--config-file", CONFIG, "--cache-dir",
           os.path.join(tmp, "cache-" + board), "--no-error-summary"] + ours
    res = subprocess.run(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         universal_newlines=True)
    lines = [line for line in res.stdout.splitlines() if line.strip()]
    errors = [line for line in lines if ": error: " in line]
    if res.returncode not in (0, 1) or (res.returncode == 1 and not errors):
        raise SystemExit("mypy failed for %s:\n%s" % (board, res.stdout))
    modules = built_in_modules(stub_text)
    native = set(e[:-len("-stubs")] for e in os.listdir(root) if e.endswith("-stubs"))
    if modules is not None:
        extra = module_errors([os.path.join(ROOT, p) for p in ours] + libs, modules, native, board)
        lines += extra
        errors += extra
    return lines, len(errors), len(ours)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--board", action="append", choices=BOARDS, help="only this board (repeatable)")
    ap.add_argument("--quiet", action="store_true", help="summary lines only")
    args = ap.parse_args(argv)
    mypy_v, stubs_v = version_of("mypy"), version_of("circuitpython-stubs")
    if mypy_v is None:
        raise SystemExit("mypy is not installed: pip install -r requirements-dev.txt")
    root = stubs_root()
    boards = args.board or BOARDS
    failed = False
    with tempfile.TemporaryDirectory(prefix="typecheck-") as tmp:
        lib = os.path.join(ROOT, "lib")
        pins = fetch_libs.read_pins()
        if fetch_libs.check(pins, lib):
            lib = os.path.join(tmp, "lib")
            os.makedirs(lib)
            print("lib/ does not match requirements-device.txt: fetching the pinned libraries "
                  "into a temporary folder", flush=True)
            fetch_libs.fetch(pins, lib)
        summary = []
        for board in boards:
            lines, count, nfiles = run_board(board, root, lib, tmp, sys.executable)
            if not args.quiet:
                for line in lines:
                    print("%s: %s" % (board, line))
            failed = failed or count > 0
            summary.append("%s: %d error%s (mypy %s, circuitpython-stubs %s, board %s, %d files)" % (
                board, count, "" if count == 1 else "s", mypy_v, stubs_v, board_id(board), nfiles))
            sys.stdout.flush()
    for line in summary:
        print(line)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
