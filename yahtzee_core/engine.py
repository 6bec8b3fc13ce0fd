"""The game engine: actions in, events out, no allocation on the hot paths.

    game = Game(rules.get("yahtzee"), SeededDice(7), seats=2)
    game.act(ROLL)              # -> OK, or a refusal code (see reason())
    game.act(HOLD, 2)
    game.act(SCORE_BOX, 12)
    while game.pending_events():
        code = game.next_event(); arg = game.event_arg

An illegal action returns a refusal code and changes nothing. Every per-game number lives in
preallocated bytearrays/arrays so previewing boxes and handling actions never allocates.
"""

from .compat import array, const
from . import rules as _rules

MAX_SEATS = const(4)
ROLLS_PER_TURN = const(3)
NO_BOX = const(0xFF)

# Actions.
ROLL = const(1)
HOLD = const(2)  # arg: die index 0..4 (toggles)
CURSOR_NEXT = const(3)
CURSOR_PREV = const(4)
SCORE = const(5)  # score the box under the cursor
SCORE_BOX = const(6)  # arg: box index
NEW_GAME = const(7)  # asks for confirmation while a game is running
CONFIRM = const(8)
CANCEL = const(9)
SELECT_BOX = const(10)  # arg: box index; moves the cursor there (shows it)
UNDO = const(11)  # take back the last box choice (until the next roll)

# Results: OK or the reason an action was refused.
OK = const(0)
R_NO_ROLLS_LEFT = const(1)
R_NOT_ROLLED = const(2)
R_BOX_FILLED = const(3)
R_BOX_NOT_ALLOWED = const(4)
R_GAME_OVER = const(5)
R_BAD_INDEX = const(6)
R_BAD_ACTION = const(7)
R_NO_BOX_SELECTED = const(8)
R_NOTHING_TO_CONFIRM = const(9)
R_CONFIRM_NEEDED = const(10)  # not a refusal of a bad move: NEW_GAME waits for CONFIRM
R_NOTHING_TO_UNDO = const(11)
R_UNDO_ROLLED = const(12)  # the next turn's dice were rolled
R_UNDO_COMPUTER = const(13)  # a computer seat chose that box or has rolled since
R_UNDO_SHARED = const(14)  # duplicate play: the other seats play these dice too

# why, in ASCII bytes (what a screen draws: ui/app.py says them as they are)
REASONS = (
    b"ok",
    b"no rolls left",
    b"roll first",
    b"box already filled",
    b"Joker rule: not this box",
    b"game is over",
    b"no such die or box",
    b"unknown action",
    b"choose a box first",
    b"nothing to confirm",
    b"press again to confirm",
    b"nothing to undo",
    b"too late: rolled",
    b"computer has moved",
    b"no undo: same dice",
)

# Events (code, arg).
EV_NONE = const(0)
EV_ROLLED = const(1)  # arg: mask of dice that were rolled
EV_HELD = const(2)  # arg: die index
EV_RELEASED = const(3)  # arg: die index
EV_CURSOR = const(4)  # arg: box index
EV_SCORED = const(5)  # arg: box index
EV_UPPER_BONUS = const(6)  # arg: seat
EV_YAHTZEE = const(7)  # arg: seat; a Yahtzee was rolled (fanfare)
EV_YAHTZEE_BONUS = const(8)  # arg: seat
EV_JOKER = const(9)  # arg: box index the Joker was played in
EV_TURN_OVER = const(10)  # arg: next seat
EV_GAME_OVER = const(11)  # arg: winners mask
EV_NEW_GAME = const(12)
EV_CONFIRM_NEW = const(13)
EV_AUTO_FILLED = const(14)  # arg: box index
EV_CANCELLED = const(15)
EV_UNDONE = const(16)  # arg: box index whose choice was taken back

HUMAN = const(0)
EASY = const(1)
MEDIUM = const(2)
HARD = const(3)

_EVENT_SLOTS = const(32)
_MAXB = _rules.MAX_BOXES
# the undo copy (Game._keep_for_undo): offsets in _u_bytes (bonus counts, dice, counts, round
# dice, then the scores) and _u_words (filled masks, the turn's state, then preview + 1)
_U_DICE = const(MAX_SEATS)
_U_COUNTS = const(_U_DICE + 5)
_U_ROUND = const(_U_COUNTS + 7)
_U_SCORES = const(_U_ROUND + 5 * ROLLS_PER_TURN)
_U_SMALL = const(MAX_SEATS)
_U_PREVIEW = const(_U_SMALL + 9)

