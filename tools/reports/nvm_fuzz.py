#!/usr/bin/env python3
"""Save-format torture: power cuts at every state of every save on each board's model, and
random/mutated NVM images and backup files.

    python tools/reports/nvm_fuzz.py                      # every board: 2 played games, 15,000 images each
    python tools/reports/nvm_fuzz.py --boards pybadge clue --games 1 --images 2000 --seed 7
    python tools/reports/nvm_fuzz.py --no-backup          # the NVM alone: what the backup file saves

One line per board, ``pybadge: N cut points, 0 lost, 0 mixed; 300 sequences of 3 cuts, 0 lost,
0 mixed; N images, 0 crashes``; exit status 1 when anything was lost, mixed or crashed.

What the cuts, sequences and images are: docs/nvm_layout.md, "tools/reports/nvm_fuzz.py"."""

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

from yahtzee_core import nvm_store
from yahtzee_core import snapshot_reader
from hw import pygamer
from hw.nvm import MemoryNVM, PowerCut
from sim import boards
from sim.flash_model import ERASE_STATES, UNREADABLE, ZEROS, FlashNVM, MemoryFileCopy, Power
from yahtzee_core import engine as E
from yahtzee_core import records as R
from yahtzee_core import defuse_record, rules, save, save_layouts, settings_copy, slot_reader
from yahtzee_core.seeded_dice import SeededDice


class RecordingNVM(MemoryNVM):
    """A MemoryNVM that keeps (image before, offset, bytes) of every slice write."""

    def __init__(self, size):
        super().__init__(size)
        self.log = []

    def __setitem__(self, index, value):
        if isinstance(index, slice):
            self.log.append((bytes(self.data), index.start, bytes(value)))
        super().__setitem__(index, value)


# -- playing ---------------------------------------------------------------------------------

CONFIGS = (  # variant, joker, seat kinds, duplicate
    ("yahtzee", None, (0,), False),
    ("yatzy", None, (0, 2), True),
    ("yacht", None, (0, 0, 1), False),
    ("yahtzee", "free", (0, 3, 0, 1), True),
)


def play_turn(game, pick, sleep=None):
    """One turn by a random player (decisions from ``pick``); ``sleep()`` may be called after a
    roll, as the device does before going to sleep mid-turn."""
    game.act(E.ROLL)
    while not game.over and game.rolls_used and game.rolls_left() and pick.random() < 0.6:
        if sleep is not None and pick.random() < 0.15:
            sleep()
        for i in range(5):
            if pick.random() < 0.4:
                game.act(E.HOLD, i)
        game.act(E.ROLL)
    if game.over or not game.rolls_used:
        return
    if sleep is not None and pick.random() < 0.1:
        sleep()
    boxes = [b for b in range(game.rules.n_boxes) if game.can_score(b)]
    assert game.act(E.SCORE_BOX, pick.choice(boxes)) == E.OK


class DefuseModel:
    """The part of ui/defuse_stats.DefuseStats the store uses: ``values()`` and ``load(...)``."""

    def __init__(self):
        self.v = (0, 0, 0, 0, 0)

    def values(self):
        return self.v

    def load(self, *values):
        self.v = values
        return True

    def bomb(self, pick):
        """One finished bomb, as the defuse screen counts it."""
        bombs, defused, exploded, strikes, best = self.v
        strikes += pick.randrange(4)
        if pick.random() < 0.6:
            ms = pick.randint(20000, 400000)
            best = ms if best == 0 or ms < best else best
            defused += 1
        else:
            exploded += 1
        self.v = (bombs + 1, defused, exploded, strikes, best)


def eraser(nvm):
    """The store's ``erase`` for this NVM double: the ESP32's ``espidf.erase_nvs`` on the NVS model."""
    return nvm.erase if getattr(nvm, "model", None) == "nvs" else None


