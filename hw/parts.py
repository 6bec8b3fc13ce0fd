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
    while any die is held."""

    def __init__(self, pixels, die_pixels):
        self.pixels = pixels
        self.die_pixels = die_pixels
        self.held_mask = 0
        self.power = None  # the NeoPixel power pin (digitalio) where it has one, kept claimed

    def show_held(self, mask):
        self.held_mask = mask
        px = self.pixels
        dp = self.die_pixels
        if dp is None:
            px[0] = HELD_COLOUR if mask else 0
        else:
            i = 0
            while i < len(dp):
                px[dp[i]] = HELD_COLOUR if (mask >> i) & 1 else 0
                i += 1
        px.show()

    def show_colours(self, colours):
        px = self.pixels
        i = 0
        while i < len(colours) and i < len(px):
            px[i] = colours[i]
            i += 1
        px.show()

    def off(self):
        self.held_mask = 0
        self.pixels.fill(0)
        self.pixels.show()


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
