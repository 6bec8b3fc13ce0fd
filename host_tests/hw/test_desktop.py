"""The desktop board, headless: framebuffer pixels, dirty rectangles, PNGs, keys, storage, flags."""

import struct
import zlib

import displayio
import pytest

from hw import inputs as I
from sim import desktop, keytable
from sim.testing import FakeClock


def screen(board, colours):
    """A full-screen bitmap with the given palette on the board's display."""
    d = board.display
    bitmap = displayio.Bitmap(d.width, d.height, len(colours))
    palette = displayio.Palette(len(colours))
    for i, c in enumerate(colours):
        palette[i] = c
    group = displayio.Group()
    group.append(displayio.TileGrid(bitmap, pixel_shader=palette))
    d.root_group = group
    return bitmap


@pytest.mark.parametrize("profile", desktop.PROFILES)
def test_headless_display_pixels_and_dirty_rectangles(profile):
    board = desktop.make_board(profile, headless=True, seed=1)
    d = board.display
    assert (d.width, d.height) == (board.width, board.height)
    bitmap = screen(board, (0x000000, 0xFF8000, 0xFFFFFF))
    d.refresh()
    assert d.dirty_log == [(0, 0, d.width, d.height)]  # the first frame is all new
    d.settle()
    d.refresh()
    assert d.dirty_log == []  # an idle frame redraws nothing
    bitmap[5, 7] = 2
    d.refresh()
    (x1, y1, x2, y2), = d.dirty_log
    assert x1 <= 5 < x2 and y1 <= 7 < y2
    assert d.dirty_pixels() <= (64 if not board.colour else 1)  # mono: one 8-row page span
    assert d.pixel(5, 7) == (255, 255, 255)
    assert d.pixel(6, 7) == (0, 0, 0)
    bitmap.fill(1)
    d.refresh()
    assert d.pixel(0, 0) == d.as_shown(0xFF8000)
    with pytest.raises(IndexError):
        d.pixel(d.width, 0)


def test_colour_screen_shows_rgb565():
    board = desktop.make_board("clue", headless=True)
    d = board.display
    bitmap = screen(board, (0x123456, 0x00FF00))
    d.refresh()
    assert d.pixel(10, 10) == d.as_shown(0x123456) == (16, 53, 82)  # 565: r 2/31, g 13/63, b 10/31
    bitmap[10, 10] = 1
    d.refresh()
    assert d.pixel(10, 10) == (0, 255, 0)


def test_mono_screen_thresholds_like_the_oled():
    board = desktop.make_board("macropad", headless=True)
    assert not board.colour
    assert board.display.as_shown(0x303030) == (0, 0, 0)
    assert board.display.as_shown(0xC0C0C0) == (255, 255, 255)


def read_png(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, header = 8, b"", None
    while pos < len(data):
        (n,) = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + n]
        assert struct.unpack(">I", data[pos + 8 + n:pos + 12 + n])[0] == zlib.crc32(kind + body)
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    w, h = header[:2]
    raw = zlib.decompress(idat)
    rows = [raw[y * (w * 3 + 1) + 1:(y + 1) * (w * 3 + 1)] for y in range(h)]
    return w, h, rows


def test_save_png_round_trip(tmp_path):
    board = desktop.make_board("pybadge", headless=True)
    bitmap = screen(board, (0x000000, 0xFF0000))
    bitmap[3, 2] = 1
    board.display.refresh()
    path = tmp_path / "shot.png"
    board.display.save_png(str(path), scale=2)
    w, h, rows = read_png(str(path))
    assert (w, h) == (320, 256)
    assert rows[4][6 * 3:6 * 3 + 3] == b"\xff\x00\x00" == rows[5][7 * 3:7 * 3 + 3]
    assert rows[4][5 * 3:5 * 3 + 3] == b"\x00\x00\x00"


def drain(buttons):
    out = []
    code = buttons.poll()
    while code:
        out.append(code)
        code = buttons.poll()
    return out


