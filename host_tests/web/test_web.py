"""The web page's parts that need no browser: the build (tools/webpage/web.py) and the page's Python
side (sim/web.py) in the MicroPython VM. The page itself is tested in headless Chromium by
tools/webpage/browser_test.py (a stage of tools/test)."""

import json
import os
import shutil
import subprocess

import pytest

from sim import vmboard
from sim import web as web_board
from sim.boards import NAMES
from tools.webpage import web

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RUNNER = os.path.join(ROOT, "tools", "mpy_runner")
vm = pytest.mark.skipif(not (shutil.which("node") and os.path.isdir(os.path.join(RUNNER, "node_modules"))),
                        reason="MicroPython VM not installed (bash tools/test installs it)")


@vm
def test_build_unpacks_every_module_and_stays_in_budget(tmp_path):
    out = str(tmp_path / "web")
    sizes, tables, note = web.build(out)
    names = set(os.listdir(out))
    assert {"index.html", "pocket.js", "sw.js", "micropython.mjs", "micropython.wasm", "app.bin",
            "manifest.json"} <= names
    with open(os.path.join(out, "manifest.json")) as f:
        manifest = json.load(f)
    with open(os.path.join(out, "app.bin"), "rb") as f:
        blob = f.read()
    end = 0
    for path, offset, length in manifest["files"]:
        assert offset == end and length > 0, path
        end += length
        if path.endswith(".mpy"):
            assert blob[offset:offset + 1] == b"M", path  # MicroPython .mpy header
    assert end == len(blob)
    paths = {p for p, _, _ in manifest["files"]}
    assert "/app/code.mpy" in paths and "/app/sim/web.mpy" in paths and "/app/ui/app.mpy" in paths
    assert sum(sizes.values()) <= web.PAGE_BUDGET
    table = os.path.join(ROOT, "build", "tables", web.TABLE + ".bin")
    if os.path.exists(table):  # tools/test builds the tables first
        assert tables == [web.TABLE] and manifest["tables"] == ["tables/%s.bin" % web.TABLE]
    assert [b[0] for b in manifest["boards"]] == list(NAMES)


@vm
def test_build_without_table_or_mpy_cross(tmp_path):
    out = str(tmp_path / "web")
    sizes, tables, note = web.build(out, with_table=False, source=True)
    assert tables == [] and note == "--no-table"
    assert not os.path.exists(os.path.join(out, "tables"))
    with open(os.path.join(out, "manifest.json")) as f:
        manifest = json.load(f)
    with open(os.path.join(out, "app.bin"), "rb") as f:
        blob = f.read()
    for path, offset, length in manifest["files"]:
        assert path.endswith(".py")
        compile(blob[offset:offset + length].decode(), path, "exec")  # compacted, still Python


def test_page_buttons_cover_every_wired_key():
    for profile in NAMES:
        module = vmboard.board_module(profile)
        shown = [k for row in web_board.ROWS[profile] for k in row]
        assert len(shown) == len(set(shown)), profile
        assert all(0 <= k < len(module.SHORT) for k in shown), profile
        long = bytes(module.LONG) + bytes(len(module.SHORT))
        wired = [k for k in range(len(module.SHORT)) if module.SHORT[k] or long[k]]
        assert sorted(wired) == sorted(shown), profile


