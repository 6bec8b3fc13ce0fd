"""Defuse mode's five coloured dice: a rolled row and, apart above it, a kept row.

Each die is a small Group (face TileGrid + colour letter) that sits in its colour's column and
moves between the two rows: ``show(i, face, kept, chosen)`` changes only what differs, so
keeping a die redraws that die's two slots and nothing else. Every die shares one face sheet
(2 bits a pixel) and has its own 4-entry palette (background, outline, body, pips); a black
die gets a light outline so it shows on any background. On a mono screen all dice are white
and the letter (P Y B W K) beside each die says its colour. Dotted outlines mark the kept
row's empty slots. The sheets are drawn by ``ui/defuse_art.py`` (loaded only to build them)."""

import displayio

from yahtzee_core.compat import const

from . import screen_set, theme

_BG = const(0)  # face sheet colour indexes (as in dice_faces)
_EDGE = const(1)
_BODY = const(2)
_PIP = const(3)

# (body, pips, outline) per colour, in the core's colour order: purple, yellow, blue, white, black.
DIE_COLOURS = (
    (0x8A3FD1, 0xFFFFFF, 0xD9B8FF),
    (0xFFD21F, 0x141414, 0x8C6F00),
    (0x2A6FF0, 0xFFFFFF, 0xA9C8FF),
    (0xFAFAF2, 0x141414, 0x6E8C7E),
    (0x141414, 0xF2F2F2, 0xB4B4B4),
)
LETTERS = b"PYBWK"


def draw_sheets(die, pitch, dx):
    """(face sheet, empty-slot tile), drawn by ``ui/defuse_art.py``, which a board unloads
    again afterwards with ``ui/dice_faces.py``."""
    from . import defuse_art

    sheets = (defuse_art.draw_faces(die), defuse_art.draw_slot(pitch, die, dx))
    defuse_art = None
    if screen_set.UNLOADS:
        screen_set.unload("ui.defuse_art")
        screen_set.unload("ui.dice_faces")
    return sheets


class ColourDiceView:
    """The dice area of the defuse play view, placed by the layout's ``defuse_*`` numbers."""

    def __init__(self, lay, colours, sheet, colour_screen):
        die = lay.defuse_die
        pitch = lay.defuse_pitch
        self.die = die
        self.pitch = pitch
        self.x = lay.defuse_x
        self.kept_y = lay.defuse_kept_y
        self.roll_y = lay.defuse_roll_y
        self.face_dx = lay.defuse_face_dx
        self.letter_dx, self.letter_dy, self.letter_scale = lay.defuse_letter
        self.group = displayio.Group()
        # the kept row's empty slots: dotted outlines under the dice
        slot_pal = displayio.Palette(2)
        slot_pal[0] = colours[theme.BG]
        slot_pal[1] = colours[theme.DIM]
        faces, slot = draw_sheets(die, pitch, self.face_dx)
        self.slots = displayio.TileGrid(slot, pixel_shader=slot_pal,
                                        width=5, height=1, tile_width=pitch, tile_height=die,
                                        x=self.x, y=self.kept_y)
        self.group.append(self.slots)
        self.faces = faces
        self.grids = []
        self.letter_palettes = []
        self.dice = []
        self.normal = (colours[theme.BG], colours[theme.INK])
        self.chosen = (colours[theme.HIGHLIGHT_BG], colours[theme.HIGHLIGHT_INK])
        for i in range(5):
            pal = displayio.Palette(4)
            pal[_BG] = colours[theme.BG]
            if colour_screen:
                body, pip, edge = DIE_COLOURS[i]
            else:
                body, pip, edge = colours[theme.DIE_BODY], colours[theme.DIE_PIP], colours[theme.DIE_EDGE]
            pal[_EDGE] = edge
            pal[_BODY] = body
            pal[_PIP] = pip
            grid = displayio.TileGrid(faces, pixel_shader=pal, width=1, height=1, tile_width=die,
                                      tile_height=die, default_tile=0, x=self.face_dx)
            lpal = displayio.Palette(2)
            lpal[0] = self.normal[0]
            lpal[1] = self.normal[1]
            letter = displayio.TileGrid(sheet.bitmap, pixel_shader=lpal, width=1, height=1,
                                        tile_width=sheet.glyph_w, tile_height=sheet.glyph_h,
                                        default_tile=LETTERS[i] - 32)
            lgroup = displayio.Group(scale=self.letter_scale, x=self.letter_dx, y=self.letter_dy)
            lgroup.append(letter)
            g = displayio.Group(x=self.x + i * pitch, y=self.roll_y)
            g.append(grid)
            g.append(lgroup)
            self.group.append(g)
            self.grids.append(grid)
            self.letter_palettes.append(lpal)
            self.dice.append(g)
        self.letter_w = sheet.glyph_w * self.letter_scale
        self.letter_h = sheet.glyph_h * self.letter_scale
        self.face_shadow = bytearray(5)
        self.kept_shadow = bytearray(5)
        self.chosen_shadow = bytearray(5)

    def show(self, i, face, kept, chosen=False):
        """Die ``i`` shows ``face`` (0: not rolled) in the kept row or the rolled row, its
        letter inverted when the stick has chosen it; touches only what changed."""
        if self.face_shadow[i] != face:
            self.face_shadow[i] = face
            self.grids[i][0] = face
        k = 1 if kept else 0
        if self.kept_shadow[i] != k:
            self.kept_shadow[i] = k
            self.dice[i].y = self.kept_y if kept else self.roll_y
        c = 1 if chosen else 0
        if self.chosen_shadow[i] != c:
            self.chosen_shadow[i] = c
            pair = self.chosen if chosen else self.normal
            pal = self.letter_palettes[i]
            pal[0] = pair[0]
            pal[1] = pair[1]

    # -- geometry (layout tests, pixel tests) ------------------------------------------------
    def bounds(self):
        """(x, y, width, height) of both rows on the screen."""
        return (self.x, self.kept_y, 5 * self.pitch, self.roll_y + self.die - self.kept_y)

    def face_at(self, i, kept):
        """(x, y, size) of die ``i``'s face on the screen when (not) kept."""
        return (self.x + i * self.pitch + self.face_dx, self.kept_y if kept else self.roll_y, self.die)

    def letter_at(self, i, kept):
        """(x, y, scale) of die ``i``'s letter on the screen when (not) kept."""
        y = self.kept_y if kept else self.roll_y
        return (self.x + i * self.pitch + self.letter_dx, y + self.letter_dy, self.letter_scale)