def test_keyboard_keys_give_semantic_inputs():
    clock = FakeClock(100)
    board = desktop.make_board("pygamer", headless=True, clock=clock)
    b = board.buttons
    typed = [("space", I.ROLL), ("1", I.HOLD_1), ("5", I.HOLD_5), ("left", I.LEFT),
             ("down", I.DOWN), ("return", I.ENTER), ("escape", I.MENU), ("m", I.SOUND),
             ("h", I.HINT), ("x", I.ENTER), ("z", I.ROLL)]
    for name, code in typed:
        desktop.press(board, name)
        assert drain(b) == [code], name


def test_n_is_a_long_press_where_the_board_has_one():
    clock = FakeClock(100)
    pygamer = desktop.make_board("pygamer", headless=True, clock=clock)
    desktop.press(pygamer, "n")
    assert drain(pygamer.buttons) == [I.TAPPED]  # a tap: the app says to hold it
    desktop.press(pygamer, "n", hold_ms=700)
    assert drain(pygamer.buttons) == [I.NEW_GAME]
    assert ("hold n", "new game") in pygamer.keymap_help
    clue = desktop.make_board("clue", headless=True, clock=clock)
    desktop.press(clue, "n")
    assert drain(clue.buttons) == [I.NEW_GAME]


def test_desktop_plays_the_clue_buttons_through_its_ring():
    clock = FakeClock(100)
    board = desktop.make_board("clue", headless=True, clock=clock)
    b = board.buttons
    desktop.press(board, "a")
    assert drain(b) == [] and b.ring_code() == I.HOLD_1
    desktop.press(board, "b")
    assert drain(b) == [I.HOLD_1]
    desktop.press(board, "b", hold_ms=700)
    assert drain(b) == [I.MENU]
    assert ("a (A)", "next command; hold: previous") in board.keymap_help


def test_inject_reaches_poll():
    board = desktop.make_board("feather_tft", headless=True)
    board.buttons.inject(I.HINT)
    assert board.buttons.poll() == I.HINT
    assert board.buttons.poll() == I.NONE


def test_seeded_dice_repeat():
    a = desktop.make_board("clue", headless=True, seed=42)
    b = desktop.make_board("clue", headless=True, seed=42)
    assert [a.rng.die() for _ in range(30)] == [b.rng.die() for _ in range(30)]
    assert a.seed == 42


def test_storage_file_persists_with_board_nvm_size(tmp_path):
    path = str(tmp_path / "sub" / "pygamer.nvm")
    a = desktop.make_board("pygamer", headless=True, storage_path=path)
    assert len(a.storage) == 256 and a.storage[0:4] == b"\xff" * 4 and a.storage_persistent
    a.storage[10:14] = b"YTZ1"
    b = desktop.make_board("pygamer", headless=True, storage_path=path)
    assert b.storage[10:14] == b"YTZ1" and len(b.storage) == 256
    headless = desktop.make_board("pygamer", headless=True)
    assert not headless.storage_persistent  # RAM: tests never touch the user's files


def test_flags():
    opts = desktop.parse_args(["--board", "macropad", "--headless", "--seed=9", "--nvm", "x.nvm",
                               "--scale", "3", "--mute", "--screenshot", "s.png"])
    assert opts == {"profile": "macropad", "headless": True, "seed": 9, "storage_path": "x.nvm",
                    "scale": 3, "sound": False, "keys": False, "screenshot": "s.png"}
    for bad in (["--board", "nes"], ["--seed", "x"], ["--frobnicate"], ["--seed"]):
        with pytest.raises(SystemExit):
            desktop.parse_args(bad)


