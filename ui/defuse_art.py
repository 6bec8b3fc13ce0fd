"""Defuse mode's dice sheets: the face sheet and the kept row's empty slot (building only).

``ui/defuse_dice.py`` imports this module to draw them and, on a board, unloads it again (with
``ui/dice_faces.py``): a bomb needs the pixels, not the code."""

import displayio

from yahtzee_core.compat import const

from .dice_faces import _PIPS, draw_die, pip_centres, pip_radius

_EDGE = const(1)  # face sheet colour indexes (as in dice_faces)
_BODY = const(2)
_PIP = const(3)
_FACES = const(7)  # tile 0: not rolled yet (a blank die), 1..6: faces


def draw_faces(die):
    """The face sheet: tile 0 a blank die, tiles 1..6 the faces (start-up only).

    The outline and body come from the main game's ``draw_die``; the pips are drawn here:
    round with a little more air between them than the main game's, or, under 17 pixels (the
    mono screen), 2x2 squares on a 3-pixel grid, which stay apart where round ones merge.
    Pixels are indexed ``y * width + x`` (an (x, y) index allocates a tuple per pixel)."""
    w = die * _FACES
    faces = displayio.Bitmap(w, die, 4)
    mid = pip_centres(die)[1]
    r0 = pip_radius(die)
    small = die < 17
    r = die // 10 if die >= 20 else 1
    at = pip_centres(die)
    first = (die - 8) // 2
    for face in range(_FACES):
        x0 = face * die
        draw_die(faces, x0, 0, die, 1, False)  # outline, body and face 1's pip
        for y in range(mid - r0, mid + r0 + 1):  # paint that pip over: a blank die
            row = y * w + x0
            for x in range(mid - r0, mid + r0 + 1):
                if faces[row + x] == _PIP:
                    faces[row + x] = _BODY
        spots = _PIPS[face]
        for k in range(0, len(spots), 2):
            if small:
                px = x0 + first + 3 * spots[k]
                py = first + 3 * spots[k + 1]
                for y in range(py, py + 2):
                    for x in range(px, px + 2):
                        faces[y * w + x] = _PIP
            else:
                px = at[spots[k]]
                py = at[spots[k + 1]]
                for y in range(py - r, py + r + 1):
                    row = y * w + x0
                    for x in range(px - r, px + r + 1):
                        if (x - px) * (x - px) + (y - py) * (y - py) <= r * r + r:
                            faces[row + x] = _PIP
    return faces


def draw_slot(pitch, die, dx):
    """One empty-slot tile: a dotted outline a pixel inside where a die at ``dx`` would be, in
    a ``pitch``-wide cell (a pixel of air to the die below it)."""
    size = die - 2
    outline = displayio.Bitmap(size, size, 4)
    draw_die(outline, 0, 0, size, 0, False)
    slot = displayio.Bitmap(pitch, die, 2)
    for y in range(size):
        for x in range(size):
            if outline[y * size + x] == _EDGE and (x + y) % 3 == 0:
                slot[(1 + y) * pitch + dx + 1 + x] = 1
    return slot
