"""Small portability shims shared by the core (CPython, MicroPython, CircuitPython)."""

try:
    from micropython import const
except ImportError:  # CPython

    def const(value):
        return value


try:
    from array import array
except ImportError:  # pragma: no cover - every target port has array
    array = None
