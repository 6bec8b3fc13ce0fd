"""Interned names as a board holds them (tools/memory/tour.py ``parse_run``): the VM's qstr
dump put back in interning order, and the bytes taken off the code, the strategy and each step
(a 1-byte pool hash on CircuitPython, the names its firmware holds in flash)."""

import pytest

from tools.memory import tour
from tools.firmware import static_names


def dump(order, pools):
    """What micropython.qstr_info(1) prints for names interned in ``order``: newest pool first."""
    out = []
    start = 0
    chunks = []
    for i in range(1, pools + 1):
        size = tour.FIRST_POOL << (i - 1)
        chunks.append(order[start:start + size])
        start += size
    for chunk in reversed(chunks):
        out.extend(chunk)
    return out


def test_interning_order_undoes_the_newest_first_dump():
    order = ["n%d" % i for i in range(75)]  # pools of 20 and 40 full, 15 in the third
    assert tour.interning_order(dump(order, 3), 3) == order


def test_interning_order_refuses_a_dump_that_does_not_fit_the_pools():
    with pytest.raises(ValueError):
        tour.interning_order(["a"] * 61, 2)  # two pools hold 60


def test_pool_tables_a_board_makes():
    assert tour.board_pool_bytes(0) == 0
    assert tour.board_pool_bytes(20) == 144  # 24 + 6 * 20
    assert tour.board_pool_bytes(21) == 144 + 272  # and 24 + 6 * 40 -> 264, in 16-byte blocks
    assert tour.pool_bytes(2, 2, tour.VM_ENTRY_BYTES) == 304  # 24 + 7 * 40


def test_name_fixes_count_only_the_apps_marks():
    order = ["boot%d" % i for i in range(10)] + ["width", "app_a", "pressed"] + ["driver", "x"] + ["height", "b"]
    marks = [("m1", 1, 10), ("m2", 2, 13), ("m4", 2, 15), ("m5", 2, 15), ("step", 2, 17)]
    static = frozenset(["width", "pressed", "x", "height", "boot1"])
    fixes = tour.name_fixes(marks, order, static)
    # code: the VM made pool 2 (40 entries, 304 B) after m1; a board needs one pool of 20 (144 B)
    # for "app_a"; "width" and "pressed" (6 + 8 B) are in its flash
    assert fixes["code"] == {"vm_pools": 304, "board_pools": 144, "names": 1, "paths": 0, "static": 2,
                             "static_bytes": 14, "drive": 0, "drive_bytes": 0, "total": 304 - 144 + 14}
    assert fixes["strategy"] == fixes["code"]  # nothing interned m4 -> m5
    # the step adds "height" (7 B) and "b", not the driver's "x" (m2 -> m4)
    step = fixes["steps"][0]
    assert (step["names"], step["static"], step["static_bytes"], step["total"]) == (2, 3, 21, 304 - 144 + 21)


def test_names_kept_for_the_vm_drivers_count_as_the_drives():
    """The measured app keeps the names its VM drivers read; a player's drive renames them
    (tools/bench/core.py drive_names): to a flash name (no bytes), to a short new name (its
    bytes), or to a name interned anyway (none)."""
    order = ["boot", "current_id", "screens", "show_held", "keep", "a0"]
    marks = [("m1", 1, 1), ("m2", 1, 6), ("m4", 1, 6), ("m5", 1, 6)]
    static = frozenset(["width"])
    drive = {"current_id": "width", "screens": "b1", "show_held": "a0"}
    code = tour.name_fixes(marks, order, static, drive=drive)["code"]
    # on the drive: "width" in flash, "b1" and "a0" (once) and "keep" interned
    assert (code["names"], code["static"], code["static_bytes"], code["drive"]) == (3, 1, 0, 3)
    assert code["drive_bytes"] == len("current_id") + 1 + len("screens") + 1 - 3 + len("show_held") + 1
    assert code["board_pools"] == tour.board_pool_bytes(3)
    plain = tour.name_fixes(marks, order, static)["code"]
    assert plain["names"] == 5 and plain["drive_bytes"] == 0
    assert code["total"] - plain["total"] == code["drive_bytes"] + plain["board_pools"] - code["board_pools"]


