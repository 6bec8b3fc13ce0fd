#!/usr/bin/env python3
"""Save-format torture: power cuts at every byte of every save, and random/mutated NVM images.

    python tools/nvm_fuzz.py                      # 100,000 images + cut games, 256-byte and 4 KB NVM
    python tools/nvm_fuzz.py --images 20000 --games 2 --seed 7 --sizes 256

Cuts: full simulated sessions (games with saves after every scored box with the coached mask,
mid-turn sleep saves, results, initials, settings, "Continue? no", Defuse bombs) on a ``MemoryNVM``; every write is replayed torn
after each byte offset of its slot and the NVM reloaded. The state must be exactly the one
before the save while any byte the slot's CRC covers is still old, and exactly the one after once
all of them are new (that can happen before the last byte when the tail already matched).
The same writes are also replayed under the "whole NVM erased, then programmed in order" model of
SAMD51/RP2040 flash, where a cut can lose both slots: those counts are printed, not judged.

Images: random bytes, blank-ish images, and valid images (taken from the sessions) with bytes
overwritten, bits flipped, ranges erased, slots swapped, headers changed, and payload bytes
changed with the CRC recomputed (so the record validators are reached). Each must load without
any exception, give valid records (re-encode/decode round trip, a saved game that restores), and
save and reload cleanly afterwards. host_tests/test_save_props.py runs smaller counts of both.
"""

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from hw import nvm_store  # noqa: E402
from hw.nvm import MemoryNVM, PowerCut  # noqa: E402
from yahtzee_core import engine as E  # noqa: E402
from yahtzee_core import records as R  # noqa: E402
from yahtzee_core import rules, save, snapshot  # noqa: E402
from yahtzee_core.rng import SeededDice  # noqa: E402


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


def session(nvm, games, seed):
    """Play ``games`` games on a store over ``nvm`` the way the app will use it (and a few
    Defuse bombs between them)."""
    pick = random.Random(seed)
    store = nvm_store.NvmStore(nvm)
    store.load()
    bombs = DefuseModel()
    store.load_defuse(bombs)
    for n in range(games):
        name, joker, kinds, dup = CONFIGS[(seed + n) % len(CONFIGS)]
        side = random.Random(seed * 1009 + n)  # challenge games, without changing pick's sequence
        challenge = side.randrange(1 << 30) if side.random() < 0.3 else -1
        game = E.Game(rules.get(name, joker), SeededDice(pick.randrange(1 << 20)), seats=len(kinds),
                      kinds=kinds, duplicate=dup, challenge=challenge)
        store.settings.capture(game)
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
            rank = store.record_result(game, coached[0], (2025, 1 + n % 12, 1 + n % 28))
            if rank >= 0 and pick.random() < 0.7:
                store.set_initials(game.rules.variant_id, rank, pick.choice(("ann", "bob", "z.z", "?!*")))
        for _ in range(pick.randrange(3)):
            bombs.bomb(pick)
            store.save_defuse(bombs)
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
    assert save.check_slot(buf, lay) == save.SLOT_OK
    again = save.Records(lay)
    assert save.decode_slot(buf, again) == 0
    assert canonical(again) == img
    if rec.has_game():
        g = E.Game(rules.get("yahtzee"), SeededDice(1))
        assert store.restore_game(g) and not g.over
    if rec.has_rng():
        assert rec.has_game()
    if rec.challenge >= 0:
        assert rec.has_game() and not rec.has_rng() and rec.challenge < (1 << 30)
    if not rec.has_game():
        assert rec.coached == 0 and store.game_coached() == 0
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
        store2 = nvm_store.NvmStore(store.nvm)
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
    lay = save.layout_for(size)
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
    lay = save.layout_for(size)
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


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--images", type=int, default=100000, help="NVM images to try in all (split over the sizes)")
    ap.add_argument("--games", type=int, default=3, help="games per cut session and size")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sizes", type=int, nargs="+", default=[256, 4096])
    ap.add_argument("--resave-every", type=int, default=1, help="also save+reload every Nth image")
    args = ap.parse_args(argv)
    total_images = 0
    total_cuts = 0
    for size in args.sizes:
        lay = save.layout_for(size)
        t0 = time.time()
        counts = new_counts()
        cut_games(size, args.games, args.seed, counts)
        t1 = time.time()
        print("%d-byte NVM (%s layout, %d-byte slots): power cuts" % (size, lay.name, lay.slot_bytes))
        print("  saves replayed %d, cut points %d: state before %d, state after %d, anything else %d  (%.1f s)"
              % (counts["saves"], counts["cuts"], counts["old"], counts["new"], counts["bad"], t1 - t0))
        print("  erase-then-program flash model: %d cut points: before %d, after %d, both slots lost %d"
              % (counts["erase_cuts"], counts["erase_old"], counts["erase_new"], counts["erase_lost"]))
        total_cuts += counts["cuts"]
        n = args.images // len(args.sizes)
        counts = {}
        fuzz_images(n, size, args.seed, counts, args.resave_every)
        t2 = time.time()
        print("  images %d (%.1f s), no exception, all loads valid:" % (counts["images"], t2 - t1))
        for key in sorted(k for k in counts if k != "images"):
            print("    %-28s %d" % (key, counts[key]))
        total_images += counts["images"]
    print("total: %d cut points, %d images, 0 failures" % (total_cuts, total_images))


if __name__ == "__main__":
    main()
