"""tools/firmware/circuitpython_build.py without building: what it needs, where it looks, what it says
when something is missing (the build itself runs in bash tools/test's setup)."""

import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from tools.firmware import circuitpython_build as cb


def test_a_missing_tarball_says_what_and_where(tmp_path):
    with pytest.raises(SystemExit, match="circuitpython-10-.*unix-src.tar.xz in %s" % tmp_path):
        cb.tarball(str(tmp_path))
    with pytest.raises(SystemExit, match="expected one"):
        cb.ensure(str(tmp_path), str(tmp_path / "build"), quiet=True)
    assert cb.built_mpy_cross(str(tmp_path), str(tmp_path / "build")) is None


def test_the_build_folder_is_named_by_the_tarballs_hash(tmp_path):
    shared, build = tmp_path / "shared", tmp_path / "build"
    shared.mkdir()
    tar = shared / "circuitpython-10-abc-unix-src.tar.xz"
    tar.write_bytes(b"not a tarball")
    folder = build / ("circuitpython-" + cb.sha256_of(str(tar))[:12])
    cross = folder / "mpy-cross" / "build" / "mpy-cross"
    assert cb.built_mpy_cross(str(shared), str(build)) is None
    cross.parent.mkdir(parents=True)
    cross.write_text("")
    assert cb.built_mpy_cross(str(shared), str(build)) == str(cross)


def test_the_shared_script_still_has_the_make_line_the_core_builds_on():
    if not os.path.exists(os.path.join(cb.SHARED, "build-unix.sh")):
        pytest.fail("../shared/circuitpython/build-unix.sh is missing: CircuitPython's source for the tests "
                    "lives beside the project")
    assert cb.frozen_make_flags() == cb.MAKE_FLAGS
    assert cb.read_cp_version().startswith("10.")
