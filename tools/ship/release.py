"""What a player copies: one folder and one zip per board, an Adafruit-style project bundle.

    python tools/release.py [--board B ...] [--mpy-cross PATH] [--tables auto|none|NAMES] [--out DIR]

writes build/release/<board>/ and build/release/<board>.zip for every board (or those named):
code.py and boot.py as source, the app's modules and the pinned libraries of lib/ it imports as .mpy files
compiled by CircuitPython 10's mpy-cross, the rules reader's font where the board uses it, the
strategy tables that fit the board's CIRCUITPY drive (tables/), and README.txt: what to install
first, how to copy, which key to hold at power-on to edit the drive, and the board's keys. The
files are chosen and compiled by tools/ship/deploy.py (``plan``, ``install``), as a deploy to a drive
would; a bundle never ships .py modules, so it needs CircuitPython's mpy-cross: ``--mpy-cross
PATH``, else $MPY_CROSS, else the one tools/firmware/circuitpython_build.py builds, else
build/cp/circuitpython/mpy-cross/build/mpy-cross, else mpy-cross-cp10 / mpy-cross on PATH (each
probed: it must write CircuitPython 10's .mpy header). Prints each bundle's size."""

import argparse
import importlib
import os
import shutil
import sys
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from sim import boards
from tools.ship import deploy
from hw import boot_drive

OUT = os.path.join(ROOT, "build", "release")
ZIP_TIME = (2026, 1, 1, 0, 0, 0)  # the same bytes for the same files
TITLES = boards.table("title")
BOOTLOADER = boards.table("bootloader")  # how a board takes a CircuitPython .uf2, where not DOUBLE_TAP
DOUBLE_TAP = "double-tap the reset button: a ...BOOT drive appears"


def built_mpy_cross():
    """CircuitPython's mpy-cross as tools/firmware/circuitpython_build.py builds it (built when missing)."""
    from tools.firmware import circuitpython_build

    return circuitpython_build.ensure()[0]


def find_mpy_cross(explicit=None, environ=None):
    """(path, [messages]) of a CircuitPython 10 mpy-cross, or SystemExit saying how to get one."""
    environ = os.environ if environ is None else environ
    if explicit or environ.get("MPY_CROSS"):
        found, notes = deploy.find_mpy_cross(explicit, environ)
        if found:
            return found, notes
    notes = []
    for path in (built_mpy_cross(),):
        if path and os.access(path, os.X_OK):
            ok, msg = deploy.probe_mpy_cross(path)
            notes.append(msg)
            if ok:
                return path, notes
    found, more = deploy.find_mpy_cross(None, {})
    if found:
        return found, notes + more
    raise SystemExit("release: a bundle ships .mpy files and needs CircuitPython 10's mpy-cross\n"
                     + "\n".join(notes + more) + "\n" + deploy.MPY_CROSS_HELP)


def board_module(board):
    return importlib.import_module("hw." + board)


def readme(board, tables):
    """README.txt for ``board``'s bundle."""
    hw = board_module(board)
    lines = ["Pocket Yahtzee for the %s" % TITLES[board], "",
             "1. Install CircuitPython 10.x for this board: https://circuitpython.org/board/%s/" % hw.BOARD_ID,
             "   (%s; copy the .uf2 file onto it)." % BOOTLOADER.get(board, DOUBLE_TAP),
             "2. Copy everything in this folder except README.txt onto the CIRCUITPY drive: code.py,",
             "   boot.py and the folders (replace what is there; lib/ holds the rules reader's font",
             "   and any library the board needs, already compiled for CircuitPython 10).",
             "3. Reset the board (or unplug it and plug it in): the game starts."]
    spec = boot_drive.KEYS.get(hw.BOARD_ID)
    lines.append("")
    if spec:
        lines += ["Editing the drive: boot.py gives the CIRCUITPY drive to the game (it keeps a backup",
                  "copy of your saved game there, in yahtzee.sav), so a computer sees it read-only. To",
                  "copy or edit files, hold %s while you plug in or reset the board. When you" % spec[4],
                  "update the game, you may keep the yahtzee.sav that is on the drive."]
    else:
        lines += ["The CIRCUITPY drive stays writable from a computer (boot.py changes nothing on this board)."]
    lines += ["", "Keys:"]
    width = max(len(key) for key, _ in hw.KEYMAP_HELP)
    lines += ["  %-*s  %s" % (width, key, what) for key, what in hw.KEYMAP_HELP]
    lines += ["", "Strategy tables: %s." % (", ".join(tables) if tables else
                                            "none (the hard computer player plays as medium; no hints)")]
    return "\n".join(lines) + "\n"


def build(board, mpy_cross, tables="auto", out=OUT, tables_root=ROOT):
    """Write ``out``/<board>/ and ``out``/<board>.zip; returns (folder, zip path, bytes, tables).
    The strategy tables come from ``tables_root``/build/tables/."""
    folder = os.path.join(out, board)
    if os.path.isdir(folder):
        shutil.rmtree(folder)
    os.makedirs(folder)
    written = deploy.install(deploy.plan(board), folder, mpy_cross, board=board)
    os.remove(os.path.join(folder, ".pocket-yahtzee-build"))  # install marks build folders
    code = sum(size for _, size in written + deploy.backup_file(board, folder))
    if tables == "none":
        chosen = []
    elif tables == "auto":
        chosen = deploy.choose_tables(deploy.DRIVE_BYTES[board] - code - deploy.RESERVE,
                                      root=tables_root)[0]
    else:
        chosen = deploy.choose_tables(1 << 40, tables.split(","), root=tables_root)[0]
    if chosen:
        deploy.install(deploy.table_files(chosen, tables_root), folder)
        os.remove(os.path.join(folder, ".pocket-yahtzee-build"))
    with open(os.path.join(folder, "README.txt"), "w") as f:
        f.write(readme(board, chosen))
    archive = folder + ".zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
        for path in sorted(walk(folder)):
            info = zipfile.ZipInfo(board + "/" + path, ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            with open(os.path.join(folder, *path.split("/")), "rb") as f:
                z.writestr(info, f.read())
    size = sum(os.path.getsize(os.path.join(folder, *p.split("/"))) for p in walk(folder))
    return folder, archive, size, chosen


def walk(folder):
    """Every file under ``folder``, as a relative path with '/'."""
    for dirpath, _, names in os.walk(folder):
        for name in names:
            yield os.path.relpath(os.path.join(dirpath, name), folder).replace(os.sep, "/")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--board", action="append", choices=deploy.BOARD_NAMES,
                    help="a board (repeatable; default: all six)")
    ap.add_argument("--mpy-cross", help="CircuitPython 10's mpy-cross")
    ap.add_argument("--tables", default="auto",
                    help="auto (what fits the board's drive), none, or names (yahtzee_forced,...)")
    ap.add_argument("--out", default=OUT)
    args = ap.parse_args(argv)
    mpy_cross, notes = find_mpy_cross(args.mpy_cross)
    for note in notes:
        print("mpy-cross: " + note)
    if args.tables != "none":
        deploy.build_tables()
    for board in args.board or deploy.BOARD_NAMES:
        folder, archive, size, chosen = build(board, mpy_cross, args.tables, args.out)
        print("%-17s %8d bytes in %3d files; zip %8d bytes; tables: %s -> %s" % (
            board, size, len(list(walk(folder))), os.path.getsize(archive),
            ",".join(chosen) or "none", os.path.relpath(archive, ROOT)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
