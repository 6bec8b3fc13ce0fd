"""Preferences: sound, how fast the computer players move, lights, filling the last box."""

from yahtzee_core.compat import const

from . import screen as S
from .settings import PACE_MS, PACE_NAMES

SOUND = const(0)
PACE = const(1)
LIGHTS = const(2)
AUTOFILL = const(3)
BACK = const(4)

_LABELS = (b"Sound", b"Computer", b"Lights", b"Fill last box", b"Back")
_ON_OFF = (b"off", b"on")


class SettingsScreen(S.ListScreen):
    def __init__(self, app):
        super().__init__(app, b"Settings")
        self.return_to = S.TITLE

    def enter(self):
        prev = self.app.previous_id
        if prev != S.SETTINGS and prev >= 0 and prev != S.HELP:
            self.return_to = prev
        super().enter()

    def build_items(self):
        for item in (SOUND, PACE, LIGHTS, AUTOFILL, BACK):
            self.add(item)

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
