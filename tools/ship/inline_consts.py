"""The app's public constants folded into the modules that use them, for the .mpy files a board
loads (tools/ship/deploy.py, tools/memory/board_memory.py).

    texts = inline_consts.prepare(ROOT, ["ui/app.py", "yahtzee_core/engine.py", ...],
                                  keep_from=["host_tests/ui/whole_app.py", ...])

MicroPython folds ``NAME = const(3)`` into the module that defines it, but a public name stays a
module global, and another module reads it as an attribute (``engine.EV_ROLLED``): each such
name is interned on the board (never freed) and holds a slot in its module's dict, ~365 of them.
Here every read of a module-level ``const()`` int, in its own module or in another one (``mod.NAME``
through an import alias, ``from mod import NAME``), becomes the number, and the definition is
dropped unless something still names it: an attribute of that name left anywhere (a module
passed around as an object, ``board.profile.SHORT``), a word in a string (``getattr(module,
"NVM_BACKUP")``), or a name the files of ``keep_from`` (the test drivers that run the .mpy
files) use. A module's own immutable literals that only it reads (``_TEXT_UNDONE = b"..."``)
are folded the same way, and an app module imported only for constants that were all folded is
no longer imported. ``yahtzee_core/compat.py`` (CPython's fallbacks) is not imported on a board:
its names come from ``micropython`` and ``array`` there, as compat itself gives them. The source
files stay as they are: the desktop, the web page and the tests run them."""

import ast
import copy
import hashlib
import os
import re

