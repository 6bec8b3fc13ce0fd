"""Idle power saving: dim the screen, then sleep, when nobody touches a button.

    idle = Idle(app)
    idle.tick(now, active)     # once per frame; active: a code was handled or a computer moved

The times come from the settings as codes into ``settings_record.IDLE_SECONDS`` (0 = never):
``settings.dim_after`` and ``settings.sleep_after``. A press, a held key, a step of the
command ring, a computer seat's move or a screen that ``keeps_awake`` counts as activity and brings the screen back
from dim (that press acts as usual:
a dimmed screen is still readable). Before sleeping the app saves (``ui/sleep.py``); then
``board.power.sleep_until_button()`` blanks the screen and waits; the press that wakes the
board is dropped (``buttons.clear()``, also here in case a power object does not), so it does
nothing but wake. Time is the board's 2**29-wrapping ms clock, compared with ``ticks_diff``
(wrap-safe, as ``adafruit_ticks``). Nothing here allocates per frame."""

from yahtzee_core.compat import const
from yahtzee_core.settings_record import IDLE_SECONDS

_HALF = const(0x10000000)  # ticks wrap at 2**29: differences are taken modulo that
_MASK = const(0x1FFFFFFF)
_LONGEST = const(0x4000000)  # ~18.6 h: idle time is clamped here so it never wraps negative


def ticks_diff(a, b):
    """a - b on the 2**29-wrapping ms clock (``adafruit_ticks.ticks_diff``); the app's one copy
    (the app, the computer seats, the demo and Defuse mode import it from here)."""
    return ((a - b + _HALF) & _MASK) - _HALF


class Idle:
    def __init__(self, app):
        self.app = app
        self.last = app.now  # ticks of the last activity
        self.dimmed = False
        self.sleeps = 0  # times the board went to sleep (tests, tools)
        self._ring_pos = app.buttons.ring_pos

    def touch(self, now):
        """Activity now: restart the timers and undim."""
        self.last = now
        if self.dimmed:
            self.dimmed = False
            self.app.board.power.dim(False)

    def ring_moved_by_app(self):
        """The command ring moved, but not by a player (the demo plays): no activity."""
        self._ring_pos = self.app.buttons.ring_pos

    def idle_ms(self, now):
        return ticks_diff(now, self.last)

    def tick(self, now, active):
        app = self.app
        buttons = app.buttons
        if (active or buttons.ring_pos != self._ring_pos or buttons.any_down()
                or app.current.keeps_awake):
            self._ring_pos = buttons.ring_pos
            self.touch(now)
            return
        idle = ticks_diff(now, self.last)
        if idle > _LONGEST or idle < 0:
            self.last = (now - _LONGEST) & _MASK
            idle = _LONGEST
        settings = app.settings
        limit = IDLE_SECONDS[settings.sleep_after] * 1000
        if limit and idle >= limit:
            from .sleep import sleep  # (its code only for it: a board unloads it after)

            sleep(self)
            from .screen_set import UNLOADS, unload

            if UNLOADS:
                unload("ui.sleep")
            return
        limit = IDLE_SECONDS[settings.dim_after] * 1000
        if limit and idle >= limit and not self.dimmed:
            self.dimmed = True
            self.app.board.power.dim(True)
