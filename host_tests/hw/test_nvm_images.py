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
and docs/nvm_layout.md says what and why."""

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
    (256, 1): "3cd2c3c324f22cbdc8dd7fefc8add1df0f225e1d92364f8bb816c173243da80c",
    (256, 2): "bf78945ffc3f035d3dc81b3cc6ed316b10e68c47c086f6183b5694416fb3630b",
    (4096, 1): "a41be708baefaa4d6e4fe36fa8d99e2b6d18bea0ed045a8e2046af6e45b5b9be",
    (8192, 3): "852fb3d614dd36977c2759254cfe903835dbb1d0195875126f716959c1d0bf8c",
}
WHOLE_APP = {  # board -> sha-256 of the whole app run's NVM writes: to the second game's end, all
    "pybadge": ("aba9fc4eda76d2a2db524a6700ea4c243d0880b3f707d14d029af5a29302fca6",
                "2271adf8a2a021e5b4d3c91ffbfc605d5995ccb034002affedd8043bf362da7b"),
    "macropad": ("d922ff96498809293b2e4d3a0841af6abd53cd4785ba15cac47094be032f65da",
                 "2ae716094e39fa7874f21b7547097d56becf2450ed8d30e27df18075850ff002"),
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
