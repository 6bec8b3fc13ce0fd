"""The game engine: flow, refusals, bonuses, the Joker, the hand-held's behaviour."""

from yahtzee_core import engine as E
from yahtzee_core import rules
from yahtzee_core.seeded_dice import SeededDice
from yahtzee_core.host_helpers import ScriptedDice
from yahtzee_core.host_helpers import box_index
from gamekit import new_game, set_card, roll, drain, names, state_of

YZ = 11  # Yahtzee box index in the Yahtzee card
CH = 12


def box(game, key):
    return box_index(game.rules, key)


def score(game, key):
    assert game.act(E.SCORE_BOX, box(game, key)) == E.OK


def test_worked_scorecard_263_replayed_as_a_game():
    g = new_game()
    turns = (
        ("ones", [[1, 1, 2, 3, 4]]),
        ("twos", [[2, 2, 1, 3, 4], [2, 5, 2], [2]]),  # hold the twos, reroll twice
        ("threes", [[3, 3, 3, 1, 2]]),
        ("fours", [[4, 4, 4, 1, 2]]),
        ("fives", [[5, 5, 5, 1, 2]]),
        ("sixes", [[6, 6, 6, 1, 2]]),
        ("three_of_a_kind", [[5, 5, 5, 4, 2]]),
        ("four_of_a_kind", [[6, 6, 6, 6, 2]]),
        ("full_house", [[2, 2, 3, 3, 3]]),
        ("small_straight", [[1, 2, 3, 4, 6]]),
        ("large_straight", [[2, 3, 4, 5, 6]]),
        ("yahtzee", [[6, 5, 4, 2, 1]]),
        ("chance", [[6, 5, 4, 4, 3]]),
    )
    for key, rolls in turns:
        roll(g, rolls[0])
        if len(rolls) > 1:
            roll(g, rolls[1], hold=(0, 1))
            roll(g, rolls[2], hold=(0, 1, 2, 3))
        if g.over:
            break  # the last box fills itself
        score(g, key)
    assert g.over
    expect = (2, 8, 9, 12, 15, 18, 21, 26, 25, 30, 40, 0, 22)
    for b in range(13):
        assert g.box_score(0, b) == expect[b]
    assert g.upper_subtotal(0) == 64
    assert g.upper_bonus(0) == 35
    assert g.lower_subtotal(0) == 164
    assert g.total(0) == 263
    assert g.winners() == 1


def test_turn_flow_and_refusals_change_nothing():
    g = new_game(seats=2)
    before = state_of(g)
    assert g.act(E.HOLD, 0) == E.R_NOT_ROLLED
    assert g.act(E.SCORE_BOX, 0) == E.R_NOT_ROLLED
    assert g.act(E.SCORE) == E.R_NOT_ROLLED
    assert g.act(E.CURSOR_NEXT) == E.R_NOT_ROLLED
    assert g.act(E.CONFIRM) == E.R_NOTHING_TO_CONFIRM
    assert g.act(99) == E.R_BAD_ACTION
    assert state_of(g) == before
    roll(g, [1, 2, 3, 4, 5])
    before = state_of(g)
    assert g.act(E.HOLD, 5) == E.R_BAD_INDEX
    assert g.act(E.HOLD, -1) == E.R_BAD_INDEX
    assert g.act(E.SCORE_BOX, 13) == E.R_BAD_INDEX
    assert g.act(E.SCORE_BOX, -1) == E.R_BAD_INDEX
    assert g.act(E.SCORE) == E.R_NO_BOX_SELECTED
    assert g.act(E.HOLD, None) == E.R_BAD_INDEX
    assert g.act(E.SCORE_BOX, "chance") == E.R_BAD_INDEX
    assert g.act("roll") == E.R_BAD_ACTION
    assert state_of(g) == before
    roll(g, [1, 2, 3, 4, 5])
    roll(g, [6, 6, 6, 6, 6])
    before = state_of(g)
    assert g.act(E.ROLL) == E.R_NO_ROLLS_LEFT
    assert g.act(E.HOLD, 0) == E.R_NO_ROLLS_LEFT
    assert state_of(g) == before
    score(g, "sixes")
    assert g.player == 1 and g.round == 0
    roll(g, [1, 1, 1, 2, 2])
    score(g, "sixes")  # the other seat's card is its own
    assert g.player == 0 and g.round == 1
    roll(g, [1, 1, 1, 2, 2])
    before = state_of(g)
    assert g.act(E.SCORE_BOX, box(g, "sixes")) == E.R_BOX_FILLED
    assert g.act(E.SELECT_BOX, box(g, "sixes")) == E.R_BOX_FILLED
    assert state_of(g) == before
    assert E.REASONS[E.R_BOX_FILLED] == b"box already filled"


