"""The layout table for 128x64 screens (ui/layout.py: what the numbers mean); only the board's
own table is loaded."""

from .layout import add, layout

# MacroPad RP2040: 128x64 mono OLED; 21 x 5 characters. Messages share the roll line. The lines keep
# 4 px from the sides (20 cells), the first starts 1 px down, the last ends 2 px above the bottom: no
# text within 2 px of an edge.
LAYOUT = layout(
    "128x64", 128, 64, False,
    scale=1,
    play_header=(4, 1, 20, 1),
    dice_x=2, dice_y=13, die=17, pitch=25, dice_scale=1, mark_h=5, mark_text=False,
    play_box=(4, 38, 20, 1),
    play_roll=(4, 50, 20, 1),
    card_header=(4, 1, 20, 1),
    card_top=13, card_pitch=12, card_rows=4, card_x=(0, 66), card_col=10, card_scale=1,
    card_labels="abbr", card_paren=True,
    list_title=(4, 1, 20, 1), list_top=13, list_pitch=12, list_rows=4, list_x=4, list_width=20,
    list_scale=1,
    # Defuse mode: dice 13 px so two rows and two text lines fit; letters beside the dice
    defuse_timer=(2, 0, 5, 1), defuse_stage=(37, 0, 9, 1), defuse_strikes=(96, 0, 5, 1),
    defuse_die=13, defuse_pitch=25, defuse_x=2, defuse_face_dx=9, defuse_letter=(1, 1, 1),
    defuse_kept_y=12, defuse_roll_y=25,
    defuse_lines=((4, 38, 20, 1), (4, 50, 20, 1)),
)

add(LAYOUT,  # text left, chart right; the five lines scroll with the knob
    stats_lines=(2, 13, 12, 4, 16, 1), stats_chart=(98, 14, 28, 48), stats_axis=None,
    stats_footer=None,
    initials_who=(4, 13, 20, 1), initials_letters=(34, 26, 24, 2), initials_help=(4, 50, 20, 1),
    initials_footer=None, code_letters=(13, 26, 18, 2))