def session(nvm, games, seed, backup=None, store_class=None):
    """Play ``games`` games on a store over ``nvm`` (and ``backup``) the way the app will use
    it (and a few Defuse bombs between them)."""
    pick = random.Random(seed)
    store = (store_class or nvm_store.NvmStore)(nvm, backup, eraser(nvm))
    store.load()
    bombs = DefuseModel()
    defuse_record.load_stats(store, bombs)
    for n in range(games):
        name, joker, kinds, dup = CONFIGS[(seed + n) % len(CONFIGS)]
        side = random.Random(seed * 1009 + n)  # challenge games, without changing pick's sequence
        challenge = side.randrange(1 << 30) if side.random() < 0.3 else -1
        game = E.Game(rules.get(name, joker), SeededDice(pick.randrange(1 << 20)), seats=len(kinds),
                      kinds=kinds, duplicate=dup, challenge=challenge)
        settings_copy.capture(store.settings, game)
        store.save_settings()
        abandon = pick.random() < 0.2
        coached = [0]

        def sleep():
            store.save_game(game, game.rng, coached[0])

        while not game.over:
            play_turn(game, pick, sleep)
            if game.over:
                break
            if pick.random() < 0.1:
                coached[0] |= 1 << game.player  # this seat asked for a hint
            store.save_game(game, game.rng, coached[0])
            if abandon and game.round == 4:
                store.clear_game()  # "Continue?" -> no, or New game
                break
        if game.over:
            rank = R.record_result(store, game, coached[0], (2025, 1 + n % 12, 1 + n % 28))
            if rank >= 0 and pick.random() < 0.7:
                R.set_initials(store, game.rules.variant_id, rank, pick.choice(("ann", "bob", "z.z", "?!*")))
        for _ in range(pick.randrange(3)):
            bombs.bomb(pick)
            defuse_record.save_stats(store, bombs)
        if pick.random() < 0.3:
            store.settings.brightness = pick.randint(1, 7)
            store.settings.sound = pick.randint(0, 1)
            store.save_settings()
    return store


# -- loading and judging ---------------------------------------------------------------------


def loaded(image):
    """Load an NVM image with a fresh store: (store, records, status)."""
    nvm = MemoryNVM(len(image))
    nvm.data[:] = image
    store = nvm_store.NvmStore(nvm)
    rec, status = store.load()
    return store, rec, status


def canonical(rec):
    buf = bytearray(rec.layout.slot_bytes)
    assert save.encode_slot(rec, buf) >= 0
    return bytes(buf)


_DEFAULTS = {}


def defaults(layout):
    if layout.lid not in _DEFAULTS:
        _DEFAULTS[layout.lid] = canonical(save.Records(layout))
    return _DEFAULTS[layout.lid]


def packed(record):
    buf = bytearray(1024)
    w = R.Bits(buf)
    record.pack(w)
    w.flush()
    return bytes(buf)


def check_loaded(store, rec, status, resave=True):
    """Everything a load must guarantee, whatever the bytes were. Raises AssertionError."""
    assert store.error is None, repr(store.error)  # the load's last-resort guard was not needed
    lay = rec.layout
    img = canonical(rec)
    buf = bytearray(img)
    save.seal(buf, 1, buf[4] | buf[5] << 8)
    assert slot_reader.check_slot(buf, lay) == slot_reader.SLOT_OK
    again = save.Records(lay)
    assert slot_reader.decode_slot(buf, again) == 0
    assert canonical(again) == img
    if rec.has_game():
        g = E.Game(rules.get("yahtzee"), SeededDice(1))
        assert snapshot_reader.restore_game(store, g) and not g.over
    if rec.has_rng():
        assert rec.has_game()
    if rec.challenge >= 0:
        assert rec.has_game() and not rec.has_rng() and rec.challenge < (1 << 30)
    if not rec.has_game():
        assert rec.coached == 0 and store.records.coached == 0
    fresh = save.Records(lay)
    if store.slot < 0:
        assert img == defaults(lay) and status != 0
    for flag, part in ((save.ST_RESET_SETTINGS, "settings"), (save.ST_RESET_STATS, "stats"),
                       (save.ST_RESET_SCORES, "scores"), (save.ST_RESET_DEFUSE, "defuse")):
        if status & flag:
            assert packed(getattr(rec, part)) == packed(getattr(fresh, part)), part
    if status & save.ST_RESET_GAME:
        assert not rec.has_game()
    if resave:
        result = store.save()
        assert result in (nvm_store.SAVED, nvm_store.UNCHANGED)
        store2 = nvm_store.NvmStore(store.nvm, store.backup)
        rec2, status2 = store2.load()
        assert status2 & (save.ST_RESET_ALL | save.ST_EMPTY) == 0, status2
        assert canonical(rec2) == img


def used_bytes(slot):
    return save.HEADER + (slot[4] | slot[5] << 8) + save.CRC_BYTES


