"""Pocket Yahtzee core: rules as data, game engine, strategy and codecs.

Pure Python in the MicroPython subset: no hardware, no file I/O, no ``random``."""