_OPS = {ast.BitOr: lambda a, b: a | b, ast.BitAnd: lambda a, b: a & b, ast.BitXor: lambda a, b: a ^ b,
        ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b, ast.Mult: lambda a, b: a * b,
        ast.LShift: lambda a, b: a << b, ast.RShift: lambda a, b: a >> b,
        ast.FloorDiv: lambda a, b: a // b, ast.Mod: lambda a, b: a % b}


def module_name(rel):
    """"ui/app.py" -> "ui.app"; "ui/__init__.py" -> "ui"."""
    parts = rel[:-3].replace(os.sep, "/").split("/")
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _package(rel):
    name = module_name(rel)
    return name if rel.replace(os.sep, "/").endswith("__init__.py") else name.rpartition(".")[0]


def _absolute(rel, node):
    """The module an ImportFrom names, relative imports made absolute."""
    if not node.level:
        return node.module or ""
    base = _package(rel).split(".")
    base = base[:len(base) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


class _Module:
    def __init__(self, rel, text):
        self.rel = rel
        self.name = module_name(rel)
        self.tree = ast.parse(text)
        self.consts = {}  # NAME -> int
        self.modules = {}  # alias -> module name (import X as a, from P import mod)
        self.imported = {}  # alias -> (module, NAME) of ``from mod import NAME``
        self.stored = set()  # names assigned anywhere in the module (never folded when imported)


def _scan_imports(mod, known):
    for node in mod.tree.body:
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.asname and a.name in known:
                    mod.modules[a.asname] = a.name
                elif not a.asname and "." not in a.name and a.name in known:
                    mod.modules[a.name] = a.name
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(mod.rel, node)
            for a in node.names:
                full = base + "." + a.name if base else a.name
                if full in known:
                    mod.modules[a.asname or a.name] = full
                elif base in known:
                    mod.imported[a.asname or a.name] = (base, a.name)
    for node in ast.walk(mod.tree):
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            mod.stored.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            mod.stored.add(node.name)


def _value(node, mod, mods):
    """The int an expression of constants is, or None."""
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if isinstance(node, ast.UnaryOp):
        v = _value(node.operand, mod, mods)
        if v is None:
            return None
        if isinstance(node.op, ast.USub):
            return -v
        if isinstance(node.op, ast.Invert):
            return ~v
        if isinstance(node.op, ast.UAdd):
            return v
        return None
    if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
        a, b = _value(node.left, mod, mods), _value(node.right, mod, mods)
        return None if a is None or b is None else _OPS[type(node.op)](a, b)
    if isinstance(node, ast.Name):
        if node.id in mod.consts:
            return mod.consts[node.id]
        if node.id in mod.imported and node.id not in mod.stored:
            src, name = mod.imported[node.id]
            return mods[src].consts.get(name)
        return None
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in mod.modules:
        return mods[mod.modules[node.value.id]].consts.get(node.attr)
    return None


def _const_defs(mod):
    """(index, NAME, value expression) of the module-level ``NAME = const(expr)`` statements."""
    for i, node in enumerate(mod.tree.body):
        if (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                and isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Name)
                and node.value.func.id == "const" and len(node.value.args) == 1):
            yield i, node.targets[0].id, node.value.args[0]


class _Fold(ast.NodeTransformer):
    def __init__(self, mod, mods):
        self.mod = mod
        self.mods = mods
        self.folded = 0

    def visit_Name(self, node):
        if isinstance(node.ctx, ast.Load):
            v = _value(node, self.mod, self.mods)
            if v is not None:
                self.folded += 1
                return ast.copy_location(ast.Constant(v), node)
        return node

    def visit_Attribute(self, node):
        if isinstance(node.ctx, ast.Load):
            v = _value(node, self.mod, self.mods)
            if v is not None:
                self.folded += 1
                return ast.copy_location(ast.Constant(v), node)
        self.generic_visit(node)
        return node


def _words(text):
    return set(re.findall(r"[A-Za-z_][A-Za-z_0-9]*", text))


def _module_reads(mod):
    """The aliases of imported app modules (``mod.modules``) the module's code reads."""
    reads = set()
    for node in ast.walk(mod.tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id in mod.modules:
            reads.add(node.id)
    return reads


def _names_used(tree):
    """Attribute names and words in strings left in a tree (what may still name a constant)."""
    used = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            used.add(node.attr)
        elif isinstance(node, ast.Constant) and isinstance(node.value, (str, bytes)):
            text = node.value if isinstance(node.value, str) else node.value.decode("latin-1")
            used |= _words(text)
    return used


def _literal(node):
    """True for a bytes, str or int constant, or a tuple of them."""
    if isinstance(node, ast.Constant):
        return type(node.value) in (bytes, str, int)
    if isinstance(node, ast.Tuple) and isinstance(node.ctx, ast.Load):
        return all(_literal(e) for e in node.elts)
    return False


class _Literals(ast.NodeTransformer):
    def __init__(self, values):
        self.values = values

    def visit_Name(self, node):
        if isinstance(node.ctx, ast.Load) and node.id in self.values:
            return ast.copy_location(copy.deepcopy(self.values[node.id]), node)
        return node


def _fold_literals(mod, keep, imported):
    """A module's own immutable literals (``_TEXT_UNDONE = b"Choice taken back"``, tuples of
    them) read only by that module: each read becomes the literal (the compiler keeps one
    object per module for equal constants) and the global and its name go."""
    stores = {}
    for node in ast.walk(mod.tree):
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            stores[node.id] = stores.get(node.id, 0) + 1
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            for name in node.names:
                stores[name] = stores.get(name, 0) + 2
    values = {}
    for node in mod.tree.body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                and _literal(node.value)):
            name = node.targets[0].id
            if stores.get(name) == 1 and name not in keep and (mod.name, name) not in imported \
                    and not name.startswith("__"):
                values[name] = node.value
    if not values:
        return
    mod.tree.body = [node for node in mod.tree.body if not (
        isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
        and node.targets[0].id in values)]
    mod.tree = _Literals(values).visit(mod.tree)


COMPAT = "yahtzee_core.compat"
# what compat re-exports on CircuitPython and MicroPython, and from where
_COMPAT_SOURCES = {"const": "micropython", "array": "array"}


class _NoCompat(ast.NodeTransformer):
    """``from .compat import array, const`` -> ``from array import array`` and ``from
    micropython import const``: a board never loads compat (its module, names and code)."""

    def __init__(self, rel):
        self.rel = rel

    def visit_ImportFrom(self, node):
        if _absolute(self.rel, node) != COMPAT:
            return node
        out = []
        for a in node.names:
            if a.name not in _COMPAT_SOURCES:
                raise ValueError("%s imports %s from compat, which a board does not load" % (self.rel, a.name))
            out.append(ast.copy_location(ast.ImportFrom(_COMPAT_SOURCES[a.name], [a], 0), node))
        return out


# prepare's results in this process, by a hash of the files' paths and texts: the same modules
# folded again (deploy for each board and test, release, the memory tour) reuse them
_PREPARED = {}


def prepare(root, rels, keep_from=()):
    """{rel: source text} of ``rels`` (paths under ``root`` of the modules that go to a board)
    with the constants folded (module docstring above). ``keep_from``: files (paths under
    ``root``) whose every word keeps a constant of that name defined."""
    texts = {}
    for rel in list(rels) + list(keep_from):
        with open(os.path.join(root, rel), encoding="utf-8") as f:
            texts[rel] = f.read()
    key = hashlib.sha256(repr((list(rels), list(keep_from), sorted(texts.items()))).encode("utf-8")).hexdigest()
    if key not in _PREPARED:
        _PREPARED[key] = _prepare(rels, keep_from, texts)
    return dict(_PREPARED[key])


def _prepare(rels, keep_from, texts):
    mods = {}
    for rel in rels:
        mod = _Module(rel, texts[rel])
        mods[mod.name] = mod
    for mod in mods.values():
        _scan_imports(mod, mods)
    changed = True
    while changed:  # constants made of other modules' constants
        changed = False
        for mod in mods.values():
            for _, name, expr in _const_defs(mod):
                if name not in mod.consts:
                    v = _value(expr, mod, mods)
                    if v is not None:
                        mod.consts[name] = v
                        changed = True
    for mod in mods.values():
        read_before = _module_reads(mod)
        defs = [i for i, name, _ in _const_defs(mod) if name in mod.consts]
        body = mod.tree.body
        folder = _Fold(mod, mods)
        for i in range(len(body)):
            if i in defs:  # kept or not, its value is the number
                body[i].value.args[0] = ast.Constant(mod.consts[body[i].targets[0].id])
            else:
                body[i] = folder.visit(body[i])
        # ``from mod import NAME`` of a folded constant goes (the name is no longer read)
        for node in body:
            if isinstance(node, ast.ImportFrom):
                node.names = [a for a in node.names if not (
                    (a.asname or a.name) in mod.imported and (a.asname or a.name) not in mod.stored
                    and mods[mod.imported[a.asname or a.name][0]].consts.get(a.name) is not None)]
        # an app module imported only for its constants goes too: a board would keep it loaded
        # for nothing, and hold it while no screen needs it (engine in Defuse mode)
        read_after = _module_reads(mod)
        unread = set(alias for alias in read_before if alias not in read_after)
        if unread:
            for node in body:
                if isinstance(node, (ast.Import, ast.ImportFrom)):
                    node.names = [a for a in node.names if (a.asname or a.name) not in unread]
    keep = set()
    for mod in mods.values():
        keep |= _names_used(mod.tree)
    for rel in keep_from:
        keep |= _words(texts[rel])
    imported = set()  # names other modules import by name (``from mod import NAME``), anywhere:
    for mod in mods.values():  # a function's own import too (a board module's ``from .parts import HELD_COLOUR``)
        for src, name in mod.imported.values():
            imported.add((src, name))
        for node in ast.walk(mod.tree):
            if isinstance(node, ast.ImportFrom):
                base = _absolute(mod.rel, node)
                for a in node.names:
                    if base in mods:
                        imported.add((base, a.name))
    out = {}
    for mod in mods.values():
        _fold_literals(mod, keep, imported)
        body = mod.tree.body
        drop = set(i for i, name, _ in _const_defs(mod) if name in mod.consts and name not in keep)
        kept = []
        for i, node in enumerate(body):
            if i in drop:
                continue
            if isinstance(node, (ast.Import, ast.ImportFrom)) and not node.names:
                continue
            kept.append(node)
        mod.tree.body = kept or [ast.Pass()]
        mod.tree = _NoCompat(mod.rel).visit(mod.tree)
        out[mod.rel] = ast.unparse(ast.fix_missing_locations(mod.tree)) + "\n"
    return out
