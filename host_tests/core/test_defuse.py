"""Defuse mode core: every legality branch at every stage, the Module flow, no allocation.

Portable: plain test functions with assert; runs under pytest and in the MicroPython VM."""

from yahtzee_core import defuse
from yahtzee_core.seeded_dice import SeededDice
from yahtzee_core.host_helpers import ScriptedDice

from checks import heap_locked, raises

P = defuse.PURPLE
Y = defuse.YELLOW
B = defuse.BLUE
W = defuse.WHITE
K = defuse.BLACK


def m(*colours):
    mask = 0
    for c in colours:
        mask |= 1 << c
    return mask


def ew(serial="AA0AA0", batteries=0, holders=0, lit=0, unlit=0, plates=()):
    return defuse.Edgework(serial, batteries, holders, lit, unlit, plates)


PLAIN = ew()  # serial digit 0 only, no batteries, no indicators, no plates


def legal(e, dice, stage, was, kept, strict=False):
    return defuse.keep_is_legal(e, dice, stage, was, kept, strict=strict)


def why(e, dice, stage, was, kept, strict=False):
    return defuse.explain(e, dice, stage, was, kept, strict=strict)


def keep_value_masks(dice, value):
    """Every non-empty mask (max 4 dice) of dice showing value."""
    colours = []
    for i in range(5):
        if dice[i] == value:
            colours.append(i)
    out = []
    for sub in range(1, 1 << len(colours)):
        mask = 0
        n = 0
        for j in range(len(colours)):
            if sub & (1 << j):
                mask |= 1 << colours[j]
                n += 1
        if n <= 4:
            out.append(mask)
    return out


def assert_five_dice_requires(e, dice, r):
    """At the 5-dice stage exactly the non-empty keeps of value r are legal."""
    assert defuse.required_value(e, dice) == r
    assert not legal(e, dice, 5, 0, 0)
    assert why(e, dice, 5, 0, 0) == defuse.R_KEEP_1 + r - 1
    for v in range(1, 7):
        for mask in keep_value_masks(dice, v):
            if v == r:
                assert legal(e, dice, 5, 0, mask), (dice, v, mask)
            else:
                assert not legal(e, dice, 5, 0, mask), (dice, v, mask)
                assert why(e, dice, 5, 0, mask) == defuse.R_KEEP_1 + r - 1


# ---------------------------------------------------------------- constants and edgework


def test_colour_constants():
    assert (defuse.PURPLE, defuse.YELLOW, defuse.BLUE, defuse.WHITE, defuse.BLACK) == (0, 1, 2, 3, 4)
    assert defuse.COLOUR_LETTERS == "PYBWK"
    assert defuse.COLOUR_NAMES[defuse.BLACK] == "black"
    assert len(defuse.COLOUR_NAMES) == 5


def test_edgework_derived_facts():
    e = defuse.Edgework(
        "9Z3KL7", 3, 2, 1, 2, (("Parallel", "Serial"), (), ("DVI-D", "RJ-45"))
    )
    assert e.serial_digits == (1 << 9) | (1 << 3) | (1 << 7)
    assert e.serial_has_digit(3) and e.serial_has_digit(7) and not e.serial_has_digit(1)
    assert e.plate_count == 3  # the empty plate counts
    assert e.has_port("Parallel") and e.has_port(defuse.PORT_RJ45)
    assert not e.has_port("PS/2") and not e.has_port(defuse.PORT_RCA)
    assert not e.duplicate_ports
    assert e.pair_colour == P
    assert e.indicators == ()
    e2 = ew(plates=(("Serial",), ("Parallel", "Serial")))
    assert e2.duplicate_ports
    assert e2.port_counts[defuse.PORT_SERIAL] == 2
    e3 = ew(plates=(("DVI-D", "PS/2", "RJ-45", "Stereo RCA"),))
    assert not e3.duplicate_ports  # one plate never makes duplicates here


def test_edgework_indicators_optional_and_checked():
    e = defuse.Edgework("AB1CD2", 0, 0, 1, 1, (), indicators=(("FRK", True), ("BOB", False)))
    assert e.indicators == (("FRK", True), ("BOB", False))
    assert raises(
        ValueError,
        defuse.Edgework, "AB1CD2", 0, 0, 2, 0, (), indicators=(("FRK", True), ("BOB", False))
    )
    assert raises(ValueError, ew, plates=(("USB",),))
    assert raises(ValueError, ew, batteries=-1)


def test_pair_colour_port_priority():
    assert ew(plates=(("Parallel",), ("PS/2", "RJ-45", "Stereo RCA"))).pair_colour == P
    assert ew(plates=(("PS/2", "RJ-45", "Stereo RCA"),)).pair_colour == B
    assert ew(plates=(("RJ-45", "Stereo RCA"),)).pair_colour == W
    assert ew(plates=(("RJ-45",),)).pair_colour == K
    assert ew(plates=(("DVI-D",), ("Serial",))).pair_colour == Y
    assert ew().pair_colour == Y


