"""Defuse mode on the hand-held, played through each board's own keys on the headless simulator:
from the title menu to the bomb, keeps, strikes (with the broken rule shown), legal rolls, the
defused and BOOM screens; the dice read back from the framebuffer (colours, letters, the kept
row); the countdown; idle frames that redraw and allocate nothing; every view inside the screen.

The bomb's edgework comes from a seeded source and is recorded, then the dice are scripted:
``bomb_dice(seed, dice)`` gives the edgework the app will draw and a ScriptedDice that plays
exactly those draws followed by ``dice``. Legality is always asked of the core
(``defuse.explain``), never assumed."""

import os
import tracemalloc

import pytest

from hw import inputs as I
from ui import screen as S
from ui import theme
from ui import title_screen
from ui import defuse_screen as DS
from ui import defuse_edge as DE
from ui import defuse_menu as DM
from ui import defuse_result as DR
from ui.defuse_dice import DIE_COLOURS, LETTERS
from yahtzee_core import defuse
from yahtzee_core.host_helpers import ScriptedDice
from yahtzee_core.seeded_dice import SeededDice

from ui_harness import FRAME_MS, PROFILES, KeyDriver, field_text, glyph_table, make_app, read_field, settle, step

P, Y, B, W, K = defuse.PURPLE, defuse.YELLOW, defuse.BLUE, defuse.WHITE, defuse.BLACK
PLAY_PROFILES = ["pygamer", "macropad", "clue", "feather_tft"]
SIZE_PROFILES = ["macropad", "pygamer", "feather_tft", "clue"]  # one per screen size

# First roll 1 2 3 4 6: a small straight whose outlier is the black 6, so "keep the 6s" on any
# bomb. Then purple, yellow, blue, white reroll to 6 6 6 5 (stage 4, four of a kind), then blue,
# white and black reroll to 6 6 6: five sixes.
SOLVE_SCRIPT = [1, 2, 3, 4, 6, 6, 6, 6, 5, 6, 6, 6]


class Recorder:
    def __init__(self, source):
        self.source = source
        self.values = []

    def die(self):
        v = self.source.die()
        self.values.append(v)
        return v


def bomb_dice(seed, dice):
    """(edgework, rng): rng draws that seed's edgework, then rolls ``dice``."""
    rec = Recorder(SeededDice(seed))
    ew = defuse.generate_edgework(rec)
    return ew, ScriptedDice(rec.values + list(dice))


def defuse_app(profile, dice=SOLVE_SCRIPT, seed=5, **settings):
    app, board, clock = make_app(profile, **settings)
    ew, board.rng = bomb_dice(seed, dice)
    return app, board, ew, app.screens[S.DEFUSE]


class Defuser:
    """Presses the board's own keys (KeyDriver) to play Defuse mode."""

    def __init__(self, app):
        self.app = app
        self.drive = KeyDriver(app)
        self.screen = app.screens[S.DEFUSE]

    def give(self, code):
        self.drive.give(code)

    def open_from_title(self):
        title = self.app.screens[S.TITLE]
        assert self.app.current_id == S.TITLE
        for _ in range(title.count):
            if title.items[title.sel] == title_screen.DEFUSE:
                break
            self.give(I.DOWN)
        assert title.items[title.sel] == title_screen.DEFUSE
        self.give(I.ENTER)
        assert self.app.current_id == S.DEFUSE and self.screen.view == DS.VIEW_MENU

    def choose(self, item, value_index=None, attr=None):
        """Select a menu item; with ``attr``, press RIGHT until options.attr == value_index."""
        menu = self.screen.menu
        where = bytes(menu.items[: menu.count]).index(item)
        for _ in range(menu.count):
            if menu.sel == where:
                break
            self.give(I.DOWN if menu.sel < where else I.UP)
        assert menu.items[menu.sel] == item
        if attr is not None:
            for _ in range(8):
                if getattr(self.screen.options, attr) == value_index:
                    break
                self.give(I.RIGHT)
            assert getattr(self.screen.options, attr) == value_index

    def start(self):
        self.choose(DM.START)
        self.give(I.ENTER)
        assert self.screen.view == DS.VIEW_EDGE and self.screen.phase == DS.ARMED

    def keep(self, colour):
        """Toggle the die of ``colour``: its hold key, or (stick boards) choose it, then A."""
        scr = self.screen
        if self.drive.can(I.HOLD_1 + colour):
            self.give(I.HOLD_1 + colour)
            return
        if scr.view != DS.VIEW_DICE:
            self.give(I.LEFT)  # back from the edgework
        assert scr.view == DS.VIEW_DICE
        while scr.chosen != colour:
            self.give(I.RIGHT)
        self.give(I.ENTER)

    def set_kept(self, mask):
        module = self.screen.module
        for c in range(5):
            if ((module.kept ^ mask) >> c) & 1:
                self.keep(c)
        assert module.kept == mask