def replay_cuts(log, size, counts, erase_model=True):
    """Replay every logged write torn at every byte offset; judge each reload."""
    nvm = MemoryNVM(size)
    for before, off, value in log:
        _s, rec_old, _st = loaded(before)
        old = canonical(rec_old)
        after = bytearray(before)
        after[off:off + len(value)] = value
        _s, rec_new, st_new = loaded(bytes(after))
        new = canonical(rec_new)
        assert st_new & save.ST_RESET_ALL == 0
        used = used_bytes(value)
        counts["saves"] += 1
        for k in range(len(value)):
            nvm.data[:] = before
            nvm.cut_after(k)
            try:
                nvm[off:off + len(value)] = value
                raise AssertionError("no cut")
            except PowerCut:
                pass
            store = nvm_store.NvmStore(nvm)
            rec, status = store.load()
            assert store.error is None
            got = canonical(rec)
            # complete = every byte the CRC covers is the new one (the cut may fall after the last
            # byte that differed from what was there)
            complete = nvm.data[off:off + used] == value[:used]
            counts["cuts"] += 1
            if got == (new if complete else old):
                counts["new" if complete else "old"] += 1
            else:
                counts["bad"] += 1
                raise AssertionError("cut after %d of %d bytes at %d: not the state %s the save"
                                     % (k, len(value), off, "after" if complete else "before"))
        if erase_model:
            replay_erase(before, bytes(after), old, new, counts)