def test_reasons_fit_two_lines_of_twenty():
    assert len(defuse.REASONS) == defuse.R_BAD_DICE + 1
    for text in defuse.REASONS:
        lines = 1
        width = 0
        for word in text.split(" "):
            assert len(word) <= 20
            need = len(word) if width == 0 else width + 1 + len(word)
            if need > 20:
                lines += 1
                width = len(word)
            else:
                width = need
        assert lines <= 2, text
    assert defuse.REASONS[defuse.R_KEEP_4] == "5 dice: keep the 4s"
    assert defuse.REASONS[defuse.R_BLACK_ALONE] == "4 dice: black alone"


def test_patterns():
    assert defuse.pattern((1, 2, 3, 4, 5)) == defuse.PAT_LARGE_STRAIGHT
    assert defuse.pattern((6, 5, 4, 3, 2)) == defuse.PAT_LARGE_STRAIGHT
    assert defuse.pattern((1, 2, 3, 4, 4)) == defuse.PAT_SMALL_STRAIGHT  # not "pair"
    assert defuse.pattern((1, 3, 4, 5, 6)) == defuse.PAT_SMALL_STRAIGHT
    assert defuse.pattern((2, 2, 2, 5, 6)) == defuse.PAT_THREE
    assert defuse.pattern((2, 2, 2, 5, 5)) == defuse.PAT_FULL_HOUSE
    assert defuse.pattern((3, 3, 3, 3, 1)) == defuse.PAT_FOUR
    assert defuse.pattern((1, 1, 4, 4, 6)) == defuse.PAT_TWO_PAIRS
    assert defuse.pattern((1, 1, 4, 5, 6)) == defuse.PAT_PAIR
    assert defuse.pattern((1, 2, 3, 5, 6)) == defuse.PAT_NONE
    assert defuse.pattern((1, 2, 4, 5, 6)) == defuse.PAT_NONE
    assert defuse.pattern((4, 4, 4, 4, 4)) == defuse.PAT_YAHTZEE
    assert defuse.pattern((0, 0, 0, 0, 0)) == defuse.PAT_NONE
    assert len(defuse.PATTERN_NAMES) == defuse.PAT_YAHTZEE + 1


# ---------------------------------------------------------------- always: one value


def test_one_value_at_every_stage():
    dice = (1, 2, 4, 6, 6)
    for stage in (5, 4, 3, 2, 1):
        assert not legal(PLAIN, dice, stage, m(P), m(P, Y))
        assert why(PLAIN, dice, stage, m(P), m(P, Y)) == defuse.R_ONE_VALUE
        assert not legal(PLAIN, dice, stage, 0, m(W, K, B))
    assert legal(PLAIN, dice, 1, m(P, Y, B, W), m(W, K))  # 1 die: one value is all


def test_at_most_four_kept():
    dice = (3, 3, 3, 3, 3)
    for stage in (5, 4, 3, 2, 1):
        assert why(PLAIN, dice, stage, 0, 31) == defuse.R_TOO_MANY


def test_before_first_roll_and_bad_input_never_raise():
    assert legal(PLAIN, bytearray(5), 0, 0, 0)
    assert why(PLAIN, (0, 1, 2, 3, 4), 5, 0, 0) == defuse.R_BAD_DICE
    assert why(PLAIN, (7, 1, 2, 3, 4), 3, 0, m(P)) == defuse.R_BAD_DICE
    assert legal(PLAIN, (1, 2, 3, 4, 5), 9, 0, 0)  # not a stage: no roll yet
    assert defuse.required_value(PLAIN, (0, 0, 0, 0, 0)) == 0


# ---------------------------------------------------------------- 5 dice


def test_large_straight_highest_serial_digit_on_a_die():
    e = ew(serial="3A5BC9")  # digits 3, 5, 9
    dice = (1, 2, 3, 4, 5)
    assert_five_dice_requires(e, dice, 5)
    dice = (6, 2, 4, 3, 5)
    assert_five_dice_requires(e, dice, 5)
    e = ew(serial="1A3BC1")  # 2..6 straight: 3 is the only digit showing
    assert_five_dice_requires(e, (6, 5, 4, 3, 2), 3)


def test_large_straight_without_serial_digit_keeps_purple_value():
    e = ew(serial="AB0CD9")  # 0 and 9 never show on a die
    assert_five_dice_requires(e, (4, 1, 2, 3, 5), 4)
    e = ew(serial="XW1YZ1")  # 1 is not on a 2..6 straight
    assert_five_dice_requires(e, (2, 3, 4, 5, 6), 2)
    # the named (purple) die need not be among the kept dice: it is the only 2 here, so keep it
    assert legal(e, (2, 3, 4, 5, 6), 5, 0, m(P))


