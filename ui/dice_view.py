"""Five dice over two die-face sheets drawn at start-up (free faces 0..6, 0: not rolled yet;
held faces 1..6), a one-tile TileGrid on each per die, held marks below. ``show(i, face, held)``
touches a tile only when it changes, so rolling one die (the others held) redraws only that
die's cell. The sheets have as many colours as the theme's die colours really differ (a held
die's pips are the others' pips on a colour screen; a mono screen has two colours): fewer bits a
pixel. ``ui/dice_faces.py`` draws them and is unloaded again on a board."""

import displayio

from yahtzee_core.compat import const

from .screen_set import UNLOADS, unload

_FACES = const(7)  # free faces 0..6; a held die's tile is face + _FACES (``shadow``)


class DiceView:
    """The dice row of the play screen. ``group`` is positioned and scaled by the layout."""

    def __init__(self, lay, colours, sheet, drawn=None):
        """``drawn``: the ``sheets`` of a dice view of the same game (the play screen built
        again after the scorecard), used as they are; else they are drawn."""
        die = lay.die
        pitch = lay.pitch
        self.die = die
        self.pitch = pitch
        self.scale = lay.dice_scale
        self.x = lay.dice_x
        self.y = lay.dice_y
        self.offset = (pitch - die) // 2  # die drawn centred in its cell
        self.mark_h = lay.mark_h
        # each die is a one-tile grid on each face sheet at its place, one of the two hidden
        if drawn is None:
            from . import dice_faces

            drawn = dice_faces.sheets(self, lay, colours, sheet)
            dice_faces = None
            if UNLOADS:
                unload("ui.dice_faces")  # drawn: the game keeps the pixels, not the code
        self.sheets = drawn
        faces, palette, held, held_palette, marks, mark_palette = drawn
        self.faces = faces
        self.held_faces = held
        self.grids = [None] * 5  # type: list
        self.held_grids = [None] * 5  # type: list
        for i in range(5):  # (a loop: a comprehension is a function of its own, held with this one)
            x = i * pitch + self.offset
            self.grids[i] = displayio.TileGrid(faces, pixel_shader=palette, width=1, height=1, tile_width=die,
                                               tile_height=die, default_tile=0, x=x)
            self.held_grids[i] = displayio.TileGrid(held, pixel_shader=held_palette, width=1, height=1,
                                                    tile_width=die, tile_height=die, default_tile=0, x=x)
        for grid in self.held_grids:
            grid.hidden = True
        self.marks = displayio.TileGrid(
            marks, pixel_shader=mark_palette, width=5, height=1, tile_width=pitch, tile_height=lay.mark_h,
            default_tile=0, y=die,
        )
        self.group = displayio.Group(scale=self.scale, x=self.x, y=self.y)
        for grid in self.grids:
            self.group.append(grid)
        for grid in self.held_grids:
            self.group.append(grid)
        self.group.append(self.marks)
        self.shadow = bytearray(5)  # tile shown per die
        self.mark_shadow = bytearray(5)

    def show(self, i, face, held, chosen=False):
        """Die ``i`` shows ``face`` (0: not rolled), held or not, chosen by the stick or not;
        redraws only what changed."""
        tile = face + (_FACES if held else 0)
        if self.shadow[i] != tile:
            self.shadow[i] = tile
            held = held and face
            if held:
                self.held_grids[i][0] = face - 1
            else:
                self.grids[i][0] = face
            self.grids[i].hidden = held
            self.held_grids[i].hidden = not held
        mark = (1 if held else 0) + (2 if chosen else 0)
        if self.mark_shadow[i] != mark:
            self.mark_shadow[i] = mark
            self.marks[i] = mark

    def show_face(self, i, face):
        """Die ``i`` shows ``face`` (not held) while it tumbles; its mark stays as it is."""
        if self.shadow[i] != face:
            self.shadow[i] = face
            self.grids[i][0] = face
            self.grids[i].hidden = False
            self.held_grids[i].hidden = True
