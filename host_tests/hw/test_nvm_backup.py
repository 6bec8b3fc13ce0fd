"""Power cuts on each board's model of CircuitPython's nvm write (hw/nvm.FlashNVM) with the
backup file where the board needs it; the backup file; boot.py's choice of who owns the drive."""
import os
import tempfile
import types

import pytest

from hw import boot_drive
from yahtzee_core import nvm_store
from hw.backup_file import COPY_AT, EROFS, FILE_BYTES, FileCopy
from hw.nvm import PowerCut
from sim.flash_model import FlashNVM, MemoryFileCopy, Power
from tools.reports import nvm_fuzz as F
from yahtzee_core import save, save_layouts, save_status

WHOLE_UNIT = ("pygamer", "macropad", "feather_tft")  # boards whose NVM write can erase both slots


@pytest.mark.parametrize("name", [b[0] for b in F.BOARDS])
def test_a_cut_at_every_point_of_a_save_keeps_the_old_or_the_new_state(name):
    judge, rig = F.cut_board(name, 1, 5, step=6)
    c = judge.counts
    print("\n%s: %d saves, %d cut points: old %d, new %d" % (name, c["saves"], c["cuts"], c["old"], c["new"]))
    assert c["lost"] == c["mixed"] == 0
    assert c["saves"] >= 6 and c["cuts"] >= 20 * c["saves"]
    if F.board_spec(name)[2]:
        assert c["chained"] > 0  # a save after a cut that left only the file was cut again


@pytest.mark.parametrize("name", WHOLE_UNIT)
def test_without_the_backup_the_same_cuts_lose_everything(name):
    judge, rig = F.cut_board(name, 1, 5, step=6, backup=False)
    assert judge.counts["lost"] > 0 and judge.counts["mixed"] == 0


def _rig(model="samd51", size=8192, readonly=False):
    power = Power()
    nvm = FlashNVM(size, model, power=power)
    copy = MemoryFileCopy(save_layouts.layout_for(size).slot_bytes, readonly=readonly, power=power)
    return power, nvm, copy


def _saved_brightness(nvm, copy):
    store = nvm_store.NvmStore(nvm, copy)
    rec, status = store.load()
    return rec.settings.brightness, status, store


def test_the_file_is_written_before_the_nvm_and_a_cut_nvm_loads_the_file():
    power, nvm, copy = _rig()
    store = nvm_store.NvmStore(nvm, copy)
    store.load()
    store.settings.brightness = 3
    assert store.save_settings() == nvm_store.SAVED and copy.writes == 1
    store.settings.brightness = 6
    nvm.cut_at(1)  # the 8 KB block erased, nothing programmed
    assert store.save_settings() == nvm_store.SAVED  # the file got it; the NVM raised
    assert copy.writes == 2 and isinstance(store.error, PowerCut)
    power.on()
    brightness, status, again = _saved_brightness(nvm, copy)
    assert brightness == 6 and again.slot == nvm_store.FILE_SLOT
    assert status & save.ST_BACKUP  # (an erased block reads blank, not damaged)
    # the next save writes the NVM first (the file alone holds the state), then the file
    again.settings.brightness = 2
    nvm.cut_at(1)
    again.save_settings()
    power.on()
    assert _saved_brightness(nvm, copy)[0] == 6  # old: the file was not touched
    brightness, status, third = _saved_brightness(nvm, copy)
    third.settings.brightness = 2
    assert third.save_settings() == nvm_store.SAVED
    brightness, status, _s = _saved_brightness(nvm, copy)
    assert brightness == 2 and status & (save.ST_BACKUP | save.ST_DAMAGED) == 0


def test_a_read_only_drive_still_saves_to_nvm_and_turns_the_backup_off():
    power, nvm, copy = _rig("rp2040", 4096, readonly=True)
    store = nvm_store.NvmStore(nvm, copy)
    rec, status = store.load()
    assert store.backup_off and status & save.ST_BACKUP_OFF
    assert "backup copy off" in save_status.describe(status)
    store.settings.brightness = 4
    assert store.save_settings() == nvm_store.SAVED
    assert copy.writes == 0 and copy.data is None  # never tried
    assert nvm_store.NvmStore(nvm).load()[0].settings.brightness == 4


def test_a_drive_that_refuses_the_first_write_turns_the_backup_off_then():
    power, nvm, copy = _rig("nvs")
    copy.writable = lambda: None  # cannot be told in advance
    copy.readonly = True
    store = nvm_store.NvmStore(nvm, copy)
    store.load()
    assert not store.backup_off
    store.settings.brightness = 4
    assert store.save_settings() == nvm_store.SAVED and store.backup_off
    assert store.status & save.ST_BACKUP_OFF and copy.writes == 0
    store.settings.brightness = 5
    assert store.save_settings() == nvm_store.SAVED  # no second try of the file


