"""The PyGamer's analog stick as four keys (only that board loads this module)."""

from yahtzee_core.compat import const

# A direction goes down past the outer line and up again only back inside the inner one: the
# gap (hysteresis) keeps a stick resting near a line from chattering, as a debouncer would,
# without a library or a clock (the stick's centre is about 32768).
_PRESS_LOW = const(20000)  # left/up goes down below this ...
_RELEASE_LOW = const(26000)  # ... and up above this
_PRESS_HIGH = const(45000)  # right/down goes down above this ...
_RELEASE_HIGH = const(39000)  # ... and up below this


class AxisKeys:
    """Turns an analog joystick into four virtual keys.

    ``x``/``y``: objects with ``.value`` 0..65535; keys ``first_key`` + 0..3 are left,
    right, up, down. ``update`` allocates nothing on a board (small ints only)."""

    def __init__(self, x, y, first_key):
        self.x = x
        self.y = y
        self.first_key = first_key
        self.down = 0  # bit i: key first_key + i is down

    def update(self, buttons, now):
        x = self.x.value
        y = self.y.value
        i = 0
        while i < 4:  # left, right (x), up, down (y); one method: each costs a board ~50 B of heap
            value = x if i < 2 else y
            down = (self.down >> i) & 1
            if i & 1:  # right or down: the high side
                on = value > (_RELEASE_HIGH if down else _PRESS_HIGH)
            else:
                on = value < (_RELEASE_LOW if down else _PRESS_LOW)
            if on != (down == 1):
                self.down ^= 1 << i
                buttons.key(self.first_key + i, on, now)
            i += 1
