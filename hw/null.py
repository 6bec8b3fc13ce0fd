"""Do-nothing sound and lights for boards (and the desktop) without them: loaded only where one
is needed (``hw/assembly.py``).

Each remembers the last thing asked of it, so tests and the desktop can see what the app did."""


class NullSound:
    """``play(name)`` remembers the cue; nothing sounds."""

    def __init__(self):
        self.muted = False
        self.last = None  # last cue asked for (also when muted)
        self.count = 0  # cues asked for since start

    def play(self, name):
        self.last = name
        self.count += 1

    def update(self, now_ms):
        pass

    def stop(self):
        pass


class NullLights:
    """Remembers the held mask / colours it was asked to show."""

    def __init__(self):
        self.held_mask = 0
        self.colours = None

    def show_held(self, mask):
        self.held_mask = mask

    def show_colours(self, colours):
        self.colours = colours

    def off(self):
        self.held_mask = 0
        self.colours = None
