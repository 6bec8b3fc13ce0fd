"""The layout table for 240x240 screens (ui/layout.py: what the numbers mean); only the board's
own table is loaded."""

from .layout import add, layout

# CLUE: 240x240; text at scale 2 (20 x 10 characters) to be readable on a 1.3" screen; the lines keep
# 6 px from the sides (19 cells), the dice 5 px: no text within 2 px of an edge.
LAYOUT = layout(
    "240x240", 240, 240, True,
    scale=2,
    play_header=(6, 2, 19, 2),
    dice_x=5, dice_y=30, die=21, pitch=23, dice_scale=2, mark_h=15, mark_text=True,
    play_roll=(6, 104, 19, 2),
    play_box=(6, 132, 19, 2),
    play_info=(6, 160, 19, 2),
    play_msg=(6, 188, 19, 2),
    play_round=(6, 214, 19, 2),
    card_header=(6, 0, 19, 2),
    card_top=24, card_pitch=24, card_rows=9, card_x=(0, 120), card_col=10, card_scale=2,
    card_labels="abbr", card_paren=False,
    list_title=(6, 2, 19, 2), list_top=30, list_pitch=26, list_rows=8, list_x=6, list_width=19,
    list_scale=2,
    defuse_timer=(2, 2, 5, 2), defuse_stage=(66, 2, 9, 2), defuse_strikes=(178, 2, 5, 2),
    defuse_die=38, defuse_pitch=48, defuse_x=0, defuse_face_dx=8, defuse_letter=(2, 13, 1),
    defuse_kept_y=32, defuse_roll_y=76,
    defuse_lines=((6, 122, 19, 2), (6, 148, 19, 2), (6, 174, 19, 2), (6, 214, 19, 2)),
)

add(LAYOUT,  # chart under the text, full width
    stats_lines=(6, 30, 24, 5, 19, 2), stats_chart=(8, 154, 224, 44), stats_axis=(8, 200, 37, 1),
    stats_footer=(6, 214, 19, 2),
    initials_who=(6, 34, 19, 2), initials_letters=(57, 70, 48, 5), initials_help=(6, 150, 19, 2),
    initials_footer=(6, 214, 19, 2), code_letters=(15, 70, 36, 5))
