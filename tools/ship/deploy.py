"""Assemble what goes onto a board's CIRCUITPY drive, or copy it onto a mounted drive.

    python tools/deploy.py --board pygamer                      # -> build/CIRCUITPY-pygamer/
    python tools/deploy.py --board clue --dest /media/$USER/CIRCUITPY
    python tools/deploy.py --board macropad --mpy-cross ~/bin/mpy-cross-cp10

    total                               1329193 bytes in 90 files

What it ships, the mpy-cross it looks for and ``--frozen``: docs/firmware.md, "tools/ship/deploy.py"."""

import argparse
import ast
import importlib
import io
import os
import re
import shutil
import subprocess
import sys
import tokenize

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from sim import boards
from tools.ship import inline_consts
from tools.ship import shorten_names

BOARD_NAMES = sorted(boards.NAMES)
PACKAGES = ("yahtzee_core", "ui")  # shipped whole but for the host-only modules below
APP_PACKAGES = ("yahtzee_core", "ui", "hw")  # compiled with their constants folded in
HOST_ONLY = ("yahtzee_core/table_bytes.py", "yahtzee_core/host_helpers.py")  # tests' and tools' helpers
HW_ALWAYS = ("__init__.py", "inputs.py", "select.py")
# The packages' __init__ files hold only a docstring: a drive of .mpy files has none, and a board
# imports hw/, ui/ and yahtzee_core/ as namespace packages (py/builtinimport.c stat_module),
# holding no module code and no interned file name ("ui/__init__.mpy") for them.
PACKAGE_INITS = ("hw/__init__.py", "ui/__init__.py", "yahtzee_core/__init__.py")
OURS = ("code.py", "boot.py", "hw", "ui", "yahtzee_core", "tables")  # replaced whole on a drive

# Strategy tables (docs/strategy_table.md), in the order they are given room: the official rules
# (the default game), the free-Joker house rule, then Yatzy.
TABLE_ORDER = ("yahtzee_forced", "yahtzee_free", "yatzy")
# CIRCUITPY drive size by board when deploying into a folder (a mounted drive's real free space
# is used instead; sim/boards.py FACTS has each board's and why)
DRIVE_BYTES = boards.table("drive")
RESERVE = 64 * 1024  # FAT structures, cluster rounding, boot_out.txt and the user's small files

# CircuitPython 10's .mpy header: 'C', version 6 (py/persistentcode.c mp_raw_code_load refuses
# anything else, and names 'M' files "MicroPython .mpy file; use CircuitPython mpy-cross").
MPY_MAGIC = ord("C")
MPY_VERSION = 6
SOURCE_ONLY = ("code.py", "boot.py")  # CircuitPython looks for these names as source
MPY_CROSS_NAMES = ("mpy-cross-cp10", "mpy-cross")  # looked for on PATH, in this order
MPY_CROSS_HELP = ("get CircuitPython's own mpy-cross: Adafruit's prebuilt binary for your "
                  "CircuitPython 10 release (https://adafruit-circuit-python.s3.amazonaws.com/"
                  "index.html?prefix=bin/mpy-cross/), or `make -C mpy-cross` in a CircuitPython "
                  "checkout; then put it on PATH as mpy-cross-cp10, set MPY_CROSS, or pass --mpy-cross")


def mpy_source_name(target):
    """The source name a module's .mpy carries (``mpy-cross -s``): the path CircuitPython gives
    the module's ``__file__`` on the drive ("ui/app.mpy", "/lib/neopixel.mpy": sys.path is "",
    "/", ".frozen", "/lib"), so the two are one interned name, not a second (long, absolute
    host path) name per module that a board never frees (docs/memory.md)."""
    name = target[:-3] + ".mpy" if target.endswith(".py") else target
    return "/" + name if name.startswith("lib/") else name


