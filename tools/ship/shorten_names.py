"""The app's own identifiers renamed to names a board already holds, for the .mpy files a board
loads (tools/ship/deploy.py's ``install``, after tools/ship/inline_consts.py).

    texts, names = shorten_names.prepare({"ui/app.py": source, ...}, protected_texts=[...])
    python tools/ship/shorten_names.py --write-words      # regenerate tools/ship/shorten_names_words.txt

Which names it renames, which it keeps and the words file: docs/memory.md, "tools/ship/shorten_names.py"."""

import ast
import builtins
import glob
import hashlib
import keyword
import os
import re
import string
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WORDS = os.path.join(ROOT, "tools", "ship", "shorten_names_words.txt")
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _is_dunder(name):
    return name.startswith("__")


def read_words(path=WORDS):
    """({external names}, [free flash names in file order])."""
    external, rom, part = set(), [], None
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line.startswith("# EXTERNAL:") or line.startswith("# ROM:"):
                part = line[2:].split(":")[0]
                continue
            if not line or line.startswith("#"):
                continue
            for word in line.split():
                (external.add if part == "EXTERNAL" else rom.append)(word)
    return external, rom


def _words(text):
    return set(_WORD.findall(text))


class _Names(ast.NodeVisitor):
    """Every identifier a module defines (``defined``), every identifier it names at all
    (``used``), the words of its strings (``strings``) and its exception classes."""

    def __init__(self):
        self.defined, self.used, self.strings, self.errors = set(), set(), set(), set()
        self.consts = set()  # names assigned a const(): a leading underscore keeps them out of globals

    def visit_Assign(self, node):
        if isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Name) and node.value.func.id == "const":
            self.consts.update(t.id for t in node.targets if isinstance(t, ast.Name))
        self.generic_visit(node)

    def _def(self, name):
        if name:
            self.defined.add(name)
            self.used.add(name)

    def visit_FunctionDef(self, node):
        self._def(node.name)
        self.generic_visit(node)

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_ClassDef(self, node):
        self._def(node.name)
        for base in node.bases:
            if isinstance(base, ast.Name) and (base.id.endswith("Error") or base.id.endswith("Exception")):
                self.errors.add(node.name)
        self.generic_visit(node)

    def visit_arg(self, node):
        self._def(node.arg)

    def visit_Name(self, node):
        if isinstance(node.ctx, ast.Load):
            self.used.add(node.id)
        else:
            self._def(node.id)

    def visit_Attribute(self, node):
        if isinstance(node.ctx, ast.Load):
            self.used.add(node.attr)
        else:
            self._def(node.attr)
        self.generic_visit(node)

    def visit_keyword(self, node):
        # a keyword names a parameter, or an attribute a ``**numbers`` sets (ui/layout.py): renamed
        # with it, unless outside code could name it (a C function's keyword is one of its names)
        self._def(node.arg)
        self.generic_visit(node)

    def visit_ImportFrom(self, node):
        if node.module:
            self.used.update(node.module.split("."))
        self.generic_visit(node)

    def visit_alias(self, node):
        self.used.update(node.name.split("."))
        if node.asname:
            self._def(node.asname)

    def visit_Global(self, node):
        self.used.update(node.names)

    visit_Nonlocal = visit_Global

    def visit_ExceptHandler(self, node):
        self._def(node.name)
        self.generic_visit(node)

    def visit_Expr(self, node):
        if not (isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)):
            self.generic_visit(node)  # a docstring names nothing

    def visit_Constant(self, node):
        if isinstance(node.value, str):
            self.strings |= _words(node.value)


class _Rename(ast.NodeTransformer):
    def __init__(self, names, own_modules):
        self.names = names
        self.own_modules = own_modules

    def _n(self, name):
        return self.names.get(name, name)

    def visit_FunctionDef(self, node):
        node.name = self._n(node.name)
        return self.generic_visit(node)

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_ClassDef(self, node):
        node.name = self._n(node.name)
        return self.generic_visit(node)

    def visit_arg(self, node):
        node.arg = self._n(node.arg)
        return node

    def visit_Name(self, node):
        node.id = self._n(node.id)
        return node

    def visit_Attribute(self, node):
        node.attr = self._n(node.attr)
        return self.generic_visit(node)

    def visit_keyword(self, node):
        if node.arg:
            node.arg = self._n(node.arg)
        return self.generic_visit(node)

    def visit_ImportFrom(self, node):
        ours = node.level > 0 or (node.module or "").split(".")[0] in self.own_modules
        for alias in node.names:
            if ours:
                alias.name = self._n(alias.name)
            if alias.asname:
                alias.asname = self._n(alias.asname)
        return node

    def visit_Import(self, node):
        for alias in node.names:
            if alias.asname:
                alias.asname = self._n(alias.asname)
        return node

    def visit_Global(self, node):
        node.names = [self._n(n) for n in node.names]
        return node

    visit_Nonlocal = visit_Global

    def visit_ExceptHandler(self, node):
        if node.name:
            node.name = self._n(node.name)
        return self.generic_visit(node)


