"""Preferences: sound, how fast the computer players move, lights, filling the last box, idle
times, whether the coach tells what each choice cost, and whether rolled dice tumble."""

from yahtzee_core.compat import const

from . import screen as S
from .list_screen import ListScreen
from .settings import PACE_MS

PACE_NAMES = (b"instant", b"fast", b"normal", b"slow")  # settings.PACE_MS order
# Idle times: codes into yahtzee_core.settings_record.IDLE_SECONDS (0 s = never).
IDLE_NAMES = (b"never", b"15 s", b"30 s", b"1 min", b"2 min", b"5 min", b"10 min", b"30 min")

SOUND = const(0)
PACE = const(1)
LIGHTS = const(2)
AUTOFILL = const(3)
BACK = const(4)
DIM = const(5)
SLEEP = const(6)
COSTS = const(7)
ROLLING = const(8)

_LABELS = (b"Sound", b"Computer", b"Lights", b"Fill last box", b"Back", b"Dim screen", b"Sleep", b"Coach costs",
           b"Rolling dice")
_ON_OFF = (b"off", b"on")


class SettingsScreen(ListScreen):
    def __init__(self, app):
        super().__init__(app, b"Settings")
        self.return_to = S.TITLE

    def enter(self):
        prev = self.app.previous_id
        if prev != S.SETTINGS and prev >= 0 and prev != S.HELP:
            self.return_to = prev
        super().enter()

    def build_items(self):
        for item in (SOUND, PACE, ROLLING, LIGHTS, AUTOFILL, DIM, SLEEP):
            self.add(item)
        if self.app.strategy.coaches:  # a coach comes with the players (built or not)
            self.add(COSTS)
        self.add(BACK)

    def render(self, item, tf):
        s = self.app.settings
        if item == SOUND:
            self.pair(tf, _LABELS[item], _ON_OFF[s.sound])
        elif item == PACE:
            self.pair(tf, _LABELS[item], PACE_NAMES[s.pace])
        elif item == LIGHTS:
            self.pair(tf, _LABELS[item], _ON_OFF[s.lights])
        elif item == AUTOFILL:
            self.pair(tf, _LABELS[item], _ON_OFF[s.autofill])
        elif item == DIM or item == SLEEP:
            self.pair(tf, _LABELS[item], IDLE_NAMES[s.dim_after if item == DIM else s.sleep_after])
        elif item == COSTS:
            self.pair(tf, _LABELS[item], _ON_OFF[s.show_cost])
        elif item == ROLLING:
            self.pair(tf, _LABELS[item], _ON_OFF[s.tumble])
        else:
            self.label(tf, _LABELS[item])

    def change(self, item, step):
        s = self.app.settings
        if item == SOUND:
            s.sound = not s.sound
        elif item == PACE:
            s.pace = (s.pace + step) % len(PACE_MS)
        elif item == LIGHTS:
            s.lights = not s.lights
        elif item == AUTOFILL:
            s.autofill = not s.autofill
            self.app.game.autofill = s.autofill
        elif item == DIM:
            s.dim_after = (s.dim_after + step) % len(IDLE_NAMES)
        elif item == SLEEP:
            s.sleep_after = (s.sleep_after + step) % len(IDLE_NAMES)
        elif item == COSTS:
            s.show_cost = not s.show_cost
        elif item == ROLLING:
            s.tumble = not s.tumble
        else:
            return False
        self.app.apply_preferences()
        return True

    def activate(self, item):
        if item == BACK:
            self.back()
        else:
            self.change(item, 1)

    def back(self):
        self.app.show(self.return_to)


SCREEN = SettingsScreen  # the screen ui/screen_set.py builds from this module
