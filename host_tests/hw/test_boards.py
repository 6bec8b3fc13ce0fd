"""Every board module, run on fake CircuitPython modules: pins and polarities, and every
action a player needs reachable from that board's buttons."""

import os
import sys

import pytest

from hw import inputs as I
from hw.keymap import RING_DO, RING_NEXT
from sim import boards
from sim.testing import FakeClock, install_fakes

BOARDS = {name: (boards.module(name).BOARD_ID, boards.module(name).NVM_SIZE) for name in boards.NAMES}
# the Pico's Display Pack: the one board whose module builds its display by hand (no board.DISPLAY)
HAND_BUILT_DISPLAY = [name for name in boards.NAMES if hasattr(boards.module(name), "make_display")]
EVERY_ACTION = set(range(I.HOLD_1, I.HINT + 1))
DIE_KEYS = set(range(I.HOLD_1, I.HOLD_5 + 1))


@pytest.fixture
def made(request):
    name = request.param
    board_id, nvm_size = BOARDS[name]
    fakes = install_fakes(board_id, nvm_size)
    clock = FakeClock(1000)
    fakes.modules["supervisor"].ticks_ms = clock
    try:
        for mod in [m for m in sys.modules if m.startswith("hw.") and m[3:] in BOARDS]:
            del sys.modules[mod]
        module = __import__("hw." + name, fromlist=["make_board"])
        board = module.make_board()
        board.buttons.clock = clock
        yield module, board, fakes, clock
    finally:
        fakes.remove()


def drain(buttons):
    out = []
    code = buttons.poll()
    while code:
        out.append(code)
        code = buttons.poll()
    return out


def key_source(fakes, board, k):
    """(fake keypad, key number inside it) for the board's key number k."""
    for scanner, first in board.buttons._sources:
        if first <= k < first + scanner.key_count:
            return scanner, k - first
    return None, None


def tap(fakes, board, clock, k, hold_ms=0):
    """Press and release board key k (keypad key, joystick direction or encoder detent)."""
    b = board.buttons
    scanner, n = key_source(fakes, board, k)
    if scanner is not None:
        scanner.press(n)
        out = drain(b)
        clock.advance(hold_ms or 20)
        out += drain(b)
        scanner.release(n)
        return out + drain(b)
    if fakes.analog:  # PyGamer joystick: keys 8..11 = left, right, up, down
        axis, value = {8: ("JOYSTICK_X", 1000), 9: ("JOYSTICK_X", 64000),
                       10: ("JOYSTICK_Y", 1000), 11: ("JOYSTICK_Y", 64000)}[k]
        fakes.analog[axis].value = value
        out = drain(b)
        clock.advance(hold_ms or 20)
        out += drain(b)
        fakes.analog[axis].value = 32768
        out += drain(b)
        clock.advance(15)
        return out + drain(b)
    if fakes.encoders:  # MacroPad: 13 = counter-clockwise, 14 = clockwise
        fakes.encoders[0].position += 1 if k == 14 else -1
        return drain(b)
    raise AssertionError("no source for key %d" % k)


def reachable(module, board, fakes, clock):
    """Every code the board's buttons can produce: short and long presses of every key, and
    every ring item reached with the board's own ring keys."""
    got = set()
    n = len(module.SHORT)
    for k in range(n):
        got.update(tap(fakes, board, clock, k))
        got.update(tap(fakes, board, clock, k, hold_ms=board.buttons.long_ms + 10))
    ring = module.RING
    if ring:
        step = module.SHORT.find(bytes((RING_NEXT,)))
        do = module.SHORT.find(bytes((RING_DO,)))
        assert step >= 0 and do >= 0
        for _ in range(len(ring)):
            got.update(tap(fakes, board, clock, do))
            tap(fakes, board, clock, step)
    return got


@pytest.mark.parametrize("made", sorted(BOARDS), indirect=True)
def test_every_action_is_reachable(made):
    module, board, fakes, clock = made
    got = reachable(module, board, fakes, clock)
    needed = EVERY_ACTION
    if module.NAME in ("pygamer", "pybadge"):
        # no key per die: screens pick a die with LEFT/RIGHT and hold it with ENTER
        needed = EVERY_ACTION - DIE_KEYS
        assert not got & DIE_KEYS
    assert needed <= got, sorted(needed - got)


