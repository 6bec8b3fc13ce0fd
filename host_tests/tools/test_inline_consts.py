"""tools/ship/inline_consts.py: public constants folded into the .mpy sources a board loads."""

import ast
import os

from tools.ship import inline_consts

PKG = {
    "pkg/__init__.py": "",
    "pkg/defs.py": (
        "from .compat import const\n"
        "A = const(3)\n"
        "B = const(A << 2)\n"
        "NAMED = const(7)  # a driver reads it\n"
        "PASSED = const(9)  # read through a module passed around\n"
        "_PRIVATE = const(1)\n"
        "TABLE = (A, B)  # read by the user module\n"
        "_WORDS = (b'one', b'two')\n"
        "COLOUR = 0x402800  # imported inside a function of the user module\n"
        "def f(x):\n"
        "    return x + A + _PRIVATE + len(_WORDS[1])\n"
    ),
    "pkg/compat.py": "def const(v):\n    return v\n",
    "pkg/user.py": (
        "from . import defs as D\n"
        "from .defs import B, f, TABLE\n"
        "from pkg import defs\n"
        "C = const(D.A + 1)\n"
        "def g(mod):\n"
        "    return D.A + B + defs.B + C + f(1) + mod.PASSED + getattr(mod, 'NAMED', 0) + TABLE[1]\n"
        "def h():\n"
        "    from .defs import COLOUR\n"
        "    return COLOUR\n"
    ),
    "pkg/keeper.py": (
        "from . import defs as D\n"
        "from . import compat\n"
        "def k():\n"
        "    return D.f(D.A)\n"
    ),
}


def _tree(tmp_path):
    for rel, text in PKG.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    (tmp_path / "driver.py").write_text("print(defs.NAMED)\n")
    return str(tmp_path)


def _run(texts, rel, call):
    """Execute the folded package in a fresh namespace and call ``call`` in module ``rel``."""
    modules = {}
    for name in ("pkg/compat.py", "pkg/defs.py", "pkg/user.py"):
        ns = {"const": lambda v: v, "__name__": inline_consts.module_name(name)}
        src = texts[name].replace("from .compat import const\n", "")
        src = src.replace("from . import defs as D\n", "").replace("from pkg import defs\n", "")
        src = src.replace("from .defs import f, TABLE\n", "")
        ns.update({"D": modules.get("defs"), "defs": modules.get("defs")})
        if "defs" in modules:
            ns["f"] = modules["defs"].f
            ns["TABLE"] = modules["defs"].TABLE
        exec(compile(src, name, "exec"), ns)
        modules[name.split("/")[-1][:-3]] = type("M", (), ns)
    return call(modules)


def test_folded_values_and_what_stays_defined(tmp_path):
    root = _tree(tmp_path)
    rels = sorted(PKG)
    texts = inline_consts.prepare(root, rels, keep_from=["driver.py"])
    defs = texts["pkg/defs.py"]
    user = texts["pkg/user.py"]
    defined = {n for _, n, _ in inline_consts._const_defs(inline_consts._Module("pkg/defs.py", defs))}
    # A and B are read only through import aliases and in their module: gone as names
    assert defined == {"NAMED", "PASSED"}
    # a literal another module imports stays; one only its module reads is folded
    assert "TABLE = (3, 12)" in defs
    assert "COLOUR = 4204544" in defs  # (a function's import: the Pico's ImportError at "Start game")
    assert "_WORDS" not in defs
    assert "return x + 3 + 1 + len((b'one', b'two')[1])" in defs
    # the user module reads numbers; the imported name B left its import
    assert "return 3 + 12 + 12 + 4 + f(1) + mod.PASSED" in user
    assert "from .defs import f, TABLE" in user
    # a module imported only for constants is imported no more (a board would hold it for
    # nothing); one whose other names are read stays, and so does one never read at all
    assert "import defs" not in user
    keeper = texts["pkg/keeper.py"]
    assert "from . import defs as D" in keeper and "return D.f(3)" in keeper
    assert "from . import compat" in keeper
    ast.parse(user)
    # the folded modules compute what the originals did
    got = _run(texts, "pkg/user.py", lambda m: m["user"].g(m["defs"]))
    want = 3 + 12 + 12 + 4 + (1 + 3 + 1 + 3) + 9 + 7 + 12
    assert got == want


def test_module_names():
    assert inline_consts.module_name(os.path.join("ui", "app.py")) == "ui.app"
    assert inline_consts.module_name("ui/__init__.py") == "ui"


def test_a_board_imports_compat_s_names_from_the_firmware(tmp_path):
    files = {
        "yahtzee_core/compat.py": "try:\n    from micropython import const\nexcept ImportError:\n    const = int\n",
        "yahtzee_core/grid.py": "from .compat import array, const\nN = const(3)\n\n"
                                "def cells():\n    return array('H', [N])\n",
        "ui/view.py": "from yahtzee_core.compat import const\n_W = const(2)\n\ndef width():\n"
                      "    from yahtzee_core.compat import array\n    return array('b', [_W])\n",
        "ui/bad.py": "from yahtzee_core.compat import shim\n",
    }
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    texts = inline_consts.prepare(str(tmp_path), sorted(f for f in files if f != "ui/bad.py"))
    grid, view = texts["yahtzee_core/grid.py"], texts["ui/view.py"]
    for text in (grid, view):
        assert "compat" not in text  # a board never loads the module
    assert "from array import array\nfrom micropython import const\n" in grid
    assert "from micropython import const\n" in view and "    from array import array\n" in view
    assert "return array('H', [3])" in grid
    try:
        inline_consts.prepare(str(tmp_path), ["yahtzee_core/compat.py", "ui/bad.py"])
    except ValueError as e:
        assert "shim" in str(e)
    else:
        raise AssertionError("a name compat has only on CPython must not pass unnoticed")
