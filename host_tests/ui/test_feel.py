"""The hand-held feel through the engine: sounds and lights on events, refusals shown with
the engine's reason for a while, the cursor coming up after the third roll, a first Yahtzee
pre-selecting its box, the last box filling itself, new game only after a second press,
computer seats paced by the setting (and waiting while you press keys), and hooks that stay
hidden until their modules exist."""

import pytest

from hw import inputs as I
from ui import screen as S
from ui import title_screen
from ui.app import END_SHOW_MS, MESSAGE_MS
from yahtzee_core import engine

from ui_harness import FRAME_MS, KeyDriver, card_cells, make_app, read_field, settle, start, step


def test_sounds_lights_and_refusal_message():
    app, board, clock = make_app("pygamer", dice=[1, 2, 3, 4, 5] * 10)
    start(app)
    play = app.screens[S.PLAY]
    app.buttons.inject(I.HOLD_1)  # not rolled yet: refused
    settle(app)
    assert board.sound.last == "refuse"
    assert read_field(app, play.msg).strip() == engine.REASONS[engine.R_NOT_ROLLED].decode()
    step(app, MESSAGE_MS // 16 + 2)
    assert read_field(app, play.msg).strip() == ""  # gone after a while
    app.buttons.inject(I.ROLL)
    settle(app)
    assert board.sound.last == "roll"
    app.buttons.inject(I.HOLD_2)
    app.buttons.inject(I.HOLD_4)
    settle(app)
    assert board.sound.last == "hold"
    assert board.lights.held_mask == 0b01010
    app.settings.lights = False
    app.apply_preferences()
    app.buttons.inject(I.HOLD_4)
    settle(app)
    assert board.lights.held_mask == 0


def test_cursor_comes_up_after_the_third_roll_and_the_last_box_fills_itself():
    app, board, clock = make_app("macropad", dice=[1, 2, 3, 4, 6] * 200)
    start(app)
    game = app.game
    play = app.screens[S.PLAY]
    for _ in range(2):
        app.buttons.inject(I.ROLL)
        settle(app)
        assert not game.cursor_visible
        assert read_field(app, play.box).strip() == "Pick a box to score"
    app.buttons.inject(I.ROLL)
    settle(app)
    assert game.cursor_visible
    assert read_field(app, play.box).split()[-1] == str(game.preview[game.cursor])
    # fill all but the last box, then three rolls: the last box fills itself
    n = game.rules.n_boxes
    app.act(engine.SCORE_BOX, 0)
    for b in range(1, n - 1):
        app.act(engine.ROLL)
        assert app.act(engine.SCORE_BOX, b) == engine.OK
    for _ in range(3):
        app.act(engine.ROLL)
    assert game.over and game.filled[0] == game.rules.all_mask
    assert app.msg == b"Last box filled in"
    step(app)
    assert app.current_id == S.PLAY and board.sound.last == "game_over"  # the last turn shows
    step(app, END_SHOW_MS // FRAME_MS + 2)
    assert app.current_id == S.GAME_OVER


def test_the_last_turn_is_seen_and_a_press_made_before_the_end_screen_does_nothing_there():
    """The third roll of round 13 fills the last box: the dice tumble and stay on the play
    screen with the box's score; presses meanwhile (the habitual "score") do nothing, and a
    key held down when the end screen appears does nothing on it."""
    app, board, clock = make_app("pygamer", dice=[2, 2, 3, 5, 6] * 200, tumble=True)
    start(app)
    game = app.game
    play = app.screens[S.PLAY]
    n = game.rules.n_boxes
    for b in range(n - 1):
        app.act(engine.ROLL)
        app.act(engine.SCORE_BOX, b)
    settle(app)
    for frames in (40, 40, 1):
        app.buttons.inject(I.ROLL)
        step(app, frames)
    assert game.over and app.current_id == S.PLAY and app.tumble.active  # the last roll tumbles
    step(app, 40)
    assert not app.tumble.active and app.current_id == S.PLAY
    assert read_field(app, play.msg).strip() == "Last box filled in"
    assert str(game.box_score(0, n - 1)) in read_field(app, play.box)  # what the box scored
    app.buttons.inject(I.ENTER)  # the press a player makes to score
    step(app, 2)
    assert app.current_id == S.PLAY
    k = app.buttons.short.index(I.ENTER)
    app.buttons.key(k, True, clock())  # held down across the change
    step(app, END_SHOW_MS // FRAME_MS + 2)
    assert app.current_id == S.GAME_OVER
    app.buttons.key(k, False, clock())
    step(app, 3)
    assert app.current_id == S.GAME_OVER and game.over  # "Play again" was not pressed


def test_first_yahtzee_preselects_its_box():
    app, board, clock = make_app("clue", dice=[4, 4, 4, 4, 4])
    start(app)
    app.buttons.inject(I.ROLL)
    settle(app)
    game = app.game
    play = app.screens[S.PLAY]
    assert game.cursor == game.rules.yahtzee_box and game.cursor_visible
    assert read_field(app, play.box).split() == ["Yahtzee", "50"]
    assert read_field(app, play.msg).strip() == "YAHTZEE!"
    assert board.sound.last == "yahtzee"


def test_new_game_needs_a_second_press():
    app, board, clock = make_app("feather_tft", dice=[1, 2, 3, 4, 5] * 4)
    start(app)
    play = app.screens[S.PLAY]
    app.buttons.inject(I.ROLL)
    settle(app)
    app.buttons.inject(I.NEW_GAME)
    settle(app)
    assert app.game.rolls_used == 1
    assert read_field(app, play.msg).strip() == "Confirm: press again"
    app.buttons.inject(I.NEW_GAME)
    settle(app)
    assert app.game.rolls_used == 0 and app.current_id == S.PLAY
    assert read_field(app, play.msg).strip() == ""
    # from the menu: the entry asks again, and leaving the menu withdraws the request
    app.buttons.inject(I.ROLL)
    settle(app)
    app.show(S.PAUSE)
    pause = app.screens[S.PAUSE]
    pause.sel = bytes(pause.items[:pause.count]).index(2)  # pause_screen.NEW_GAME
    app.buttons.inject(I.ENTER)
    settle(app)
    assert app.game.confirm_pending
    assert read_field(app, pause.rows[pause.sel - pause.top]).strip() == "Confirm: new game"
    app.buttons.inject(I.MENU)
    settle(app)
    assert not app.game.confirm_pending and app.game.rolls_used == 1


def test_computer_seats_wait_for_the_pace_setting():
    app, board, clock = make_app("pygamer", seats=2, kinds=(engine.MEDIUM, engine.HUMAN), pace=3)
    start(app)
    actions = app.autoplay.actions
    step(app, 1200 // 16 - 2)
    assert app.autoplay.actions == actions  # "slow": 1.2 s before its first move
    step(app, 4)
    assert app.autoplay.actions == actions + 1
    app.buttons.inject(I.ROLL)  # a human key during the computer's turn does nothing
    rolls = app.game.rolls_used
    settle(app)
    assert app.game.rolls_used == rolls


def test_a_computer_seat_waits_its_pace_after_your_last_press():
    # a Pico walks the command ring to Undo in four presses: the computer must not move meanwhile
    app, board, clock = make_app("pico_displaypack", seats=2, kinds=(engine.HUMAN, engine.HARD), pace=1)
    start(app)
    app.act(engine.ROLL)
    app.act(engine.SCORE_BOX, app.game.rules.n_boxes - 1)
    step(app)
    assert app.game.is_computer()
    actions = app.autoplay.actions
    for _ in range(8):  # a press every 160 ms, within its 250 ms pace ("fast")
        app.buttons.inject(I.ROLL)
        step(app, 10)
    assert app.autoplay.actions == actions
    step(app, 250 // 16 + 1)
    assert app.autoplay.actions == actions + 1


def test_hooks_stay_hidden_without_their_objects():
    # No store and no coach given: no Continue entry, no hints. Defuse mode is on every board.
    app, board, clock = make_app("pygamer")
    title = app.screens[S.TITLE]
    items = set(title.items[: title.count])
    assert title_screen.CONTINUE not in items and title_screen.DEFUSE in items
    assert not app.strategy.coaches and app.store is None
    assert app.new_high_score() is False
    # with a store (yahtzee_core/nvm_store.py): host_tests/ui/test_persistence_ui.py


def test_the_sound_key_updates_the_title_row_at_once():
    app, board, clock = make_app("pygamer")
    title = app.screens[S.TITLE]
    row = [tf for tf, item in zip(title.rows, title.items[title.top:]) if item == title_screen.SOUND]
    if not row:  # scroll it into view
        for _ in range(len(title.items)):
            app.buttons.inject(I.DOWN)
            settle(app)
            if title_screen.SOUND in title.items[title.top:title.top + len(title.rows)]:
                break
    before = app.settings.sound
    app.buttons.inject(I.SOUND)
    settle(app)
    assert app.settings.sound != before
    k = title.items.index(title_screen.SOUND) - title.top
    assert read_field(app, title.rows[k]).split()[-1] == ("on" if app.settings.sound else "off")


def test_a_list_taller_than_its_screen_shows_that_it_scrolls():
    """The title menu (14 items) on the MacroPad's 128x64: its title line ends "v" while more is
    below and "^" while more is above."""
    app, board, clock = make_app("macropad")
    title = app.screens[S.TITLE]
    rows = title.rows
    assert title.count > len(rows)
    assert read_field(app, title.title).rstrip()[-2:] == " v"
    for _ in range(4):
        app.buttons.inject(I.DOWN)
        settle(app)
    assert read_field(app, title.title).rstrip()[-2:] == "^v"  # in the middle: both
    for _ in range(title.count):
        app.buttons.inject(I.DOWN)
        settle(app)
    assert title.top + len(rows) == title.count
    assert read_field(app, title.title).rstrip()[-1:] == "^"


def test_a_computers_turn_is_not_told_to_pick_a_box():
    app, board, clock = make_app("pygamer", seats=2, kinds=(engine.HUMAN, engine.EASY))
    start(app)
    game = app.game
    play = app.screens[S.PLAY]
    app.act(engine.ROLL)
    app.act(engine.SCORE_BOX, 0)
    assert game.is_computer()
    app.act(engine.ROLL)  # the computer's first roll (as its player does)
    settle(app)
    assert game.is_computer() and game.rolls_used == 1
    assert read_field(app, play.box).strip() == "Computer's turn"


def test_a_short_tap_of_a_hold_only_key_says_to_hold_it():
    from sim import desktop

    app, board, clock = make_app("pygamer")
    start(app)
    desktop.press(board, "n")  # new game: a hold on the desktop's n
    settle(app)
    assert app.msg == b"Hold that key longer"
    assert app.current_id == S.PLAY and not app.game.over


def test_keys_are_named_where_players_look():
    """Controls/--keys list the desktop's undo key; the MacroPad's keys and encoder have desktop
    keys; the Pico's X and Y are told apart; the initials screen in the desktop window names Enter."""
    from sim import desktop
    from sim.keytable import keymap_help
    from ui.initials_screen import InitialsScreen

    for profile in ("pygamer", "macropad", "pico_displaypack"):
        pairs = dict(keymap_help(desktop.board_module(profile)))
        assert pairs.get("u / backspace") == "undo the last box"
    macropad = dict(keymap_help(desktop.board_module("macropad")))
    assert macropad["q (key 1)"] == "hold 1" and "hold: undo" in macropad["t (key 11)"]
    assert macropad["j (turn left)"] and macropad["k (push)"] == "enter"
    pico = dict(keymap_help(desktop.board_module("pico_displaypack")))
    assert pico["x (X)"] == "previous command" and pico["y (Y)"] == "next command"
    app, board, clock = make_app("pygamer")
    board.window = object()  # as in the desktop window
    scr = InitialsScreen(app)
    assert b"Enter: next" in scr.help_text and b"A:" not in scr.help_text
    assert scr.back_text == b"Esc: back a letter"  # the keyboard's Menu key, not Start
    app, board, clock = make_app("macropad")
    board.window = object()
    assert InitialsScreen(app).help_text == b"Enter next, Esc back"  # one line of 20 cells


def test_hint_on_the_scorecard_is_answered_where_it_can_be_read():
    app, board, clock = make_app("pygamer")
    start(app)
    app.show(S.CARD)
    settle(app)
    app.buttons.inject(I.HINT)
    settle(app)
    assert app.current_id == S.PLAY and app.msg  # "No hints yet" (not rolled) on the play screen


def test_the_menu_shows_the_standings_in_a_game_of_several_seats():
    app, board, clock = make_app("pygamer", seats=3, kinds=(engine.HUMAN, engine.EASY, engine.HUMAN))
    start(app)
    game = app.game
    app.act(engine.ROLL)
    app.act(engine.SCORE_BOX, 12)  # chance: a total for P1
    app.show(S.PAUSE)
    settle(app)
    menu = app.screens[S.PAUSE]
    lines = [" ".join(read_field(app, tf).split()) for tf in menu.rows]
    assert lines[:3] == ["P1 You %d" % game.total(0), "P2 CPU-e %d" % game.total(1), "P3 You %d" % game.total(2)]
    assert menu.items[menu.sel] == 0  # Resume is still where the selection starts


@pytest.mark.parametrize("profile", ["pygamer", "macropad", "clue"])
def test_left_and_right_page_through_every_seats_scorecard(profile):
    app, board, clock = make_app(profile, dice=[6, 6, 5, 5, 4, 3, 3, 3, 2, 1] * 200, seats=3, pace=0,
                                 kinds=(engine.HUMAN, engine.EASY, engine.HUMAN))
    start(app)
    game = app.game
    app.act(engine.ROLL)
    app.act(engine.SCORE_BOX, 12)  # chance for P1
    for _ in range(3000):  # the computer's turn
        if game.player == 2:
            break
        step(app)
    app.act(engine.ROLL)
    app.act(engine.SCORE_BOX, 0)  # ones for P3
    for _ in range(3000):
        if game.player == 0 and not game.is_computer():
            break
        step(app)
    assert game.round == 1 and game.player == 0
    app.act(engine.ROLL)  # P1's previews are on the card
    settle(app)
    app.show(S.CARD)
    settle(app)
    card = app.screens[S.CARD]
    drv = KeyDriver(app)

    def shown():
        header = " ".join(read_field(app, card.header).split())
        cells = {}
        for r, row in enumerate(card_cells(card)):
            for c, tf in enumerate(row):
                i = card.top + r
                code = card.lines[c][i] if i < card.n_lines else 0xFF
                if code < 0x80:
                    cells[code] = read_field(app, tf).split()
        return header, cells

    for seat in (0, 1, 2, 0):
        header, cells = shown()
        assert header.startswith("P%d " % (seat + 1)), header
        if app.buttons.ring is None:
            assert header.endswith(" %d" % game.total(seat)), header
        else:  # the header shows the ring's item; the total is the card's last line
            rows = [" ".join(read_field(app, tf).split()) for row in card_cells(card) for tf in row]
            assert "Total %d" % game.total(seat) in rows, rows
        for box, words in cells.items():
            if game.is_filled(seat, box):
                assert words[-1] == str(game.box_score(seat, box)), (seat, box, words)
            elif seat != 0:
                assert not words[-1].strip("()").isdigit(), (seat, box, words)  # no previews for another seat
        drv.give(I.RIGHT)
    assert card.seat == 1
    drv.give(I.LEFT)
    drv.give(I.LEFT)
    assert card.seat == 2 and app.current_id == S.CARD
    drv.give(I.ENTER)  # on another seat's card: back to the card being played, nothing scored
    assert card.seat == 0 and app.current_id == S.CARD and game.rolls_used == 1
    assert shown()[0].startswith("P1 ")
