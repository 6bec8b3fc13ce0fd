"""Scoring a GIVEN roll in a GIVEN box: seed examples and the rules people get wrong."""

from yahtzee_core import host_helpers, rules
from yahtzee_core.host_helpers import max_total
from checks import raises

YAHTZEE_KEYS = (
    "ones", "twos", "threes", "fours", "fives", "sixes", "three_of_a_kind", "four_of_a_kind",
    "full_house", "small_straight", "large_straight", "yahtzee", "chance",
)



def _scorer(rs):
    """``s(key, dice)``: a roll's score in a box of ``rs`` (host_helpers.score)."""
    return lambda key, dice: host_helpers.score(rs, key, dice)

def test_categories_in_scorecard_order():
    assert rules.get("yahtzee").categories == YAHTZEE_KEYS
    assert rules.get("yatzy").categories == (
        "ones", "twos", "threes", "fours", "fives", "sixes", "one_pair", "two_pairs",
        "three_of_a_kind", "four_of_a_kind", "small_straight", "large_straight", "full_house",
        "chance", "yatzy",
    )
    assert rules.get("yacht").categories == (
        "ones", "twos", "threes", "fours", "fives", "sixes", "full_house", "four_of_a_kind",
        "little_straight", "big_straight", "choice", "yacht",
    )


def test_variant_tables_match_each_rule_set():
    import sys

    for v in range(len(rules.VARIANT_IDS)):
        rs = rules.by_id(v, rules.JOKERS[v][-1])
        assert rs.variant_id == v and rs.title == rules.TITLES[v]
        assert rs.n_boxes == rules.N_BOXES[v] == len(rs.labels) == len(rs.abbrs)
        assert (rs.upper_threshold, rs.upper_bonus, rs.yahtzee_bonus) == (
            rules.UPPER_THRESHOLDS[v], rules.UPPER_BONUSES[v], rules.YAHTZEE_BONUSES[v])
        assert rs.jokers == rules.JOKERS[v] and rules.DEFAULT_JOKERS[v] in rs.jokers
        assert rs.yahtzee_box >= 0
        # the variant's box module was read and dropped again
        assert "yahtzee_core.boxes_" + rules.VARIANT_IDS[v] not in sys.modules


def test_default_is_yahtzee_with_forced_joker():
    rs = rules.get()
    assert rs.name == "yahtzee"
    assert rs.joker == rules.JOKER_FORCED
    assert rules.get("yahtzee", "free").joker == rules.JOKER_FREE
    assert rules.get("yahtzee", rules.JOKER_FREE).joker == rules.JOKER_FREE
    assert rules.get("yatzy").joker == rules.JOKER_NONE


def test_yahtzee_seed_categories():
    rs = rules.get("yahtzee")
    s = _scorer(rs)
    # 1-6: sum of that face, 0 when absent.
    assert s("ones", [1, 1, 2, 3, 4]) == 2
    assert s("fives", [5, 6, 5, 5, 2]) == 15
    assert s("sixes", [1, 2, 3, 4, 5]) == 0
    # 3K / 4K: at least that many equal, score the sum of ALL dice.
    assert s("three_of_a_kind", [3, 3, 3, 4, 5]) == 18
    assert s("three_of_a_kind", [3, 3, 4, 4, 5]) == 0
    assert s("four_of_a_kind", [2, 2, 2, 2, 6]) == 14
    assert s("four_of_a_kind", [2, 2, 2, 6, 6]) == 0
    assert s("three_of_a_kind", [6, 6, 6, 6, 5]) == 29  # a 4K also qualifies as 3K
    assert s("three_of_a_kind", [4, 4, 4, 4, 4]) == 20
    # Full house 25; small straight 30 (any 4 in a row); large 40; Yahtzee 50; chance = sum.
    assert s("full_house", [2, 2, 3, 3, 3]) == 25
    assert s("full_house", [2, 2, 3, 3, 4]) == 0
    assert s("small_straight", [4, 2, 3, 5, 5]) == 30
    assert s("large_straight", [1, 2, 3, 4, 5]) == 40
    assert s("large_straight", [6, 5, 4, 3, 2]) == 40
    assert s("large_straight", [1, 2, 3, 4, 6]) == 0
    assert s("yahtzee", [4, 4, 4, 4, 4]) == 50
    assert s("yahtzee", [4, 4, 4, 4, 3]) == 0
    assert s("chance", [1, 3, 4, 6, 6]) == 20