def test_holds_keep_dice_and_are_released_each_turn():
    g = new_game()
    roll(g, [3, 3, 1, 2, 6])
    roll(g, [4, 5, 3], hold=(0, 1))
    assert bytes(g.dice) == bytes([3, 3, 4, 5, 3])
    assert g.held == 0b00011
    score(g, "threes")
    assert g.held == 0 and g.rolls_used == 0 and bytes(g.dice) == bytes(5)


def test_events():
    g = new_game()
    g.rng.extend([2, 2, 2, 2, 2])
    assert g.act(E.ROLL) == E.OK
    ev = drain(g)
    assert ev[0] == ("rolled", 0b11111)
    assert ("yahtzee", 0) in ev
    assert ("cursor", YZ) in ev
    assert g.act(E.SCORE) == E.OK
    ev = names(drain(g))
    assert ev == ["scored", "turn_over"]


def test_upper_bonus_threshold_is_63_or_more():
    g = new_game()
    set_card(g, 0, {"ones": 3, "twos": 6, "threes": 9, "fours": 12, "fives": 15})
    roll(g, [6, 6, 6, 1, 1])
    drain(g)
    score(g, "sixes")  # 45 + 18 = 63 exactly
    assert g.upper_subtotal(0) == 63
    assert g.upper_bonus(0) == 35
    assert "upper_bonus" in names(drain(g))
    g = new_game()
    set_card(g, 0, {"ones": 2, "twos": 6, "threes": 9, "fours": 12, "fives": 15})
    roll(g, [6, 6, 6, 1, 1])
    score(g, "sixes")  # 62
    assert g.upper_bonus(0) == 0
    assert "upper_bonus" not in names(drain(g))
    y = new_game("yatzy")
    set_card(y, 0, {"ones": 3, "twos": 6, "threes": 9, "fours": 12, "fives": 15, "sixes": 18})
    assert y.upper_bonus(0) == 50
    assert new_game("yacht").upper_bonus(0) == 0


def test_upper_par():
    g = new_game()
    set_card(g, 0, {"sixes": 24, "twos": 4})
    assert g.upper_par(0) == 6 - 2  # "6 up" then "2 down": 4 up


def test_first_yahtzee_preselects_its_box():
    g = new_game()
    roll(g, [5, 5, 5, 1, 2])
    assert not g.cursor_visible
    roll(g, [5, 5], hold=(0, 1, 2))
    assert g.cursor_visible and g.cursor == YZ
    assert g.preview[YZ] == 50
    assert g.act(E.SCORE) == E.OK
    assert g.box_score(0, YZ) == 50


def test_cursor_visits_only_open_boxes_and_comes_up_after_third_roll():
    g = new_game()
    set_card(g, 0, {"ones": 1, "threes": 3, "chance": 20})
    roll(g, [1, 2, 3, 4, 6])
    assert not g.cursor_visible
    assert g.act(E.CURSOR_NEXT) == E.OK
    assert g.cursor == 1  # twos: the first open box
    visited = []
    for _ in range(12):
        assert g.act(E.CURSOR_NEXT) == E.OK
        visited.append(g.cursor)
    assert 0 not in visited and 2 not in visited and CH not in visited
    assert sorted(set(visited)) == [1, 3, 4, 5, 6, 7, 8, 9, 10, 11]
    assert g.act(E.CURSOR_PREV) == E.OK
    roll(g, [1, 2, 3, 4, 5])
    assert not g.cursor_visible  # a new roll puts it away until the third
    roll(g, [1, 2, 3, 4, 5])
    assert g.cursor_visible
    assert g.preview[g.cursor] >= 0
    assert g.preview[box(g, "large_straight")] == 40
    assert g.preview[0] == -1  # filled boxes have no preview
    assert g.act(E.SELECT_BOX, box(g, "large_straight")) == E.OK
    assert g.act(E.SCORE) == E.OK
    assert g.box_score(0, box(g, "large_straight")) == 40