def test_small_straight_outlier():
    assert_five_dice_requires(PLAIN, (1, 2, 3, 4, 6), 6)
    assert_five_dice_requires(PLAIN, (6, 3, 4, 5, 1), 1)
    assert_five_dice_requires(PLAIN, (5, 4, 3, 2, 5), 5)  # 2-5 run, the other 5 is the outlier
    # outlier equal to a run value: any of the equal dice may be kept, alone or together
    dice = (3, 4, 1, 2, 4)
    assert_five_dice_requires(PLAIN, dice, 4)
    assert legal(PLAIN, dice, 5, 0, m(Y))
    assert legal(PLAIN, dice, 5, 0, m(K))
    assert legal(PLAIN, dice, 5, 0, m(Y, K))
    # serial digits do not matter for a small straight
    assert_five_dice_requires(ew(serial="12A3B4"), (1, 2, 3, 4, 6), 6)


def test_three_of_a_kind_lit_indicators_white():
    e = ew(lit=2, unlit=3)
    assert_five_dice_requires(e, (2, 2, 2, 5, 6), 5)  # white shows 5
    assert_five_dice_requires(e, (2, 5, 2, 2, 6), 2)  # white is in the triple
    # full house: the white die itself need not be kept
    dice = (5, 2, 2, 5, 2)
    assert_five_dice_requires(e, dice, 5)
    assert legal(e, dice, 5, 0, m(P))


def test_three_of_a_kind_unlit_indicators_black():
    e = ew(lit=1, unlit=2)
    assert_five_dice_requires(e, (2, 2, 2, 6, 5), 5)  # black shows 5 (the highest other is 6)
    assert_five_dice_requires(e, (1, 3, 3, 3, 1), 1)  # full house, black 1
    assert_five_dice_requires(e, (4, 3, 3, 3, 3), 3)  # four of a kind is not this rule
    assert_five_dice_requires(ew(lit=0, unlit=4), (6, 1, 6, 4, 6), 6)


def test_three_of_a_kind_highest_value_not_in_triple():
    e = ew(lit=1, unlit=1)
    assert_five_dice_requires(e, (2, 2, 2, 5, 6), 6)
    assert_five_dice_requires(e, (6, 6, 3, 6, 1), 3)  # not 6: 6 is the triple
    assert_five_dice_requires(e, (4, 4, 4, 1, 1), 1)  # full house: the pair's value
    assert_five_dice_requires(PLAIN, (1, 5, 5, 2, 5), 2)


def test_four_of_a_kind_batteries_holders_yellow():
    dice = (3, 3, 5, 3, 3)
    assert_five_dice_requires(ew(batteries=5, holders=3), dice, 5)  # a single die matching
    assert_five_dice_requires(ew(batteries=3, holders=5), dice, 3)  # batteries first
    assert_five_dice_requires(ew(batteries=4, holders=5), dice, 5)  # no 4: holders
    assert_five_dice_requires(ew(batteries=8, holders=4), dice, 3)  # neither shows: yellow (3)
    dice = (3, 5, 3, 3, 3)
    assert_five_dice_requires(ew(batteries=0, holders=0), dice, 5)  # yellow shows 5


def test_two_pairs_batteries_holders_yellow():
    dice = (1, 4, 4, 6, 1)
    assert_five_dice_requires(ew(batteries=6, holders=3), dice, 6)  # the single 6
    assert_five_dice_requires(ew(batteries=2, holders=1), dice, 1)
    assert_five_dice_requires(ew(batteries=7, holders=4), dice, 4)
    assert_five_dice_requires(ew(batteries=5, holders=5), dice, 4)  # yellow shows 4
    assert_five_dice_requires(ew(batteries=10, holders=5), (6, 1, 2, 2, 1), 1)


def test_pair_port_priority():
    dice = (6, 5, 4, 2, 2)  # the pair is white+black; P=6 Y=5 B=4 W=2 K=2
    assert_five_dice_requires(ew(plates=(("Parallel",), ("PS/2", "RJ-45"))), dice, 6)
    assert_five_dice_requires(ew(plates=(("PS/2", "Stereo RCA", "RJ-45"),)), dice, 4)
    assert_five_dice_requires(ew(plates=(("Stereo RCA", "RJ-45"), ("Serial",))), dice, 2)
    assert_five_dice_requires(ew(plates=(("RJ-45",),)), dice, 2)
    assert_five_dice_requires(ew(plates=(("DVI-D",), ("Serial",), ())), dice, 5)
    assert_five_dice_requires(PLAIN, dice, 5)
    dice = (1, 1, 3, 5, 6)  # pair is purple+yellow; black names the 6
    assert_five_dice_requires(ew(plates=(("RJ-45",),)), dice, 6)
    assert_five_dice_requires(ew(plates=(("Stereo RCA",),)), dice, 5)


def test_no_pattern_roll_all_again():
    for dice in ((1, 2, 3, 5, 6), (6, 5, 4, 2, 1)):
        assert defuse.required_value(PLAIN, dice) == 0
        assert legal(PLAIN, dice, 5, 0, 0)
        for c in range(5):
            assert why(PLAIN, dice, 5, 0, m(c)) == defuse.R_ROLL_ALL