# -O3 leaves the line-number tables out of the bytecode (and asserts, which device code has
# none of): ~7 % of the code a board loads into its heap (docs/memory.md). A traceback then
# names the file and the function, not the line; ``--lines`` keeps them for debugging.
MPY_OPTIONS = ("-O3",)


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
    imports, and everything those import relatively (the simulated boards live in sim/, never here)."""
    hw = os.path.join(root, "hw")
    wanted = set(HW_ALWAYS)
    todo = [board + ".py"] + [n for n in hw_imports(users)
                              if os.path.exists(os.path.join(hw, n))]
    while todo:
        name = todo.pop()
        if name in wanted and name not in HW_ALWAYS:
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


def package_modules(name, folder, sources):
    """The files of library package ``name`` (in ``folder``) that ``sources`` reach: its
    ``__init__`` and each module named as ``from name import mod``, ``from name.mod import`` or
    ``import name.mod``, and what those name in turn (adafruit_display_text: __init__ and
    bitmap_label, not label, text_box, ...)."""
    def module_file(mod):
        for ext in (".py", ".mpy"):
            path = os.path.join(folder, mod + ext)
            if os.path.exists(path):
                return path
        return None

    from_names = re.compile(r"^\s*from\s+%s\s+import\s+([\w, ()]+)" % name, re.M)
    dotted = re.compile(r"^\s*(?:from|import)\s+%s\.(\w+)" % name, re.M)
    relative = re.compile(r"^\s*from\s+\.(\w+)\s+import", re.M)  # inside the package
    used = set()
    for init in ("__init__.py", "__init__.mpy"):
        if os.path.exists(os.path.join(folder, init)):
            used.add(os.path.join(folder, init))
    todo = list(sources) + sorted(used)
    seen = set()
    while todo:
        path = todo.pop()
        if path in seen or path.endswith(".mpy"):
            continue
        seen.add(path)
        text = read(path)
        mods = dotted.findall(text)
        if os.path.dirname(path) == folder:
            mods.extend(relative.findall(text))
        for names in from_names.findall(text):
            mods.extend(n.strip() for n in names.replace("(", "").replace(")", "").split(","))
        for mod in mods:
            path = module_file(mod.split(" as ")[0].strip()) if mod else None
            if path and path not in used:
                used.add(path)
                todo.append(path)
    return used


def plan(board, root=ROOT, lib=None, tables=()):
    """[(source path, path on the drive)] for ``board`` (a hw module name); ``tables``: names of
    the strategy tables in build/tables/ to ship (``choose_tables`` picks them by size)."""
    if board not in BOARD_NAMES:
        raise SystemExit("unknown board %r; choose one of %s" % (board, ", ".join(BOARD_NAMES)))
    lib = lib or os.path.join(root, "lib")
    files = []
    code = os.path.join(root, "code.py")
    if os.path.exists(code):
        files.append((code, "code.py"))
    boot = os.path.join(root, "boot.py")  # the drive for the backup save file (hw/boot_drive.py)
    if os.path.exists(boot):
        files.append((boot, "boot.py"))
    for package in PACKAGES:
        folder = os.path.join(root, package)
        if not os.path.isdir(folder):
            continue
        for name in sorted(os.listdir(folder)):
            if name.endswith(".py") and package + "/" + name not in HOST_ONLY:
                files.append((os.path.join(folder, name), package + "/" + name))
    for name in hw_modules(board, root, [src for src, _ in files]):
        files.append((os.path.join(root, "hw", name), "hw/" + name))
    sources = [src for src, _ in files]
    for entry in lib_entries(sources, lib):
        full = os.path.join(lib, entry)
        if os.path.isdir(full):
            used = package_modules(entry, full, sources)
            for dirpath, _, names in sorted(os.walk(full)):
                for n in sorted(names):
                    src = os.path.join(dirpath, n)
                    if n.endswith((".py", ".mpy")) and src not in used:
                        continue  # a module of the package that nothing shipped imports
                    if n.endswith((".py", ".mpy", ".bdf", ".pcf", ".bmp")):
                        files.append((src, "lib/" + os.path.relpath(src, lib).replace(os.sep, "/")))
        else:
            files.append((full, "lib/" + entry))
    if any(dest == "ui/rules_screen.py" for _, dest in files):
        files.extend(font_files(lib))
    files.extend(table_files(tables, root))
    return files


def split_frozen(files):
    """(drive files, frozen files) for a firmware with the app frozen in. Every module but code.py
    and boot.py (CircuitPython runs those from the drive only) goes into the firmware under its
    import name (``lib/neopixel.py`` -> ``neopixel.py``); the drive keeps code.py, boot.py, the
    tables and the font file, which the app opens as files."""
    drive, frozen = [], []
    for src, target in files:
        if target.endswith(".py") and target not in SOURCE_ONLY:
            name = target[len("lib/"):] if target.startswith("lib/") else target
            frozen.append((src, name))
        else:
            drive.append((src, target))
    return drive, frozen


def font_files(lib):
    """[(lib/fonts/<file>, lib/fonts/<file>)]: the rules reader's font, baked (tools/ship/font_bake.py;
    not the PCF it is baked from), and its licence (tools/ship/fetch_libs.py makes them; a board
    without them reads in terminalio's font)."""
    folder = os.path.join(lib, "fonts")
    if not os.path.isdir(folder):
        return []
    return [(os.path.join(folder, n), "lib/fonts/" + n) for n in sorted(os.listdir(folder))
            if n.endswith((".bin", ".bin.license"))]


def table_files(names, root=ROOT):
    """[(build/tables/<name>.bin, tables/<name>.bin)] for the named strategy tables."""
    folder = os.path.join(root, "build", "tables")
    return [(os.path.join(folder, n + ".bin"), "tables/" + n + ".bin") for n in names]


def build_tables(root=ROOT):
    """Build the tables that are missing or stale (tools/strategy/solve.py, about a minute once); returns
    the names still unusable (numpy missing, say: then they are simply not shipped)."""
    sys.path.insert(0, root)
    from tools.strategy.stale_tables import stale

    folder = os.path.join(root, "build", "tables")
    todo = stale(folder)
    if todo:
        print("building strategy tables: %s (python tools/strategy/solve.py --write-tables)" % ",".join(todo),
              flush=True)
        res = subprocess.run([sys.executable, os.path.join(root, "tools", "strategy", "solve.py"), "--write-tables",
                              "--variant", ",".join(todo), "--out", folder], stdout=subprocess.DEVNULL)
        if res.returncode:
            print("warning: could not build the tables; the hard player will play as medium")
        todo = stale(folder)
    return todo


def choose_tables(budget, wanted=TABLE_ORDER, root=ROOT):
    """(names that fit in ``budget`` bytes, in TABLE_ORDER; [(name, size) left out])."""
    folder = os.path.join(root, "build", "tables")
    chosen, left = [], []
    for name in TABLE_ORDER:
        if name not in wanted:
            continue
        path = os.path.join(folder, name + ".bin")
        if not os.path.exists(path):
            left.append((name, 0))
            continue
        size = os.path.getsize(path)
        if size <= budget:
            chosen.append(name)
            budget -= size
        else:
            left.append((name, size))
    return chosen, left


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


_LINE_ENDS = (tokenize.NEWLINE, tokenize.NL, tokenize.INDENT, tokenize.DEDENT,
              tokenize.COMMENT, tokenize.ENCODING)


def compact_source(text):
    """``text`` without comments and with every docstring (a statement that is only a string)
    reduced to ``""``; each remaining token stays on its line and the line count is kept."""
    lines = text.splitlines(True)
    tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    cuts = []  # (start (row, col), end (row, col), replacement)
    statement_start = True
    for i, tok in enumerate(tokens):
        if tok.type == tokenize.COMMENT:
            cuts.append((tok.start, tok.end, ""))
        elif (tok.type == tokenize.STRING and statement_start and i + 1 < len(tokens)
              and tokens[i + 1].type in (tokenize.NEWLINE, tokenize.COMMENT)):
            cuts.append((tok.start, tok.end, '""' + "\n" * (tok.end[0] - tok.start[0])))
        if tok.type not in (tokenize.NL, tokenize.COMMENT):
            statement_start = tok.type in _LINE_ENDS or (tok.type == tokenize.OP and tok.string == ";")
    for (r1, c1), (r2, c2), new in reversed(cuts):
        head = lines[r1 - 1][:c1]
        tail = lines[r2 - 1][c2:]
        lines[r1 - 1:r2] = [head + new + tail]
    out = "".join(lines).split("\n")
    return "\n".join(line.rstrip() for line in out)


def mpy_header_problem(header):
    """None when ``header`` (the first bytes of an .mpy) is one CircuitPython 10 loads, else why not."""
    if len(header) < 4:
        return "it wrote no .mpy header"
    if header[0] == ord("M"):
        return ("it is MicroPython's mpy-cross (header 'M', .mpy version %d): CircuitPython 10 refuses "
                "its files (\"MicroPython .mpy file; use CircuitPython mpy-cross\")" % header[1])
    if header[0] != MPY_MAGIC:
        return "its header starts with byte 0x%02x, not 'C'" % header[0]
    if header[1] != MPY_VERSION:
        return ("it writes CircuitPython .mpy version %d; CircuitPython 10 loads only version %d "
                "(use the mpy-cross of a CircuitPython 10 release)" % (header[1], MPY_VERSION))
    if header[3] > 31:
        return "it assumes %d-bit small ints; the boards have 31" % header[3]
    return None


def probe_mpy_cross(exe):
    """(ok, message): compile a one-line module with ``exe`` and read the header it wrote."""
    import tempfile

    with tempfile.TemporaryDirectory(prefix="mpy-probe-") as tmp:
        src = os.path.join(tmp, "probe.py")
        out = os.path.join(tmp, "probe.mpy")
        with open(src, "w") as f:
            f.write("x = 1\n")
        try:
            res = subprocess.run([exe, "-o", out, src], stdout=subprocess.PIPE,
                                 stderr=subprocess.STDOUT, timeout=30)
        except (OSError, subprocess.SubprocessError) as e:
            return False, "%s did not run (%s)" % (exe, e)
        if res.returncode != 0 or not os.path.exists(out):
            said = res.stdout.decode("utf-8", "replace").strip()[:200]
            return False, "%s failed on a one-line file (exit %d)%s" % (
                exe, res.returncode, ": " + said if said else "")
        with open(out, "rb") as f:
            problem = mpy_header_problem(f.read(4))
    if problem:
        return False, "%s is refused: %s" % (exe, problem)
    return True, "%s writes CircuitPython .mpy version %d" % (exe, MPY_VERSION)


def project_mpy_cross():
    """The mpy-cross tools/firmware/circuitpython_build.py built from CircuitPython's shared source (the
    one the tests measure with), or None."""
    from tools.firmware import circuitpython_build

    return circuitpython_build.built_mpy_cross()


def find_mpy_cross(explicit=None, environ=None, which=shutil.which, built=project_mpy_cross):
    """(path or None, [messages]): the first CircuitPython 10 mpy-cross among ``explicit``
    (--mpy-cross), $MPY_CROSS, this project's build (``built()``: tools/firmware/circuitpython_build.py,
    the one the boards' figures are measured with) and MPY_CROSS_NAMES on PATH. An explicit one
    that is refused is an error (SystemExit); refused others are reported and skipped."""
    environ = os.environ if environ is None else environ
    notes = []
    if explicit:
        ok, msg = probe_mpy_cross(explicit)
        if not ok:
            raise SystemExit("--mpy-cross: %s\n%s" % (msg, MPY_CROSS_HELP))
        return explicit, [msg]
    candidates = []
    if environ.get("MPY_CROSS"):
        candidates.append(environ["MPY_CROSS"])
    ours = built()
    if ours:
        candidates.append(ours)
    for name in MPY_CROSS_NAMES:
        path = which(name)
        if path and path not in candidates:
            candidates.append(path)
    for exe in candidates:
        ok, msg = probe_mpy_cross(exe)
        notes.append(msg)
        if ok:
            return exe, notes
    return None, notes


_TYPING_MODULES = ("typing", "types", "typing_extensions", "circuitpython_typing")


def _typing_import(stmt):
    """``stmt`` is an import of a typing module (``from typing import Optional``)."""
    if isinstance(stmt, ast.ImportFrom):
        names = [stmt.module or ""]
    elif isinstance(stmt, ast.Import):
        names = [a.name for a in stmt.names]
    else:
        return False
    return all(n.split(".")[0] in _TYPING_MODULES for n in names)


def _names_used(tree, skip):
    """Names a module reads outside annotations and outside the statements ``skip``."""
    used = set()

    class Reads(ast.NodeVisitor):
        def generic_visit(self, node):
            if node not in skip:
                super().generic_visit(node)

        def visit_FunctionDef(self, node):
            for n in node.decorator_list + node.args.defaults + [d for d in node.args.kw_defaults if d]:
                self.visit(n)
            for n in node.body:
                self.visit(n)

        visit_AsyncFunctionDef = visit_FunctionDef

        def visit_AnnAssign(self, node):
            self.visit(node.target)
            if node.value is not None:
                self.visit(node.value)

        def visit_Name(self, node):
            used.add(node.id)

    Reads().visit(tree)
    return used


def strip_library_extras(text):
    """A pinned library's source without what only a host uses (the line count kept): its
    ``__version__`` and ``__repo__`` strings, and each ``try:`` of typing imports (``from typing
    import Optional``, ``if TYPE_CHECKING:`` imports; ``except ImportError: pass``) whose names
    nothing reads outside annotations. On a board each of those is a string or an interned name
    in the heap, and the imports fail there anyway."""
    tree = ast.parse(text)
    drop = []
    for node in tree.body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                and node.targets[0].id in ("__version__", "__repo__") and isinstance(node.value, ast.Constant)):
            drop.append(node)
        elif (isinstance(node, ast.Try) and not node.orelse and not node.finalbody and len(node.handlers) == 1
              and isinstance(node.handlers[0].type, ast.Name) and node.handlers[0].type.id == "ImportError"
              and all(isinstance(n, ast.Pass) for n in node.handlers[0].body)
              and any(_typing_import(n) for n in node.body)):
            stmts = []
            for n in node.body:
                if isinstance(n, ast.If) and isinstance(n.test, ast.Name) and n.test.id == "TYPE_CHECKING" \
                        and not n.orelse:
                    stmts += n.body
                else:
                    stmts.append(n)
            if all(isinstance(n, (ast.Import, ast.ImportFrom)) for n in stmts):
                drop.append((node, {(a.asname or a.name).split(".")[0] for n in stmts for a in n.names}))
    if not drop:
        return text
    tries = {d[0] for d in drop if isinstance(d, tuple)}
    used = _names_used(tree, tries)
    lines = text.split("\n")
    for d in drop:
        node, bound = d if isinstance(d, tuple) else (d, set())
        if bound & used:
            continue  # a name of these imports is read at run time: keep them
        for i in range(node.lineno - 1, node.end_lineno):
            lines[i] = ""
    return "\n".join(lines)


