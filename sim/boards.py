"""The boards, for the host: the one list every tool, test, the desktop and the web page take
theirs from.

    from sim.boards import NAMES      # ("pygamer", "pybadge", "macropad", "clue", "feather_tft", "pico_displaypack")

It is read from ``hw/select.py``'s ``BOARDS`` (CircuitPython board id -> hw module), the table a
board needs anyway to find its module, so the list costs a board nothing. Adding a board: its
module in ``hw/`` (``hw/interface.md``) and its line in ``BOARDS``. The facts about a board that
only the host needs (its heap budget in tools/memory/board_memory.py, its drive size in tools/ship/deploy.py,
its title in tools/webpage/web.py and tools/ship/release.py...) are keyed by these names, and
host_tests/hw/test_boards.py fails until each table has the new board."""

from hw.select import BOARDS

NAMES = tuple(dict.fromkeys(BOARDS.values()))  # in BOARDS' order, each once
