"""Defuse mode's result: "Defused!" or "BOOM!", the time, strikes, best time and why it blew
(a view of ``ui/defuse_screen.py``, built when a bomb ends)."""

from hw import inputs
from yahtzee_core.compat import const

from . import theme
from .defuse_lists import best_right, of_right, row_label, split_at, time_right
from .list_screen import ListScreen
from .text import SPACE

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
            row_label(tf, _RESULT_LABELS[item], best_right(tf, stats.best_ms, end))
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
