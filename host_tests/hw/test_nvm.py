"""MemoryNVM / FileNVM: the NVM contract, and power cuts in the middle of a write."""

import pytest

from hw.nvm import MemoryNVM, PowerCut
from sim.file_nvm import FileNVM


def test_slice_read_write_and_erased_state():
    nvm = MemoryNVM(16)
    assert len(nvm) == 16 and nvm[0:16] == b"\xff" * 16
    nvm[2:5] = b"abc"
    assert nvm[0:6] == b"\xff\xffabc\xff" and nvm[3] == ord("b")
    nvm[15] = 7
    assert nvm[15] == 7 and nvm.writes == 2
    with pytest.raises(ValueError):
        nvm[0:4] = b"ab"  # a slice write cannot change the length
    with pytest.raises(IndexError):
        nvm[16] = 1
    assert nvm[0:6] == b"\xff\xffabc\xff"
    nvm[-2:] = b"yz"
    assert nvm[14:16] == b"yz" and nvm[-3:-1] == bytes(nvm.data[13:15])
    with pytest.raises(ValueError):
        nvm[0:4:2] = b"ab"


def test_power_cut_keeps_the_bytes_written_before_it():
    nvm = MemoryNVM(12, fill=0)
    nvm.cut_after(6)
    nvm[0:4] = b"ABCD"  # 4 of 6 bytes of budget
    with pytest.raises(PowerCut):
        nvm[4:10] = b"efghij"  # 2 bytes land, then the power goes
    assert nvm[0:12] == b"ABCDef\x00\x00\x00\x00\x00\x00"
    with pytest.raises(PowerCut):
        nvm[0:1] = b"Z"  # still no power
    assert nvm[0:1] == b"A"
    nvm.cut_after(None)
    nvm[0:1] = b"Z"
    assert nvm[0:1] == b"Z"


def test_file_nvm_survives_a_restart_and_a_power_cut(tmp_path):
    path = str(tmp_path / "nvm.bin")
    nvm = FileNVM(path, 8)
    nvm[0:3] = b"abc"
    nvm.cut_after(1)
    with pytest.raises(PowerCut):
        nvm[3:6] = b"xyz"
    again = FileNVM(path, 8)
    assert again[0:8] == b"abcx\xff\xff\xff\xff"
    assert not (tmp_path / "nvm.bin.tmp").exists()
