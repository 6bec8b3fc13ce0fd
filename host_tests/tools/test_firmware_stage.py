"""tools/firmware/build_frozen.py's host-side steps, offline and fast: what is staged into the
firmware, what stays on the drive, the turned-off modules the app must not import, the pin
check and the figures read from a build log. (The build itself needs CircuitPython's source and
an arm gcc 14 and is not run here: docs/firmware.md.)"""

import os
import shutil
import subprocess

import pytest

from sim import boards
from tools.ship import deploy
from tools.memory import tour
from tools.firmware import boards as data
from tools.firmware import build_frozen as bf

ROOT = bf.ROOT
OURS = ("hw", "ui", "yahtzee_core")


@pytest.fixture
def fake_lib(tmp_path):
    lib = tmp_path / "lib"
    for package, modules in {"adafruit_display_text": {"__init__.py": "import displayio\n",
                                                       "bitmap_label.py": "from adafruit_display_text import x\n",
                                                       "label.py": ""},
                             "adafruit_bitmap_font": {"__init__.py": "", "pcf.py": "from .glyph_cache import G\n",
                                                      "glyph_cache.py": "", "bdf.py": ""}}.items():
        (lib / package).mkdir(parents=True)
        for name, body in modules.items():
            (lib / package / name).write_text(body)
    for name, body in {"adafruit_ticks.py": "", "adafruit_debouncer.py": "from adafruit_ticks import ticks_ms\n",
                       "neopixel.py": "import adafruit_pixelbuf\n", "adafruit_st7789.py": "import busdisplay\n",
                       "unused_lib.py": ""}.items():
        (lib / name).write_text(body)
    (lib / "fonts").mkdir()
    (lib / "fonts" / "helvR08-ascii.pcf").write_bytes(b"\1fcp")  # what the baked font is made from: not shipped
    (lib / "fonts" / "helvR08-ascii.bin").write_bytes(b"YF")
    (lib / "fonts" / "helvR08-ascii.bin.license").write_text("licence")
    return str(lib)


def names(pairs):
    return {t for _, t in pairs}


def module_files(package):
    return {package + "/" + n for n in os.listdir(os.path.join(ROOT, package)) if n.endswith(".py")}


@pytest.mark.parametrize("board", sorted(data.BOARDS))
def test_staging_takes_the_boards_modules_and_leaves_code_py_on_the_drive(board, fake_lib):
    frozen, drive = bf.stage_plan(board, ROOT, fake_lib)
    frozen_names = names(frozen)
    assert names(drive) <= {"code.py", "boot.py", "lib/fonts/helvR08-ascii.bin",
                            "lib/fonts/helvR08-ascii.bin.license"}
    assert {"code.py", "boot.py"} <= names(drive)
    assert all(n.endswith(".py") for n in frozen_names)
    # the core and ui whole, but the host-only table module
    assert module_files("yahtzee_core") - frozen_names == set(deploy.HOST_ONLY)
    assert module_files("ui") <= frozen_names
    hw = {n for n in frozen_names if n.startswith("hw/")}
    assert "hw/%s.py" % board in hw
    others = {"hw/%s.py" % b for b in deploy.BOARD_NAMES if b != board}
    host_only = {"sim/desktop.py", "sim/testing.py", "sim/vmboard.py", "sim/fbdisplay.py", "sim/web.py",
                 "sim/null_power.py",
                 "sim/flash_model.py", "sim/vmhardware.py"}
    assert not hw & (others | host_only)
    # libraries go in under their import names, only the modules the app imports
    libs = frozen_names - {n for n in frozen_names if n.split("/")[0] in OURS}
    assert "unused_lib.py" not in libs and "adafruit_ticks.py" not in libs and "neopixel.py" not in libs
    assert not {n for n in libs if n.startswith("lib/")}
    assert "adafruit_display_text/label.py" not in libs and not [n for n in libs if "bitmap_font" in n]
    # only the Pico's module builds its display (adafruit_st7789) by hand
    assert ("adafruit_st7789.py" in libs) == hasattr(boards.module(board), "make_display")


def imported_modules(path, package):
    """Our modules (dotted names) that a file in ``package`` imports, absolute or relative:
    ``from X import a`` needs X, and X.a too when that is a module of ours (not an attribute)."""
    modules, members = tour.imports_of(path, package)
    found = modules | {m for m in members if os.path.exists(os.path.join(ROOT, *m.split(".")) + ".py")}
    return {m for m in found if m.split(".")[0] in OURS}


