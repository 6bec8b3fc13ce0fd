"""Random scenes composed by the web page's JavaScript (``web/compose.js``, through
``sim/web.py`` ``Scene``) and by ``sim/fbdisplay.py`` in Python: after every refresh the frame the
JavaScript composed, a dirty rectangle at a time, must equal the whole scene composed in Python.
Bitmaps of 1, 2, 4, 8 and 16 bits a value, tiles as bytes and as 16-bit indexes, groups scaled
and moved off the screen's edges, colour and 1-bit screens; then changes of every kind (tiles,
pixels, colours, transparency, hidden, moves). Run by ``host_tests/web/compose_check.mjs``
(host_tests/web/test_web.py); prints "compose ok: N scenes, M refreshes"."""

import sys

import js
import uctypes

from sim import fbdisplay as fb
from sim import web

W = 61
H = 37


class Rnd:
    """A small seeded generator (MicroPython's random has no Random class)."""

    def __init__(self, seed):
        self.s = (seed * 2654435761 + 12345) & 0x3FFFFFFF or 1

    def randrange(self, n):
        s = self.s  # xorshift on 30 bits (small ints on every port)
        s ^= (s << 7) & 0x3FFFFFFF
        s ^= s >> 9
        s ^= (s << 8) & 0x3FFFFFFF
        self.s = s
        return s % n

    def randint(self, a, b):
        return a + self.randrange(b - a + 1)

    def choice(self, seq):
        return seq[self.randrange(len(seq))]

    def random(self):
        return self.randrange(1 << 20) / (1 << 20)


def scene(rnd, kind):
    root = fb.Group()
    layers = []
    if kind < 3:  # a background over everything, a transparent one, one over a part, none
        bg = fb.Palette(1)
        bg[0] = 0x123456
        if kind == 1:
            bg.make_transparent(0)
        root.append(fb.TileGrid(fb.Bitmap(8, 8, 1), pixel_shader=bg, width=8, height=5,
                                x=-2 if kind < 2 else 5, y=-1))
    for _ in range(5):
        count = rnd.choice((2, 3, 5, 17, 300))
        tw, th = rnd.choice(((3, 4), (6, 12), (5, 5), (9, 2)))
        across = rnd.choice((3, 3, 30))  # 30 * 10 rows: more than 256 tiles, 16-bit indexes
        down = 2 if across == 3 else 10
        bmp = fb.Bitmap(tw * across, th * down, count)
        density = rnd.choice((0.03, 0.1, 0.6))
        for i in range(bmp.width * bmp.height):
            if rnd.random() < density:
                bmp[i] = rnd.randrange(count)
        pal = fb.Palette(count)
        for i in range(count):
            pal[i] = rnd.randrange(1 << 24)
        pal.make_transparent(0)
        tg = fb.TileGrid(bmp, pixel_shader=pal, width=rnd.randint(1, 6), height=rnd.randint(1, 3),
                         tile_width=tw, tile_height=th, x=rnd.randint(-5, 40), y=rnd.randint(-5, 30))
        for i in range(tg.width * tg.height):
            tg[i] = rnd.randrange(across * down)
        group = fb.Group(scale=rnd.choice((1, 1, 2, 3)), x=rnd.randint(-3, 20), y=rnd.randint(-3, 10))
        group.append(tg)
        root.append(group)
        layers.append((group, tg, bmp, pal, across * down))
    return root, layers


def change(rnd, layers):
    group, tg, bmp, pal, tiles = rnd.choice(layers)
    what = rnd.randrange(7)
    if what == 0:
        tg[rnd.randrange(tg.width * tg.height)] = rnd.randrange(tiles)
    elif what == 1:
        for _ in range(rnd.randint(1, 20)):
            bmp[rnd.randrange(bmp.width * bmp.height)] = rnd.randrange(bmp.value_count)
    elif what == 2:
        pal[rnd.randrange(len(pal))] = rnd.randrange(1 << 24)
    elif what == 3:
        i = rnd.randrange(len(pal))
        if pal.is_transparent(i):
            pal.make_opaque(i)
        else:
            pal.make_transparent(i)
    elif what == 4:
        tg.hidden = not tg.hidden
    elif what == 5:
        group.hidden = not group.hidden
    else:
        tg.x = rnd.randint(-5, 40)
        group.y = rnd.randint(-3, 10)


def main(scenes):
    refreshes = 0
    for seed in range(scenes):
        rnd = Rnd(seed)
        colour = seed % 3 != 2
        root, layers = scene(rnd, seed % 4)
        shown = fb.FrameBufferDisplay(W, H, colour=colour)
        frame = uctypes.addressof(shown.frame)
        dirty = uctypes.addressof(shown.dirty)
        shown.composer = web.Scene(
            lambda records, n, count: js.pocketCompose(frame, W, records, n, dirty, count))
        shown.frame[:] = b"\xa5" * len(shown.frame)  # stale bytes: every pixel is composed anew
        shown.root_group = root
        ref = fb.FrameBufferDisplay(W, H, colour=colour)
        ref._root = root  # composed whole by _compose alone: the shown display's tracking is its own
        for step in range(25):
            if step:
                for _ in range(rnd.randint(1, 3)):
                    change(rnd, layers)
            shown.refresh()
            refreshes += 1
            ref._compose(0, 0, W, H)
            if shown.frame != ref.frame:
                for i in range(0, len(ref.frame), 2):
                    if shown.frame[i:i + 2] != ref.frame[i:i + 2]:
                        p = i // 2
                        raise AssertionError("scene %d, refresh %d: pixel (%d, %d) %s, Python %s" % (
                            seed, step, p % W, p // W, shown.frame[i:i + 2].hex(), ref.frame[i:i + 2].hex()))
    print("compose ok: %d scenes, %d refreshes" % (scenes, refreshes))


main(int(sys.argv[1]) if len(sys.argv) > 1 else 24)
