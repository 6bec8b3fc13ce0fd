"""Screenshots of the web page (PNG) in headless Chromium, for the README and docs/web.md.

    python tools/webpage/web_screenshots.py [--out docs/screenshots]

Builds the page (tools/webpage/web.py), loads it with a fixed seed in manual-step mode and presses the
page's own buttons and keys: a PyGamer game after a roll with a die held (its light on), a
MacroPad game with a die held (the light under its key), and a CLUE game. Writes web_<board>.png (the page at 720 px
wide)."""

import argparse
import os
import shutil
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

import browser_test as B


def tap(driver, page, n, frames=12):
    page.key(n, True)
    driver.execute_script("pocket.frames(1, 16)")
    page.key(n, False)
    driver.execute_script("pocket.frames(arguments[0], 16)", frames)


def shoot(driver, base, profile, keys, path, seed=7):
    from sim import vmboard

    module = vmboard.board_module(profile)
    driver.get(B.page_url(base, profile, seed))
    B.wait_ready(driver)
    driver.execute_script("localStorage.clear()")
    driver.get(B.page_url(base, profile, seed))
    B.wait_ready(driver)
    page = B.Page(driver, module)
    names = page.names
    driver.execute_script("pocket.frames(4, 16)")
    for key in keys:
        if isinstance(key, tuple):  # (key, frames after it)
            tap(driver, page, names.get(key[0], key[0]), key[1])
        else:
            tap(driver, page, names.get(key, key))
    driver.save_screenshot(path)
    print("wrote %s" % os.path.relpath(path, ROOT))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default=os.path.join(ROOT, "docs", "screenshots"))
    args = parser.parse_args(argv)
    from tools.webpage import web as web_build

    work = tempfile.mkdtemp(prefix="pocket-web-shots-")
    driver = server = None
    try:
        folder = os.path.join(work, "web")
        web_build.build(folder)
        server, base = B.serve(folder)
        driver = B.browser(width=720, height=1000)
        # PyGamer: Start game (A), roll (B), hold the first die (keyboard 1), move to the boxes
        shoot(driver, base, "pygamer", [1, (0, 60), "1", 11], os.path.join(args.out, "web_pygamer.png"))
        # MacroPad: enter starts, key 6 rolls, key 2 holds the second die (its key lights up)
        shoot(driver, base, "macropad", ["return", (5, 60), 1], os.path.join(args.out, "web_macropad.png"))
        # CLUE: enter starts the game, space rolls, A steps the command ring
        shoot(driver, base, "clue", ["return", ("space", 60), 0], os.path.join(args.out, "web_clue.png"))
    finally:
        if driver is not None:
            driver.quit()
        if server is not None:
            server.shutdown()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