def test_five_dice_ignores_was_kept_and_strict():
    dice = (1, 2, 3, 4, 6)
    for was in (0, m(P), m(Y, B)):
        assert legal(PLAIN, dice, 5, was, m(K))
        assert legal(PLAIN, dice, 5, was, m(K), strict=True)
        assert not legal(PLAIN, dice, 5, was, 0, strict=True)


# ---------------------------------------------------------------- 4 dice


def test_four_dice_straight_needs_a_new_value():
    dice = (3, 1, 2, 4, 6)  # small straight; purple (3) was kept
    was = m(P)
    assert not legal(PLAIN, dice, 4, was, m(P))
    assert why(PLAIN, dice, 4, was, m(P)) == defuse.R_STRAIGHT_NEW
    for c in (Y, B, W, K):
        assert legal(PLAIN, dice, 4, was, m(c))
    assert legal(PLAIN, dice, 4, was, 0)  # keeping nothing: legal in the current module
    # another die of the previously kept value is still the same value
    dice = (3, 3, 1, 2, 4)
    assert not legal(PLAIN, dice, 4, m(P), m(Y))
    assert not legal(PLAIN, dice, 4, m(P), m(P, Y))
    assert legal(PLAIN, dice, 4, m(Y), m(K))
    # large straight too; the black/blue/plates rules do not apply
    dice = (5, 2, 3, 4, 6)
    e = ew(serial="2A3B45", plates=((), (), ()))
    assert legal(e, dice, 4, m(B), m(K))
    assert not legal(e, dice, 4, m(B), m(B))


def test_four_dice_straight_strict_option():
    dice = (3, 1, 2, 4, 6)
    assert legal(PLAIN, dice, 4, m(P), 0)
    assert not legal(PLAIN, dice, 4, m(P), 0, strict=True)
    assert why(PLAIN, dice, 4, m(P), 0, strict=True) == defuse.R_STRAIGHT_NEW
    assert legal(PLAIN, dice, 4, m(P), m(K), strict=True)
    # not a straight: keeping nothing stays legal with strict
    assert legal(PLAIN, (3, 3, 1, 5, 6), 4, m(P), 0, strict=True)


def test_four_dice_black_alone():
    dice = (2, 5, 5, 1, 5)  # no straight
    assert why(PLAIN, dice, 4, m(P), m(K)) == defuse.R_BLACK_ALONE
    assert legal(PLAIN, dice, 4, m(P), m(Y))
    assert legal(PLAIN, dice, 4, m(P), m(P))  # same die again is fine outside a straight
    assert legal(PLAIN, dice, 4, m(P), m(Y, K))  # black with another die is not "alone"
    assert legal(PLAIN, dice, 4, m(P), 0)


def test_four_dice_blue_in_two():
    dice = (2, 5, 5, 1, 5)
    assert why(PLAIN, dice, 4, m(P), m(Y, B)) == defuse.R_BLUE_IN_TWO
    assert why(PLAIN, dice, 4, m(P), m(B, K)) == defuse.R_BLUE_IN_TWO
    assert legal(PLAIN, dice, 4, m(P), m(Y, K))
    assert legal(PLAIN, dice, 4, m(P), m(B))  # one blue alone is fine
    assert legal(PLAIN, dice, 4, m(P), m(Y, B, K))  # blue among three is fine


def test_four_dice_plate_count():
    dice = (2, 5, 5, 1, 5)
    three = ew(plates=((), ("Serial",), ()))  # empty plates count
    assert why(PLAIN, dice, 4, m(P), m(Y, B, K)) == defuse.OK
    assert why(three, dice, 4, m(P), m(Y, B, K)) == defuse.R_PLATE_COUNT
    two = ew(plates=((), ()))
    assert legal(two, dice, 4, m(P), m(Y, K))  # 2 or less never counts
    one = ew(plates=((),))
    assert legal(one, (2, 5, 4, 1, 6), 4, m(P), m(Y))
    dice = (5, 5, 2, 5, 5)
    four = ew(plates=((), (), (), ()))
    assert why(four, dice, 4, m(B), m(P, Y, W, K)) == defuse.R_PLATE_COUNT
    dice = (2, 2, 5, 2, 2)  # fifth bigger
    assert legal(PLAIN, dice, 4, m(B), m(P, Y, W, K))
    assert not legal(four, dice, 4, m(B), m(P, Y, W, K))
    assert legal(three, dice, 4, m(B), m(P, Y, W, K))


