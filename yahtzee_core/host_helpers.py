"""Host-only helpers of the core for tests and tools (never loaded on a board): scripted dice and
a challenge code read from its text."""

from .rng import CODE_LENGTH, NO_CODE, char_value


class ScriptedDice:
    """Returns the given die values in order (for tests); raises when the script runs out."""

    def __init__(self, values):
        self.values = list(values)
        self.pos = 0

    def die(self):
        if self.pos >= len(self.values):
            raise IndexError("scripted dice exhausted")
        v = self.values[self.pos]
        self.pos += 1
        return v

    def extend(self, values):
        self.values.extend(values)


def code_value(text):
    """The code (0 .. 2**30-1) written in ``text`` (6 characters, bytes or str), or NO_CODE."""
    if isinstance(text, str):
        text = text.encode()
    if len(text) != CODE_LENGTH:
        return NO_CODE
    code = 0
    for c in text:
        v = char_value(c)
        if v < 0:
            return NO_CODE
        code = (code << 5) | v
    return code