@pytest.mark.parametrize("made", sorted(BOARDS), indirect=True)
def test_board_object_has_the_interface(made):
    module, board, fakes, clock = made
    assert board.name == module.NAME and board.board_id == BOARDS[module.NAME][0]
    assert (board.width, board.height) == (module.WIDTH, module.HEIGHT)
    assert board.display.auto_refresh is False
    assert board.colour is module.COLOUR
    assert board.keymap_help and all(len(p) == 2 for p in board.keymap_help)
    assert all(1 <= board.rng.die() <= 6 for _ in range(50))
    assert len(board.storage) == BOARDS[module.NAME][1] and board.storage_persistent
    board.storage[0:3] = b"abc"
    assert fakes.nvm[0:3] == b"abc"  # it is microcontroller.nvm
    assert isinstance(board.clock.ticks_ms(), int)
    board.sound.play("roll")
    board.sound.update(board.clock.ticks_ms())
    board.lights.show_held(0b10101)
    board.lights.off()
    board.power.dim(True)
    board.power.dim(False)


def kwargs_of(fakes):
    return [(k.pins, k.kwargs) for k in fakes.keys]


def names(pins):
    return tuple(p.name for p in pins)


@pytest.mark.parametrize("made", ["pygamer", "pybadge"], indirect=True)
def test_shift_register_pins_and_polarity(made):
    module, board, fakes, clock = made
    (scanner,) = fakes.keys
    kw = scanner.kwargs
    assert (kw["clock"].name, kw["data"].name, kw["latch"].name) == (
        "BUTTON_CLOCK", "BUTTON_OUT", "BUTTON_LATCH")
    assert kw["key_count"] == 8 and kw["value_when_pressed"] is True
    assert bool(fakes.analog) == (module.NAME == "pygamer")


@pytest.mark.parametrize("made", ["macropad"], indirect=True)
def test_macropad_keys_encoder_and_layout(made):
    module, board, fakes, clock = made
    (scanner,) = fakes.keys
    assert names(scanner.pins) == tuple("KEY%d" % i for i in range(1, 13)) + ("BUTTON",)
    assert scanner.kwargs == {"value_when_pressed": False, "pull": True}
    enc = fakes.encoders[0]
    assert names(enc.args) == ("ROTA", "ROTB")
    enc.position = 3
    assert drain(board.buttons) == [I.DOWN] * 3
    enc.position = 1
    assert drain(board.buttons) == [I.UP] * 2
    assert tap(fakes, board, clock, 12) == [I.ENTER]  # encoder push scores
    for die in range(5):
        assert tap(fakes, board, clock, die) == [I.HOLD_1 + die]
    assert tap(fakes, board, clock, 9) == [I.MENU]
    assert tap(fakes, board, clock, 9, hold_ms=700) == [I.NEW_GAME]


@pytest.mark.parametrize("made", ["clue"], indirect=True)
def test_clue_two_buttons_and_ring(made):
    module, board, fakes, clock = made
    (scanner,) = fakes.keys
    assert names(scanner.pins) == ("BUTTON_A", "BUTTON_B")
    assert scanner.kwargs["value_when_pressed"] is False
    b = board.buttons
    assert tap(fakes, board, clock, 1) == [I.ROLL]  # B does the first command: roll
    assert tap(fakes, board, clock, 0) == [] and b.ring_code() == I.HOLD_1  # A: next
    assert tap(fakes, board, clock, 1) == [I.HOLD_1]
    assert tap(fakes, board, clock, 0, hold_ms=700) == [] and b.ring_code() == I.ROLL  # hold A: back
    assert tap(fakes, board, clock, 1, hold_ms=700) == [I.MENU]  # hold B: menu
    assert b.ring_goto(I.DOWN)
    assert tap(fakes, board, clock, 1) == [I.DOWN]


