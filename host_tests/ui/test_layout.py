"""Every text field and the dice lie inside the screen and never overlap, on every layout;
labels and numbers fit their fields for every variant, at the largest totals."""


import pytest

from ui import layout
from ui import screen as S
from ui.scorecard_screen import SUM_LABELS
from yahtzee_core import engine

from ui_harness import PROFILES, SIZES, card_cells, field_text, make_app, settle, start

def boxes(app, scr):
    out = [(tf.bounds(), "field %d" % i) for i, tf in enumerate(scr.fields)]
    if scr is app.screens[S.PLAY]:
        out.append((scr.dice.bounds(), "dice"))
    return out


def overlap(a, b):
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah


@pytest.mark.parametrize("profile", PROFILES)
def test_everything_inside_the_screen_and_apart(profile):
    app, board, clock = make_app(profile)
    assert (app.layout.width, app.layout.height) == SIZES[profile]
    W, H = SIZES[profile]
    assert len(app.screens.slots) == S.RULES + 1  # one screen per id in ui/screen.py
    app.show(S.RULES)  # the rules reader builds its fields when opened (its text: test_rules_reader.py)
    for sid, scr in enumerate(app.screens):
        items = boxes(app, scr)
        assert items, sid
        for (x, y, w, h), name in items:
            assert 0 <= x and 0 <= y and x + w <= W and y + h <= H, (profile, sid, name, (x, y, w, h))
        for i in range(len(items)):
            for j in range(i + 1, len(items)):
                assert not overlap(items[i][0], items[j][0]), (profile, sid, items[i][1], items[j][1])


def test_every_layout_is_used_and_found_by_size():
    for lay in layout.every():
        assert layout.for_size(lay.width, lay.height) is lay
    # a bigger screen gets the biggest that fits
    assert layout.for_size(320, 240) is layout.table("layout_240x240")
    with pytest.raises(ValueError):
        layout.for_size(100, 50)


@pytest.mark.parametrize("profile", ["macropad", "pygamer", "feather_tft", "clue"])
@pytest.mark.parametrize("variant", [0, 1, 2])
def test_card_labels_and_largest_numbers_fit(profile, variant):
    app, board, clock = make_app(profile, variant=variant, seats=4,
                                 kinds=(engine.HUMAN, engine.HARD, engine.HARD, engine.HARD))
    start(app)
    game = app.game
    rs = game.rules
    card = app.screens[S.CARD]
    # fill seat 0's card with each box's largest possible score
    for b in range(rs.n_boxes):
        game.scores[b] = rs.possible_values(b)[-1]
        game.filled[0] |= 1 << b
    game.bonus_count[0] = rs.n_boxes - 1 if rs.yahtzee_bonus else 0
    game.player = 3
    app.show(S.CARD)
    card.stale = True
    game.player = 0
    card.seat = 0  # the card shows seat 0's (it follows the turn through the engine's events)
    settle(app)
    total = game.total(0)
    header = field_text(card.header)
    ring = app.buttons.ring is not None  # the header shows the ring's item, the card the total
    assert header.startswith("P1 You") and header.rstrip().endswith(">Roll" if ring else str(total)), header
    style = ("abbr", "short", "full").index(app.layout.card_labels)  # SUM_LABELS column
    seen = set()
    totals = []
    for top in range(max(1, card.n_lines - len(card_cells(card)) + 1)):
        card.top = top
        card.stale = True
        settle(app)
        for row in card_cells(card):
            for tf in row:
                text = field_text(tf)
                words = text.split()
                if not words:
                    continue
                value = int(words[-1].strip("()"))
                label = " ".join(words[:-1])
                if top == 0:
                    seen.add(label)
                if label in ("Total", "Tot"):
                    totals.append(value)
                assert value >= 0 or label in ("Par",)
    assert totals == ([total] * len(totals) if ring else []) and (totals or not ring)
    card_labels = {"abbr": rs.abbrs, "full": rs.labels}.get(app.layout.card_labels)
    if card_labels is None:
        card_labels = [app.layout.card_short[k] for k in rs.categories]
    shown = 0
    for label in card_labels:
        shown += label in seen
    rows = len(card_cells(card))
    if card.n_lines <= rows:  # everything on one screen: every box label shown whole
        assert shown == rs.n_boxes, (seen, card_labels)
        sums = set(SUM_LABELS[k][style].decode() for k in SUM_LABELS)
        assert sums & seen


