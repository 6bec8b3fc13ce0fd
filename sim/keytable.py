"""The desktop keyboard table: the keys of a PC keyboard that play any board, shared by the
desktop simulator (``sim/desktop.py``, pygame key names) and the web page (``sim/web.py``, the
same names); and the lights both draw for a board. Pure Python: runs in MicroPython too.

The board's own keys keep their numbers; the direct keys (arrows, space, 1-5, ...) get the
numbers after them and give semantic inputs straight away."""

from hw import inputs as I
from sim import board_table

# Keyboard keys that give semantic inputs on every profile: (pygame key name, code, repeat).
DIRECT_KEYS = (
    ("left", I.LEFT, 1), ("right", I.RIGHT, 1), ("up", I.UP, 1), ("down", I.DOWN, 1),
    ("space", I.ROLL, 0), ("1", I.HOLD_1, 0), ("2", I.HOLD_2, 0), ("3", I.HOLD_3, 0),
    ("4", I.HOLD_4, 0), ("5", I.HOLD_5, 0), ("return", I.ENTER, 0), ("enter", I.ENTER, 0),
    ("escape", I.MENU, 0), ("n", I.NEW_GAME, 0), ("m", I.SOUND, 0), ("h", I.HINT, 0),
    ("u", I.UNDO, 0), ("backspace", I.UNDO, 0),
)

# Each board's own keys on a PC keyboard (kept in sim/board_table.py, not in the board module a
# board loads): (keyboard key, board key number).
DESKTOP_KEYS = board_table.column(board_table.DESKTOP_KEYS)


def desktop_keys(module):
    """(key name, board key number) pairs: the board's own keys on a PC keyboard."""
    return DESKTOP_KEYS.get(module.NAME, ())


# The board's lights as the simulators draw them: (count, light of each die, or None: one light
# for "a die is held").
LIGHTS = board_table.column(board_table.LIGHTS)


def key_tables(module):
    """(short, long, repeat, key names, help) for a profile: the board's own keys first (same
    numbers as on the board), then the direct keys. ``n`` needs a long press where the board's
    new-game is a long press."""
    n_board = len(module.SHORT)
    short = bytearray(module.SHORT)
    long = bytearray(module.LONG) + bytearray(n_board - len(module.LONG))
    repeat = bytearray(module.REPEAT) + bytearray(n_board - len(module.REPEAT))
    names = {}
    for name, number in desktop_keys(module):
        names[name] = number
    new_game_long = I.NEW_GAME in module.LONG
    for name, code, rep in DIRECT_KEYS:
        names[name] = len(short)
        if code == I.NEW_GAME and new_game_long:
            short.append(I.NONE)
            long.append(code)
        else:
            short.append(code)
            long.append(0)
        repeat.append(rep)
    return bytes(short), bytes(long), bytes(repeat), names, keymap_help(module)


def keymap_help(module):
    """(key, meaning) pairs for the desktop version of a board."""
    new_game = "hold n" if I.NEW_GAME in module.LONG else "n"
    pairs = [("arrows", "move"), ("space", "roll"), ("1-5", "hold die 1-5"),
             ("enter", "score / choose"), ("esc", "menu"), (new_game, "new game"),
             ("m", "sound on/off"), ("h", "hint"), ("u / backspace", "undo the last box")]
    labels = dict(module.KEYMAP_HELP)
    for name, number in desktop_keys(module):
        label = module.KEY_LABELS[number]
        meaning = labels.get(label) or ""
        if not meaning:
            for keys, text in module.KEYMAP_HELP:
                if label in keys.split(" / "):
                    meaning = text
                    break
        if not meaning:  # no line of its own in the board's help: what the key gives
            meaning = I.NAMES[module.SHORT[number]]
            if number < len(module.LONG) and module.LONG[number]:
                meaning += "; hold: " + I.NAMES[module.LONG[number]]
        pairs.append(("%s (%s)" % (name, label), meaning))
    return tuple(pairs)
