"""tools/ship/typecheck.py's own parts (the per-board mypy run itself is its own CI step), and the
board fakes of sim/testing.py against CircuitPython 10.3's real board stubs."""

import os
import re

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

typecheck = pytest.importorskip("tools.ship.typecheck")
pytest.importorskip("board_definitions")  # circuitpython-stubs (requirements-dev.txt)

from sim import testing


def stub_text(board_id):
    with open(os.path.join(typecheck.stubs_root(), "board_definitions", board_id, "__init__.pyi")) as f:
        return f.read()


def stub_pins(text):
    return set(re.findall(r"^(\w+): microcontroller\.Pin", text, re.M))


@pytest.mark.parametrize("board_id", sorted(testing.BOARD_PINS))
def test_fake_boards_have_only_real_pins(board_id):
    text = stub_text(board_id)
    assert set(testing.BOARD_PINS[board_id]) <= stub_pins(text)
    assert ("DISPLAY:" in text) == (board_id in testing.BOARD_DISPLAY)


def test_board_ids_of_every_board_have_a_stub():
    for board in typecheck.BOARDS:
        assert stub_pins(stub_text(typecheck.board_id(board))), board


def test_stub_dir_names_the_real_display_class(tmp_path):
    text = typecheck.make_stub_dir("pygamer", typecheck.stubs_root(), str(tmp_path / "pygamer"))
    assert "DISPLAY: busdisplay.BusDisplay" in text and "DISPLAY: displayio.Display" not in text
    assert "\nimport busdisplay\n" in text
    assert os.path.isdir(str(tmp_path / "pygamer" / "keypad"))  # keypad-stubs under its import name
    assert not os.path.exists(str(tmp_path / "pygamer" / "board" / "__init__.py"))


def test_built_in_modules_from_the_stub():
    mods = typecheck.built_in_modules(stub_text("adafruit_feather_esp32s3_reverse_tft"))
    assert "keypad" in mods and "micropython" in mods
    assert "audioio" not in mods and "audiopwmio" not in mods  # the ESP32-S3 has no speaker


def test_module_check_flags_only_unguarded_imports(tmp_path):
    path = tmp_path / "mod.py"
    path.write_text("import keypad\n"
                    "def f():\n"
                    "    import audioio\n"
                    "    try:\n"
                    "        import audiopwmio\n"
                    "    except ImportError:\n"
                    "        pass\n"
                    "    from rotaryio import IncrementalEncoder\n")
    native = {"keypad", "audioio", "audiopwmio", "rotaryio"}
    errors = typecheck.module_errors([str(path)], {"keypad", "rotaryio"}, native, "x")
    assert len(errors) == 1 and ":3: error: module 'audioio'" in errors[0]
    errors = typecheck.module_errors([str(path)], {"keypad"}, native, "x")
    assert [e.split(": error")[0][-2:] for e in errors] == [":3", ":8"]
