"""The whole app (code.py's ``build_app``) on a board double (``sim/vmboard.py``), played only
through that board's own keys, the same way in CircuitPython's VM core (or MicroPython's) and on
CPython.

    python tools/firmware/cp_run.py --lib host_tests/ui/whole_app.py [profile ...]
    python host_tests/ui/whole_app.py [profile ...]

Per board: a game with a human and a computer seat (a hint, the scorecard, settings, the rules
reader from the in-game menu read to its last page, game over, initials), statistics, a Defuse
bomb, then a second game for one that is "powered off" after three turns (the NVM bytes go to
a new board and a new app) and continued to the end; then a challenge code entered with the
keys, a turn of its game and an undo, and the demo after a minute on the title.
Prints one line per board: the totals and the CRC-32 of the final screen; the lines must be
equal on both (host_tests/ui/test_whole_app.py compares them).

``scenario(profile, seed, checkpoint)`` is the generator tools/memory/board_memory.py and the
allocation checks drive: it yields after each step so the VM can collect garbage (this port
collects only between top-level calls), calling ``checkpoint(label, app)`` first."""

import sys

MP = sys.implementation.name != "cpython"  # MicroPython, or CircuitPython's VM core (unix port)
if not MP and __name__ == "__main__":  # python host_tests/ui/whole_app.py: the repository root
    import os

    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from hw import inputs as I
from sim import board_table, vmboard
from hw.keymap import RING_DO, RING_NEXT
FRAME_MS = 16
SEED = 11
# seats in the first game (seat 1 you, seat 2 the hard computer, seats 3-4 easy computers)
SEATS = board_table.column(board_table.SEATS)


def forget(*_):
    """Called before each yield of a generator that measures the heap. A MicroPython generator
    keeps the values its stack slots last held (a popped slot is not cleared) and the collector
    sees them, so an object the app or the driver dropped could stay alive, held by the driver's
    own frame, and be counted: the players built and dropped before start-up were (+30 KB on
    some boards, depending only on the bytecode's layout). A call with more arguments than the
    frame's deepest expression overwrites every slot."""


def load_code():
    """What builds the app (``.build_app(board)``): code.py in the VMs, loaded as a board loads it
    (its heap counts), ui/app_start.py on CPython (code.py's build_app calls it; CPython's
    standard library has a module named ``code``)."""
    if MP:
        import code

        return code
    from ui import app_start

    return app_start


class Driver:
    """Gives a semantic code by pressing the board's own keys as a player would: a key whose
    short press gives it, else a long press, else the command ring (step, then do)."""

    def __init__(self, board, app):
        self.board = board
        self.app = app
        self.keys = board.keys
        self.buttons = board.buttons
        self.presses = 0
        self.frames = 0
        self.wait = True  # after each press, let rolled dice stop (False: measure the tumble)
        # A shorter tumble (10 frames, not 25) keeps this long VM run's time in check; the full
        # 400 ms tumble's frames are checked by mp_app_alloc.py and host_tests/ui/test_tumble.py.
        app.tumble.ms = 160

    def frame(self, n=1):
        for _ in range(n):
            self.board.clock.advance(FRAME_MS)
            self.app.step()
            self.frames += 1

    def idle(self, seconds):
        """``seconds`` pass without a key, a frame a second (the app's idle timers)."""
        for _ in range(seconds):
            self.board.clock.advance(1000 - FRAME_MS)
            self.frame()

    def tap(self, k, long=False):
        self.keys.press(k)
        self.frame()
        if long:
            self.board.clock.advance(self.buttons.long_ms + 10)
            self.frame()
        self.keys.release(k)
        self.frame()
        self.presses += 1
        if self.wait:
            self.wait_for_dice()

    def wait_for_dice(self):
        """Frames until rolled dice stop tumbling and the presses kept meanwhile are handled."""
        tumble = self.app.tumble
        n = 0
        while (tumble.active or tumble.waiting()) and n < 100:
            self.frame()
            n += 1

    def key_for(self, table, code):
        for k in range(len(table)):
            if table[k] == code:
                return k
        return -1

    def can(self, code):
        b = self.buttons
        return (self.key_for(b.short, code) >= 0 or self.key_for(b.long, code) >= 0
                or bool(b.ring and code in b.ring))

    def give(self, code):
        b = self.buttons
        k = self.key_for(b.short, code)
        if k >= 0:
            self.tap(k)
            return
        k = self.key_for(b.long, code)
        if k >= 0:
            self.tap(k, long=True)
            return
        ring = b.ring
        assert ring and code in ring, "code %d unreachable" % code
        nxt = self.key_for(b.short, RING_NEXT)
        do = self.key_for(b.short, RING_DO)
        for _ in range(len(ring)):
            if b.ring_code() == code:
                break
            self.tap(nxt)
        assert b.ring_code() == code
        self.tap(do)


