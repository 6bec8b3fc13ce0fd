"""Defuse mode: the coloured-dice bomb puzzle of docs/defuse_manual.md on the hand-held.

One player holds the device and defuses; a friend reads the manual aloud without seeing the
screen. The screen (id ``S.DEFUSE``) has four views in one Group:

- the defuse menu (``ui/defuse_menu.py``): start a bomb; timer off / 3:00 / 5:00, strike
  limit, practice (after a strike, show which rule was broken), strict (older module
  releases); the statistics;
- the edgework (``ui/defuse_edge.py``): serial, batteries and holders, lit and unlit
  indicators, port plates; shown first when a bomb starts, so the defuser can read it out;
- the dice (drawn here): countdown and strike marks, five coloured dice (colour letters on a
  mono screen) with the kept dice apart in their own row, the stage, strike messages;
- the result (``ui/defuse_result.py``): "Defused!" or "BOOM!", time, strikes, best time.

A list view is built when its phase begins and dropped, its module unloaded on a board, when
the phase ends (the menu while no bomb is live, the edgework while one is, the result after
it): a bomb holds one list's code, not three (``list_for``, ``_drop_lists``).

Keys on a bomb: HOLD_1..5 keep / release purple, yellow, blue, white, black (PyGamer and
PyBadge: the stick chooses a die, A keeps it); ROLL rolls; any other key switches between the
dice and the edgework (up/down scroll the edgework; up at its top goes back); MENU twice gives
up. The countdown runs from the moment the bomb starts (``Module.tick`` from the app clock);
while it runs the screen keeps the app's idle timer from dimming or sleeping.

Statistics live in ``defuse_stats`` (``ui/defuse_stats.DefuseStats``); ``on_stats`` (None
by default) is called with them after every finished or given-up bomb, for saving."""

import sys

import displayio

from hw import inputs
from yahtzee_core import defuse
from yahtzee_core.compat import const

from . import screen as S
from . import theme
from .defuse_dice import ColourDiceView
from .defuse_lists import split_at, time_left
from .defuse_stats import DefuseOptions, DefuseStats
from .idle import ticks_diff
from .list_screen import ListScreen
from .screen_set import UNLOADS, unload
from .text import DOT_EMPTY, SPACE, ZERO

VIEW_MENU = const(0)
VIEW_DICE = const(1)
VIEW_EDGE = const(2)
VIEW_RESULT = const(3)

# each list view's (module, class), by view (the dice are drawn here)
_LISTS = (("ui.defuse_menu", "DefuseMenu"), None, ("ui.defuse_edge", "EdgeworkList"),
          ("ui.defuse_result", "ResultList"))

NO_BOMB = const(0)
ARMED = const(1)  # the bomb is live: dice, edgework, clock running
OVER = const(2)  # defused or exploded: the last picture, then the result

OVER_MS = const(1500)  # how long the defused / exploded dice stay before the result
NOTE_MS = const(1600)
CONFIRM_MS = const(3000)
QUIET_MS = const(600)  # no clock tick this soon after another cue (it would cut it off)
HURRY_S = const(30)  # the countdown turns to the warning colour

REASON_TEXT = tuple([S.to_bytes(r) for r in defuse.REASONS])
_STRIKE = b"Strike!"
_DEFUSED = b"DEFUSED!"
_BOOM = b"BOOM!"
_ROLL_TO_START = b"Roll to start"
_ROLL_FIRST = b"Roll first"
_FULL = b"4 dice at most"
_CONFIRM = b"Menu again: give up"
_ROLLED = b"Rolled "
_X = const(88)  # "X": a strike

_RING_KEEP = (b"Keep purple", b"Keep yellow", b"Keep blue", b"Keep white", b"Keep black")
_RING_DROP = (b"Drop purple", b"Drop yellow", b"Drop blue", b"Drop white", b"Drop black")
_RING_EDGEWORK = b"Edgework"
_RING_DICE = b"Dice"
_RING_SCROLL_DOWN = b"Scroll down"
_RING_SCROLL_UP = b"Scroll up"
_RING_GIVE_UP = b"Give up"
_RING_NEW_BOMB = b"New bomb"


