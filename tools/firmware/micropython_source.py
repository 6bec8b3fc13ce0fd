"""MicroPython's source from Debian's package archive, pinned, for tools/memory/frozen_memory.py.

    python tools/firmware/micropython_source.py [--dest DIR]     # prints the unpacked source folder

Where the source comes from and why 1.25.0: docs/memory.md, "tools/firmware/micropython_source.py"."""

import hashlib
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

PACKAGE = "micropython"
VERSION = "1.25.0+ds-1"
SUITE = "trixie"
UPSTREAM = "1.25.0"
ORIG = "micropython_1.25.0+ds.orig.tar.xz"
ORIG_SHA256 = "7b25be99a502f070b2de81dafc08da7051d992325d6e67daa9045a918fffdbea"
KEYRING = "/usr/share/keyrings/debian-archive-keyring.gpg"
SOURCES = """Types: deb-src
URIs: http://deb.debian.org/debian
Suites: %s
Components: main
Signed-By: %s
""" % (SUITE, KEYRING)


def sha256_of(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def apt_options(dest):
    """apt-get options that keep its sources, lists and caches inside ``dest``."""
    return ["-o", "Dir::Etc::sourcelist=" + os.path.join(dest, "apt", "sources.sources"),
            "-o", "Dir::Etc::sourceparts=" + os.path.join(dest, "apt", "none"),
            "-o", "Dir::State::Lists=" + os.path.join(dest, "apt", "lists"),
            "-o", "Dir::Cache=" + os.path.join(dest, "apt", "cache"),
            "-o", "APT::Sandbox::User=root", "-qq"]


def download(dest):
    """The pinned upstream tarball in ``dest`` (downloaded with apt-get source when missing)."""
    orig = os.path.join(dest, ORIG)
    if os.path.exists(orig) and sha256_of(orig) == ORIG_SHA256:
        return orig
    if shutil.which("apt-get") is None or not os.path.exists(KEYRING):
        raise SystemExit("micropython_source: needs Debian's apt-get and %s (or give tools/memory/frozen_memory.py "
                         "--micropython DIR)" % KEYRING)
    for sub in ("lists/partial", "cache/archives/partial", "none"):
        os.makedirs(os.path.join(dest, "apt", sub), exist_ok=True)
    with open(os.path.join(dest, "apt", "sources.sources"), "w") as f:
        f.write(SOURCES)
    options = apt_options(dest)
    steps = [["apt-get"] + options + ["update"],
             ["apt-get"] + options + ["source", "--download-only", "%s=%s" % (PACKAGE, VERSION)]]
    for i, cmd in enumerate(steps):
        proc = subprocess.run(cmd, cwd=dest, capture_output=True, text=True)
        if proc.returncode != 0 and i == 1:
            # a later Debian revision of the same upstream tarball: the hash below decides
            cmd[-1] = "%s/%s" % (PACKAGE, SUITE)
            proc = subprocess.run(cmd, cwd=dest, capture_output=True, text=True)
        if proc.returncode != 0:
            raise SystemExit("micropython_source: %s failed (exit %d%s):\n%s" % (
                " ".join(cmd[:1] + cmd[-3:]), proc.returncode,
                "; apt-get update needs root" if os.geteuid() != 0 else "", proc.stderr[-2000:]))
    if not os.path.exists(orig):
        raise SystemExit("micropython_source: apt-get source gave no %s" % ORIG)
    got = sha256_of(orig)
    if got != ORIG_SHA256:
        raise SystemExit("micropython_source: %s has SHA-256 %s, pinned %s" % (ORIG, got, ORIG_SHA256))
    return orig


def ensure(dest=None):
    """The unpacked MicroPython source folder (made once, kept in ``dest``)."""
    dest = os.path.abspath(dest or os.path.join(ROOT, "build", "micropython-source"))
    os.makedirs(dest, exist_ok=True)
    src = os.path.join(dest, "micropython-" + UPSTREAM)
    done = os.path.join(src, ".unpacked-" + ORIG_SHA256[:16])
    if os.path.exists(done):
        return src
    orig = download(dest)
    shutil.rmtree(src, ignore_errors=True)
    subprocess.run(["tar", "-xf", orig, "-C", dest], check=True)
    if not os.path.isfile(os.path.join(src, "py", "mpconfig.h")):
        raise SystemExit("micropython_source: %s holds no MicroPython source" % ORIG)
    open(done, "w").close()
    return src


def main(argv):
    dest = None
    if argv[:1] == ["--dest"] and len(argv) == 2:
        dest = argv[1]
    elif argv:
        raise SystemExit(__doc__)
    print(ensure(dest))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