def goto_item(drv, screen, item):
    """Move a ListScreen's selection onto ``item`` with DOWN, then UP (allocates nothing)."""
    code = I.DOWN
    for _ in range(2):
        for _ in range(screen.count + 1):
            if screen.count and screen.items[screen.sel] == item:
                return
            before = screen.sel
            drv.give(code)
            if screen.sel == before:
                break
        code = I.UP
    assert screen.items[screen.sel] == item, "item %d not reached" % item


def choose(drv, screen_id, item):
    """Move the app's list screen ``screen_id`` onto ``item`` and press ENTER, holding nothing of
    that screen while the press is handled: the app drops the screen it leaves before it builds
    the next (``App._hand``), and so does a board. Held by the driver, the title screen (its
    scene and its unloaded module's code) was in the heap beside the first game being built,
    ~10 KB a board does not hold there (tools/memory/mp_heap_fit.py failed on it)."""
    goto_item(drv, drv.app.screens[screen_id], item)
    forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)  # the slots that held it
    drv.give(I.ENTER)


class Player:
    """Plays a human turn through the Driver: keep the most common face, score the box with
    the best preview (the same policy as host_tests/ui/ui_harness.py)."""

    def __init__(self, app, drv):
        from ui import screen

        self.app = app
        self.drv = drv
        self.play_id = screen.PLAY

    @property
    def play(self):
        return self.app.screens[self.play_id]  # (built for each game)

    def hold(self, die):
        if self.drv.can(I.HOLD_1 + die):
            self.drv.give(I.HOLD_1 + die)
            return
        play = self.play  # stick boards: choose the die in the dice row, then A
        for _ in range(2):
            if play.focus != 0:
                self.drv.give(I.UP)
        while play.chosen != die:
            self.drv.give(I.RIGHT)
        self.drv.give(I.ENTER)

    def score(self, box):
        app = self.app
        game = app.game
        play = self.play
        if app.die_focus and play.focus == 0:
            self.drv.give(I.DOWN)
        if not game.cursor_visible:
            self.drv.give(I.RIGHT)
        for _ in range(game.rules.n_boxes + 1):
            if game.cursor == box:
                break
            self.drv.give(I.RIGHT)
        assert game.cursor == box and game.cursor_visible
        self.drv.give(I.ENTER)

    def turn(self, hint=False):
        game = self.app.game
        seat = game.player
        rounds = game.round
        self.drv.give(I.ROLL)
        if hint:
            self.drv.give(I.HINT)
        while game.rolls_used < 3 and game.player == seat and game.round == rounds:
            counts = game.counts
            face = 6
            for f in range(6, 0, -1):
                if counts[f] > counts[face]:
                    face = f
            want = 0
            for i in range(5):
                if game.dice[i] == face:
                    want |= 1 << i
            for i in range(5):
                if ((want ^ game.held) >> i) & 1:
                    self.hold(i)
            assert game.held == want
            self.drv.give(I.ROLL)
        if game.player != seat or game.round != rounds or game.over:
            return
        best = -1
        for b in range(game.rules.n_boxes):
            if not game.is_filled(seat, b) and (best < 0 or game.preview[b] > game.preview[best]):
                best = b
        self.score(best)