def test_four_dice_three_kept_other_values_in_serial():
    dice = (2, 5, 5, 1, 5)  # others: 2 and 1
    assert why(ew(serial="AB1CD0"), dice, 4, m(P), m(Y, B, K)) == defuse.R_OTHERS_SERIAL
    assert why(ew(serial="AB2CD0"), dice, 4, m(P), m(Y, B, K)) == defuse.R_OTHERS_SERIAL
    assert legal(ew(serial="AB5CD3"), dice, 4, m(P), m(Y, B, K))  # the kept value may be in it
    # two kept: the serial does not matter
    assert legal(ew(serial="AB1CD2"), dice, 4, m(P), m(Y, K))


def test_four_dice_four_kept_fifth_bigger():
    assert legal(PLAIN, (3, 3, 3, 3, 4), 4, m(P), m(P, Y, B, W))
    assert why(PLAIN, (3, 3, 3, 3, 2), 4, m(P), m(P, Y, B, W)) == defuse.R_FIFTH_BIGGER
    assert why(PLAIN, (6, 6, 1, 6, 6), 4, m(P), m(P, Y, W, K)) == defuse.R_FIFTH_BIGGER
    assert legal(PLAIN, (1, 1, 6, 1, 1), 4, m(P), m(P, Y, W, K))
    # strictly bigger: an equal fifth (five of a kind, never reached in play) is not bigger
    assert why(PLAIN, (4, 4, 4, 4, 4), 4, m(P), m(P, Y, W, K)) == defuse.R_FIFTH_BIGGER


# ---------------------------------------------------------------- 3 dice


def test_three_dice_full_house_duplicate_ports_keep_triple():
    e = ew(plates=(("Parallel",), ("Parallel", "Serial")))
    assert e.duplicate_ports
    dice = (4, 4, 2, 4, 2)  # triple P,Y,W; pair B,K
    assert legal(e, dice, 3, m(B, K), m(P, Y, W))
    assert why(e, dice, 3, m(B, K), m(B, K)) == defuse.R_FH_TRIPLE
    assert why(e, dice, 3, m(B, K), m(P, Y)) == defuse.R_FH_TRIPLE
    assert why(e, dice, 3, m(B, K), m(B)) == defuse.R_FH_TRIPLE
    assert legal(e, dice, 3, m(B, K), 0)
    # serial digits do not rescue a wrong keep in a full house
    e2 = ew(serial="AB2CD4", plates=(("Parallel",), ("Parallel",)))
    assert not legal(e2, dice, 3, m(B, K), m(B, K))


def test_three_dice_full_house_no_duplicates_keep_pair():
    e = ew(plates=(("Parallel", "Serial"), ("DVI-D", "PS/2", "RJ-45", "Stereo RCA")))
    assert not e.duplicate_ports
    dice = (4, 4, 2, 4, 2)
    assert legal(e, dice, 3, m(P, Y), m(B, K))
    assert why(e, dice, 3, m(P, Y), m(P, Y, W)) == defuse.R_FH_PAIR
    assert why(e, dice, 3, m(P, Y), m(K)) == defuse.R_FH_PAIR
    assert why(e, dice, 3, m(P, Y), m(P, Y)) == defuse.R_FH_PAIR
    assert legal(e, dice, 3, m(P, Y), 0)
    assert legal(PLAIN, dice, 3, m(P, Y), m(B, K))


def test_three_dice_full_house_strict_option():
    dice = (4, 4, 2, 4, 2)
    dup = ew(plates=(("RJ-45",), ("RJ-45",)))
    assert not legal(PLAIN, dice, 3, m(P, Y), 0, strict=True)
    assert why(PLAIN, dice, 3, m(P, Y), 0, strict=True) == defuse.R_FH_PAIR
    assert why(dup, dice, 3, m(P, Y), 0, strict=True) == defuse.R_FH_TRIPLE
    assert legal(PLAIN, dice, 3, m(P, Y), m(B, K), strict=True)
    # not a full house: keeping nothing is legal with strict
    assert legal(PLAIN, (4, 4, 1, 4, 2), 3, m(P, Y), 0, strict=True)


def test_three_dice_up_to_two_kept_always_legal():
    dice = (5, 5, 5, 1, 2)  # three of a kind, not full house
    for kept in (0, m(P), m(Y), m(P, B), m(Y, B), m(W), m(K)):
        assert legal(PLAIN, dice, 3, 0, kept)


def test_three_dice_three_kept_needs_purple_or_white_before():
    dice = (5, 5, 5, 1, 2)
    kept = m(P, Y, B)
    assert legal(PLAIN, dice, 3, m(P, K), kept)
    assert legal(PLAIN, dice, 3, m(W, K), kept)
    assert why(PLAIN, dice, 3, m(Y, B), kept) == defuse.R_THREE_NEEDS_PW
    assert why(PLAIN, dice, 3, m(B, K), kept) == defuse.R_THREE_NEEDS_PW
    # the kept value in the serial allows any number
    assert legal(ew(serial="AB5CD0"), dice, 3, m(Y, B), kept)


