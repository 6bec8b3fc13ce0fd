"""Making a board's ``Board`` at start-up, shared by the board modules: NVM and its backup file,
speaker, lights, buttons, and the assembly. Used once: ``assemble`` (every ``make_board``'s last
call) unloads this module, so on a board its code leaves the heap (hw/parts.py keeps the devices
that live on).

Hardware modules are imported inside the functions, so the desktop and tests can import
the board modules (for their key tables) without CircuitPython."""

import sys

from .base import Board, Clock
from .keymap import Buttons
from .parts import BacklightPower, HardwareDice, PixelLights


def nvm_storage(size_if_missing=256):
    """``microcontroller.nvm``, or a RAM stand-in (not kept over power-off) when the build
    has none. Returns (storage, persistent)."""
    try:
        import microcontroller

        nvm = getattr(microcontroller, "nvm", None)
    except ImportError:
        nvm = None
    if nvm is not None:
        return nvm, True
    from .nvm import MemoryNVM

    return MemoryNVM(size_if_missing), False


def backup_copy(module, storage, persistent):
    """The backup file for boards whose NVM write erases both slots at once (the module's
    ``NVM_BACKUP``; docs/nvm_layout.md), or None."""
    if not persistent or not getattr(module, "NVM_BACKUP", False):
        return None
    from yahtzee_core import save_layouts

    from .backup_file import BACKUP_FILE, FileCopy

    layout = save_layouts.layout_for(len(storage))
    return FileCopy(BACKUP_FILE, layout.slot_bytes) if layout is not None else None


def nvm_eraser(persistent):
    """``espidf.erase_nvs`` where the port has it (ESP32: an NVS left unreadable by a power cut
    refuses every nvm write until erased; yahtzee_core/nvm_store.py), else None."""
    try:
        import espidf

        return espidf.erase_nvs if persistent else None
    except (ImportError, AttributeError):
        return None


def sine_cycle(array_class, length=16, amplitude=9000):
    """One cycle of a sine as signed 16-bit samples, built once at start-up: ``length`` is
    ``hw/sound.SINE_LEN`` (host_tests/hw/mp_device_modules.py checks it), ``amplitude`` of 32767 (a
    small speaker rattles at full volume)."""
    import math

    return array_class("h", [int(math.sin(2 * math.pi * i / length) * amplitude)
                             for i in range(length)])


def speaker_sound(speaker_pin, enable_pin, clock, pwm):
    """Cues on the board speaker: ``audioio.AudioOut`` (SAMD51) or ``audiopwmio`` (RP2040, nRF)."""
    try:
        import array

        import audiocore

        if pwm:
            import audiopwmio

            audio_out = audiopwmio.PWMAudioOut
        else:
            import audioio

            audio_out = audioio.AudioOut
    except ImportError:
        from .null import NullSound

        return NullSound()
    from .sound import ToneSound  # (imported only where there is a speaker)

    if enable_pin is not None:
        import digitalio

        enable = digitalio.DigitalInOut(enable_pin)
        enable.switch_to_output(value=True)
    sample = audiocore.RawSample(sine_cycle(array.array), sample_rate=8000)
    sound = ToneSound(audio_out(speaker_pin), sample, clock)
    if enable_pin is not None:
        sound.enable = enable  # keep the pin claimed
    return sound


def pixel_lights(pin, count, die_pixels, power_pin=None):
    try:
        import digitalio
        from neopixel_write import neopixel_write
    except ImportError:
        from .null import NullLights

        return NullLights()
    if power_pin is not None:
        power = digitalio.DigitalInOut(power_pin)
        power.switch_to_output(value=True)
    data = digitalio.DigitalInOut(pin)
    data.switch_to_output(value=False)
    lights = PixelLights(neopixel_write, data, count, die_pixels)
    if power_pin is not None:
        lights.power = power
    lights.off()
    return lights


def assemble(module, display, buttons, clock, sound=None, lights=None, nvm_size=256, helper=None):
    """The ``Board`` for ``module`` (a board module with NAME, BOARD_ID, COLOUR, KEYMAP_HELP).
    On a board this module is unloaded after, and so is ``helper`` (the name of a module only the
    board's ``make_board`` uses, as hw/shift_board.py); the board module, which the app keeps for
    its key tables, loses its ``make_board`` (run once: its code is then freed when it returns)."""
    storage, persistent = nvm_storage(nvm_size)
    if sound is None or lights is None:  # (hw.null is loaded only on a board that lacks one)
        from .null import NullLights, NullSound

        sound = sound if sound is not None else NullSound()
        lights = lights if lights is not None else NullLights()
    board = Board(
        name=module.NAME,
        board_id=module.BOARD_ID,
        display=display,
        width=display.width,
        height=display.height,
        colour=module.COLOUR,
        buttons=buttons,
        keymap_help=module.KEYMAP_HELP,
        rng=HardwareDice(),
        storage=storage,
        storage_persistent=persistent,
        backup=backup_copy(module, storage, persistent),
        erase_nvm=nvm_eraser(persistent),
        sound=sound,
        lights=lights,
        clock=Clock(clock),
        power=BacklightPower(display, buttons),
    )
    if sys.implementation.name != "cpython":  # (CPython's tests keep them: nothing to save there)
        package = sys.modules.get("hw")
        for name in (__name__, helper):
            if name in sys.modules:
                del sys.modules[name]
                leaf = name[name.rfind(".") + 1:]
                if package is not None and hasattr(package, leaf):
                    delattr(package, leaf)
        del module.make_board
    return board


def new_buttons(module, clock):
    """``Buttons`` with the board module's key tables and one reused ``keypad.Event``."""
    import keypad

    return Buttons(module.SHORT, module.LONG, module.REPEAT, module.RING, clock=clock,
                   event=keypad.Event())
