"""The layout table for 240x135 screens (ui/layout.py: what the numbers mean); only the board's
own table is loaded."""

from .layout import add, layout

# Feather ESP32-S3 Reverse TFT / Pico Display Pack: 240x135; 40 x 11 characters; the lines keep 3 px
# from the sides (39 cells; 19 at scale 2): no text within 2 px of an edge.
LAYOUT = layout(
    "240x135", 240, 135, True,
    scale=1,
    play_header=(3, 2, 39, 1),
    dice_x=0, dice_y=15, die=31, pitch=48, dice_scale=1, mark_h=15, mark_text=True,
    play_roll=(3, 64, 39, 1),
    play_box=(6, 78, 19, 2),
    play_info=(3, 106, 39, 1),
    play_msg=(3, 121, 39, 1),
    card_header=(3, 1, 39, 1),
    card_top=15, card_pitch=13, card_rows=9, card_x=(0, 120), card_col=20, card_scale=1,
    card_labels="full", card_paren=False,
    list_title=(6, 2, 19, 2), list_top=30, list_pitch=13, list_rows=8, list_x=3, list_width=39,
    list_scale=1,
    defuse_timer=(2, 2, 5, 2), defuse_stage=(69, 8, 17, 1), defuse_strikes=(178, 2, 5, 2),
    defuse_die=31, defuse_pitch=48, defuse_x=0, defuse_face_dx=12, defuse_letter=(4, 9, 1),
    defuse_kept_y=28, defuse_roll_y=62,
    defuse_lines=((3, 96, 39, 1), (3, 109, 39, 1), (3, 122, 39, 1)),
)

add(LAYOUT,
    stats_lines=(4, 30, 13, 5, 19, 1), stats_chart=(124, 30, 112, 76),
    stats_axis=(124, 107, 18, 1), stats_footer=(3, 121, 39, 1),
    initials_who=(3, 30, 39, 1), initials_letters=(81, 46, 30, 3), initials_help=(3, 92, 39, 1),
    initials_footer=(3, 121, 39, 1), code_letters=(36, 46, 30, 3))
