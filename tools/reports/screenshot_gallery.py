"""Write docs/screenshots.md: every screenshot in docs/screenshots/, grouped by screen, one column per size.

    python tools/reports/screenshot_gallery.py      (after python tools/reports/screenshots.py)
"""

import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHOTS = os.path.join(ROOT, "docs", "screenshots")
SIZES = ("128x64", "160x128", "240x135", "240x240")
BOARDS = {"128x64": "MacroPad", "160x128": "PyGamer, PyBadge", "240x135": "Feather TFT, Pico pack", "240x240": "CLUE"}


def main():
    scenes = {}
    for name in sorted(os.listdir(SHOTS)):
        if not name.endswith(".png"):
            continue
        size, _, scene = name[:-4].partition("_")
        if size in SIZES:
            scenes.setdefault(scene, set()).add(size)
    lines = ["# Screenshots", "",
             "Made by `python tools/reports/screenshots.py` (fixed seed, headless displayio); this page by",
             "`python tools/reports/screenshot_gallery.py`.", "",
             "| screen | " + " | ".join("%s (%s)" % (s, BOARDS[s]) for s in SIZES) + " |",
             "|---" * (len(SIZES) + 1) + "|"]
    for scene in sorted(scenes):
        cells = []
        for size in SIZES:
            cells.append("![](screenshots/%s_%s.png)" % (size, scene) if size in scenes[scene] else "")
        lines.append("| %s | %s |" % (scene.replace("_", " "), " | ".join(cells)))
    with open(os.path.join(ROOT, "docs", "screenshots.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("%d screens x %d sizes -> docs/screenshots.md" % (len(scenes), len(SIZES)))


if __name__ == "__main__":
    main()
