"""What the app runs only at power-on and when a game starts, continues or has ended: building
the App, starting and continuing a game, the high-score table of the game just played. Loaded for
that, it is one of the menus' modules (``ui/screen_set.py``): a board unloads it when a game is
shown, so a game in progress does not hold this code (docs/memory.md).

    app = build_app(board)     # code.py, under the crash guard
    init_app(app, board, ...)  # App.__init__: the App's parts
    start_game(app)            # App.start_game (the set-up; App._play then shows the game)
    continue_game(app)         # App.continue_game (likewise)
"""

import gc

import displayio

from hw import inputs
from yahtzee_core import settings_copy, snapshot
from yahtzee_core.compat import const
from yahtzee_core.rng import code_text

from . import screen as S
from . import theme

_CODE_AT = const(5)  # "Code K7QX2M": where the characters start


# the text colours a field is drawn or recoloured in, on the background (and the cursor bar)
_TEXT_ROLES = (theme.INK, theme.DIM, theme.ACCENT, theme.PREVIEW, theme.WARN)


def text_palettes(sheet, colours):
    """Make the glyph sheet's palette of every colour pair a field is drawn or recoloured in
    (``TextField.colours`` then allocates nothing); built once with the sheet, at power-on."""
    for role in _TEXT_ROLES:
        sheet.palette(colours[theme.BG], colours[role])
    sheet.palette(colours[theme.HIGHLIGHT_BG], colours[theme.HIGHLIGHT_INK])


def board_codes(board):
    """Every input code the board's own keys can give (the desktop adds keys of its own;
    screens follow the real board's keys). None when unknown (scripted test buttons)."""
    src = board.profile
    if src is not None:
        short, long, ring = src.SHORT, src.LONG, src.RING
    else:
        buttons = board.buttons
        short = getattr(buttons, "short", None)
        if short is None:
            return None
        long, ring = buttons.long, buttons.ring
    return bytes(short) + bytes(long) + (bytes(ring) if ring else b"")


def font():
    import terminalio

    return terminalio.FONT


def background(app):
    """The screen's background: one tile grid of the background colour."""
    tile = 16
    bmp = displayio.Bitmap(tile, tile, 1)
    pal = displayio.Palette(1)
    pal[0] = app.colours[theme.BG]
    lay = app.layout
    return displayio.TileGrid(bmp, pixel_shader=pal, width=(lay.width + tile - 1) // tile,
                              height=(lay.height + tile - 1) // tile, tile_width=tile,
                              tile_height=tile)


def init_app(app, board, settings, policies, lay, store, coach, strategy):
    """``App.__init__``: the App's parts, made once at power-on (its arguments: ``ui/app.py``)."""
    from yahtzee_core import engine
    from yahtzee_core.compat import array

    from .autoplay import AutoPlayer
    from .idle import Idle
    from .screen_set import ScreenSet
    from .settings import Settings
    from .text import GlyphSheet
    from .tumble import Tumble

    app.board = board
    app.buttons = board.buttons
    app.ring_names = None  # the command ring's labels (ui/ring_names.py): a board with a ring only
    app.ring_starts = None
    if app.buttons.ring is not None:
        from .ring_names import NAMES, STARTS

        app.ring_names = NAMES
        app.ring_starts = STARTS
    app.sound = board.sound
    app.lights = board.lights
    app.clock = board.clock
    app.display = board.display
    if lay is None:
        from . import layout as layouts  # a board unloads it once the app is built (ui/app_start.py)

        lay = layouts.for_size(board.width, board.height)
    app.layout = lay
    from .theme import for_screen  # (ui/theme.py: its other reads are constants, folded on a board)

    app.colours = for_screen(board.colour)
    app.settings = settings or Settings()
    if store is not None and settings is None:
        settings_copy.export_to(store.settings, app.settings)  # the saved settings
    codes = board_codes(board)
    # Boards without hold keys (PyGamer, PyBadge) choose a die with the stick, hold with A.
    app.die_focus = codes is not None and inputs.HOLD_1 not in codes
    app.sheet = GlyphSheet(font())
    text_palettes(app.sheet, app.colours)
    app.new_game_object()  # ``game`` and its engine's ``reasons`` (none in Defuse mode)
    if strategy is None:  # tests and bare Apps (a board passes a StrategySet)
        from .resident import Resident

        strategy = Resident(policies, coach)
    app.strategy = strategy
    app.autoplay = AutoPlayer(None)
    app.store = store
    # the coach (ui/coach.py): hints, and the cost of each human choice (told before and
    # after each action); None while no game goes on or there is none
    app.coach = None
    app._bind_strategy()  # a resident coach and players; a StrategySet builds for a game
    # message line shared by the game screens
    app.msg = b""
    app.msg_role = theme.INK
    app.msg_until = 0
    app.msg_serial = 0
    app.msg_held = False  # a warning that stays until a press made after it was seen
    app.now = app.clock.ticks_ms()
    app.yahtzee_text = b""
    app.high_score = False
    app._cued = False
    app._pending_screen = -1
    app._ending = False  # the last turn shows; the end screens come at ``_end_due`` (EV_GAME_OVER)
    app._end_due = 0
    app._acting = 0  # the engine action being applied
    app.coached = 0  # seats that asked the coach for a hint this game (bit mask)
    # the coach's figures of the game that ended (the coach itself is dropped at its end):
    # units given away and choices measured per seat, for the game-over screen
    app.coach_lost = array("i", [0] * engine.MAX_SEATS)
    app.coach_choices = array("H", [0] * engine.MAX_SEATS)
    app.in_game = False  # a game was started or continued and is not over
    app.save_failed = False  # "Could not save" was said
    # "Backup copy off" was said (the start-up notice says it when known at load time)
    app.backup_off_said = store is not None and store.backup_off
    app.code_label = bytearray(b"Code ------")  # the challenge code of this game
    app.demo = None  # the demo (attract mode, ui/demo.py) while it plays
    app.demo_started = 0  # times the demo began (tests, tools)
    app._then = None  # an App method to run once the press's screen has returned (``defer``)
    app._handling = False  # a screen's handler runs: ``show`` waits for it to return
    app._next_screen = -1  # the screen it asked for, and the code to hand that screen then
    app._next_code = -1
    app._warm = bytearray(snapshot.MAX_BYTES)
    app.tumble = Tumble()  # rolling dice (ui/tumble.py); its ``ms`` is the tumble's length
    app.root = displayio.Group()
    app.root.append(background(app))
    # each screen built when needed (ui/screen_set.py)
    app.screens = ScreenSet(app)
    app.current = None
    app.current_id = -1
    app.previous_id = S.TITLE
    app.apply_preferences()
    app.display.root_group = app.root
    app.idle = Idle(app)
    gc.collect()
    app.show(S.CONTINUE if app.screens[S.CONTINUE].wanted() else S.TITLE)


