"""The simulated boards' power part: the desktop's headless board and the VM's board double
neither dim nor sleep (a real board's is ``hw/parts.BacklightPower``; the desktop window's
``sim/desktop.WindowPower``)."""


class NullPower:
    """No dimming or sleep: ``dimmed`` records the request; sleeping returns at once."""

    def __init__(self, display=None):
        self.display = display
        self.dimmed = False

    def dim(self, on):
        self.dimmed = bool(on)

    def sleep_until_button(self):
        return None
