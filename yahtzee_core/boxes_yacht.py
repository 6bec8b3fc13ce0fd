"""Yacht's lower boxes, after the six upper ones (rules.RuleSet reads them while it is made)."""

KEYS = ("full_house", "four_of_a_kind", "little_straight", "big_straight", "choice", "yacht")
LABELS = ("Full house", "4 of a kind", "Lit straight", "Big straight", "Choice", "Yacht")
ABBRS = ("FH", "4K", "LS", "BS", "Ch", "YT")
# kind, a, b, c of each box (rules.py's box kinds and what a, b, c mean)
PARAMS = (
    4, 0, 0, 0,  # FULL_HOUSE: sum of the dice
    2, 4, 1, 0,  # KIND: four of a kind, sum of the matching dice
    5, 5, 30, 1,  # STRAIGHT: 1-5, 30
    5, 5, 30, 2,  # STRAIGHT: 2-6, 30
    7, 0, 0, 0,  # CHANCE
    6, 0, 50, 0,  # YAHTZEE: 50
)