def replay_erase(before, after, old, new, counts):
    """Flash that erases the whole NVM and then programs it from the start (SAMD51 block,
    RP2040 sector): cut after j programmed bytes. Only the slot areas matter."""
    size = len(before)
    lay = save_layouts.layout_for(size)
    points = list(range(0, lay.slot_bytes + 1)) + list(range(size // 2, size // 2 + lay.slot_bytes + 1))
    for j in points:
        image = after[:j] + b"\xff" * (size - j)
        _s, rec, status = loaded(image)
        got = canonical(rec)
        counts["erase_cuts"] += 1
        if got == new:
            counts["erase_new"] += 1
        elif got == old:
            counts["erase_old"] += 1
        elif got == defaults(lay) and (status & save.ST_RESET_ALL or status & save.ST_EMPTY):
            counts["erase_lost"] += 1
        else:
            counts["bad"] += 1
            raise AssertionError("erase model: cut after %d bytes gave a mixed state" % j)


def new_counts():
    keys = ("saves", "cuts", "old", "new", "bad", "erase_cuts", "erase_old", "erase_new", "erase_lost")
    return dict((k, 0) for k in keys)


def cut_games(size, games, seed, counts, erase_model=True):
    nvm = RecordingNVM(size)
    session(nvm, games, seed)
    replay_cuts(nvm.log, size, counts, erase_model)
    return counts


# -- images ----------------------------------------------------------------------------------


def image_pool(size, seed, games=4):
    """Valid NVM images: the state after every write of a few sessions."""
    pool = []
    for s in range(2):
        nvm = RecordingNVM(size)
        session(nvm, games, seed + s)
        for before, off, value in nvm.log:
            pool.append(before)
        pool.append(bytes(nvm.data))
    return pool


MUTATIONS = ("random", "pattern", "overwrite", "flip", "erase", "swap", "header", "payload_resealed",
             "truncate_resealed", "seq")


def _reseal(img, off, lay, rng, max_len=False):
    slot = bytearray(img[off:off + lay.slot_bytes])
    length = slot[4] | slot[5] << 8
    if max_len or save.HEADER + length + 4 > lay.slot_bytes:
        length = rng.randrange(0, lay.slot_bytes - save.HEADER - 4 + 1)
    slot[4] = length & 0xFF
    slot[5] = length >> 8
    save.seal(slot, slot[2] | slot[3] << 8, length)
    img[off:off + lay.slot_bytes] = slot


def mutate(pool, size, rng, kind):
    lay = save_layouts.layout_for(size)
    half = size // 2
    if kind == "random":
        return bytes(rng.getrandbits(8) for _ in range(size))
    if kind == "pattern":
        b = rng.choice((0, 0xFF, 0x55, 0xAA, 0x59))
        img = bytearray([b]) * size
        for _ in range(rng.randrange(4)):
            img[rng.randrange(size)] = rng.getrandbits(8)
        return bytes(img)
    img = bytearray(rng.choice(pool))
    off = rng.choice((0, half))
    if kind == "overwrite":
        for _ in range(rng.randint(1, 8)):
            img[rng.randrange(size)] = rng.getrandbits(8)
    elif kind == "flip":
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(off, off + lay.slot_bytes)
            img[i] ^= 1 << rng.randrange(8)
    elif kind == "erase":
        a = rng.randrange(size)
        b = min(size, a + rng.randint(1, lay.slot_bytes))
        img[a:b] = bytes([rng.choice((0, 0xFF))]) * (b - a)
    elif kind == "swap":
        s0 = img[0:lay.slot_bytes]
        img[0:lay.slot_bytes] = img[half:half + lay.slot_bytes]
        img[half:half + lay.slot_bytes] = s0
        if rng.random() < 0.5:
            img[half:half + lay.slot_bytes] = img[0:lay.slot_bytes]
    elif kind == "header":
        i = off + rng.randrange(save.HEADER)
        img[i] = rng.getrandbits(8)
        _reseal(img, off, lay, rng)
    elif kind == "payload_resealed":
        slot = img[off:off + lay.slot_bytes]
        length = slot[4] | slot[5] << 8
        if save.HEADER + length + 4 <= lay.slot_bytes and length:
            for _ in range(rng.randint(1, 6)):
                i = off + save.HEADER + rng.randrange(length)
                if rng.random() < 0.5:
                    img[i] ^= 1 << rng.randrange(8)
                else:
                    img[i] = rng.getrandbits(8)
        _reseal(img, off, lay, rng)
    elif kind == "truncate_resealed":
        _reseal(img, off, lay, rng, max_len=True)
    elif kind == "seq":
        for o in (0, half):
            if rng.random() < 0.7:
                img[o + 2] = rng.getrandbits(8)
                img[o + 3] = rng.getrandbits(8)
                _reseal(img, o, lay, rng)
    return bytes(img)


def outcome(store, status):
    if status & save.ST_NO_STORAGE:
        return "no storage"
    if store.slot < 0:
        return "empty" if status == save.ST_EMPTY else "defaults (unreadable)"
    if status & save.ST_RESET_ALL:
        return "loaded, some records reset"
    if status & save.ST_DAMAGED:
        return "loaded the other slot"
    if status & save.ST_NEWER:
        return "loaded, newer slot ignored"
    return "loaded clean"


def fuzz_images(n, size, seed, counts, resave_every=1):
    rng = random.Random(seed)
    pool = image_pool(size, seed)
    for i in range(n):
        kind = MUTATIONS[i % len(MUTATIONS)]
        image = mutate(pool, size, rng, kind)
        store, rec, status = loaded(image)
        counts["images"] = counts.get("images", 0) + 1
        key = outcome(store, status)
        counts[key] = counts.get(key, 0) + 1
        for bit, name in ((save.ST_RESET_SETTINGS, "  reset: settings"), (save.ST_RESET_STATS, "  reset: stats"),
                          (save.ST_RESET_SCORES, "  reset: high scores"), (save.ST_RESET_GAME, "  reset: game"),
                          (save.ST_RESET_RNG, "  reset: rng"), (save.ST_RESET_DEFUSE, "  reset: defuse")):
            if status & bit and store.slot >= 0:
                counts[name] = counts.get(name, 0) + 1
        check_loaded(store, rec, status, resave=(i % resave_every == 0))
    return counts


# -- the boards: each port's write, and the backup file where it is needed -------------------

def _boards():
    """(name, NVM bytes, write model (sim/flash_model.py PORT_MODELS), backup file) of each board
    (sim/boards.py FACTS "nvm", the module's NVM_BACKUP; docs/nvm_layout.md), boards of one write
    model together, then the desktop."""
    models = [boards.FACTS[name]["nvm"][0] for name in boards.NAMES]
    out = []
    for name in sorted(boards.NAMES, key=lambda n: models.index(boards.FACTS[n]["nvm"][0])):
        model, size = boards.FACTS[name]["nvm"]
        out.append((name, size, model, bool(getattr(boards.module(name), "NVM_BACKUP", False))))
    out.append(("desktop", pygamer.NVM_SIZE, "atomic", False))  # the simulator's default (PyGamer) profile
    return tuple(out)


BOARDS = _boards()


class Rig:
    """One board's storage doubles; ``log`` gets one list of writes per ``save``: each write
    is (kind "nvm"/"file", offset, bytes, NVM image before, file before)."""

    def __init__(self, size, model, backup, seed=0):
        self.size = size
        self.model = model
        self.power = Power()
        self.log = []
        rig = self

        class LoggedNVM(FlashNVM):
            def image(self):
                return UNREADABLE if self.broken else bytes(self.data)

            def __setitem__(self, index, value):
                rig.log[-1].append(("nvm", index.start, bytes(value), self.image(), rig.file_data()))
                super().__setitem__(index, value)

            def erase(self):
                rig.log[-1].append(("erase", len(self.data), b"", self.image(), rig.file_data()))
                super().erase()

        class LoggedFile(MemoryFileCopy):
            def write(self, buf):
                rig.log[-1].append(("file", 0, bytes(buf), rig.nvm.image(), self.data))
                super().write(buf)

        class LoggedStore(nvm_store.NvmStore):
            def save(self):
                rig.log.append([])
                result = super().save()
                if not rig.log[-1]:
                    rig.log.pop()
                return result

        self.nvm = LoggedNVM(size, model, seed=seed, power=self.power)
        lay = save_layouts.layout_for(size)
        self.file = LoggedFile(lay.slot_bytes, power=self.power) if backup else None
        self.store_class = LoggedStore

    def file_data(self):
        return self.file.data if self.file is not None else None

    def set_state(self, image, file_data):
        """Put the board in this (NVM image or UNREADABLE, file) state, powered on."""
        self.power.on()
        self.nvm.broken = image is UNREADABLE
        if image is not UNREADABLE:
            self.nvm.data[:] = image
        if self.file is not None:
            self.file.data = file_data

    def store(self):
        """A fresh store over the doubles, loaded (a boot)."""
        store = self.store_class(self.nvm, self.file, eraser(self.nvm))
        store.load()
        return store


def board_load(size, model, backup, image, file_data):
    """A fresh store over this NVM image (None: unreadable) and backup file: (store, records, status)."""
    nvm = FlashNVM(size, model)
    if image is UNREADABLE:
        nvm.broken = True
    else:
        nvm.data[:] = image
    copy = MemoryFileCopy(save_layouts.layout_for(size).slot_bytes, data=file_data) if backup else None
    store = nvm_store.NvmStore(nvm, copy, eraser(nvm))
    rec, status = store.load()
    return store, rec, status


class Judge:
    """Loads board states (memoised on the bytes a load reads) and counts the verdicts."""

    def __init__(self, size, model, backup):
        self.size, self.model, self.backup = size, model, backup
        self.lay = save_layouts.layout_for(size)
        self.memo = {}
        self.counts = {"cuts": 0, "old": 0, "new": 0, "lost": 0, "mixed": 0, "saves": 0, "chained": 0}

    def key(self, image, file_data):
        if image is UNREADABLE:
            return (None, file_data)
        n = self.lay.slot_bytes
        h = self.size // 2
        return (image[:n], image[h:h + n], file_data)

    def load(self, image, file_data):
        """(canonical records, status, slot) of a fresh load of this state."""
        k = self.key(image, file_data)
        got = self.memo.get(k)
        if got is None:
            store, rec, status = board_load(self.size, self.model, self.backup, image, file_data)
            if image is not UNREADABLE:
                assert store.error is None, repr(store.error)
            got = (canonical(rec), status, store.slot)
            self.memo[k] = got
        return got

    def verdict(self, state, old, new):
        got, status, _slot = self.load(*state)
        self.counts["cuts"] += 1
        if got == new:
            v = "new"
        elif got == old:
            v = "old"
        elif got == defaults(self.lay) and status & (save.ST_RESET_ALL | save.ST_EMPTY):
            v = "lost"
        else:
            v = "mixed"
        self.counts[v] += 1
        return v

    def cut_states(self, kind, off, value, nvm_before, file_before):
        """Every (NVM image, file) a cut during this write can leave."""
        if kind == "erase":
            for image in ERASE_STATES:
                yield (bytes(self.size) if image is ZEROS else image), file_before
        elif kind == "nvm" and nvm_before is UNREADABLE:
            yield nvm_before, file_before  # the write raised at once: nothing changed
        elif kind == "nvm":
            nvm = FlashNVM(self.size, self.model)
            nvm.data[:] = nvm_before
            for image in nvm.cut_states(off, value):
                yield image, file_before
        else:
            copy = MemoryFileCopy(len(value), data=file_before)
            for data in copy.cut_states(value):
                yield nvm_before, data

    def replay(self, writes, old_state=None):
        """Cut at every state of every write of one save; returns the states where only the
        backup file held the result (the NVM write was cut)."""
        first = writes[0]
        start = (first[3], first[4])
        last = writes[-1]
        end = apply_write(last)
        old = self.load(*start)[0] if old_state is None else old_state
        new = self.load(*end)[0]
        self.counts["saves"] += 1
        file_only = []
        for w in writes:
            for state in self.cut_states(*w):
                if self.verdict(state, old, new) == "new" and self.load(*state)[2] == nvm_store.FILE_SLOT:
                    file_only.append(state)
        return file_only


def apply_write(w):
    """The (NVM image, file) after write ``w`` completed."""
    kind, off, value, nvm_before, file_before = w
    if kind == "erase":  # off: the NVM's size
        return bytes(off), file_before
    if kind == "nvm" and nvm_before is UNREADABLE:
        return nvm_before, file_before
    if kind == "nvm":
        image = bytearray(nvm_before)
        image[off:off + len(value)] = value
        return bytes(image), file_before
    return nvm_before, value


def chained_save(judge, state, rig_args, next_writes):
    """From a state the last cut left (NVM lost, file new), start again and make the next save;
    cut that one at every state too: old is the state loaded, new the next save's records."""
    size, model, backup = rig_args
    rig = Rig(size, model, backup)
    rig.set_state(*state)
    store = rig.store()
    old = canonical(store.records)
    target = next_writes[-1][2]  # the next save's slot image: decode it as the records to save
    slot_reader.decode_slot(target, store.records)
    if store.save() != nvm_store.SAVED or not rig.log:
        return
    judge.counts["chained"] += 1
    judge.replay(rig.log[-1], old_state=old)


def cut_sequence(judge, rig, log, rng, cuts):
    """``cuts`` power cuts in a row: from the state before a random save of the session, boot,
    make a later save of the session (its records), cut it at a random state of one of its
    writes (half the time in the write's first 8 states: the erase, where the damage is), boot
    from what that left, and so on; each cut is judged (old: what the boot before it loaded;
    new: what the save wrote). Then a save that completes must load exactly."""
    i = rng.randrange(len(log))
    first = log[i][0]
    state = (first[3], first[4])
    done = 0
    while done < cuts:
        i = (i + 1 + rng.randrange(3)) % len(log)
        rig.set_state(*state)
        store = rig.store()
        old = canonical(store.records)
        target = log[i][-1][2]  # that save's slot image: its records are what this save writes
        slot_reader.decode_slot(target, store.records)
        rig.log.append([])
        store.save()
        writes = rig.log.pop()
        if not writes:
            continue  # the same bytes: nothing written
        new = judge.load(*apply_write(writes[-1]))[0]
        w = rng.choice(writes)
        states = list(judge.cut_states(*w))
        k = rng.randrange(min(8, len(states))) if rng.random() < 0.5 else rng.randrange(len(states))
        state = states[k]
        judge.counts["sequence_cuts"] += 1
        v = judge.verdict(state, old, new)
        judge.counts["sequence_" + v] += 1
        done += 1
    rig.set_state(*state)
    store = rig.store()
    store.settings.brightness = 1 + store.settings.brightness % 7  # a change: something to write
    want = canonical(store.records)
    if store.save() not in (nvm_store.SAVED, nvm_store.REPAIRED) or canonical(rig.store().records) != want:
        judge.counts["sequence_mixed"] += 1  # the completed save after the cuts did not load
        judge.counts["mixed"] += 1


def cut_sequences(name, n, seed, cuts=3, games=1, backup=None):
    """``n`` sequences of ``cuts`` cuts in a row on one board (``cut_sequence``): the Judge."""
    size, model, backup = board_spec(name, backup)
    rig = Rig(size, model, backup, seed)
    session(rig.nvm, games, seed, rig.file, rig.store_class)
    log = list(rig.log)
    del rig.log[:]
    judge = Judge(size, model, backup)
    for key in ("sequence_cuts", "sequence_old", "sequence_new", "sequence_lost", "sequence_mixed"):
        judge.counts[key] = 0
    rng = random.Random(seed * 31 + 7)
    for _ in range(n):
        cut_sequence(judge, rig, log, rng, cuts)
    return judge


def board_spec(name, backup=None):
    """(NVM bytes, write model, backup file?) of a board; ``backup`` False forces it off."""
    for b in BOARDS:
        if b[0] == name:
            return b[1], b[2], b[3] if backup is None else (b[3] and backup)
    raise KeyError(name)


def cut_board(name, games, seed, chained=True, backup=None, step=1):
    """Play a session on the board's doubles, then cut every ``step``-th save at every state."""
    size, model, backup = board_spec(name, backup)
    rig = Rig(size, model, backup, seed)
    session(rig.nvm, games, seed, rig.file, rig.store_class)
    judge = Judge(size, model, backup)
    for i, writes in enumerate(rig.log):
        if i % step:
            continue
        file_only = judge.replay(writes)
        if chained and file_only and i + 1 < len(rig.log):
            chained_save(judge, file_only[len(file_only) // 2], (size, model, backup), rig.log[i + 1])
    return judge, rig


def fuzz_board_images(name, n, seed, backup=None):
    """Random and mutated NVM images (and backup files) on one board: never an exception,
    always valid records, a clean save + reload after. Returns (images, crashes)."""
    size, model, backup = board_spec(name, backup)
    rng = random.Random(seed)
    pool = image_pool(size, seed)
    lay = save_layouts.layout_for(size)
    half = size // 2
    copies = [p[0:lay.slot_bytes] for p in pool] + [p[half:half + lay.slot_bytes] for p in pool]
    crashes = 0
    for i in range(n):
        image = mutate(pool, size, rng, MUTATIONS[i % len(MUTATIONS)])
        file_data = None
        if backup:
            r = rng.random()
            if r < 0.4:
                file_data = rng.choice(copies)
            elif r < 0.7:
                f = bytearray(rng.choice(copies))
                for _ in range(rng.randint(1, 6)):
                    f[rng.randrange(len(f))] = rng.getrandbits(8)
                file_data = bytes(f)
            elif r < 0.8:
                file_data = bytes(rng.getrandbits(8) for _ in range(rng.randrange(lay.slot_bytes + 2)))
        try:
            store, rec, status = board_load(size, model, backup, image, file_data)
            check_loaded(store, rec, status, resave=(i % 10 == 0))
        except Exception as e:  # counted and shown: a crash is what this looks for
            crashes += 1
            if crashes <= 3:
                print("  %s image %d: %r" % (name, i, e))
    return n, crashes


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--images", type=int, default=15000, help="NVM images to try per board")
    ap.add_argument("--games", type=int, default=2, help="games per cut session")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--boards", nargs="+", default=[b[0] for b in BOARDS])
    ap.add_argument("--sequences", type=int, default=300,
                    help="sequences of power cuts in a row per board (--cuts each)")
    ap.add_argument("--cuts", type=int, default=3, help="cuts in a row in each sequence (at least 3)")
    ap.add_argument("--no-backup", action="store_true",
                    help="the NVM alone, as before the backup file (shows what it saves)")
    args = ap.parse_args(argv)
    backup = False if args.no_backup else None
    failed = False
    t0 = time.time()
    for name in args.boards:
        t = time.time()
        judge, _rig = cut_board(name, args.games, args.seed, backup=backup)
        c = judge.counts
        seq = cut_sequences(name, args.sequences, args.seed, max(3, args.cuts), backup=backup).counts
        images, crashes = fuzz_board_images(name, args.images, args.seed, backup)
        print("%s: %d cut points, %d lost, %d mixed; %d sequences of %d cuts, %d lost, %d mixed; %d images, %d crashes"
              % (name, c["cuts"], c["lost"], c["mixed"], args.sequences, max(3, args.cuts), seq["sequence_lost"],
                 seq["sequence_mixed"], images, crashes))
        print("  (%d saves + %d after a cut, old %d, new %d; sequences: old %d, new %d; %.0f s)"
              % (c["saves"] - c["chained"], c["chained"], c["old"], c["new"], seq["sequence_old"], seq["sequence_new"],
                 time.time() - t))
        failed = failed or c["lost"] or c["mixed"] or crashes or seq["sequence_lost"] or seq["sequence_mixed"]
    print("total %.0f s" % (time.time() - t0))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
