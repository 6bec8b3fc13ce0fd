"""The desktop window path (pygame with SDL's dummy video driver): scaled picture, light
strip, keyboard events through the board's key tables, closing the window."""

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

import displayio

from hw import inputs as I
from sim import desktop
from sim.testing import FakeClock


@pytest.fixture
def window_board():
    pygame.display.init()
    displayio.release_displays()  # Blinka allows one display at a time
    module = desktop.board_module("clue")
    display = desktop.FrameBufferDisplay(module.WIDTH, module.HEIGHT)
    short, long, repeat, names, _ = desktop.key_tables(module)
    keycodes = {pygame.key.key_code(n): k for n, k in names.items()}
    clock = FakeClock(100)
    buttons = desktop.KeyboardButtons(pygame, keycodes, short, long, repeat, module.RING,
                                      clock=clock)
    window = desktop.Window(pygame, display, 2, "test", 1)
    buttons.window = window
    yield display, buttons, window, clock
    pygame.display.quit()


def post(kind, key):
    pygame.event.post(pygame.event.Event(kind, key=key, mod=0, unicode="", scancode=0))


def test_window_shows_the_screen_scaled_with_a_light_strip(window_board):
    display, buttons, window, clock = window_board
    assert window.surface.get_size() == (480, 480 + window.STRIP)
    bitmap = displayio.Bitmap(240, 240, 2)
    palette = displayio.Palette(2)
    palette[0], palette[1] = 0x000000, 0xFF0000
    bitmap[10, 20] = 1
    group = displayio.Group()
    group.append(displayio.TileGrid(bitmap, pixel_shader=palette))
    display.root_group = group
    display.refresh()  # draws, and presents through on_present
    s = window.surface
    assert s.get_at((20, 40))[:3] == (255, 0, 0) == s.get_at((21, 41))[:3]
    assert s.get_at((22, 40))[:3] == (0, 0, 0)
    lights = desktop.WindowLights(window, None)
    lights.show_held(0b100)
    centre = (480 // 2, 480 + window.STRIP // 2)
    assert s.get_at(centre)[:3] != (60, 60, 60)  # lit
    lights.off()
    assert s.get_at(centre)[:3] == (60, 60, 60)


def test_keyboard_events_become_inputs_and_closing_quits(window_board):
    display, buttons, window, clock = window_board
    for key in (pygame.K_SPACE, pygame.K_2, pygame.K_RETURN, pygame.K_a, pygame.K_b):
        post(pygame.KEYDOWN, key)
        post(pygame.KEYUP, key)
    got = [buttons.poll() for _ in range(6)]
    assert got == [I.ROLL, I.HOLD_2, I.ENTER, I.HOLD_1, I.NONE, I.NONE]  # a: ring next, b: do it
    post(pygame.KEYDOWN, pygame.K_b)
    buttons.poll()
    clock.advance(700)
    assert buttons.poll() == I.MENU  # hold b
    post(pygame.KEYUP, pygame.K_b)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    with pytest.raises(SystemExit):
        buttons.poll()
