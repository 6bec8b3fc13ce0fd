"""Dice from a die source, and challenge codes. The core never imports ``random``: every random
choice comes from an object with a ``die()`` method returning 1..6 (hardware RNG on a board,
``seeded_dice.SeededDice`` on a desktop, scripted in tests)."""

from .compat import const

# the Wichmann-Hill stream of seeded_dice.SeededDice, which challenge_die reads at fixed steps
LCG_M1 = const(30269)
LCG_M2 = const(30307)
LCG_M3 = const(30323)
LCG_ACCEPT = const(30264)  # largest multiple of 6 below LCG_M1: keeps a die unbiased


def below(rng, n):
    """A uniform int in 0..n-1 built from die rolls by rejection (n >= 1)."""
    if n <= 1:
        return 0
    span = 1
    while span < n:
        span *= 6
    limit = span - span % n
    while True:
        x = 0
        s = 1
        while s < span:
            x = x * 6 + rng.die() - 1
            s *= 6
        if x < limit:
            return x % n


def chance(rng, num, den):
    """True with probability num/den."""
    return below(rng, den) < num


# -- challenge codes ------------------------------------------------------------------------------
# A challenge code is 6 characters of Crockford's base32 alphabet (no I, L, O, U), 30 bits: the
# seed of a SeededDice stream. The die for a fixed place in the game (round, seat, roll, die
# position) is read from that stream at a fixed step, found by jumping ahead (modular powers of
# the three multipliers), so it depends only on the code and the place, never on what is held
# or on how many dice were rolled before. Every product stays below 2**30: small ints on every VM.

CODE_ALPHABET = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ"
CODE_LENGTH = const(6)
CODE_BITS = const(30)
NO_CODE = const(-1)
_STEPS_PER_DIE = const(4)  # stream steps reserved per place (a step >= LCG_ACCEPT is skipped)


def _powmod(a, e, m):
    r = 1
    a %= m
    while e:
        if e & 1:
            r = r * a % m
        a = a * a % m
        e >>= 1
    return r


def challenge_place(rnd, seat, roll, die):
    """The index of a die's place in a challenge game (0..959)."""
    return ((rnd * 4 + seat) * 3 + roll) * 5 + die


def challenge_die(code, place):
    """The die (1..6) of challenge ``code`` (0 .. 2**30-1) at ``place`` (``challenge_place``):
    SeededDice(code)'s stream at step ``place * 4 + 1`` (the next of those 4 steps when a step
    falls in the rejected tail, as ``SeededDice.die`` does)."""
    seed = code & 0x3FFFFFFF
    s1 = seed % (LCG_M1 - 1) + 1
    s2 = (seed // 7919) % (LCG_M2 - 1) + 1
    s3 = (seed // 104729) % (LCG_M3 - 1) + 1
    step = place * _STEPS_PER_DIE + 1
    s1 = s1 * _powmod(171, step, LCG_M1) % LCG_M1
    s2 = s2 * _powmod(172, step, LCG_M2) % LCG_M2
    s3 = s3 * _powmod(170, step, LCG_M3) % LCG_M3
    x = (s1 + s2 + s3) % LCG_M1
    t = 1
    while x >= LCG_ACCEPT and t < _STEPS_PER_DIE:
        s1 = 171 * s1 % LCG_M1
        s2 = 172 * s2 % LCG_M2
        s3 = 170 * s3 % LCG_M3
        x = (s1 + s2 + s3) % LCG_M1
        t += 1
    return x % 6 + 1


def code_text(code, out, at=0):
    """Write the 6 characters of ``code`` into the bytearray ``out`` from index ``at``; returns
    ``out``."""
    for i in range(CODE_LENGTH):
        out[at + CODE_LENGTH - 1 - i] = CODE_ALPHABET[(code >> (5 * i)) & 31]
    return out


def char_value(c):
    """The 0..31 value of one code character (an int byte), Crockford's way: lower case too,
    O as 0, I and L as 1; -1 for anything else."""
    if 97 <= c <= 122:
        c -= 32
    if c == 79:  # O
        return 0
    if c == 73 or c == 76:  # I, L
        return 1
    i = 0
    while i < 32:
        if CODE_ALPHABET[i] == c:
            return i
        i += 1
    return -1


def random_code(rng):
    """A fresh code drawn from ``rng`` (one die-built choice of 32 per character)."""
    code = 0
    for _ in range(CODE_LENGTH):
        code = (code << 5) | below(rng, 32)
    return code
