"""Defuse mode: the bomb's "edgework" (serial number, batteries, indicators, port plates).

    from yahtzee_core import defuse
    ew = defuse.Edgework("AB3CD4", batteries=3, holders=2, lit=1, unlit=2,
                         plates=(("Parallel", "Serial"), ()))
    ew.serial_digits      # bitmask: bit d set when digit d is in the serial (here 3 and 4)
    ew.plate_count        # 2 (empty plates count)
    ew.duplicate_ports    # False: no port type on more than one plate
    ew = defuse.generate_edgework(rng)   # a random bomb, drawn with rng.die() only

Everything the legality rules need is precomputed in ``__init__`` as small ints, so the rules
themselves never allocate. ``defuse`` re-exports every public name of this module.
"""

from .compat import const
from .rng import below, chance

# Dice colours, in the manual's order.
PURPLE = const(0)
YELLOW = const(1)
BLUE = const(2)
WHITE = const(3)
BLACK = const(4)

COLOUR_LETTERS = "PYBWK"
COLOUR_NAMES = ("purple", "yellow", "blue", "white", "black")

# Port types: index into PORT_NAMES; Edgework.ports is a bitmask of them (bit = 1 << index).
PORT_DVI = const(0)
PORT_PARALLEL = const(1)
PORT_PS2 = const(2)
PORT_RJ45 = const(3)
PORT_SERIAL = const(4)
PORT_RCA = const(5)

PORT_NAMES = ("DVI-D", "Parallel", "PS/2", "RJ-45", "Serial", "Stereo RCA")

# The two kinds of port plate a bomb generates (ports in display order).
PLATE_KINDS = (("Parallel", "Serial"), ("DVI-D", "PS/2", "RJ-45", "Stereo RCA"))

INDICATOR_LABELS = ("SND", "CLR", "CAR", "IND", "FRQ", "SIG", "NSA", "MSA", "TRN", "BOB", "FRK")

# Serial characters: letters never include O or Y.
SERIAL_LETTERS = "ABCDEFGHIJKLMNPQRSTUVWXZ"
SERIAL_DIGITS = "0123456789"
SERIAL_ALNUM = SERIAL_LETTERS + SERIAL_DIGITS

WIDGET_COUNT = const(5)

# Which die the "one pair" rule names, by the first port present in this order.
_PAIR_PORTS = (PORT_PARALLEL, PORT_PS2, PORT_RCA, PORT_RJ45)
_PAIR_COLOURS = (PURPLE, BLUE, WHITE, BLACK)


def port_index(name):
    """Index of a port name in PORT_NAMES (ValueError for an unknown name)."""
    for i in range(len(PORT_NAMES)):
        if PORT_NAMES[i] == name:
            return i
    raise ValueError("unknown port: " + str(name))


