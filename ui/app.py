"""The app: builds every screen once, then runs the main loop.

    app = build_app(board)    # ui/app_start.py; board: hw/interface.md; with its saved records (code.py)
    app.run()                 # forever; tests call app.step() instead

One frame (``step``): read the queued input codes and hand each to the current screen; let
the computer seats move; time out messages; let the current screen ``draw`` (nothing if
nothing changed); refresh the display (only dirty areas are sent). Engine events go through
``pump()`` after every action: sounds, lights, messages, the save hook, the game-over screen.

Screen manager: ``self.screens[id]`` (ids in ``ui/screen.py``; ``ui/screen_set.py``); ``show(id)``
hides the current Group and shows the new one; asked by a screen's handler, it waits until the
handler has returned (``step``). The play screen is built when a game starts; every other screen,
the game's scorecard and menu too, is built when shown and dropped when left (the play screen is
dropped while those two show: a board's heap cannot hold them all, docs/memory.md). The computer
players and the coach (``ui/strategy_set.py``) live as long as the game's screens: while the rules
reader, settings or help is open from a game's menu both are parked (dropped, their state kept)
and built again when the game is shown."""

import gc

from hw import inputs
# the engine's numbers, not its module: Defuse mode unloads the engine (``_drop_game_object``)
from yahtzee_core.engine import (EV_CANCELLED, EV_CONFIRM_NEW, EV_CURSOR, EV_GAME_OVER, EV_HELD, EV_NEW_GAME,
                                 EV_RELEASED, EV_ROLLED, EV_SCORED, EV_TURN_OVER, EV_UNDONE, EV_YAHTZEE,
                                 MAX_SEATS, OK, R_CONFIRM_NEEDED, ROLL, UNDO)
from yahtzee_core.compat import const

from . import screen as S
from . import theme
from .idle import ticks_diff
from .screen_set import UNLOADS, ends_game, plays_game, unload, uses_records

MESSAGE_MS = const(1600)
_TEXT_UPPER_BONUS = b"Upper bonus!"
_TEXT_YZ_BONUS = b"Yahtzee bonus!"
_TEXT_JOKER = b"Joker!"
_TEXT_AUTO = b"Last box filled in"
_TEXT_SOUND_ON = b"Sound on"
_TEXT_SOUND_OFF = b"Sound off"
_TEXT_TURN = (b"Player 1's turn", b"Player 2's turn", b"Player 3's turn", b"Player 4's turn")
_TEXT_CONFIRM = b"Confirm: press again"  # engine.REASONS[R_CONFIRM_NEEDED], in 20 cells
_TEXT_SAVE_FAILED = b"Could not save"
_TEXT_BACKUP_OFF = b"Backup copy off"
_TEXT_UNDONE = b"Choice taken back"
_TEXT_HOLD = b"Hold that key longer"
_TEXT_REPAIRED = b"Save area repaired"
# per engine event (EV_NONE .. EV_UNDONE): the sound it plays and the message it says, where
# that is all the same whenever it comes (App.on_event does the rest)
_CUES = (None, None, "hold", "hold", None, "score", "bonus", "yahtzee", "bonus", None, None, "game_over", None,
         None, None, None, "hold")
_SAID = (None, None, None, None, None, None, _TEXT_UPPER_BONUS, None, _TEXT_YZ_BONUS, _TEXT_JOKER, None, None, None,
         None, _TEXT_AUTO, None, None)
_SAVE_FAILED = const(2)  # yahtzee_core/nvm_store.FAILED: the NVM write raised
_SAVE_REPAIRED = const(5)  # yahtzee_core/nvm_store.REPAIRED: the NVM refused, was erased and written
END_SHOW_MS = const(2500)  # a last turn the player did not score stays this long before the end screens
DEMO_AFTER_MS = const(60000)  # idle this long on the title: the hand-held plays itself (ui/demo.py)


_CLEARED_CALLS = const(12)  # a press's handlers go ~7 calls below App.step (presses, screen, list, item, show)


def _clear_stack(depth):
    """Overwrite the stack below the caller with ``depth`` calls' frames (see ``App.step``)."""
    if depth:
        _clear_stack(depth - 1)


