"""Heap allocated by the whole app per idle frame and per action, inside CircuitPython's VM core
(bash tools/test) or the WebAssembly MicroPython VM:

    python tools/firmware/cp_run.py host_tests/ui/mp_app_alloc.py [profile ...]
    node tools/mpy_runner/run.mjs --mount ui --file code.py --data build/tables:/tables \\
        host_tests/ui/mp_app_alloc.py [profile ...]

code.py's build_app on a board double (sim/vmboard.py), a game with a human and a computer
seat, every input through the board's own keys. Each kind is warmed up once, then measured
with deltas of the bytes allocated so far (``allocated_so_far``) and, where the delta is 0, once
more under micropython.heap_lock() (any allocation raises MemoryError). Prints one line per board; exits 1 when a
kind that must not
allocate does: idle frames, roll, hold, cursor, paging through the seats' cards on the scorecard,
the command ring, a hint (the coach's search), a frame while
rolled dice
tumble and a press queued meanwhile (rolls include their tumble: the Driver waits for it),
scoring a box with its save to NVM, and a computer's whole turn (its moves, its score and
save): those two are measured on the first human turn and the computer's turn after it, and
locked on the next ones. Measured and printed, allowed to allocate: a change between the game's
screens (play, menu, scorecard: each is built when shown, ui/screen_set.py); on the boards that keep a
backup file of each save (``NVM_BACKUP``: all but the CLUE), writing it (on this VM's file
system: CircuitPython's FatFs file objects differ), and the last turn with the game over
(statistics, high score, save, and the initials or game-over screen built then:
ui/screen_set.py)."""

import gc
import sys

import micropython

import whole_app
from hw import inputs as I

MUST_BE_ZERO = ("idle frame", "roll", "hold", "cursor", "card paging", "ring step", "hint", "tumble frame",
                "tumble press", "score + save", "computer turn")


def allocated_so_far():
    """Bytes allocated up to now, never less than before: CircuitPython's unix port counts
    every allocation (``micropython.mem_total()``: the app's own ``gc.collect()``, e.g. when a
    game ends and its screens' modules are unloaded, runs there at once and would make a
    ``gc.mem_alloc()`` difference negative); the WebAssembly VM frees nothing inside a
    top-level call, so its ``gc.mem_alloc()`` only grows."""
    total = getattr(micropython, "mem_total", None)
    return total() if total is not None else allocated_so_far()


def allocated(fn, n):
    """Bytes allocated per call over n calls."""
    before = allocated_so_far()
    for _ in range(n):
        fn()
    return (allocated_so_far() - before) // n


def locked(fn, n, more=None):
    """True when n calls (or, with ``more``, calls while ``more()``, up to n) run under
    heap_lock without MemoryError."""
    micropython.heap_lock()
    try:
        for _ in range(n):
            if more is not None and not more():
                break
            fn()
        return True
    except MemoryError:
        return False
    finally:
        micropython.heap_unlock()


def micropython_core():
    """CircuitPython's VM core (its unix port): it collects inside a call, as a board does (the
    WebAssembly VM only between top-level calls)."""
    return hasattr(micropython, "mem_total")


BALLAST = 64000  # bytes hung on the screen a press leaves (more than a game's players and coach)


def hang_ballast(app):
    app.current.ballast = bytearray(BALLAST)


def overwrite_stack(depth):
    """Overwrite the stack below the caller with ``depth`` calls' frames: hanging the ballast left
    the screen's address in words the press's own calls (the harness's, above the app's) need
    not write, where the collector would find it (ui/app.py ``App.step``)."""
    if depth:
        overwrite_stack(depth - 1)


def left_screen_gone(app, press):
    """Whether the screen ``press`` leaves is gone from the heap when the next screen is built
    (ui/app.py ``App._hand``): a ballast hung on it must be free then, after a collection made
    inside that build's call, where every frame of the press is live. True where it cannot be
    told (the WebAssembly VM)."""
    if not micropython_core():
        press()
        return True
    hang_ballast(app)  # (in a call of its own: a slot of this frame would hold the screen)
    overwrite_stack(24)
    screens = app.screens
    free = []
    build = screens._build

    def counted(screen_id):
        gc.collect()
        free.append(gc.mem_free())
        return build(screen_id)

    screens._build = counted
    gc.collect()
    before = gc.mem_free()
    press()
    del screens._build
    return len(free) > 0 and free[0] - before > BALLAST // 2


def computer_turn(drv, game):
    frames = 0
    seat = game.player
    while not game.over and game.player == seat and frames < 4000:
        drv.frame(1)
        frames += 1


def last_turn(drv, app, rows):
    """The computer's last turn ends the game: it shows, then the end screen is built."""
    b = allocated_so_far()
    computer_turn(drv, app.game)
    whole_app.end_screens(drv, app)
    rows.append(("last turn + game over", allocated_so_far() - b, None))


def best_box(game):
    """The open box of seat 0 that scores most now."""
    best = -1
    for box in range(game.rules.n_boxes):
        if not game.is_filled(0, box) and (best < 0 or game.preview[box] > game.preview[best]):
            best = box
    return best


