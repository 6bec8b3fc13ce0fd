"""Where things go on each screen size: one table per resolution, numbers only.

Every position is (x, y, width in characters, text scale). ``for_size(w, h)`` picks the table;
the host tests check that every text field and the dice lie inside the screen and that no two
overlap, for every table."""


class Layout:
    """Numbers for one screen size (attributes are set by the tables below)."""

    def __init__(self, name, width, height, colour, **numbers):
        self.name = name
        self.width = width
        self.height = height
        self.colour = colour
        self.play_info = None  # optional lines default to absent
        self.play_msg = None
        self.play_round = None
        for key in numbers:
            setattr(self, key, numbers[key])

    def __repr__(self):
        return "Layout(%s)" % self.name


# MacroPad RP2040: 128x64 mono OLED; 21 x 5 characters. Messages share the roll line.
MONO_128X64 = Layout(
    "128x64", 128, 64, False,
    scale=1,
    play_header=(0, 0, 21, 1),
    dice_x=2, dice_y=13, die=17, pitch=25, dice_scale=1, mark_h=5, mark_text=False,
    play_box=(0, 38, 21, 1),
    play_roll=(0, 52, 21, 1),
    card_header=(0, 0, 21, 1),
    card_top=13, card_pitch=12, card_rows=4, card_x=(0, 66), card_col=10, card_scale=1,
    card_labels="abbr", card_paren=True,
    list_title=(0, 0, 21, 1), list_top=13, list_pitch=12, list_rows=4, list_x=0, list_width=21,
    list_scale=1,
    # Defuse mode: dice 14 px so two rows and two text lines fit; letters beside the dice
    defuse_timer=(0, 0, 5, 1), defuse_stage=(37, 0, 9, 1), defuse_strikes=(98, 0, 5, 1),
    defuse_die=14, defuse_pitch=25, defuse_x=2, defuse_face_dx=9, defuse_letter=(1, 1, 1),
    defuse_kept_y=12, defuse_roll_y=26,
    defuse_lines=((0, 40, 21, 1), (0, 52, 21, 1)),
)

# PyGamer / PyBadge: 160x128; 26 x 10 characters.
COLOUR_160X128 = Layout(
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
    card_labels="short", card_paren=False,
    list_title=(8, 2, 12, 2), list_top=30, list_pitch=12, list_rows=8, list_x=2, list_width=26,
    list_scale=1,
    defuse_timer=(2, 2, 5, 2), defuse_stage=None, defuse_strikes=(98, 2, 5, 2),
    defuse_die=23, defuse_pitch=32, defuse_x=0, defuse_face_dx=8, defuse_letter=(1, 5, 1),
    defuse_kept_y=30, defuse_roll_y=56,
    defuse_lines=((2, 84, 26, 1), (2, 98, 26, 1), (2, 112, 26, 1)),
)

# Feather ESP32-S3 Reverse TFT / Pico Display Pack: 240x135; 40 x 11 characters.
COLOUR_240X135 = Layout(
    "240x135", 240, 135, True,
    scale=1,
    play_header=(0, 2, 40, 1),
    dice_x=0, dice_y=15, die=31, pitch=48, dice_scale=1, mark_h=15, mark_text=True,
    play_roll=(0, 64, 40, 1),
    play_box=(0, 78, 20, 2),
    play_info=(0, 106, 40, 1),
    play_msg=(0, 121, 40, 1),
    card_header=(0, 1, 40, 1),
    card_top=15, card_pitch=13, card_rows=9, card_x=(0, 120), card_col=20, card_scale=1,
    card_labels="full", card_paren=False,
    list_title=(0, 2, 20, 2), list_top=30, list_pitch=13, list_rows=8, list_x=0, list_width=40,
    list_scale=1,
    defuse_timer=(2, 2, 5, 2), defuse_stage=(69, 8, 17, 1), defuse_strikes=(178, 2, 5, 2),
    defuse_die=31, defuse_pitch=48, defuse_x=0, defuse_face_dx=12, defuse_letter=(4, 9, 1),
    defuse_kept_y=28, defuse_roll_y=62,
    defuse_lines=((0, 96, 40, 1), (0, 109, 40, 1), (0, 122, 40, 1)),
)