class Edgework:
    """The facts about a bomb that the Defuse rules read.

    serial: the 6-character serial number; batteries: number of batteries; holders: number of
    battery holders; lit / unlit: numbers of lit and unlit indicators; plates: a sequence of port
    plates, each a sequence of port names from PORT_NAMES (a plate may be empty).
    indicators: optional sequence of (label, lit) pairs for display; when given it must agree with
    lit / unlit.

    Derived (read-only by convention): serial_digits (bit d = digit d occurs in the serial),
    ports (bit p = port type p is present somewhere), port_counts (bytearray, per port type, the
    number of plates carrying it), duplicate_ports (some port type on more than one plate),
    plate_count, pair_colour (the die the "one pair" rule names).
    """

    def __init__(self, serial, batteries, holders, lit, unlit, plates, indicators=None):
        self.serial = str(serial)
        self.batteries = int(batteries)
        self.holders = int(holders)
        self.lit = int(lit)
        self.unlit = int(unlit)
        if self.batteries < 0 or self.holders < 0 or self.lit < 0 or self.unlit < 0:
            raise ValueError("negative edgework count")
        plate_list = []
        counts = bytearray(len(PORT_NAMES))
        for plate in plates:
            names = []
            for name in plate:
                counts[port_index(name)] += 1
                names.append(name)
            plate_list.append(tuple(names))
        self.plates = tuple(plate_list)
        self.plate_count = len(self.plates)
        self.port_counts = counts
        ports = 0
        dup = False
        for i in range(len(PORT_NAMES)):
            if counts[i]:
                ports |= 1 << i
            if counts[i] > 1:
                dup = True
        self.ports = ports
        self.duplicate_ports = dup
        digits = 0
        for code in self.serial.encode():  # (iterating the str would intern each character)
            if 48 <= code <= 57:
                digits |= 1 << (code - 48)
        self.serial_digits = digits
        pair = YELLOW
        for i in range(len(_PAIR_PORTS)):
            if ports & (1 << _PAIR_PORTS[i]):
                pair = _PAIR_COLOURS[i]
                break
        self.pair_colour = pair
        if indicators is None:
            self.indicators = ()
        else:
            ind = []
            n_lit = 0
            for label, is_lit in indicators:
                ind.append((str(label), bool(is_lit)))
                if is_lit:
                    n_lit += 1
            if n_lit != self.lit or len(ind) - n_lit != self.unlit:
                raise ValueError("indicators disagree with lit/unlit counts")
            self.indicators = tuple(ind)

    def has_port(self, port):
        """True when the port type (index or name) is on some plate."""
        if isinstance(port, str):
            port = port_index(port)
        return bool(self.ports & (1 << port))

    def serial_has_digit(self, d):
        """True when digit d (0..9) occurs in the serial number."""
        return 0 <= d <= 9 and bool(self.serial_digits & (1 << d))

    def __repr__(self):
        return "Edgework(%r, %d, %d, %d, %d, %r)" % (
            self.serial,
            self.batteries,
            self.holders,
            self.lit,
            self.unlit,
            self.plates,
        )


def _pick(text, i):
    return text[i:i + 1]


def generate_edgework(rng):
    """A random bomb's edgework drawn with ``rng.die()`` only (via rng.below / rng.chance).

    Order of draws (fixed, so a seed always gives the same bomb): the serial characters left to
    right (two from letters-or-digits, a digit, two letters, a digit; letters never O or Y), then
    5 widgets, each uniformly a battery holder (half one D battery, half two AA), an indicator (an
    unused label, lit with probability 3/5) or a port plate (half {Parallel, Serial}, half
    {DVI-D, PS/2, RJ-45, Stereo RCA}, each of its ports present with probability 1/2).
    """
    chars = []  # (one-character slices: a str indexed by one position is an interned name for good)
    for _ in range(2):
        chars.append(_pick(SERIAL_ALNUM, below(rng, len(SERIAL_ALNUM))))
    chars.append(_pick(SERIAL_DIGITS, below(rng, 10)))
    for _ in range(2):
        chars.append(_pick(SERIAL_LETTERS, below(rng, len(SERIAL_LETTERS))))
    chars.append(_pick(SERIAL_DIGITS, below(rng, 10)))
    serial = "".join(chars)

    batteries = 0
    holders = 0
    labels = list(INDICATOR_LABELS)
    indicators = []
    lit = 0
    plates = []
    for _ in range(WIDGET_COUNT):
        kind = below(rng, 3)
        if kind == 0:
            holders += 1
            batteries += 1 if chance(rng, 1, 2) else 2
        elif kind == 1:
            label = labels.pop(below(rng, len(labels)))
            is_lit = chance(rng, 3, 5)
            if is_lit:
                lit += 1
            indicators.append((label, is_lit))
        else:
            kind_ports = PLATE_KINDS[below(rng, 2)]
            plate = []
            for name in kind_ports:
                if chance(rng, 1, 2):
                    plate.append(name)
            plates.append(plate)
    return Edgework(
        serial, batteries, holders, lit, len(indicators) - lit, plates, indicators=indicators
    )
