"""What the screen shows, checked on the framebuffer's pixels for every layout: pips where
each face has them, held dice and their marks, the cursor bar and the preview score, the
scorecard's previews; and how little is redrawn (dirty rectangles)."""

import pytest

from hw import inputs as I
from ui import screen as S
from ui import theme
from ui.dice_faces import _PIPS, pip_centres
from yahtzee_core import engine
from yahtzee_core.host_helpers import box_index

from ui_harness import RING_BOARDS, card_cells, field_text, make_app, read_field, settle, start, step

LAYOUT_PROFILES = ["macropad", "pygamer", "feather_tft", "clue"]


def die_pixel(app, i, px, py):
    view = app.screens[S.PLAY].dice
    x, y, size = view.cell(i)
    s = view.scale
    return app.display.pixel(x + px * s, y + py * s)


def check_face(app, i, face, held):
    d = app.display
    c = app.colours
    view = app.screens[S.PLAY].dice
    at = pip_centres(view.die)
    spots = _PIPS[face]
    pips = set((at[spots[k]], at[spots[k + 1]]) for k in range(0, len(spots), 2))
    pip = d.as_shown(c[theme.HELD_PIP if held else theme.DIE_PIP])
    body = d.as_shown(c[theme.HELD_BODY if held else theme.DIE_BODY])
    for px in at:
        for py in at:
            want = pip if (px, py) in pips else body
            assert die_pixel(app, i, px, py) == want, (i, face, held, px, py)


def mark_pixels(app, i):
    """How many pixels of die i's mark area show the held-mark colour."""
    view = app.screens[S.PLAY].dice
    d = app.display
    s = view.scale
    x0 = view.x + i * view.pitch * s
    y0 = view.y + view.die * s
    colour = d.as_shown(app.colours[theme.HELD_MARK])
    n = 0
    for y in range(y0, y0 + (view.mark_h - 2) * s):
        for x in range(x0, x0 + view.pitch * s):
            n += d.pixel(x, y) == colour
    return n


@pytest.mark.parametrize("profile", LAYOUT_PROFILES)
def test_dice_pips_held_marks_cursor_and_preview_on_screen(profile):
    app, board, clock = make_app(profile, dice=[1, 2, 3, 4, 5, 6, 6, 6, 2])
    start(app)
    play = app.screens[S.PLAY]
    app.buttons.inject(I.ROLL)
    settle(app)
    for i, face in enumerate((1, 2, 3, 4, 5)):
        check_face(app, i, face, False)
        assert mark_pixels(app, i) == 0
    app.buttons.inject(I.HOLD_2)
    app.buttons.inject(I.HOLD_5)
    settle(app)
    check_face(app, 1, 2, True)
    check_face(app, 4, 5, True)
    assert mark_pixels(app, 1) > 0 and mark_pixels(app, 4) > 0
    assert mark_pixels(app, 0) == 0
    app.buttons.inject(I.ROLL)  # dice 0, 2, 3 become 6, 6, 6: 6 2 6 6 5
    settle(app)
    for i, face in enumerate((6, 2, 6, 6, 5)):
        check_face(app, i, face, i in (1, 4))
    # bring the cursor up: the box line shows the first open box and its preview, on a bar
    app.buttons.inject(I.DOWN if app.die_focus else I.RIGHT)
    settle(app)
    game = app.game
    assert game.cursor_visible
    box = game.cursor
    words = read_field(app, play.box).split()
    assert " ".join(words[:-1]) == game.rules.labels[box] and words[-1] == str(game.preview[box])
    bar = app.display.as_shown(app.colours[theme.HIGHLIGHT_BG])
    assert app.display.pixel(play.box.x, play.box.y) == bar
    # to "3 of a kind": 6+2+6+6+5 = 25
    while game.cursor != box_index(game.rules, "three_of_a_kind"):
        app.buttons.inject(I.RIGHT)
        settle(app)
    assert read_field(app, play.box).split() == ["3", "of", "a", "kind", "25"]