def measure(profile, to_the_end):
    from sim import fbdisplay

    fbdisplay.install()
    from sim import vmboard
    from ui import screen as S
    from ui import title_screen as T
    from yahtzee_core import engine

    code = whole_app.load_code()
    board = vmboard.make_board(profile, seed=5, today=(2026, 11, 23))
    # NVM as a plain bytearray: slice writes in C, as microcontroller.nvm does (hw.nvm.MemoryNVM
    # copies each write in Python, which a board does not)
    board.storage = bytearray(b"\xff" * board.profile.NVM_SIZE)
    app = code.build_app(board)
    drv = whole_app.Driver(board, app)
    from ui.tumble import TUMBLE_MS

    app.tumble.ms = TUMBLE_MS  # the full tumble here (the whole-app run shortens it)
    drv.frame(2)
    gone = []
    if micropython_core():  # Defuse mode and back: its menu's press leaves it for the title
        gone.append(("title -> Defuse mode", left_screen_gone(app, lambda: whole_app.choose(drv, S.TITLE, T.DEFUSE))))
        assert app.current_id == S.DEFUSE
        gone.append(("Defuse mode -> title", left_screen_gone(app, lambda: drv.give(I.MENU))))
        assert app.current_id == S.TITLE
    title = app.screens[S.TITLE]
    whole_app.goto_item(drv, title, T.PLAYERS)
    drv.give(I.RIGHT)
    whole_app.goto_item(drv, title, T.SEAT_1 + 1)
    while app.settings.kinds[1] != engine.HARD:
        drv.give(I.RIGHT)
    title = None
    started = left_screen_gone(app, lambda: whole_app.choose(drv, S.TITLE, T.START))
    game = app.game
    assert app.current_id == S.PLAY and game.seats == 2
    gc.collect()
    yield
    rows = []

    def note(kind, fn, n, lock=True):
        fn()  # warm-up
        b = allocated(fn, n)
        ok = None
        if b == 0 and lock:
            ok = locked(fn, n)
        rows.append((kind, b, ok))

    note("idle frame", lambda: drv.frame(1), 100)
    drv.give(I.ROLL)

    player = whole_app.Player(app, drv)

    def hold():
        player.hold(2)

    note("hold", hold, 6)
    # rolling twice per turn at most: measure one roll per fresh turn state
    roll_rows = []

    def cursor():
        drv.give(I.RIGHT if not app.die_focus else I.DOWN)
        drv.give(I.LEFT if not app.die_focus else I.UP)

    note("cursor", cursor, 4)
    b = allocated_so_far()
    drv.give(I.ROLL)
    roll_rows.append(allocated_so_far() - b)
    # the scorecard and the menu: each is built when shown (ui/screen_set.py), so a change
    # between the game's screens allocates (measured); paging through the seats' cards does not
    from ui import pause_screen as P

    def to_card():
        drv.give(I.MENU)  # play -> menu
        whole_app.choose(drv, S.PAUSE, P.CARD)  # menu -> scorecard

    def screens():
        to_card()
        drv.give(I.MENU)  # scorecard -> play
        drv.give(I.MENU)  # play -> menu
        drv.give(I.MENU)  # menu -> play

    note("game screen change", screens, 4, lock=False)
    gone.append(("title -> play", started))
    if micropython_core():
        gone.append(("play -> menu", left_screen_gone(app, lambda: drv.give(I.MENU))))
        gone.append(("menu -> scorecard", left_screen_gone(app, lambda: whole_app.choose(drv, S.PAUSE, P.CARD))))
        gone.append(("scorecard -> play", left_screen_gone(app, lambda: drv.give(I.MENU))))
    to_card()

    def paging():
        drv.give(I.RIGHT)  # the other seat's card
        drv.give(I.LEFT)

    note("card paging", paging, 4)
    drv.give(I.MENU)  # scorecard -> play
    if board.buttons.ring:
        from hw.keymap import RING_NEXT

        nxt = drv.key_for(board.buttons.short, RING_NEXT)
        note("ring step", lambda: drv.tap(nxt), 14)
    gc.collect()
    yield
    note("hint", lambda: drv.give(I.HINT), 2)
    # finish this turn: score (saves the game to NVM)
    while game.rolls_used < engine.ROLLS_PER_TURN and not game.is_computer():
        b = allocated_so_far()
        drv.give(I.ROLL)
        roll_rows.append(allocated_so_far() - b)
    best = best_box(game)
    b = allocated_so_far()
    player.score(best)
    score_row = len(rows)
    rows.append(("score + save", allocated_so_far() - b, None))
    gc.collect()
    yield
    # the computer's turn, frame by frame
    assert game.is_computer()
    b = allocated_so_far()
    frames = 0
    while game.is_computer() and frames < 4000:
        drv.frame(1)
        frames += 1
    computer_row = len(rows)
    rows.append(("computer turn", allocated_so_far() - b, None))
    gc.collect()
    yield
    # a second human turn: rolls after warm-up, under the lock too
    b = allocated_so_far()
    drv.give(I.ROLL)
    roll_rows.append(allocated_so_far() - b)
    # the second roll's tumble frame by frame (made longer so every measured frame tumbles),
    # and presses during it (queued until the dice stop)
    assert app.settings.tumble and app.tumble.count > 0
    usual_ms = app.tumble.ms
    app.tumble.ms = 1200
    drv.wait = False
    drv.give(I.ROLL)
    note("tumble frame", lambda: drv.frame(1), 10)
    note("tumble press", lambda: drv.give(I.RIGHT), 3)
    assert app.tumble.active and app.tumble.waiting() > 0
    drv.wait = True
    drv.wait_for_dice()
    app.tumble.ms = usual_ms
    assert not app.tumble.active and app.tumble.waiting() == 0
    roll_ok = locked(lambda: drv.give(I.ROLL), 1) if roll_rows[-1] == 0 else None
    rows.append(("roll", max(roll_rows[1:]) if len(roll_rows) > 1 else roll_rows[0], roll_ok))
    gc.collect()
    yield
    # this turn's score and the computer's turn after it, under the lock
    best = best_box(game)
    # (a path that allocated above is played unlocked, so the run goes on and ALLOCATES names it)
    name, delta, _ = rows[score_row]
    if delta == 0:
        rows[score_row] = (name, delta, locked(lambda: player.score(best), 1))
    else:
        player.score(best)
    assert game.is_computer()
    name, delta, _ = rows[computer_row]
    if delta == 0:
        rows[computer_row] = (name, delta, locked(lambda: drv.frame(1), 4000, game.is_computer))
        assert not game.is_computer() or rows[computer_row][2] is not True
    frames = 0
    while game.is_computer() and frames < 4000:
        drv.frame(1)
        frames += 1
    gc.collect()
    yield
    # the boards whose NVM write erases both slots also write each save to a backup file on the
    # drive (hw/backup_file.py FileCopy; the board double has none): that write, on this VM's file system
    if getattr(board.profile, "NVM_BACKUP", False):
        from hw.backup_file import FileCopy

        copy = FileCopy("/alloc_backup_%s.bin" % profile, len(app.store._buf))
        copy.write(app.store._buf)
        gc.collect()
        yield
        rows.append(("backup file write", allocated(lambda: copy.write(app.store._buf), 1), None))
        copy = None
        gc.collect()
        yield
    # play on to the end (first board only: it takes a while): the last computer turn ends the
    # game (statistics, high score, save)
    for _ in range(200 if to_the_end else 0):
        if game.over:
            break
        if not game.is_computer():
            player.turn()
            continue
        if game.round == game.rules.n_boxes - 1:
            gone.append(("play -> end of the game", left_screen_gone(app, lambda: last_turn(drv, app, rows))))
        else:
            computer_turn(drv, game)
        gc.collect()
        yield
    assert game.over or not to_the_end
    bad = [r for r in rows if r[0] in MUST_BE_ZERO and (r[1] != 0 or r[2] is False)]
    text = "; ".join(["%s %d B%s" % (k, b, " (heap locked)" if ok else "") for k, b, ok in rows])
    print("alloc %s: %s" % (profile, text))
    FAILED.extend(["ALLOCATES: %s %s %d B" % (profile, r[0], r[1]) for r in bad])
    if micropython_core():
        held = HELD[profile] = [name for name, ok in gone if not ok]
        print("screen left %s: %s" % (profile, "gone before the next was built (%s)" % ", ".join(
            [name for name, _ in gone]) if not held else "HELD while the next was built: " + ", ".join(held)))


