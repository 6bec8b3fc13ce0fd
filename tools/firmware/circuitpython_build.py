"""CircuitPython 10's mpy-cross and its 32-bit unix port (its VM core), built once from the shared
source tarball and cached in build/ by the tarball's hash:

    python tools/firmware/circuitpython_build.py

    /path/to/build/circuitpython-330ade6f622d/mpy-cross/build/mpy-cross

What it builds, from what, and what it needs: docs/memory.md, "tools/firmware/circuitpython_build.py"."""

import glob
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHARED = os.path.join(os.path.dirname(ROOT), "shared", "circuitpython")
BUILD = os.path.join(ROOT, "build")
MPY_CROSS = os.path.join("mpy-cross", "build", "mpy-cross")
UNIX = os.path.join("ports", "unix", "build-standard32", "micropython32")
# build-unix.sh's unix port make line, but the manifest, the build folder and the program's name
# (checked against the script by ``frozen_make_flags``)
MAKE_FLAGS = ("VARIANT=standard", "MICROPY_FORCE_32BIT=1", "MICROPY_PY_FFI=0", "MICROPY_PY_BTREE=0",
              "MICROPY_PY_SSL=0", "MICROPY_SSL_AXTLS=0", "MICROPY_SSL_MBEDTLS=0", "CIRCUITPY_ULAB=0",
              "CFLAGS_EXTRA=-DMICROPY_PY_MICROPYTHON_RINGIO=0")


# What the boards' VM has and the unix port's own configuration does not (py/circuitpy_mpconfig.h,
# which every board's build includes and the unix port does not): Python frames on a separate
# stack, not the heap (:80; the unix port's is 4 KB, a board's CIRCUITPY_PYSTACK_SIZE 2 KB, :481),
# and single-precision floats held in the object word, never on the heap (:26, :88). Without them
# every call of a larger function and every float result allocates on the unix port: the heap
# figures and the checks under micropython.heap_lock() would not be a board's.
BOARD_CFLAGS = ("-DMICROPY_ENABLE_PYSTACK=1", "-DMICROPY_OBJ_REPR=MICROPY_OBJ_REPR_C",
                "-DMICROPY_FLOAT_IMPL=MICROPY_FLOAT_IMPL_FLOAT")


class Missing(SystemExit):
    """Something the build needs is not there (the message says what)."""


def tarball(shared=SHARED):
    found = sorted(glob.glob(os.path.join(shared, "circuitpython-10-*-unix-src.tar.xz")))
    if len(found) != 1:
        raise Missing("circuitpython_build: expected one circuitpython-10-*-unix-src.tar.xz in %s, found %s "
                      "(CircuitPython's source for the tests lives beside the project: ../shared/circuitpython/)"
                      % (shared, found or "none"))
    return found[0]