@pytest.mark.parametrize("made", ["feather_tft"], indirect=True)
def test_feather_pins_polarities_and_scheme(made):
    module, board, fakes, clock = made
    d0, d12 = fakes.keys
    assert names(d0.pins) == ("D0",) and d0.kwargs["value_when_pressed"] is False
    assert names(d12.pins) == ("D1", "D2") and d12.kwargs["value_when_pressed"] is True
    assert tap(fakes, board, clock, 2) == [I.ROLL]
    assert tap(fakes, board, clock, 2, hold_ms=700) == [I.HINT]
    assert tap(fakes, board, clock, 0) == [] and board.buttons.ring_pos == 1
    assert tap(fakes, board, clock, 1) == [I.HOLD_1]
    assert tap(fakes, board, clock, 1, hold_ms=700) == [I.MENU]
    assert isinstance(board.sound, type(board.sound)) and not hasattr(board.sound, "audio")


@pytest.mark.parametrize("made", HAND_BUILT_DISPLAY, indirect=True)
def test_pico_display_pack_hand_built_display_and_buttons(made):
    module, board, fakes, clock = made
    (scanner,) = fakes.keys
    assert names(scanner.pins) == ("GP12", "GP13", "GP14", "GP15")
    assert scanner.kwargs["value_when_pressed"] is False
    d = board.display
    assert (d.width, d.height) == (240, 135)
    assert d.kwargs["rowstart"] == 40 and d.kwargs["colstart"] == 53
    assert d.kwargs["rotation"] == 270 and d.kwargs["backlight_pin"].name == "GP20"
    bus = d.args[0]
    assert bus.kwargs["command"].name == "GP16" and bus.kwargs["chip_select"].name == "GP17"
    spi = bus.args[0]
    assert spi.args[0].name == "GP18" and spi.kwargs["MOSI"].name == "GP19"
    # Y steps forward and repeats while held; X steps back
    b = board.buttons
    assert tap(fakes, board, clock, 3) == [] and b.ring_pos == 1
    assert tap(fakes, board, clock, 2) == [] and b.ring_pos == 0
    scanner.press(3)
    drain(b)
    clock.advance(b.repeat_delay_ms + 2 * b.repeat_ms)
    drain(b)
    scanner.release(3)
    drain(b)
    assert b.ring_pos >= 2
    # the RGB LED is common anode: lit means a low duty cycle
    board.lights.show_held(1)
    assert board.lights.channels[0].duty_cycle < 0xFFFF
    board.lights.off()
    assert all(ch.duty_cycle == 0xFFFF for ch in board.lights.channels)


@pytest.mark.parametrize("made", ["pygamer"], indirect=True)
def test_pygamer_stick_keys_do_not_chatter_near_a_line(made):
    # a stick resting near a direction's line (noise moves it a little either way) gives one
    # press and one release: down past 45000, up again only below 39000 (left/up mirrored)
    _, board, fakes, clock = made
    b = board.buttons
    stick = fakes.analog["JOYSTICK_X"]
    seen = []
    for value in (44000, 46000, 44000, 46000, 40000, 44000, 38000, 44000, 38000):
        stick.value = value
        seen += drain(b)
        clock.advance(5)
    assert seen == [I.RIGHT]
    assert not b.any_down()
    for value in (21000, 19000, 21000, 25000, 19000, 27000, 21000):
        stick.value = value
        seen += drain(b)
        clock.advance(5)
    assert seen == [I.RIGHT, I.LEFT]
    assert not b.any_down()


@pytest.mark.parametrize("made", ["pygamer"], indirect=True)
def test_pygamer_joystick_repeats_and_speaker_plays_without_blocking(made):
    module, board, fakes, clock = made
    b = board.buttons
    fakes.analog["JOYSTICK_Y"].value = 64000
    assert drain(b) == [I.DOWN]
    clock.advance(b.repeat_delay_ms)
    assert drain(b) == [I.DOWN]
    fakes.analog["JOYSTICK_Y"].value = 32768
    drain(b)
    assert not b.any_down()
    snd = board.sound
    snd.clock = clock
    snd.play("score")
    assert snd.audio.playing and snd.sample.sample_rate == 523 * 16
    clock.advance(60)
    snd.update(clock())
    assert snd.audio.playing and snd.sample.sample_rate == 784 * 16
    clock.advance(90)
    snd.update(clock())
    assert not snd.audio.playing
    snd.muted = True
    snd.play("roll")
    assert not snd.audio.playing
    board.lights.show_held(0b00101)
    px = fakes.pixels[0]
    assert [bool(c) for c in px.pixels] == [True, False, True, False, False]