def test_three_dice_four_kept_needs_smaller_fifth():
    kept = m(P, Y, B, W)
    assert legal(PLAIN, (5, 5, 5, 5, 2), 3, m(Y, B), kept)
    assert why(PLAIN, (5, 5, 5, 5, 6), 3, m(P, W), kept) == defuse.R_FIFTH_SMALLER
    assert legal(PLAIN, (5, 5, 5, 5, 2), 3, 0, kept)  # nothing needed from before
    assert legal(ew(serial="AB5CD0"), (5, 5, 5, 5, 6), 3, m(Y, B), kept)
    # strictly smaller: an equal fifth (five of a kind, never reached in play) is not smaller
    assert why(PLAIN, (4, 4, 4, 4, 4), 3, m(P, W), kept) == defuse.R_FIFTH_SMALLER


# ---------------------------------------------------------------- 2 dice and 1 die


def test_two_dice_up_to_three_kept_legal():
    dice = (3, 3, 3, 6, 1)
    for kept in (0, m(P), m(P, Y), m(P, Y, B)):
        assert legal(PLAIN, dice, 2, m(P, Y, B), kept)
        assert legal(PLAIN, dice, 2, m(P, W, K), kept)  # nothing needed from before


def test_two_dice_four_kept():
    kept = m(P, Y, B, W)
    dice = (3, 3, 3, 3, 6)
    assert why(PLAIN, dice, 2, m(P, W, K), kept) == defuse.R_FOUR_NEEDS_YB
    assert legal(PLAIN, dice, 2, m(P, Y, W), kept)  # yellow kept before
    assert legal(PLAIN, dice, 2, m(P, B, W), kept)  # blue kept before
    assert legal(PLAIN, (3, 3, 3, 3, 4), 2, m(P, W, K), kept)  # one above
    assert legal(PLAIN, (3, 3, 3, 3, 2), 2, m(P, W, K), kept)  # one below
    assert not legal(PLAIN, (3, 3, 3, 3, 1), 2, m(P, W, K), kept)
    assert not legal(ew(serial="3A3BC3"), dice, 2, m(P, W, K), kept)  # serial is no help here


def test_one_die_only_one_value():
    dice = (2, 2, 2, 2, 5)
    for kept in (0, m(P), m(P, Y, B, W)):
        assert legal(PLAIN, dice, 1, m(P, Y, B, W), kept)
    assert not legal(PLAIN, dice, 1, m(P, Y, B, W), m(P, K))


# ---------------------------------------------------------------- the module


def test_module_toggle_refused_before_first_roll():
    mod = defuse.Module(PLAIN)
    assert mod.stage == 0 and mod.rolls == 0
    assert list(mod.dice) == [0, 0, 0, 0, 0]
    assert mod.toggle(P) == defuse.TOGGLE_NOT_ROLLED
    assert mod.kept == 0
    assert mod.toggle(7) == defuse.TOGGLE_BAD
    assert mod.check() == defuse.OK


def test_module_first_roll_rolls_all_in_colour_order():
    mod = defuse.Module(PLAIN)
    rng = ScriptedDice([1, 2, 3, 5, 6])
    assert mod.roll(rng) == defuse.EV_ROLLED
    assert list(mod.dice) == [1, 2, 3, 5, 6]
    assert rng.pos == 5
    assert mod.stage == 5 and mod.was_kept == 0 and mod.rolls == 1 and mod.strikes == 0
    assert mod.required_value() == 0


def test_module_fifth_keep_ignored_and_release():
    mod = defuse.Module(PLAIN)
    mod.roll(ScriptedDice([1, 1, 1, 1, 2]))
    assert mod.toggle(P) == defuse.TOGGLE_KEPT
    assert mod.toggle(Y) == defuse.TOGGLE_KEPT
    assert mod.toggle(B) == defuse.TOGGLE_KEPT
    assert mod.toggle(W) == defuse.TOGGLE_KEPT
    assert mod.toggle(K) == defuse.TOGGLE_FULL
    assert mod.kept == m(P, Y, B, W) and mod.kept_count() == 4
    assert mod.toggle(Y) == defuse.TOGGLE_RELEASED
    assert mod.kept == m(P, B, W)
    assert mod.is_kept(P) and not mod.is_kept(Y)
    assert mod.toggle(K) == defuse.TOGGLE_KEPT


def test_module_strike_changes_nothing_else():
    mod = defuse.Module(PLAIN)
    mod.roll(ScriptedDice([1, 2, 3, 5, 6]))  # no pattern: must keep nothing
    mod.toggle(B)
    rng = ScriptedDice([4, 4, 4, 4, 4])
    assert mod.roll(rng) == defuse.EV_STRIKE
    assert rng.pos == 0
    assert list(mod.dice) == [1, 2, 3, 5, 6]
    assert mod.kept == m(B) and mod.stage == 5 and mod.was_kept == 0
    assert mod.strikes == 1 and mod.rolls == 1
    assert mod.last_reason == defuse.R_ROLL_ALL
    assert not mod.solved and not mod.exploded


