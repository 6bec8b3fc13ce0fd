"""Colours. Palette index 0 of every text palette is the background, 1 the ink.

A colour screen gets a felt-green table; the mono OLED gets black and white (displayio maps
any colour to on/off by brightness, so every mono entry is pure black or white)."""

from yahtzee_core.compat import const

# Roles (indexes into a theme's tuple).
BG = const(0)  # screen background
INK = const(1)  # ordinary text
DIM = const(2)  # secondary text
ACCENT = const(3)  # titles, totals
PREVIEW = const(4)  # a preview score (not yet written on the card)
HIGHLIGHT_BG = const(5)  # the cursor bar
HIGHLIGHT_INK = const(6)  # text on the cursor bar
WARN = const(7)  # refusal messages
DIE_BODY = const(8)
DIE_PIP = const(9)
DIE_EDGE = const(10)
HELD_BODY = const(11)
HELD_PIP = const(12)
HELD_MARK = const(13)

ROLES = const(14)

COLOUR = (
    0x0B3B2A,  # BG: card-table green
    0xF2F2E6,  # INK
    0x8FB8A4,  # DIM
    0xFFD24A,  # ACCENT
    0x7FD8FF,  # PREVIEW
    0xFFD24A,  # HIGHLIGHT_BG
    0x101010,  # HIGHLIGHT_INK
    0xFF8A5C,  # WARN
    0xFAFAF2,  # DIE_BODY
    0x141414,  # DIE_PIP
    0x6E8C7E,  # DIE_EDGE
    0xFFC23D,  # HELD_BODY
    0x141414,  # HELD_PIP
    0xFFD24A,  # HELD_MARK
)

MONO = (
    0x000000,  # BG
    0xFFFFFF,  # INK
    0xFFFFFF,  # DIM
    0xFFFFFF,  # ACCENT
    0xFFFFFF,  # PREVIEW
    0xFFFFFF,  # HIGHLIGHT_BG
    0x000000,  # HIGHLIGHT_INK
    0xFFFFFF,  # WARN
    0xFFFFFF,  # DIE_BODY
    0x000000,  # DIE_PIP
    0xFFFFFF,  # DIE_EDGE
    0x000000,  # HELD_BODY: a held die shows inverted (white pips on black, white edge)
    0xFFFFFF,  # HELD_PIP
    0xFFFFFF,  # HELD_MARK
)


def for_screen(colour):
    """The colour table for a colour (True) or mono (False) screen."""
    return COLOUR if colour else MONO
