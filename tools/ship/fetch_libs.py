"""Fill lib/ with the Adafruit libraries the boards need, from PINNED PyPI packages.

    python tools/fetch_libs.py              # download the pinned wheels, extract into lib/
    python tools/fetch_libs.py --dry-run    # show what would be fetched (no network)
    python tools/fetch_libs.py --check      # is lib/ exactly what the pins say? (no network)

    lib/ matches the pins

The pins and the rules reader's font: docs/firmware.md, "tools/ship/fetch_libs.py"."""

import argparse
import gzip
import hashlib
import io
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import font_bake
import pcf_subset

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PINS_FILE = os.path.join(ROOT, "requirements-device.txt")
LIB = os.path.join(ROOT, "lib")
MANIFEST = "MANIFEST.txt"
KEEP = ("README.md", ".gitignore")  # hand-written files in lib/


class FontPin:
    """A font file made from a member of a pinned Debian package."""

    def __init__(self, out, deb, version, deb_sha256, member, sha256, licence_from, licence_start,
                 licence_end):
        self.out = out  # path under lib/
        self.deb = deb
        self.version = version
        self.deb_sha256 = deb_sha256
        self.member = member  # the .pcf.gz in the package's data
        self.sha256 = sha256  # of the file written (the ASCII subset)
        self.licence_from = licence_from
        self.licence_start = licence_start  # the copyright file's lines from this one ...
        self.licence_end = licence_end  # ... up to (not including) this one

    def __repr__(self):
        return "%s=%s_%s" % (self.out, self.deb, self.version)


# The rules reader's proportional font (README "Fonts"): Adobe Helvetica Medium 8 pt at 75 dpi
# (10-pixel lines, 2-8 pixel advances), ASCII only. Debian bookworm's xfonts-75dpi 1:1.0.5.
FONT = FontPin(
    out="fonts/helvR08-ascii.pcf", deb="xfonts-75dpi", version="1:1.0.5",
    deb_sha256="5f2ba56e3c57e494fab35c4907c4be6026aa6d0e94eecbd37f957c8a6b8746ed",
    member="./usr/share/fonts/X11/75dpi/helvR08-ISO8859-1.pcf.gz",
    sha256="2df133924b484fa9d84baa3103f36c7501273dd4342d84d623f479b82e134d13",
    licence_from="./usr/share/doc/xfonts-75dpi/copyright",
    licence_start="font-adobe-75dpi:", licence_end="font-bh-75dpi:")


class Pin:
    def __init__(self, module, version, reason=""):
        self.module = module
        self.version = version
        self.reason = reason

    @property
    def pypi(self):
        return pypi_name(self.module)

    def __repr__(self):
        return "%s==%s" % (self.module, self.version)


def pypi_name(module):
    """The PyPI project of a CircuitPython bundle library name."""
    base = module[len("adafruit_"):] if module.startswith("adafruit_") else module
    return "adafruit-circuitpython-" + base.replace("_", "-")


def parse_pins(text):
    """Pins from requirements text: one ``name==version  # reason`` per line. Anything else
    (no ``==``, a range, an option) is an error: the device libraries must be exact."""
    pins = []
    for number, raw in enumerate(text.splitlines(), 1):
        line, _, comment = raw.partition("#")
        line = line.strip()
        if not line:
            continue
        name, eq, version = line.partition("==")
        name, version = name.strip(), version.strip()
        bad = (not eq or not name or not version or any(c in version for c in "<>=!~*, ;")
               or line.startswith("-"))
        if bad:
            raise ValueError("line %d: %r is not an exact pin (name==version)" % (number, raw))
        if not all(c.isalnum() or c == "_" for c in name):
            raise ValueError("line %d: %r is not a bundle library name" % (number, name))
        if any(p.module == name for p in pins):
            raise ValueError("line %d: %s is pinned twice" % (number, name))
        pins.append(Pin(name, version, comment.strip()))
    return pins


def read_pins(path=PINS_FILE):
    with open(path) as f:
        return parse_pins(f.read())


def library_files(names, module):
    """The members of a wheel that are the library ``module`` itself: ``module.py`` or the
    ``module/`` package (``.py`` and data files), never examples, tests or metadata."""
    out = []
    for name in names:
        if name.endswith("/"):
            continue
        if name == module + ".py" or name == module + ".mpy":
            out.append(name)
        elif name.startswith(module + "/") and "__pycache__" not in name:
            out.append(name)
    return sorted(out)


