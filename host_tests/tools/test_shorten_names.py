"""tools/ship/shorten_names.py: the app's names renamed to names a board already holds, the same way in
every module, never a name anything outside could use."""

import ast
import importlib
import sys

from tools.ship import shorten_names

SHAPES = '''"""Shapes: the words of this docstring protect nothing (Square, area_of)."""
from micropython import const
_UNIT = 2
_HALF = const(2)


class Square:
    def __init__(self, side_length):
        self.side_length = side_length
        self._cached_area = None

    def area_of(self):
        if self._cached_area is None:
            self._cached_area = self.side_length * self.side_length * _UNIT // _HALF
        return self._cached_area


class ShapeError(ValueError):
    pass


def make_square(side_length=1, *, scale_factor=1):
    return Square(side_length * scale_factor)
'''

USER = '''from .shapes import make_square, ShapeError
from . import shapes


def total_area(count_of_squares):
    squares = [make_square(n, scale_factor=2) for n in range(count_of_squares)]
    named = getattr(squares[0], "side_length")
    try:
        raise ShapeError("x")
    except ShapeError as problem:
        kind = type(problem).__name__
    return sum(s.area_of() for s in squares), named, kind, shapes.Square(3).area_of(), kept_by_driver(4)


def kept_by_driver(value_for_driver):
    return value_for_driver + 1
'''

DRIVER = "print(pkg.user.total_area(4), pkg.user.kept_by_driver(1))\n"


def _run(tmp_path, texts, tag):
    pkg = tmp_path / tag / "pkg"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    for rel, text in texts.items():
        (pkg / rel.split("/")[-1]).write_text(text)
    sys.path.insert(0, str(tmp_path / tag))
    try:
        for name in ("pkg.user", "pkg.shapes", "pkg"):
            sys.modules.pop(name, None)
        return importlib.import_module("pkg.user").total_area(4)
    finally:
        sys.path.remove(str(tmp_path / tag))
        for name in ("pkg.user", "pkg.shapes", "pkg"):
            sys.modules.pop(name, None)


def _prepare(board=None):
    return shorten_names.prepare({"pkg/shapes.py": SHAPES, "pkg/user.py": USER}, protected_texts=[DRIVER],
                                 module_names={"pkg", "shapes", "user", "micropython"}, board=board)


def test_renamed_modules_do_what_the_source_does(tmp_path):
    texts, names = _prepare()
    assert _run(tmp_path, {"pkg/shapes.py": SHAPES, "pkg/user.py": USER}, "source") == (
        _run(tmp_path, texts, "renamed"))
    # the names a board would intern are gone from the renamed text
    left = set()
    for text in texts.values():
        scan = shorten_names._Names()
        scan.visit(ast.parse(text))
        left |= scan.used
    for old in ("make_square", "area_of", "scale_factor", "count_of_squares", "_cached_area"):
        assert old in names
        assert old not in left


def test_what_outside_code_could_name_stays():
    _, names = _prepare()
    assert "side_length" not in names  # named in a string (getattr)
    # a driver's word; an argument is not
    assert "kept_by_driver" not in names and "total_area" not in names and "value_for_driver" in names
    assert "ShapeError" not in names  # an exception class: the crash screen shows its name
    assert "shapes" not in names and "user" not in names  # modules are imported by name
    assert "__init__" not in names


def test_names_are_one_to_one_fresh_and_a_const_keeps_its_underscore():
    texts, names = _prepare()
    external, rom = shorten_names.read_words()
    assert len(set(names.values())) == len(names)
    words = shorten_names._words(SHAPES + USER + DRIVER)
    for old, new in names.items():
        assert new not in words, new
        assert new in rom or len(new) < len(old), (old, new)
    assert names["_HALF"].startswith("_")  # _X = const(): the underscore keeps it out of the globals
    assert not names["_cached_area"].startswith("_")  # an attribute's underscore means nothing to the VM
    assert any(new in rom for new in names.values())  # names the firmware holds are used first


def test_a_boards_own_flash_names_are_used_for_its_files(tmp_path):
    """A deploy for one board renames to that board's firmware's flash names too (its modules'
    names: ``rotaryio`` on the MacroPad), which no other board holds; the code does the same."""
    external, rom = shorten_names.read_words()
    words = tmp_path / "words.txt"  # the core's flash names all taken: only the board's are left
    words.write_text("# EXTERNAL: \n" + " ".join(sorted(external | set(rom))) + "\n# ROM: \n")
    texts, names = shorten_names.prepare({"pkg/shapes.py": SHAPES, "pkg/user.py": USER}, protected_texts=[DRIVER],
                                         module_names={"pkg", "shapes", "user", "micropython"}, words=str(words),
                                         board="macropad")
    flash = set(shorten_names.board_flash_names("macropad"))
    assert names and set(names.values()) <= flash  # every name in that board's flash: none interned
    assert set(names.values()) - set(rom)  # names only that board holds
    _, without = shorten_names.prepare({"pkg/shapes.py": SHAPES}, words=str(words))
    assert not set(without.values()) & flash  # without the board: short new names
    assert _run(tmp_path, {"pkg/shapes.py": SHAPES, "pkg/user.py": USER}, "source") == _run(tmp_path, texts, "board")
    assert shorten_names.board_flash_names("feather_tft") == []  # no list: the core's names only


def test_the_words_file_has_both_parts():
    external, rom = shorten_names.read_words()
    assert "displayio" in external and "pixel_shader" in external and "root_group" in external
    assert "_transmit" in external  # PixelBuf (C) calls the NeoPixel subclass's method by this name
    assert "append" in rom and "print" in rom
    assert not set(rom) & external


def test_no_name_becomes_one_the_compiler_reads_in_a_decorator():
    """``@micropython.setter`` is a compiler directive to MicroPython, not a property's setter: a
    property renamed to ``micropython`` (a free flash name where nothing imports the module) broke
    the MacroPad's drive."""
    source = "class Label:\n" + "".join(
        "    @property\n    def prop_%d(self):\n        return %d\n\n    @prop_%d.setter\n    def prop_%d(self, v):\n"
        "        pass\n\n" % (i, i, i, i) for i in range(400))
    _, names = shorten_names.prepare({"lib/label.py": source}, module_names={"lib", "label"})
    assert "micropython" not in names.values() and "const" not in names.values()