class DefuseScreen(S.Screen):
    def __init__(self, app):
        super().__init__(app)
        lay = self.lay
        self.options = DefuseOptions()
        self.defuse_stats = DefuseStats()
        self.on_stats = None  # saving hook: called with defuse_stats after each bomb (ended or given up)
        if app.store is not None:  # the saved statistics in, and saved after each bomb
            from yahtzee_core import defuse_record

            defuse_record.load_stats(app.store, self.defuse_stats)
            self.on_stats = self.save_stats
        self.module = None
        self.phase = NO_BOMB
        self.view = VIEW_MENU
        self.chosen = 0  # the die the stick points at (boards without hold keys)
        # the dice view: its dice and text fields (``self.fields``) go into play_group; the
        # list views sit beside it in the screen's Group
        outer = self.group
        self.play_group = self.group = displayio.Group()
        self.dice = ColourDiceView(lay, self.colours, app.sheet, app.board.colour)
        self.group.append(self.dice.group)
        self.timer = self.field(lay.defuse_timer, theme.ACCENT, private=True)
        self.strike_marks = self.field(lay.defuse_strikes, theme.WARN)
        self.stage = self.field(lay.defuse_stage, theme.INK) if lay.defuse_stage else None
        lines = []
        for spec in lay.defuse_lines:
            lines.append(self.field(spec, theme.INK, private=True))
        self.footer = None
        if app.buttons.ring is not None:  # the last line shows the command ring
            self.footer = lines.pop()
            self.footer.colours(self.colours[theme.BG], self.colours[theme.DIM])
        self.lines = tuple(lines)
        self.group = outer
        self.play_group.hidden = True
        outer.append(self.play_group)
        self.frame = ListScreen(app, b"")  # the list views' shared title, rows and Group (hidden)
        outer.append(self.frame.group)
        self.menu = None  # the list views, each built in its phase (``list_for``)
        self.edge = None
        self.result = None
        # state of the dice view
        self.last_ms = 0
        self.over_until = 0
        self.quiet_until = 0
        self.note = b""
        self.note_role = theme.INK
        self.note_until = 0
        self.confirm_until = 0
        self.confirming = False
        self.strike_shown = False  # a strike message stays until the next roll
        self._shown_s = -1
        self._shown_hurry = -1
        self._msg_serial = -1
        self.idle = None

    # -- views ---------------------------------------------------------------------------------
    def _list_view(self, view):
        if view == VIEW_MENU:
            return self.menu
        if view == VIEW_EDGE:
            return self.edge
        if view == VIEW_RESULT:
            return self.result
        return None

    def list_for(self, view):
        """The list of ``view``, built (its module imported) if it is not."""
        lst = self._list_view(view)
        if lst is None:
            name, cls = _LISTS[view]
            __import__(name)
            lst = getattr(sys.modules[name], cls)(self.app, self, self.frame)
            self._set_list(view, lst)
        return lst

    def _set_list(self, view, lst):
        if view == VIEW_MENU:
            self.menu = lst
        elif view == VIEW_EDGE:
            self.edge = lst
        else:
            self.result = lst

    def _drop_lists(self, keep):
        """A phase begins (or Defuse mode is left: -1): drop every list view but ``keep``'s,
        unloading its module."""
        for view in (VIEW_MENU, VIEW_EDGE, VIEW_RESULT):
            if view != keep and self._list_view(view) is not None:
                self._set_list(view, None)
                if UNLOADS:
                    unload(_LISTS[view][0])

    def set_view(self, view):
        self.frame.group.hidden = view == VIEW_DICE
        self.play_group.hidden = view != VIEW_DICE
        self.view = view
        if view != VIEW_DICE:
            self.list_for(view).enter()
        else:
            self.stale = True
            self._ring_pos = -1
            self._shown_s = -1

    def show_menu(self):
        if self.phase == ARMED:
            self.phase = NO_BOMB  # given up: counted as started, neither defused nor exploded
        self.app.lights.off()
        self._drop_lists(VIEW_MENU)
        self.set_view(VIEW_MENU)

    def enter(self):
        super().enter()
        self.idle = getattr(self.app, "idle", None)  # the app's dim/sleep timer, if it has one
        self.show_menu()

    def leave(self):
        if self.phase == ARMED:
            self.phase = NO_BOMB
        self.app.lights.off()
        self._drop_lists(-1)  # (their modules' names are here, not in ui/screen_set.py's table)

    # -- a bomb --------------------------------------------------------------------------------
    def start_bomb(self):
        """Arm a new bomb: edgework from the board's dice source, the chosen options."""
        app = self.app
        opts = self.options
        self._drop_lists(VIEW_EDGE)  # the menu (its module too) first: not beside the bomb being made
        ew = defuse.generate_edgework(app.board.rng)
        self.module = defuse.Module(ew, opts.strike_limit(), opts.time_limit_s(), opts.strict)
        self.list_for(VIEW_EDGE).set_bomb(ew)
        self.phase = ARMED
        self.last_ms = app.now
        self.chosen = 0
        self.note = b""
        self.confirming = False
        self.strike_shown = False
        self.defuse_stats.bomb_started()
        self.show_lights()
        self.set_view(VIEW_EDGE)
        app.buttons.ring_goto(inputs.ROLL)

    def toggle(self, colour):
        app = self.app
        result = self.module.toggle(colour)
        if result == defuse.TOGGLE_KEPT or result == defuse.TOGGLE_RELEASED:
            self.cue("hold")
            self.show_lights()
        elif result == defuse.TOGGLE_NOT_ROLLED:
            self.say(_ROLL_FIRST, theme.WARN)
            app.sound.play("refuse")
        elif result == defuse.TOGGLE_FULL:
            self.say(_FULL, theme.WARN)
            app.sound.play("refuse")
        self.stale = True

    def roll(self):
        ev = self.module.roll(self.app.board.rng)
        if ev == defuse.EV_ROLLED:
            self.strike_shown = False
            self.cue("roll")
        elif ev == defuse.EV_STRIKE:
            self.strike_shown = True
            self.defuse_stats.strike()
            self.cue("strike")
        elif ev == defuse.EV_SOLVED:
            self.strike_shown = False
            self.finish(True)
        elif ev == defuse.EV_EXPLODED:
            self.strike_shown = True
            self.defuse_stats.strike()
            self.finish(False)
        self.stale = True

    def finish(self, solved):
        """The bomb is defused or has exploded: show the dice a moment, then the result."""
        stats = self.defuse_stats
        module = self.module
        new_best = False
        if solved:
            new_best = stats.bomb_defused(module.elapsed_ms)
            self.cue("defuse")
        else:
            stats.bomb_exploded()
            self.cue("game_over")
        reason = b""
        if not solved and self.options.practice and module.strikes and (
                module.strike_limit > 0 and module.strikes >= module.strike_limit):
            reason = REASON_TEXT[module.last_reason]
        self.phase = OVER
        self.over_until = (self.app.now + OVER_MS) & 0x1FFFFFFF
        self.confirming = False
        self.note = b""
        if self.view != VIEW_DICE:
            self.set_view(VIEW_DICE)
        self._drop_lists(VIEW_RESULT)
        self.list_for(VIEW_RESULT).set_result(solved, new_best, reason)
        if self.on_stats is not None:
            self.on_stats(stats)

    def save_stats(self, stats):
        """A bomb ended: Defuse mode's statistics saved (``on_stats`` with a store; Defuse-only code,
        so not the App's, which every screen holds)."""
        app = self.app
        from yahtzee_core import defuse_record

        app._saved(defuse_record.save_stats(app.store, stats))
        app.release_records()

    def show_result(self):
        self.app.lights.off()
        self.set_view(VIEW_RESULT)

    def menu_pressed(self):
        """MENU on a live bomb: the first press asks, a second one within 3 s gives up."""
        if self.confirming:
            self.confirming = False
            self.note = b""
            self.show_menu()
            if self.on_stats is not None:  # given up: the bomb and its strikes are kept too
                self.on_stats(self.defuse_stats)
            return
        self.confirming = True
        self.confirm_until = (self.app.now + CONFIRM_MS) & 0x1FFFFFFF
        self.say(_CONFIRM, theme.WARN, CONFIRM_MS)
        if self.view != VIEW_DICE:
            self.set_view(VIEW_DICE)

    def cue(self, name):
        """A sound cue that the clock's tick must not cut off."""
        self.app.sound.play(name)
        self.quiet_until = (self.app.now + QUIET_MS) & 0x1FFFFFFF

    def say(self, text, role=theme.INK, ms=NOTE_MS):
        self.note = text
        self.note_role = role
        self.note_until = (self.app.now + ms) & 0x1FFFFFFF
        self.stale = True

    def show_lights(self):
        app = self.app
        if app.settings.lights and self.module is not None:
            app.lights.show_held(self.module.kept)
        else:
            app.lights.show_held(0)

    # -- input ---------------------------------------------------------------------------------
    def handle(self, code):
        view = self.view
        if view == VIEW_MENU:
            self.menu.handle(code)
            return
        if view == VIEW_RESULT:
            if code == inputs.ROLL or code == inputs.NEW_GAME:
                self.start_bomb()
            else:
                self.result.handle(code)
            return
        if self.phase == OVER:
            self.show_result()  # any key skips the last picture
            return
        if code == inputs.MENU or code == inputs.NEW_GAME:
            self.menu_pressed()
            return
        if self.confirming:
            self.confirming = False
            self.note = b""
            self.stale = True
        if inputs.HOLD_1 <= code <= inputs.HOLD_5:
            colour = code - inputs.HOLD_1
            self.chosen = colour
            if view != VIEW_DICE:
                self.set_view(VIEW_DICE)
            self.toggle(colour)
        elif code == inputs.ROLL:
            if view != VIEW_DICE:
                self.set_view(VIEW_DICE)
            self.roll()
        elif view == VIEW_DICE:
            if self.app.die_focus and (code == inputs.LEFT or code == inputs.RIGHT):
                self.chosen = (self.chosen + (1 if code == inputs.RIGHT else 4)) % 5
                self.stale = True
                self.app.sound.play("tick")
            elif self.app.die_focus and code == inputs.ENTER:
                self.toggle(self.chosen)
            else:
                self.set_view(VIEW_EDGE)
        else:  # the edgework
            if code == inputs.DOWN or (code == inputs.UP and not self.edge.at_top()):
                self.edge.handle(code)
            else:
                self.set_view(VIEW_DICE)
                self.app.buttons.ring_goto(inputs.ROLL)

    def ring_name(self, code):
        """What the ring item ``code`` does now (bytes; None: what it always does)."""
        view = self.view
        if view == VIEW_MENU:
            return None
        if view == VIEW_RESULT:
            if code == inputs.ROLL or code == inputs.NEW_GAME:
                return _RING_NEW_BOMB
            return None
        if inputs.HOLD_1 <= code <= inputs.HOLD_5:
            colour = code - inputs.HOLD_1
            module = self.module
            if module is not None and module.is_kept(colour):
                return _RING_DROP[colour]
            return _RING_KEEP[colour]
        if code == inputs.ROLL or code == inputs.SOUND:
            return None
        if code == inputs.NEW_GAME:
            return _RING_GIVE_UP
        if view == VIEW_DICE:
            return _RING_EDGEWORK
        if code == inputs.DOWN:
            return _RING_SCROLL_DOWN
        if code == inputs.UP and not self.edge.at_top():
            return _RING_SCROLL_UP
        return _RING_DICE

    # -- the clock -----------------------------------------------------------------------------
    def tick(self, now):
        app = self.app
        if self.note and ticks_diff(now, self.note_until) >= 0:
            self.note = b""
            self.stale = True
        if self.confirming and ticks_diff(now, self.confirm_until) >= 0:
            self.confirming = False
        if self._msg_serial != app.msg_serial:
            self._msg_serial = app.msg_serial
            self.stale = True
        if self.phase == ARMED:
            idle = self.idle
            if idle is not None:
                idle.touch(now)  # a live bomb never dims or sleeps: its clock is running
            dt = ticks_diff(now, self.last_ms)
            self.last_ms = now
            if dt > 0:
                ev = self.module.tick(dt)
                if ev == defuse.EV_TICK:
                    if self.module.time_limit_s and ticks_diff(now, self.quiet_until) >= 0:
                        app.sound.play("tick")
                elif ev == defuse.EV_EXPLODED:
                    self.strike_shown = False  # the time ran out: no rule to show
                    self.finish(False)
        elif self.phase == OVER and self.view == VIEW_DICE:
            if ticks_diff(now, self.over_until) >= 0:
                self.show_result()

    # -- drawing -------------------------------------------------------------------------------
    def draw(self):
        view = self._list_view(self.view)
        if view is not None:
            view.draw()
            return
        if self.module is None:
            return
        self._draw_timer()
        ring_moved = self.ring_changed()
        if not (self.stale or ring_moved):
            return
        self.stale = False
        self._draw_dice()
        self._draw_strikes()
        if self.stage is not None:
            self._draw_stage(self.stage, 0)
        self._draw_lines()
        if self.footer is not None:
            self.draw_ring(self.footer, self.footer.width, self.footer.width)

    def _draw_timer(self):
        module = self.module
        if module.time_limit_s:
            s = module.seconds_left()
            hurry = 1 if s <= HURRY_S else 0
        else:
            s = module.elapsed_ms // 1000
            hurry = 2
        if s == self._shown_s and hurry == self._shown_hurry:
            return
        self._shown_s = s
        tf = self.timer
        time_left(tf, s)
        if hurry != self._shown_hurry:
            self._shown_hurry = hurry
            c = self.colours
            role = theme.WARN if hurry == 1 else (theme.DIM if hurry == 2 else theme.ACCENT)
            tf.colours(c[theme.BG], c[role])

    def _draw_dice(self):
        module = self.module
        view = self.dice
        show_chosen = self.app.die_focus and self.phase == ARMED
        kept = module.kept
        for i in range(5):
            view.show(i, module.dice[i], (kept >> i) & 1, show_chosen and i == self.chosen)

    def _draw_strikes(self):
        module = self.module
        tf = self.strike_marks
        limit = module.strike_limit
        w = tf.width
        if limit > 0:
            n = limit if limit <= w else w
            tf.spaces(0, w - n)
            for k in range(n):
                tf.put(w - n + k, _X if k < module.strikes else DOT_EMPTY)
        elif module.strikes:
            first = tf.number(module.strikes, w)
            tf.put(first - 1, _X)
            tf.spaces(0, first - 1)
        else:
            tf.spaces()

    def _draw_stage(self, tf, start):
        """"Rolled N" (the stage of the rules) from cell ``start``; nothing before a roll."""
        stage = self.module.stage
        if stage == 0:
            tf.spaces(start)
            return
        if tf is self.stage:
            n = len(_ROLLED) + 1
            start = (tf.width - n) // 2
            tf.spaces(0, start)
        i = tf.text(_ROLLED, start)
        tf.put(i, ZERO + stage)
        tf.spaces(i + 1)

    def _write(self, k, text, role, first=0, n=-1):
        """Line ``k`` shows ``text[first:first + n]`` centred in the colour of ``role``."""
        tf = self.lines[k]
        tf.centre(text, first, n)
        c = self.colours
        tf.colours(c[theme.BG], c[role])

    def _draw_lines(self):
        """A message (sound on/off, a refusal, the give-up question) on the first line; then
        the state: "Roll to start", "Strike!" and, practising, the broken rule, "DEFUSED!" or
        "BOOM!"; where the layout has no stage field, "Rolled N" otherwise."""
        app = self.app
        module = self.module
        lines = self.lines
        n = len(lines)
        k = 0
        if app.msg:
            self._write(0, app.msg, app.msg_role)
            k = 1
        elif self.note:
            self._write(0, self.note, self.note_role)
            k = 1
        head = None
        head_role = theme.WARN
        if self.phase == OVER:
            head = _DEFUSED if module.solved else _BOOM
            head_role = theme.ACCENT if module.solved else theme.WARN
        elif self.strike_shown:
            head = _STRIKE
        elif module.stage == 0:
            head = _ROLL_TO_START
            head_role = theme.DIM
        reason = None
        need = 0
        cut = 0
        if self.strike_shown and self.options.practice:
            reason = REASON_TEXT[module.last_reason]
            cut = split_at(reason, lines[0].width)
            need = 2 if cut else 1
        if head is not None:
            if k < n and (reason is None or k + 1 + need <= n):  # the rule wins a short screen
                self._write(k, head, head_role)
                k += 1
        elif self.stage is None and k < n:
            tf = lines[k]
            tf.put(0, SPACE)
            self._draw_stage(tf, 1)
            c = self.colours
            tf.colours(c[theme.BG], c[theme.INK])
            k += 1
        if reason is not None:
            if cut and k + 1 < n:
                self._write(k, reason, theme.WARN, 0, cut - 1 if reason[cut - 1] == 32 else cut)
                self._write(k + 1, reason, theme.WARN, cut)
                k += 2
            elif k < n:
                self._write(k, reason, theme.WARN)
                k += 1
        while k < n:
            lines[k].spaces()
            k += 1


SCREEN = DefuseScreen  # the screen ui/screen_set.py builds from this module