@pytest.mark.parametrize("profile", ["macropad", "pygamer", "feather_tft", "clue"])
def test_play_screen_texts_fit(profile):
    app, board, clock = make_app(profile, seats=4, kinds=(engine.HARD,) * 4)
    start(app)
    game = app.game
    play = app.screens[S.PLAY]
    game.player = 3
    game.rolls_used = 1
    for i in range(5):
        game.dice[i] = 6
        game.counts[6] = 5
    game.total_pips = 30
    for b in range(game.rules.n_boxes):
        game.scores[3 * 16 + b] = game.rules.possible_values(b)[-1]
    game.bonus_count[3] = 12
    game.round = 12
    longest = max(range(game.rules.n_boxes), key=lambda b: len(game.rules.labels[b]))
    game.allowed = 1 << longest
    game.preview[longest] = 40
    game.cursor = longest
    game.cursor_visible = True
    play.stale = True
    settle(app)
    assert field_text(play.header).startswith("P4 CPU-h")
    assert field_text(play.header).rstrip().endswith("T " + str(game.total(3)))
    box = field_text(play.box)
    assert box.strip().startswith(game.rules.labels[longest]) and box.rstrip().endswith("40"), box
    if play.info is not None:
        assert field_text(play.info).strip().startswith("Upper")
        assert "/63" in field_text(play.info)


@pytest.mark.parametrize("profile", ["macropad", "pygamer", "feather_tft", "clue"])
def test_menu_and_help_lines_are_never_cut(profile):
    """Each list item drawn in its row shows the same words as drawn in a very wide field."""
    from ui.text import TextField

    app, board, clock = make_app(profile, seats=4, kinds=(engine.HARD,) * 4, duplicate=True)
    wide = TextField(app.sheet, app.palette(0), 0, 0, 80)
    checked = 0
    for screen_id in range(len(app.screens.slots)):
        scr = app.screens[screen_id]
        if not scr.is_list:
            continue
        app.show(screen_id)
        settle(app)
        narrow = scr.rows[0]
        for i in range(scr.count):
            item = scr.items[i]
            scr.render(item, narrow)
            scr.render(item, wide)
            words = ["Round" if w == "Rd" else w for w in field_text(narrow).split()]  # (as the play screen says it)
            assert words == field_text(wide).split(), (profile, field_text(narrow), field_text(wide))
            checked += 1
    assert checked > 30
    app.show(S.TITLE)  # built again when shown (ui/screen_set.py)
    settle(app)
    title = field_text(app.screens[S.TITLE].title).rstrip(" ^v").strip()  # (the scroll signs: test_feel)
    assert title in ("Pocket Yahtzee", "Yahtzee")


@pytest.mark.parametrize("profile", ["macropad", "pygamer", "feather_tft", "clue"])
def test_every_message_shows_whole(profile):
    """Each refusal reason of the engine and every message of the app fits its line(s)."""
    from ui import app as app_module

    app, board, clock = make_app(profile, seats=4, kinds=(engine.HARD,) * 4)
    start(app)
    play = app.screens[S.PLAY]
    texts = list(engine.REASONS[1:]) + [
        v for k, v in vars(app_module).items() if k.startswith("_TEXT_") and isinstance(v, bytes)
    ] + list(app_module._TEXT_TURN) + [b"YAHTZEE!", b"Computer is playing", b"No hints yet"]
    for text in texts:
        app.say(text, 0, 100000)
        settle(app)
        shown = " ".join(field_text(tf) for tf in play.msg_lines).split()
        assert shown == text.decode().split() or " ".join(
            field_text(play.msg_single).split()) == text.decode(), (profile, text, shown)
    app.say(b"", 0, 0)
    app.msg = b""
    app.msg_serial += 1
    settle(app)
    assert field_text(play.roll).strip().startswith("Rolls")