def totals(game):
    return ",".join(["%d" % game.total(s) for s in range(game.seats)])


def _none(label, app):
    pass


def end_screens(drv, app):
    """Frames while a last turn the game ended shows, until the end screens (ui/app.py END_SHOW_MS)."""
    from ui import screen as S

    for _ in range(400):
        if app.current_id != S.PLAY and app.current_id != S.CARD:
            return
        drv.frame(1)


def play_turns(drv, player, app, checkpoint, label, stop_after=-1):
    """Turns until the game is over (or ``stop_after`` human turns); yields after each."""
    game = app.game
    humans = 0
    for _ in range(game.rules.n_boxes * game.seats * 4 + 8):
        if game.over or humans == stop_after:
            return
        if game.is_computer():
            seat = game.player
            for _ in range(4000):
                if game.over or game.player != seat:
                    break
                drv.frame(4)
        else:
            player.turn(hint=humans == 0)
            humans += 1
        checkpoint(label, app)
        forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        yield
    raise AssertionError("the game did not end")


class Names:
    """Constants of a module, read when first used: from the module as the app loaded it, else
    imported and unloaded again. The app loads and unloads its screen modules itself
    (ui/screen_set.py): a module the driver held would stay in the measured heap, and one it
    imported early would intern its names (never freed) before a board does."""

    def __init__(self, module, names):
        self._module = module
        self._names = names.split()

    def __getattr__(self, name):
        if name not in self._names:
            raise AttributeError(name)
        m = sys.modules.get(self._module)
        before = None
        if m is None:
            before = list(sys.modules)
            __import__(self._module)
            m = sys.modules[self._module]
        value = getattr(m, name)
        setattr(self, name, value)
        m = None
        if MP and before is not None:
            from ui.screen_set import unload

            for loaded in list(sys.modules):
                if loaded not in before:
                    unload(loaded)
        return value


def board_fonts(board):
    """Put the rules reader's font where the board keeps it: /lib/fonts on a board's drive and in
    the VM (mounted there: ``--data lib/fonts:/lib/fonts``, with ``--mount lib`` for the libraries
    that read it); the repository's lib/fonts on CPython (``python tools/fetch_libs.py`` makes
    it). A board that says where its font is (the web page's: nowhere) keeps its own."""
    if not MP and not hasattr(board, "font_dir"):
        import os

        root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        board.font_dir = os.path.join(root, "lib", "fonts")
    return board


def check_reader_font(board, app):
    """The open reader reads in the board's font: the proportional one where ui/rules_screen.py
    gives the board one (its font file must be found, or the run would measure terminalio's
    instead), else terminalio's. (Read from the loaded module: importing it here would intern
    its names before the app does.)"""
    rules_screen = sys.modules["ui.rules_screen"]
    want = bool(rules_screen.font_dir(board))
    font = type(app.current.font).__name__
    assert font == ("BakedFont" if want else "BuiltinFont"), (
        "%s: the reader's font is %s: no %s in the board's font folder?" % (board.name, font, rules_screen.FONT_FILE))


def scenario(profile, seed=SEED, checkpoint=_none, keep_frame=True, out=None):
    """The whole run for one board (a generator; ``out`` gets the result dict): the first
    power-on up to the power cut, then the second power-on, which continues the saved game.
    tools/memory/board_memory.py runs the two halves in two fresh VMs, as a board restarts."""
    if out is None:
        out = {}
    for _ in first_power_on(profile, seed, checkpoint, keep_frame, out):
        forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        yield
    forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    for _ in second_power_on(profile, seed, checkpoint, keep_frame, out):
        forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        yield


