"""The game the emulated boards play, as CPython plays it first: key presses, waits and checkpoint frames.

    python tools/firmware/game_script.py macropad script.json [--tour]

host_tests/ui/whole_app.py's run (a game of a human and a hard computer with a hint, the scorecard,
settings and the rules reader from the in-game menu, game over and initials, statistics, a Defuse
bomb, then a second game powered off after three turns and continued to its end, a challenge code
and a turn of its game with an undo, the demo; ``--tour``: with the board's own seats, as
whole_app.SEATS, not two) on the board double
(sim/vmboard.py) in CPython, with an undo after the human's second box, the computer's first turn
played before the menu is opened (no race between its moves and the presses), the dice seeded as the bench's
``/bench.txt`` seeds the board's, a backup file as the RP2040 boards keep, and no date (the emulated
board's clock is not set). Every key press the run makes becomes an op the emulator repeats through the
board's pins (tools/firmware/rp2040_emulator/play.mjs):

    ["tap", key, long, code, [screen, ring], gives]  key number of the board module's tables
                            (hw/<board>.py), held past its long press when ``long``, for the input
                            ``code`` (hw/inputs.py); then the emulator waits until the app is idle;
                            the screen and the command ring's code it left (the first op where the
                            board's differ is reported); ``gives`` (1, else absent) on the press that
                            gives the code, not on those that step the command ring to it
    ["wait", ms]            time passes (an animation's frames), then until the app is idle
    ["idle"]                until the app is idle (a computer seat's turn)
    ["checkpoint", label, same]  the firmware's figures; when ``same``, first idle with the message line
                            clear, and its frame is compared with the next of ``frames`` (RGB565
                            big-endian, base64); not ``same`` while a computer seat moves
    ["power_off"]           the power is cut; the board boots again from its flash

The game's dice do not depend on timing (the tumble's faces come from the clock, never from the
dice), so the same presses give the same game on the board."""

import base64
import json
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "host_tests", "ui"))

SEED = 11
SETTLE_FRAMES = 600  # at most ~10 s of frames for the message line to clear


def record(profile, seed=SEED, seats=2):
    """{"board", "seed", "ops", "frames", "result"} of the run on CPython; ``seats`` in the first
    game (you and the hard computer), None: the board's own in the whole-app tour (whole_app.SEATS)."""
    from sim import fbdisplay

    fbdisplay.install()  # displayio's stand-in before any screen module
    import whole_app
    from hw import inputs as I
    from hw.keymap import RING_DO, RING_PREV
    from sim import vmboard
    from hw.backup_file import BACKUP_FILE, FileCopy
    from ui.bench_hook import busy
    from yahtzee_core import save_layouts

    ops = []
    frames = []
    tmp = tempfile.mkdtemp(prefix="emu-script-")
    backup_path = os.path.join(tmp, BACKUP_FILE.strip("/"))
    real_make_board = vmboard.make_board

    def make_board(profile, seed=None, nvm=None, keep_frame=True, today=None):
        board = real_make_board(profile, seed=SEED if seed is not None else None, nvm=nvm, keep_frame=True)
        if getattr(board.profile, "NVM_BACKUP", False):
            layout = save_layouts.layout_for(len(board.storage))
            board.backup = FileCopy(backup_path, layout.slot_bytes)
        return board

    class Recorder(whole_app.Driver):
        def __init__(self, board, app):
            super().__init__(board, app)
            app.tumble.ms = app.tumble.__class__().ms  # the board's own tumble, not the shortened one
            self.inside = False

        def frame(self, n=1):
            if not self.inside:
                if busy(self.app) == 4:
                    if not ops or ops[-1] != ["idle"]:
                        ops.append(["idle"])
                elif ops and ops[-1][0] == "wait":
                    ops[-1][1] += n * whole_app.FRAME_MS
                else:
                    ops.append(["wait", n * whole_app.FRAME_MS])
            super().frame(n)

        def idle(self, seconds):
            if not self.inside:
                ops.append(["wait", seconds * 1000])
            self.inside = True
            try:
                super().idle(seconds)
            finally:
                self.inside = False

        def give(self, code):
            start = len(ops)
            self.give_code(code)
            for op in reversed(ops[start:]):
                if op[0] == "tap":
                    op.append(1)  # this press gives the code (the others step the command ring)
                    break

        def give_code(self, code):
            self.code = code
            b = self.buttons
            ring = b.ring
            back = self.key_for(b.short, RING_PREV)
            if (back >= 0 and ring and code in ring and self.key_for(b.short, code) < 0
                    and self.key_for(b.long, code) < 0):
                # the command ring the shorter way round (fewer taps: the emulator's time, and an
                # undo that comes before the computer seat's first move, 600 ms after the turn)
                n = len(ring)
                steps = (b.ring_pos - list(ring).index(code)) % n
                if steps < n - steps:
                    for _ in range(steps):
                        self.tap(back)
                    assert b.ring_code() == code
                    self.tap(self.key_for(b.short, RING_DO))
                    return
            super().give(code)

        def tap(self, k, long=False):
            op = ["tap", k, bool(long), getattr(self, "code", 0)]  # the code given (the last tap's)
            ops.append(op)
            self.inside = True
            try:
                super().tap(k, long)
            finally:
                self.inside = False
            op.append([self.app.current_id, self.buttons.ring_code()])  # where it left the app

    class Player(whole_app.Player):
        turns = 0

        def score(self, box):
            super().score(box)
            Player.turns += 1
            if Player.turns == 2:  # take the second box back and score it again
                self.drv.give(I.UNDO)
                super().score(box)
            if Player.turns == 1:
                # the computer seat's turn before anything else: whole_app opens the menu at once,
                # and how many moves the computer then makes on the scorecard depends on timing (a
                # long press, the bench's checkpoint), which differs on the board; the ring it
                # leaves did, and the Pico's game left CPython's
                game = self.app.game
                while game.is_computer() and not game.over:
                    self.drv.frame(4)

    def checkpoint(label, app):
        if app is None:
            ops.append(["power_off"])
            return
        if busy(app) == 4 or app.demo:  # a computer seat or the demo moves: its moment differs on the board
            ops.append(["checkpoint", label, False])
            return
        drv = drivers[-1]
        drv.inside = True
        n = 0
        while (app.msg or busy(app)) and n < SETTLE_FRAMES:
            drv.frame()
            n += 1
        drv.inside = False
        ops.append(["checkpoint", label, True])
        frames.append(base64.b64encode(bytes(app.board.display.frame)).decode())

    drivers = []

    class Tracking(Recorder):
        def __init__(self, board, app):
            super().__init__(board, app)
            drivers.append(self)

    saved = (whole_app.Driver, whole_app.Player, vmboard.make_board, dict(whole_app.SEATS))
    whole_app.Driver, whole_app.Player, vmboard.make_board = Tracking, Player, make_board
    if seats is not None:
        whole_app.SEATS[profile] = seats
    out = {}
    try:
        for _ in whole_app.scenario(profile, seed, checkpoint, out=out):
            pass
    finally:
        whole_app.Driver, whole_app.Player, vmboard.make_board = saved[:3]
        whole_app.SEATS.clear()
        whole_app.SEATS.update(saved[3])
    return {"board": profile, "seed": seed, "ops": ops, "frames": frames,
            "result": {k: out[k] for k in ("first", "second", "bomb", "initials", "screen")}}


if __name__ == "__main__":
    script = record(sys.argv[1], seats=None if "--tour" in sys.argv else 2)
    with open(sys.argv[2], "w") as f:
        json.dump(script, f)