@pytest.mark.parametrize("profile, names", [
    ("macropad", ("Upper", "Par", "Bonus", "YzB")),
    ("clue", ("Upper", "Par", "Bonus", "YzB", "Total")),  # a ring board: the total on the card
    ("pygamer", ("Upper", "Par", "Bonus", "YzBonus")),
    ("feather_tft", ("Upper total", "Par for bonus", "Upper bonus", "Yahtzee bonus", "Total")),
])
def test_the_cards_sum_lines_use_the_longest_name_that_fits(profile, names):
    """Not "Up", "Bon" where "Upper" and "Bonus" fit beside the value (as drawn on the pixels);
    a value too wide for the longer name gives the shorter one."""
    from ui_harness import read_field

    app, board, clock = make_app(profile)
    start(app)
    card = app.screens[S.CARD]
    app.show(S.CARD)

    def sums():
        seen = {}
        for top in range(card.n_lines):
            card.top = top
            card.stale = True
            settle(app)
            for r, row in enumerate(card_cells(card)):
                for c, tf in enumerate(row):
                    i = card.top + r
                    code = card.lines[c][i] if i < card.n_lines else 0xFF
                    if 0x80 <= code < 0xFF:
                        seen[code] = " ".join(read_field(app, tf).split()[:-1])
        return tuple(seen[k] for k in sorted(seen))

    assert sums() == names
    game = app.game
    for b in range(6):  # 5 x each face: the upper total has three digits
        game.scores[b] = 5 * (b + 1)
        game.filled[0] |= 1 << b
    assert game.upper_subtotal(0) == 105
    shown = sums()
    assert shown[0] in [n.decode() for n in SUM_LABELS[0x80]], shown  # a whole name, not "Uppe"
    width = card_cells(card)[0][0].width
    assert shown[0] == ("Up" if width < 12 else "Upper" if width < 16 else "Upper total")


MARGIN = 2  # pixels of every screen edge no text may touch (issue 24: "P1 You", "HOLD", the message line)


def ink_at_the_edges(app):
    """{side: (first, last)} of the pixels within MARGIN of an edge that are neither background nor
    a cursor bar's background (a bar may run to the edge; the text on it may not)."""
    from ui import theme

    d = app.display
    W, H = app.layout.width, app.layout.height
    bg = d.as_shown(app.colours[theme.BG])
    bars = []
    for tf in app.current.fields:
        if not tf.hidden and tf.palette[0] != app.colours[theme.BG]:
            bars.append(tf.bounds() + (d.as_shown(tf.palette[0]),))
    out = {}
    every = range(W)
    sides = list(range(MARGIN)) + list(range(W - MARGIN, W))
    for y in range(H):
        for x in (every if y < MARGIN or y >= H - MARGIN else sides):  # the pixels within MARGIN of an edge
            p = d.pixel(x, y)
            if p == bg or any(bx <= x < bx + bw and by <= y < by + bh and p == c for bx, by, bw, bh, c in bars):
                continue
            side = "left" if x < MARGIN else "right" if x >= W - MARGIN else "top" if y < MARGIN else "bottom"
            lo, hi = out.get(side, (9999, -1))
            out[side] = (min(lo, y if side in ("left", "right") else x), max(hi, y if side in ("left", "right") else x))
    return out


@pytest.mark.parametrize("profile", ["macropad", "pygamer", "feather_tft", "clue"])
def test_no_text_touches_the_screens_edges(profile):

    app, board, clock = make_app(profile, seats=2, kinds=(engine.HUMAN, engine.MEDIUM),
                                 dice=[6, 6, 6, 2, 3] * 200)
    seen = {}

    def look(name):
        settle(app)
        edges = ink_at_the_edges(app)
        if edges:
            seen[name] = edges

    look("title")
    start(app)
    look("play")
    app.act(engine.ROLL)
    app.act(engine.HOLD, 0)
    app.say(b"Confirm: press again", 0, 100000)  # a message as long as the CLUE's line
    look("play rolled, held, message")
    app.act(engine.CURSOR_NEXT)
    look("play cursor")
    for sid in (S.CARD, S.PAUSE, S.SETTINGS, S.HELP):
        app.show(sid)
        look("screen %d" % sid)
    assert not seen, seen


@pytest.mark.parametrize("profile", ["macropad", "pygamer", "feather_tft", "clue"])
def test_no_text_touches_the_edges_of_any_screenshot(profile):
    """Every scene of tools/reports/screenshots.py (records, Defuse mode, the rules reader, the initials,
    code entry ...; the crash screen is drawn outside the app)."""
    from tools.reports import screenshots

    seen = {}
    for scenes in (screenshots.shots, screenshots.defuse_shots, screenshots.feature_shots,
                   screenshots.feel_shots, screenshots.players_shots):
        for name, app in scenes(profile):
            if name != "crash":
                edges = ink_at_the_edges(app)
                if edges:
                    seen[name] = edges
    assert not seen, seen