FAILED = []
HELD = {}  # profile: the screen changes whose screen left was held when the next was built
SHIFT = 64  # bytes allocated ahead of a second run: each object after it at another address


def main(profiles):
    """Each board's run; a board whose screen left was held runs again over a heap shifted by a
    small allocation made first. The collector takes any word that equals an object's address
    for a pointer, and a stale word of the stack may equal the address the screen (or its
    ballast) happens to have: such a hold comes and goes with the heap's layout (one allocation
    of a few bytes made before the run, or a line added to this file, brings it or takes it
    away). A hold that is the app's (a reference kept, or a frame of its own that the screen
    change runs below) holds in both runs."""
    global shift
    for profile in profiles:
        for _ in measure(profile, profile == profiles[0]):
            yield
        gc.collect()
        yield
        first = HELD.get(profile, [])
        if first:
            print("screen left %s: run again over a heap shifted by %d B" % (profile, SHIFT))
            shift = bytearray(SHIFT)
            failed = len(FAILED)
            for _ in measure(profile, profile == profiles[0]):
                yield
            shift = None
            del FAILED[failed:]  # (its allocation figures: the first run's stand)
            gc.collect()
            yield
            FAILED.extend(["SCREEN LEFT HELD: %s %s" % (profile, name) for name in first if name in HELD[profile]])
    if FAILED:
        for line in FAILED:
            print(line)
        raise SystemExit(1)


shift = None
VM_STEPS = main([a for a in sys.argv[1:]] or ["pybadge", "macropad", "clue", "feather_tft"])
