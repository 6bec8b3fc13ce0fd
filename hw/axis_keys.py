"""The PyGamer's analog stick as four keys (only that board loads this module)."""

from yahtzee_core.compat import const

_JOY_LOW = const(20000)  # analog stick: below this is left/up ...
_JOY_HIGH = const(45000)  # ... above this right/down (centre is about 32768)


class AxisKeys:
    """Turns an analog joystick into four virtual keys through ``adafruit_debouncer``.

    ``x``/``y``: objects with ``.value`` 0..65535; keys ``first_key`` + 0..3 are left,
    right, up, down. The debouncers are built once; ``update`` allocates nothing on a board."""

    def __init__(self, x, y, first_key, debouncer_class):
        self.x = x
        self.y = y
        self.first_key = first_key
        d = debouncer_class
        self.debouncers = (
            d(self._left), d(self._right), d(self._up), d(self._down),
        )

    def _left(self):
        return self.x.value < _JOY_LOW

    def _right(self):
        return self.x.value > _JOY_HIGH

    def _up(self):
        return self.y.value < _JOY_LOW

    def _down(self):
        return self.y.value > _JOY_HIGH

    def update(self, buttons, now):
        deb = self.debouncers
        i = 0
        while i < 4:
            d = deb[i]
            d.update()
            if d.rose:
                buttons.key(self.first_key + i, True, now)
            elif d.fell:
                buttons.key(self.first_key + i, False, now)
            i += 1