def test_a_damaged_or_missing_file_reads_as_no_copy():
    power, nvm, copy = _rig()
    store = nvm_store.NvmStore(nvm, copy)
    store.load()
    store.settings.brightness = 3
    store.save_settings()
    good = copy.data
    torn = good[:8] + bytes((good[8] ^ 4,)) + good[9:]  # a payload bit: the CRC fails
    for data, damaged in ((None, False), (b"", False), (b"\x00" * 10, False), (bytes(len(good)), False),
                          (b"\xff" * len(good), False), (torn, True)):
        copy.data = data
        brightness, status, _s = _saved_brightness(nvm, copy)
        assert brightness == 3  # the NVM's copy
        assert bool(status & save.ST_DAMAGED) == damaged


def test_file_copy_on_a_real_drive(tmp_path):
    path = str(tmp_path / "yahtzee.sav")
    copy = FileCopy(path, 512)
    assert copy.read() is None  # missing
    copy.write(b"A" * 512)
    with open(path, "rb") as f:
        image = f.read()
    assert len(image) == FILE_BYTES and image[COPY_AT:COPY_AT + 512] == b"A" * 512
    assert image[:COPY_AT] == bytes(COPY_AT) and image[COPY_AT + 512:] == bytes(FILE_BYTES - COPY_AT - 512)
    assert copy.read() == b"A" * 512
    copy.write(b"B" * 512)  # rewritten in place, through the same open file
    assert copy.read() == b"B" * 512
    copy = FileCopy(path, 512)  # the next power-on
    assert copy.read() == b"B" * 512
    with open(path, "wb") as f:
        f.write(b"short")
    assert copy.read() is None
    copy = FileCopy(path, 512)
    copy.write(b"C" * 512)  # another size: made anew
    assert copy.read() == b"C" * 512 and os.path.getsize(path) == FILE_BYTES
    assert copy.writable() in (None, True)  # no ``storage`` module here