def test_one_list_of_boards_and_every_board_table_follows_it():
    # sim/boards.py: the boards are hw/select.py's BOARDS (a board needs that table anyway); a new
    # board is its hw/ module, its line there, its entry in sim/boards.py FACTS, which must have
    # every fact each board has, and its entry in sim/board_table.py (what the web page, the
    # hardware fakes and the whole-app tour read inside the VMs): this fails until each has it.
    import importlib

    from sim import board_table, desktop, keytable, vmhardware
    from sim import web as web_board
    from sim.boards import FACTS, NAMES

    from tools import common
    from tools.ship import deploy, release
    from tools.webpage import web

    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    if os.path.join(root, "host_tests", "ui") not in sys.path:
        sys.path.insert(0, os.path.join(root, "host_tests", "ui"))
    whole_app = importlib.import_module("whole_app")
    assert NAMES[0] == "pygamer" and len(set(NAMES)) == len(NAMES)  # the default board first, each once
    assert set(BOARDS) == set(NAMES) and sorted(deploy.BOARD_NAMES) == sorted(NAMES)
    for name in NAMES:
        assert os.path.exists(os.path.join(root, "hw", name + ".py")), name
        assert boards.module(name).NAME == name
        assert set(boards.EVERY_BOARD) <= set(FACTS[name]), name
        if name in boards.emulated():  # what tools/firmware/rp2040_emulator/play.mjs drives
            pins = FACTS[name]["pins"]
            assert sorted(pins) == ["display", "displaySpi", "encoder", "keys"], name
            assert pins["display"] in ("sh1106", "st7789") and pins["displaySpi"] in (0, 1), name
    assert set(FACTS) == set(NAMES)
    assert all(len(entry) == board_table.SEATS + 1 for entry in board_table.BOARDS.values())
    tables = {"board_table.BOARDS": board_table.BOARDS, "common.BUDGETS": common.BUDGETS,
              "deploy.DRIVE_BYTES": deploy.DRIVE_BYTES, "release.TITLES": release.TITLES, "web.TITLES": web.TITLES,
              "desktop.SCALE": desktop.SCALE,
              "keytable.LIGHTS": keytable.LIGHTS, "keytable.DESKTOP_KEYS": keytable.DESKTOP_KEYS,
              "vmhardware.PINS": vmhardware.PINS,
              "vmhardware.NVM_BYTES": vmhardware.NVM_BYTES, "sim/web.py ROWS": web_board.ROWS,
              "whole_app.SEATS": whole_app.SEATS}
    for label, table in tables.items():
        assert set(table) == set(NAMES), label
    # the hardware fakes' copies of what a board module says (they run in the measured VMs)
    for name in NAMES:
        assert vmhardware.NVM_BYTES[name] == boards.module(name).NVM_SIZE, name
        if name in vmhardware.DISPLAYS:
            assert vmhardware.DISPLAYS[name] == boards.screen(name), name
    assert [n for n in NAMES if n not in vmhardware.DISPLAYS] == HAND_BUILT_DISPLAY


def test_select_maps_board_ids_to_modules():
    from hw import select

    for name, (board_id, _) in BOARDS.items():
        assert select.module_name(board_id) == name
    assert select.module_name("edgebadge") == "pybadge"
    with pytest.raises(RuntimeError):
        select.module_name("metro_m4_express")
    assert select.board_module("pygamer").__name__ == "hw.pygamer"


@pytest.mark.parametrize("made", list(BOARDS), indirect=True)
def test_backup_file_where_the_nvm_write_erases_both_slots(made):
    module, board, fakes, clock = made
    from hw.backup_file import BACKUP_FILE, FileCopy
    from yahtzee_core.nvm_store import NvmStore
    from yahtzee_core import save

    from yahtzee_core import save_layouts
    if module.NAME == "clue":
        assert board.backup is None  # its 4 KB pages keep the other slot
        return
    assert isinstance(board.backup, FileCopy) and board.backup.path == BACKUP_FILE
    assert board.backup.size == save_layouts.layout_for(len(board.storage)).slot_bytes
    assert board.backup.writable() is False  # the fake drive is the computer's
    store = NvmStore(board.storage, board.backup)
    _rec, status = store.load()
    assert store.backup_off and status & save.ST_BACKUP_OFF