def test_keys_flag_prints_help_and_exits(capsys):
    profile = desktop.PROFILES[-1]  # any board: the last of the registry's
    module = desktop.board_module(profile)
    with pytest.raises(SystemExit) as exit_:
        desktop.make_board_from_args(["--board", profile, "--keys"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    key, number = keytable.desktop_keys(module)[-1]  # the board's own last key, by its label
    assert "space" in out and "%s (%s)" % (key, module.KEY_LABELS[number]) in out


def test_screenshot_flag(tmp_path, monkeypatch):
    saved = []
    monkeypatch.setattr("atexit.register", lambda fn, *a: saved.append((fn, a)))
    path = str(tmp_path / "end.png")
    board = desktop.make_board_from_args(["--board", "clue", "--headless", "--seed", "3", "--screenshot", path])
    assert board.name == "clue" and board.seed == 3 and board.headless
    fn, args = saved[0]
    fn(*args)
    assert read_png(path)[:2] == (240, 240)


# -- issue 24: flags and the save file ------------------------------------------------------------


def _refused(argv):
    with pytest.raises(SystemExit) as exit_:
        desktop.make_board_from_args(argv)
    message = str(exit_.value.code)
    assert "\n" not in message.strip() and "Traceback" not in message  # one line
    return message


def test_odd_flags_get_a_range_check_and_a_one_line_error(tmp_path):
    assert "--scale" in _refused(["--headless", "--scale", "100"])
    assert "--scale" in _refused(["--headless", "--scale", "-2"])
    assert "folder" in _refused(["--headless", "--screenshot", str(tmp_path / "missing" / "s.png")])
    assert "--seed" in _refused(["--headless", "--seed", "-5"])


def test_nvm_naming_a_folder_is_refused_at_start(tmp_path):
    assert "folder" in _refused(["--headless", "--nvm", str(tmp_path)])


def test_a_second_window_on_the_same_save_file_is_refused(tmp_path):
    path = str(tmp_path / "p.nvm")
    first = desktop.make_board_from_args(["--headless", "--nvm", path])
    assert "another" in _refused(["--headless", "--nvm", path])
    first.release_save_file()
    second = desktop.make_board_from_args(["--headless", "--nvm", path])  # free again
    second.release_save_file()


def test_headless_without_nvm_names_the_default_file_or_says_ram(capsys):
    board = desktop.make_board_from_args(["--headless"])
    out = capsys.readouterr().out
    assert not board.storage_persistent and "--nvm" in out  # it says how to keep records


def test_a_truncated_save_file_says_older_copy_loaded(tmp_path):
    from yahtzee_core.nvm_store import NvmStore
    from ui import continue_screen

    path = str(tmp_path / "p.nvm")
    board = desktop.make_board("macropad", headless=True, storage_path=path)
    store = NvmStore(board.storage)
    store.load()
    for b in (3, 4):
        store.settings.brightness = b
        store.save_settings()  # slot A, then slot B (the newer)
    with open(path, "r+b") as f:
        f.truncate(len(board.storage) // 2 + 10)  # the newer slot cut off
    again = NvmStore(desktop.make_board("macropad", headless=True, storage_path=path).storage)
    rec, status = again.load()
    assert rec.settings.brightness == 3
    assert b"Older copy loaded" in continue_screen.notice_lines(status, 24)


def test_the_window_dims_and_sleeps_as_a_board_does():
    """The desktop window's power object (it was a null one: the feature could not be seen)."""
    from hw.keymap import Buttons

    shown = []
    display = type("D", (), {"brightness": 1.0})()
    window = type("W", (), {"display": display, "present": lambda self: shown.append(display.brightness)})()
    buttons = Buttons(bytes((I.ROLL,)), b"", b"", None, clock=FakeClock(0))
    naps = []

    def nap(seconds):
        naps.append(seconds)
        if len(naps) == 3:
            buttons.key(0, True, 0)  # a key wakes it

    power = desktop.WindowPower(window, buttons, sleep=nap)
    power.dim(True)
    assert display.brightness == 0.15 and shown[-1] == 0.15
    power.sleep_until_button()
    assert 0.0 in shown and len(naps) == 3 and display.brightness == 0.15  # back, still dimmed
    assert buttons.poll() == I.NONE  # the waking press does nothing else
