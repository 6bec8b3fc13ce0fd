"""The power cuts of the emulated boards (tools/firmware/rp2040_emulator/cuts.mjs, run in node): the
flash a cut leaves, the saves found in a flash log, and the saved copy read from the NVM sector in the
form the bench hook (ui/bench_hook.py "n") prints for the copy the store loaded. The boots from cut
flash are board_bench's stage in tools/test."""

import json
import os
import shutil
import subprocess
import zlib

import pytest

from yahtzee_core import save, save_layouts, slot_reader

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CUTS = os.path.join(ROOT, "tools", "firmware", "rp2040_emulator", "cuts.mjs")
NVM = 1020 * 1024  # board.mjs NVM_OFFSET


def node(body):
    """Runs ``body`` (JavaScript; cuts.mjs's exports in scope as C) and returns what it printed as JSON."""
    exe = shutil.which("node")
    assert exe, "node is not on PATH (the emulated boards and these tests need it)"
    script = "import * as C from %s;\n%s" % (json.dumps("file://" + CUTS), body)
    out = subprocess.run([exe, "--input-type=module", "-e", script], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, check=True)
    return json.loads(out.stdout)


def slot(seq, game=b""):
    rec = save.Records(save_layouts.LARGE)
    rec.game_len = len(game)
    rec.game[:len(game)] = game
    buf = bytearray(save_layouts.LARGE.slot_bytes)
    length = save.encode_slot(rec, buf)
    save.seal(buf, seq, length)
    return bytes(buf), rec


def copy_name(buf):
    end = save.HEADER + (buf[4] | (buf[5] << 8))
    return "%d:%s" % (buf[2] | (buf[3] << 8), ",".join(str(b) for b in buf[end:end + 4]))


def test_crc_is_zlibs():
    data = list(range(256)) * 3
    assert node("console.log(JSON.stringify(C.crc32(%s, 5, 700)))" % json.dumps(data)) == zlib.crc32(bytes(data[5:700]))


@pytest.mark.parametrize("seqs", [(7, 8), (8, 7), (0xFFFF, 0), (0, 0xFFFF)])
def test_saved_copy_is_the_newest_good_slot(seqs):
    a, _ = slot(seqs[0])
    b, _ = slot(seqs[1])
    newest = b if slot_reader.newer(seqs[1], seqs[0]) else a
    torn = bytearray(newest)
    torn[20] ^= 1
    other = a if newest is b else b
    js = """
const f = new Uint8Array(%d).fill(0xff);
const put = (bytes, at) => f.set(bytes, %d + at);
const out = [C.savedCopy(f, %d)];
put(%s, 0); put(%s, 2048); out.push(C.savedCopy(f, %d));
put(%s, %d); out.push(C.savedCopy(f, %d));
console.log(JSON.stringify(out));""" % (NVM + 4096, NVM, NVM, json.dumps(list(a)), json.dumps(list(b)), NVM,
                                         json.dumps(list(torn)), 0 if newest is a else 2048, NVM)
    assert node(js) == ["none", copy_name(newest), copy_name(other)]


def test_the_hooks_copy_name_is_the_loaded_slots_crc():
    """The bench hook encodes the loaded records again and seals them with the loaded sequence
    number: the CRC bytes it prints are the stored slot's (a game in progress, settings changed)."""
    from yahtzee_core import engine, rules, snapshot
    from yahtzee_core.seeded_dice import SeededDice

    game = engine.Game(rules.get("yahtzee"), SeededDice(5), seats=2)
    game.act(engine.ROLL)
    assert game.act(engine.SCORE_BOX, 12) == engine.OK  # chance
    rec = save.Records(save_layouts.LARGE)
    rec.game_len = snapshot.encode_into(game, rec.game)
    rec.settings.brightness = 3
    buf = bytearray(save_layouts.LARGE.slot_bytes)
    save.seal(buf, 41, save.encode_slot(rec, buf))
    back = save.Records(save_layouts.LARGE)
    _, chosen, seq, _ = slot_reader.load_slots(bytes(buf), bytes(save_layouts.LARGE.slot_bytes), back)
    again = bytearray(save_layouts.LARGE.slot_bytes)
    end = save.encode_slot(back, again)
    save.seal(again, seq, end)
    end += 6
    assert chosen == 0 and bytes(again) == bytes(buf)
    assert node("console.log(JSON.stringify(C.loadedCopy([0, %d, 0, %s])))" % (
        seq, ", ".join(str(b) for b in again[end:end + 4]))) == copy_name(buf)
    assert node("console.log(JSON.stringify(C.loadedCopy([-1, 0, 1, 0, 0, 0, 0])))") == "none"