# CLUE: 240x240; text at scale 2 (20 x 10 characters) to be readable on a 1.3" screen.
COLOUR_240X240 = Layout(
    "240x240", 240, 240, True,
    scale=2,
    play_header=(0, 2, 20, 2),
    dice_x=0, dice_y=30, die=21, pitch=24, dice_scale=2, mark_h=15, mark_text=True,
    play_roll=(0, 104, 20, 2),
    play_box=(0, 132, 20, 2),
    play_info=(0, 160, 20, 2),
    play_msg=(0, 188, 20, 2),
    play_round=(0, 214, 20, 2),
    card_header=(0, 0, 20, 2),
    card_top=24, card_pitch=24, card_rows=9, card_x=(0, 120), card_col=10, card_scale=2,
    card_labels="abbr", card_paren=False,
    list_title=(0, 2, 20, 2), list_top=30, list_pitch=26, list_rows=8, list_x=0, list_width=20,
    list_scale=2,
    defuse_timer=(2, 2, 5, 2), defuse_stage=(66, 2, 9, 2), defuse_strikes=(178, 2, 5, 2),
    defuse_die=38, defuse_pitch=48, defuse_x=0, defuse_face_dx=9, defuse_letter=(1, 13, 1),
    defuse_kept_y=32, defuse_roll_y=76,
    defuse_lines=((0, 122, 20, 2), (0, 148, 20, 2), (0, 174, 20, 2), (0, 214, 20, 2)),
)

ALL = (MONO_128X64, COLOUR_160X128, COLOUR_240X135, COLOUR_240X240)


def for_size(width, height, colour=True):
    """The table for a screen of this size (the nearest one that fits, for odd sizes)."""
    for lay in ALL:
        if lay.width == width and lay.height == height:
            return lay
    best = None
    for lay in ALL:
        if lay.width <= width and lay.height <= height:
            if best is None or lay.width * lay.height > best.width * best.height:
                best = lay
    if best is None:
        raise ValueError("screen too small")
    return best


# Statistics (ui/stats_screen.py) and initials entry (ui/initials_screen.py), per table:
# stats_lines (x, top, pitch, rows, width, scale); stats_chart (x, y, width, height) in pixels,
# the histogram bars; stats_axis / stats_footer / initials_* (x, y, width, scale) text fields
# (None: not on this size); initials_letters (x of the first letter, y, pitch in pixels, scale);
# code_letters the same for the six characters of a challenge code (ui/code_screen.py).
# The footer shows the command ring on boards that have one.
def _add(lay, **numbers):
    for key in numbers:
        setattr(lay, key, numbers[key])


_add(MONO_128X64,  # text left, chart right; the five lines scroll with the knob
     stats_lines=(0, 13, 12, 4, 16, 1), stats_chart=(96, 14, 32, 50), stats_axis=None,
     stats_footer=None,
     initials_who=(0, 13, 21, 1), initials_letters=(34, 27, 24, 2), initials_help=(0, 52, 21, 1),
     initials_footer=None, code_letters=(13, 27, 18, 2))
_add(COLOUR_160X128,
     stats_lines=(2, 30, 12, 5, 14, 1), stats_chart=(88, 32, 72, 68), stats_axis=(88, 101, 12, 1),
     stats_footer=(2, 114, 26, 1),
     initials_who=(2, 30, 26, 1), initials_letters=(41, 48, 30, 3), initials_help=(2, 90, 26, 1),
     initials_footer=(2, 114, 26, 1), code_letters=(11, 48, 24, 3))
_add(COLOUR_240X135,
     stats_lines=(4, 30, 13, 5, 19, 1), stats_chart=(124, 30, 112, 76),
     stats_axis=(124, 107, 18, 1), stats_footer=(0, 121, 40, 1),
     initials_who=(0, 30, 40, 1), initials_letters=(81, 46, 30, 3), initials_help=(0, 92, 40, 1),
     initials_footer=(0, 121, 40, 1), code_letters=(36, 46, 30, 3))
_add(COLOUR_240X240,  # chart under the text, full width
     stats_lines=(6, 30, 24, 5, 19, 2), stats_chart=(8, 154, 224, 44), stats_axis=(8, 200, 37, 1),
     stats_footer=(0, 214, 20, 2),
     initials_who=(0, 34, 20, 2), initials_letters=(57, 70, 48, 5), initials_help=(0, 150, 20, 2),
     initials_footer=(0, 214, 20, 2), code_letters=(15, 70, 36, 5))