def test_yahee_left_column_example():
    # Seed 001: one roll scores 9 in Threes, 4 in Fours, 6 in Sixes and 0 in Ones, Twos, Fives.
    s = _scorer(rules.get("yahtzee"))
    roll = [3, 3, 3, 4, 6]
    got = [s(k, roll) for k in ("ones", "twos", "threes", "fours", "fives", "sixes")]
    assert got == [0, 0, 9, 4, 0, 6]
    assert s("three_of_a_kind", roll) == 19 and s("four_of_a_kind", roll) == 0


def test_rules_people_get_wrong():
    rs = rules.get("yahtzee")
    s = _scorer(rs)
    # A Yahtzee is not a full house (only through the Joker in a game).
    assert s("full_house", [5, 5, 5, 5, 5]) == 0
    # 3K/4K sum ALL dice in Yahtzee, not only the matching ones.
    assert s("three_of_a_kind", [2, 2, 2, 6, 5]) == 17
    assert s("four_of_a_kind", [1, 1, 1, 1, 6]) == 10
    # Small straights with a duplicate die or an extra die count.
    assert s("small_straight", [1, 2, 3, 3, 4]) == 30
    assert s("small_straight", [1, 3, 4, 5, 6]) == 30
    assert s("small_straight", [1, 2, 4, 5, 6]) == 0
    assert s("small_straight", [2, 3, 4, 5, 6]) == 30  # a large straight is also small
    assert s("small_straight", [3, 4, 5, 6, 6]) == 30


def test_yatzy_kata_examples():
    rs = rules.get("yatzy")
    s = _scorer(rs)
    assert s("chance", [1, 1, 3, 3, 6]) == 14
    assert s("chance", [4, 5, 5, 6, 1]) == 21
    assert s("yatzy", [1, 1, 1, 1, 1]) == 50
    assert s("yatzy", [1, 1, 1, 2, 1]) == 0
    assert s("fives", [5, 6, 5, 5, 2]) == 15
    assert s("ones", [3, 3, 3, 4, 5]) == 0
    assert s("fours", [1, 1, 2, 4, 4]) == 8
    assert s("one_pair", [3, 3, 3, 4, 4]) == 8  # the two highest matching dice
    assert s("one_pair", [1, 1, 6, 2, 6]) == 12
    assert s("one_pair", [3, 3, 3, 4, 1]) == 6
    assert s("one_pair", [3, 3, 3, 3, 1]) == 6
    assert s("one_pair", [1, 2, 3, 4, 6]) == 0
    assert s("two_pairs", [1, 1, 2, 3, 3]) == 8
    assert s("two_pairs", [1, 1, 2, 3, 4]) == 0
    assert s("two_pairs", [1, 1, 2, 2, 2]) == 6
    assert s("two_pairs", [5, 5, 4, 4, 1]) == 18
    assert s("two_pairs", [3, 3, 3, 3, 1]) == 0  # the pairs must be different
    assert s("three_of_a_kind", [3, 3, 3, 4, 5]) == 9
    assert s("three_of_a_kind", [3, 3, 4, 5, 6]) == 0
    assert s("three_of_a_kind", [3, 3, 3, 3, 1]) == 9
    assert s("three_of_a_kind", [5, 5, 5, 5, 6]) == 15
    assert s("four_of_a_kind", [2, 2, 2, 2, 5]) == 8
    assert s("four_of_a_kind", [2, 2, 2, 5, 5]) == 0
    assert s("four_of_a_kind", [2, 2, 2, 2, 2]) == 8
    assert s("four_of_a_kind", [5, 5, 5, 5, 6]) == 20
    assert s("small_straight", [1, 2, 3, 4, 5]) == 15
    assert s("small_straight", [2, 3, 4, 5, 6]) == 0
    assert s("small_straight", [1, 2, 3, 4, 4]) == 0
    assert s("large_straight", [2, 3, 4, 5, 6]) == 20
    assert s("large_straight", [1, 2, 3, 4, 5]) == 0
    assert s("full_house", [1, 1, 2, 2, 2]) == 8
    assert s("full_house", [2, 2, 3, 3, 4]) == 0
    assert s("full_house", [4, 4, 4, 4, 4]) == 0
    # A Yatzy of sixes in the other boxes (seed article).
    assert s("one_pair", [6, 6, 6, 6, 6]) == 12
    assert s("three_of_a_kind", [6, 6, 6, 6, 6]) == 18
    assert s("four_of_a_kind", [6, 6, 6, 6, 6]) == 24
    assert s("sixes", [6, 6, 6, 6, 6]) == 30
    assert s("chance", [6, 6, 6, 6, 6]) == 30
    for key in ("two_pairs", "full_house", "small_straight", "large_straight"):
        assert s(key, [6, 6, 6, 6, 6]) == 0


