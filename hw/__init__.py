"""The thin hardware layer. One module per board, each exporting the same objects
(see ``hw/interface.md``); ``hw.select.board_module()`` picks one from ``board.board_id``."""
