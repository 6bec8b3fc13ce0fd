"""UNDO: the last box choice taken back, exactly (portable: CPython and the MicroPython VM)."""

from yahtzee_core import engine as E
from yahtzee_core import host_helpers
from yahtzee_core import snapshot, snapshot_reader
from yahtzee_core.seeded_dice import SeededDice
from yahtzee_core import rules
from yahtzee_core.host_helpers import box_index
from gamekit import new_game, set_card, roll, drain
from checks import heap_locked


def box(game, key):
    return box_index(game.rules, key)


def exact(game):
    """Everything UNDO must bring back (the pending events aside)."""
    return (
        host_helpers.snapshot(game), bytes(game.scores), list(game.filled), bytes(game.bonus_count),
        list(game.preview), game.allowed, game.joker_active, game.cursor, game.cursor_visible,
        bytes(game.dice), bytes(game.counts), game.total_pips, game.held, game.rolls_used,
        game.player, game.round, game.over, bytes(game.round_dice),
    )


def test_score_then_undo_is_the_game_before_the_choice():
    g = new_game()
    roll(g, [3, 3, 4, 5, 6])
    roll(g, [3], hold=(0, 1, 2, 3))
    assert g.act(E.SELECT_BOX, box(g, "threes")) == E.OK
    drain(g)
    before = exact(g)
    assert host_helpers.undo_refusal(g) == E.R_NOTHING_TO_UNDO
    assert g.act(E.SCORE) == E.OK
    assert g.box_score(0, box(g, "threes")) == 9 and g.round == 1
    assert host_helpers.undo_refusal(g) == E.OK
    drain(g)
    assert g.act(E.UNDO) == E.OK
    ev = drain(g)
    assert ev[0] == ("undone", box(g, "threes"))
    assert exact(g) == before
    # a different choice is then scored as if the first had never been made
    assert g.act(E.SCORE_BOX, box(g, "chance")) == E.OK
    assert g.box_score(0, box(g, "chance")) == 18 and not g.is_filled(0, box(g, "threes"))
    assert g.act(E.UNDO) == E.OK
    assert exact(g) == before


def test_one_step_only_and_a_refusal_changes_nothing():
    g = new_game()
    roll(g, [1, 1, 2, 3, 4])
    assert g.act(E.SCORE_BOX, box(g, "ones")) == E.OK
    assert g.act(E.UNDO) == E.OK
    drain(g)
    state = exact(g)
    assert g.act(E.UNDO) == E.R_NOTHING_TO_UNDO
    assert exact(g) == state and not g.pending_events()


def test_undo_refused_once_the_next_turn_rolled():
    g = new_game()
    roll(g, [1, 1, 2, 3, 4])
    assert g.act(E.SCORE_BOX, box(g, "ones")) == E.OK
    roll(g, [6, 6, 6, 6, 5])
    drain(g)
    state = exact(g)
    assert g.act(E.UNDO) == E.R_UNDO_ROLLED
    assert E.REASONS[E.R_UNDO_ROLLED] == b"too late: rolled"
    assert exact(g) == state and not g.pending_events()


def test_undo_takes_back_the_upper_bonus():
    g = new_game()
    set_card(g, 0, {"ones": 3, "twos": 6, "threes": 9, "fours": 12, "fives": 15})
    roll(g, [6, 6, 6, 1, 1])
    drain(g)
    before = exact(g)
    assert g.act(E.SCORE_BOX, box(g, "sixes")) == E.OK
    assert g.upper_bonus(0) == 35 and g.total(0) == 63 + 35
    assert g.act(E.UNDO) == E.OK
    assert g.upper_bonus(0) == 0 and g.total(0) == 45
    assert exact(g) == before


def test_undo_takes_back_the_yahtzee_bonus_and_restores_the_joker():
    for joker in ("forced", "free"):
        g = new_game(joker=joker)
        set_card(g, 0, {"yahtzee": 50, "fours": 12})
        roll(g, [4, 4, 4, 4, 4])
        drain(g)
        assert g.joker_active
        before = exact(g)
        assert g.act(E.SCORE_BOX, box(g, "full_house")) == E.OK
        assert g.bonus_count[0] == 1 and g.yahtzee_bonus(0) == 100
        assert g.box_score(0, box(g, "full_house")) == 25
        assert g.act(E.UNDO) == E.OK
        assert g.bonus_count[0] == 0 and g.yahtzee_bonus(0) == 0 and g.joker_active
        assert exact(g) == before
        assert g.act(E.SCORE_BOX, box(g, "large_straight")) == E.OK  # Joker: 40 fixed
        assert g.box_score(0, box(g, "large_straight")) == 40 and g.bonus_count[0] == 1


