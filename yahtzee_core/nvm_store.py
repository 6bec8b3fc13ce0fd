"""Keep the player's records in NVM safely: two slots, newest valid one wins, one write per save.

    store = NvmStore(board.storage)     # microcontroller.nvm, a FileNVM, a MemoryNVM, a bytearray, None
    records, status = store.load()      # never raises; status: save.ST_* flags
    if store.has_game(): ... "Continue?" -> snapshot_reader.restore_game(store, game, rng) (True)
                                             or store.clear_game()
    store.save_game(game, rng, coached) # after every scored box and before sleeping
    coached = store.records.coached     # after restore_game: seats that asked for hints
    defuse_record.load_stats(store, defuse_stats)   # Defuse mode; save_stats(store, defuse_stats) after a bomb
    rank = records.record_result(store, game, coached, date)   # once, at game over: stats + high scores
    records.set_initials(store, variant, rank, "ABC")
    store.save_settings()               # after changing store.settings
    store.release_records()             # done with stats/scores/defuse: drop their objects

Every save encodes all records into the slot that does NOT hold the newest good copy, with the
sequence number + 1, and writes it with ONE slice assignment. A power cut at any byte of that
write leaves the other slot intact, so the next ``load`` gets the state before or after the
save, never a mix (docs/nvm_layout.md). A save that would write the same bytes again (the same
CRC-32 of the image before its sequence number is set) is skipped. Only the object it is given
is touched; the encoding is ``yahtzee_core.save``. What a game's turns never call is in the
modules loaded for it (restoring a game: ``snapshot_reader``; results and initials: ``records``).

Where the board's NVM write erases both slots at once (SAMD51, RP2040, ESP32-S3), ``backup``
(``hw.backup_file.FileCopy``: a file on the board's drive) keeps a third copy, written completely
BEFORE the NVM, so a cut in either write leaves one complete copy; when the file alone holds
the newest state (the last NVM write was cut), the NVM is written first instead. ``load`` takes
the newest good copy of all. A drive the code may not write turns the backup off
(``backup_off``, ``ST_BACKUP_OFF``); saves then go to the NVM alone.

An NVM write that raises while another copy holds the state (the ESP32's NVS after a cut in its
erase: every read and write fails until NVS is erased) calls ``erase`` (``espidf.erase_nvs``
where the port has it) and writes again: the save returns REPAIRED, so the file is never
left as the only copy.
"""

from . import save as _save
from . import snapshot as _snapshot
from .compat import const

# Results of a save.
SAVED = const(0)
UNCHANGED = const(1)  # same bytes as the newest copy: nothing written
FAILED = const(2)  # the NVM write raised (``error`` has it) and no backup file got the save
NO_STORAGE = const(3)  # no NVM: records kept in RAM only
REFUSED = const(4)  # save_game with a finished game (use records.record_result)
REPAIRED = const(5)  # saved, after the NVM refused the write and was erased (``erase``)

FILE_SLOT = const(2)  # ``slot`` when the newest good copy is the backup file
_EROFS = const(30)

RESULT_NAMES = ("saved", "unchanged", "write failed", "no storage", "refused", "repaired")