def compact_library(text):
    """A library module compacted like ours, keeping its leading comment lines (the SPDX
    copyright and licence header travels with every copy)."""
    head = 0
    lines = text.split("\n")
    while head < len(lines) and (lines[head].startswith("#") or not lines[head].strip()):
        head += 1
    out = compact_source(strip_library_extras(text)).split("\n")
    out[:head] = lines[:head]
    return "\n".join(out)


def _protected_texts(files, ours, keep_from):
    """The sources whose every word keeps its name in the renamed modules (tools/ship/shorten_names.py):
    every .py file installed that is not renamed (code.py, boot.py, the libraries) and ``keep_from``."""
    paths = {src for src, target in files if target.endswith(".py") and os.path.relpath(src, ROOT) not in ours}
    paths |= {os.path.join(ROOT, rel) for rel in keep_from}
    texts = []
    for path in sorted(paths):
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                texts.append(f.read())
    return texts


def _write_name_map(names, dest, board=None):
    """build/names/<folder>[-<board>].txt: "new old" a line, to read a board's traceback."""
    folder = os.path.join(ROOT, "build", "names")
    os.makedirs(folder, exist_ok=True)
    label = os.path.basename(os.path.normpath(dest)) or "drive"
    if board and board not in label:
        label += "-" + board
    with open(os.path.join(folder, label + ".txt"), "w", encoding="utf-8") as f:
        for old in sorted(names, key=lambda n: names[n]):
            f.write("%s %s\n" % (names[old], old))


