"""What a text change costs in heap bytes: an ``adafruit_display_text`` bitmap_label given the
next rules page, in each font (terminalio's 6x12 and the proportional Helvetica 8 PCF), against a
tile-text field (ui/text.py TextField) given a new line.

    python tools/memory/label_cost.py                                      # CPython (tracemalloc)
    node tools/mpy_runner/run.mjs --mount ui --mount lib --data lib/fonts:/lib/fonts tools/memory/label_cost.py

(``lib/`` and lib/fonts are filled by ``python tools/fetch_libs.py``.) Both run the same code on the same
pure-Python displayio stand-in (sim/fbdisplay.py, which packs bitmaps as CircuitPython does).
For every screen size it sets the label to each page of the rules reader (Yahtzee, official
Joker, the PyGamer's keys) in turn and prints, per change, the bytes allocated: in the VM the
``gc.mem_alloc()`` delta (this port frees nothing inside a top-level call, so the delta is every
byte allocated: the new bitmap and the strings on the way), on CPython the tracemalloc peak
above the start (a lower bound of the same). It also prints the size of the label's bitmap (what
stays allocated while a page is shown) and the same figure for a TextField (0: it rewrites tile
indexes in place)."""

import gc
import sys

try:
    import tracemalloc
except ImportError:
    tracemalloc = None

if sys.implementation.name != "micropython":
    import os

    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from sim import fbdisplay

fbdisplay.install()
if not hasattr(sys.modules["fontio"], "FontProtocol"):  # CPython evaluates the library's
    sys.modules["fontio"].FontProtocol = object  # annotations; the stand-in has no Protocol

import displayio  # the stand-in
import terminalio

from adafruit_display_text import bitmap_label, wrap_text_to_pixels

from hw import pygamer
from ui import layout as layouts
from ui import rules_screen
from ui import rules_text
from ui.text import GlyphSheet, TextField, make_palette
from yahtzee_core import rules

VM = sys.implementation.name == "micropython"


def font_dir():
    if VM:
        return "/lib/fonts"
    return os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib", "fonts")


def pages_for(lay, font, line):
    x, top, width, rows, scale = rules_screen.body_box(lay, False, line)
    out = []
    for title, text in rules_text.sections(rules.get("yahtzee"), pygamer.KEYMAP_HELP):
        lines = []
        for para in text.split("\n"):
            lines.extend(wrap_text_to_pixels(para, width // scale, font))
        for first in range(0, len(lines), rows):
            out.append("\n".join(lines[first:first + rows]))
    return out, scale


def cost(fn):
    """Bytes allocated by fn() (see the module docstring for what each runtime counts)."""
    if VM:
        gc.collect()
        before = gc.mem_alloc()
        fn()
        return gc.mem_alloc() - before
    gc.collect()
    tracemalloc.start()
    start = tracemalloc.get_traced_memory()[0]
    fn()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return max(0, peak - start - _BASE[0])


_BASE = [0]
if not VM:
    _BASE[0] = cost(lambda: None)  # tracemalloc's own bookkeeping for a call that does nothing


def measure(lay, font, line):
    pages, scale = pages_for(lay, font, line)
    label = bitmap_label.Label(font, text=pages[0], color=0xFFFFFF,
                               line_spacing=(line + 0.5) / font.get_bounding_box()[1], scale=scale)
    group = displayio.Group()
    group.append(label)
    costs = []
    sizes = []
    for text in pages[1:] + pages[:1]:
        costs.append(cost(lambda: setattr(label, "text", text)))
        sizes.append(getattr(label.bitmap, "nbytes", 0))
    sheet = GlyphSheet(terminalio.FONT)
    pal = make_palette(0, 0xFFFFFF)
    tf = TextField(sheet, pal, 0, 0, lay.width // (6 * scale), scale)
    tf.line(b"Rolls 3")
    tf.line(b"Upper 12/63")  # warm-up
    tile = cost(lambda: tf.line(b"Rolls 2"))
    return len(pages), costs, sizes, tile


def report(lay, name, font, line):
    n, costs, sizes, tile = measure(lay, font, line)
    costs = sorted(costs)
    print("%s %s: bitmap_label, %d rules pages: min %d, median %d, max %d B per change; "
          "the label's bitmap up to %d B; TextField change %d B" % (
              lay.name, name, n, costs[0], costs[len(costs) // 2], costs[-1], max(sizes), tile))
    gc.collect()


def steps():
    print("label cost (%s): bytes allocated when the text changes" % sys.implementation.name)
    fonts = [("terminalio", terminalio.FONT, 12)]
    try:
        helv, line = rules_screen.load_font(font_dir())
        if helv is not terminalio.FONT:
            helv.load_glyphs(list(range(32, 127)))  # loaded once, as the reader does at open
            fonts.append(("Helvetica 8", helv, line))
    except ImportError:  # no adafruit_bitmap_font in lib/
        pass
    for lay in layouts.every():
        for name, font, line in fonts:
            report(lay, name, font, line)
            yield


if VM:
    VM_STEPS = steps()  # tools/mpy_runner/run.mjs steps it (garbage is freed between steps)
elif __name__ == "__main__":
    for _ in steps():
        pass
