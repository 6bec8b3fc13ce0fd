"""What the player sees first after a restart: a notice when the saved data was damaged, then
"Continue?" when a game was in progress.

Notice (``save_status.describe`` of the load status: "Statistics reset", "Data from a newer version",
"Older copy loaded"...): OK goes on. Nothing is said when nothing saved was lost (a copy torn by
a cut inside a save beside the last complete one; the backup file's copy loaded). Continue?: the saved game's variant
and round, then "Continue game" (back to the
play screen exactly where it was) or "New game" (asks for a second press, then forgets the
saved game and opens the title screen). MENU leaves the choice for later: the title screen
still offers "Continue game"."""

from hw import inputs
from yahtzee_core import save, save_status
from yahtzee_core.compat import const

from . import screen as S
from .list_screen import ListScreen
from .help_screen import wrap
from .settings import VARIANT_NAMES
from .text import SLASH, SPACE

NOTICE = const(0)  # NOTICE + k: line k of the notice
GAME = const(16)  # the saved game: "Yahtzee   Round 7/13"
CONTINUE = const(17)
NEW = const(18)
OK = const(19)

# Load results worth telling the player about.
NOTICE_FLAGS = (save.ST_DAMAGED | save.ST_NEWER | save.ST_RESET_SETTINGS | save.ST_RESET_STATS
                | save.ST_RESET_SCORES | save.ST_RESET_GAME | save.ST_RESET_DEFUSE | save.ST_BACKUP
                | save.ST_BACKUP_OFF | save.ST_OLDER)
_OLDER_COPY = "older copy loaded"

_CONTINUE = b"Continue game"
_NEW = b"New game"
_SURE = b"Sure? Press again"
_OK = b"OK"
_ROUND = b"Round "
_TITLE_CONTINUE = b"Continue?"
_TITLE_NOTICE = b"Saved data"


def notice_lines(status, width):
    """The notice for a load status as lines of at most ``width`` (start-up only)."""
    status &= NOTICE_FLAGS
    if not status & save.ST_RESET_ALL:
        # a copy torn by a cut inside a save beside the last complete one, or the backup file's
        # copy newer than the NVM's: the newest complete save loaded, nothing saved was lost
        status &= ~(save.ST_DAMAGED | save.ST_BACKUP)
    if not status:
        return ()
    words = save_status.describe(status)
    if status & save.ST_NEWER and not status & (save.ST_RESET_ALL | save.ST_OLDER):  # a newer release's copy ignored
        words.append(_OLDER_COPY)
    lines = []
    for w in words:
        for line in wrap(w[0].upper() + w[1:], width):
            lines.append(S.to_bytes(line))
    return tuple(lines[:NOTICE + 15])


class ContinueScreen(ListScreen):
    def __init__(self, app):
        super().__init__(app, _TITLE_CONTINUE)
        store = app.store
        status = store.status if store is not None else 0
        self.notice = notice_lines(status, self.rows[0].width - 1)
        self.showing_notice = len(self.notice) > 0
        self.confirm = False

    def wanted(self):
        """True when there is something to say at start-up."""
        store = self.app.store
        return self.showing_notice or (store is not None and store.has_game())

    def enter(self):
        app = self.app
        self.confirm = False
        if app.store is not None and app.store.has_game():
            from yahtzee_core.snapshot_reader import restore_game

            restore_game(app.store, app.game, app.board.rng)  # for the summary line
        self.count = 0
        super().enter()
        app.buttons.ring_goto(inputs.ENTER)

    def build_items(self):
        if self.showing_notice:
            self.title_text = _TITLE_NOTICE
            for k in range(len(self.notice)):
                self.add(NOTICE + k)
            self.add(OK)
            return
        self.title_text = _TITLE_CONTINUE
        self.add(GAME)
        self.add(CONTINUE)
        self.add(NEW)

    def selectable(self, item):
        return item >= CONTINUE

    def render(self, item, tf):
        if item < GAME:
            self.label(tf, self.notice[item - NOTICE])
        elif item == GAME:
            game = self.app.game
            end = tf.width - 1
            first = tf.number(game.rules.n_boxes, end)
            tf.put(first - 1, SLASH)
            first = tf.number(game.round + 1, first - 1)
            name = VARIANT_NAMES[game.rules.variant_id]
            word = _ROUND if first - len(_ROUND) - 2 >= len(name) else b"Rd "  # (19 cells: the CLUE)
            first = first - len(word)
            tf.text(word, first)
            tf.put(0, SPACE)
            i = tf.text(name, 1, first - 2)
            tf.spaces(i, first)
            tf.spaces(end)
        elif item == CONTINUE:
            self.label(tf, _CONTINUE)
        elif item == NEW:
            self.label(tf, _SURE if self.confirm else _NEW)
        else:
            self.label(tf, _OK)

    def activate(self, item):
        app = self.app
        if item == OK:
            self.showing_notice = False
            if app.store is not None and app.store.has_game():
                self.count = 0
                self.refresh_items()
            else:
                app.show(S.TITLE)
        elif item == CONTINUE:
            app.defer(app.continue_game)  # built once this screen is gone (App.defer)
        elif item == NEW:
            if self.confirm:
                from .app_start import discard_game

                discard_game(app)
                app.show(S.TITLE)
            else:
                self.confirm = True

    def handle(self, code):
        if code != inputs.ENTER and self.confirm:
            self.confirm = False
            self.stale = True
        super().handle(code)

    def back(self):
        self.showing_notice = False
        self.app.show(S.TITLE)


SCREEN = ContinueScreen  # the screen ui/screen_set.py builds from this module