# What UNDO may do now (``Game.undo_state``).
U_NONE = const(0)
U_READY = const(1)  # a human's box choice can be taken back
U_ROLLED = const(2)  # ... no longer: dice were rolled since
U_COMPUTER = const(3)  # the last choice or roll was a computer seat's
U_SHARED = const(4)  # duplicate play with several seats: never
_U_REASON = (R_NOTHING_TO_UNDO, OK, R_UNDO_ROLLED, R_UNDO_COMPUTER, R_UNDO_SHARED)


class Game:
    """A game of 1-4 seats under one rule set."""

    def __init__(self, rules, rng, seats=1, kinds=None, duplicate=False, autofill=True, challenge=-1):
        self.rng = rng
        self.dice = bytearray(5)
        self.counts = bytearray(7)
        self.total_pips = 0
        self.held = 0  # bit i: die i held
        self.scores = bytearray(MAX_SEATS * _MAXB)
        self.filled = array("H", [0] * MAX_SEATS)
        self.bonus_count = bytearray(MAX_SEATS)
        self.seat_kind = bytearray(MAX_SEATS)
        self.preview = array("h", [0] * _MAXB)  # score each box would get now; -1: not allowed
        self.round_dice = bytearray(5 * ROLLS_PER_TURN)  # duplicate play: this round's common dice
        self._ev_code = bytearray(_EVENT_SLOTS)
        self._ev_arg = bytearray(_EVENT_SLOTS)
        self._ev_head = 0
        self._ev_len = 0
        self.events_dropped = 0
        self.event_arg = 0
        self.challenge = -1  # challenge code (rng.challenge_die) or -1: dice from ``rng``
        self.challenge_dice = None  # yahtzee_core/rng.py in a challenge game (``use_challenge``)
        # one-step undo: the state before the last box choice (preallocated, copied in place)
        self.undo_state = U_NONE
        self.undo_box = NO_BOX
        self.last_roll = 0  # set when the game ends (see _end_turn)
        # two buffers, not one per field: each object and attribute costs heap (_U_* offsets)
        self._u_bytes = bytearray(_U_SCORES + MAX_SEATS * _MAXB)
        self._u_words = array("H", [0] * (_U_PREVIEW + _MAXB))
        self.configure(rules, seats, kinds, duplicate, autofill, challenge)

    # -- set-up ---------------------------------------------------------------------------

    def configure(self, rules, seats=1, kinds=None, duplicate=False, autofill=True, challenge=-1):
        """Start a fresh game with these options (not a hot path). ``challenge``: a challenge code
        (0 .. 2**30-1) whose dice the game plays, or -1 for ``rng``'s dice."""
        if seats < 1 or seats > MAX_SEATS:
            raise ValueError("1 to 4 seats")
        self.rules = rules
        self.seats = seats
        for s in range(MAX_SEATS):
            self.seat_kind[s] = 0
        if kinds is not None:
            for s in range(seats):
                k = kinds[s]
                if k < HUMAN or k > HARD:
                    raise ValueError("bad seat kind")
                self.seat_kind[s] = k
        self.duplicate = bool(duplicate)
        self.autofill = bool(autofill)
        self.use_challenge(challenge)
        self._reset()

    def use_challenge(self, code):
        """Play the dice of challenge ``code`` (0 .. 2**30-1) from now on, or -1: ``rng``'s."""
        self.challenge = code if code is not None and code >= 0 else -1
        self.challenge_dice = None
        if self.challenge >= 0:  # loaded only for a challenge game: a board's other games hold no rng module
            from . import rng

            self.challenge_dice = rng

    def _reset(self):
        for i in range(len(self.scores)):
            self.scores[i] = 0
        for s in range(MAX_SEATS):
            self.filled[s] = 0
            self.bonus_count[s] = 0
        self.player = 0
        self.round = 0
        self.over = False
        self.confirm_pending = False
        self.undo_state = U_NONE
        self._begin_turn()
        if self.duplicate:
            self._draw_round_dice()

    def _begin_turn(self):
        self.rolls_used = 0
        self.held = 0
        for i in range(5):
            self.dice[i] = 0
        for f in range(7):
            self.counts[f] = 0
        self.total_pips = 0
        self.cursor = NO_BOX
        self.cursor_visible = False
        self.joker_active = False
        self.allowed = 0
        self._update_preview()

    def _draw_round_dice(self):
        code = self.challenge
        for i in range(5 * ROLLS_PER_TURN):
            if code >= 0:  # the round's dice of seat 0's places: every seat plays them
                src = self.challenge_dice
                self.round_dice[i] = src.challenge_die(code, src.challenge_place(self.round, 0, i // 5, i % 5))
            else:
                self.round_dice[i] = self.rng.die()

    # -- queries --------------------------------------------------------------------------

    def is_filled(self, seat, box):
        return (self.filled[seat] >> box) & 1 == 1

    def box_score(self, seat, box):
        return self.scores[seat * _MAXB + box]

    def open_count(self, seat):
        n = 0
        f = self.filled[seat]
        for b in range(self.rules.n_boxes):
            if not (f >> b) & 1:
                n += 1
        return n

    def _section_sum(self, seat, mask):
        total = 0
        base = seat * _MAXB
        for b in range(self.rules.n_boxes):
            if (mask >> b) & 1:
                total += self.scores[base + b]
        return total

    def upper_subtotal(self, seat):
        return self._section_sum(seat, self.rules.upper_mask)

    def upper_bonus(self, seat):
        rs = self.rules
        if rs.upper_bonus and self.upper_subtotal(seat) >= rs.upper_threshold:
            return rs.upper_bonus
        return 0

    def upper_par(self, seat):
        """Points above (+) or below (-) "three of each face" for the filled upper boxes."""
        rs = self.rules
        diff = 0
        base = seat * _MAXB
        for b in range(rs.n_boxes):
            if (rs.upper_mask >> b) & 1 and (self.filled[seat] >> b) & 1:
                diff += self.scores[base + b] - 3 * rs.param_a[b]
        return diff

    def lower_subtotal(self, seat):
        return self._section_sum(seat, self.rules.lower_mask)

    def yahtzee_bonus(self, seat):
        return self.bonus_count[seat] * self.rules.yahtzee_bonus

    def total(self, seat):
        return self.upper_subtotal(seat) + self.upper_bonus(seat) + self.lower_subtotal(seat) + self.yahtzee_bonus(seat)

    def winners(self):
        """Bit mask of the seats with the highest total (ties shared)."""
        best = -1
        mask = 0
        for s in range(self.seats):
            t = self.total(s)
            if t > best:
                best = t
                mask = 1 << s
            elif t == best:
                mask |= 1 << s
        return mask

    def rolls_left(self):
        return ROLLS_PER_TURN - self.rolls_used

    def is_computer(self, seat=None):
        if seat is None:
            seat = self.player
        return self.seat_kind[seat] != HUMAN

    def can_score(self, box):
        return self.rolls_used > 0 and 0 <= box < self.rules.n_boxes and (self.allowed >> box) & 1 == 1

    # -- events ---------------------------------------------------------------------------

    def _emit(self, code, arg=0):
        if self._ev_len == _EVENT_SLOTS:
            self.events_dropped += 1
            return
        i = (self._ev_head + self._ev_len) % _EVENT_SLOTS
        self._ev_code[i] = code
        self._ev_arg[i] = arg
        self._ev_len += 1

    def pending_events(self):
        return self._ev_len

    def next_event(self):
        """Pop the oldest event code (EV_NONE when empty); its argument is in ``event_arg``."""
        if self._ev_len == 0:
            self.event_arg = 0
            return EV_NONE
        i = self._ev_head
        self._ev_head = (i + 1) % _EVENT_SLOTS
        self._ev_len -= 1
        self.event_arg = self._ev_arg[i]
        return self._ev_code[i]

    def clear_events(self):
        self._ev_head = 0
        self._ev_len = 0

    # -- preview and the Joker ------------------------------------------------------------

    def _update_preview(self):
        """Fill ``preview`` and the ``allowed`` mask for the current seat and dice."""
        rs = self.rules
        n = rs.n_boxes
        filled = self.filled[self.player]
        prev = self.preview
        self.joker_active = False
        if self.rolls_used == 0:
            self.allowed = 0
            for b in range(_MAXB):
                prev[b] = -1
            return
        counts = self.counts
        total = self.total_pips
        open_mask = rs.all_mask & ~filled
        allowed = open_mask
        yz = rs.yahtzee_box
        joker = False
        if rs.joker != _rules.JOKER_NONE and yz >= 0 and (filled >> yz) & 1 and counts[self.dice[0]] == 5:
            joker = True
            upper_box = rs.upper_box_for_face[self.dice[0]]
            upper_open = upper_box != NO_BOX and not (filled >> upper_box) & 1
            if rs.joker == _rules.JOKER_FORCED:
                if upper_open:
                    allowed = 1 << upper_box
                elif open_mask & rs.lower_mask:
                    allowed = open_mask & rs.lower_mask
                else:
                    allowed = open_mask & rs.upper_mask
            else:
                joker = not upper_open  # free choice: fixed scores only once the upper box is used
        self.joker_active = joker
        self.allowed = allowed
        for b in range(_MAXB):
            if b >= n or not (allowed >> b) & 1:
                prev[b] = -1
            elif joker:
                prev[b] = rs.joker_score(b, counts, total)
            else:
                prev[b] = rs.score_counts(b, counts, total)

    def _joker_roll(self):
        """True when the dice are a Yahtzee and the Joker rule is in play for them."""
        rs = self.rules
        yz = rs.yahtzee_box
        return (
            rs.joker != _rules.JOKER_NONE
            and yz >= 0
            and self.rolls_used > 0
            and (self.filled[self.player] >> yz) & 1 == 1
            and self.counts[self.dice[0]] == 5
        )

    # -- cursor ---------------------------------------------------------------------------

    def _first_allowed(self, start, step):
        n = self.rules.n_boxes
        b = start
        for _ in range(n):
            b = (b + step) % n
            if (self.allowed >> b) & 1:
                return b
        return NO_BOX

    def _place_cursor(self, box):
        self.cursor = box
        self.cursor_visible = box != NO_BOX
        if self.cursor_visible:
            self._emit(EV_CURSOR, box)

    def _cursor_after_roll(self):
        rs = self.rules
        yz = rs.yahtzee_box
        if self.counts[self.dice[0]] == 5 and yz >= 0 and (self.allowed >> yz) & 1:
            self._place_cursor(yz)  # a first Yahtzee pre-selects its box
            return
        if self.joker_active or self._joker_roll() or self.rolls_used == ROLLS_PER_TURN:
            if self.cursor != NO_BOX and (self.allowed >> self.cursor) & 1:
                self._place_cursor(self.cursor)
            else:
                self._place_cursor(self._first_allowed(self.rules.n_boxes - 1, 1))
            return
        if self.cursor != NO_BOX and not (self.allowed >> self.cursor) & 1:
            self.cursor = NO_BOX
        self.cursor_visible = False

    # -- actions --------------------------------------------------------------------------

    def act(self, action, arg=0):
        """Apply one action. Returns OK or the refusal code; a refusal changes nothing."""
        if action == NEW_GAME:
            if self.over or (self.round == 0 and self.rolls_used == 0 and self.player == 0):
                return self._new_game()
            if self.confirm_pending:
                return self._new_game()
            self.confirm_pending = True
            self._emit(EV_CONFIRM_NEW)
            return R_CONFIRM_NEEDED
        if action == CONFIRM:
            if not self.confirm_pending:
                return R_NOTHING_TO_CONFIRM
            return self._new_game()
        if action == CANCEL:
            if not self.confirm_pending:
                return R_NOTHING_TO_CONFIRM
            self.confirm_pending = False
            self._emit(EV_CANCELLED)
            return OK
        if not isinstance(action, int) or not isinstance(arg, int):
            return R_BAD_ACTION if not isinstance(action, int) else R_BAD_INDEX
        if self.over:
            return R_GAME_OVER if ROLL <= action <= UNDO else R_BAD_ACTION
        if action == ROLL:
            result = self._roll()
        elif action == HOLD:
            result = self._toggle_hold(arg)
        elif action == CURSOR_NEXT:
            result = self._move_cursor(1)
        elif action == CURSOR_PREV:
            result = self._move_cursor(-1)
        elif action == SCORE:
            if self.rolls_used == 0:
                return R_NOT_ROLLED
            if not self.cursor_visible or self.cursor == NO_BOX:
                return R_NO_BOX_SELECTED
            result = self._score(self.cursor, False)
        elif action == SCORE_BOX:
            result = self._score(arg, False)
        elif action == SELECT_BOX:
            result = self._select(arg)
        elif action == UNDO:
            result = self._undo()
        else:
            return R_BAD_ACTION
        if result == OK and self.confirm_pending:
            self.confirm_pending = False  # any accepted move withdraws a pending new-game request
            self._emit(EV_CANCELLED)
        return result

    def _new_game(self):
        self.confirm_pending = False
        self._reset()
        self._emit(EV_NEW_GAME)
        return OK

    def _roll(self):
        if self.rolls_used >= ROLLS_PER_TURN:
            return R_NO_ROLLS_LEFT
        if self.undo_state == U_READY:  # the dice move on: the last choice stands
            self.undo_state = U_COMPUTER if self.is_computer() else U_ROLLED
        rolled = 0
        base = self.rolls_used * 5
        for i in range(5):
            if not (self.held >> i) & 1:
                if self.duplicate:
                    v = self.round_dice[base + i]
                elif self.challenge >= 0:
                    src = self.challenge_dice
                    place = src.challenge_place(self.round, self.player, self.rolls_used, i)
                    v = src.challenge_die(self.challenge, place)
                else:
                    v = self.rng.die()
                self.dice[i] = v
                rolled |= 1 << i
        self.rolls_used += 1
        counts = self.counts
        for f in range(7):
            counts[f] = 0
        total = 0
        for i in range(5):
            counts[self.dice[i]] += 1
            total += self.dice[i]
        self.total_pips = total
        self._update_preview()
        self._emit(EV_ROLLED, rolled)
        if counts[self.dice[0]] == 5:
            self._emit(EV_YAHTZEE, self.player)
        self._cursor_after_roll()
        if self.autofill and self.rolls_used == ROLLS_PER_TURN and self.open_count(self.player) == 1:
            box = self._first_allowed(self.rules.n_boxes - 1, 1)
            if box != NO_BOX:
                self._emit(EV_AUTO_FILLED, box)
                self._score(box, True)
        return OK

    def _toggle_hold(self, i):
        if i < 0 or i > 4:
            return R_BAD_INDEX
        if self.rolls_used == 0:
            return R_NOT_ROLLED
        if self.rolls_used >= ROLLS_PER_TURN:
            return R_NO_ROLLS_LEFT
        self.held ^= 1 << i
        self._emit(EV_HELD if (self.held >> i) & 1 else EV_RELEASED, i)
        return OK

    def _move_cursor(self, step):
        if self.rolls_used == 0:
            return R_NOT_ROLLED
        if not self.cursor_visible or self.cursor == NO_BOX:
            # The first press only brings the cursor up: on the first (next) or last (prev) box.
            start = self.rules.n_boxes - 1 if step > 0 else 0
            box = self._first_allowed(start, step)
        else:
            box = self._first_allowed(self.cursor, step)
        if box == NO_BOX:
            return R_BOX_FILLED
        self._place_cursor(box)
        return OK

    def _select(self, box):
        if box < 0 or box >= self.rules.n_boxes:
            return R_BAD_INDEX
        if self.rolls_used == 0:
            return R_NOT_ROLLED
        if self.is_filled(self.player, box):
            return R_BOX_FILLED
        if not (self.allowed >> box) & 1:
            return R_BOX_NOT_ALLOWED
        self._place_cursor(box)
        return OK

    def _score(self, box, auto):
        rs = self.rules
        if box < 0 or box >= rs.n_boxes:
            return R_BAD_INDEX
        if self.rolls_used == 0:
            return R_NOT_ROLLED
        seat = self.player
        if (self.filled[seat] >> box) & 1:
            return R_BOX_FILLED
        if not (self.allowed >> box) & 1:
            return R_BOX_NOT_ALLOWED
        if auto or self.is_computer():
            self.undo_state = U_NONE if auto else U_COMPUTER
        elif self.duplicate and self.seats > 1:
            self.undo_state = U_SHARED
        else:
            self._keep_for_undo(box)
        value = self.preview[box]
        upper_before = self.upper_subtotal(seat)
        yz = rs.yahtzee_box
        if self._joker_roll():
            if rs.yahtzee_bonus and self.scores[seat * _MAXB + yz] > 0:
                self.bonus_count[seat] += 1
                self._emit(EV_YAHTZEE_BONUS, seat)
            self._emit(EV_JOKER, box)
        self.scores[seat * _MAXB + box] = value
        self.filled[seat] |= 1 << box
        self._emit(EV_SCORED, box)
        if rs.upper_bonus and (rs.upper_mask >> box) & 1:
            if upper_before < rs.upper_threshold <= upper_before + value:
                self._emit(EV_UPPER_BONUS, seat)
        self._end_turn()
        return OK

    # -- undo -----------------------------------------------------------------------------

    def _keep_for_undo(self, box):
        """Copy everything a box choice changes into the undo buffers (no allocation)."""
        self.undo_state = U_READY
        self.undo_box = box
        ub = self._u_bytes
        uw = self._u_words
        src = self.scores
        for i in range(len(src)):
            ub[_U_SCORES + i] = src[i]
        for s in range(MAX_SEATS):
            uw[s] = self.filled[s]
            ub[s] = self.bonus_count[s]
        for i in range(5):
            ub[_U_DICE + i] = self.dice[i]
        for f in range(7):
            ub[_U_COUNTS + f] = self.counts[f]
        for b in range(_MAXB):
            uw[_U_PREVIEW + b] = self.preview[b] + 1  # -1 (not allowed) kept as 0
        for i in range(5 * ROLLS_PER_TURN):
            ub[_U_ROUND + i] = self.round_dice[i]
        uw[_U_SMALL] = self.player
        uw[_U_SMALL + 1] = self.round
        uw[_U_SMALL + 2] = self.rolls_used
        uw[_U_SMALL + 3] = self.held
        uw[_U_SMALL + 4] = self.cursor
        uw[_U_SMALL + 5] = 1 if self.cursor_visible else 0
        uw[_U_SMALL + 6] = 1 if self.joker_active else 0
        uw[_U_SMALL + 7] = self.allowed
        uw[_U_SMALL + 8] = self.total_pips

    def _undo(self):
        if self.undo_state != U_READY:
            return _U_REASON[self.undo_state]
        self.undo_state = U_NONE
        ub = self._u_bytes
        uw = self._u_words
        dst = self.scores
        for i in range(len(dst)):
            dst[i] = ub[_U_SCORES + i]
        for s in range(MAX_SEATS):
            self.filled[s] = uw[s]
            self.bonus_count[s] = ub[s]
        for i in range(5):
            self.dice[i] = ub[_U_DICE + i]
        for f in range(7):
            self.counts[f] = ub[_U_COUNTS + f]
        for b in range(_MAXB):
            self.preview[b] = uw[_U_PREVIEW + b] - 1
        for i in range(5 * ROLLS_PER_TURN):
            self.round_dice[i] = ub[_U_ROUND + i]
        self.player = uw[_U_SMALL]
        self.round = uw[_U_SMALL + 1]
        self.rolls_used = uw[_U_SMALL + 2]
        self.held = uw[_U_SMALL + 3]
        self.cursor = uw[_U_SMALL + 4]
        self.cursor_visible = uw[_U_SMALL + 5] == 1
        self.joker_active = uw[_U_SMALL + 6] == 1
        self.allowed = uw[_U_SMALL + 7]
        self.total_pips = uw[_U_SMALL + 8]
        self._emit(EV_UNDONE, self.undo_box)
        if self.cursor_visible:
            self._emit(EV_CURSOR, self.cursor)
        return OK

    def forget_undo(self):
        """The game was replaced (a saved game restored): nothing to take back."""
        self.undo_state = U_NONE

    def _end_turn(self):
        nxt = self.player + 1
        if nxt == self.seats:
            nxt = 0
            self.round += 1
        if self.round >= self.rules.n_boxes:
            self.over = True
            d = self.dice  # the last roll, 3 bits a die, and its seat: shown after the end
            self.last_roll = d[0] | d[1] << 3 | d[2] << 6 | d[3] << 9 | d[4] << 12 | self.player << 15
            self.player = 0
            self._begin_turn()
            self._emit(EV_GAME_OVER, self.winners())
            return
        self.player = nxt
        self._begin_turn()
        if nxt == 0 and self.duplicate:
            self._draw_round_dice()
        self._emit(EV_TURN_OVER, nxt)
