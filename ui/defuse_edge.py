"""Defuse mode's edgework: the bomb's casing, read out to the expert (a view of
``ui/defuse_screen.py``, built while a bomb is live). Its rows are built as bytes once per
bomb, fitted to the row width."""

from yahtzee_core import defuse
from yahtzee_core.compat import const

from . import screen as S
from . import theme
from .defuse_lists import row_label, time_right
from .list_screen import ListScreen
from .text import DOT_EMPTY, DOT_FULL, SPACE, ZERO

TIME_ITEM = const(250)  # "Time left" (a countdown runs and the title has no room for it)
START_ITEM = const(251)  # "Roll to start" (before the first roll)

_EDGEWORK = b"Edgework"
_TIME_LEFT = b"Time left"
_ROLL_TO_START = b"Roll to start"
_SERIAL = b"Serial"
_BATTERIES = b"Batteries"
_HOLDERS = b"Holders"
_HOLDER = b" holder"
_HOLDERS_WORD = b" holders"
_INDICATORS = b"Indicators"
_LIT = b"Lit"
_UNLIT = b"Unlit"
_PLATES = b"Port plates"
_EMPTY_PLATE = b"[empty]"
_NONE_WORD = b"none"

# Port names from the longest to the shortest form (index: defuse.PORT_NAMES order).
_PORT_FORMS = (
    (b"DVI-D", b"Parallel", b"PS/2", b"RJ-45", b"Serial", b"Stereo RCA"),
    (b"DVI-D", b"Parallel", b"PS/2", b"RJ-45", b"Serial", b"RCA"),
    (b"DVI", b"Parallel", b"PS/2", b"RJ45", b"Serial", b"RCA"),
)


def _number(n):
    return S.to_bytes(str(n))


def plate_text(plate, names):
    """A plate as "[Parallel Serial]" with the given port-name form (bytes)."""
    if not plate:
        return _EMPTY_PLATE
    parts = []
    for name in plate:
        parts.append(names[defuse.port_index(name)])
    return b"[" + b" ".join(parts) + b"]"


def _pack(tokens, budget):
    """``tokens`` (bytes) joined by spaces into lines of at most ``budget`` cells."""
    lines = []
    line = b""
    for tok in tokens:
        if line and len(line) + 1 + len(tok) > budget:
            lines.append(line)
            line = tok
        else:
            line = line + b" " + tok if line else tok
    if line:
        lines.append(line)
    return lines


def _labelled(rows, label, tokens, width):
    """Rows "label  tok tok ..." (continued under it when they do not fit one row)."""
    lines = _pack(tokens, width - 3 - len(label)) or [_NONE_WORD]
    rows.append((label, lines[0]))
    for line in lines[1:]:
        rows.append((b" ", line))


def edgework_rows(ew, width):
    """(label, value) rows describing ``ew`` for rows ``width`` cells wide (per bomb, not per
    frame). Rows with an empty label hold port plates, drawn from the left: "[Parallel Serial]
    [empty]". Wide rows combine batteries with holders and list every indicator on one row."""
    rows = [(_SERIAL, S.to_bytes(ew.serial))]
    both = (_number(ew.batteries) + b" in " + _number(ew.holders)
            + (_HOLDER if ew.holders == 1 else _HOLDERS_WORD))
    if len(_BATTERIES) + len(both) + 3 <= width:
        rows.append((_BATTERIES, both))
    else:
        rows.append((_BATTERIES, _number(ew.batteries)))
        rows.append((_HOLDERS, _number(ew.holders)))
    marks = {True: bytes((DOT_FULL,)), False: bytes((DOT_EMPTY,))}
    if width >= 30:
        _labelled(rows, _INDICATORS, [marks[on] + S.to_bytes(name) for name, on in ew.indicators],
                  width)
    else:
        for lit, label in ((True, _LIT), (False, _UNLIT)):
            _labelled(rows, label, [marks[lit] + S.to_bytes(name) for name, on in ew.indicators
                                    if on == lit], width)
    rows.append((_PLATES, _number(ew.plate_count)))
    for names in _PORT_FORMS:
        texts = [plate_text(p, names) for p in ew.plates]
        if all(len(t) + 1 <= width for t in texts):
            break
    for line in _pack(texts, width - 1):
        rows.append((b"", line))
    return rows


class EdgeworkList(ListScreen):
    """The bomb's casing: serial, batteries and holders, lit and unlit indicators, port
    plates; the countdown first while one runs. Scrolls with up/down."""

    MAX_ITEMS = 24
    dim_role = theme.INK  # every row is read out: none is dimmed

    def __init__(self, app, owner, frame):
        super().__init__(app, _EDGEWORK, frame)
        self.owner = owner
        self.rows_data = ()
        self._shown_s = -1
        # the countdown goes into the title where it fits ("Edgework 4:56"), else a first row
        self.title_clock = bytearray(_EDGEWORK + b" 0:00")
        self.clock_in_title = self.title.width >= len(self.title_clock)
        self.scroll_signs = not self.clock_in_title  # the countdown ends the title

    def set_bomb(self, ew):
        """Build the rows for a new bomb (allocates; once per bomb)."""
        self.rows_data = tuple(edgework_rows(ew, self.rows[0].width)[: self.MAX_ITEMS - 2])
        module = self.owner.module
        countdown = module is not None and module.time_limit_s > 0
        self.title_text = self.title_clock if countdown and self.clock_in_title else _EDGEWORK
        self._shown_s = -1
        self.top = 0
        self.sel = 0
        self.count = 0

    def build_items(self):
        module = self.owner.module
        if module is not None and module.time_limit_s and not self.clock_in_title:
            self.add(TIME_ITEM)
        for i in range(len(self.rows_data)):
            self.add(i)
        if module is not None and module.stage == 0:
            self.add(START_ITEM)

    def selectable(self, item):
        return False

    def render(self, item, tf):
        if item == TIME_ITEM:
            s = self.owner.module.seconds_left()
            row_label(tf, _TIME_LEFT, time_right(tf, s, tf.width - 1))
        elif item == START_ITEM:
            tf.centre(_ROLL_TO_START)
        else:
            label, value = self.rows_data[item]
            if label:
                self.pair(tf, label, value)
            else:  # a plate as wide as the row starts in its first cell (the layout keeps a margin)
                tf.put(0, SPACE)
                tf.line(value, 1 if len(value) < tf.width else 0)

    def at_top(self):
        return self.top == 0

    def enter(self):
        super().enter()
        c = self.colours
        self.title.colours(c[theme.BG], c[theme.ACCENT])

    def draw(self):
        module = self.owner.module
        if module is not None and module.time_limit_s:
            s = module.seconds_left()
            if s != self._shown_s:
                self._shown_s = s
                if self.clock_in_title:  # only the title's digits change
                    buf = self.title_clock
                    n = len(buf)
                    buf[n - 4] = ZERO + s // 60 % 10
                    buf[n - 2] = ZERO + s % 60 // 10
                    buf[n - 1] = ZERO + s % 10
                    self.title.centre(buf)
                elif self.top == 0 and not self.stale:
                    self.render(TIME_ITEM, self.rows[0])
        super().draw()

    def ring_name(self, code):
        return self.owner.ring_name(code)

    def back(self):
        self.owner.menu_pressed()
