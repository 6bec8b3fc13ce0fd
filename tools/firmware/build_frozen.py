"""Build a CircuitPython firmware image for one board with Pocket Yahtzee frozen into it.

    python tools/firmware/build_frozen.py --board pybadge --circuitpython ~/src/circuitpython
    python tools/firmware/build_frozen.py --board pygamer --circuitpython ... --stage-only

Loaded from .mpy files the app's code takes most of a small board's heap; frozen into the
firmware it stays in flash (docs/memory.md). This maintainer tool:

1. checks the CircuitPython checkout against the commit it was tested with (tools/firmware/
   boards.py PIN_*: git HEAD when the checkout is a git work tree, and the git blob ids of the
   build files that decide a board's modules in any case); another commit is refused unless
   ``--any-commit``, and then it only warns;
2. checks arm-none-eabi-gcc on PATH is version 14 or newer (CircuitPython refuses older ones);
3. stages exactly the modules the board's app imports (tools/ship/deploy.py's plan: yahtzee_core/,
   ui/, the board's hw/ modules, and the lib/ modules they import; never the desktop, test or
   other boards' modules) under their import names into build/firmware-<board>/frozen/, and
   refuses if any of them, code.py or boot.py imports a CircuitPython module that the board's
   build turns off (boards.py);
4. runs CircuitPython's ``make`` for the board (``-j2`` unless ``--jobs``) with
   ``FROZEN_MPY_DIRS`` set to that folder (replacing the board's own frozen libraries) and the
   board's modules turned off, in its own build folder inside the port
   (``build-<board>-pocket-yahtzee-<flags hash>``, reused by the next run with the same flags);
5. prints the flash figures the link printed and copies firmware.uf2 (with the build log) to
   build/firmware-<board>/.

Then ``python tools/deploy.py --board <board> --frozen`` writes the drive's part: code.py,
boot.py, the strategy tables and the rules font, and removes hw/, ui/, yahtzee_core/ from it.

Host only, and not part of tools/test or CI: it needs a CircuitPython source checkout with the
port's submodules (from GitHub), CircuitPython's build requirements in the Python on PATH
(its requirements-dev.txt) and an arm-none-eabi-gcc 14 toolchain; a build takes minutes.
None of the images it makes has been run on a board yet (docs/firmware.md)."""

import argparse
import ast
import hashlib
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from tools.ship import deploy
from tools.firmware import boards as data

FLASH_LINE = re.compile(r"(\d+) bytes used, (\d+) bytes free in flash firmware space out of (\d+) bytes")
RAM_LINE = re.compile(r"(\d+) bytes used, (\d+) bytes free in ram for stack and heap out of (\d+) bytes")
OVERFLOW_LINE = re.compile(r"region `?'?(\w+)'? overflowed by (\d+) bytes")
# The linker's --print-memory-usage table, for ports that print no "bytes free" line (raspberrypi)
REGION_LINE = re.compile(r"^\s*FLASH_FIRMWARE:\s+(\d+) (B|KB|MB|GB)\s+(\d+) (B|KB|MB|GB)", re.M)
UNITS = {"B": 1, "KB": 1024, "MB": 1024 * 1024, "GB": 1024 * 1024 * 1024}


def git_blob_id(path):
    """The id git gives this file's content (``git hash-object``), without needing git."""
    with open(path, "rb") as f:
        body = f.read()
    return hashlib.sha1(b"blob %d\0" % len(body) + body).hexdigest()


def checkout_problems(cp, board):
    """[why this checkout is not the pinned CircuitPython], empty when it is."""
    problems = []
    info = data.BOARDS[board]
    port = "ports/%s/" % info["port"]
    for rel, want in sorted(data.PIN_BLOBS.items()):
        if rel.startswith("ports/") and not rel.startswith(port):
            continue  # another port's files
        if "/boards/" in rel and "/boards/%s/" % info["cp_board"] not in rel:
            continue  # another board's
        path = os.path.join(cp, rel)
        if not os.path.exists(path):
            problems.append("%s is missing" % rel)
        elif git_blob_id(path) != want:
            problems.append("%s differs from %s's" % (rel, data.PIN_COMMIT[:10]))
    if os.path.exists(os.path.join(cp, ".git")):
        res = subprocess.run(["git", "-C", cp, "rev-parse", "HEAD"], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, text=True)
        head = res.stdout.strip()
        if res.returncode == 0 and head != data.PIN_COMMIT:
            problems.append("HEAD is %s, not %s" % (head[:10], data.PIN_COMMIT[:10]))
    return problems


