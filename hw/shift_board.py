"""The PyGamer and PyBadge board (they share it; each module passes its own pins): B, A, Start,
Select and the PyBadge's d-pad on the shift register, the PyGamer's analog stick, speaker, five
NeoPixels. Apart from hw/assembly.py so that only these two boards' code names these pins."""


def shift_register_board(module, joystick_pins):
    """PyGamer and PyBadge: B, A, Start, Select (and the PyBadge's d-pad) on the shift register;
    ``joystick_pins`` (x, y) for the PyGamer's analog stick, None on the PyBadge (which has no
    JOYSTICK pins: the pins are named by the PyGamer's own module)."""
    import board
    import keypad
    from supervisor import ticks_ms

    from . import assembly

    display = board.DISPLAY
    display.auto_refresh = False
    buttons = assembly.new_buttons(module, ticks_ms)
    keys = keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT,
                                    latch=board.BUTTON_LATCH, key_count=8,
                                    value_when_pressed=True)
    buttons.add_source(keys, 0)
    if joystick_pins is not None:
        import analogio

        buttons.add_poller(module.AxisKeys(analogio.AnalogIn(joystick_pins[0]),
                                           analogio.AnalogIn(joystick_pins[1]), 8))
    sound = assembly.speaker_sound(board.SPEAKER, board.SPEAKER_ENABLE, ticks_ms, pwm=False)
    lights = assembly.pixel_lights(board.NEOPIXEL, 5, (0, 1, 2, 3, 4))
    return assembly.assemble(module, display, buttons, ticks_ms, sound, lights, module.NVM_SIZE, __name__)