@pytest.mark.parametrize("board", sorted(data.BOARDS))
def test_every_module_the_frozen_app_imports_is_frozen(board, fake_lib):
    """A module of ours that a frozen module (or code.py) imports and that is missing from the
    firmware would fail on the board with ImportError, the drive no longer holding hw/ or ui/.
    Imports that name another board's or the desktop's module only run there."""
    frozen, drive = bf.stage_plan(board, ROOT, fake_lib)
    have = {n[:-3].replace("/", ".").replace(".__init__", "") for n in names(frozen)}
    elsewhere = {"hw." + b for b in deploy.BOARD_NAMES if b != board} | {
        "sim.desktop", "sim.testing", "sim.vmboard", "sim.fbdisplay", "sim.web", "sim.flash_model", "sim.vmhardware",
        "yahtzee_core.table_bytes", "yahtzee_core.host_helpers"}
    missing = set()
    for src, name in frozen + [d for d in drive if d[1] == "code.py"]:
        package = os.path.dirname(name).replace("/", ".")
        missing.update((name, m) for m in imported_modules(src, package) - have - elsewhere)
    assert not missing


def test_the_app_imports_no_module_a_build_turns_off(fake_lib):
    for board in data.BOARDS:
        frozen, drive = bf.stage_plan(board, ROOT, fake_lib)
        assert bf.check_off_modules(board, [s for s, _ in frozen + drive]) == []


