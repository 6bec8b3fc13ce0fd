"""A board's CIRCUITPY drive as a FAT image, for the emulated RP2040 boards (tools/firmware/emulated_boards.py).

    python tools/firmware/circuitpy_image.py --board macropad --out build/emulated/macropad.img

The files are the board's release bundle (``tools/ship/release.py``: what ``tools/ship/deploy.py --board B`` writes,
with CircuitPython 10's mpy-cross), unpacked from its zip as a player copies it (everything but README.txt),
plus any extra files given (the bench's ``bench.txt``). The FAT volume is made and filled by CircuitPython's
own FatFs (``os.VfsFat`` in CircuitPython 10's unix port: the same ``f_mkfs`` a board runs when it formats its
drive), with the board's drive size: flash size less 1 MB (the RP2040 port keeps 1020 KB of firmware and
the 4 KB NVM sector before it, ports/raspberrypi/mpconfigport.h; supervisor/internal_flash.c counts the
blocks to the end of the chip)."""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from sim.boards import table

BLOCK = 512
FLASH_MB = table("flash_mb")  # the emulated boards' flash (sim/boards.py)
DRIVE_OFFSET = 1 << 20

# Runs inside CircuitPython's unix port: argv = [script, source folder, image path, blocks].
_FILL = r"""
import os, sys
src, out, blocks = sys.argv[1], sys.argv[2], int(sys.argv[3])
class Ram:
    def __init__(self, n):
        self.n = n
        self.data = bytearray(n * 512)
    def readblocks(self, b, buf):
        buf[:] = memoryview(self.data)[b * 512:b * 512 + len(buf)]
    def writeblocks(self, b, buf):
        self.data[b * 512:b * 512 + len(buf)] = buf
    def ioctl(self, op, arg):
        return self.n if op == 4 else 512 if op == 5 else 0
dev = Ram(blocks)
os.VfsFat.mkfs(dev)
os.mount(os.VfsFat(dev), "/circuitpy")
def copy(folder, to):
    for name in sorted(os.listdir(folder)):
        path = folder + "/" + name
        if name == ".pocket-yahtzee-build":
            continue
        if os.stat(path)[0] & 0x4000:
            os.mkdir(to + "/" + name)
            copy(path, to + "/" + name)
        else:
            with open(path, "rb") as f, open(to + "/" + name, "wb") as g:
                while True:
                    chunk = f.read(4096)
                    if not chunk:
                        break
                    g.write(chunk)
copy(src, "/circuitpy")
st = os.statvfs("/circuitpy")
print("free", st[0] * st[3])
os.umount("/circuitpy")
with open(out, "wb") as f:
    f.write(dev.data)
"""


def circuitpython_tools():
    """(mpy-cross, unix port) of CircuitPython 10: $MPY_CROSS and $CP_MICROPYTHON when both are set,
    else tools/firmware/circuitpython_build.py's (built from ../shared/circuitpython/ once, cached in build/)."""
    if os.environ.get("MPY_CROSS") and os.environ.get("CP_MICROPYTHON"):
        return os.environ["MPY_CROSS"], os.environ["CP_MICROPYTHON"]
    sys.path.insert(0, ROOT)
    from tools.firmware import circuitpython_build

    return circuitpython_build.ensure(quiet=True)


def unpack_bundle(board, dest, mpy_cross, work):
    """The board's release bundle (tools/ship/release.py ``build``, in ``work``) unpacked from its zip into
    ``dest`` as a player copies it (all but README.txt); a line saying what it holds."""
    sys.path.insert(0, ROOT)
    from tools.ship import release

    _, archive, size, tables = release.build(board, mpy_cross, out=os.path.join(work, "release"))
    os.makedirs(dest)
    n = 0
    with zipfile.ZipFile(archive) as z:
        for name in z.namelist():
            rel = name.split("/", 1)[1]  # the zip's files are under <board>/
            if rel == "README.txt":
                continue
            path = os.path.join(dest, *rel.split("/"))
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as f:
                f.write(z.read(name))
            n += 1
    return "%s: %s unpacked, %d files (%d B in the bundle); tables: %s" % (
        board, os.path.basename(archive), n, size, ", ".join(tables) or "none")


def drive_image(board, work, extra=None):
    """(FAT image bytes, what the drive holds, free bytes on the drive) for ``board``: its release
    bundle's files; ``extra``: {name: text} written into the drive's root too. ``work``: a folder for
    the files."""
    mpy_cross, unix = circuitpython_tools()
    folder = os.path.join(work, "CIRCUITPY-" + board)
    shutil.rmtree(folder, ignore_errors=True)
    printed = unpack_bundle(board, folder, mpy_cross, work)
    for name, text in (extra or {}).items():
        with open(os.path.join(folder, name), "w") as f:
            f.write(text)
    blocks = ((FLASH_MB[board] << 20) - DRIVE_OFFSET) // BLOCK
    with tempfile.TemporaryDirectory() as tmp:
        script = os.path.join(tmp, "fill.py")
        out = os.path.join(tmp, "drive.img")
        with open(script, "w") as f:
            f.write(_FILL)
        heap = "-X heapsize=%d" % (blocks * BLOCK + (4 << 20))
        res = subprocess.run([unix, heap.split()[0], heap.split()[1], script, folder, out, str(blocks)],
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if res.returncode or not os.path.exists(out):
            raise SystemExit("could not write the FAT image for %s:\n%s" % (board, res.stdout))
        with open(out, "rb") as f:
            image = f.read()
    free = int(res.stdout.split("free")[-1].split()[0])
    return image, printed, free


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--board", required=True, choices=sorted(FLASH_MB))
    ap.add_argument("--out", required=True)
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as work:
        image, printed, free = drive_image(args.board, work)
    with open(args.out, "wb") as f:
        f.write(image)
    print(printed.rstrip())
    print("%s: %d B FAT image, %d B free -> %s" % (args.board, len(image), free, args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