def test_yacht_scoring():
    rs = rules.get("yacht")
    s = _scorer(rs)
    assert s("full_house", [3, 3, 3, 5, 5]) == 19
    assert s("full_house", [3, 3, 3, 3, 3]) == 0  # five of a kind is not a full house
    assert s("four_of_a_kind", [3, 3, 3, 3, 5]) == 12
    assert s("four_of_a_kind", [3, 3, 3, 3, 3]) == 12  # five of a kind scores the four
    assert s("four_of_a_kind", [3, 3, 3, 5, 5]) == 0
    assert s("little_straight", [5, 4, 3, 2, 1]) == 30
    assert s("little_straight", [2, 3, 4, 5, 6]) == 0
    assert s("big_straight", [6, 5, 4, 3, 2]) == 30
    assert s("big_straight", [1, 2, 3, 4, 5]) == 0
    assert s("choice", [3, 3, 5, 6, 6]) == 23
    assert s("yacht", [4, 4, 4, 4, 4]) == 50
    assert s("yacht", [4, 4, 4, 4, 3]) == 0


def test_any_sequence_of_ints():
    rs = rules.get("yahtzee")
    assert host_helpers.score(rs, "chance", (1, 2, 3, 4, 5)) == 15
    assert host_helpers.score(rs, "chance", bytearray([6, 6, 6, 6, 6])) == 30
    assert host_helpers.score(rs, 12, [1, 1, 1, 1, 1]) == 5  # a box index works too


def test_bad_input_raises_value_error():
    rs = rules.get("yahtzee")
    assert raises(ValueError, host_helpers.score, rs, "chance", [1, 2, 3, 4])
    assert raises(ValueError, host_helpers.score, rs, "chance", [1, 2, 3, 4, 5, 6])
    assert raises(ValueError, host_helpers.score, rs, "chance", [0, 2, 3, 4, 5])
    assert raises(ValueError, host_helpers.score, rs, "chance", [1, 2, 3, 4, 7])
    assert raises(ValueError, host_helpers.score, rs, "chance", [1, 2, 3, 4, -1])
    assert raises(ValueError, host_helpers.score, rs, "chance", [])
    assert raises(ValueError, host_helpers.score, rs, "one_pair", [1, 1, 2, 3, 4])  # a Yatzy box
    assert raises(ValueError, host_helpers.score, rs, 13, [1, 1, 2, 3, 4])
    assert raises(ValueError, rules.get, "poker")
    assert raises(ValueError, rules.get, "yatzy", "free")
    assert raises(ValueError, rules.get, "yahtzee", "sometimes")


def test_maximum_totals():
    assert max_total(rules.get("yahtzee")) == 1575
    assert max_total(rules.get("yatzy")) == 374


def test_every_roll_scores_within_possible_values():
    for name in ("yahtzee", "yatzy", "yacht"):
        rs = rules.get(name)
        for roll in host_helpers.all_rolls():
            for b in range(rs.n_boxes):
                assert host_helpers.score(rs, b, roll) in rs.possible_values(b)
    assert len(host_helpers.all_rolls()) == 252
