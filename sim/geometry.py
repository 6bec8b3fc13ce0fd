"""Where the app's text fields and dice are on the screen: what the pixel tests and the reports
ask, and a board never does, so ``ui/text.py`` and ``ui/dice_view.py`` do not carry it (each
method a board holds costs its heap). ``install()`` gives the classes these accessors on the host:

    from sim import geometry
    geometry.install()    # host_tests/ui/conftest.py, tools/reports/ui_redraw_report.py
    tf.bounds()           # TextField: (x, y, width, height) in screen pixels; tf.x, tf.y,
                          # tf.cell_x(i), tf.palette, tf.hidden
    view.bounds(), view.cell(i)   # DiceView: the dice and their marks; die i's face (x, y, size)
"""

from ui.dice_view import DiceView
from ui.text import TextField


def _field_x(tf):
    return tf.node.x


def _field_y(tf):
    return tf.node.y


def _field_palette(tf):
    """The palette the field is drawn with now."""
    return tf.tiles.pixel_shader


def _field_hidden(tf):
    return tf.node.hidden


def _field_bounds(tf):
    """(x, y, width, height) in screen pixels, relative to the screen group."""
    scale = tf.scale
    return (tf.node.x, tf.node.y, tf.width * tf.sheet.glyph_w * scale, tf.sheet.glyph_h * scale)


def _field_cell_x(tf, i):
    """Screen x of the left edge of cell ``i``."""
    return tf.node.x + i * tf.sheet.glyph_w * tf.scale


def _dice_bounds(view):
    """(x, y, width, height) of the dice and their marks on the screen."""
    return (view.x, view.y, 5 * view.pitch * view.scale, (view.die + view.mark_h) * view.scale)


def _dice_cell(view, i):
    """(x, y, size) of die ``i``'s face on the screen."""
    s = view.scale
    return (view.x + (i * view.pitch + view.offset) * s, view.y, view.die * s)


def install():
    """Give TextField and DiceView the accessors above (idempotent)."""
    TextField.x = property(_field_x)
    TextField.y = property(_field_y)
    TextField.palette = property(_field_palette)
    TextField.hidden = property(_field_hidden)
    TextField.bounds = _field_bounds
    TextField.cell_x = _field_cell_x
    DiceView.bounds = _dice_bounds
    DiceView.cell = _dice_cell
