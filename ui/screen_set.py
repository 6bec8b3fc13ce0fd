"""Which screens are in memory: the one shown, and a game's play screen while the game goes on.

    screens = ScreenSet(app)      # nothing built yet
    scr = screens[S.TITLE]        # built on first use (its module imported then)
    screens.leave_for(S.TITLE)    # drops every other screen but a game's play screen, and on
                                  # a board unloads the modules only they use

A 192 KB board cannot hold every screen and every module at once (docs/memory.md). Every screen
is built when shown and dropped when left, but for the play screen: built when a game starts, it
stays until the game ends (initials, game over) or the title or Defuse mode is shown. The
scorecard and the menu are built when shown and dropped, with their modules, when left: while
the play screen shows, a game holds neither of them (about 8 KB at a game's peak). While
either shows the play screen is dropped too, with its modules, but for its drawn dice sheets
(``dice_sheets``): a game never holds two of its screens, and the play screen built again draws
no die. A game's screens keep what is
theirs when dropped while the game goes on (``Screen.park``: the die the stick points at, the
scorecard's scroll, the menu's item) and get it back when built again; the game itself is
``App.game``, and each of them draws it whole when built. While the rules reader, settings
or help is open from a game's menu the game waits ("parked": ``parks_game``): the App parks the
players and the coach too (``ui/strategy_set.py``), until the game is played again
(``plays_game``: back in the menu it still waits). Building a screen is an allocation
(docs/memory.md lists them); a change between the game's screens is one too, a key press's
worth of work, never in the turn's own loop. Modules are unloaded on MicroPython/CircuitPython
(``del sys.modules[...]``; on CPython they stay loaded: nothing to save, and tests keep their
classes)."""

import gc
import sys

from yahtzee_core.compat import const

from . import screen as S

# id -> (its module in ui/, group): group 0 = the game's screens, 1 = the menus, 2 = Defuse. Each
# screen's module names its class SCREEN: no class name is held here (a str constant is a heap
# object for as long as this module is loaded; docs/memory.md)
_SCREENS = (
    ("title_screen", 1),
    ("play_screen", 0),
    ("scorecard_screen", 0),
    ("pause_screen", 0),
    ("settings_screen", 1),
    ("help_screen", 1),
    ("gameover_screen", 1),
    ("defuse_screen", 2),
    ("stats_screen", 1),
    ("highscores_screen", 1),
    ("initials_screen", 1),
    ("continue_screen", 1),
    ("code_screen", 1),
    ("rules_screen", 1),  # fills itself on enter, empties on leave
)
GAME = const(0)
MENUS = const(1)
DEFUSE = const(2)
# the modules each group loads beside its screens' that nothing resident imports (unloaded with
# the group's screens, ``group_modules``; the scorecard's and the menu's own module goes with the
# screen): (those in ui/, those in yahtzee_core/)
_OTHERS = (
    (("dice_view",), ()),
    (("app_start",),  # power-on and a game's start: the App itself holds none of it
     ("snapshot_reader",  # the continue screen reads the saved game (store.restore_game)
      "save_status",  # the power-on's and the continue screen's words for the load status
      "settings_copy",  # ui/app_start.py's: the saved settings to the UI's, a continued game's set-up
      "rng")),  # the title's codes (a challenge game's engine keeps its own reference)
    (("defuse_lists", "defuse_dice", "defuse_art", "defuse_stats"), ("defuse", "defuse_edgework")),
)
UNLOADS = sys.implementation.name != "cpython"


def ends_game(screen_id):
    """No game goes on while this screen shows (the title, Defuse mode, and the end of a game:
    initials and game over, from which only a new game leads back): the game's screens and
    the computer players (ui/strategy_set.py) are dropped."""
    return (screen_id == S.TITLE or screen_id == S.DEFUSE or screen_id == S.GAME_OVER
            or screen_id == S.INITIALS)


def parks_game(screen_id):
    """Opened from a game's menu, this screen makes the game wait (the rules reader, settings,
    help: none of them draws or changes it): the App parks the players and the coach while it
    shows (``ScreenSet.game_parked``), as the game's screens are parked whenever they are left."""
    return screen_id == S.RULES or screen_id == S.SETTINGS or screen_id == S.HELP


def plays_game(screen_id):
    """The game's turns are played on this screen (the play screen, the scorecard): the players
    and the coach are needed. Its menu needs neither: a game parked stays parked there."""
    return screen_id == S.PLAY or screen_id == S.CARD


def uses_records(screen_id):
    """This screen shows or changes the statistics, high scores (a finished game's result goes
    in just before it): the store's record objects stay open while it shows; any other screen
    closes them (``App.release_records``)."""
    return (screen_id == S.GAME_OVER or screen_id == S.INITIALS or screen_id == S.HIGH_SCORES
            or screen_id == S.STATS)


