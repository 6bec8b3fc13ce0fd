"""Fill lib/ with the Adafruit libraries the boards need, from PINNED PyPI packages.

    python tools/fetch_libs.py              # download the pinned wheels, extract into lib/
    python tools/fetch_libs.py --dry-run    # show what would be fetched (no network)
    python tools/fetch_libs.py --check      # is lib/ exactly what the pins say? (no network)

The pins live in one place, requirements-device.txt, as CircUp/bundle names with ``==``
(``adafruit_display_text==5.0.6``), so ``circup install -r requirements-device.txt`` reads the
same file. Each bundle name maps to its PyPI package (``adafruit_X`` -> ``adafruit-circuitpython-X``,
``neopixel`` -> ``adafruit-circuitpython-neopixel``). ``pip download --no-deps`` fetches the wheel;
only the library's own module or package is extracted (no examples, no metadata), and
``lib/MANIFEST.txt`` records name, version and the wheel's sha256."""

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PINS_FILE = os.path.join(ROOT, "requirements-device.txt")
LIB = os.path.join(ROOT, "lib")
MANIFEST = "MANIFEST.txt"
KEEP = ("README.md", ".gitignore")  # hand-written files in lib/


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
    want = [repr(p) for p in pins]
    if have != want:
        problems.append("lib/%s lists %s, the pins say %s" % (MANIFEST, have or "nothing", want))
    for p in pins:
        if not (os.path.exists(os.path.join(lib, p.module + ".py"))
                or os.path.isdir(os.path.join(lib, p.module))):
            problems.append("lib/ has no %s" % p.module)
    return problems


def fetch(pins, lib=LIB, downloader=download):
    clear_lib(lib)
    lines = ["# written by tools/fetch_libs.py from requirements-device.txt: name==version sha256"]
    total = 0
    with tempfile.TemporaryDirectory() as tmp:
        for pin in pins:
            wheel = downloader(pin, tmp)
            files = extract(wheel, pin.module, lib)
            size = sum(os.path.getsize(os.path.join(lib, *f.split("/"))) for f in files)
            total += size
            lines.append("%r %s" % (pin, sha256(wheel)))
            print("%-36s %-28s %3d file(s) %7d bytes" % (repr(pin), pin.pypi, len(files), size))
    with open(os.path.join(lib, MANIFEST), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("lib/: %d libraries, %d bytes of source" % (len(pins), total))


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