def extract(wheel_path, module, dest):
    """Copy the library out of a wheel into ``dest``; returns the written relative paths."""
    written = []
    with zipfile.ZipFile(wheel_path) as z:
        members = library_files(z.namelist(), module)
        if not members:
            raise RuntimeError("%s holds no %s.py or %s/" % (os.path.basename(wheel_path),
                                                             module, module))
        for name in members:
            target = os.path.join(dest, *name.split("/"))
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with z.open(name) as src, open(target, "wb") as out:
                shutil.copyfileobj(src, out)
            written.append(name)
    return written


def download(pin, folder):
    """``pip download`` the pinned wheel (no dependencies); returns its path."""
    cmd = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
           "--disable-pip-version-check", "-q", "-d", folder, "%s==%s" % (pin.pypi, pin.version)]
    subprocess.run(cmd, check=True)
    prefix = pin.pypi.replace("-", "_").lower() + "-" + pin.version + "-"
    for name in os.listdir(folder):
        if name.lower().startswith(prefix) and name.endswith(".whl"):
            return os.path.join(folder, name)
    raise RuntimeError("pip did not leave a wheel for %s in %s" % (pin, folder))


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        h.update(f.read())
    return h.hexdigest()


def clear_lib(lib):
    os.makedirs(lib, exist_ok=True)
    for name in os.listdir(lib):
        if name in KEEP:
            continue
        path = os.path.join(lib, name)
        shutil.rmtree(path) if os.path.isdir(path) else os.remove(path)


def manifest_lines(path):
    try:
        with open(path) as f:
            return [line.split()[0] for line in f if line.strip() and not line.startswith("#")]
    except OSError:
        return []


def check(pins, lib=LIB):
    """Problems with lib/ against the pins (an empty list: lib/ is right)."""
    problems = []
    have = manifest_lines(os.path.join(lib, MANIFEST))
    want = [repr(p) for p in pins] + [repr(FONT)]
    if have != want:
        problems.append("lib/%s lists %s, the pins say %s" % (MANIFEST, have or "nothing", want))
    for p in pins:
        if not (os.path.exists(os.path.join(lib, p.module + ".py"))
                or os.path.isdir(os.path.join(lib, p.module))):
            problems.append("lib/ has no %s" % p.module)
    font = os.path.join(lib, *FONT.out.split("/"))
    if not os.path.exists(font):
        problems.append("lib/ has no %s" % FONT.out)
    elif sha256(font) != FONT.sha256:
        problems.append("lib/%s is not the pinned font (sha256 %s)" % (FONT.out, sha256(font)))
    else:
        baked = os.path.join(lib, *baked_name(FONT).split("/"))
        try:
            with open(baked, "rb") as f:
                same = f.read() == font_bake.bake_file(font)
        except OSError:
            same = False
        if not same:
            problems.append("lib/%s is not the pinned font baked (tools/ship/font_bake.py)" % baked_name(FONT))
    return problems


def baked_name(font):
    """The baked font's path in lib/ (what a board reads: ui/rules_screen.FONT_FILE)."""
    return font.out.rsplit(".", 1)[0] + ".bin"


def bake_font(font, lib):
    """The pinned PCF in ``lib`` baked for the boards (tools/ship/font_bake.py), with its licence;
    returns the bytes written."""
    path = os.path.join(lib, *font.out.split("/"))
    data = font_bake.bake_file(path)
    out = os.path.join(lib, *baked_name(font).split("/"))
    with open(out, "wb") as f:
        f.write(data)
    shutil.copyfile(path + ".license", out + ".license")
    return len(data)


def download_deb(font, folder):
    """``apt-get download`` the pinned package into ``folder``; returns the .deb's path. Runs
    ``apt-get update`` first (as root) when the package is not found in the lists."""
    cmd = ["apt-get", "download", "-q", "%s=%s" % (font.deb, font.version)]
    if subprocess.run(cmd, cwd=folder).returncode != 0:
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            subprocess.run(["apt-get", "update", "-qq"], check=True)
            subprocess.run(cmd, cwd=folder, check=True)
        else:
            raise RuntimeError("apt-get download %s=%s failed: run `apt-get update` (as root) "
                               "and try again" % (font.deb, font.version))
    for name in os.listdir(folder):
        if name.startswith(font.deb + "_") and name.endswith(".deb"):
            return os.path.join(folder, name)
    raise RuntimeError("apt-get left no %s .deb in %s" % (font.deb, folder))


