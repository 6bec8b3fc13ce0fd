"""Defuse mode's list views (menu, edgework, result) and its time/number writers.

Each view is a ``ListScreen`` owned by the ``DefuseScreen``, which shows one at a time and
routes input to it: the menu builds the title, rows and Group, and the edgework and result
share them (``frame``), setting the title's colour when entered. Rows are drawn digit by digit
(no strings per frame); the edgework rows are built as bytes once per bomb, fitted to the row
width."""

from hw import inputs
from yahtzee_core import defuse
from yahtzee_core.compat import const

from . import screen as S
from .list_screen import ListScreen
from . import theme
from .defuse_stats import STRIKE_LIMITS, STRIKE_NAMES, TIMER_NAMES, TIMER_S
from .text import COLON, DOT_EMPTY, DOT_FULL, SLASH, SPACE, ZERO

_OF = b" of "


# -- writers (allocation-free) -----------------------------------------------------------------
def time_left(tf, seconds, start=0):
    """Write M:SS from cell ``start`` and blank the rest of the field."""
    if seconds > 5999:
        seconds = 5999
    i = tf.number_at(start, seconds // 60)
    s = seconds % 60
    tf.put(i, COLON)
    tf.put(i + 1, ZERO + s // 10)
    tf.put(i + 2, ZERO + s % 10)
    tf.spaces(i + 3)


def time_right(tf, seconds, end):
    """Write M:SS so it ends before cell ``end``; returns its first cell."""
    if seconds > 5999:
        seconds = 5999
    s = seconds % 60
    tf.put(end - 1, ZERO + s % 10)
    tf.put(end - 2, ZERO + s // 10)
    tf.put(end - 3, COLON)
    return tf.number(seconds // 60, end - 3)


def of_right(tf, a, b, end, slash=False):
    """Write "a of b" ("a/b" with ``slash``; just "a" when b < 0) ending before cell ``end``;
    returns its first cell."""
    if b < 0:
        return tf.number(a, end)
    i = tf.number(b, end)
    if slash:
        tf.put(i - 1, SLASH)
        return tf.number(a, i - 1)
    tf.text(_OF, i - 4)
    return tf.number(a, i - 4)


def row_label(tf, label, first):
    """Finish a row whose value starts at cell ``first``: label at the left, spaces between,
    one space margin at both ends (none at the left when the label needs it: the layout keeps
    a margin too)."""
    lead = 1 if len(label) + 2 <= first else 0
    tf.put(0, SPACE)
    i = tf.text(label, lead, first - 1 - lead)
    tf.spaces(i, first)
    tf.put(tf.width - 1, SPACE)


def split_at(text, width):
    """Where ``text`` breaks into a second line of at most ``width`` (0: it fits one line)."""
    n = len(text)
    if n <= width:
        return 0
    cut = width
    while cut > 0 and text[cut] != SPACE:
        cut -= 1
    return cut + 1 if cut > 0 else width


# -- the defuse menu -----------------------------------------------------------------------------
START = const(0)
TIMER = const(1)
STRIKES = const(2)
PRACTICE = const(3)
STRICT = const(4)
TITLE = const(5)
STAT_DEFUSED = const(6)
STAT_STRIKES = const(7)
STAT_BEST = const(8)

_MENU_LABELS = (
    b"Start a bomb", b"Timer", b"Strike limit", b"Practice", b"Strict (old)", b"Title screen",
    b"Defused", b"Strikes made", b"Best time",
)
_ON_OFF = (b"off", b"on")
_NONE = b"-"


class DefuseMenu(ListScreen):
    """Start a bomb; timer, strike limit, practice and strict options; the statistics."""

    def __init__(self, app, owner):
        super().__init__(app, b"Defuse mode")
        self.owner = owner

    def enter(self):
        super().enter()
        c = self.colours
        self.title.colours(c[theme.BG], c[theme.ACCENT])

    def build_items(self):
        for item in (START, TIMER, STRIKES, PRACTICE, STRICT, TITLE, STAT_DEFUSED, STAT_STRIKES,
                     STAT_BEST):
            self.add(item)

    def selectable(self, item):
        return item < STAT_DEFUSED

    def render(self, item, tf):
        opts = self.owner.options
        stats = self.owner.defuse_stats
        if item == TIMER:
            self.pair(tf, _MENU_LABELS[item], TIMER_NAMES[opts.timer])
        elif item == STRIKES:
            self.pair(tf, _MENU_LABELS[item], STRIKE_NAMES[opts.strikes])
        elif item == PRACTICE:
            self.pair(tf, _MENU_LABELS[item], _ON_OFF[opts.practice])
        elif item == STRICT:
            self.pair(tf, _MENU_LABELS[item], _ON_OFF[opts.strict])
        elif item == STAT_DEFUSED:
            row_label(tf, _MENU_LABELS[item], of_right(tf, stats.defused, stats.bombs, tf.width - 1, True))
        elif item == STAT_STRIKES:
            row_label(tf, _MENU_LABELS[item], tf.number(stats.strikes, tf.width - 1))
        elif item == STAT_BEST:
            if stats.best_ms:
                first = time_right(tf, stats.best_ms // 1000, tf.width - 1)
            else:
                first = tf.width - 2
                tf.put(first, _NONE[0])
            row_label(tf, _MENU_LABELS[item], first)
        else:
            self.label(tf, _MENU_LABELS[item])

    def change(self, item, step):
        opts = self.owner.options
        if item == TIMER:
            opts.timer = (opts.timer + step) % len(TIMER_S)
        elif item == STRIKES:
            opts.strikes = (opts.strikes + step) % len(STRIKE_LIMITS)
        elif item == PRACTICE:
            opts.practice = not opts.practice
        elif item == STRICT:
            opts.strict = not opts.strict
        else:
            return False
        return True

    def activate(self, item):
        if item == START:
            self.owner.start_bomb()
        elif item == TITLE:
            self.back()
        else:
            self.change(item, 1)

    def back(self):
        self.app.show(S.TITLE)


# -- the edgework --------------------------------------------------------------------------------
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


# -- the result ----------------------------------------------------------------------------------
R_TIME = const(0)
R_STRIKES = const(1)
R_BEST = const(2)
R_NEW_BEST = const(3)
R_CAUSE = const(4)
R_REASON_1 = const(5)
R_REASON_2 = const(6)
R_DEFUSED = const(7)
AGAIN = const(8)
MENU = const(9)

_RESULT_LABELS = (
    b"Time", b"Strikes", b"Best time", b"New best time!", b"", b"", b"", b"Bombs defused",
    b"New bomb", b"Defuse menu",
)
_TITLE_DEFUSED = b"Defused!"
_TITLE_BOOM = b"BOOM!"
_CAUSE_TIME = b"Time ran out"
_CAUSE_STRIKES = b"Too many strikes"


class ResultList(ListScreen):
    """"Defused!" or "BOOM!": the time, strikes, best time and why it blew; new bomb / menu."""

    dim_role = theme.INK  # every row is read out

    def __init__(self, app, owner, frame):
        super().__init__(app, b"", frame)
        self.owner = owner
        self.solved = False
        self.new_best = False
        self.reason = b""
        self._cut = 0

    def set_result(self, solved, new_best, reason):
        self.solved = solved
        self.new_best = new_best
        self.reason = reason
        self._cut = split_at(reason, self.rows[0].width) if reason else 0
        self.title_text = _TITLE_DEFUSED if solved else _TITLE_BOOM

    def build_items(self):
        self.add(R_TIME)
        self.add(R_STRIKES)
        self.add(R_NEW_BEST if self.new_best else R_BEST)
        if not self.solved:  # why, right above the choices (what a small screen shows)
            self.add(R_CAUSE)
            if self.reason:
                self.add(R_REASON_1)
                if self._cut:
                    self.add(R_REASON_2)
        self.add(AGAIN)
        self.add(MENU)

    def selectable(self, item):
        return item == AGAIN or item == MENU

    def render(self, item, tf):
        owner = self.owner
        module = owner.module
        stats = owner.defuse_stats
        end = tf.width - 1
        if item == R_TIME:
            row_label(tf, _RESULT_LABELS[item], time_right(tf, module.elapsed_ms // 1000, end))
        elif item == R_STRIKES:
            limit = module.strike_limit if module.strike_limit > 0 else -1
            row_label(tf, _RESULT_LABELS[item], of_right(tf, module.strikes, limit, end))
        elif item == R_BEST:
            if stats.best_ms:
                first = time_right(tf, stats.best_ms // 1000, end)
            else:
                first = end - 1
                tf.put(first, _NONE[0])
            row_label(tf, _RESULT_LABELS[item], first)
        elif item == R_DEFUSED:
            row_label(tf, _RESULT_LABELS[item], of_right(tf, stats.defused, stats.bombs, end))
        elif item == R_CAUSE:
            self.label(tf, _CAUSE_TIME if module.time_limit_s and module.time_left_ms == 0
                       else _CAUSE_STRIKES)
        elif item == R_REASON_1:  # the broken rule, centred on up to two full-width rows
            cut = self._cut
            reason = self.reason
            tf.centre(reason, 0, (cut - 1 if reason[cut - 1] == SPACE else cut) if cut else -1)
        elif item == R_REASON_2:
            tf.centre(self.reason, self._cut)
        else:
            self.label(tf, _RESULT_LABELS[item])

    def enter(self):
        super().enter()
        c = self.colours
        self.title.colours(c[theme.BG], c[theme.ACCENT if self.solved else theme.WARN])  # "Defused!" / "BOOM!"
        self.app.buttons.ring_goto(inputs.ENTER)

    def activate(self, item):
        if item == AGAIN:
            self.owner.start_bomb()
        elif item == MENU:
            self.owner.show_menu()

    def ring_name(self, code):
        return self.owner.ring_name(code)

    def back(self):
        self.owner.show_menu()