@pytest.mark.parametrize("profile", LAYOUT_PROFILES)
def test_scorecard_shows_scores_and_previews(profile):
    app, board, clock = make_app(profile, dice=[2, 2, 2, 5, 5, 1, 1, 1, 1, 1])
    start(app)
    app.buttons.inject(I.ROLL)
    settle(app)
    game = app.game
    app.act(engine.SCORE_BOX, box_index(game.rules, "full_house"))
    app.buttons.inject(I.ROLL)
    settle(app)
    app.show(S.CARD)
    settle(app)
    card = app.screens[S.CARD]
    fh = box_index(game.rules, "full_house")
    checked = 0
    for r, row in enumerate(card_cells(card)):
        for c, tf in enumerate(row):
            t = read_field(app, tf)
            assert t == field_text(tf)  # the pixels show what was meant
            code = card.lines[c][card.top + r] if card.top + r < card.n_lines else 0xFF
            if code >= 0x80:
                continue
            words = t.split()
            label = card.labels[code].decode()
            assert " ".join(words[:-1]) == label, (t, label)
            if game.is_filled(0, code):
                assert words[-1] == str(game.box_score(0, code))
            else:
                assert words[-1].strip("()") == str(game.preview[code])
                paren = words[-1].startswith("(")
                assert paren == app.layout.card_paren
            checked += 1
    assert checked >= 4
    assert game.box_score(0, fh) == 25 and game.preview[fh] == -1
    # the Yahtzee box is pre-selected and drawn on the cursor bar
    yz = game.rules.yahtzee_box
    assert game.cursor == yz and game.cursor_visible
    bar = app.display.as_shown(app.colours[theme.HIGHLIGHT_BG])
    found = False
    for r, row in enumerate(card_cells(card)):
        for c, tf in enumerate(row):
            if card.top + r < card.n_lines and card.lines[c][card.top + r] == yz:
                assert app.display.pixel(tf.x, tf.y) == bar
                assert read_field(app, tf).split()[-1].strip("()") == "50"
                found = True
    assert found


def rect_in(rect, box):
    x1, y1, x2, y2 = rect
    bx, by, bw, bh = box
    return bx <= x1 and x2 <= bx + bw and by <= y1 and y2 <= by + bh


def intersects(rect, box):
    x1, y1, x2, y2 = rect
    bx, by, bw, bh = box
    return x1 < bx + bw and bx < x2 and y1 < by + bh and by < y2


@pytest.mark.parametrize("profile", LAYOUT_PROFILES)
def test_idle_frames_redraw_nothing_and_one_die_redraws_one_cell(profile):
    app, board, clock = make_app(profile, dice=[1, 2, 3, 4, 5, 6])
    d = app.display
    for sid in (S.TITLE, S.PAUSE, S.SETTINGS, S.HELP):
        app.show(sid)
        settle(app)
        step(app, 10)
        assert d.dirty_log == [], (profile, sid)
    start(app)
    step(app, 10)
    assert d.dirty_log == []
    app.buttons.inject(I.ROLL)
    settle(app)
    for k in range(4):
        app.act(engine.HOLD, k)
    settle(app)
    step(app, 10)
    assert d.dirty_log == []  # idle during a turn
    app.buttons.inject(I.ROLL)  # only die 4 rolls: 5 -> 6
    step(app)
    view = app.screens[S.PLAY].dice
    dice_area = view.bounds()
    x, y, size = view.cell(4)
    s = view.scale
    cell = (view.x + 4 * view.pitch * s, view.y, view.pitch * s, view.die * s)
    in_dice = [r for r in d.dirty_log if intersects(r, dice_area)]
    assert in_dice, d.dirty_log
    for r in in_dice:
        if board.colour:
            assert rect_in(r, cell), (r, cell)
        else:  # the OLED is written in 8-row pages: the rectangle grows to page edges
            assert cell[0] <= r[0] and r[2] <= cell[0] + cell[2], (r, cell)
    assert app.game.dice[4] == 6


@pytest.mark.parametrize("profile", RING_BOARDS)
def test_a_ring_boards_card_header_shows_the_ring_item_and_the_card_its_total(profile):
    """Not "P1 You  >Down T 1": the ring's item ends the header, the total is a line of the card."""
    app, board, clock = make_app(profile, dice=[2, 2, 3, 5, 6] * 20)
    start(app)
    game = app.game
    app.act(engine.ROLL)
    app.act(engine.SCORE_BOX, box_index(game.rules, "chance"))
    app.show(S.CARD)
    settle(app)
    card = app.screens[S.CARD]
    header = read_field(app, card.header).split()
    assert header[:2] == ["P1", "You"] and header[-1].startswith(">") and len(header) <= 4, header
    assert "T" not in header and "Total" not in header
    lines = []
    for top in range(max(1, card.n_lines - card.rows + 1)):
        card.top = top
        card.stale = True
        settle(app)
        lines += [" ".join(read_field(app, tf).split()) for row in card_cells(card) for tf in row]
    assert "Total %d" % game.total(0) in lines, lines