def test_last_box_fills_itself_and_game_over():
    g = new_game(seats=2)
    all_but_chance = {}
    for key in rules.get("yahtzee").categories[:-1]:
        all_but_chance[key] = 0
    set_card(g, 0, all_but_chance)
    set_card(g, 1, all_but_chance)
    roll(g, [1, 2, 3, 4, 6])
    roll(g, [1, 2, 3, 4, 6])
    roll(g, [6, 6, 6, 6, 5])
    assert g.is_filled(0, CH) and g.box_score(0, CH) == 29
    ev = names(drain(g))
    assert "auto_filled" in ev and ev[-1] == "turn_over"
    roll(g, [6, 6, 6, 6, 5])
    score(g, "chance")  # scoring early works too
    assert g.over
    ev = drain(g)
    assert ev[-1] == ("game_over", 0b11)  # a tie is shared
    assert g.act(E.ROLL) == E.R_GAME_OVER
    assert g.act(E.HOLD, 0) == E.R_GAME_OVER
    assert g.act(E.NEW_GAME) == E.OK  # no confirmation needed once it is over
    assert not g.over and g.round == 0 and g.total(0) == 0


def test_autofill_can_be_switched_off():
    g = new_game(autofill=False)
    card = {}
    for key in rules.get("yahtzee").categories[:-1]:
        card[key] = 0
    set_card(g, 0, card)
    for _ in range(3):
        roll(g, [1, 2, 3, 4, 6])
    assert not g.over and g.cursor == CH
    assert g.act(E.SCORE) == E.OK and g.over


def test_new_game_needs_confirmation():
    g = new_game()
    roll(g, [1, 2, 3, 4, 6])
    score(g, "chance")
    assert g.act(E.NEW_GAME) == E.R_CONFIRM_NEEDED
    assert g.confirm_pending and g.round == 1
    assert g.act(E.CANCEL) == E.OK and not g.confirm_pending and g.round == 1
    assert g.act(E.NEW_GAME) == E.R_CONFIRM_NEEDED
    assert g.act(E.CONFIRM) == E.OK
    assert g.round == 0 and g.total(0) == 0 and not g.is_filled(0, CH)
    # A second press also confirms; a refused action leaves the request pending.
    roll(g, [1, 2, 3, 4, 6])
    score(g, "chance")
    assert g.act(E.NEW_GAME) == E.R_CONFIRM_NEEDED
    assert g.act(E.HOLD, 0) == E.R_NOT_ROLLED and g.confirm_pending
    assert g.act(E.NEW_GAME) == E.OK and g.round == 0
    # Any accepted move withdraws the request.
    roll(g, [1, 2, 3, 4, 6])
    assert g.act(E.NEW_GAME) == E.R_CONFIRM_NEEDED
    g.rng.extend([1, 1, 1, 1, 1])
    assert g.act(E.ROLL) == E.OK and not g.confirm_pending


def _yahtzee_filled(joker, yahtzee_score, extra=None):
    g = new_game(joker=joker)
    card = {"yahtzee": yahtzee_score}
    if extra:
        for k in extra:
            card[k] = extra[k]
    set_card(g, 0, card)
    return g