def start_game(app):
    """A new game with the title screen's settings, up to its play screen (``App.start_game``
    shows it once this module's code is let go). Returns the command ring's item then."""
    s = app.settings
    rs = s.rules()
    app._put_away(S.PLAY)
    game = app.game
    game.configure(rs, s.seats, s.kinds, s.duplicate, s.autofill, s.challenge)
    game.clear_events()
    app._clear_message()  # before the players: opening the table may say it is refused
    app._use_strategy()
    app.coached = 0
    app._coach_new_game()
    app.in_game = True
    snapshot.encode(game, app._warm)  # warm-up: the first save must not enumerate rolls
    if app.store is not None:
        app.store.settings.import_from(s)
        app._saved(app.store.clear_game())  # one write: these settings, no saved game until a box
    app.yahtzee_text = S.to_bytes(rs.title.upper() + "!")
    app._new_game_screens()
    app.lights.show_held(0)
    say_code(app)
    return inputs.ROLL


def say_code(app):
    """A challenge game shows its code on the message line at the start."""
    code = app.game.challenge
    if code >= 0:
        code_text(code, app.code_label, _CODE_AT)
        app.say(app.code_label, theme.ACCENT, 4000)


def continue_game(app):
    """The saved game, where it was left, up to its play screen (as ``start_game``); -1 when
    there is none (needs a store with one)."""
    from yahtzee_core.snapshot_reader import restore_game  # (the menus' module: unloaded with them)

    store = app.store
    if store is None or not restore_game(store, app.game, app.board.rng):
        return -1
    app._put_away(S.PLAY)
    game = app.game
    game.clear_events()
    app.coached = store.records.coached  # saved with the game (docs/nvm_layout.md)
    app._clear_message()  # before the players: opening the table may say it is refused
    app._use_strategy()  # the restored seats' players
    app._coach_new_game()
    app.in_game = True
    app.yahtzee_text = S.to_bytes(game.rules.title.upper() + "!")
    st = store.settings  # "Play again" replays this game's set-up
    st.import_from(app.settings)
    settings_copy.capture(st, game)
    settings_copy.export_to(st, app.settings)
    app._new_game_screens()
    app.show_lights()
    say_code(app)
    return inputs.ENTER if game.cursor_visible else inputs.ROLL


def show_high_scores(app):
    """The high-score table of the game just played, its best new entry selected."""
    best = -1
    if app.store is not None:
        for s in range(app.game.seats):
            r = app.store.ranks[s]
            if r != 0xFF and (best < 0 or r < best):
                best = r
    app.screens[S.HIGH_SCORES].show_entry(app.game.rules.variant_id, best)


def discard_game(app):
    """Forget the saved game (the player chose a new one)."""
    app.in_game = False
    if app.store is not None:
        app._saved(app.store.clear_game())


def build_app(board):
    """The app with the board's saved records (settings, statistics, high scores, the game in
    progress: "Continue?" at start-up); the computer players and the coach are built when a
    game starts (ui/strategy_set.py). code.py calls it under the crash guard."""
    from yahtzee_core.nvm_store import NvmStore
    from yahtzee_core import save

    from .app import App
    from .screen_set import UNLOADS, unload
    from .strategy_set import StrategySet

    store = NvmStore(board.storage, board.backup, board.erase_nvm)
    records, status = store.load()  # never raises
    if UNLOADS:
        unload("yahtzee_core.slot_reader")  # loading is done (the App's first screen drops the records' objects)
        unload("yahtzee_core.snapshot_reader")
        unload("yahtzee_core.save_layouts")  # the store keeps its layout, not the code that chose it
    if status & ~save.ST_EMPTY:
        from yahtzee_core.save_status import describe

        print("saved data:", ", ".join(describe(status)))
    if not board.storage_persistent:
        print("no NVM on this board: records last until power off")
    from . import layout as layouts

    lay = layouts.for_size(board.width, board.height)
    app = App(board, lay=lay, store=store, strategy=StrategySet())
    if UNLOADS:  # the App holds its layout and colours: the code that chose and made them is not needed again
        unload("ui.layout_" + lay.name)
        unload("ui.layout")
        unload("ui.theme")  # its colour tables: the App holds the one it uses
        unload("ui.ring_names")  # (loaded on a board with a command ring) the App holds its table
    return app