class App:
    """The whole program on one board.

    ``strategy``: the computer players and the coach, built while a game goes on and dropped
    when the game ends, at the title and in Defuse mode, parked while the game waits for the
    reader, settings or help (``ui/strategy_set.StrategySet``, what code.py passes);
    while built, ``autoplay.policies`` holds the players (objects with ``choose(game) ->
    (action, arg)``, indexed by seat kind engine.EASY..HARD) and ``coach`` the coach (``ui/coach.Coach``:
    HINT asks it, every human choice is told to it before and after; None when there is none).
    Without ``strategy``, ``policies`` and ``coach`` are kept for the app's life
    (``ui/resident.Resident``; the greedy player for every computer seat by default).
    ``store``: saved games and records with ``yahtzee_core/nvm_store.NvmStore``'s API (``has_game``,
    ``save_game``, ``records``); its menu entries stay hidden without one."""

    # every attribute is set by ``ui/app_start.init_app``; these few are declared for the type
    # check (a bare annotation makes no code on a board)
    in_game: bool
    current_id: int
    _pending_screen: int
    msg_held: bool
    save_failed: bool
    backup_off_said: bool
    demo: object

    def __init__(self, board, settings=None, policies=None, lay=None, store=None, coach=None,
                 strategy=None):
        from . import app_start  # power-on: the App's parts are made there, not held in a game

        app_start.init_app(self, board, settings, policies, lay, store, coach, strategy)

    # -- building ---------------------------------------------------------------------------
    def new_game_object(self):
        """``game``: a one-seat game of the settings' rules (at power-on, and when Defuse mode is
        left: it holds no game, so on a board the engine's code is not in its heap)."""
        from yahtzee_core import engine as game_engine

        self.game = game_engine.Game(self.settings.rules(), self.board.rng, seats=1)
        self.reasons = game_engine.REASONS

    def _drop_game_object(self):
        """Defuse mode: no game object, and on a board no engine and no rules (their module
        with the rule sets it made: ~5 KB; the title after it makes its rule set again). The
        game in progress, if any, was saved when the title showed; without a store it stays
        (nothing could bring it back)."""
        if self.store is None or self.game is None or (self.in_game and not self.store.has_game()):
            return
        self.game = None
        self.reasons = ()
        self.in_game = False  # "Continue game" brings it back from the store
        if UNLOADS:
            unload("yahtzee_core.engine")
            unload("yahtzee_core.rules")
            gc.collect()

    def palette(self, role):
        """The shared 2-entry palette (background, colour of ``role``): the glyph sheet's."""
        return self.sheet.palette(self.colours[theme.BG], self.colours[role])

    # -- screen manager ---------------------------------------------------------------------
    def show(self, screen_id, code=-1):
        """Make ``screen_id`` the current screen (then hand it ``code``, when one is given). Asked
        by a screen's handler, the change waits until the handler has returned (``handle``), so
        the screen left is gone from the heap before the next is built."""
        if self._handling:
            self._next_screen = screen_id
            self._next_code = code
            return
        if screen_id == self.current_id:
            if code >= 0:
                self._hand(code)
            return
        self._saves_on_leaving(self.current_id, screen_id)
        self._put_away(screen_id)
        if screen_id == S.DEFUSE:
            self._drop_game_object()
        elif self.game is None:
            self.new_game_object()
        screens = self.screens
        if screens.game_parked:
            if plays_game(screen_id):
                self._use_strategy()  # the game is back: its players and coach first (as it was)
            elif self.strategy.planner is not None:
                self._drop_strategy(park=True)  # the game waits: its screens were parked
        records = uses_records(screen_id)
        if not records:
            self.release_records()  # (before the screen is built: not beside it)
        self.current_id = screen_id
        self.current = self.screens[screen_id]
        if not records:
            self.release_records()  # what it read when built (Defuse mode: its own record, copied)
        self.current.enter()
        self.current.group.hidden = False
        if self.msg_held and self._shows_message():
            self.msg_until = (self.now + MESSAGE_MS) & 0x1FFFFFFF  # shown from now, on this screen
        if code >= 0:
            self._hand(code)

    def _put_away(self, screen_id):
        """The current screen left and hidden, and every screen ``screen_id`` does not keep
        dropped (on a board their modules unloaded): done first when a game or Defuse mode is
        about to be built, so the screen left is not in the heap beside it."""
        if self.current is not None:
            self.current.leave()
            self.current.group.hidden = True
            self.previous_id = self.current_id
            self.current = None
        if ends_game(screen_id):
            self._drop_strategy()
        self.screens.leave_for(screen_id)

    def defer(self, action):
        """Run ``action`` (an App method) when the screen handling this press has returned (after
        the screen change it asked for, if any), so that screen, dropped by it, is no longer held
        by its own call."""
        self._then = action

    def _after_handler(self):
        """The screen change and the action the press's handler asked for (``show``, ``defer``)."""
        screen_id = self._next_screen
        code = self._next_code
        then = self._then
        self._next_screen = -1
        self._then = None
        if screen_id >= 0:
            self.show(screen_id, code)
        if then is not None:
            then()

    def _saves_on_leaving(self, old, new):
        """Settings when leaving the screens that change them; the game when quitting to the
        title (so "Continue game" resumes exactly there)."""
        if self.store is None:
            return
        if old == S.SETTINGS or old == S.TITLE:
            self.save_settings()
        if new == S.TITLE and old != S.CONTINUE:
            self.save_game()

    # -- the computer players and the coach ---------------------------------------------------
    def _use_strategy(self):
        """Build the players and the coach if they are not (a game starts) and use them."""
        game = self.game
        kinds = 0  # bit k: a seat of kind k (only those players are built; a coach for a human's)
        for seat in range(game.seats):
            kinds |= 1 << game.seat_kind[seat]
        st = self.strategy
        if st.acquire(self.say, kinds):  # "no table" is said on the message line (once)
            # the game's table opened now (its CRC checked once a power-on), before the play
            # screen is built, not beside it at the game's first move or hint
            st.tables.values_for(game.rules)
        self._bind_strategy()

    def _bind_strategy(self):
        st = self.strategy
        self.autoplay.policies = st.policies
        self.coach = st.coach
        if self.coach is not None:
            self.coach.show_cost = self.settings.show_cost

    def _drop_strategy(self, park=False):
        """No game goes on (or it waits, ``park``: the coach's figures are kept): the players
        and the coach are dropped (kept when resident)."""
        self.autoplay.policies = None  # the app's references go first: release collects
        self.coach = None
        if park:
            self.strategy.park()
        else:
            self.strategy.release()
        self._bind_strategy()

    # -- game flow --------------------------------------------------------------------------
    def start_game(self):
        """A new game with the title screen's settings (``ui/app_start.py``)."""
        from .app_start import start_game

        ring = start_game(self)
        del start_game  # (see _play)
        self._play(ring)

    def continue_game(self):
        """The saved game, where it was left (``ui/app_start.py``)."""
        from .app_start import continue_game

        ring = continue_game(self)
        del continue_game
        if ring >= 0:
            self._play(ring)

    def _play(self, ring):
        """The play screen of the game just set up, the command ring on ``ring``: shown once the
        setting up has returned, so its module (ui/app_start.py, unloaded with the title's), which
        its running function held, is gone from the heap before the screen is built."""
        gc.collect()
        self.show(S.PLAY)
        self.buttons.ring_goto(ring)

    def _new_game_screens(self):
        """A new game: the game's screens start afresh (each is built when shown)."""
        screens = self.screens
        screens.game_screens()
        for screen_id in (S.PLAY, S.CARD):
            scr = screens.built(screen_id)
            if scr is not None:
                scr.new_game()

    def save_game(self):
        """Save the game in progress with the settings (nothing is written when unchanged)."""
        if self.store is not None and self.in_game and not self.game.over:
            self.store.settings.import_from(self.settings)
            self._saved(self.store.save_game(self.game, self.board.rng, self.coached))

    def save_settings(self):
        if self.store is not None:
            self.store.settings.import_from(self.settings)
            self._saved(self.store.save_settings())

    def release_records(self):
        """The statistics, high scores and Defuse record are not needed now: the store drops
        their objects (a save copies their bytes) and on a board their module is unloaded,
        ~6 KB of code a game does not hold (docs/memory.md). Allocates nothing when they are
        not open (a change between the game's screens)."""
        if self.store is not None and self.store.release_records():
            if UNLOADS:
                unload("yahtzee_core.records")
                unload("yahtzee_core.defuse_record")
            gc.collect()

    def _saved(self, result):
        """Tell the player once when the NVM refuses a write, each time it had to be erased to
        take one, and once when the backup file cannot be written (the drive is the
        computer's); the game goes on."""
        if result == _SAVE_FAILED and not self.save_failed:
            self.save_failed = True
            self.say(_TEXT_SAVE_FAILED, theme.WARN, MESSAGE_MS, True)
        elif result == _SAVE_REPAIRED:
            self.say(_TEXT_REPAIRED, theme.WARN, MESSAGE_MS, True)
        elif self.store.backup_off and not self.backup_off_said:
            self.backup_off_said = True
            self.say(_TEXT_BACKUP_OFF, theme.WARN, MESSAGE_MS, True)

    def show_title(self):
        self.show(S.TITLE)

    def start_defuse(self):
        self.show(S.DEFUSE)

    def new_high_score(self):
        """Record the finished game (needs a store); True when it is a new best score."""
        if self.store is None:
            return False
        from yahtzee_core.records import record_result  # (loaded for the result: release_records unloads it)

        return record_result(self.store, self.game, self.coached, self.clock.date()) == 0

    def _coach_new_game(self):
        if self.coach is not None:
            self.coach.new_game()
        else:
            self.strategy.figures = None  # a new game from the menu of a parked one: nothing to give back

    def hint(self):
        """HINT: ask the coach (needs one)."""
        if self.coach is not None:
            if not self.game.is_computer():
                self.coached |= 1 << self.game.player  # marked in the high-score table
            self.coach.hint(self)

    def undo(self):
        """UNDO: take back the last box choice (a refusal says why; deferrable: ``defer``)."""
        return self.act(UNDO)

    def act(self, action, arg=0):
        """Apply an engine action; show the reason of a refusal; handle the events."""
        coach = self.coach
        if coach is not None:
            coach.before_act(self, action, arg)
        self._acting = action
        result = self.game.act(action, arg)
        if result != OK and result != R_CONFIRM_NEEDED:
            self.say(self.reasons[result], theme.WARN)
            self.sound.play("refuse")
        if coach is not None:
            coach.after_act(self, result)  # before the events: their messages come after
        self.pump()
        return result

    def pump(self):
        """Hand every pending engine event to the app and the game screens."""
        game = self.game
        self._cued = False  # one batch of events: the first real cue wins over the cursor tick
        while game.pending_events():
            ev = game.next_event()
            arg = game.event_arg
            self.on_event(ev, arg)
            screens = self.screens.slots  # the game's screens that show the game, when built
            if screens[S.PLAY] is not None:
                screens[S.PLAY].on_event(ev, arg)
            if screens[S.CARD] is not None:
                screens[S.CARD].on_event(ev, arg)
        if self._pending_screen >= 0:
            sid = self._pending_screen
            self._pending_screen = -1
            self.show(sid)

    def on_event(self, ev, arg):
        game = self.game
        if ev == EV_CURSOR:
            if not self._cued:
                self.sound.play("tick")
            return
        self._cued = True
        cue = _CUES[ev]
        if cue is not None:
            self.sound.play(cue)
        text = _SAID[ev]
        if text is not None:
            self.say(text, theme.ACCENT)
        if ev == EV_ROLLED:
            if self.settings.tumble and self.current_id == S.PLAY:
                self.tumble.start(arg, self.now)  # arg: the dice rolled; the held ones stay still
                self.sound.play("rattle")
            else:
                self.sound.play("roll")
            self.show_lights()
        elif ev == EV_HELD or ev == EV_RELEASED:
            self.show_lights()
        elif ev == EV_SCORED:
            self.save_game()  # after every scored box (not the last: see EV_GAME_OVER)
        elif ev == EV_UNDONE:
            if self.coach is not None:
                self.coach.take_back()  # the choice is measured again when it is made again
            self.save_game()  # one more write: a power cut keeps the game as it is now
            self.show_lights()
            self.say(_TEXT_UNDONE, theme.ACCENT)
            self.buttons.ring_goto(inputs.ENTER if game.cursor_visible else inputs.ROLL)
        elif ev == EV_YAHTZEE:
            self.say(self.yahtzee_text, theme.ACCENT)
        elif ev == EV_TURN_OVER:
            self.show_lights()
            if game.seats > 1:
                self.say(_TEXT_TURN[arg], theme.ACCENT)
            self.buttons.ring_goto(inputs.ROLL)
        elif ev == EV_GAME_OVER:
            self.show_lights()
            self.in_game = False
            self._keep_coach_figures()
            if self._acting == ROLL or game.is_computer():
                # the last box was filled by the roll or a computer, not a press to score: the
                # dice (tumbling) and the box's score show first (``step``)
                self._ending = True
                self._end_due = (self.now + END_SHOW_MS + (self.tumble.ms if self.tumble.active else 0)) & 0x1FFFFFFF
            else:
                self._pending_screen = self._end_screen()
        elif ev == EV_NEW_GAME:
            self.coached = 0
            self._coach_new_game()
            if self.store is not None:
                self._saved(self.store.clear_game())
            self._clear_message()
            self.show_lights()
            self.buttons.ring_goto(inputs.ROLL)
            if self.current_id != S.PLAY:
                self._pending_screen = S.PLAY
        elif ev == EV_CONFIRM_NEW:
            self.say(_TEXT_CONFIRM, theme.WARN, 4000)
        elif ev == EV_CANCELLED:
            self.msg_until = self.now  # the confirm prompt goes away

    def _end_screen(self):
        """Record the finished game (statistics, high scores); the screen that follows it:
        initials first for each human seat that made the table."""
        from .initials_screen import next_seat

        self.high_score = self.new_high_score()
        return S.INITIALS if next_seat(self, -1) >= 0 else S.GAME_OVER

    def _keep_coach_figures(self):
        """The game is over: keep what the coach measured (it is dropped with the players when
        the end screens show)."""
        coach = self.coach
        for seat in range(MAX_SEATS):
            self.coach_lost[seat] = coach.lost[seat] if coach is not None else 0
            self.coach_choices[seat] = coach.choices[seat] if coach is not None else 0

    def show_lights(self):
        self.lights.show_held(self.game.held if self.settings.lights else 0)

    def apply_preferences(self):
        """Push the settings screen's choices to the board parts."""
        self.sound.muted = not self.settings.sound
        self.autoplay.pace_ms = self.settings.pace_ms()
        if not self.settings.lights:
            self.lights.off()
        if self.coach is not None:
            self.coach.show_cost = self.settings.show_cost

    # -- messages ---------------------------------------------------------------------------
    def say(self, text, role=theme.INK, ms=MESSAGE_MS, held=False):
        """Show ``text`` (bytes) on the message line for ``ms``. ``held``: a warning the player
        must see: it stays (other messages are dropped) until a key is pressed on a screen with
        the message line (play, Defuse) at least ``ms`` after it was said or that screen showed."""
        if self.msg_held and not held:
            return
        self.msg = text
        self.msg_role = role
        self.msg_until = (self.now + ms) & 0x1FFFFFFF
        self.msg_serial += 1
        self.msg_held = held

    def _shows_message(self):
        return self.current_id == S.PLAY or self.current_id == S.DEFUSE

    def _clear_message(self):
        if not self.msg_held:
            self.msg = b""
            self.msg_serial += 1

    def _expire_message(self):
        if self.msg and not self.msg_held and ticks_diff(self.now, self.msg_until) >= 0:
            self.msg = b""
            self.msg_serial += 1

    # -- input ------------------------------------------------------------------------------
    def _press(self, code):
        if self.demo:
            self.demo.stop()  # any key ends the demo and does nothing else
            return
        if self._ending:
            return  # the game is over: its last turn shows until the end screen
        if self.msg_held and self._shows_message() and ticks_diff(self.now, self.msg_until) >= 0:
            self.msg_held = False  # seen: it goes with the next frame
            self.msg_until = self.now
        if code == inputs.SOUND:
            self.settings.sound = not self.settings.sound
            self.apply_preferences()
            self.say(_TEXT_SOUND_ON if self.settings.sound else _TEXT_SOUND_OFF)
            settings = self.screens.built(S.SETTINGS)
            if settings is not None:
                settings.stale = True
            self.current.stale = True  # the title's Sound row
            self.save_settings()
            return
        if code == inputs.WAKE:
            return
        if code == inputs.TAPPED:
            self.say(_TEXT_HOLD)
            return
        self._to_screen(code)

    def _hand(self, code):
        """A code ``show`` hands the new screen (the scorecard's HINT, ROLL and holds for the
        play screen): the screen handles it, then the change its handler asked for."""
        self._to_screen(code)
        if self._next_screen >= 0 or self._then is not None:
            _clear_stack(_CLEARED_CALLS)
            self._after_handler()

    def _to_screen(self, code):
        self._handling = True
        try:
            self.current.handle(code)
        finally:
            self._handling = False

    # -- the loop ---------------------------------------------------------------------------
    def step(self):
        """One frame: the presses, then the screen change one of them asked for, then the
        frame's work and drawing. CircuitPython's collector takes any word of a live frame for
        a pointer, Python's and C's alike, and calls leave a screen's address in words that
        later frames at their depth do not write (the handler's calls; the last frame's drawing,
        in this frame's own C frame when it drew and handled presses). So the change is made
        here, once the calls that touched the screen have returned, over a stack overwritten
        first: else the screen left (its scene and its unloaded module's code: ~10 KB for the
        title, Defuse mode's ~20 KB) stayed in the heap while the next one was built
        (host_tests/ui/mp_app_alloc.py checks it, "screen left"; docs/memory.md)."""
        self.now = self.clock.ticks_ms()
        if self._ending and ticks_diff(self.now, self._end_due) >= 0:
            _clear_stack(_CLEARED_CALLS)  # (the last frame drew the play screen below here)
            self._ending = False
            self._put_away(S.GAME_OVER)  # the play screen, players and coach go first: recording
            self.show(self._end_screen())  # the result loads the records
            self.buttons.clear()  # a press made before the end screen appeared does nothing there
        n = self._take_presses()
        if self._next_screen >= 0 or self._then is not None:
            _clear_stack(_CLEARED_CALLS)
            self._after_handler()
        self._run_frame(n)

    def _take_presses(self):
        """The presses kept while the dice tumbled, then up to 8 new ones: each press's screen
        handler runs (``_press``), and after one that asks for a screen change the rest wait for
        the next frame (``step`` makes the change first). Returns how many presses were taken."""
        buttons = self.buttons
        ring_pos = buttons.ring_pos
        tumble = self.tumble
        if tumble.tick(self.now):
            self.current.stale = True  # the dice stopped: the result and the rest of the screen
        # (each loop stops at a press that asked for a screen change: ``step`` makes it first)
        while tumble.waiting() and not tumble.active and self._next_screen < 0 and self._then is None:
            self._press(tumble.pop())  # presses made while the dice tumbled, in order
        n = 0
        while n < 8 and self._next_screen < 0 and self._then is None:
            code = buttons.poll()
            if code == inputs.NONE:
                break
            if tumble.active and not self.demo:
                tumble.push(code)  # queued, not lost: handled when the dice stop
            else:
                self._press(code)
            n += 1
        if self.demo and (buttons.any_down() or buttons.ring_pos != ring_pos):
            self.demo.stop()  # a key going down (or a step of the ring) ends the demo
            n += 1
        if n or buttons.ring_pos != ring_pos:
            self.autoplay.waiting = False  # a computer seat waits its pace again after your last press
        return n

    def _run_frame(self, n):
        """The frame's work after its ``n`` presses: the computer's move, idle timers, the demo,
        the screen's tick, sound, and the drawing."""
        acted = self.autoplay.actions
        if (self.current_id == S.PLAY or self.current_id == S.CARD) and not self.tumble.active:
            self.autoplay.tick(self, self.now)  # a computer seat waits for its dice to stop
        # the demo's moves are no activity: the screen dims and the board sleeps as on the title
        if self.demo:
            self.idle.ring_moved_by_app()  # nor is the ring the demo's moves turn
        self.idle.tick(self.now, n > 0 or (acted != self.autoplay.actions and not self.demo))
        if self.demo:
            self.demo.tick()
        elif self.current_id == S.TITLE and self.idle.idle_ms(self.now) >= DEMO_AFTER_MS:
            from .demo import Demo  # the attract mode: loaded only while it plays

            self.demo_started += 1
            Demo(self)  # it sets self.demo; its stop() unloads it
        self._expire_message()
        self.current.tick(self.now)
        self.sound.update(self.now)
        self.current.draw()
        self.display.refresh()

    def run(self):
        """The main loop (never returns on a board)."""
        import time

        while True:
            self.step()
            time.sleep(0.005)