def test_forced_joker_1_matching_upper_box_open_must_be_used():
    g = _yahtzee_filled("forced", 50)
    roll(g, [3, 3, 3, 3, 3])
    assert g.allowed == 1 << box(g, "threes")
    assert g.cursor_visible and g.cursor == box(g, "threes")
    before = state_of(g)
    assert g.act(E.SCORE_BOX, box(g, "full_house")) == E.R_BOX_NOT_ALLOWED
    assert g.act(E.SCORE_BOX, box(g, "chance")) == E.R_BOX_NOT_ALLOWED
    assert g.act(E.SELECT_BOX, box(g, "chance")) == E.R_BOX_NOT_ALLOWED
    assert state_of(g) == before
    drain(g)
    assert g.act(E.SCORE) == E.OK
    assert g.box_score(0, box(g, "threes")) == 15
    assert g.bonus_count[0] == 1 and g.yahtzee_bonus(0) == 100
    assert g.total(0) == 50 + 15 + 100
    ev = names(drain(g))
    assert "yahtzee_bonus" in ev and "joker" in ev


def test_forced_joker_2_any_open_lower_box_with_fixed_scores():
    g = _yahtzee_filled("forced", 50, {"threes": 9, "chance": 20})
    roll(g, [3, 3, 3, 3, 3])
    lower = 0
    for key in ("three_of_a_kind", "four_of_a_kind", "full_house", "small_straight", "large_straight"):
        lower |= 1 << box(g, key)
    assert g.allowed == lower
    assert g.preview[box(g, "full_house")] == 25
    assert g.preview[box(g, "small_straight")] == 30
    assert g.preview[box(g, "large_straight")] == 40
    assert g.preview[box(g, "three_of_a_kind")] == 15
    assert g.preview[box(g, "four_of_a_kind")] == 15
    assert g.preview[box(g, "ones")] == -1
    assert g.act(E.SCORE_BOX, box(g, "twos")) == E.R_BOX_NOT_ALLOWED
    score(g, "large_straight")
    assert g.box_score(0, box(g, "large_straight")) == 40
    assert g.yahtzee_bonus(0) == 100


def test_forced_joker_3_zero_in_an_open_upper_box():
    lower = {"three_of_a_kind": 20, "four_of_a_kind": 20, "full_house": 25, "small_straight": 30,
             "large_straight": 40, "chance": 20, "threes": 9}
    g = _yahtzee_filled("forced", 50, lower)
    roll(g, [3, 3, 3, 3, 3])
    upper_open = 0
    for key in ("ones", "twos", "fours", "fives", "sixes"):
        upper_open |= 1 << box(g, key)
    assert g.allowed == upper_open
    assert g.preview[box(g, "sixes")] == 0
    score(g, "sixes")
    assert g.box_score(0, box(g, "sixes")) == 0 and g.is_filled(0, box(g, "sixes"))
    assert g.yahtzee_bonus(0) == 100


def test_no_bonus_with_a_zero_in_the_yahtzee_box_but_the_joker_applies():
    g = _yahtzee_filled("forced", 0, {"fours": 8})
    roll(g, [4, 4, 4, 4, 4])
    assert g.preview[box(g, "full_house")] == 25
    score(g, "full_house")
    assert g.box_score(0, box(g, "full_house")) == 25
    assert g.bonus_count[0] == 0 and g.yahtzee_bonus(0) == 0
    assert "yahtzee_bonus" not in names(drain(g))


def test_bonus_with_fifty_in_the_yahtzee_box_counts_every_extra_yahtzee():
    g = _yahtzee_filled("free", 50)
    roll(g, [2, 2, 2, 2, 2])
    score(g, "twos")
    roll(g, [6, 6, 6, 6, 6])
    score(g, "sixes")
    assert g.bonus_count[0] == 2 and g.yahtzee_bonus(0) == 200
    assert g.total(0) == 50 + 10 + 30 + 200


