"""The emulator's instruction decoder (tools/firmware/rp2040_emulator/fastcore.mjs) against rp2040js's
own: every 16-bit opcode from four random states each (the instruction in SRAM and in flash, registers
pointing into SRAM), the same registers, flags, cycles and SRAM after it (host_tests/tools/fastcore_check.mjs)."""

import json
import os
import subprocess

from tools.firmware import emulated_boards as E

CHECK = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fastcore_check.mjs")


def check(first=0, last=0xFFFF, fastcore=None):
    node = E.node_with_rp2040js()
    with open(CHECK) as f:
        js = f.read()
    # (run from the emulator's folder: 'rp2040js' and './fastcore.mjs' resolve there)
    env = dict(os.environ, OPCODES="%x-%x" % (first, last))
    if fastcore:
        env["FASTCORE"] = "file://" + fastcore
    out = subprocess.run([node, "--input-type=module", "-e", js],
                         cwd=E.EMULATOR, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         check=True)
    return json.loads(out.stdout)


def test_every_opcode_leaves_the_state_rp2040js_leaves():
    r = check()
    assert r["failures"] == []
    assert r["trials"] == 4 * 65536
    # the switch decodes about 70 % of all opcodes itself (the rest go to rp2040js): were it never
    # used, the comparison would prove nothing
    assert r["decoded"] > 0.6 * r["trials"]


def test_a_wrong_carry_flag_is_found(tmp_path):
    """The check itself: a copy of fastcore.mjs whose LSLS (immediate) sets the carry flag even for a
    shift by 0 fails it (a comparison that cannot fail would prove nothing)."""
    with open(os.path.join(E.EMULATOR, "fastcore.mjs")) as f:
        text = f.read()
    right = "core.C = imm5 ? !!(input & (1 << (32 - imm5))) : core.C;"
    assert text.count(right) == 1
    wrong = tmp_path / "fastcore.mjs"
    wrong.write_text(text.replace(right, "core.C = !!(input & (1 << (32 - imm5)));"))
    assert check(0x0000, 0x07FF)["failures"] == []  # LSLS (immediate)
    r = check(0x0000, 0x07FF, fastcore=str(wrong))
    assert r["failures"] and r["failures"][0]["opcode"] == "0"