def test_file_copy_reads_and_keeps_the_copy_of_the_version_before():
    """Before the 8 KB file the backup was the slot alone (512 B): read, and moved into the new
    file at its first write."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "yahtzee.sav")
        with open(path, "wb") as f:
            f.write(b"O" * 128)
        copy = FileCopy(path, 128)  # a small layout: its block padded
        assert copy.read() == b"O" * 128
        copy._file = copy.prepare()  # what the first write does first
        assert os.path.getsize(path) == FILE_BYTES
        assert FileCopy(path, 128).read() == b"O" * 128
        copy.write(b"P" * 128)
        assert FileCopy(path, 128).read() == b"P" * 128
        with open(path, "rb") as f:
            image = f.read()
        assert image[COPY_AT + 128:COPY_AT + 512] == bytes(384)  # the rest of its block: zeros


def test_file_copy_is_opened_once_and_never_flushed_or_closed(tmp_path, monkeypatch):
    """On a board, closing or flushing the file runs FatFs's f_sync, which rewrites its
    directory entry in the flash sector that also holds code.py's: a power cut there loses the
    drive. So every save writes through one open file, and only ``os.sync()`` (the drive's
    sector cache) follows."""
    path = str(tmp_path / "yahtzee.sav")
    calls = []
    real_open = open

    class Watched:
        def __init__(self, f):
            self.f = f

        def seek(self, *a):
            return self.f.seek(*a)

        def write(self, b):
            calls.append(("write", len(b)))
            return self.f.write(b)

        def flush(self):
            calls.append("flush")

        def close(self):
            calls.append("close")

        def __enter__(self):
            return self

        def __exit__(self, *a):
            calls.append("close")

    def watched_open(name, mode="r", *a):
        calls.append(("open", mode))
        f = real_open(name, mode, *a)
        return Watched(f) if mode == "r+b" else f

    monkeypatch.setattr("builtins.open", watched_open)
    monkeypatch.setattr(os, "sync", lambda: calls.append("sync"))
    copy = FileCopy(path, 512)
    for letter in b"XYZ":
        copy.write(bytes((letter,)) * 512)
    opens = [c for c in calls if c[0] == "open"]
    assert opens == [("open", "wb"), ("open", "r+b")]  # made once, then opened once
    after = calls[calls.index(("open", "r+b")):]
    assert "flush" not in after and "close" not in after
    assert after[1:] == [("write", 512), "sync"] * 3
    monkeypatch.undo()
    assert FileCopy(path, 512).read() == b"Z" * 512


def test_nvs_cut_can_leave_the_nvm_unreadable_and_the_file_carries_on():
    power, nvm, copy = _rig("nvs")
    store = nvm_store.NvmStore(nvm, copy)
    store.load()
    store.settings.brightness = 3
    store.save_settings()
    store.settings.brightness = 6
    nvm.cut_at(0)  # a data chunk erased, the blob index left: every read raises
    store.save_settings()
    power.on()
    brightness, status, again = _saved_brightness(nvm, copy)
    assert brightness == 6 and isinstance(again.error, OSError)
    again.settings.brightness = 1
    assert again.save_settings() == nvm_store.SAVED  # the file alone now
    assert _saved_brightness(nvm, copy)[0] == 1


# -- boot.py -------------------------------------------------------------------------------------


class _Keys:
    def __init__(self, held, *args, **kwargs):
        self.kwargs = kwargs
        self.events = types.SimpleNamespace(get_into=self._get_into)
        self._queue = [held] if held is not None else []

    def _get_into(self, event):
        if not self._queue:
            return False
        event.key_number = self._queue.pop()
        event.pressed = True
        return True

    def deinit(self):
        pass


def _boot(board_id, held):
    board = types.SimpleNamespace(board_id=board_id, BUTTON_CLOCK=1, BUTTON_OUT=2, BUTTON_LATCH=3,
                                  KEY1=4, GP12=5, D1=6)
    remounts = []
    storage = types.SimpleNamespace(remount=lambda *a, **k: remounts.append((a, k)))
    made = []

    def keys(*args, **kwargs):
        made.append(_Keys(held, *args, **kwargs))
        return made[-1]

    keypad = types.SimpleNamespace(Keys=keys, ShiftRegisterKeys=keys, Event=types.SimpleNamespace)
    said = boot_drive.choose(board, storage, keypad, lambda s: None)
    return said, remounts, made


@pytest.mark.parametrize("board_id", sorted(boot_drive.KEYS))
def test_boot_gives_the_drive_to_the_game_unless_the_key_is_held(board_id):
    number = boot_drive.KEYS[board_id][2]
    said, remounts, made = _boot(board_id, None)
    assert remounts == [(("/",), {"readonly": False})] and "writable by the game" in said
    said, remounts, made = _boot(board_id, number)
    assert remounts == [] and "left to the computer" in said
    said, remounts, made = _boot(board_id, number + 1)  # another key: not the one
    assert len(remounts) == 1


def test_boot_leaves_other_boards_alone():
    said, remounts, made = _boot("clue_nrf52840_express", None)
    assert remounts == [] and made == []


def test_every_board_with_a_backup_has_a_boot_key():
    from hw import select

    for board_id, module in select.BOARDS.items():
        mod = __import__("hw." + module, fromlist=["x"])
        assert getattr(mod, "NVM_BACKUP", False) == (board_id in boot_drive.KEYS), board_id
    assert EROFS == 30


# -- power cuts in a row -------------------------------------------------------------------------


def test_nvs_left_unreadable_is_erased_and_written_again_so_a_later_file_cut_loses_nothing():
    power, nvm, copy = _rig("nvs")
    store = nvm_store.NvmStore(nvm, copy, nvm.erase)
    store.load()
    store.settings.brightness = 3
    store.save_settings()
    store.settings.brightness = 6
    nvm.cut_at(0)  # cut 1: a data chunk erased, the blob index left: every read raises
    store.save_settings()
    power.on()
    brightness, status, again = _saved_brightness(nvm, copy)
    assert brightness == 6 and isinstance(again.error, OSError)
    again.erase = nvm.erase
    again.settings.brightness = 1
    assert again.save_settings() == nvm_store.REPAIRED  # NVS erased, then written: two copies again
    assert not nvm.broken
    again.settings.brightness = 2
    copy.cut_at(0)  # cut 2: inside the file write (its sector torn)
    again.save_settings()
    power.on()
    brightness, status, third = _saved_brightness(nvm, copy)
    assert brightness in (1, 2) and third.slot != -1  # before or after that save, never defaults
    third.erase = nvm.erase
    third.settings.brightness = 4
    nvm.cut_at(1)  # cut 3: inside the next NVM write
    third.save_settings()
    power.on()
    assert _saved_brightness(nvm, copy)[0] in (brightness, 4)


@pytest.mark.parametrize("name", [b[0] for b in F.BOARDS])
def test_sequences_of_three_cuts_in_a_row_lose_nothing(name):
    judge = F.cut_sequences(name, 40, 3, cuts=3)
    c = judge.counts
    print("\n%s: %d cuts in sequences: old %d, new %d" % (name, c["sequence_cuts"], c["sequence_old"],
                                                          c["sequence_new"]))
    assert c["sequence_cuts"] == 40 * 3
    assert c["sequence_lost"] == c["sequence_mixed"] == 0


def test_the_sequences_find_the_loss_when_the_nvs_is_never_erased(monkeypatch):
    monkeypatch.setattr(F, "eraser", lambda nvm: None)
    judge = F.cut_sequences("feather_tft", 40, 3, cuts=4)
    assert judge.counts["sequence_lost"] > 0
