"""A store's load status (``save.ST_*`` flags) in words, for the player: the power-on's console
line and the continue screen's notice. Loaded only for those (a board unloads it with the menus'
group): a game holds none of its text."""

STATUS_NAMES = (  # one per flag bit, from ST_EMPTY (bit 0)
    "nothing saved yet", "damaged data found", "data from a newer version", "no storage",
    "settings reset", "statistics reset", "high scores reset", "saved game lost", "dice state reset",
    "defuse statistics reset", "backup copy loaded", "backup copy off", "older copy loaded",
)


def describe(status):
    """The status flags as short phrases."""
    out = []
    for i in range(len(STATUS_NAMES)):
        if (status >> i) & 1:
            out.append(STATUS_NAMES[i])
    return out
