"""The layout table for 160x128 screens (ui/layout.py: what the numbers mean); only the board's
own table is loaded."""

from .layout import add, layout

# PyGamer / PyBadge: 160x128; 26 x 10 characters.
LAYOUT = layout(
    "160x128", 160, 128, True,
    scale=1,
    play_header=(2, 2, 26, 1),
    dice_x=0, dice_y=16, die=23, pitch=32, dice_scale=1, mark_h=15, mark_text=True,
    play_roll=(2, 58, 26, 1),
    play_box=(2, 74, 26, 1),
    play_info=(2, 90, 26, 1),
    play_msg=(2, 106, 26, 1),
    card_header=(2, 2, 26, 1),
    card_top=16, card_pitch=12, card_rows=9, card_x=(2, 84), card_col=12, card_scale=1,
    card_labels="short", card_paren=False,  # card_short below
    list_title=(8, 2, 12, 2), list_top=30, list_pitch=12, list_rows=8, list_x=2, list_width=26,
    list_scale=1,
    defuse_timer=(2, 2, 5, 2), defuse_stage=None, defuse_strikes=(98, 2, 5, 2),
    defuse_die=23, defuse_pitch=31, defuse_x=2, defuse_face_dx=8, defuse_letter=(1, 5, 1),
    defuse_kept_y=30, defuse_roll_y=56,
    defuse_lines=((2, 84, 26, 1), (2, 98, 26, 1), (2, 112, 26, 1)),
)

add(LAYOUT,
    stats_lines=(2, 30, 12, 5, 14, 1), stats_chart=(88, 32, 70, 68), stats_axis=(86, 101, 12, 1),
    stats_footer=(2, 114, 26, 1),
    initials_who=(2, 30, 26, 1), initials_letters=(41, 48, 30, 3), initials_help=(2, 90, 26, 1),
    initials_footer=(2, 114, 26, 1), code_letters=(11, 48, 24, 3))

# the scorecard's labels in its 11-character cells, by category (card_labels "short"; the box's
# abbreviation for one not here)
add(LAYOUT, card_short={
    "ones": "Ones", "twos": "Twos", "threes": "Threes", "fours": "Fours", "fives": "Fives",
    "sixes": "Sixes", "three_of_a_kind": "3 Kind", "four_of_a_kind": "4 Kind",
    "full_house": "Full H", "small_straight": "Sm Str", "large_straight": "Lg Str",
    "yahtzee": "Yahtzee", "chance": "Chance", "one_pair": "Pair", "two_pairs": "2 Pairs",
    "yatzy": "Yatzy", "little_straight": "Lit Str", "big_straight": "Big Str", "choice": "Choice",
    "yacht": "Yacht",
})