def test_undo_refused_after_game_over():
    g = new_game("yacht", autofill=False)
    n = g.rules.n_boxes
    for b in range(n):
        roll(g, [1, 2, 3, 4, 6])
        assert g.act(E.SCORE_BOX, b) == E.OK
    assert g.over
    assert g.act(E.UNDO) == E.R_GAME_OVER and host_helpers.undo_refusal(g) == E.R_GAME_OVER


def test_an_auto_filled_last_box_is_not_a_choice():
    g = new_game("yacht", autofill=True)
    for b in range(g.rules.n_boxes - 1):
        roll(g, [1, 2, 3, 4, 6])
        assert g.act(E.SCORE_BOX, b) == E.OK
    roll(g, [1, 1, 1, 2, 2])
    roll(g, [1, 1, 1, 2, 2])
    roll(g, [1, 1, 1, 2, 2])
    assert g.over
    assert g.act(E.UNDO) == E.R_GAME_OVER


def test_undo_refused_after_a_computer_seat_moved():
    # a human's choice, then the computer seat rolled
    g = new_game(seats=2, kinds=(E.HUMAN, E.EASY))
    roll(g, [1, 1, 2, 3, 4])
    assert g.act(E.SCORE_BOX, box(g, "ones")) == E.OK
    assert host_helpers.undo_refusal(g) == E.OK  # the computer has not moved yet
    roll(g, [2, 2, 2, 3, 4])
    assert g.act(E.UNDO) == E.R_UNDO_COMPUTER
    # the computer's own choice is never taken back
    assert g.act(E.SCORE_BOX, box(g, "twos")) == E.OK
    assert g.player == 0
    assert g.act(E.UNDO) == E.R_UNDO_COMPUTER
    assert E.REASONS[E.R_UNDO_COMPUTER] == b"computer has moved"


def test_duplicate_play_with_several_seats_has_no_undo():
    g = new_game(seats=2, duplicate=True, dice=[1, 2, 3, 4, 5] * 3 + [6] * 15 * 3)
    assert g.act(E.ROLL) == E.OK
    assert g.act(E.SCORE_BOX, box(g, "chance")) == E.OK
    assert g.act(E.UNDO) == E.R_UNDO_SHARED
    # one seat with duplicate dice: the round's dice come back with the choice
    g = new_game(seats=1, duplicate=True, dice=[1, 2, 3, 4, 5] * 3 + [6] * 15 * 3)
    assert g.act(E.ROLL) == E.OK
    drain(g)
    before = exact(g)
    assert g.act(E.SCORE_BOX, box(g, "chance")) == E.OK
    assert bytes(g.round_dice) == bytes([6] * 15)
    assert g.act(E.UNDO) == E.OK
    assert exact(g) == before


def test_new_game_and_restore_forget_the_undo():
    g = new_game()
    roll(g, [1, 1, 2, 3, 4])
    assert g.act(E.SCORE_BOX, box(g, "ones")) == E.OK
    data = host_helpers.snapshot(g)
    h = new_game()
    assert snapshot_reader.restore(h, data) == snapshot.OK
    assert h.act(E.UNDO) == E.R_NOTHING_TO_UNDO
    assert g.act(E.NEW_GAME) in (E.OK, E.R_CONFIRM_NEEDED)
    assert g.act(E.CONFIRM) == E.OK
    assert g.act(E.UNDO) == E.R_NOTHING_TO_UNDO


def _score_undo_cycles(game, n):
    done = 0
    while done < n:
        if game.over:
            game.act(E.NEW_GAME)
        game.act(E.ROLL)
        b = 0
        while game.act(E.SCORE_BOX, b) != E.OK and b < 16:
            b += 1
        game.act(E.UNDO)
        game.act(E.UNDO)  # refused
        while game.act(E.SCORE_BOX, b) != E.OK and b < 16:
            b += 1
        while game.pending_events():
            game.next_event()
        done += 1
    return done


def test_undo_allocates_nothing():
    for name, seats in (("yahtzee", 1), ("yatzy", 3), ("yacht", 2)):
        game = E.Game(rules.get(name), SeededDice(5), seats=seats)
        assert heap_locked(_score_undo_cycles, game, 300) == 300