def test_a_turned_off_module_in_the_app_is_caught(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("def f():\n    import usb_hid\n\nasync def g():\n    await f()\n")
    problems = bf.check_off_modules("pybadge", [str(bad)])
    assert any("usb_hid" in p and "CIRCUITPY_USB_HID" in p for p in problems)
    assert any("MICROPY_PY_ASYNC_AWAIT" in p for p in problems)
    assert bf.check_off_modules("clue", [str(bad)]) == []  # that build keeps usb_hid and async


def test_every_turned_off_module_says_why():
    for info in data.BOARDS.values():
        for flag, module, why in info["off"]:
            assert flag.startswith(("CIRCUITPY_", "MICROPY_")) and len(why) > 10
        assert {"port", "cp_board", "chip", "off"} <= set(info)


@pytest.mark.skipif(shutil.which("git") is None, reason="git not installed")
def test_stage_writes_the_modules_under_their_import_names(tmp_path, fake_lib, monkeypatch):
    monkeypatch.setattr(bf, "stage_plan", lambda board, root=ROOT, lib=None: _plan_with(fake_lib, board))
    dest = tmp_path / "frozen"
    (dest / "stale").mkdir(parents=True)
    written = dict(bf.stage("pybadge", str(dest)))
    assert not (dest / "stale").exists()
    assert (dest / "hw" / "pybadge.py").exists() and not (dest / "neopixel.py").exists()  # (no library)
    assert not (dest / "code.py").exists() and not (dest / "lib").exists()
    assert written["ui/app.py"] == os.path.getsize(os.path.join(ROOT, "ui", "app.py"))
    tag = subprocess.run(["git", "-C", str(dest), "describe", "--tags"], stdout=subprocess.PIPE, text=True)
    assert tag.stdout.strip() == "0.0.0"  # what CircuitPython's preprocess_frozen_modules.py asks


def _plan_with(lib, board):
    files = [(s, t) for s, t in deploy.plan(board, ROOT, lib) if not t.startswith("tables/")]
    drive, frozen = deploy.split_frozen(files)
    return frozen, drive


def test_deploy_frozen_puts_only_code_boot_and_data_on_the_drive(tmp_path, fake_lib, monkeypatch):
    real_plan = deploy.plan
    monkeypatch.setattr(deploy, "plan", lambda board, root=ROOT, lib=None, tables=(): real_plan(board, root, fake_lib))
    drive = tmp_path / "CIRCUITPY"
    (drive / "ui").mkdir(parents=True)
    (drive / "ui" / "app.mpy").write_text("old")  # would be imported before the frozen ui
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 10")
    (drive / "settings.toml").write_text("keep")
    assert deploy.main(["--board", "pybadge", "--frozen", "--tables", "none", "--dest", str(drive)]) == 0
    found = sorted(str(p.relative_to(drive)) for p in drive.rglob("*") if p.is_file())
    assert found == ["boot.py", "boot_out.txt", "code.py", "lib/fonts/helvR08-ascii.bin",
                     "lib/fonts/helvR08-ascii.bin.license", "settings.toml", "yahtzee.sav"]  # the backup file, made


def test_pin_check_names_what_differs(tmp_path):
    cp = tmp_path / "circuitpython"
    (cp / "py").mkdir(parents=True)
    (cp / "main.c").write_text("int main(void) { return 0; }\n")
    problems = bf.checkout_problems(str(cp), "pybadge")
    assert "main.c differs from %s's" % data.PIN_COMMIT[:10] in problems
    assert "ports/atmel-samd/boards/pybadge/mpconfigboard.mk is missing" in problems
    assert not any("nordic" in p or "pygamer" in p for p in problems)  # only this board's files


@pytest.mark.skipif(shutil.which("git") is None, reason="git not installed")
def test_blob_ids_are_gits(tmp_path):
    f = tmp_path / "x.mk"
    f.write_bytes(b"CIRCUITPY_ULAB = 0\n")
    want = subprocess.run(["git", "hash-object", str(f)], stdout=subprocess.PIPE, text=True).stdout.strip()
    assert bf.git_blob_id(str(f)) == want


def test_figures_are_read_from_the_link_output():
    log = ("Memory region         Used Size  Region Size  %age Used\n"
           "476872 bytes used, 22840 bytes free in flash firmware space out of 499712 bytes (488.0kB).\n"
           "9236 bytes used, 187372 bytes free in ram for stack and heap out of 196608 bytes (192.0kB).\n")
    assert bf.read_figures(log) == {"flash": (476872, 22840, 499712), "ram": (9236, 187372, 196608),
                                    "overflow": []}
    over = "ld: region `FLASH_FIRMWARE' overflowed by 19128 bytes\n"
    assert bf.read_figures(over)["overflow"] == [("FLASH_FIRMWARE", 19128)]
    rp2040 = ("Memory region         Used Size  Region Size  %age Used\n"
              "  FLASH_FIRMWARE:      897776 B      1020 KB     85.95%\n"
              "             RAM:       45656 B       256 KB     17.42%\n")
    assert bf.read_figures(rp2040)["flash"] == (897776, 1044480 - 897776, 1044480)
    assert "flash" not in bf.read_figures(rp2040.replace("897776 B", "1114924 B") + over)


def test_make_command_turns_the_boards_modules_off():
    build, cmd = bf.make_args("pybadge", "/x/frozen", 2)
    assert cmd[:3] == ["make", "-j2", "BOARD=pybadge"] and "FROZEN_MPY_DIRS=/x/frozen" in cmd
    assert "CIRCUITPY_USB_HID=0" in cmd and build.startswith("build-pybadge-pocket-yahtzee-")
    build, cmd = bf.make_args("clue", "/x", 2, ["CIRCUITPY_HASHLIB"])
    assert cmd[4:] == ["FROZEN_MPY_DIRS=/x", "CIRCUITPY_ULAB=0", "CIRCUITPY_AUDIOMP3=0", "CIRCUITPY_HASHLIB=0"]
    assert build != bf.make_args("clue", "/x", 2)[0]  # other flags, another build folder


def test_imports_inside_a_try_count_as_optional(tmp_path):
    src = tmp_path / "m.py"
    src.write_text("import zlib\ntry:\n    from typing import List\n    import audiopwmio\nexcept ImportError:\n"
                   "    import audioio\n\ndef f():\n    import keypad.x\n")
    names, guarded, uses_async = bf.imports_of(str(src))
    assert names == {"zlib", "typing", "audiopwmio", "audioio", "keypad"}
    assert guarded == {"typing", "audiopwmio"} and not uses_async
    built = {"zlib", "audioio"}
    assert bf.missing_from_image([str(src)], ["keypad.py"], built) == []  # keypad frozen, the rest optional
    assert bf.missing_from_image([str(src)], [], built) == [
        "%s imports keypad, which the image lacks" % os.path.relpath(str(src), ROOT)]
    assert bf.missing_from_image([str(src)], [], built, ["keypad"]) == []


def test_image_modules_are_read_from_the_build(tmp_path):
    (tmp_path / "genhdr").mkdir()
    (tmp_path / "genhdr" / "moduledefs.h").write_text(
        "extern const struct _mp_obj_module_t keypad_module;\n"
        "#define MODULE_DEF_KEYPAD { MP_ROM_QSTR(MP_QSTR_keypad), MP_ROM_PTR(&keypad_module) },\n"
        "#define MODULE_DEF_BUS { MP_ROM_QSTR(MP_QSTR_adafruit_bus_device_dot_i2c_device), MP_ROM_PTR(&x) },\n")
    assert bf.image_modules(str(tmp_path)) == {"keypad", "adafruit_bus_device"}
    assert bf.image_modules(str(tmp_path / "nothing")) is None


def test_submodules_of_turned_off_modules_are_not_needed(tmp_path):
    cp = tmp_path / "cp"
    for rel, _ in data.PORT_SUBMODULES["raspberrypi"]:
        (cp / rel).mkdir(parents=True)
        (cp / rel / "x").write_text("")
    shutil.rmtree(cp / "lib" / "mbedtls")
    assert bf.missing_submodules(str(cp), "raspberrypi") == ["lib/mbedtls"]
    assert bf.missing_submodules(str(cp), "raspberrypi", ["CIRCUITPY_HASHLIB_MBEDTLS"]) == []
