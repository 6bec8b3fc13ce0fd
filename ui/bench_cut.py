"""The power cuts' question to the bench hook (ui/bench_hook.py "n"), loaded only when asked: which
saved copy did the store load at start-up? tools/firmware/rp2040_emulator/cuts.mjs boots the
emulated board from the flash a power cut left inside a save and compares the answer with the copy
before the save and the one it wrote:

    @n SLOT SEQ STATUS C0 C1 C2 C3

SLOT: -1 none, 0/1 an NVM slot, 2 the backup file (yahtzee_core/nvm_store.FILE_SLOT); SEQ its sequence number;
STATUS the load's flags (yahtzee_core/save.py ST_*); C0..C3 the CRC-32 bytes of the loaded records
encoded again and sealed with SEQ, which are the loaded copy's own CRC bytes (host_tests/hw/
test_power_cuts.py checks that encoding a loaded slot again gives its bytes)."""

from yahtzee_core import save


def answer(app):
    store = app.store
    buf = bytearray(store.layout.slot_bytes)
    end = save.encode_slot(store.records, buf)
    save.seal(buf, store.seq, end)
    end += 6  # save.HEADER: the CRC follows the payload
    print("@n", store.slot, store.seq, store.status, buf[end], buf[end + 1], buf[end + 2], buf[end + 3])
