"""The player's choices: game set-up (title screen) and preferences (settings screen).

Plain small ints; ``yahtzee_core/settings_record.py`` packs them into the saved settings."""

from yahtzee_core.engine import HUMAN, MEDIUM  # (not the module: Defuse mode unloads it)
from yahtzee_core.compat import const
from yahtzee_core.rules import JOKER_FORCED

PACE_MS = (0, 250, 600, 1200)  # computer seats: pause between their moves
PACE_NORMAL = const(2)
# What the screens show for the choices, here when more than one group of screens shows it (the
# names only the title or the settings screen shows are theirs: a game does not hold them).
KIND_SHORT = (b"You", b"CPU-e", b"CPU-m", b"CPU-h")  # engine.HUMAN..HARD
VARIANT_NAMES = (b"Yahtzee", b"Yatzy", b"Yacht")  # rules.VARIANT_IDS order


class Settings:
    """Everything the menus change. ``rules()`` gives the rule set they describe."""

    def __init__(self):
        self.variant = 0  # index into rules.VARIANT_IDS
        self.seats = 1
        self.kinds = bytearray((HUMAN, MEDIUM, MEDIUM, MEDIUM))
        self.duplicate = False
        self.joker = JOKER_FORCED  # only for variants that have a Joker rule
        self.sound = True
        self.pace = PACE_NORMAL
        self.lights = True
        self.autofill = True
        self.tumble = True  # rolled dice tumble before they show the result (saved as records' still_dice)
        self.show_cost = True  # the coach tells what each human choice cost (saved as records' hide_cost)
        self.dim_after = 2  # 30 s (ui/idle.py)
        self.sleep_after = 4  # 2 min
        self.challenge = -1  # challenge code (yahtzee_core/rng.py) the next game plays, -1: none

    # (the rules module imported where it is read: this module, which the app keeps, does not
    # hold it, so Defuse mode can unload it with its rule sets, ui/app.py)
    def has_joker(self):
        from yahtzee_core import rules

        return rules.YAHTZEE_BONUSES[self.variant] > 0

    def rules(self):
        from yahtzee_core import rules

        name = rules.VARIANT_IDS[self.variant]
        return rules.get(name, self.joker if self.has_joker() else None)

    def pace_ms(self):
        return PACE_MS[self.pace]
