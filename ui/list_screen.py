"""The list screen: a title line and a scrolling list of items (the menus, help, results, the
title screen, Defuse mode's lists). Its own module, loaded with the first list shown: a game's
play screen and scorecard hold none of it (``ui/screen_set.py`` unloads it when no list screen
is built)."""

from hw import inputs

from . import theme
from .screen import Screen
from .text import SCROLL_DOWN, SCROLL_UP, SPACE


class ListScreen(Screen):
    """A title line and a scrolling list of items (menus, help, results).

    Subclasses fill ``self.items`` (a bytearray of item ids; ``self.count`` used) in
    ``build_items()``, render one item into a row in ``render(item, field)``, and act in
    ``activate(item)`` / ``change(item, step)``. ``selectable(item)`` says whether the
    selection may rest on it. UP/DOWN move the selection; LEFT/RIGHT change a value (or move
    on items without one); ENTER activates; MENU goes ``back()``."""

    MAX_ITEMS = 24
    is_list = True
    dim_role = theme.DIM  # the colour of items the selection cannot rest on
    scroll_signs = True  # "^"/"v" at the title's end (a title showing something there: False)

    def __init__(self, app, title, frame=None):
        """``frame``: another ListScreen whose Group, title and rows this one shares (lists of
        one screen shown one at a time: each redraws every row when it is entered)."""
        super().__init__(app)
        lay = self.lay
        self.footer = None
        if frame is not None:
            self.group = frame.group
            self.fields = frame.fields
            self.title = frame.title
            self.rows = frame.rows
            self.footer = frame.footer
        else:
            self.title = self.field(lay.list_title, theme.ACCENT)
            rows = lay.list_rows
            if app.buttons.ring is not None:
                rows -= 1  # the last row shows the command ring
            self.rows = []
            for r in range(rows):
                spec = (lay.list_x, lay.list_top + r * lay.list_pitch, lay.list_width, lay.list_scale)
                self.rows.append(self.field(spec, theme.INK, private=True))
            if rows < lay.list_rows:
                spec = (lay.list_x, lay.list_top + rows * lay.list_pitch, lay.list_width, lay.list_scale)
                self.footer = self.field(spec, theme.DIM)
        if len(title) > self.title.width and b" " in title:
            title = title[title.index(b" ") + 1:]  # "Pocket Yahtzee" -> "Yahtzee"
        self.title_text = title
        self.items = bytearray(self.MAX_ITEMS)
        self.count = 0
        self.sel = 0
        self.top = 0

    # -- for subclasses --------------------------------------------------------------------
    def build_items(self):
        pass

    def render(self, item, tf):
        pass

    def selectable(self, item):
        return True

    def activate(self, item):
        pass

    def change(self, item, step):
        """Change the item's value; return False if it has none (then LEFT/RIGHT move)."""
        return False

    def back(self):
        pass

    def park(self):
        return self.top  # (the selected item is kept by every rebuilt list: ScreenSet.kept)

    def unpark(self, state):
        self.top = state

    # -- behaviour ---------------------------------------------------------------------------
    def add(self, item):
        self.items[self.count] = item
        self.count += 1

    def enter(self):
        super().enter()
        self.refresh_items()
        self.app.buttons.ring_goto(inputs.DOWN)

    def refresh_items(self, keep=-1):
        """Rebuild the item list, keeping the selection on ``keep`` if it is still there."""
        if keep < 0 and self.count:
            keep = self.items[self.sel]
        self.count = 0
        self.build_items()
        self.sel = 0
        found = False
        for i in range(self.count):
            if self.items[i] == keep and self.selectable(keep):
                self.sel = i
                found = True
                break
        if not found:
            self.sel = self._next_selectable(-1, 1)
        self._scroll()
        self.stale = True

    def _next_selectable(self, start, step):
        i = start
        for _ in range(self.count):
            i += step
            if i < 0 or i >= self.count:
                return start if start >= 0 else 0
            if self.selectable(self.items[i]):
                return i
        return start if start >= 0 else 0

    def _scroll(self):
        rows = len(self.rows)
        if self.sel < self.top:
            self.top = self.sel
        elif self.sel >= self.top + rows:
            self.top = self.sel - rows + 1
        # show the non-selectable lines above the first selectable one when they fit
        if self.top > self.count - rows:
            self.top = self.count - rows
        if self.top < 0:
            self.top = 0

    def move(self, step):
        if self.count == 0 or not self.selectable(self.items[self.sel]):
            self.scroll_by(step)  # nothing selectable (help, results): scroll
            return
        new = self._next_selectable(self.sel, step)
        if new == self.sel:
            self.scroll_by(step)  # at an end: bring the remaining lines into view
            return
        self.sel = new
        self._scroll()
        self.stale = True
        self.app.sound.play("tick")

    def scroll_by(self, step):
        top = self.top + step
        if top > self.count - len(self.rows):
            top = self.count - len(self.rows)
        if top < 0:
            top = 0
        if top != self.top:
            self.top = top
            self.stale = True

    def handle(self, code):
        if code == inputs.UP:
            self.move(-1)
        elif code == inputs.DOWN:
            self.move(1)
        elif code == inputs.LEFT or code == inputs.RIGHT:
            step = 1 if code == inputs.RIGHT else -1
            if self.count and self.selectable(self.items[self.sel]) and self.change(self.items[self.sel], step):
                self.stale = True
                self.app.sound.play("tick")
            else:
                self.move(step)
        elif code == inputs.ENTER:
            if self.count and self.selectable(self.items[self.sel]):
                self.activate(self.items[self.sel])
                self.stale = True
        elif code == inputs.MENU:
            self.back()

    def draw(self):
        if self.ring_changed() and self.footer is not None:
            self.draw_ring(self.footer, self.footer.width, self.footer.width)
        if not self.stale:
            return
        self.stale = False
        self.title.centre(self.title_text)
        rows = self.rows
        c = self.colours
        for r in range(len(rows)):
            tf = rows[r]
            i = self.top + r
            if i < self.count:
                item = self.items[i]
                self.render(item, tf)
                if i == self.sel and self.selectable(item):
                    tf.colours(c[theme.HIGHLIGHT_BG], c[theme.HIGHLIGHT_INK])
                elif self.selectable(item):
                    tf.colours(c[theme.BG], c[theme.INK])
                else:
                    tf.colours(c[theme.BG], c[self.dim_role])
            else:
                tf.spaces()
                tf.colours(c[theme.BG], c[theme.INK])
        # a list taller than the screen: the title line ends "^" while more is above, "v" below
        # (where the title leaves a blank cell before them)
        t = self.title
        w = t.width
        if self.scroll_signs and (w + len(self.title_text)) // 2 <= w - 3:
            if self.top > 0:
                t.put(w - 2, SCROLL_UP)
            if self.top + len(rows) < self.count:
                t.put(w - 1, SCROLL_DOWN)

    # -- row helpers -----------------------------------------------------------------------
    @staticmethod
    def pair(tf, label, value):
        """``label`` at the left, ``value`` (bytes) right-aligned, one space margin each side
        (none at the left when the two need that cell: the layout keeps a margin too)."""
        end = tf.width - 1
        n = len(value)
        lead = 1 if len(label) + n + 2 <= end else 0
        start = tf.text(label, lead, end - n - 1 - lead)
        tf.spaces(0, lead)
        tf.spaces(start, end - n)
        tf.text(value, end - n)
        tf.spaces(end)

    @staticmethod
    def label(tf, text):
        tf.put(0, SPACE)
        tf.line(text, 1)
