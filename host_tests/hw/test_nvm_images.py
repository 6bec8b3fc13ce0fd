"""The bytes saved for a history never change by accident: every NVM write of scripted sessions
is hashed and compared with digests taken from the code before the records were loaded on
demand (docs/nvm_layout.md; the records code is split, the format is not).

- store sessions (tools/nvm_fuzz.session: games with a save after every scored box and with
  the coached mask, sleeps, results, initials, settings, "Continue? no", Defuse bombs) on each
  NVM size;
- the whole app run (host_tests/ui/whole_app.py: a game, initials, statistics, a Defuse bomb, a
  power-off and Continue, a second game; then a challenge game's turn with an undo and the demo)
  on a 256-byte and an 8 KB board, through code.py: its writes to the second game's end (the
  digests from before the run grew the challenge and the demo) and all of them.

When a change is meant to change the bytes (a new format version), the digests change with it,
and docs/nvm_layout.md says what and why. The digests changed once without a new version: the
snapshot's last byte pads with zero bits (it kept an earlier snapshot's bits there); the old
code with its buffer zeroed first gives these digests."""

import hashlib
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "host_tests", "ui"))

from tools.reports import nvm_fuzz

from hw import nvm as nvm_module

SESSIONS = {  # (NVM size, seed) -> sha-256 of every write (offset, bytes) in order
    (256, 1): "6b53df7084fb0060ac30b3f6a160bce7a35d697f586e6bf64d4710cf259bfebe",
    (256, 2): "93ec12a68797cc26de1e6f290b519a93c5f041c003a2a8f111580d69c8da0bfe",
    (4096, 1): "77a5798d3e9d071e8da44f45614545ebd7344d89d1d9b49821dd1803b6e9d432",
    (8192, 3): "84fc8618abf6d25eb0fa16ac26707fb8f94ac0553eac36cec21399a3f2befcee",
}
WHOLE_APP = {  # board -> sha-256 of the whole app run's NVM writes: to the second game's end, all
    "pybadge": ("7b4a29b3d2defb9bed8dcb2abdc8ee32da9a2a0e92d623787828832c4ff0747e",
                "fd7dc6d42724f77857de96f20dbda6e83093fea22963014781fbcb7a1038b794"),
    "macropad": ("39078f92ea7b3e3e7800b213f31d512a82a3e72e51a12ec54c6bbf87606b877d",
                 "ac4d713d20b698a2c2d83578bfb5c96f302408e04273ece2ffac200830cf8152"),
}


def digest(log):
    h = hashlib.sha256()
    for off, data in log:
        h.update(b"%d:%d:" % (off, len(data)))
        h.update(data)
    return h.hexdigest()


@pytest.mark.parametrize("size,seed", sorted(SESSIONS))
def test_store_session_writes_the_same_bytes(size, seed):
    nvm = nvm_fuzz.RecordingNVM(size)
    nvm_fuzz.session(nvm, 4, seed)
    assert len(nvm.log) > 40
    assert digest([(off, data) for _, off, data in nvm.log]) == SESSIONS[(size, seed)]


def whole_app_digests(profile):
    """sha-256 of the whole app run's NVM writes to the second game's end, and of all of them
    (call in its own process: the run installs the displayio stand-in, sim/fbdisplay.py, for the
    rest of the process)."""
    import whole_app

    log = []
    write = nvm_module.MemoryNVM.__setitem__

    def logged(self, index, value):
        if isinstance(index, slice):
            log.append((index.start, bytes(value)))
        write(self, index, value)

    nvm_module.MemoryNVM.__setitem__ = logged
    game_over = []

    def checkpoint(label, app):
        if label == "game 2 over":
            game_over.append(len(log))

    out = {}
    for _ in whole_app.scenario(profile, checkpoint=checkpoint, keep_frame=False, out=out):
        pass
    assert out["screen"] is not None and len(game_over) == 1 and 20 < game_over[0] < len(log)
    return digest(log[:game_over[0]]), digest(log)


@pytest.mark.parametrize("profile", sorted(WHOLE_APP))
def test_whole_app_run_writes_the_same_bytes(profile):
    run = subprocess.run([sys.executable, os.path.abspath(__file__), profile], cwd=ROOT,
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    assert tuple(run.stdout.split()[-2:]) == WHOLE_APP[profile]


if __name__ == "__main__":
    sys.path.insert(0, ROOT)
    print(*whole_app_digests(sys.argv[1]))