_PROTOCOL = set()
for _type in (object, int, str, bytes, bytearray, list, tuple, dict, set, frozenset, memoryview, type,
              BaseException, Exception, range, slice, property, staticmethod, classmethod):
    _PROTOCOL.update(dir(_type))
_PROTOCOL.update(("micropython", "const", "native", "viper", "asm_thumb", "asm_xtensa"))  # the compiler's own
_PROTOCOL.update(("read", "readinto", "readline", "readlines", "write", "flush", "close", "send", "throw",
                  "seek", "tell", "deinit", "value", "next"))
# what CircuitPython's C code calls by name on a Python object: a block device and a file system
# (extmod/vfs*.c), PixelBuf's subclass hook
_PROTOCOL.update(("readblocks", "writeblocks", "ioctl", "ilistdir", "mount", "umount", "open", "stat", "statvfs",
                  "chdir", "getcwd", "mkdir", "remove", "rename", "rmdir", "_transmit"))


def _short_names(underscore):
    first = string.ascii_letters
    rest = string.ascii_letters + string.digits
    prefix = "_" if underscore else ""
    for a in first:
        yield prefix + a
    for a in first:
        for b in rest:
            yield prefix + a + b
    for a in first:
        for b in rest:
            for c in rest:
                yield prefix + a + b + c


def board_flash_names(board):
    """The identifiers ``board``'s stock firmware holds in its flash pool beyond the core's
    (tools/firmware/static_names/<board>.txt, committed; read here so that this file runs as a
    script too), in file order; none for a board without a file (the Feather ESP32-S3: its heap
    is in PSRAM)."""
    path = os.path.join(ROOT, "tools", "firmware", "static_names", board + ".txt")
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as f:
        return [n for n in (line.rstrip("\n") for line in f if not line.startswith("#")) if _WORD.fullmatch(n)]


# prepare's results in this process, by a hash of everything they are made from: the same
# modules renamed for the same board again (deploy for each test, release, the memory tour) reuse them
_PREPARED = {}


def prepare(texts, protected_texts=(), module_names=(), words=WORDS, board=None):
    """(``{rel: renamed source}``, ``{old: new}``) for ``texts`` ({rel: source} of the modules
    renamed together). ``protected_texts``: sources whose every word stays (the files shipped or
    run as they are); ``module_names``: the names of every module and package on the drive;
    ``board``: the board the files are for (its firmware's own flash names are used too)."""
    external, rom = read_words(words)
    if board:
        seen = set(rom)
        rom = rom + [n for n in board_flash_names(board) if n not in seen]
    key = hashlib.sha256(repr((sorted(texts.items()), list(protected_texts), sorted(module_names),
                               sorted(external), rom)).encode("utf-8")).hexdigest()
    if key not in _PREPARED:
        _PREPARED[key] = _prepare(texts, protected_texts, module_names, external, rom)
    out, names = _PREPARED[key]
    return dict(out), dict(names)


def _prepare(texts, protected_texts, module_names, external, rom):
    trees, scans = {}, {}
    for rel, text in texts.items():
        trees[rel] = ast.parse(text)
        scans[rel] = _Names()
        scans[rel].visit(trees[rel])
    protected = set(external) | set(rom) | set(dir(builtins)) | set(keyword.kwlist) | set(module_names)
    words_kept = set()
    for text in protected_texts:
        words_kept |= _words(text)
    protected |= words_kept
    defined, used, consts = set(), set(), set()
    for scan in scans.values():
        defined |= scan.defined
        used |= scan.used
        consts |= scan.consts
        protected |= scan.strings | scan.errors
    rename = sorted((n for n in defined if n not in protected and not _is_dunder(n)),
                    key=lambda n: (-len(n), n))
    taken = used | protected
    # a flash name nothing here names, and no method of a builtin type (C code may call those on
    # an object: ``write`` on a stream, ``keys`` on a mapping)
    shunned = used | words_kept | set(module_names) | set(dir(builtins)) | _PROTOCOL
    free_rom = [n for n in rom if n not in shunned and not _is_dunder(n) and not keyword.iskeyword(n)]
    pools = {False: [n for n in free_rom if not n.startswith("_")], True: [n for n in free_rom if n.startswith("_")]}
    shorts = {False: _short_names(False), True: _short_names(True)}
    names = {}
    for old in rename:
        # only a const() needs its leading underscore (MicroPython keeps ``_X = const(1)`` out of
        # the module's globals); any other name may take a flash name without one
        under = old.startswith("_") and old in consts
        pool = pools[under] or (pools[True] if old.startswith("_") else None)
        new = pool.pop(0) if pool else None
        if new is None:
            under = old.startswith("_")
            if len(old) <= 2 + under:
                continue  # a new name would save nothing
            for candidate in shorts[under]:
                if candidate not in taken and not keyword.iskeyword(candidate):
                    new = candidate
                    break
            if new is None or len(new) >= len(old):
                continue
        taken.add(new)
        names[old] = new
    own = set(module_names)
    out = {}
    for rel, tree in trees.items():
        tree = _Rename(names, own).visit(tree)
        out[rel] = ast.unparse(ast.fix_missing_locations(tree)) + "\n"
    return out, names


