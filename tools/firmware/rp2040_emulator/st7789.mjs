// The Pimoroni Pico Display Pack's ST7789 as the firmware drives it over SPI0 (D/C on GP16, chip
// select on GP17; its board module's make_display): CASET (0x2a) and RASET (0x2b) set the column
// and row window, RAMWR (0x2c) and RAMWRC (0x3c) write RGB565 pixels (high byte first), left to
// right and top to bottom within the window, kept here by the column and row addresses as sent
// (before MADCTL turns them onto the glass). frame() reads the 240x135 picture back out of them.

const RAM_COLUMNS = 320;
const RAM_ROWS = 320;

export class St7789 {
  constructor(mcu, { spi = 0, dc = 16, cs = 17, width = 240, height = 135 } = {}) {
    this.ram = new Uint16Array(RAM_COLUMNS * RAM_ROWS);
    this.width = width;
    this.height = height;
    this.cmd = -1;
    this.args = [];
    this.window = [0, RAM_COLUMNS - 1, 0, RAM_ROWS - 1];
    this.col = 0;
    this.row = 0;
    this.madctl = 0;
    this.half = -1;
    this.pixels = 0;
    this.on = false;
    const port = mcu.spi[spi];
    const dcPin = mcu.gpio[dc];
    const csPin = mcu.gpio[cs];
    const send = port.onTransmit;
    port.onTransmit = (value) => {
      if (!csPin.outputValue) this.byte(value & 0xff, dcPin.outputValue);
      send(value);
    };
  }

  byte(value, isData) {
    if (!isData) {
      this.cmd = value;
      this.args = [];
      this.half = -1;
      if (value === 0x2c) [this.col, this.row] = [this.window[0], this.window[2]];
      if (value === 0x29) this.on = true;
      if (value === 0x28) this.on = false;
      return;
    }
    if (this.cmd === 0x2c || this.cmd === 0x3c) {
      if (this.half < 0) {
        this.half = value;
        return;
      }
      this.pixel((this.half << 8) | value);
      this.half = -1;
      return;
    }
    this.args.push(value);
    if ((this.cmd === 0x2a || this.cmd === 0x2b) && this.args.length === 4) {
      const a = this.args;
      const lo = (a[0] << 8) | a[1];
      const hi = (a[2] << 8) | a[3];
      if (this.cmd === 0x2a) [this.window[0], this.window[1]] = [lo, hi];
      else [this.window[2], this.window[3]] = [lo, hi];
    }
    if (this.cmd === 0x36 && this.args.length === 1) this.madctl = value;
  }

  pixel(rgb) {
    const x = this.col;
    const y = this.row;
    if (x < RAM_COLUMNS && y < RAM_ROWS) this.ram[y * RAM_COLUMNS + x] = rgb;
    this.pixels++;
    const [c0, c1, r0, r1] = this.window;
    if (++this.col > c1) {
      this.col = c0;
      if (++this.row > r1) this.row = r0;
    }
  }

  // The landscape picture (width x height) as RGB565 values, from the RAM through ``map(x, y)``
  // -> [ram column, ram row] (found once by comparing with CPython's frame; see play.mjs).
  frame(map) {
    const out = new Uint16Array(this.width * this.height);
    for (let y = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++) {
        const [c, r] = map(x, y);
        out[y * this.width + x] = c >= 0 && c < RAM_COLUMNS && r >= 0 && r < RAM_ROWS ? this.ram[r * RAM_COLUMNS + c] : 0;
      }
    }
    return out;
  }
}
