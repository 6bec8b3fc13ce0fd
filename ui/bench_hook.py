"""The test bench's hook, loaded only when the drive holds ``/bench.txt`` (code.py ``bench_hook``):
tools/firmware/emulated_boards.py plays the real firmware in an emulator through the board's keys
and asks, over the USB serial console, one byte at a time:

    s -> "@s STEPS BUSY SCREEN MESSAGE SPENT RING DOWN"  BUSY 0 when the app waits for a key (1
         dice tumble, 2 codes queued, 3 a screen change due or a game's end screens, 4 a computer
         seat to move); MESSAGE 1 while the message line shows; SPENT: bit k set while key k is
         held past its long press; RING: the command ring's current code (0 without a ring); DOWN:
         bit k set while the keymap has key k down (the emulator holds a key until the app has seen it)
    c -> "@c FREE ALLOC LARGEST"  after gc.collect(): gc.mem_free(), gc.mem_alloc() and the largest
         bytearray that can be had now (bisection to 16 B)
    m -> "@m NAME,NAME,..."  the modules loaded now (``sys.modules``), to check the bench's list of what
         a board loads (tools/memory/tour.py ``app_modules``) against the firmware's
    n -> "@n SLOT SEQ STATUS C0 C1 C2 C3"  the saved copy the store loaded at start-up (ui/bench_cut.py,
         for the power cuts: tools/firmware/rp2040_emulator/cuts.mjs)

``/bench.txt`` may say ``seed=N``: the dice then come from ``SeededDice(N)``, as on the desktop, so
that the same key presses give the same game as CPython's rendering of it; and ``ballast=N``: N
bytes of the heap (in 512-byte pieces) are taken before the app is built and
held to the end, so the app runs in a heap that much smaller (``emulated_boards.py --smaller``).
Nothing here is loaded on a player's board (no such file)."""

import gc
import sys

from yahtzee_core.seeded_dice import SeededDice

from . import screen as S

_BUSY_TUMBLE = 1
_BUSY_CODES = 2
_BUSY_SCREEN = 3
_BUSY_COMPUTER = 4


def settings(text):
    """``{"seed": N, ...}`` of the file's ``name=value`` lines (ints)."""
    out = {}
    for line in text.split("\n"):
        if "=" in line:
            name, value = line.split("=", 1)
            out[name.strip()] = int(value)
    return out


def busy(app):
    if app.demo:
        return 0  # the demo plays itself until a key is pressed: that is the app waiting for a key
    tumble = app.tumble
    if tumble.active or tumble.waiting():
        return _BUSY_TUMBLE
    if app.buttons.pending():
        return _BUSY_CODES
    if app._pending_screen >= 0 or app._ending:  # (a game's last turn shows, then its end screen)
        return _BUSY_SCREEN
    game = app.game
    if ((app.current_id == S.PLAY or app.current_id == S.CARD) and app.in_game and not game.over
            and game.is_computer()):
        return _BUSY_COMPUTER
    return 0


def keys_in(buttons, spent):
    """Bit k set for each key k the keymap holds down (``spent``: only those whose long press fired)."""
    state = buttons._state
    mask = 0
    k = 0
    while k < len(state):
        if (state[k] == 3) if spent else (state[k] != 0):  # hw/keymap._SPENT, _UP
            mask |= 1 << k
        k += 1
    return mask


def largest_block():
    """The largest bytearray the heap can give now, to 16 B. The collector's automatic runs are
    off meanwhile, so a size that does not fit fails at once instead of collecting first; one that
    fits is freed by an explicit collection: about half the collections of a plain bisection."""
    lo = 0
    hi = gc.mem_free() + 16  # type: ignore[attr-defined]  # in CircuitPython's gc, not in its stubs
    gc.disable()
    try:
        while hi - lo > 16:
            mid = (lo + hi) // 2
            try:
                bytearray(mid)  # one block of mid bytes, dropped at once
            except MemoryError:
                hi = mid
                continue
            lo = mid
            gc.collect()
    finally:
        gc.enable()
    return lo


def answer(app, steps, ask):
    if ask == "s":
        print("@s", steps, busy(app), app.current_id, 1 if app.msg else 0, keys_in(app.buttons, True),
              app.buttons.ring_code(), keys_in(app.buttons, False))
    elif ask == "c":
        gc.collect()
        free = gc.mem_free()  # type: ignore[attr-defined]  # in CircuitPython's gc, not in its stubs
        alloc = gc.mem_alloc()  # type: ignore[attr-defined]
        print("@c", free, alloc, largest_block())
    elif ask == "m":
        print("@m", ",".join(sorted(sys.modules)))
    elif ask == "n":
        from . import bench_cut  # (only the power cuts' boots ask: its code stays off the heap of a game)

        bench_cut.answer(app)


# ballast: pieces of 512 heap bytes each (a bytearray's 16-byte object and 496 bytes of items),
# held to the end (this module stays loaded while the app runs)
_PIECE = 512
_ballast = []  # type: list


def hooked(build, text):
    """``build`` (code.py's build_app) with the bench's seed, ballast and the serial questions."""
    global _ballast
    wanted = settings(text)
    if wanted.get("ballast"):  # made first: the heap's first blocks
        _ballast = [None] * (wanted["ballast"] // _PIECE)
        for i in range(len(_ballast)):
            _ballast[i] = bytearray(_PIECE - 16)

    def build_hooked(board):
        if "seed" in wanted:
            board.rng = SeededDice(wanted["seed"])
        app = build(board)
        step = app.step
        import supervisor

        runtime = supervisor.runtime
        stdin = sys.stdin
        steps = [0]

        def bench_step():
            step()
            steps[0] += 1
            if runtime.serial_bytes_available:
                answer(app, steps[0], stdin.read(1))

        app.step = bench_step
        print("@ready")
        return app

    return build_hooked
