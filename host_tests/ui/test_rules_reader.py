"""The rules reader through each board's own keys: opened from the title and from the in-game
menu, read page by page to the end (ENTER on the last page closes it), every page inside its
screen on every size (no text outside its area, no line wider than the screen, no more lines
than fit) and nothing cut (the pages hold every word of every section, in order); the rules it
explains are the table's (the variant chosen, or the game's), and closing it frees it."""

import sys

import pytest

from adafruit_display_text import wrap_text_to_pixels

from hw import inputs as I
from ui import pause_screen as P
from ui import rules_screen
from ui import rules_text
from ui import screen as S
from ui import title_screen as T
from yahtzee_core import host_helpers, rules

from ui_harness import PROFILES, KeyDriver, make_app, read_field, settle, start

VARIANTS = [(0, rules.JOKER_FORCED), (0, rules.JOKER_FREE), (1, rules.JOKER_NONE), (2, rules.JOKER_NONE)]


def _goto(drv, screen, item):
    for code in (I.DOWN, I.UP):
        for _ in range(screen.count + 1):
            if screen.items[screen.sel] == item:
                return
            before = screen.sel
            drv.give(code)
            if screen.sel == before:
                break
    assert screen.items[screen.sel] == item


def _background_rows(app, y1, y2):
    """True when rows y1..y2-1 show nothing but the background (each row's RGB bytes compared
    at once: ``d.pixel(x, y)`` is ``tuple(d.frame[j:j + 3])``)."""
    d = app.display
    width = app.layout.width
    row = bytes(d.as_shown(app.colours[0])) * width
    for y in range(max(0, y1), min(y2, app.layout.height)):
        j = y * d.width * 3
        if d.frame[j:j + width * 3] != row:
            return False
    return True


def _check_page(app, reader):
    lay = app.layout
    x, top, width, rows, scale = reader.box
    lines = reader.page_lines()
    assert 0 < len(lines) <= rows
    for line in lines:
        w = sum(reader.font.get_glyph(ord(ch)).shift_x for ch in line) * scale
        assert x + w <= lay.width, "line %r is %d px wide" % (line, w)
    text = reader.text
    left = text.x
    bw = reader.bitmap.width
    assert text.y == top and text.scale == scale
    footer_top = reader.footer.y if reader.footer is not None else lay.height
    bottom_of_text = top + len(lines) * reader.line * scale
    assert left >= 0 and left + bw * scale <= lay.width
    assert bottom_of_text <= footer_top, "more lines than fit"
    # on the screen: the text's pixels are all in its rows (nothing between the header and the
    # text, nor between the text and the footer or the bottom), whatever letters the page has
    header_bottom = reader.header.bounds()[1] + reader.header.bounds()[3]
    assert header_bottom <= top
    assert _background_rows(app, header_bottom, top), "text above its area"
    assert _background_rows(app, bottom_of_text, footer_top), "text runs off the page"


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("variant,joker", VARIANTS)
def test_every_page_fits_and_nothing_is_cut(profile, variant, joker):
    app, board, clock = make_app(profile, seed=1, variant=variant, joker=joker)
    drv = KeyDriver(app)
    title = app.screens[S.TITLE]
    _goto(drv, title, T.RULES)
    drv.give(I.ENTER)
    assert app.current_id == S.RULES
    reader = app.screens[S.RULES]
    # the proportional font (baked from the PCF) on every board
    assert type(reader.font).__name__ == "BakedFont"
    assert reader.line == 11
    rs = app.settings.rules()
    assert reader.rules() is rs and rs.variant_id == variant
    sections = rules_text.sections(rs, board.keymap_help)
    assert [t for t, _ in reader.sections] == [t for t, _ in sections]
    words = {}
    seen = 0
    pages = len(reader.pages)
    while app.current_id == S.RULES:
        settle(app)
        _check_page(app, reader)
        shown = read_field(app, reader.header)  # from the screen's pixels
        section = reader.pages[reader.page] // 256
        assert shown.startswith(sections[section][0])
        assert shown.rstrip().endswith("%d/%d" % (reader.page + 1, len(reader.pages)))
        words.setdefault(section, []).extend(" ".join(reader.page_lines()).split())
        seen += 1
        drv.give(I.ENTER)
    assert app.current_id == S.TITLE and seen == pages
    for s, (name, text) in enumerate(sections):
        assert words[s] == text.split(), "section %s cut" % name
    # the boxes, bonus, Joker and keys all had a page
    assert len(words) == len(sections) == rs.n_boxes + 2 + (1 if rs.joker else 0) + 1


def test_the_font_has_every_character_of_every_page():
    """Every character the reader writes (every variant, every board's keys) is in the shipped
    ASCII font: none would be dropped silently by the label."""
    from sim import keytable
    from sim.desktop import FONT_DIR, board_module

    font, line = rules_screen.load_font(FONT_DIR)
    assert type(font).__name__ == "BakedFont" and line == 11
    chars = set()
    for v, j in VARIANTS:
        rs = rules.by_id(v, j if j else None)
        for profile in PROFILES:
            module = board_module(profile)  # the board's own keys and the desktop's
            for keys in (module.KEYMAP_HELP, keytable.keymap_help(module)):
                for _, text in rules_text.sections(rs, keys):
                    chars.update(text)
    chars.discard("\n")
    missing = [ch for ch in sorted(chars) if font.get_glyph(ord(ch)) is None]
    assert not missing