def sha256_of(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def check_gcc32():
    """gcc must build 32-bit programs (the unix port is built -m32, as the boards' 4-byte words)."""
    probe = tempfile.mkdtemp()
    try:
        with open(os.path.join(probe, "t.c"), "w") as f:
            f.write("int main(void) { return 0; }\n")
        ok = shutil.which("make") and shutil.which("gcc") and subprocess.run(
            ["gcc", "-m32", os.path.join(probe, "t.c"), "-o", os.path.join(probe, "t")],
            capture_output=True).returncode == 0
    finally:
        shutil.rmtree(probe, ignore_errors=True)
    if not ok:
        raise Missing("circuitpython_build: needs make and gcc with 32-bit support (gcc -m32): "
                      "apt-get install gcc-multilib make")


def check_python_packages():
    missing = []
    for name in ("huffman", "polib"):
        if subprocess.run([sys.executable, "-c", "import " + name], capture_output=True).returncode:
            missing.append(name)
    if missing:
        raise Missing("circuitpython_build: CircuitPython's build scripts need the PyPI packages %s in %s "
                      "(pip install -r requirements-dev.txt)" % (" and ".join(missing), sys.executable))


def build_env():
    """The environment for CircuitPython's make: this Python (with huffman and polib) first as python3."""
    env = dict(os.environ)
    env["PATH"] = os.path.dirname(sys.executable) + os.pathsep + env.get("PATH", "")
    return env


def source_folder(shared=SHARED, build=BUILD):
    """(the unpacked source folder, the tarball): build/circuitpython-<hash>/, unpacked when missing."""
    tar = tarball(shared)
    src = os.path.join(build, "circuitpython-" + sha256_of(tar)[:12])
    done = os.path.join(src, ".unpacked")
    if not os.path.exists(done):
        shutil.rmtree(src, ignore_errors=True)
        os.makedirs(src)
        subprocess.run(["tar", "-xJf", tar, "-C", src, "--strip-components=1"], check=True)
        if not os.path.isdir(os.path.join(src, "py")):
            raise SystemExit("circuitpython_build: %s did not unpack to a source tree with py/" % tar)
        open(done, "w").close()
    return src, tar


def built_mpy_cross(shared=SHARED, build=BUILD):
    """This project's build of CircuitPython's mpy-cross for the shared tarball, or None when it
    is not built (nothing is built here: tools/ship/deploy.py looks for it)."""
    found = glob.glob(os.path.join(shared, "circuitpython-10-*-unix-src.tar.xz"))
    if len(found) != 1:
        return None
    cross = os.path.join(build, "circuitpython-" + sha256_of(found[0])[:12], MPY_CROSS)
    return cross if os.path.exists(cross) else None


def ensure(shared=SHARED, build=BUILD, quiet=False):
    """(mpy-cross, unix port) paths, built when missing."""
    src, _ = source_folder(shared, build)
    cross, unix = os.path.join(src, MPY_CROSS), os.path.join(src, UNIX)
    if os.path.exists(cross) and os.path.exists(unix):
        return cross, unix
    check_gcc32()
    check_python_packages()
    script = os.path.join(shared, "build-unix.sh")
    if not os.path.exists(script):
        raise Missing("circuitpython_build: %s is missing" % script)
    log = os.path.join(build, os.path.basename(src) + "-build.log")
    if not quiet:
        print("circuitpython_build: building mpy-cross and the unix port in %s (log %s)" % (src, log))
        sys.stdout.flush()
    t0 = time.time()
    with open(log, "w") as f:
        proc = subprocess.run(["bash", script, os.path.abspath(src)], stdout=f, stderr=subprocess.STDOUT,
                              env=build_env())
    if proc.returncode != 0 or not (os.path.exists(cross) and os.path.exists(unix)):
        with open(log) as f:
            sys.stderr.write("".join(f.readlines()[-30:]))
        raise SystemExit("circuitpython_build: build-unix.sh failed (exit %d; log %s)" % (proc.returncode, log))
    if not quiet:
        print("circuitpython_build: built in %.0f s" % (time.time() - t0))
    return cross, unix


def frozen_make_flags(shared=SHARED):
    """MAKE_FLAGS, each checked to be on build-unix.sh's make line (the frozen build is that line
    with another FROZEN_MANIFEST)."""
    with open(os.path.join(shared, "build-unix.sh")) as f:
        script = f.read().replace('"', "")
    for flag in MAKE_FLAGS:
        if flag not in script:
            raise SystemExit("circuitpython_build: build-unix.sh no longer has %s on its make line: update "
                             "tools/firmware/circuitpython_build.py's MAKE_FLAGS" % flag)
    return MAKE_FLAGS


def core_binary(manifest_text=None, files=(), name="board", jobs=2, shared=SHARED, build=BUILD, quiet=False):
    """The unix port as the boards' VM core (``BOARD_CFLAGS``), with ``manifest_text`` frozen
    into it (None: build-unix.sh's empty manifest; ``files``: the paths it freezes, for the
    cache key): build/circuitpython-<hash>/ports/unix/build-board32-<name>/micropython32-<name>."""
    ensure(shared, build, quiet)
    src, _ = source_folder(shared, build)
    # one build folder per program: a frozen_content.c left by another manifest was linked
    # into a binary that was to freeze nothing (its names then cost nothing to import)
    obj = os.path.join(src, "ports", "unix", "build-board32-" + name)
    binary = os.path.join(obj, "micropython32-" + name)
    manifest = os.path.join(obj, "manifest-%s.py" % name)
    # make does not see a changed flag: a folder built with other BOARD_CFLAGS starts again
    flags_stamp = os.path.join(obj, ".board-cflags")
    if os.path.exists(obj) and (not os.path.exists(flags_stamp) or read_text(flags_stamp) != " ".join(BOARD_CFLAGS)):
        shutil.rmtree(obj)
    os.makedirs(obj, exist_ok=True)
    with open(flags_stamp, "w") as f:
        f.write(" ".join(BOARD_CFLAGS))
    if manifest_text is None:
        with open(os.path.join(src, "empty_manifest.py")) as f:  # written by build-unix.sh
            manifest_text = f.read()
    h = hashlib.sha256((manifest_text + " ".join(BOARD_CFLAGS)).encode())
    for path in sorted(files):
        with open(path, "rb") as f:
            h.update(path.encode() + b"\0" + f.read())
    key = h.hexdigest()
    stamp = binary + ".stamp"
    if os.path.exists(binary) and os.path.exists(stamp):
        with open(stamp) as f:
            if f.read() == key:
                return binary
    with open(manifest, "w") as f:
        f.write(manifest_text)
    if os.path.exists(binary):
        os.remove(binary)
    log = binary + ".log"
    flags = [f for f in frozen_make_flags(shared) if not f.startswith("CFLAGS_EXTRA=")]
    cflags = [f for f in MAKE_FLAGS if f.startswith("CFLAGS_EXTRA=")][0] + " " + " ".join(BOARD_CFLAGS)
    stale = os.path.join(obj, "frozen_content.c")
    if os.path.exists(stale):
        os.remove(stale)
    cmd = ["make", "-C", os.path.join(src, "ports", "unix"), "-j%d" % jobs, "BUILD=" + obj,
           "PROG=micropython32-" + name, "FROZEN_MANIFEST=" + manifest] + flags + [cflags]
    env = build_env()
    env["CP_VERSION"] = read_cp_version(shared)
    if not quiet:
        print("circuitpython_build: building the VM core as the boards have it, %s (log %s)" % (
            "nothing frozen" if not files else "the app frozen", log))
        sys.stdout.flush()
    t0 = time.time()
    with open(log, "w") as f:
        proc = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT, env=env)
    if proc.returncode != 0 or not os.path.exists(binary):
        with open(log) as f:
            sys.stderr.write("".join(f.readlines()[-30:]))
        raise SystemExit("circuitpython_build: the build of %s failed (exit %d; log %s)" % (
            os.path.basename(binary), proc.returncode, log))
    if not files and subprocess.run([binary, "-c", "import yahtzee_core"], capture_output=True,
                                    cwd=tempfile.gettempdir()).returncode == 0:
        raise SystemExit("circuitpython_build: %s was to freeze nothing, and it holds the app" % binary)
    with open(stamp, "w") as f:
        f.write(key)
    if not quiet:
        print("circuitpython_build: built %s in %.0f s" % (os.path.basename(binary), time.time() - t0))
    return binary


def read_text(path):
    with open(path) as f:
        return f.read()


def read_cp_version(shared=SHARED):
    """CP_VERSION as build-unix.sh exports it (the version the port prints)."""
    with open(os.path.join(shared, "build-unix.sh")) as f:
        for line in f:
            if line.startswith("export CP_VERSION="):
                return line.split("=", 1)[1].strip()
    raise SystemExit("circuitpython_build: no CP_VERSION in build-unix.sh")


def main(argv):
    if argv:
        raise SystemExit(__doc__)
    print(ensure()[0])
    print(core_binary())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