def test_a_cut_leaves_bits_between_the_old_and_the_new():
    js = """
const rand = C.random(3);
const old = Uint8Array.from({ length: 512 }, (_, i) => (i * 37) & 0xff);
const data = Uint8Array.from({ length: 256 }, (_, i) => (i * 91 + 5) & 0xff);
const out = {};
for (const share of [0.3, 1]) {
  const p = Uint8Array.from(old); C.apply(p, ['P', 256, data], share, rand);
  const e = Uint8Array.from(old); C.apply(e, ['E', 0, 512], share, rand);
  out[share] = { p: Array.from(p), e: Array.from(e) };
}
const wrap = Uint8Array.from(old); C.apply(wrap, ['P', 256 + 200, data.subarray(0, 100)]);
out.wrap = Array.from(wrap);
console.log(JSON.stringify(out));"""
    out = node(js)
    old = [(i * 37) & 0xFF for i in range(512)]
    data = [(i * 91 + 5) & 0xFF for i in range(256)]
    full = old[:256] + [o & d for o, d in zip(old[256:], data)]
    assert out["1"]["p"] == full and out["1"]["e"] == [0xFF] * 512
    part_p, part_e = out["0.3"]["p"], out["0.3"]["e"]
    for o, f, g in zip(old, full, part_p):
        assert g & o == g and g & f == f  # only bits the program clears are cleared
    for o, g in zip(old, part_e):
        assert g | o == g  # an erase only sets bits
    assert part_p != full and part_p != old and part_e != old and part_e != [0xFF] * 512
    # a program past the page's end wraps to its start (flash.mjs)
    wrapped = list(old)
    for j in range(100):
        at = 256 + ((200 + j) & 0xFF)
        wrapped[at] = old[at] & data[j]
    assert out["wrap"] == wrapped


def test_saves_are_runs_of_operations_that_touch_the_nvm_and_cuts_fall_in_them():
    js = """
const E = (t, a) => [t, ['E', a, 4096]];
const log = [E(0, 2 << 20), E(1e6, 2 << 20),                    // the drive alone: boot_out.txt
             E(900e6, 3 << 20), E(901e6, %d), E(902e6, %d),        // a save: file, then NVM
             E(5000e6, 3 << 20), E(5040e6, %d)];                   // another (40 ms gaps)
const saves = C.savesIn(log, %d);
const cuts = C.pickCuts(saves, 200, C.random(9));
const flash = new Uint8Array(16).fill(0);
const init = Uint8Array.from(flash);
const r = C.replay(init, [[0, ['P', 0, Uint8Array.of(0, 0)]], [1, ['E', 0, 8]]], 1, new Uint8Array(16));
console.log(JSON.stringify({ saves, cuts, r: Array.from(r.subarray(0, 10)) }));""" % (NVM, NVM, NVM, NVM)
    out = node(js)
    assert out["saves"] == [{"first": 2, "last": 4}, {"first": 5, "last": 6}]
    ops = {c["op"] for c in out["cuts"]}
    assert ops == {2, 3, 4, 5, 6}
    shares = [c["share"] for c in out["cuts"]]
    assert 20 < shares.count(0) < 80 and all(s == 0 or 0.02 <= s <= 0.98 for s in shares)
    assert out["r"] == [0] * 10