@vm
def test_web_board_in_micropython():
    tables = os.path.join(ROOT, "build", "tables")
    run = subprocess.run(["node", os.path.join(RUNNER, "run.mjs"), "--mount", "ui", "--file", "code.py",
                          "--data", tables + ":/tables", os.path.join(ROOT, "host_tests", "web", "mp_web_board.py")],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "web board ok" in run.stdout


@vm
def test_the_pages_compositor_composes_what_python_composes():
    """web/compose.js against sim/fbdisplay.py on random scenes and changes (mp_compose.py)."""
    run = subprocess.run(["node", os.path.join(ROOT, "host_tests", "web", "compose_check.mjs"), "16"],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "compose ok: 16 scenes" in run.stdout


def test_the_pages_dice_faces_are_the_apps_own_pixels(monkeypatch):
    """sim/web.py ``DiceFaces``: the page draws each dice face once with ``ui.dice_faces.draw_die``
    and then copies its packed bytes; a copy must leave every byte and the changed area as the
    function itself does, at any bit phase in the row and over whatever the bitmap held."""
    import random

    from sim import fbdisplay
    from ui import dice_faces

    monkeypatch.setattr(dice_faces, "fill_region", fbdisplay.fill_region)  # the page's bitmaptools
    rnd = random.Random(5)
    faces = web_board.DiceFaces(dice_faces.draw_die)
    for count in (2, 3, 5):  # 1, 2 and 4 bits a pixel
        for die in (13, 17, 23, 31):
            for face in range(7):
                held = rnd.random() < 0.5
                index = rnd.choice((None, bytes((0, 1, 1, 0, 1, 0)), bytes((0, 1, 2, 1, 2, 1))))
                if index is None and count < 5 or index is not None and max(index) >= count:
                    continue
                for _ in range(2):  # the first draws and keeps the face, the second copies it
                    x0, y0 = rnd.randrange(9), rnd.randrange(3)
                    got = fbdisplay.Bitmap(x0 + die + rnd.randrange(9), y0 + die + 1, count)
                    want = fbdisplay.Bitmap(got.width, got.height, count)
                    for i in range(got.width * got.height):
                        got[i] = want[i] = rnd.randrange(count)
                    got._dirty = want._dirty = False
                    faces(got, x0, y0, die, face, held, index)
                    dice_faces.draw_die(want, x0, y0, die, face, held, index)
                    assert got._data == want._data, (count, die, face, held, index, x0)
                    assert (got._dx1, got._dy1, got._dx2, got._dy2) == (want._dx1, want._dy1, want._dx2, want._dy2)
    assert len(faces.faces) > 50  # kept, and copied the second time


def test_the_pages_one_bit_blit_is_the_stand_ins():
    """sim/web.py ``PageBlit`` (``bitmaptools.blit`` on the page): one-bit copies a row at a
    time, terminalio's glyph rows kept; every byte and the changed area must be the stand-in's
    own ``blit``'s, clipped at every edge, with each skip index, over whatever the bitmap held;
    other depths go to the stand-in."""
    import random

    from sim import fbdisplay

    rnd = random.Random(7)
    sheet = fbdisplay.FONT.bitmap
    page_blit = web_board.PageBlit(fbdisplay.blit, fbdisplay.FONT)
    other = fbdisplay.Bitmap(37, 11, 2)
    for i in range(other.width * other.height):
        other[i] = rnd.randrange(2)
    for trial in range(3000):
        counts = rnd.choice(((2, 2), (2, 2), (2, 2), (3, 2), (2, 4)))
        source = sheet if trial % 2 else other
        if counts[0] != 2:
            source = fbdisplay.Bitmap(19, 9, counts[0])
            for i in range(source.width * source.height):
                source[i] = rnd.randrange(counts[0])
        width = rnd.randrange(1, 40)
        height = rnd.randrange(1, 20)
        got = fbdisplay.Bitmap(width, height, counts[1])
        want = fbdisplay.Bitmap(width, height, counts[1])
        for i in range(width * height):
            got[i] = want[i] = rnd.randrange(counts[1])
        got._dirty = want._dirty = False
        if source is sheet:
            g = rnd.randrange(95)
            x1, y1, x2, y2 = g * 6 + rnd.choice((0, 0, 2)), rnd.choice((0, 0, 3)), g * 6 + 6, 12
        else:
            x1 = rnd.randrange(source.width)
            y1 = rnd.randrange(source.height)
            x2 = rnd.randrange(x1 + 1, min(source.width, x1 + 18) + 1)
            y2 = rnd.randrange(y1 + 1, source.height + 1)
        x = rnd.randrange(-8, width + 2)
        y = rnd.randrange(-8, height + 2)
        skip = rnd.choice((None, 0, 1))
        page_blit(got, source, x, y, x1=x1, y1=y1, x2=x2, y2=y2, skip_source_index=skip)
        fbdisplay.blit(want, source, x, y, x1=x1, y1=y1, x2=x2, y2=y2, skip_source_index=skip)
        case = (trial, counts, width, height, x, y, x1, y1, x2, y2, skip)
        assert got._data == want._data, case
        assert got._dirty == want._dirty, case
        if want._dirty:
            assert (got._dx1, got._dy1, got._dx2, got._dy2) == (want._dx1, want._dy1, want._dx2, want._dy2), case
    assert len(page_blit.kept) > 100  # terminalio's rows kept


def test_the_pages_defuse_sheets_are_the_apps_own(monkeypatch):
    """sim/web.py ``DefuseSheets``: Defuse mode's face sheet and slot tile, drawn once by the
    app's ``draw_sheets`` and copied: the same sizes and bytes, fresh bitmaps each time."""
    from sim import fbdisplay
    from ui import defuse_art, defuse_dice, dice_faces

    monkeypatch.setattr(dice_faces, "fill_region", fbdisplay.fill_region)  # the page's displayio and bitmaptools
    monkeypatch.setattr(defuse_art, "displayio", fbdisplay.modules()["displayio"])
    sheets = web_board.DefuseSheets(defuse_dice.draw_sheets)
    for die, pitch, dx in ((13, 15, 1), (22, 24, 1), (30, 34, 2)):
        want = defuse_dice.draw_sheets(die, pitch, dx)
        for _ in range(2):
            got = sheets(die, pitch, dx)
            for g, w in zip(got, want):
                assert (g.width, g.height, g.bits_per_value, g._data) == (w.width, w.height, w.bits_per_value, w._data)
        assert got[0] is not sheets(die, pitch, dx)[0]


def test_the_pages_kept_glyphs_and_lines_are_the_readers_own():
    """sim/web.py ``KeptGlyphs`` and ``KeptLines``: terminalio's glyphs made once, and the rules
    reader's wrapped lines worked out once per paragraph and width: the same glyphs and lines
    as the stand-in's ``get_glyph`` and ``ui.rules_screen.wrap``, every rule set, every width."""
    from sim import fbdisplay
    from ui import rules_screen, rules_text
    from yahtzee_core import rules

    font = fbdisplay.FONT
    glyphs = web_board.KeptGlyphs(font)
    for code in range(0, 200):
        for _ in range(2):
            got, want = glyphs(code), font.get_glyph(code)
            assert (got is None) == (want is None)
            if want is not None:
                assert vars(got) == vars(want)
    lines = web_board.KeptLines(rules_screen.wrap, font)
    help_pairs = (("A", "roll"), ("B", "hold"))
    for rs in (rules.get("yahtzee", "forced"), rules.get("yahtzee", "free"), rules.get("yatzy"), rules.get("yacht")):
        for section in rules_text.sections(rs, help_pairs):
            for para in section[1].split("\n"):
                for width in (60, 124, 156, 236):
                    for _ in range(2):
                        assert lines(para, width, font) == rules_screen.wrap(para, width, font)
    assert len(lines.kept) > 50