def test_free_joker_any_box_fixed_scores_only_once_upper_box_used():
    g = _yahtzee_filled("free", 50)
    roll(g, [5, 5, 5, 5, 5])
    assert g.allowed == g.rules.all_mask & ~(1 << YZ)  # free choice: every open box
    assert g.preview[box(g, "full_house")] == 0  # Fives still open: normal scoring
    assert g.preview[box(g, "large_straight")] == 0
    assert g.preview[box(g, "fives")] == 25
    assert g.preview[box(g, "chance")] == 25
    score(g, "full_house")
    assert g.box_score(0, box(g, "full_house")) == 0
    assert g.yahtzee_bonus(0) == 100  # the bonus does not depend on the box
    g = _yahtzee_filled("free", 50, {"fives": 20})
    roll(g, [5, 5, 5, 5, 5])
    assert g.preview[box(g, "full_house")] == 25
    assert g.preview[box(g, "small_straight")] == 30
    assert g.preview[box(g, "large_straight")] == 40
    assert g.preview[box(g, "ones")] == 0
    score(g, "small_straight")
    assert g.box_score(0, box(g, "small_straight")) == 30


def test_no_joker_in_yatzy_or_yacht():
    y = new_game("yatzy")
    set_card(y, 0, {"yatzy": 50})
    roll(y, [4, 4, 4, 4, 4])
    assert y.preview[box_index(y.rules, "full_house")] == 0
    assert y.preview[box_index(y.rules, "two_pairs")] == 0
    assert y.preview[box_index(y.rules, "four_of_a_kind")] == 16
    assert y.allowed == y.rules.all_mask & ~(1 << box_index(y.rules, "yatzy"))
    y.act(E.SCORE_BOX, box_index(y.rules, "chance"))
    assert y.bonus_count[0] == 0
    assert y.total(0) == 70
    t = new_game("yacht")
    set_card(t, 0, {"yacht": 50})
    roll(t, [4, 4, 4, 4, 4])
    assert t.preview[box_index(t.rules, "full_house")] == 0
    assert t.preview[box_index(t.rules, "four_of_a_kind")] == 16


def test_rounds_per_variant():
    for name, rounds in (("yahtzee", 13), ("yatzy", 15), ("yacht", 12)):
        g = E.Game(rules.get(name), SeededDice(3), seats=3)
        turns = 0
        while not g.over:
            assert g.act(E.ROLL) == E.OK
            b = 0
            while g.act(E.SCORE_BOX, b) != E.OK:
                b += 1
            turns += 1
        assert turns == 3 * rounds
        for s in range(3):
            assert g.open_count(s) == 0


def test_duplicate_play_gives_every_seat_the_same_dice():
    g = E.Game(rules.get("yahtzee"), SeededDice(11), seats=3, duplicate=True)
    for rnd in range(13):
        seen = []
        for seat in range(3):
            assert g.player == seat
            assert g.act(E.ROLL) == E.OK
            first = bytes(g.dice)
            # Each seat holds different dice; the un-held dice still follow the round's streams.
            g.act(E.HOLD, seat)
            assert g.act(E.ROLL) == E.OK
            second = bytes(g.dice)
            seen.append((first, second, seat))
            b = 0
            while g.act(E.SCORE_BOX, b) != E.OK:
                b += 1
        assert seen[0][0] == seen[1][0] == seen[2][0]
        for i in range(5):
            rerolled = [second[i] for first, second, held in seen if held != i]
            assert len(rerolled) >= 2
            for v in rerolled:
                assert v == rerolled[0]
        for first, second, held in seen:
            assert second[held] == first[held]
    assert g.over


def test_seats_and_kinds():
    g = E.Game(rules.get("yahtzee"), SeededDice(1), seats=4, kinds=(E.HUMAN, E.EASY, E.MEDIUM, E.HARD))
    assert not g.is_computer(0) and g.is_computer(1) and g.is_computer(3)
    bad = False
    try:
        E.Game(rules.get("yahtzee"), SeededDice(1), seats=5)
    except ValueError:
        bad = True
    assert bad


def test_scripted_rng_is_the_only_source_of_dice():
    g = E.Game(rules.get("yahtzee"), ScriptedDice([6, 5, 4, 3, 2]))
    assert g.act(E.ROLL) == E.OK
    assert bytes(g.dice) == bytes([6, 5, 4, 3, 2])