def mask(*colours):
    m = 0
    for c in colours:
        m |= 1 << c
    return m


def words(app, fields):
    return " ".join(read_field(app, tf) for tf in fields).split()


def body_pixel(app, scr, colour, kept):
    x, y, die = scr.dice.face_at(colour, kept)
    return app.display.pixel(x + die // 2, y + 1)  # top middle: body on every face


def read_letter(app, scr, colour, kept):
    x, y, s = scr.dice.letter_at(colour, kept)
    sheet = app.sheet
    d = app.display
    pixels = [d.pixel(x + i * s, y + j * s) for j in range(sheet.glyph_h) for i in range(sheet.glyph_w)]
    bg = max(set(pixels), key=pixels.count)
    return glyph_table(app).get(tuple(0 if p == bg else 1 for p in pixels), "?")


# -- the whole flow through the board's keys ---------------------------------------------------
@pytest.mark.parametrize("profile", PLAY_PROFILES)
def test_defuse_a_bomb_through_the_boards_keys(profile):
    app, board, ew, scr = defuse_app(profile)
    stats_seen = []
    scr.on_stats = lambda stats: stats_seen.append(stats.values())
    player = Defuser(app)
    player.open_from_title()
    assert read_field(app, scr.menu.title).rstrip(" ^v").strip() == "Defuse mode"
    assert scr.edge is None and scr.result is None  # each phase holds its own list only
    player.start()
    assert scr.menu is None and scr.result is None and scr.edge is not None
    module = scr.module
    assert module.edgework.serial == ew.serial and module.edgework.plates == ew.plates
    settle(app)
    shown = [read_field(app, tf) for tf in scr.edge.rows]
    assert any(line.split() == ["Serial", ew.serial] for line in shown), shown
    assert scr.options.practice and module.strike_limit == 3 and module.time_limit_s == 0

    # nothing can be kept before the first roll
    player.keep(P)
    assert module.kept == 0 and board.sound.last == "refuse"
    assert read_field(app, scr.lines[0]).strip() == "Roll first"

    player.give(I.ROLL)
    assert list(module.dice) == [1, 2, 3, 4, 6] and module.stage == 5
    assert board.sound.last == "roll"
    assert defuse.required_value(ew, module.dice) == 6

    # an illegal keep: purple shows 1, the rule wants the 6s -> a strike, nothing moves
    player.keep(P)
    assert module.kept == mask(P) and board.lights.held_mask == mask(P)
    reason = defuse.explain(ew, module.dice, 5, 0, mask(P))
    assert reason != defuse.OK
    player.give(I.ROLL)
    settle(app)
    assert module.strikes == 1 and board.sound.last == "strike"
    assert list(module.dice) == [1, 2, 3, 4, 6] and module.kept == mask(P) and module.stage == 5
    assert read_field(app, scr.strike_marks).strip().startswith("X")
    assert "X" not in read_field(app, scr.strike_marks).strip()[1:]
    shown = words(app, scr.lines)
    assert " ".join(shown).endswith(defuse.REASONS[reason]), shown
    assert defuse.REASONS[reason] == "5 dice: keep the 6s"

    # the legal keep: the black 6 alone
    player.set_kept(mask(K))
    assert defuse.explain(ew, module.dice, 5, 0, module.kept) == defuse.OK
    player.give(I.ROLL)
    assert list(module.dice) == [6, 6, 6, 5, 6] and module.stage == 4 and module.strikes == 1
    assert not module.solved and board.sound.last == "roll"
    settle(app)
    assert "Strike!" not in " ".join(words(app, scr.lines))

    # two sixes without the blue die: legal at the 4-dice stage (asked of the core)
    player.set_kept(mask(P, Y))
    assert defuse.explain(ew, module.dice, 4, module.was_kept, module.kept) == defuse.OK
    player.give(I.ROLL)
    assert list(module.dice) == [6, 6, 6, 6, 6] and module.solved
    assert board.sound.last == "defuse"
    settle(app)
    assert "DEFUSED!" in words(app, scr.lines)
    step(app, DS.OVER_MS // FRAME_MS + 2)
    settle(app)
    assert scr.view == DS.VIEW_RESULT
    assert scr.menu is None and scr.edge is None
    assert read_field(app, scr.result.title).rstrip(" ^v").strip() == "Defused!"
    rows = [read_field(app, tf).split() for tf in scr.result.rows]
    assert ["Strikes", "1", "of", "3"] in rows
    stats = scr.defuse_stats
    assert (stats.bombs, stats.defused, stats.exploded, stats.strikes) == (1, 1, 0, 1)
    assert stats.best_ms == max(1, module.elapsed_ms)
    assert stats_seen == [stats.values()]
    # back to the defuse menu: the statistics are shown there
    for _ in range(4):
        if scr.result.items[scr.result.sel] == DR.MENU:
            break
        player.give(I.DOWN)
    player.give(I.ENTER)
    assert scr.view == DS.VIEW_MENU
    assert scr.edge is None and scr.result is None
    menu_rows = []
    for _ in range(scr.menu.count):
        player.give(I.DOWN)
        menu_rows += [read_field(app, tf).split() for tf in scr.menu.rows]
    assert ["Defused", "1/1"] in menu_rows and ["Strikes", "made", "1"] in menu_rows


@pytest.mark.parametrize("profile", PLAY_PROFILES)
def test_three_strikes_blow_it_up(profile):
    app, board, ew, scr = defuse_app(profile, seed=9)
    player = Defuser(app)
    player.open_from_title()
    player.start()
    player.give(I.ROLL)
    module = scr.module
    player.keep(Y)  # yellow shows 2: the rule wants the 6s
    reason = defuse.explain(ew, module.dice, 5, 0, module.kept)
    assert reason == defuse.R_KEEP_6
    for n in (1, 2):
        player.give(I.ROLL)
        assert module.strikes == n and not module.exploded
    settle(app)
    assert read_field(app, scr.strike_marks).count("X") == 2
    player.give(I.ROLL)
    assert module.exploded and module.strikes == 3 and list(module.dice) == [1, 2, 3, 4, 6]
    assert board.sound.last == "game_over"
    settle(app)
    assert read_field(app, scr.strike_marks).count("X") == 3
    step(app, DS.OVER_MS // FRAME_MS + 2)
    settle(app)
    assert scr.view == DS.VIEW_RESULT
    assert read_field(app, scr.list_for(DS.VIEW_RESULT).title).rstrip(" ^v").strip() == "BOOM!"
    text = " ".join(words(app, scr.list_for(DS.VIEW_RESULT).rows))
    assert "Too many strikes" in text and defuse.REASONS[reason] in text, text
    assert scr.defuse_stats.exploded == 1 and scr.defuse_stats.strikes == 3
    # "New bomb" arms another one from the board's dice source
    assert scr.list_for(DS.VIEW_RESULT).items[scr.list_for(DS.VIEW_RESULT).sel] == DR.AGAIN
    board.rng = SeededDice(3)
    player.give(I.ENTER)
    assert scr.view == DS.VIEW_EDGE and scr.phase == DS.ARMED and scr.module is not module
    assert scr.module.strikes == 0 and scr.module.stage == 0 and scr.defuse_stats.bombs == 2


@pytest.mark.parametrize("profile", ["pygamer", "macropad", "clue"])
def test_the_countdown_ticks_and_blows_up_at_zero(profile):
    app, board, ew, scr = defuse_app(profile)
    player = Defuser(app)
    player.open_from_title()
    player.choose(DM.TIMER, 1, "timer")  # 3:00
    player.start()
    module = scr.module
    assert module.time_limit_s == 180
    clock = board.clock.ticks_ms
    edge = scr.list_for(DS.VIEW_EDGE)
    # the countdown: in the edgework's title where it fits, else its first row
    where = edge.title if edge.clock_in_title else edge.rows[0]
    label = ["Edgework"] if edge.clock_in_title else ["Time", "left"]
    settle(app)
    assert read_field(app, where).split() == label + ["3:00"]
    clock.advance(1000)
    settle(app)
    assert board.sound.last == "tick"
    assert read_field(app, where).split() == label + ["2:59"]
    player.give(I.ROLL)
    clock.advance(60000)
    settle(app)
    left = module.seconds_left()
    assert 117 <= left <= 119
    assert read_field(app, scr.timer).strip() == "1:%02d" % (left - 60)
    clock.advance(left * 1000 - 500)
    settle(app)
    assert not module.exploded and read_field(app, scr.timer).strip() == "0:01"
    assert app.display.pixel(scr.timer.x + 1, scr.timer.y) is not None
    clock.advance(600)
    settle(app)
    assert module.exploded and module.strikes == 0 and board.sound.last == "game_over"
    step(app, DS.OVER_MS // FRAME_MS + 2)
    settle(app)
    result = scr.list_for(DS.VIEW_RESULT)
    assert scr.view == DS.VIEW_RESULT and read_field(app, result.title).rstrip(" ^v").strip() == "BOOM!"
    assert "Time ran out" in " ".join(words(app, scr.list_for(DS.VIEW_RESULT).rows))


def test_a_live_bomb_never_sleeps_but_the_menu_does():
    app, board, ew, scr = defuse_app("pygamer", seed=5)
    assert hasattr(app, "idle")
    app.settings.sleep_after = 1  # 15 s
    player = Defuser(app)
    player.open_from_title()
    player.choose(DM.TIMER, 2, "timer")  # 5:00
    player.start()
    player.give(I.ROLL)
    clock = board.clock.ticks_ms
    for _ in range(40):  # 40 s without a press
        clock.advance(1000)
        step(app)
    assert app.idle.sleeps == 0 and not app.idle.dimmed
    assert scr.module.seconds_left() == 300 - 40 and not scr.module.exploded
    scr.show_menu()
    for _ in range(20):
        clock.advance(1000)
        step(app)
    assert app.idle.sleeps >= 1


def test_giving_up_needs_a_second_menu_press():
    app, board, ew, scr = defuse_app("macropad")
    player = Defuser(app)
    player.open_from_title()
    player.choose(DM.STRICT)
    player.give(I.ENTER)  # strict (older module releases): on
    player.choose(DM.PRACTICE)
    player.give(I.RIGHT)  # practice: off
    player.start()
    assert scr.module.strict and not scr.options.practice
    player.give(I.ROLL)
    player.give(I.MENU)
    assert scr.view == DS.VIEW_DICE and scr.phase == DS.ARMED
    assert read_field(app, scr.lines[0]).strip() == "Menu again: give up"
    player.give(I.HOLD_5)  # any other key cancels the question
    player.give(I.MENU)
    step(app, DS.CONFIRM_MS // FRAME_MS + 2)  # ... and so does waiting
    player.give(I.MENU)
    assert scr.phase == DS.ARMED
    player.give(I.MENU)
    assert scr.view == DS.VIEW_MENU and scr.phase == DS.NO_BOMB
    assert scr.defuse_stats.bombs == 1 and scr.defuse_stats.defused == 0


# -- what the screen shows ---------------------------------------------------------------------
@pytest.mark.parametrize("profile", ["pygamer", "feather_tft", "clue"])
def test_dice_colours_and_the_kept_row_on_colour_screens(profile):
    app, board, ew, scr = defuse_app(profile)
    player = Defuser(app)
    player.open_from_title()
    player.start()
    d = app.display
    bg = d.as_shown(app.colours[theme.BG])
    player.give(I.ROLL)
    settle(app)
    for c in range(5):
        assert body_pixel(app, scr, c, False) == d.as_shown(DIE_COLOURS[c][0]), c
        assert body_pixel(app, scr, c, True) != d.as_shown(DIE_COLOURS[c][0])
    # the black die's outline stands out from the background
    x, y, die = scr.dice.face_at(K, False)
    assert d.pixel(x + die // 2, y) == d.as_shown(DIE_COLOURS[K][2]) != bg
    player.keep(B)
    player.keep(W)
    settle(app)
    for c in range(5):
        kept = c in (B, W)
        assert body_pixel(app, scr, c, kept) == d.as_shown(DIE_COLOURS[c][0]), c
        x, y, die = scr.dice.face_at(c, not kept)
        assert d.pixel(x + die // 2, y + die // 2) == bg  # its other slot is empty
    player.keep(B)
    settle(app)
    assert body_pixel(app, scr, B, False) == d.as_shown(DIE_COLOURS[B][0])


@pytest.mark.parametrize("profile", ["macropad"])
def test_colour_letters_on_the_mono_screen(profile):
    app, board, ew, scr = defuse_app(profile)
    player = Defuser(app)
    player.open_from_title()
    player.start()
    player.give(I.ROLL)
    player.keep(Y)
    player.keep(K)
    settle(app)
    for c in range(5):
        kept = c in (Y, K)
        assert read_letter(app, scr, c, kept) == chr(LETTERS[c]), c
        assert read_letter(app, scr, c, not kept) == " "
    white = (255, 255, 255)
    assert body_pixel(app, scr, Y, True) == white and body_pixel(app, scr, P, False) == white
    assert read_field(app, scr.stage).strip() == "Rolled 5"


def test_stick_boards_choose_a_die_with_an_inverted_letter():
    app, board, ew, scr = defuse_app("pygamer")
    player = Defuser(app)
    player.open_from_title()
    player.start()
    player.give(I.ROLL)  # the roll brings the dice view, the stick on purple
    assert scr.view == DS.VIEW_DICE and scr.chosen == P
    player.give(I.LEFT)  # wraps round to black
    player.give(I.RIGHT)
    player.give(I.RIGHT)
    player.give(I.RIGHT)
    settle(app)
    assert scr.chosen == B
    d = app.display
    hi = d.as_shown(app.colours[theme.HIGHLIGHT_BG])
    for c in range(5):
        x, y, s = scr.dice.letter_at(c, False)
        assert (d.pixel(x, y) == hi) == (c == B), c
    player.give(I.ENTER)
    assert scr.module.kept == mask(B)


def test_ring_names_say_what_the_ring_does():
    app, board, ew, scr = defuse_app("clue")
    player = Defuser(app)
    player.open_from_title()
    player.start()
    player.give(I.ROLL)
    buttons = app.buttons
    buttons.ring_goto(I.HOLD_3)
    settle(app)
    assert read_field(app, scr.footer).strip() == ">Keep blue"
    player.give(I.HOLD_3)
    settle(app)
    assert scr.module.kept == mask(B)
    assert read_field(app, scr.footer).strip() == ">Drop blue"
    buttons.ring_goto(I.NEW_GAME)
    settle(app)
    assert read_field(app, scr.footer).strip() == ">Give up"
    buttons.ring_goto(I.DOWN)
    settle(app)
    assert read_field(app, scr.footer).strip() == ">Edgework"
    player.give(I.DOWN)
    assert scr.view == DS.VIEW_EDGE


@pytest.mark.parametrize("profile", SIZE_PROFILES)
def test_every_rule_fits_the_strike_lines(profile):
    app, board, ew, scr = defuse_app(profile)
    app.start_defuse()
    scr.start_bomb()
    scr.handle(I.ROLL)
    scr.set_view(DS.VIEW_DICE)
    module = scr.module
    scr.strike_shown = True
    for code in range(1, len(defuse.REASONS)):
        module.last_reason = code
        scr.stale = True
        settle(app)
        shown = words(app, scr.lines)
        assert " ".join(shown).endswith(defuse.REASONS[code]), (profile, code, shown)
    scr.options.practice = False
    scr.stale = True
    settle(app)
    assert words(app, scr.lines) == ["Strike!"]


@pytest.mark.parametrize("profile", SIZE_PROFILES)
def test_the_edgework_rows_show_whole(profile):
    """The fullest bombs: five lit indicators; five plates of four ports each."""
    from ui.text import TextField

    app, board, ew, scr = defuse_app(profile)
    full = ("DVI-D", "PS/2", "RJ-45", "Stereo RCA")
    labels = defuse.INDICATOR_LABELS[:5]
    bombs = (
        defuse.Edgework("AB1CD2", 0, 0, 5, 0, (), indicators=[(x, True) for x in labels]),
        defuse.Edgework("AB1CD2", 0, 0, 0, 0, (full,) * 5),
        defuse.Edgework("AB1CD2", 10, 5, 0, 0, ((), ("Parallel", "Serial"))),
    )
    wide = TextField(app.sheet, app.palette(0), 0, 0, 80)
    edge = scr.list_for(DS.VIEW_EDGE)
    for e in bombs:
        edge.set_bomb(e)
        edge.count = 0
        edge.build_items()
        narrow = edge.rows[0]
        for i in range(edge.count):
            edge.render(edge.items[i], narrow)
            edge.render(edge.items[i], wide)
            assert field_text(narrow).split() == field_text(wide).split(), (profile, field_text(wide))
        text = b" ".join(b" ".join(r) for r in DE.edgework_rows(e, narrow.width)).decode("latin-1")
        for label, lit in e.indicators:
            assert label in text
        assert text.count("[") == e.plate_count


@pytest.mark.parametrize("profile", SIZE_PROFILES)
def test_menu_and_result_rows_show_whole_at_large_numbers(profile):
    from ui.text import TextField

    app, board, ew, scr = defuse_app(profile)
    app.start_defuse()
    stats = scr.defuse_stats
    assert stats.load(9999, 9000, 999, 9999, 5999999)
    scr.options.timer = 2
    scr.options.strikes = 4  # 5
    scr.start_bomb()
    module = scr.module
    module.strikes = 5
    module.elapsed_ms = 5999999
    module.last_reason = defuse.R_FOUR_NEEDS_YB  # the longest rule
    wide = TextField(app.sheet, app.palette(0), 0, 0, 80)
    checked = 0
    result = scr.list_for(DS.VIEW_RESULT)
    for view, setup in ((scr.list_for(DS.VIEW_MENU), None), (result, (False, False)), (result, (True, True))):
        if setup is not None:
            reason = DS.REASON_TEXT[module.last_reason] if not setup[0] else b""
            view.set_result(setup[0], setup[1], reason)
        view.count = 0
        view.build_items()
        narrow = view.rows[0]
        for i in range(view.count):
            view.render(view.items[i], narrow)
            view.render(view.items[i], wide)
            shown = field_text(narrow), field_text(wide)
            assert shown[0].split() == shown[1].split(), (profile,) + shown
            checked += 1
    assert checked >= 20
    scr.list_for(DS.VIEW_RESULT).set_result(False, False, DS.REASON_TEXT[defuse.R_FOUR_NEEDS_YB])
    scr.list_for(DS.VIEW_RESULT).count = 0
    scr.list_for(DS.VIEW_RESULT).build_items()
    lines = []
    for i in range(scr.list_for(DS.VIEW_RESULT).count):
        item = scr.list_for(DS.VIEW_RESULT).items[i]
        if item in (DR.R_REASON_1, DR.R_REASON_2):
            scr.list_for(DS.VIEW_RESULT).render(item, scr.list_for(DS.VIEW_RESULT).rows[0])
            lines += field_text(scr.list_for(DS.VIEW_RESULT).rows[0]).split()
    assert " ".join(lines) == defuse.REASONS[defuse.R_FOUR_NEEDS_YB]


# -- economy: idle frames, allocation ----------------------------------------------------------
def until_second_starts(app, module):
    for _ in range(200):
        step(app)
        if module.elapsed_ms % 1000 < 2 * FRAME_MS:
            return
    raise AssertionError("the clock did not move")


@pytest.mark.parametrize("profile", SIZE_PROFILES)
def test_idle_frames_redraw_nothing_and_a_second_redraws_the_timer_only(profile):
    app, board, ew, scr = defuse_app(profile)
    app.start_defuse()
    settle(app)
    d = app.display
    step(app, 10)
    assert d.dirty_log == []  # the menu
    scr.options.timer = 1
    scr.start_bomb()
    settle(app)
    module = scr.module
    until_second_starts(app, module)
    d.settle()
    step(app, 10)
    assert d.dirty_log == []  # the edgework between seconds
    scr.handle(I.ROLL)
    scr.handle(I.HOLD_2)
    until_second_starts(app, module)
    d.settle()
    step(app, 10)
    assert d.dirty_log == []  # the dice between seconds
    for _ in range(100):
        step(app)
        if d.dirty_log:
            break
    x, y, w, h = scr.timer.bounds()
    for x1, y1, x2, y2 in d.dirty_log:
        assert x <= x1 and x2 <= x + w, (d.dirty_log, scr.timer.bounds())
        if board.colour:
            assert y <= y1 and y2 <= y + h


ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# not sim/ (the fake clock, the screen)
PROJECT = [tracemalloc.Filter(True, os.path.join(ROOT, d, "*")) for d in ("ui", "hw", "yahtzee_core")]


def retained(fn, repeat=6):
    """Project memory held after ``repeat`` more calls than after one traced call: growth.

    The first call runs traced so that values which merely replace their predecessor count
    once on both sides: the ms clock's ints (CPython boxes ints over 256; on the boards they
    are small ints, which allocate nothing). An object kept and replaced every frame is
    therefore not seen here; the code paths are written without them (see the module)."""
    fn()  # warm-up
    tracemalloc.start(1)
    try:
        fn()
        before = tracemalloc.take_snapshot()
        for _ in range(repeat):
            fn()
        after = tracemalloc.take_snapshot()
    finally:
        tracemalloc.stop()
    diff = after.filter_traces(PROJECT).compare_to(before.filter_traces(PROJECT), "lineno")
    return sum(x.size_diff for x in diff), [str(x) for x in diff if x.size_diff]


@pytest.mark.parametrize("profile", SIZE_PROFILES)
def test_no_project_allocation_per_frame_keep_strike_or_tick(profile):
    app, board, ew, scr = defuse_app(profile)
    app.start_defuse()
    scr.options.timer = 2
    scr.options.strikes = 5  # no strike limit: strike as often as we like
    scr.start_bomb()
    scr.handle(I.ROLL)
    settle(app)
    step(app, 20)  # the clocks past 256 ms, where CPython starts boxing them
    assert list(scr.module.dice) == [1, 2, 3, 4, 6]

    size, lines = retained(lambda: step(app))
    assert size == 0, lines

    def keep_and_release():
        scr.handle(I.HOLD_1)
        step(app)
        scr.handle(I.HOLD_1)
        step(app)

    size, lines = retained(keep_and_release)
    assert size == 0, lines

    scr.handle(I.HOLD_1)

    def strike():
        scr.handle(I.ROLL)
        step(app)

    size, lines = retained(strike)
    assert size == 0, lines
    assert scr.module.strikes >= 7 and list(scr.module.dice) == [1, 2, 3, 4, 6]

    def seconds():  # the countdown's redraw and tick cue
        board.clock.ticks_ms.advance(1000)
        step(app)

    size, lines = retained(seconds)
    assert size == 0, lines

    scr.set_view(DS.VIEW_EDGE)
    size, lines = retained(seconds)
    assert size == 0, lines


def test_hot_paths_allocate_nothing_under_micropython_heap_lock():
    """The strict check, in the real MicroPython VM (tools/mpy_runner) on a stand-in for
    displayio: tracemalloc above sees growth only, heap_lock() refuses any allocation at all.
    Every layout, with and without the command ring and the stick's die choice."""
    import shutil
    import subprocess

    runner = os.path.join(ROOT, "tools", "mpy_runner")
    if not shutil.which("node") or not os.path.isdir(os.path.join(runner, "node_modules")):
        pytest.skip("no node or MicroPython VM (bash tools/test installs it)")
    done = subprocess.run(["node", os.path.join(runner, "run.mjs"), "--mount", "ui", "--mount", "hw",
                           os.path.join(ROOT, "host_tests", "ui", "mp_defuse_heaplock.py")],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    frames = int(done.stdout.split("defuse heap-locked frames:")[1].split()[0])
    assert frames >= 1000


# -- layout --------------------------------------------------------------------------------------
def overlap(a, b):
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah


@pytest.mark.parametrize("profile", PROFILES)
def test_every_defuse_view_inside_the_screen_and_apart(profile):
    app, board, ew, scr = defuse_app(profile)
    W, H = app.layout.width, app.layout.height
    views = {
        "dice": [(tf.bounds(), "field %d" % i) for i, tf in enumerate(scr.fields)]
        + [(scr.dice.bounds(), "dice")],
        "menu": [(tf.bounds(), "menu %d" % i) for i, tf in enumerate(scr.list_for(DS.VIEW_MENU).fields)],
        "edgework": [(tf.bounds(), "edge %d" % i) for i, tf in enumerate(scr.list_for(DS.VIEW_EDGE).fields)],
        "result": [(tf.bounds(), "result %d" % i) for i, tf in enumerate(scr.list_for(DS.VIEW_RESULT).fields)],
    }
    for name, items in views.items():
        for (x, y, w, h), what in items:
            assert 0 <= x and 0 <= y and x + w <= W and y + h <= H, (profile, name, what)
        for i in range(len(items)):
            for j in range(i + 1, len(items)):
                assert not overlap(items[i][0], items[j][0]), (profile, name, items[i][1], items[j][1])
    # each die with its letter stays inside its column, in both rows
    dice = scr.dice
    for c in range(5):
        for kept in (False, True):
            fx, fy, size = dice.face_at(c, kept)
            lx, ly, s = dice.letter_at(c, kept)
            col = dice.x + c * dice.pitch
            assert col <= lx and lx + dice.letter_w <= fx and fx + size <= col + dice.pitch
            assert fx + size <= W and fy + size <= H
    assert dice.kept_y + dice.die <= dice.roll_y
    assert len(scr.lines) >= 2  # the broken rule needs two lines on the smallest screen
