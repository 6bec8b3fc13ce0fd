// The MacroPad's 128x64 SH1106 OLED as the firmware drives it over SPI1 (D/C on GPIO24, chip
// select on GPIO22; CircuitPython's board.c for adafruit_macropad_rp2040): page and column
// commands with D/C low, pixel bytes (8 rows of one column, bit 0 on top) with D/C high into a
// 132-column frame of which columns 2..129 show (the board's column start). png() draws it.

import fs from 'node:fs';
import zlib from 'node:zlib';

const COLUMNS = 132;
const PAGES = 8;
const COLUMN_START = 2;
const WIDTH = 128;
const HEIGHT = 64;
const ONE_ARG = new Set([0x20, 0x81, 0x8d, 0xa8, 0xad, 0xd3, 0xd5, 0xd9, 0xda, 0xdb]);

export class Sh1106 {
  constructor(mcu, { spi = 1, dc = 24, cs = 22 } = {}) {
    this.ram = new Uint8Array(COLUMNS * PAGES);
    this.page = 0;
    this.column = 0;
    this.skipArgs = 0;
    this.on = false;
    this.inverted = false;
    this.commands = 0;
    this.dataBytes = 0;
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
    if (isData) {
      if (this.column < COLUMNS) this.ram[this.page * COLUMNS + this.column] = value;
      this.column++;
      this.dataBytes++;
      return;
    }
    this.commands++;
    if (this.skipArgs) {
      this.skipArgs--;
    } else if (ONE_ARG.has(value)) {
      this.skipArgs = 1;
    } else if (value <= 0x0f) {
      this.column = (this.column & 0xf0) | value;
    } else if (value <= 0x1f) {
      this.column = (this.column & 0x0f) | ((value & 0x0f) << 4);
    } else if (value >= 0xb0 && value <= 0xb7) {
      this.page = value & 7;
    } else if (value === 0xae || value === 0xaf) {
      this.on = value === 0xaf;
    } else if (value === 0xa6 || value === 0xa7) {
      this.inverted = value === 0xa7;
    }
  }

  pixel(x, y) {
    const lit = (this.ram[(y >> 3) * COLUMNS + x + COLUMN_START] >> (y & 7)) & 1;
    return this.inverted ? !lit : !!lit;
  }

  litPixels() {
    let n = 0;
    for (let y = 0; y < HEIGHT; y++) for (let x = 0; x < WIDTH; x++) n += this.pixel(x, y);
    return n;
  }

  // An 8-bit grey PNG, ``scale`` times the panel, lit pixels white.
  png(path, scale = 4) {
    const w = WIDTH * scale;
    const h = HEIGHT * scale;
    const raw = Buffer.alloc((w + 1) * h);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) raw[y * (w + 1) + 1 + x] = this.pixel((x / scale) | 0, (y / scale) | 0) ? 255 : 0;
    }
    const header = Buffer.alloc(13);
    header.writeUInt32BE(w, 0);
    header.writeUInt32BE(h, 4);
    header[8] = 8; // bit depth; colour type 0 (grey), no interlace
    fs.writeFileSync(path, Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0)),
    ]));
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}
