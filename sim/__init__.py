"""The simulated boards, never shipped to a board: the desktop window (``sim/desktop.py``), the
web page's board (``sim/web.py``), the board doubles the VMs run the app on (``sim/vmboard.py``
on the displayio stand-in ``sim/fbdisplay.py``, ``sim/vmhardware.py``'s fakes of CircuitPython's
hardware modules) and the test doubles (``sim/testing.py``, ``sim/flash_model.py``). The host's
list of boards is ``sim/boards.py``; what the simulated boards need of each, inside the VMs too,
is ``sim/board_table.py``. They import ``hw/``, ``ui/`` and ``yahtzee_core/``; nothing there
imports them."""
