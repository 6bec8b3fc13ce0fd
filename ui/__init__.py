"""The screens: displayio Groups built when needed (``ui/screen_set.py``), the app's main loop
and the screen manager (``ui.app.App``). Nothing here imports a board module: the app is handed a board object
with the interface of ``hw/interface.md``."""