def first_power_on(profile, seed, checkpoint, keep_frame, out):
    """A game with a computer seat, statistics, a Defuse bomb and three turns of a second game;
    then the power is cut: ``out`` gets the NVM bytes and the figures so far."""
    from sim import fbdisplay

    fbdisplay.install()
    from ui import screen as S
    from yahtzee_core.engine import EASY, HARD  # (not the module: the app unloads it in Defuse mode)

    T = Names("ui.title_screen", "PLAYERS SEAT_1 START STATS DEFUSE")
    P = Names("ui.pause_screen", "CARD SETTINGS RULES")
    SET = Names("ui.settings_screen", "PACE")
    GO = Names("ui.gameover_screen", "TITLE")
    DL = Names("ui.defuse_menu", "STRIKES START")
    DS = Names("ui.defuse_screen", "OVER")

    code = load_code()
    board = board_fonts(vmboard.make_board(profile, seed=seed, keep_frame=keep_frame, today=(2026, 11, 23)))
    app = code.build_app(board)
    drv = Driver(board, app)
    drv.frame(2)
    checkpoint("start-up", app)
    forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    yield
    assert app.current_id == S.TITLE, app.current_id
    title = app.screens[S.TITLE]  # (built again each time the title is shown)
    # you, the hard computer and (on some boards) easy computers
    seats = SEATS.get(profile, 2)
    goto_item(drv, title, T.PLAYERS)
    while app.settings.seats != seats:
        drv.give(I.RIGHT)
    for seat in range(1, seats):
        goto_item(drv, title, T.SEAT_1 + seat)
        want = HARD if seat == 1 else EASY
        while app.settings.kinds[seat] != want:
            drv.give(I.RIGHT)
    title = None  # dropped by the app: not held here
    forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    choose(drv, S.TITLE, T.START)
    assert app.current_id == S.PLAY and app.game.seats == seats
    checkpoint("play", app)
    forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    yield
    player = Player(app, drv)
    player.turn(hint=True)
    assert app.coached & 1  # the coach was asked (marked in the high-score table)
    # the scorecard and the settings through the menu
    drv.give(I.MENU)
    assert app.current_id == S.PAUSE
    choose(drv, S.PAUSE, P.CARD)
    assert app.current_id == S.CARD
    checkpoint("scorecard", app)
    forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    yield
    drv.give(I.MENU)
    drv.give(I.MENU)
    choose(drv, S.PAUSE, P.SETTINGS)
    assert app.current_id == S.SETTINGS
    goto_item(drv, app.screens[S.SETTINGS], SET.PACE)
    drv.give(I.LEFT)  # the computer plays faster
    checkpoint("settings", app)
    forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    yield
    drv.give(I.MENU)
    assert app.current_id == S.PAUSE, app.current_id
    # the rules reader from the in-game menu, every page read, then back to the menu and the game
    choose(drv, S.PAUSE, P.RULES)
    assert app.current_id == S.RULES, app.current_id
    check_reader_font(board, app)
    pages = len(app.current.pages)
    assert pages > 1
    for page in range(pages):
        if page:
            drv.give(I.DOWN)
        assert app.current.page == page
        checkpoint("rules", app)
        forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        yield
    drv.give(I.MENU)
    assert app.current_id == S.PAUSE, app.current_id
    pause = app.screens[S.PAUSE]
    assert pause.items[pause.sel] == P.RULES  # the menu where it was left
    pause = None
    drv.give(I.MENU)
    assert app.current_id == S.PLAY, app.current_id
    for _ in play_turns(drv, player, app, checkpoint, "game 1"):
        forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        yield
    assert app.game.over
    drv.frame(2)
    end_screens(drv, app)
    first = totals(app.game)
    initials = 0
    while app.current_id == S.INITIALS:
        drv.give(I.ENTER)
        initials += 1
        checkpoint("initials", app)
        forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        yield
    assert initials >= 3  # a first game on an empty table makes it: three letters
    assert app.current_id == S.GAME_OVER, app.current_id
    checkpoint("game over", app)
    forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    yield
    choose(drv, S.GAME_OVER, GO.TITLE)
    assert app.current_id == S.TITLE
    choose(drv, S.TITLE, T.STATS)
    assert app.current_id == S.STATS
    checkpoint("statistics", app)
    forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    yield
    drv.give(I.MENU)
    assert app.current_id == S.TITLE
    # a Defuse bomb: roll until it is defused or explodes (or give up)
    choose(drv, S.TITLE, T.DEFUSE)
    assert app.current_id == S.DEFUSE
    bomb = app.screens[S.DEFUSE]
    goto_item(drv, bomb.menu, DL.STRIKES)
    while bomb.options.strike_limit() != 3:  # three strikes and it explodes
        drv.give(I.RIGHT)
    goto_item(drv, bomb.menu, DL.START)
    drv.give(I.ENTER)
    checkpoint("defuse", app)
    forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    yield
    rolls = 0
    while bomb.phase != DS.OVER and rolls < 40:
        drv.give(I.ROLL)
        rolls += 1
    if bomb.phase != DS.OVER:
        drv.give(I.MENU)
        drv.give(I.MENU)
    drv.frame(200)  # the last picture, then the result
    bomb_result = "%s:%d" % ("over" if bomb.phase == DS.OVER else "given up", bomb.defuse_stats.strikes)
    bomb = None
    checkpoint("defuse result", app)
    forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    yield
    for _ in range(3):
        if app.current_id == S.TITLE:
            break
        drv.give(I.MENU)
    assert app.current_id == S.TITLE, app.current_id
    title = app.screens[S.TITLE]
    # a second game, one seat; power off after three turns
    goto_item(drv, title, T.PLAYERS)
    while app.settings.seats != 1:
        drv.give(I.LEFT)
    title = None
    forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    choose(drv, S.TITLE, T.START)
    for _ in play_turns(drv, player, app, checkpoint, "game 2", stop_after=3):
        forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        yield
    # the NVM's own bytes, not a copy (the board goes next): a copy needs one more block of the
    # NVM's size (8 KB on the CLUE) in a full heap (tools/memory/mp_heap_fit.py), which no board makes
    out["saved"] = board.storage.data
    out["profile"] = profile
    out["first"] = first
    out["bomb"] = bomb_result
    out["initials"] = initials
    out["presses"] = drv.presses
    out["frames"] = drv.frames
    board = app = drv = player = title = bomb = code = None
    checkpoint("power off", None)
    forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    yield


