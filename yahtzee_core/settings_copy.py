"""The settings record copied to the UI's settings and taken from a game: what a board runs only
at power-on and when a saved game is continued (``ui/app_start.py``, which a board unloads with
this module when a game is shown; ``settings_record.py`` keeps what every save needs).

    export_to(store.settings, app.settings)   # the saved settings into the UI's
    capture(store.settings, game)             # "Play again" replays this game's set-up
"""

from . import engine as _engine
from . import rules as _rules
from .settings_record import SETTINGS_FIELDS


def capture(st, game):
    """``st`` (a ``settings_record.Settings``) remembers ``game``'s variant, Joker rule, seats
    and options for the next game."""
    rs = game.rules
    st.variant = rs.variant_id
    if rs.joker != _rules.JOKER_NONE:
        st.joker = rs.joker
    st.seats = game.seats
    for s in range(_engine.MAX_SEATS):
        st.kinds[s] = game.seat_kind[s]
    st.duplicate = 1 if game.duplicate else 0
    st.autofill = 1 if game.autofill else 0


def export_to(st, obj):
    """Copy every field of ``st`` (a ``settings_record.Settings``) that ``obj`` also has (e.g.
    the UI's own settings object) into it."""
    for f in SETTINGS_FIELDS:
        if hasattr(obj, f[0]):
            setattr(obj, f[0], getattr(st, f[0]))
    for name in ("kinds", "initials"):
        if hasattr(obj, name):
            getattr(obj, name)[:] = getattr(st, name)
    if hasattr(obj, "show_cost"):
        obj.show_cost = not st.hide_cost
    if hasattr(obj, "tumble"):
        obj.tumble = not st.still_dice