def test_parse_run_takes_the_fixes_off_the_figures():
    names = ["boot"] * 5 + ["width"] + ["n%d" % i for i in range(30)]
    out = ["QMARK m1", "qstr pool: n_pool=1, n_qstr=5, n_str_data_bytes=1, n_total_bytes=1",
           "QMARK m2", "qstr pool: n_pool=2, n_qstr=36, n_str_data_bytes=1, n_total_bytes=1",
           "QMARK m4", "qstr pool: n_pool=2, n_qstr=36, n_str_data_bytes=1, n_total_bytes=1",
           "QMARK m5", "qstr pool: n_pool=2, n_qstr=36, n_str_data_bytes=1, n_total_bytes=1",
           "QMARK step", "qstr pool: n_pool=2, n_qstr=36, n_str_data_bytes=1, n_total_bytes=1",
           "STEP start-up 5000 1/2/3/4/5/6/7 ui.app",
           "QMARK step", "qstr pool: n_pool=2, n_qstr=36, n_str_data_bytes=1, n_total_bytes=1",
           "STEP play 9000 1/2/3/4/5/6/7 ui.app,ui.play_screen",
           "QNAMES", "qstr pool: n_pool=2, n_qstr=36, n_str_data_bytes=1, n_total_bytes=1"]
    out += ["Q(%s)" % n for n in dump(names, 2)]
    out += ["QNAMES_END", "RESULT code=4000 strategy=300 screens=700 crc=0"]
    result, steps = tour.parse_run("pybadge", "\n".join(out))
    assert "width" in static_names.read("pybadge")
    # the VM made pool 2 (304 B) after m1; a board needs 144 + 272 B for the 30 other names;
    # "width" is in the PyBadge's firmware
    fix = 304 - (144 + 272) + len("width") + 1
    assert [s[1] for s in steps] == [5000 - fix, 9000 - fix]
    assert result["code"] == str(4000 - fix)
    assert result["strategy"] == "300"
    assert result["screens"] == "700"  # the start-up step's fix is all code


def test_a_name_with_a_newline_is_one_name():
    out = ["QMARK m1", "qstr pool: n_pool=1, n_qstr=0, n_str_data_bytes=0, n_total_bytes=0",
           "QMARK m2", "qstr pool: n_pool=1, n_qstr=2, n_str_data_bytes=0, n_total_bytes=0",
           "QMARK m4", "qstr pool: n_pool=1, n_qstr=2, n_str_data_bytes=0, n_total_bytes=0",
           "QMARK m5", "qstr pool: n_pool=1, n_qstr=2, n_str_data_bytes=0, n_total_bytes=0",
           "QMARK step", "qstr pool: n_pool=1, n_qstr=2, n_str_data_bytes=0, n_total_bytes=0",
           "STEP start-up 100 1/2/3/4/5/6/7 ui.app",
           "QNAMES", "qstr pool: n_pool=1, n_qstr=2, n_str_data_bytes=0, n_total_bytes=0",
           "Q(", ")", "Q(width)", "QNAMES_END", "RESULT code=50 strategy=0 screens=0"]
    _, steps = tour.parse_run("pybadge", "\n".join(out))
    assert steps[0][4]["static_bytes"] == 6 and steps[0][4]["names"] == 1  # "\n" and "width"


def test_the_static_name_files_hold_circuitpython_names():
    from sim.boards import NAMES
    from tools.firmware import boards as built  # the boards whose CircuitPython is built here

    for board in built.BOARDS:
        names = static_names.read(board)
        assert {"keypad", "displayio", "TileGrid", "pressed", "mem_free"} <= names, board
        assert "Yahtzee" not in names and "scorecard" not in names  # the app's own are not there
    unbuilt = [board for board in NAMES if board not in built.BOARDS]  # the Feather ESP32-S3
    assert all(static_names.read(board) == frozenset() for board in unbuilt), unbuilt