def missing_submodules(cp, port, off=()):
    """Submodule folders the build needs that are missing or empty; one needed only by a module
    that is turned off (``off``: make variables) is not needed."""
    return [rel for rel, only_for in data.PORT_SUBMODULES.get(port, ())
            if only_for not in off
            and (not os.path.isdir(os.path.join(cp, rel)) or not os.listdir(os.path.join(cp, rel)))]


def gcc_major(exe="arm-none-eabi-gcc"):
    """The major version of ``exe`` on PATH, or None when there is none."""
    try:
        res = subprocess.run([exe, "-dumpversion"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                             text=True)
    except OSError:
        return None
    m = re.match(r"(\d+)", res.stdout.strip())
    return int(m.group(1)) if res.returncode == 0 and m else None


def stage_plan(board, root=ROOT, lib=None):
    """(frozen [(source, import path)], drive [(source, drive path)]) for ``board``."""
    files = [(s, t) for s, t in deploy.plan(board, root, lib) if not t.startswith("tables/")]
    drive, frozen = deploy.split_frozen(files)
    return frozen, drive


def imports_of(path):
    """(top-level module names imported anywhere in ``path``, those of them imported only inside
    a ``try`` (the file copes without them), does it use async/await)."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    names, guarded = set(), set()
    uses_async = False

    def visit(node, in_try):
        nonlocal uses_async
        found = ()
        if isinstance(node, ast.Import):
            found = [a.name.split(".")[0] for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found = [node.module.split(".")[0]]
        elif isinstance(node, (ast.AsyncFunctionDef, ast.Await, ast.AsyncFor, ast.AsyncWith)):
            uses_async = True
        for name in found:
            (guarded if in_try else names).add(name)
        if isinstance(node, ast.Try):
            for child in node.body:
                visit(child, True)
            for child in node.handlers + node.orelse + node.finalbody:
                visit(child, in_try)
        else:
            for child in ast.iter_child_nodes(node):
                visit(child, in_try)

    visit(tree, False)
    return names | guarded, guarded - names, uses_async


def image_modules(build_dir):
    """The built-in module names a finished build registered (its genhdr/moduledefs.h), or None."""
    path = os.path.join(build_dir, "genhdr", "moduledefs.h")
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return {q.split("_dot_")[0] for q in re.findall(r"MP_QSTR_(\w+)", f.read())}


def missing_from_image(sources, staged_names, built, left_out=()):
    """["<file> imports <module>, which the image lacks"] for imports outside a ``try`` that are
    neither frozen nor built in, nor ``left_out`` on purpose (deploy's plan leaves them out)."""
    frozen = {n.split("/")[0].replace(".py", "") for n in staged_names} | set(left_out)
    problems = []
    for path in sources:
        if path.endswith(".py"):
            names, guarded, _ = imports_of(path)
            for name in sorted(names - guarded - frozen - built):
                problems.append("%s imports %s, which the image lacks" % (os.path.relpath(path, ROOT), name))
    return problems


def check_off_modules(board, sources):
    """["<file> imports <module>, which CIRCUITPY_X=0 leaves out", ...] for ``sources``."""
    problems = []
    off = data.BOARDS[board]["off"]
    for path in sources if off else ():
        if not path.endswith(".py"):
            continue
        names, _, uses_async = imports_of(path)
        rel = os.path.relpath(path, ROOT)
        for flag, module, _ in off:
            if module and module in names:
                problems.append("%s imports %s, which %s=0 leaves out" % (rel, module, flag))
            if flag == "MICROPY_PY_ASYNC_AWAIT" and uses_async:
                problems.append("%s uses async/await, which %s=0 leaves out" % (rel, flag))
    return problems


def stage(board, dest, root=ROOT, lib=None):
    """Copy the board's frozen modules (as they are: tracebacks name our lines) into ``dest``,
    emptied first; returns [(import path, bytes)]. ``dest`` becomes a one-commit git repository
    tagged 0.0.0: CircuitPython's tools/preprocess_frozen_modules.py runs ``git describe --tags``
    in a folder for every ``__version__`` line it copies (the libraries have one)."""
    frozen, drive = stage_plan(board, root, lib)
    problems = check_off_modules(board, [s for s, _ in frozen + drive])
    if problems:
        raise SystemExit("the app needs modules this build turns off (tools/firmware/boards.py):\n  "
                         + "\n  ".join(problems))
    if os.path.exists(dest):
        shutil.rmtree(dest)
    os.makedirs(dest)
    written = []
    for src, name in frozen:
        out = os.path.join(dest, *name.split("/"))
        os.makedirs(os.path.dirname(out), exist_ok=True)
        shutil.copyfile(src, out)
        written.append((name, os.path.getsize(out)))
    git = ["git", "-C", dest, "-c", "user.name=build_frozen", "-c", "user.email=build_frozen@localhost"]
    for cmd in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "staged app"], ["tag", "0.0.0"]):
        subprocess.run(git + cmd, check=True, stdout=subprocess.DEVNULL)
    return written