def test_text_comes_from_the_rule_table():
    for v, j in VARIANTS:
        rs = rules.by_id(v, j if j else None)
        for box in range(rs.n_boxes):
            ex = rules_text.example(rs, box)
            dice = [int(d) for d in ex.split(":")[1].split("scores")[0].split()]
            assert int(ex.split("scores")[1].strip(" .")) == host_helpers.score(rs, box, dice) > 0
        text = rules_text.bonuses(rs)
        if rs.upper_bonus:
            assert str(rs.upper_threshold) in text and str(rs.upper_bonus) in text
        if rs.yahtzee_bonus:
            assert str(rs.yahtzee_bonus) in text
        assert (rules_text.joker(rs) is None) == (rs.joker == rules.JOKER_NONE)
    assert "official" in rules_text.joker(rules.get("yahtzee", rules.JOKER_FORCED))
    assert "free" in rules_text.joker(rules.get("yahtzee", rules.JOKER_FREE))


@pytest.mark.parametrize("profile", PROFILES)
def test_from_the_game_menu_it_explains_the_game_and_returns(profile):
    app, board, clock = make_app(profile, seed=2, variant=1)
    start(app)
    app.settings.variant = 2  # changed on the title meanwhile: the game is still Yatzy
    drv = KeyDriver(app)
    drv.give(I.MENU)
    assert app.current_id == S.PAUSE
    _goto(drv, app.screens[S.PAUSE], P.RULES)
    drv.give(I.ENTER)
    reader = app.screens[S.RULES]
    assert app.current_id == S.RULES and reader.rules() is app.game.rules
    assert reader.sections[2][0] == "Twos" and any(t == "Bonuses" for t, _ in reader.sections)
    drv.give(I.DOWN)
    assert reader.page == 1
    drv.give(I.UP)
    assert reader.page == 0
    drv.give(I.MENU)
    assert app.current_id == S.PAUSE


def test_closing_frees_the_reader():
    app, board, clock = make_app("pybadge", seed=1)
    reader = app.screens[S.RULES]
    assert len(reader.group) == 0 and reader.text is None  # built empty
    app.show(S.RULES)
    settle(app)
    assert len(reader.group) >= 2 and "ui.rules_text" in sys.modules
    app.show(S.TITLE)
    settle(app)
    assert len(reader.group) == 0 and reader.text is None and reader.bitmap is None and reader.sections is None
    assert "ui.rules_text" not in sys.modules
    # every module the reader imports is forgotten
    assert not [m for m in rules_screen._MODULES if m in sys.modules]
    assert reader.font is None


@pytest.mark.parametrize("profile", PROFILES)
def test_wrapping_is_the_librarys(profile):
    """The reader's lines are adafruit_display_text's wrap_text_to_pixels' lines at the text
    area's width (the library is not loaded on a board: ui/rules_screen.wrap does its work),
    for every section of every variant, this board's keys included."""
    app, board, clock = make_app(profile, seed=1)
    app.show(S.RULES)
    settle(app)
    reader = app.screens[S.RULES]
    width = reader.box[2] // reader.box[4]
    paras = 0
    for v, j in VARIANTS:
        rs = rules.by_id(v, j if j else None)
        for _, text in rules_text.sections(rs, board.keymap_help):
            assert text.isascii()  # the reader measures and draws a line's bytes (no character interned)
            for para in text.split("\n"):
                assert rules_screen.wrap(para, width, reader.font) == wrap_text_to_pixels(para, width, reader.font)
                paras += 1
    assert paras > 60
    assert "adafruit_display_text" not in rules_screen.__dict__


@pytest.mark.parametrize("width", [20, 31, 47, 60])
def test_words_wider_than_a_line_are_split_as_the_library_splits_them(width):
    from sim.desktop import FONT_DIR

    font, _ = rules_screen.load_font(FONT_DIR)
    for para in ("Scandinavian", "a Scandinavian Yatzy", "Full house scores 25 abcdefghijklmnopqrstuvwxyz x",
                 "", "two  spaces", "x" * 40):
        assert rules_screen.wrap(para, width, font) == wrap_text_to_pixels(para, width, font), (para, width)


def test_the_baked_font_is_the_pcfs_glyphs():
    """tools/ship/font_bake.py's sheet, as ui/rules_screen.BakedFont reads it, holds what
    adafruit_bitmap_font reads from the PCF: each glyph's pixels (and nothing else in its cell),
    height, offsets and advance, the font's ascent and line height."""
    import os

    import displayio
    from adafruit_bitmap_font.pcf import PCF

    from sim.desktop import FONT_DIR

    baked, line = rules_screen.load_font(FONT_DIR)
    with open(os.path.join(FONT_DIR, "helvR08-ascii.pcf"), "rb") as f:
        pcf = PCF(f, displayio.Bitmap)
        pcf.load_glyphs(range(32, 127))
        assert (baked.ascent, line) == (pcf.ascent, pcf.get_bounding_box()[1] + 1)
        for code in range(0, 256):
            want = pcf.get_glyph(code) if 32 <= code < 127 else None
            got = baked.get_glyph(code)
            if want is None:
                assert got is None, code
                continue
            assert (got.height, got.dx, got.dy, got.shift_x) == (want.height, want.dx, want.dy, want.shift_x), code
            left = got.tile_index * got.width
            for y in range(got.height):
                for x in range(got.width):
                    ink = want.bitmap[x, y] if x < want.width else 0
                    assert got.bitmap[left + x, y] == ink, (code, x, y)