def test_module_legal_roll_changes_only_unkept_dice():
    mod = defuse.Module(PLAIN)
    mod.roll(ScriptedDice([6, 5, 4, 2, 2]))  # pair, no ports: keep yellow's 5
    assert mod.required_value() == 5
    mod.toggle(Y)
    assert mod.check() == defuse.OK
    rng = ScriptedDice([1, 5, 3, 5])
    assert mod.roll(rng) == defuse.EV_ROLLED
    assert rng.pos == 4
    assert list(mod.dice) == [1, 5, 5, 3, 5]  # purple, blue, white, black rerolled in order
    assert mod.stage == 4 and mod.was_kept == m(Y) and mod.kept == m(Y) and mod.rolls == 2
    # 4-dice stage, three 5s (no straight): keep all three 5s (plates 0, serial has only 0)
    mod.toggle(B)
    mod.toggle(K)
    rng = ScriptedDice([2, 6])
    assert mod.roll(rng) == defuse.EV_ROLLED
    assert list(mod.dice) == [2, 5, 5, 6, 5]
    assert mod.stage == 2 and mod.was_kept == m(Y, B, K)
    assert mod.required_value() == 0


def test_module_solved_only_on_five_equal():
    mod = defuse.Module(PLAIN)
    mod.roll(ScriptedDice([4, 4, 4, 4, 2]))  # four of a kind, no batteries: yellow's 4
    assert not mod.solved
    for c in (P, Y, B, W):
        mod.toggle(c)
    assert mod.roll(ScriptedDice([3])) == defuse.EV_ROLLED
    assert not mod.solved and mod.stage == 1
    assert mod.roll(ScriptedDice([4])) == defuse.EV_SOLVED
    assert mod.solved and list(mod.dice) == [4, 4, 4, 4, 4]
    assert mod.roll(ScriptedDice([1, 1, 1, 1, 1])) == defuse.EV_NONE
    assert mod.toggle(P) == defuse.TOGGLE_OVER
    assert mod.tick(5000) == defuse.EV_NONE


def test_module_first_roll_yahtzee_solves():
    mod = defuse.Module(PLAIN)
    assert mod.roll(ScriptedDice([6, 6, 6, 6, 6])) == defuse.EV_SOLVED
    assert mod.solved and mod.rolls == 1


def test_module_explodes_at_strike_limit():
    mod = defuse.Module(PLAIN, strike_limit=3)
    mod.roll(ScriptedDice([1, 2, 3, 5, 6]))
    mod.toggle(P)
    assert mod.roll(ScriptedDice([])) == defuse.EV_STRIKE
    assert mod.roll(ScriptedDice([])) == defuse.EV_STRIKE
    assert mod.roll(ScriptedDice([])) == defuse.EV_EXPLODED
    assert mod.exploded and mod.strikes == 3
    assert mod.roll(ScriptedDice([])) == defuse.EV_NONE
    assert mod.toggle(P) == defuse.TOGGLE_OVER
    mod.reset()
    assert not mod.exploded and mod.strikes == 0 and mod.stage == 0 and mod.kept == 0


def test_module_no_strike_limit():
    mod = defuse.Module(PLAIN, strike_limit=0)
    mod.roll(ScriptedDice([1, 2, 3, 5, 6]))
    mod.toggle(P)
    for _ in range(10):
        assert mod.roll(ScriptedDice([])) == defuse.EV_STRIKE
    assert not mod.exploded and mod.strikes == 10


def test_module_strict_option():
    mod = defuse.Module(PLAIN, strict=True)
    mod.roll(ScriptedDice([1, 2, 3, 4, 6]))  # small straight: keep the 6
    mod.toggle(K)
    assert mod.roll(ScriptedDice([3, 1, 2, 4])) == defuse.EV_ROLLED
    assert list(mod.dice) == [3, 1, 2, 4, 6] and mod.stage == 4
    mod.toggle(K)  # release: keep nothing in a 4-dice straight
    assert mod.roll(ScriptedDice([])) == defuse.EV_STRIKE
    assert mod.last_reason == defuse.R_STRAIGHT_NEW
    mod.strict = False
    assert mod.roll(ScriptedDice([1, 2, 3, 4, 5])) == defuse.EV_ROLLED
    assert mod.stage == 5


def test_module_countdown_explodes_at_zero():
    mod = defuse.Module(PLAIN, time_limit_s=2)
    assert mod.seconds_left() == 2
    assert mod.tick(500) == defuse.EV_NONE
    assert mod.tick(500) == defuse.EV_TICK
    assert mod.seconds_left() == 1
    assert mod.tick(999) == defuse.EV_NONE
    assert mod.tick(1) == defuse.EV_EXPLODED
    assert mod.exploded and mod.time_left_ms == 0
    assert mod.roll(ScriptedDice([1, 2, 3, 4, 5])) == defuse.EV_NONE
    assert mod.tick(1000) == defuse.EV_NONE