def make_args(board, stage_dir, jobs, extra_off=()):
    info = data.BOARDS[board]
    flags = ["%s=0" % flag for flag, _, _ in info["off"]] + ["%s=0" % flag for flag in extra_off]
    tag = hashlib.sha1(" ".join(flags).encode()).hexdigest()[:8]
    build = "build-%s-pocket-yahtzee-%s" % (info["cp_board"], tag)
    return build, ["make", "-j%d" % jobs, "BOARD=" + info["cp_board"], "BUILD=" + build,
                   "FROZEN_MPY_DIRS=" + stage_dir] + flags


def read_figures(log):
    """{"flash": (used, free, size), "ram": (...), "overflow": [(region, bytes)]} from a build log."""
    figures = {"overflow": [(r, int(n)) for r, n in OVERFLOW_LINE.findall(log)]}
    for key, pattern in (("flash", FLASH_LINE), ("ram", RAM_LINE)):
        found = pattern.findall(log)
        if found:
            figures[key] = tuple(int(x) for x in found[-1])
    region = REGION_LINE.findall(log)
    if "flash" not in figures and region and not figures["overflow"]:
        used, used_unit, size, size_unit = region[-1]
        used, size = int(used) * UNITS[used_unit], int(size) * UNITS[size_unit]
        figures["flash"] = (used, size - used, size)
    return figures