def test_module_paths_are_a_boards():
    assert tour.board_path_saving("/mnt/app/ui/app.mpy") == len("/mnt/app/")  # "ui/app.mpy"
    assert tour.board_path_saving("/mnt/app/adafruit_ticks.mpy") == len("/mnt/app/") - len("/lib/")
    assert tour.board_path_saving("app.py") == 0
    order = ["boot", "/mnt/app/ui/app.mpy", "app.py"]
    marks = [("m1", 1, 1), ("m2", 1, 3), ("m4", 1, 3), ("m5", 1, 3)]
    assert tour.name_fixes(marks, order, frozenset())["code"]["paths"] == 9


def test_a_mounted_path_beside_the_name_its_mpy_carries_is_not_on_a_board():
    # the VM interns "/mnt/app/ui/app.mpy" (its __file__) and "ui/app.mpy" (the name mpy-cross -s
    # wrote into the file); a board's __file__ is "ui/app.mpy": one name
    order = ["boot", "/mnt/app/ui/app.mpy", "ui/app.mpy", "/mnt/app/adafruit_ticks.mpy",
             "/lib/adafruit_ticks.mpy", "/mnt/app/ui/old.mpy"]
    marks = [("m1", 1, 1), ("m2", 1, 6), ("m4", 1, 6), ("m5", 1, 6)]
    code = tour.name_fixes(marks, order, frozenset())["code"]
    assert code["names"] == 3  # "ui/app.mpy", "/lib/adafruit_ticks.mpy", the old file's path
    assert code["paths"] == len("/mnt/app/ui/app.mpy") + 1 + len("/mnt/app/adafruit_ticks.mpy") + 1 + 9


def test_the_vms_first_pool_is_read_off_its_counts():
    assert tour.vm_first_pool([(4, 280), (7, 1375), (7, 2409)]) == 20  # the WebAssembly VM
    assert tour.vm_first_pool([(8, 2464), (4, 140)]) == 10  # 20 would hold 2464 in 7 pools
    order = ["n%d" % i for i in range(25)]  # pools of 10 and 20
    dumped = order[10:] + order[:10]
    assert tour.interning_order(dumped, 2, 10) == order


def test_least_of_two_spacers_takes_each_steps_smaller_figure():
    a = ({"crc": "1", "code": "100", "screens": "50", "strategy": "30"},
         [("play", 1000, "s", "m", None), ("game_1", 1900, "s", "m", None)])
    b = ({"crc": "1", "code": "100", "screens": "40", "strategy": "30"},
         [("play", 1010, "s", "m", None), ("game_1", 1200, "s", "m", None)])
    result, steps = tour.least([a, b])
    assert [s[1] for s in steps] == [1000, 1200]
    assert result["screens"] == "40"
    with pytest.raises(SystemExit):
        tour.least([a, ({"crc": "2", "code": "1", "screens": "1", "strategy": "1"}, b[1])])


def test_the_rp2040_name_files_are_the_stock_firmwares_flash_pool():
    """The MacroPad's and the Pico's lists are read from the stock images' qstr pools
    (``static_names.py --elf``); tools/ship/deploy.py renames the app to them, so a name not in that
    flash would be interned on the board after all."""
    import os

    from sim import boards

    firmware = os.path.join(os.path.dirname(tour.ROOT), "shared", "circuitpython", "firmware")
    assert len(boards.emulated()) >= 2  # the MacroPad and the Pico
    for board in boards.emulated():
        path = os.path.join(firmware, boards.stock_firmware(board) + ".elf")
        assert os.path.exists(path), "the stock firmware is missing: %s" % path
        names = static_names.names_of_elf(path)
        assert set(names) == static_names.read(board), board
        assert {"acosh", "rotaryio" if board == "macropad" else "busdisplay", "mp_qstr_const_pool"} - set(names) == {
            "mp_qstr_const_pool"}


def test_a_drive_renames_what_the_measured_app_keeps_for_its_drivers():
    from tools.bench import core

    drive = core.drive_names("pybadge")
    assert drive["current_id"] != "current_id"  # host_tests/ui/whole_app.py reads app.current_id
    assert len(set(drive.values())) == len(drive)  # one-to-one, as both renamings are