def test_module_without_time_limit_ticks_elapsed_seconds():
    mod = defuse.Module(PLAIN)
    assert mod.tick(999) == defuse.EV_NONE
    assert mod.tick(1) == defuse.EV_TICK
    for _ in range(100):
        mod.tick(1000)
    assert not mod.exploded and mod.elapsed_ms == 101000


# ---------------------------------------------------------------- generation


def test_generate_edgework_shape():
    rng = SeededDice(7)
    for _ in range(200):
        e = defuse.generate_edgework(rng)
        s = e.serial
        assert len(s) == 6
        for i in (0, 1):
            assert s[i] in defuse.SERIAL_ALNUM
        assert s[2] in defuse.SERIAL_DIGITS and s[5] in defuse.SERIAL_DIGITS
        assert s[3] in defuse.SERIAL_LETTERS and s[4] in defuse.SERIAL_LETTERS
        assert "O" not in s and "Y" not in s
        widgets = e.holders + len(e.indicators) + e.plate_count
        assert widgets == 5
        assert e.holders <= e.batteries <= 2 * e.holders
        labels = []
        for label, is_lit in e.indicators:
            assert label in defuse.INDICATOR_LABELS
            assert label not in labels
            labels.append(label)
        assert e.lit + e.unlit == len(e.indicators)
        for plate in e.plates:
            kind = defuse.PLATE_KINDS[0] if ("Parallel" in plate or "Serial" in plate) else defuse.PLATE_KINDS[1]
            pos = 0
            for name in plate:  # a subset of one kind, in the kind's order
                while kind[pos] != name:
                    pos += 1
                pos += 1


def test_generate_edgework_deterministic_per_seed():
    a = defuse.generate_edgework(SeededDice(123))
    b = defuse.generate_edgework(SeededDice(123))
    assert a.serial == b.serial and a.plates == b.plates and a.indicators == b.indicators
    assert a.batteries == b.batteries and a.holders == b.holders


def test_generate_edgework_scripted_draws():
    # below(n) reads base-6 digits (die - 1) and rejects values >= the largest multiple of n:
    # 34 letters-or-digits, 24 letters and 10 digits take 2 dice; 3 widget kinds, 2 plate kinds,
    # chance(1, 2) and chance(3, 5) take 1 die; 11 indicator labels take 2 dice.
    script = [
        6, 5,  # 34 >= 34: rejected
        1, 1,  # 'A'
        1, 2,  # 'B'
        1, 4,  # '3'
        1, 3,  # 'C'
        1, 4,  # 'D'
        1, 5,  # '4'
        1, 1,  # widget 1: battery holder; one D battery
        2, 1, 6, 3,  # widget 2: indicator; label 5 = SIG; 2 < 3: lit
        3, 2, 1, 2, 3, 4,  # widget 3: plate of the second kind; DVI-D, -, RJ-45, -
        4, 2,  # widget 4: battery holder; two AA
        6, 1, 2, 1,  # widget 5: plate of the first kind; -, Serial
    ]
    rng = ScriptedDice(script)
    e = defuse.generate_edgework(rng)
    assert rng.pos == len(script)
    assert e.serial == "AB3CD4"
    assert e.holders == 2 and e.batteries == 3
    assert e.indicators == (("SIG", True),) and e.lit == 1 and e.unlit == 0
    assert e.plates == (("DVI-D", "RJ-45"), ("Serial",))
    assert e.plate_count == 2 and not e.duplicate_ports
    assert e.serial_digits == (1 << 3) | (1 << 4)


# ---------------------------------------------------------------- allocation


def _hot_loop():
    e = HOT_EDGEWORK
    mod = HOT_MODULE
    rng = HOT_RNG
    total = 0
    for stage in (5, 4, 3, 2, 1):
        for kept in range(32):
            for was in (0, 1, 6, 9, 17):
                total += defuse.explain(e, HOT_DICE, stage, was, kept)
                if defuse.keep_is_legal(e, HOT_DICE, stage, was, kept, True):
                    total += 1
    total += defuse.required_value(e, HOT_DICE) + defuse.pattern(HOT_DICE)
    for i in range(200):
        mod.toggle(i % 5)
        mod.roll(rng)
        mod.tick(7)
        total += mod.check()
        if mod.solved or mod.exploded:
            mod.reset()
    return total


HOT_EDGEWORK = defuse.Edgework("AB3CD5", 3, 2, 1, 2, (("Parallel",), ("Parallel", "Serial"), ()))
HOT_DICE = bytearray((3, 3, 4, 3, 2))
HOT_MODULE = defuse.Module(HOT_EDGEWORK, strike_limit=0, time_limit_s=1)
HOT_RNG = SeededDice(99)


def test_hot_paths_do_not_allocate():
    HOT_MODULE.reset()
    HOT_MODULE.roll(HOT_RNG)
    result = heap_locked(_hot_loop)
    assert result is not None