# --- the words file ---------------------------------------------------------------------------

def _stub_words():
    words = set()
    for site in sys.path:
        for pyi in glob.glob(os.path.join(site, "*-stubs", "**", "*.pyi"), recursive=True):
            with open(pyi, encoding="utf-8", errors="replace") as f:
                words |= _words(f.read())
    return words


def _qstrs(header):
    with open(header, encoding="utf-8") as f:
        return set(re.findall(r'^QDEF\d\(MP_QSTR_\w*, \d+, \d+, "([A-Za-z_][A-Za-z0-9_]*)"\)$', f.read(), re.M))


def _firmware_strings(path):
    with open(path, "rb") as f:
        data = f.read()
    return {m.decode() for m in re.findall(rb"(?<![\x21-\x7e])([A-Za-z_][A-Za-z0-9_]*)\x00", data)}


def write_words(path=WORDS):
    """Regenerate the words file: EXTERNAL (stubs, the core's names, builtins) and ROM (names in
    the flash pool of CircuitPython 10's core, the unix port's and both RP2040 firmware images')."""
    headers = glob.glob(os.path.join(ROOT, "build", "circuitpython-*", "ports", "unix", "build-board32-board",
                                     "genhdr", "qstrdefs.generated.h"))
    if not headers:
        raise SystemExit("shorten_names: no CircuitPython core build in build/ "
                         "(python tools/firmware/circuitpython_build.py)")
    core = _qstrs(sorted(headers)[-1])
    firmware = os.path.join(os.path.dirname(ROOT), "shared", "circuitpython", "firmware")
    images = sorted(glob.glob(os.path.join(firmware, "*-stock.elf")))
    if not images:
        raise SystemExit("shorten_names: no firmware in %s" % firmware)
    rom = set(core)
    in_firmware = set()
    for image in images:
        strings = _firmware_strings(image)
        rom &= strings
        in_firmware |= strings
    # every name a firmware holds: its C code may look a method up by name on a Python object
    # (PixelBuf calls a subclass's ``_transmit``), which no stub says
    external = (_stub_words() | core | in_firmware | set(dir(builtins)) | set(keyword.kwlist)) - rom
    with open(path, "w", encoding="utf-8") as f:
        f.write("# Written by python tools/ship/shorten_names.py --write-words; do not edit.\n")
        f.write("# EXTERNAL: names of CircuitPython's API (circuitpython-stubs), its core, every name in the RP2040\n"
                "# firmware images (C code may call a Python method by name) and Python's builtins\n")
        _write_block(f, sorted(external))
        f.write("# ROM: names in the flash pool of every CircuitPython 10 board (also external)\n")
        _write_block(f, sorted(rom))
    return len(external), len(rom)


def stale_words(path=WORDS):
    """None when the words file is what --write-words writes from this machine's stubs and
    CircuitPython build, else what is wrong."""
    fresh = path + ".fresh"
    try:
        write_words(fresh)
        with open(fresh, encoding="utf-8") as f, open(path, encoding="utf-8") as g:
            if f.read() == g.read():
                return None
    except (OSError, SystemExit) as e:
        return "tools/ship/shorten_names.py: cannot check %s: %s" % (os.path.relpath(path, ROOT), e)
    finally:
        if os.path.exists(fresh):
            os.remove(fresh)
    return ("%s is stale (circuitpython-stubs or CircuitPython's build changed): python tools/ship/shorten_names.py "
            "--write-words" % os.path.relpath(path, ROOT))


def _write_block(f, words):
    line = []
    for w in words:
        line.append(w)
        if sum(len(x) + 1 for x in line) > 100:
            f.write(" ".join(line) + "\n")
            line = []
    if line:
        f.write(" ".join(line) + "\n")


if __name__ == "__main__":
    if sys.argv[1:] != ["--write-words"]:
        raise SystemExit(__doc__)
    print("shorten_names: %d external names, %d flash names written to %s" % (write_words() + (WORDS,)))