def group_modules(group):
    """The full names of the modules ``group`` loads: its screens' and ``_OTHERS`` (a list, made
    when a group is left)."""
    names = []  # (loops: a comprehension is a function of its own, held with this one)
    for name, g in _SCREENS:
        if g == group:
            names.append("ui." + name)
    ui, core = _OTHERS[group]
    for name in ui:
        names.append("ui." + name)
    for name in core:
        names.append("yahtzee_core." + name)
    return names


def unload(name):
    """Forget a module (its code is freed once nothing else refers to it)."""
    if name in sys.modules:
        del sys.modules[name]
    dot = name.rfind(".")
    parent = sys.modules.get(name[:dot])
    leaf = name[dot + 1:]
    if parent is not None and hasattr(parent, leaf):
        delattr(parent, leaf)


class ScreenSet:
    """``App.screens``: indexable by screen id; a screen is built on first use."""

    def __init__(self, app):
        self.app = app
        self.slots = [None] * len(_SCREENS)  # type: list
        self.loaded = 0  # bit per group: its modules were imported
        self.builds = 0  # screens built on demand (tests, tools)
        # a list screen's selected item when it was dropped, + 1 (0: none): it is selected
        # again when the screen is built again (back on the title where you left it)
        self.kept = bytearray(len(_SCREENS))
        # a parked game screen's state (``Screen.park()``), + 1 (0: none)
        self.parked = bytearray(len(_SCREENS))
        self.game_parked = False  # the game waits for a ``parks_game`` screen (until it is played: ``plays_game``)
        # the play screen's drawn dice sheets (``DiceView.sheets``) while it is dropped for the
        # scorecard and its menu: built again from them, it draws no die (None: none kept)
        self.dice_sheets = None

    def __getitem__(self, screen_id):
        scr = self.slots[screen_id]
        if scr is None:
            scr = self._build(screen_id)
        return scr

    def built(self, screen_id):
        """The screen when it is built, else None (never builds)."""
        return self.slots[screen_id]

    def game_screens(self):
        """A game starts: nothing parked of the game before is restored (each game screen
        starts afresh when it is built)."""
        for i in range(len(_SCREENS)):
            if _SCREENS[i][1] == GAME:
                self.parked[i] = 0
                self.kept[i] = 0
        self.game_parked = False

    def _build(self, screen_id):
        name, group = _SCREENS[screen_id]
        self.loaded |= 1 << group
        if plays_game(screen_id):
            self.game_parked = False
        name = "ui." + name
        __import__(name)
        scr = sys.modules[name].SCREEN(self.app)
        if self.kept[screen_id]:
            scr.items[0] = self.kept[screen_id] - 1  # ListScreen.enter keeps the selected item
            scr.count = 1
            scr.sel = 0
        if self.parked[screen_id]:
            scr.unpark(self.parked[screen_id] - 1)
            self.parked[screen_id] = 0
        self.slots[screen_id] = scr
        self.app.root.append(scr.group)
        self.builds += 1
        return scr

    def leave_for(self, screen_id):
        """Drop every built screen but ``screen_id`` and a game's play screen (that one too while
        the game waits, ``parks_game``, when the title, Defuse mode or the game's end is next:
        no game goes on, or when the scorecard or the menu shows: its dice sheets kept, ``dice_sheets``), a
        game's screen parked with its state while the game goes on; unload the modules of a
        dropped game screen and of the groups left with no screen built. Nothing is allocated
        when nothing is dropped."""
        dropped = False
        slots = self.slots
        game_ends = ends_game(screen_id)
        park = not game_ends and parks_game(screen_id)
        aside = screen_id == S.CARD or screen_id == S.PAUSE  # the play screen set aside, its sheets kept
        if game_ends:
            self.game_parked = False
        if not (aside or screen_id == S.PLAY):
            self.dice_sheets = None  # (drawn again: the colours may change meanwhile)
        for i in range(len(slots)):
            scr = slots[i]
            if scr is not None and i != screen_id and (i != S.PLAY or game_ends or park or aside):
                if scr.is_list and scr.count:
                    self.kept[i] = scr.items[scr.sel] + 1
                if _SCREENS[i][1] == GAME:
                    self.parked[i] = 0 if game_ends else scr.park() + 1
                    if park:
                        self.game_parked = True
                    if UNLOADS and (i != S.PLAY or aside):  # (else they go with the game's group)
                        unload("ui." + _SCREENS[i][0])
                        if i == S.PLAY:
                            unload("ui.dice_view")
                self.app.root.remove(scr.group)
                slots[i] = None
                dropped = True
        keep = _SCREENS[screen_id][1]
        for group in range(3):  # GAME, MENUS, DEFUSE (a tuple here would allocate)
            if group == GAME and not (game_ends or park):
                continue
            if group != keep and self.loaded & (1 << group):
                self.loaded &= ~(1 << group)
                if UNLOADS:
                    for name in group_modules(group):
                        unload(name)
                dropped = True
        if UNLOADS and (screen_id == S.PLAY or screen_id == S.CARD) and "ui.list_screen" in sys.modules:
            unload("ui.list_screen")  # the menus', the game's menu's and Defuse mode's: a turn holds none
            dropped = True
        if dropped:
            gc.collect()