def _module_names(files):
    names = set()
    for _, target in files:
        if target.endswith(".py"):
            names.update(target[:-3].split("/"))
    return names


def renamed(files, keep_from=SOURCE_ONLY, board=None):
    """({rel: source} of the app's modules and libraries as compiled: constants folded in, names
    renamed; {old name: new name}) for the planned ``files`` (``install``'s ``keep_from`` and ``board``)."""
    ours = [os.path.relpath(src, ROOT) for src, target in files
            if target.split("/")[0] in APP_PACKAGES and target.endswith(".py")
            and os.path.relpath(src, ROOT) not in keep_from]
    folded = inline_consts.prepare(ROOT, ours, keep_from=keep_from)
    # the libraries' names are renamed with the app's (they are compiled here too)
    libraries = [os.path.relpath(src, ROOT) for src, target in files
                 if target.endswith(".py") and target not in SOURCE_ONLY
                 and os.path.relpath(src, ROOT) not in keep_from and os.path.relpath(src, ROOT) not in folded]
    for rel in libraries:
        folded[rel] = strip_library_extras(read(os.path.join(ROOT, rel)))
    return shorten_names.prepare(folded, protected_texts=_protected_texts(files, list(folded), keep_from),
                                 module_names=_module_names(files), board=board)


def install(files, dest, mpy_cross=None, verbatim=False, options=MPY_OPTIONS, keep_from=SOURCE_ONLY, board=None):
    """Copy (or compile with mpy-cross ``options``) the planned files into ``dest``; returns
    [(drive path, bytes)]. ``keep_from``: the files (paths under the root) that stay as they are
    and whose every word keeps a constant of that name defined (code.py and boot.py; a test's
    drivers and doubles too). ``board``: the names are renamed to that board's firmware's flash
    names too (tools/ship/shorten_names.py), so the files are for that board only."""
    written = []
    # the app's modules with their public constants folded in (tools/ship/inline_consts.py); code.py
    # and boot.py stay source, so what they read stays defined
    folded = {}
    if mpy_cross:
        folded, names = renamed(files, keep_from, board)
        _write_name_map(names, dest, board)
    for src, target in files:
        if mpy_cross and target in PACKAGE_INITS:
            continue
        out = os.path.join(dest, *target.split("/"))
        os.makedirs(os.path.dirname(out), exist_ok=True)
        if mpy_cross and target.endswith(".py") and target not in SOURCE_ONLY:
            out = out[:-3] + ".mpy"
            target = target[:-3] + ".mpy"
            text = folded.get(os.path.relpath(src, ROOT))
            if text is not None:
                src = out[:-4] + ".folded.py"
                with open(src, "w", encoding="utf-8") as f:
                    f.write(text)
            res = subprocess.run([mpy_cross, "-o", out, "-s", mpy_source_name(target)] + list(options) + [src],
                                 stdout=subprocess.PIPE,
                                 stderr=subprocess.STDOUT)
            if res.returncode:
                raise SystemExit("mpy-cross could not compile %s:\n%s" % (
                    src, res.stdout.decode("utf-8", "replace")))
            if text is not None:
                os.remove(src)
            with open(out, "rb") as f:
                problem = mpy_header_problem(f.read(4))
            if problem:
                raise SystemExit("%s: %s" % (target, problem))
        elif not verbatim and target.endswith(".py"):
            with open(src) as f:
                text = f.read()
            text = compact_library(text) if target.startswith("lib/") else compact_source(text)
            with open(out, "w") as f:
                f.write(text)
        else:
            shutil.copyfile(src, out)
        written.append((target, os.path.getsize(out)))
    if not is_circuitpy_drive(dest):
        with open(os.path.join(dest, ".pocket-yahtzee-build"), "w") as f:
            f.write("made by tools/ship/deploy.py; safe to delete\n")
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