class NvmStore:
    """The records of one device over a bytearray-like ``nvm`` (``len``, slice read, slice write)."""

    def __init__(self, nvm, backup=None, erase=None):
        from . import slot_reader as _reader  # start-up code: a board unloads it once loaded

        _reader.open_store(self, nvm, backup, erase)

    # The statistics, high scores and Defuse record: objects of yahtzee_core/records.py while
    # open (``store.records.stats``, ``.scores``, ``.defuse``); ``release_records`` packs and drops them.
    def release_records(self):
        """Drop the statistics, high-score and Defuse record objects (their bytes stay, and
        every save copies them); True when they were open. The app then unloads
        ``yahtzee_core.records`` on a board; the next use loads it again."""
        return self.records.close()

    # -- loading ------------------------------------------------------------------------------

    def load(self):
        """Read both slots (and the backup file) and keep the newest good copy. Returns
        ``(records, status)``. The reading is ``slot_reader.load_store``: a board unloads that
        module once loading is done (ui/app_start.py ``build_app``)."""
        from . import slot_reader as _reader

        return _reader.load_store(self)

    # -- saving -------------------------------------------------------------------------------

    def save(self):
        """Write all records to the other slot (one slice assignment), and to the backup file
        where there is one. Returns SAVED (at least one complete copy written: an NVM that
        raised while the file got the save still leaves ``error`` set), UNCHANGED, FAILED or
        NO_STORAGE."""
        if self.nvm is None:
            return NO_STORAGE
        if not self._loaded:  # find where the next save goes, records in RAM kept (tests, tools)
            from . import slot_reader as _reader

            _reader.scan_store(self)
        buf = self._buf
        length = _save.encode_slot(self.records, buf)
        if length < 0:  # a snapshot too big for this layout: keep everything else
            self.records.game_len = 0
            length = _save.encode_slot(self.records, buf)
        # the image's CRC before its seq is set: the newest copy's when the records are the same
        # (one CRC pass more a save than comparing whole images, and 128-512 B of heap less)
        crc = self._crc
        _save.crc32_into(buf, 0, _save.HEADER + length, crc, 0)
        if self._last_ok and crc == self._last:
            return UNCHANGED
        self._last[:] = crc
        self._last_ok = False
        seq = (self.seq + 1) & 0xFFFF
        _save.seal(buf, seq, length)
        # Write first the copy that does not hold the only complete image of the state before.
        backup = self.backup is not None and not self.backup_off
        file_first = not (self._file_current and not self._nvm_current)
        filed = backup and file_first and self._write_backup(buf)
        stored = self._write_nvm(buf)
        repaired = False
        if not stored and self.erase is not None and (filed or self._file_current):
            try:  # the state is safe in the file: erase the NVM and write it again
                self.erase()
                repaired = self._write_nvm(buf)
                stored = repaired
            except Exception as e:
                self.error = e
        if backup and not file_first:
            filed = self._write_backup(buf)
        self._file_current = filed
        self._nvm_current = stored
        if not stored and not filed:
            return FAILED
        if stored:
            self.slot = self._target
            self._target = 1 - self._target
        else:
            self.slot = FILE_SLOT  # the NVM slot written may be torn: it stays the next target
        self.seq = seq
        self.writes += 1
        self._last_ok = True
        return REPAIRED if repaired else SAVED

    def _write_nvm(self, buf):
        try:
            self.nvm[self._slots[self._target]] = buf
            return True
        except Exception as e:  # OSError, ESP-IDF's NVS errors...: the game goes on without it
            self.error = e
            return False

    def _write_backup(self, buf):
        """Write the backup file; False when it could not be (a drive the code may not
        write turns the backup off for this session)."""
        try:
            self.backup.write(buf)
            return True
        except OSError as e:
            if e.args and e.args[0] == _EROFS:
                self.backup_off = True
                self.status |= _save.ST_BACKUP_OFF
            else:
                self.backup_error = e
        except Exception as e:
            self.backup_error = e
        return False

    # -- the game in progress -----------------------------------------------------------------

    def has_game(self):
        """True when a game in progress was saved ("Continue?")."""
        return self.records.game_len > 0

    def save_game(self, game, rng=None, coached=0):
        """Save ``game``, and ``rng``'s state if it has one (the desktop's seeded dice; kept when
        it fits beside the snapshot: on 256 bytes, games up to 33 snapshot bytes), and
        ``coached``, the bit mask of seats that asked for hints. Call after every scored box and
        before sleeping. A finished game is REFUSED: use ``records.record_result``."""
        if game.over:
            return REFUSED
        rec = self.records
        rec.game_len = _snapshot.encode_into(game, rec.game)
        rec.coached = coached & ((1 << game.seats) - 1)
        rec.challenge = game.challenge  # a challenge game's dice come from its code, not rng
        for i in range(3):
            rec.rng[i] = 0
        if rng is not None and hasattr(rng, "store_state"):
            rng.store_state(rec.rng)
        return self.save()

    def clear_game(self):
        """Forget the game in progress (the player chose a new game instead of continuing)."""
        self.records.clear_game()
        return self.save()

    # -- results and settings -----------------------------------------------------------------

    def save_settings(self):
        """Save after changing ``store.settings`` (unchanged settings write nothing)."""
        return self.save()