def cut_out(cut):
    """``out`` for ``second_power_on`` in a fresh VM from the first power-on's figures as text
    (``cut``: the saved NVM bytes in hex or as a ``MemoryNVM`` already, totals, bomb, initials,
    presses, frames; the first item is set to None). The saved bytes become the board double's
    NVM store itself (``make_board`` takes a store as it is): the NVM is held once, as the
    double was measured, not once more as a bytes object of the driver's (8 KB on the CLUE)."""
    store = cut[0]
    if isinstance(store, str):
        from hw.nvm import MemoryNVM

        saved = bytes.fromhex(store)
        store = MemoryNVM(len(saved))
        store.data[:] = saved
    cut[0] = None
    return {"saved": store, "first": cut[1], "bomb": cut[2], "initials": int(cut[3]), "presses": int(cut[4]),
            "frames": int(cut[5])}


def second_power_on(profile, seed, checkpoint, keep_frame, out):
    """The board powered on again with the NVM bytes of ``out``: Continue, the game to its end, a
    challenge game's turn with an undo, the demo."""
    if "displayio" not in sys.modules:  # a fresh VM
        from sim import fbdisplay

        fbdisplay.install()
    from ui import screen as S

    C = Names("ui.continue_screen", "CONTINUE")
    code = load_code()
    board = vmboard.make_board(profile, seed=seed + 1, nvm=out["saved"], keep_frame=keep_frame,
                               today=(2026, 11, 23))
    app = code.build_app(board)
    drv = Driver(board, app)
    drv.frame(2)
    assert app.current_id == S.CONTINUE, app.current_id
    checkpoint("continue", app)
    forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    yield
    choose(drv, S.CONTINUE, C.CONTINUE)
    assert app.current_id == S.PLAY and app.game.round == 3, (app.current_id, app.game.round)
    player = Player(app, drv)
    for _ in play_turns(drv, player, app, checkpoint, "game 2 continued"):
        forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        yield
    drv.frame(2)
    end_screens(drv, app)
    while app.current_id == S.INITIALS:
        drv.give(I.ENTER)
    drv.frame(2)
    out["second"] = totals(app.game)
    checkpoint("game 2 over", app)
    forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    yield
    for _ in challenge_and_demo(drv, app, checkpoint):
        forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        yield
    drv.frame(2)
    checkpoint("end", app)
    forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    yield
    out["presses"] += drv.presses
    out["frames"] += drv.frames
    out["screen"] = app.current_id
    out["crc"] = board.display.checksum() if keep_frame else board.display.stream_checksum()


