"""The board's devices that live while the app runs: dice from the hardware RNG, held dice on
NeoPixels, the backlight's dimming and sleep. hw/assembly.py makes them (and the rest of the
Board) once, at start-up.

Hardware modules are imported inside the functions, so the desktop and tests can import
the board modules (for their key tables) without CircuitPython."""

HELD_COLOUR = 0x402800  # amber, dim: NeoPixels at full power dazzle and drain batteries


class HardwareDice:
    """``die()`` from ``random``, which CircuitPython seeds from the hardware TRNG."""

    def __init__(self):
        import random

        try:
            import os

            random.seed(int.from_bytes(os.urandom(4), "little"))
        except (ImportError, AttributeError, NotImplementedError, OSError):
            pass
        self._randint = random.randint

    def die(self):
        return self._randint(1, 6)


class PixelLights:
    """Held dice on NeoPixels: ``die_pixels[i]`` lights for die i; with one pixel, it lights
    while any die is held. ``write(pin, buf)`` is CircuitPython's ``neopixel_write``, the call
    the ``neopixel`` library ends in (the library would hold ~3 KB of heap for these few
    pixels); ``buf`` has each pixel's green, red and blue bytes, the order of every board's
    NeoPixels here."""

    def __init__(self, write, pin, count, die_pixels):
        self.write = write
        self.pin = pin  # a DigitalInOut, output
        self.buf = bytearray(3 * count)
        self.die_pixels = die_pixels
        self.held_mask = 0
        self.power = None  # the NeoPixel power pin (digitalio) where it has one, kept claimed

    def _put(self, i, colour):
        buf = self.buf
        i *= 3
        buf[i] = (colour >> 8) & 0xFF
        buf[i + 1] = (colour >> 16) & 0xFF
        buf[i + 2] = colour & 0xFF

    def show_held(self, mask):
        self.held_mask = mask
        dp = self.die_pixels
        if dp is None:
            self._put(0, HELD_COLOUR if mask else 0)
        else:
            i = 0
            while i < len(dp):
                self._put(dp[i], HELD_COLOUR if (mask >> i) & 1 else 0)
                i += 1
        self.write(self.pin, self.buf)

    def show_colours(self, colours):
        n = len(self.buf) // 3
        i = 0
        while i < len(colours) and i < n:
            self._put(i, colours[i])
            i += 1
        self.write(self.pin, self.buf)

    def off(self):
        self.held_mask = 0
        buf = self.buf
        for i in range(len(buf)):
            buf[i] = 0
        self.write(self.pin, buf)


class BacklightPower:
    """Dims the backlight; ``sleep_until_button`` blanks it and waits for a key event.

    ``alarm`` pin wake-ups are not used: ``keypad`` owns the button pins, and the backlight is
    by far the largest draw while waiting."""

    def __init__(self, display, buttons):
        self.display = display
        self.buttons = buttons
        self.dimmed = False

    def dim(self, on):
        self.dimmed = bool(on)
        try:
            self.display.brightness = 0.15 if on else 1.0
        except (AttributeError, ValueError, NotImplementedError):
            pass

    def sleep_until_button(self):
        import time

        try:
            self.display.brightness = 0.0
        except (AttributeError, ValueError, NotImplementedError):
            pass
        buttons = self.buttons
        while True:
            buttons.poll()
            if buttons.pending() or buttons.any_down():
                break
            time.sleep(0.05)
        buttons.clear()  # the waking press does nothing else
        self.dim(self.dimmed)