def deb_members(deb_path, wanted):
    """{name: bytes} of the ``wanted`` members of a .deb's data archive (ar + tar, no dpkg)."""
    with open(deb_path, "rb") as f:
        data = f.read()
    if data[:8] != b"!<arch>\n":
        raise RuntimeError("%s is not a Debian package" % deb_path)
    at = 8
    while at + 60 <= len(data):
        name = data[at:at + 16].decode().strip().rstrip("/")
        size = int(data[at + 48:at + 58].decode().strip())
        body = data[at + 60:at + 60 + size]
        at += 60 + size + (size & 1)
        if name.startswith("data.tar"):
            out = {}
            with tarfile.open(fileobj=io.BytesIO(body)) as tar:
                for member in wanted:
                    out[member] = tar.extractfile(member).read()
            return out
    raise RuntimeError("%s has no data archive" % deb_path)


def licence_text(copyright_text, font):
    lines = copyright_text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip() == font.licence_start)
    end = next(i for i, line in enumerate(lines) if i > start and line.strip() == font.licence_end)
    return ("%s from Debian's %s %s, cut to printable ASCII by tools/ship/pcf_subset.py.\n"
            "Its licence, from the package's copyright file:\n\n%s\n" % (
                os.path.basename(font.out), font.deb, font.version,
                "\n".join(lines[start:end]).rstrip()))


def make_font(font, lib, deb_fetcher=download_deb):
    """Write ``font`` into ``lib`` (and its .license); returns the bytes written."""
    with tempfile.TemporaryDirectory() as tmp:
        deb = deb_fetcher(font, tmp)
        if sha256(deb) != font.deb_sha256:
            raise RuntimeError("%s is not the pinned %s %s (sha256 %s)" % (
                deb, font.deb, font.version, sha256(deb)))
        members = deb_members(deb, (font.member, font.licence_from))
    pcf = pcf_subset.write(pcf_subset.subset(pcf_subset.read(gzip.decompress(members[font.member]))))
    path = os.path.join(lib, *font.out.split("/"))
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(pcf)
    with open(path + ".license", "w") as f:
        f.write(licence_text(members[font.licence_from].decode("utf-8"), font))
    got = sha256(path)
    if got != font.sha256:
        raise RuntimeError("%s: sha256 %s, the pin says %s" % (font.out, got, font.sha256))
    return len(pcf)


def fetch(pins, lib=LIB, downloader=download, deb_fetcher=download_deb):
    clear_lib(lib)
    lines = ["# written by tools/ship/fetch_libs.py from requirements-device.txt: name==version sha256"]
    total = 0
    with tempfile.TemporaryDirectory() as tmp:
        for pin in pins:
            wheel = downloader(pin, tmp)
            files = extract(wheel, pin.module, lib)
            size = sum(os.path.getsize(os.path.join(lib, *f.split("/"))) for f in files)
            total += size
            lines.append("%r %s" % (pin, sha256(wheel)))
            print("%-36s %-28s %3d file(s) %7d bytes" % (repr(pin), pin.pypi, len(files), size))
    size = make_font(FONT, lib, deb_fetcher)
    lines.append("%r %s" % (FONT, FONT.sha256))
    print("%-36s %-28s %3d file(s) %7d bytes" % (FONT.out, FONT.deb + " " + FONT.version, 1, size))
    baked = bake_font(FONT, lib)
    print("%-36s %-28s %3d file(s) %7d bytes" % (baked_name(FONT), "tools/ship/font_bake.py", 1, baked))
    size += baked
    with open(os.path.join(lib, MANIFEST), "w") as f:
        f.write("\n".join(lines) + "\n")
    kind = "library" if len(pins) == 1 else "libraries"
    print("lib/: %d %s and the rules font, %d bytes" % (len(pins), kind, total + size))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dry-run", action="store_true", help="print the plan, fetch nothing")
    ap.add_argument("--check", action="store_true", help="exit 1 unless lib/ matches the pins")
    ap.add_argument("--pins", default=PINS_FILE, help="pins file (default requirements-device.txt)")
    ap.add_argument("--lib", default=LIB, help="folder to fill (default lib/)")
    args = ap.parse_args(argv)
    pins = read_pins(args.pins)
    if args.dry_run:
        for p in pins:
            print("%-36s <- pip download %s==%s  # %s" % (repr(p), p.pypi, p.version, p.reason))
        print("%-36s <- apt-get download %s=%s  # the rules reader's font (ASCII subset)" % (
            FONT.out, FONT.deb, FONT.version))
        return 0
    if args.check:
        problems = check(pins, args.lib)
        for p in problems:
            print(p)
        print("lib/ matches the pins" if not problems else "run: python tools/fetch_libs.py")
        return 1 if problems else 0
    fetch(pins, args.lib)
    return 0


if __name__ == "__main__":
    sys.exit(main())