def heap_warning(board, ceilings_path=os.path.join(ROOT, "docs", "memory_ceilings.txt")):
    """What to tell someone shipping the app as files to a board whose heap it is measured not to
    fit, or None: tools/common.py's budget for the board against its ceiling in
    docs/memory_ceilings.txt (for a board over its budget, its last measured peak plus ~1 %)."""
    from tools import common

    budget = common.BUDGETS[board]
    peak = common.read_ceilings(ceilings_path).get(board, 0)
    if peak <= budget:
        return None
    return ("heap: loaded from files, the app needs up to about %d KB of heap in a game (python "
            "tools/memory/board_memory.py, measured in the MicroPython VM), more than the ~%d KB CircuitPython 10 "
            "leaves on the %s: expect MemoryError in a game.\n  Frozen into the firmware it fits "
            "(docs/firmware.md: tools/firmware/build_frozen.py, then --frozen; measured in MicroPython's "
            "unix port, not yet run on a board)." % (peak // 1000, budget // 1000, board))


def backup_file(board, dest):
    """The backup save file (hw/backup_file.py ``FileCopy``) of a board that keeps one, made in ``dest``
    as the game would make it (blank, or holding an older version's copy), so that the game never
    writes the drive's FAT or directory; a file of its size already there (the player's copy) is
    kept. Returns [(drive path, bytes)], empty for the other boards."""
    if not getattr(importlib.import_module("hw." + board), "NVM_BACKUP", False):
        return []
    from hw.backup_file import BACKUP_FILE, FileCopy
    from yahtzee_core import save_layouts

    name = BACKUP_FILE.strip("/")
    FileCopy(os.path.join(dest, name), save_layouts.LARGE.slot_bytes).prepare().close()
    return [(name, os.path.getsize(os.path.join(dest, name)))]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--board", required=True, choices=BOARD_NAMES)
    ap.add_argument("--dest", help="folder or mounted CIRCUITPY drive "
                                   "(default build/CIRCUITPY-<board>)")
    ap.add_argument("--mpy-cross", help="a CircuitPython 10 mpy-cross executable (default: $MPY_CROSS, "
                                        "else mpy-cross-cp10 or mpy-cross on PATH, if it is CircuitPython's)")
    ap.add_argument("--no-mpy", action="store_true", help="ship .py files even when an mpy-cross is found")
    ap.add_argument("--lines", action="store_true", help="keep line numbers in the .mpy files (tracebacks "
                                                         "name the line; ~7 %% more heap for the code)")
    ap.add_argument("--tables", default="auto",
                    help="strategy tables: auto (what fits the drive), all, none, or names "
                         "(yahtzee_forced,yahtzee_free,yatzy)")
    ap.add_argument("--verbatim", action="store_true",
                    help="ship our .py files as they are (with comments and docstrings)")
    ap.add_argument("--drive-kb", type=int, help="the CIRCUITPY drive's size in KB (folder deploys)")
    ap.add_argument("--frozen", action="store_true",
                    help="for a firmware with the app frozen in (tools/firmware/build_frozen.py): ship "
                         "only code.py, boot.py, the tables and the font, and remove our modules from the drive")
    args = ap.parse_args(argv)
    dest = args.dest or os.path.join(ROOT, "build", "CIRCUITPY-" + args.board + ("-frozen" if args.frozen else ""))
    planned = plan(args.board)
    files = split_frozen(planned)[0] if args.frozen else planned
    if not any(t == "code.py" for _, t in files):
        print("warning: no code.py yet")
    if not any(t.startswith("lib/") for _, t in planned):
        print("warning: lib/ is empty: run python tools/fetch_libs.py first")
    if args.mpy_cross and not os.access(args.mpy_cross, os.X_OK):
        raise SystemExit("%s is not an executable mpy-cross" % args.mpy_cross)
    mpy_cross = None
    if args.frozen:
        print("frozen: the board must run a firmware built for it by tools/firmware/build_frozen.py "
              "(docs/firmware.md); on any other firmware code.py stops at its first import")
    else:
        warning = heap_warning(args.board)
        if warning:
            print(warning)
    if not args.frozen and not args.no_mpy:
        mpy_cross, notes = find_mpy_cross(args.mpy_cross)
        for note in notes:
            print("mpy-cross: " + note)
        if mpy_cross:
            print("shipping .mpy files (code.py and boot.py stay source), compiled by %s" % mpy_cross)
        else:
            print("no CircuitPython 10 mpy-cross found: shipping .py files%s.\n  To ship .mpy (smaller, "
                  "faster to import, less RAM while loading): %s" % (
                      "" if args.verbatim else " (compacted)", MPY_CROSS_HELP))
    if args.tables != "none":
        build_tables()
    clear_target(dest, planned)  # on a drive this also removes what a frozen firmware holds
    written = install(files, dest, mpy_cross, args.verbatim, () if args.lines else MPY_OPTIONS, board=args.board)
    written += backup_file(args.board, dest)
    # the tables that fit: the drive's free space after the code, or the board's drive size
    code = sum(size for _, size in written)
    if is_circuitpy_drive(dest):
        budget = shutil.disk_usage(dest).free - RESERVE
        room = "the drive's %d KB free" % (shutil.disk_usage(dest).free // 1024)
    else:
        drive = args.drive_kb * 1024 if args.drive_kb else DRIVE_BYTES[args.board]
        budget = drive - code - RESERVE
        room = "a %d KB drive (%s) with %d KB of code and %d KB spare" % (
            drive // 1024, args.board, code // 1024, RESERVE // 1024)
    if args.tables == "none":
        chosen, left = [], []
    elif args.tables in ("auto", "all"):
        chosen, left = choose_tables(budget if args.tables == "auto" else 1 << 40)
    else:
        chosen, left = choose_tables(1 << 40, args.tables.split(","))
    written += install(table_files(chosen), dest)
    text, total = summary(written)
    print(text)
    print("tables: %s" % (", ".join(chosen) or "none"))
    if args.tables == "auto":
        print("  (what fits %s)" % room)
    for name, size in left:
        print("  left out %s (%s): %s" % (name, "%d bytes" % size if size else "not built",
                                          "the hard player plays as medium and there are no hints in that game"))
    if left and args.tables == "auto" and not mpy_cross and not args.frozen:
        print("  (.mpy files from a CircuitPython mpy-cross make the code smaller, which may leave "
              "room for more)")
    print("-> %s" % dest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
