# Gives the CIRCUITPY drive to the game (for its backup save file) unless the board's key is
# held at power-on; hold it to copy or edit files from a computer. hw/boot_drive.py explains.
from hw.boot_drive import main

main()
