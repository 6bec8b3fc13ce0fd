"""Yatzy's lower boxes, after the six upper ones (rules.RuleSet reads them while it is made)."""

KEYS = ("one_pair", "two_pairs", "three_of_a_kind", "four_of_a_kind", "small_straight", "large_straight",
        "full_house", "chance", "yatzy")
LABELS = ("One pair", "Two pairs", "3 of a kind", "4 of a kind", "Sm straight", "Lg straight", "Full house",
          "Chance", "Yatzy")
ABBRS = ("1P", "2P", "3K", "4K", "SS", "LS", "FH", "Ch", "YZ")
# kind, a, b, c of each box (rules.py's box kinds and what a, b, c mean)
PARAMS = (
    3, 1, 0, 0,  # PAIRS: the highest pair
    3, 2, 0, 0,  # PAIRS: two different pairs
    2, 3, 1, 0,  # KIND: three of a kind, sum of the matching dice
    2, 4, 1, 0,  # KIND: four of a kind, sum of the matching dice
    5, 5, 15, 1,  # STRAIGHT: 1-5, 15
    5, 5, 20, 2,  # STRAIGHT: 2-6, 20
    4, 0, 0, 0,  # FULL_HOUSE: sum of the dice
    7, 0, 0, 0,  # CHANCE
    6, 0, 50, 0,  # YAHTZEE: 50
)