def challenge_and_demo(drv, app, checkpoint):
    """From game over: a challenge code entered with the keys (each character one step on), a
    turn of its game and the box taken back (undo), quit to the title, and a minute without a
    key there: the demo plays until a key ends it."""
    from ui import screen as S

    GO = Names("ui.gameover_screen", "TITLE")
    T = Names("ui.title_screen", "CHALLENGE START")
    P = Names("ui.pause_screen", "UNDO TITLE")
    assert app.current_id == S.GAME_OVER, app.current_id
    choose(drv, S.GAME_OVER, GO.TITLE)
    choose(drv, S.TITLE, T.CHALLENGE)
    assert app.current_id == S.CODE, app.current_id
    entry = app.screens[S.CODE]
    for i in range(len(entry.values)):
        before = entry.values[i]
        drv.give(entry.up)  # the next character (the MacroPad's knob: clockwise)
        assert entry.values[i] == (before + 1) % 32
        drv.give(I.ENTER)
    entry = None
    assert app.current_id == S.TITLE, app.current_id
    checkpoint("challenge code", app)
    forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    yield
    choose(drv, S.TITLE, T.START)
    assert app.current_id == S.PLAY, app.current_id
    game = app.game
    Player(app, drv).turn()
    assert game.round == 1, game.round
    if drv.can(I.UNDO):
        drv.give(I.UNDO)
    else:  # the PyGamer and PyBadge: the in-game menu's "Undo last box"
        drv.give(I.MENU)
        goto_item(drv, app.screens[S.PAUSE], P.UNDO)
        drv.give(I.ENTER)
    assert app.current_id == S.PLAY and game.round == 0 and game.rolls_used == 3, (app.current_id, game.round)
    game = None
    checkpoint("challenge undo", app)
    forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    yield
    drv.give(I.MENU)
    choose(drv, S.PAUSE, P.TITLE)
    assert app.current_id == S.TITLE, app.current_id
    drv.idle(61)
    assert app.demo, "no demo after a minute on the title"
    drv.frame(200)
    checkpoint("demo", app)
    forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    yield
    drv.tap(0)  # any key ends it
    drv.frame(4)
    assert not app.demo and app.current_id == S.TITLE, app.current_id


def result_line(r):
    return ("whole app %s: game 1 %s; game 2 %s; bomb %s; initials %d; presses %d; frames %d; screen %d; "
            "crc %08x" % (r["profile"], r["first"], r["second"], r["bomb"], r["initials"], r["presses"],
                          r["frames"], r["screen"], r["crc"]))


def main(profiles):
    import gc

    for profile in profiles:
        out = {}
        for _ in scenario(profile, out=out):
            gc.collect()
            forget(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            yield
        print(result_line(out))


_profiles = [a for a in sys.argv[1:] if not a.startswith("-")]
if __name__ == "__main__":
    if not _profiles:
        from sim.boards import NAMES

        _profiles = list(NAMES)
    if MP:
        VM_STEPS = main(_profiles)  # stepped by tools/mpy_runner/run.mjs
    else:
        for _ in main(_profiles):
            pass
