"""Sleep until a button, from ``Idle.tick`` when nobody touched one for the settings' time:
loaded for it and unloaded after (a game does not hold its code)."""


def sleep(idle):
    """Save, sleep until a button, and come back exactly where the player was."""
    app = idle.app
    app.sound.stop()  # everything saved, sound and lights off
    app.save_settings()
    app.save_game()
    app.lights.off()
    if not idle.dimmed:
        idle.dimmed = True
        app.board.power.dim(True)
    idle.sleeps += 1
    buttons = app.buttons
    ring_pos = buttons.ring_pos
    app.board.power.sleep_until_button()
    buttons.clear()  # the waking press does nothing else: no code ...
    buttons.ring_pos = ring_pos  # ... and no step of the command ring
    app.now = app.clock.ticks_ms()
    if app.demo:
        app.demo.stop()
    if app.in_game:
        app.show_lights()
    idle._ring_pos = app.buttons.ring_pos
    idle.touch(app.clock.ticks_ms())
