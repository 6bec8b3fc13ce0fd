"""This board's controls (``board.keymap_help``) and a few lines on how a turn goes."""

from hw import inputs

from . import screen as S
from .list_screen import ListScreen

_TIPS = (
    "Roll up to 3 times; hold dice between rolls.",
    "Score one box a turn: the cursor shows what each open box would score.",
    "Several players: Left/Right on the scorecard show each one's card; the menu, their totals.",
)


def wrap(text, width, indent="  "):
    """``text`` broken at spaces into lines of at most ``width``, continued indented."""
    lines = []
    while len(text) > width:
        cut = text.rfind(" ", 0, width + 1)
        if cut <= len(indent):
            cut = width
        lines.append(text[:cut].rstrip())
        text = indent + text[cut:].lstrip()
    lines.append(text)
    return lines


class HelpScreen(ListScreen):
    MAX_ITEMS = 48

    def __init__(self, app):
        super().__init__(app, b"Controls")
        self.return_to = S.TITLE
        width = self.rows[0].width - 1
        lines = []
        for key, meaning in app.board.keymap_help:
            for line in wrap(key + ": " + meaning, width):
                lines.append(S.to_bytes(line))
        for tip in _TIPS:
            lines.append(b"")
            for line in wrap(tip, width, ""):
                lines.append(S.to_bytes(line))
        self.lines = tuple(lines[: self.MAX_ITEMS])

    def enter(self):
        prev = self.app.previous_id
        if prev != S.HELP and prev >= 0:
            self.return_to = prev
        self.top = 0
        super().enter()

    def build_items(self):
        for i in range(len(self.lines)):
            self.add(i)

    def selectable(self, item):
        return False

    def render(self, item, tf):
        self.label(tf, self.lines[item])

    def handle(self, code):
        if code == inputs.ENTER:
            self.back()
        else:
            super().handle(code)

    def back(self):
        self.app.show(self.return_to)


SCREEN = HelpScreen  # the screen ui/screen_set.py builds from this module
