"""tools/ship/release.py: each board's bundle holds what the board imports, as CircuitPython 10 .mpy
files with short source names, nothing host-only, and a README that names the keys."""

import ast
import importlib
import os
import zipfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from tools.memory import tour
from tools.ship import deploy, release

from hw import boot_drive
from hw.backup_file import FILE_BYTES

# CircuitPython 10's built-in modules the shipped code may import (shared-bindings/ and py/ at
# cd3da4a5; a board lacking one of them is handled by the importing code's try/except ImportError).
BUILT_IN = ("adafruit_pixelbuf", "analogio", "array", "audiocore", "audioio", "audiopwmio", "board",
            "busdisplay", "busio", "digitalio", "displayio", "fontio", "fourwire", "gc", "keypad",
            "math", "microcontroller", "micropython", "neopixel_write", "os", "pwmio", "random",
            "rotaryio", "storage", "struct", "supervisor", "sys", "terminalio", "time", "vectorio",
            "bitmaptools", "collections", "errno", "io", "traceback", "zlib", "__future__")


@pytest.fixture(scope="module")
def bundles(tmp_path_factory):
    mpy_cross, _ = release.find_mpy_cross()  # builds CircuitPython's when missing; never a skip
    out = str(tmp_path_factory.mktemp("release"))
    return {board: release.build(board, mpy_cross, "none", out) for board in deploy.BOARD_NAMES}


def files_of(folder):
    return set(release.walk(folder))


def required_imports(source, package):
    """Absolute names ``source`` imports outside ``try: ... except ImportError`` (an optional
    import there has a fallback) and outside code.py's desktop branch (``if not on_board():``,
    the simulator in sim/), relative imports made absolute."""
    needed = set()

    def visit(node, optional):
        if isinstance(node, ast.If) and ast.unparse(node.test) == "not on_board()":
            for child in node.orelse:
                visit(child, optional)
            return
        if isinstance(node, ast.Try):
            catches = any(h.type is None or "ImportError" in ast.dump(h.type) for h in node.handlers)
            for child in node.body:
                visit(child, optional or catches)
            for child in node.handlers + node.orelse + node.finalbody:
                visit(child, optional)
            return
        if not optional:
            if isinstance(node, ast.Import):
                needed.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")[:len(package.split(".")) - node.level + 1]
                    base = ".".join(parts + ([base] if base else []))
                if node.module:
                    needed.add(base)
                else:  # from . import a
                    needed.update(base + "." + a.name for a in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child, optional)

    visit(ast.parse(source), False)
    return needed


def module_path(name):
    """The file a module name loads from on the drive (/ or /lib), as .mpy."""
    return name.replace(".", "/")


def present(name, files):
    path = module_path(name)
    for base in ("", "lib/"):
        if base + path + ".mpy" in files or base + path + "/__init__.mpy" in files:
            return True
        if any(f.startswith(base + path + "/") and f.endswith(".mpy") for f in files):
            return True  # the app's packages are namespace packages on a board (deploy.PACKAGE_INITS)
    return False


def test_every_board_has_a_folder_and_a_zip_of_the_same_files(bundles):
    assert sorted(bundles) == sorted(deploy.BOARD_NAMES)
    for board, (folder, archive, size, _tables) in bundles.items():
        files = files_of(folder)
        with zipfile.ZipFile(archive) as z:
            assert sorted(z.namelist()) == sorted(board + "/" + f for f in files)
            assert z.read(board + "/code.py") == open(os.path.join(folder, "code.py"), "rb").read()
        assert size == sum(os.path.getsize(os.path.join(folder, f)) for f in files)
        assert {"code.py", "boot.py", "README.txt"} <= files
        # the boards that keep a backup copy on the drive get its file made (hw/backup_file.py)
        backup = getattr(importlib.import_module("hw." + board), "NVM_BACKUP", False)
        assert ("yahtzee.sav" in files) == backup, board
        if backup:
            assert os.path.getsize(os.path.join(folder, "yahtzee.sav")) == FILE_BYTES