def run_make(cmd, cwd, env, log_path):
    """Run ``cmd`` in ``cwd``, echoing its output and writing it to ``log_path``; returns (status, text)."""
    chunks = []
    with open(log_path, "w") as log:
        log.write("$ (cd %s && %s)\n" % (cwd, " ".join(cmd)))
        proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                text=True, errors="replace")
        for line in proc.stdout:
            chunks.append(line)
            log.write(line)
            if not line.startswith(("CC ", "QSTR", "GEN ", "MPY ", "Module registrations")):
                sys.stdout.write(line)
        status = proc.wait()
    return status, "".join(chunks)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--board", required=True, choices=sorted(data.BOARDS))
    ap.add_argument("--circuitpython", default=os.environ.get("CIRCUITPYTHON"),
                    help="CircuitPython source checkout with the port's submodules (default $CIRCUITPYTHON)")
    ap.add_argument("--jobs", type=int, default=2, help="make -j (default 2)")
    ap.add_argument("--out", help="default build/firmware-<board>/")
    ap.add_argument("--stage-only", action="store_true", help="stage the modules and stop (no checkout needed)")
    ap.add_argument("--any-commit", action="store_true", help="build on a CircuitPython other than the pinned one")
    ap.add_argument("--list", action="store_true", help="print the modules this board's build turns off")
    ap.add_argument("--off", action="append", default=[], metavar="CIRCUITPY_X",
                    help="turn one more module off for this run only (an experiment: not in boards.py, "
                         "so the staged app is not checked against it)")
    args = ap.parse_args(argv)
    info = data.BOARDS[args.board]
    for flag in args.off:
        if not re.match(r"(CIRCUITPY|MICROPY)_\w+$", flag):
            raise SystemExit("--off takes a make variable such as CIRCUITPY_USB_HOST, not %r" % flag)
    if args.list:
        print("%s (%s, %s): %d modules off" % (args.board, info["cp_board"], info["chip"], len(info["off"])))
        for flag, module, why in info["off"]:
            print("  %-26s %-14s %s" % (flag + "=0", module or "", why))
        return 0
    out = os.path.abspath(args.out or os.path.join(ROOT, "build", "firmware-" + args.board))
    stage_dir = os.path.join(out, "frozen")
    os.makedirs(out, exist_ok=True)
    written = stage(args.board, stage_dir)
    print("staged %d modules, %d bytes of source, into %s" % (
        len(written), sum(n for _, n in written), stage_dir))
    tops = {}
    for name, size in written:
        top = name.split("/")[0]
        tops[top] = tops.get(top, 0) + size
    for top, size in sorted(tops.items()):
        print("  %-26s %7d bytes" % (top, size))
    if args.stage_only:
        return 0

    cp = args.circuitpython
    if not cp or not os.path.isdir(os.path.join(cp or "", "ports", info["port"])):
        raise SystemExit("--circuitpython: give a CircuitPython source checkout (with ports/%s)" % info["port"])
    cp = os.path.abspath(cp)
    problems = checkout_problems(cp, args.board)
    if problems:
        text = "%s is not CircuitPython %s (%s), which this tool was tested with:\n  %s" % (
            cp, data.PIN_COMMIT[:10], data.PIN_DESCRIBE, "\n  ".join(problems))
        if not args.any_commit:
            raise SystemExit(text + "\ncheck out that commit, or pass --any-commit to try anyway")
        print("warning: " + text)
    else:
        print("CircuitPython checkout: %s's build files (%s)" % (data.PIN_COMMIT[:10], data.PIN_DESCRIBE))
    missing = missing_submodules(cp, info["port"], [f for f, _, _ in info["off"]] + args.off)
    if missing:
        raise SystemExit("submodules missing or empty: %s\n(`make -C %s fetch-port-submodules` in a git "
                         "checkout)" % (", ".join(missing), os.path.join(cp, "ports", info["port"])))
    major = gcc_major()
    if major is None:
        raise SystemExit("no arm-none-eabi-gcc on PATH (CircuitPython needs version %d or newer)" % data.MIN_GCC)
    if major < data.MIN_GCC:
        raise SystemExit("arm-none-eabi-gcc on PATH is version %d; CircuitPython at %s needs %d or newer "
                         "(py/circuitpy_mpconfig.h)" % (major, data.PIN_COMMIT[:10], data.MIN_GCC))
    env = dict(os.environ)
    if not os.path.exists(os.path.join(cp, ".git")):
        env.setdefault("CP_VERSION", data.PIN_DESCRIBE)  # py/version.py: no git describe in an exported tree
    mpy_cross = os.path.join(cp, "mpy-cross", "build", "mpy-cross")
    if not os.path.exists(mpy_cross):
        print("building CircuitPython's mpy-cross (make -C mpy-cross)", flush=True)
        res = subprocess.run(["make", "-j%d" % args.jobs, "-C", os.path.join(cp, "mpy-cross")], env=env)
        if res.returncode:
            raise SystemExit("mpy-cross did not build")
    build, cmd = make_args(args.board, stage_dir, args.jobs, args.off)
    port_dir = os.path.join(cp, "ports", info["port"])
    for stale in ("frozen_mpy", "manifest.py", "frozen_content.c"):  # re-freeze the freshly staged app
        path = os.path.join(port_dir, build, stale)
        if os.path.isdir(path):
            shutil.rmtree(path)
        elif os.path.exists(path):
            os.remove(path)
    print("$ (cd %s && %s)" % (port_dir, " ".join(cmd)), flush=True)
    log_path = os.path.join(out, "build.log")
    status, log = run_make(cmd, port_dir, env, log_path)
    figures = read_figures(log)
    print("\n%s, %d modules off%s, build log %s" % (
        args.board, len(info["off"]), " + " + ", ".join(args.off) if args.off else "", log_path))
    for region, over in figures["overflow"]:
        print("DOES NOT FIT: %s overflowed by %d bytes" % (region, over))
    if "flash" in figures:
        used, free, size = figures["flash"]
        print("flash: %d bytes used, %d bytes free of %d (%.1f KB free)" % (used, free, size, free / 1024))
    if "ram" in figures:
        used, free, size = figures["ram"]
        print("ram: %d bytes of .data/.bss, %d bytes left for stack and heap of %d" % (used, free, size))
    if status:
        print("make failed (exit %d)" % status)
        return 1
    built = image_modules(os.path.join(port_dir, build))
    if built is not None:
        frozen, drive = stage_plan(args.board)
        lacking = missing_from_image([s for s, _ in frozen + drive], [n for _, n in frozen], built, ())
        for line in lacking:
            print("WARNING: " + line)
        if not lacking:
            print("every module the app imports outside a try is frozen or built in (%d built-in modules)"
                  % len(built))
    uf2 = os.path.join(port_dir, build, "firmware.uf2")
    if os.path.exists(uf2):
        target = os.path.join(out, "firmware-%s-pocket-yahtzee.uf2" % args.board)
        shutil.copyfile(uf2, target)
        with open(target, "rb") as f:
            digest = hashlib.sha256(f.read()).hexdigest()
        print("-> %s (%d bytes, sha256 %s)" % (target, os.path.getsize(target), digest))
        print("then: python tools/deploy.py --board %s --frozen --dest <the CIRCUITPY drive>" % args.board)
    return 0


if __name__ == "__main__":
    sys.exit(main())
