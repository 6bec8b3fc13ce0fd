"""How much a slot keeps, by NVM size (docs/nvm_layout.md): ``layout_for(nvm_len)``, ``SMALL``,
``LARGE``. Used when the store opens (start-up) and by the tools; a board unloads it once the
store is open (ui/app_start.py ``build_app``): the store keeps the one layout it uses, a plain
object whose fields a save reads, and no code of this module.

    layout = layout_for(len(nvm))       # SMALL, LARGE or None (too small to keep records)
"""

from . import settings_record as _sr
from . import snapshot as _snapshot
from .save import COACHED_BITS, CRC_BYTES, HEADER, SETTINGS_BYTES


class Layout:
    """How much a slot keeps. ``slot_bytes``: fixed size of one slot (always written whole);
    the fields are set by ``layout`` (no method: the class stays in the heap with the store's
    layout, its code would too)."""


def layout(lid, name, slot_bytes, hs_size, hs_dates, games_bits, total_bits, count_bits,
           hist_bins, hist_width, hist_bits, defuse_bits=0, defuse_best_bits=0):
    """A ``Layout`` with these widths and the records' sizes in a slot worked out (a save
    reads them)."""
    lay = Layout()
    lay.lid = lid
    lay.name = name
    lay.slot_bytes = slot_bytes
    lay.hs_size = hs_size
    lay.hs_dates = hs_dates
    lay.games_bits = games_bits
    lay.total_bits = total_bits
    lay.count_bits = count_bits
    lay.hist_bins = hist_bins
    lay.hist_width = hist_width
    lay.hist_bits = hist_bits
    lay.defuse_bits = defuse_bits  # 0: no defuse record (version 1)
    lay.defuse_best_bits = defuse_best_bits
    # the records' sizes in a slot (``save.Records.packed``: statistics, high scores, coached +
    # Defuse record)
    lay.stats_record_bits = _sr.NUM_VARIANTS * (games_bits + total_bits + 2 * count_bits + hist_bins * hist_bits)
    lay.stats_len = (lay.stats_record_bits + 7) >> 3
    entry = _sr.SCORE_BITS + 3 * _sr.CHAR_BITS + 1 + (15 if hs_dates else 0)  # score, initials, coached, day
    lay.scores_len = (_sr.NUM_VARIANTS * hs_size * entry + 7) >> 3
    # the coached mask + Defuse record (0: version 1 had none)
    lay.defuse_record_bits = COACHED_BITS + 4 * defuse_bits + defuse_best_bits if defuse_bits else 0
    lay.defuse_len = (lay.defuse_record_bits + 7) >> 3
    lay.packed_len = lay.stats_len + lay.scores_len + lay.defuse_len
    lay.fixed_len = SETTINGS_BYTES + lay.packed_len  # payload before the dice record and the game
    room = slot_bytes - HEADER - CRC_BYTES - lay.fixed_len
    # most snapshot bytes a slot holds (the dice state is kept only when the snapshot leaves
    # RNG_BYTES of this room free)
    lay.game_room = room if room < _snapshot.MAX_BYTES else _snapshot.MAX_BYTES
    return lay


# 256-byte NVM (PyGamer, PyBadge): two 128-byte slots. Top 3 per variant without dates; stats stop
# at 4,095 games per variant; 8-bin histogram of 50 points, 4 bits a bin (halved when full);
# defuse counters stop at 4,095, best time up to 4,095 s.
SMALL = layout(0, "small", 128, 3, False, 12, 22, 12, 8, 50, 4, 12, 12)
# 1 KB and more (4-8 KB boards): top 10 with dates, a million games, 16 bins of 25 points at 16 bits;
# defuse counters to a million, best time to 99:59.
LARGE = layout(1, "large", 512, 10, True, 20, 29, 20, 16, 25, 16, 20, 13)
LAYOUTS = (SMALL, LARGE)


def layout_for(nvm_len):
    """The layout an NVM of ``nvm_len`` bytes holds (two slots, one in each half), or None."""
    half = nvm_len // 2
    if half >= LARGE.slot_bytes:
        return LARGE
    if half >= SMALL.slot_bytes:
        return SMALL
    return None
