"""What a board's .mpy modules are made of, read from the files with CircuitPython's own
``tools/mpy-tool.py`` (the shared source): per module its functions, its bytecode, its constant
objects and its name table. What each costs a board once loaded (docs/memory.md, "What is left"):
- a function: a raw code (16 B) and, once its ``def`` runs, a function object (16 B) and a slot in
  a dict, ~45-55 B beside its bytecode;
- bytecode: each function's in its own heap block (16-byte blocks: "code" below is rounded so);
- a constant object: a bytes or a str too long to intern (over 10 characters), a tuple, a float
  or a big int is a heap object made at load (a bytes or str ~32-48 B), held while the module is;
- a name table: 2 B per distinct name the module uses.

    python tools/memory/mpy_contents.py [--board B] [MODULE ...]

Default board: pygamer; default modules: every module of the app but the bench's doubles (sim.*)
and driver. One line per module (sorted by functions), a total, then with ``--objects`` each
module's constant objects. Figures of the files, not a measured heap: that is
``python tools/board_bench.py``."""

import importlib.util
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tools"))

from tools.firmware import circuitpython_build

BLOCK = 16


def mpy_tool():
    """CircuitPython's tools/mpy-tool.py as a module (its reader keeps a global name list)."""
    src, _ = circuitpython_build.source_folder()
    path = os.path.join(src, "tools", "mpy-tool.py")
    spec = importlib.util.spec_from_file_location("cp_mpy_tool", path)
    tool = importlib.util.module_from_spec(spec)
    saved = sys.argv, list(sys.path)
    sys.argv = [path]
    sys.path.append(os.path.join(src, "py"))  # its makeqstrdata
    try:
        spec.loader.exec_module(tool)
    finally:
        sys.argv, sys.path[:] = saved
    tool.global_qstrs = tool.GlobalQStrList()
    return tool


def text_of(constant):
    """Characters of the bytes and str in a constant, inside its tuples too."""
    if isinstance(constant, (bytes, str)):
        return len(constant)
    if isinstance(constant, tuple):
        return sum(text_of(c) for c in constant)
    return 0


def contents(tool, path):
    """{"functions", "code", "objects", "text", "names", "file", "constants"} of one .mpy file:
    ``code`` the bytecode in 16-byte blocks, ``objects`` its constant objects (a tuple one, whatever
    it holds), ``text`` the characters of the bytes and str among them (in tuples too; a short str
    inside a tuple is an interned name, not an object), ``names`` its name table's entries."""
    module = tool.read_mpy(path)
    functions = []

    def walk(raw):
        functions.append(raw)
        for child in raw.children:
            walk(child)

    walk(module.raw_code)
    constants = list(module.obj_table)
    return {
        "functions": len(functions),
        "code": sum(-(-len(raw.fun_data) // BLOCK) * BLOCK for raw in functions),
        "objects": len(constants),
        "text": sum(text_of(c) for c in constants),
        "names": len(module.qstr_table),
        "file": os.path.getsize(path),
        "constants": constants,
    }


def module_files(app):
    """{dotted module name: .mpy path} of a compiled app folder, the bench's own modules left out."""
    found = {}
    for folder, _, files in os.walk(app):
        for name in files:
            if not name.endswith(".mpy"):
                continue
            rel = os.path.relpath(os.path.join(folder, name), app)[:-4].replace(os.sep, ".")
            if rel.endswith(".__init__"):
                rel = rel[:-9]
            if rel.split(".")[0] in ("sim", "whole_app"):
                continue
            found[rel] = os.path.join(folder, name)
    return found


def table(rows):
    """The lines: one per (module, contents), then the total."""
    keys = ("functions", "code", "objects", "text", "names", "file")
    out = ["%-32s %9s %6s %7s %5s %5s %6s" % ("module", "functions", "code", "objects", "text", "names", "file")]
    total = dict.fromkeys(keys, 0)
    for name, c in sorted(rows, key=lambda r: (-r[1]["functions"], r[0])):
        out.append("%-32s %9d %6d %7d %5d %5d %6d" % ((name,) + tuple(c[k] for k in keys)))
        for k in keys:
            total[k] += c[k]
    out.append("%-32s %9d %6d %7d %5d %5d %6d" % (("total (%d modules)" % len(rows),) + tuple(total[k] for k in keys)))
    return out


def main(argv):
    from bench import core

    board = argv[argv.index("--board") + 1] if "--board" in argv else "pygamer"
    skip = {i + 1 for i, a in enumerate(argv) if a == "--board"}
    wanted = [a for i, a in enumerate(argv) if not a.startswith("--") and i not in skip]
    cross = circuitpython_build.ensure(quiet=True)[0]
    tool = mpy_tool()
    with tempfile.TemporaryDirectory(prefix="mpy_contents_") as work:
        app = os.path.join(work, "app")
        core.compile_app(app, cross, board)
        files = module_files(app)
        unknown = [m for m in wanted if m not in files]
        if unknown:
            raise SystemExit("mpy_contents: no such module on %s: %s" % (board, ", ".join(unknown)))
        rows = [(m, contents(tool, files[m])) for m in (wanted or sorted(files))]
    print("%s, CircuitPython 10's mpy-cross as tools/ship/deploy.py runs it:" % board)
    for text in table(rows):
        print(text)
    if "--objects" in argv:
        for name, c in rows:
            print("%s: %r" % (name, c["constants"]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
