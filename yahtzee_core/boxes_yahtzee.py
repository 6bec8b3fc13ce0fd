"""Yahtzee's lower boxes, after the six upper ones (rules.RuleSet reads them while it is made)."""

KEYS = ("three_of_a_kind", "four_of_a_kind", "full_house", "small_straight", "large_straight", "yahtzee",
        "chance")
LABELS = ("3 of a kind", "4 of a kind", "Full house", "Sm straight", "Lg straight", "Yahtzee", "Chance")
ABBRS = ("3K", "4K", "FH", "SS", "LS", "YZ", "Ch")
# kind, a, b, c of each box (rules.py's box kinds and what a, b, c mean)
PARAMS = (
    2, 3, 0, 0,  # KIND: three of a kind, sum of all dice
    2, 4, 0, 0,  # KIND: four of a kind, sum of all dice
    4, 0, 25, 0,  # FULL_HOUSE: 25
    5, 4, 30, 0,  # STRAIGHT: any run of 4, 30
    5, 5, 40, 0,  # STRAIGHT: any run of 5, 40
    6, 0, 50, 0,  # YAHTZEE: 50
    7, 0, 0, 0,  # CHANCE
)