def test_modules_are_circuitpython_10_mpy_files_with_short_source_names(bundles):
    for board, (folder, *_rest) in bundles.items():
        files = files_of(folder)
        assert sorted(f for f in files if f.endswith(".py")) == ["boot.py", "code.py"], board
        mpys = [f for f in files if f.endswith(".mpy")]
        assert len(mpys) > 40, board
        for f in mpys:
            with open(os.path.join(folder, f), "rb") as fh:
                data = fh.read()
            assert deploy.mpy_header_problem(data[:4]) is None, (board, f)
            assert deploy.mpy_source_name(f).encode() in data, (board, f)  # -s ui/app.mpy: its __file__
            assert ROOT.encode() not in data, (board, f)


def test_what_build_app_imports_on_the_board_is_in_its_bundle(bundles):
    # the modules code.build_app loads on this board (a CPython dry run on its double)
    for board, (folder, *_rest) in bundles.items():
        files = files_of(folder)
        loaded = tour.app_modules(board).split(",")
        assert "ui.app" in loaded and "hw." + board in loaded
        missing = [name for name in loaded if not present(name, files)]
        assert missing == [], (board, missing)


def test_every_import_of_a_shipped_module_resolves_on_the_board(bundles):
    # each shipped module's imports (outside try/except ImportError) are in the bundle or built in
    for board, (folder, *_rest) in bundles.items():
        files = files_of(folder)
        skipped = ()
        for src, target in deploy.plan(board):
            if not target.endswith(".py"):
                continue
            rel = target[len("lib/"):] if target.startswith("lib/") else target
            package = ".".join(rel[:-3].split("/")[:-1])
            if rel.endswith("__init__.py"):
                package = ".".join(rel.split("/")[:-1])
            with open(src, encoding="utf-8") as f:
                needed = required_imports(f.read(), package)
            unresolved = sorted(n for n in needed if n.split(".")[0] not in BUILT_IN + skipped
                                and not present(n, files) and not present(n.rsplit(".", 1)[0], files))
            assert unresolved == [], (board, target, unresolved)


def test_no_host_only_module_is_shipped(bundles):
    host_only = set(deploy.HOST_ONLY)
    for board, (folder, *_rest) in bundles.items():
        files = files_of(folder)
        shipped = {f[:-4] + ".py" for f in files if f.endswith(".mpy")}
        assert shipped & host_only == set(), board
        assert [f for f in files if f.startswith("sim/")] == [], board  # the simulated boards
        other_boards = {"hw/%s.mpy" % b for b in deploy.BOARD_NAMES if b != board}
        assert files & other_boards == set(), board
        assert ".pocket-yahtzee-build" not in files


def test_the_readme_says_what_to_install_which_key_to_hold_and_the_keys(bundles):
    for board, (folder, *_rest) in bundles.items():
        with open(os.path.join(folder, "README.txt")) as f:
            text = f.read()
        hw = release.board_module(board)
        assert "CircuitPython 10" in text
        assert "https://circuitpython.org/board/%s/" % hw.BOARD_ID in text
        for key, what in hw.KEYMAP_HELP:
            assert key in text and what in text, (board, key)
        spec = boot_drive.KEYS.get(hw.BOARD_ID)
        if spec:
            assert "hold %s while you plug in or reset" % spec[4] in text, board
        else:
            assert "stays writable" in text, board


def test_the_tables_that_fit_the_drive_go_into_the_bundle(tmp_path):
    # a 1 MB drive (the Pico's) holds the code and the first table; the second does not fit
    from sim import boards

    one_mb = next(name for name in boards.NAMES if boards.FACTS[name]["drive"] == 1 << 20)
    tables = tmp_path / "build" / "tables"
    tables.mkdir(parents=True)
    (tables / "yahtzee_forced.bin").write_bytes(b"\1" * 450000)
    (tables / "yahtzee_free.bin").write_bytes(b"\2" * 450000)
    mpy_cross, _ = release.find_mpy_cross()  # builds CircuitPython's when missing; never a skip
    folder, archive, size, chosen = release.build(one_mb, mpy_cross, "auto", str(tmp_path / "out"),
                                                  tables_root=str(tmp_path))
    assert chosen == ["yahtzee_forced"]
    assert "tables/yahtzee_forced.bin" in files_of(folder)
    assert "tables/yahtzee_free.bin" not in files_of(folder)
    assert "Strategy tables: yahtzee_forced." in open(os.path.join(folder, "README.txt")).read()
