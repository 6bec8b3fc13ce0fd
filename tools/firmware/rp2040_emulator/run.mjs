// Boot a CircuitPython RP2040 firmware image (.uf2) in rp2040js (Wokwi's RP2040 emulator) and type
// into its REPL over the emulated USB CDC serial port; no hardware needed.
//
//   cd tools/firmware/rp2040_emulator && npm ci
//   node run.mjs --image firmware.uf2 --bootrom ~/src/rp2040js/demo/bootrom.ts \
//       --send "import gc; gc.collect(); print(gc.mem_free(), gc.mem_alloc())" \
//       [--paste ../../../code.py] [--send ...] [--elf firmware.elf] [--oled-png oled.png]
//       [--flash-mb 8] [--timeout 300] [--verbose]
//
// --bootrom: the RP2040 B1 boot ROM, which the npm package does not ship: demo/bootrom.ts of a
//   checkout of https://github.com/wokwi/rp2040js (its 32-bit words are parsed out of the file),
//   or a raw 16 KB .bin. CircuitPython calls the ROM's routines (memcpy, flash, float).
// --send TEXT: a line typed at the ">>> " prompt; --paste FILE: the file typed in paste mode
//   (Ctrl-E ... Ctrl-D), up to its first top-level `if __name__` line, so that code.py's
//   functions get defined without its main loop starting. Both run in the order given; each waits
//   for the prompt that follows the previous one. Exit 0 when all have run, 2 on --timeout
//   (wall-clock seconds), with the PC (and its function, given --elf and arm-none-eabi-nm) every 10 s.
// --flash-mb N: the flash chip's size (8, the MacroPad's; 2 for a Pico); sets CIRCUITPY's size.
// --oled-png FILE: the MacroPad's SH1106 as the firmware last drew it, written at exit (oled.mjs).
//
// What it adds to rp2040js 1.4.1 (nothing in node_modules is changed):
// - SPI bytes take their wire time. rp2040js completes a byte the moment it is written, so the TX
//   DMA channel of CircuitPython's busio.SPI (ports/raspberrypi/common-hal/busio/SPI.c, _transfer),
//   re-armed by rp2040js ahead of the RX channel, overflows the 8-entry RX FIFO, and the RX channel
//   never finishes: the firmware hangs in the OLED's first DMA transfer (32 bytes or more).
// - A SPI NOR flash behind the SSI when the firmware drives the chip select itself (the boot ROM's
//   flash_range_erase/program, CircuitPython's CIRCUITPY drive and microcontroller.nvm): rp2040js
//   only serves XIP reads, so without it writes are lost and CIRCUITPY cannot be formatted (safe
//   mode NO_CIRCUITPY); flash.mjs also gives IO_QSPI registers and the QSPI chip select a pull-up.
// - GPIO inputs idle high (rp2040js ignores pull-ups: the MacroPad's keys read as held).
// - Typed text waits for room in rp2040js's 512-byte CDC FIFO.
// Host-only (docs/firmware.md, "On an emulated RP2040"); not part of tools/test or CI.

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { ConsoleLogger, LogLevel, Simulator, USBCDC } from 'rp2040js';
import { SpiNorFlash } from './flash.mjs';
import { Sh1106 } from './oled.mjs';

const FLASH_BASE = 0x10000000;
const UF2_MAGIC = [0x0a324655, 0x9e5d5157];

function parseArgs(argv) {
  const opts = { steps: [], timeout: 300, verbose: false, flashMb: 8 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--image') opts.image = value();
    else if (a === '--bootrom') opts.bootrom = value();
    else if (a === '--elf') opts.elf = value();
    else if (a === '--timeout') opts.timeout = Number(value());
    else if (a === '--send') opts.steps.push({ kind: 'send', text: value() });
    else if (a === '--paste') opts.steps.push({ kind: 'paste', file: value() });
    else if (a === '--oled-png') opts.oledPng = value();
    else if (a === '--flash-mb') opts.flashMb = Number(value());
    else if (a === '--verbose') opts.verbose = true;
    else throw new Error(`unknown argument ${a}`);
  }
  if (!opts.image || !opts.bootrom) throw new Error('--image and --bootrom are required');
  return opts;
}

function readBootrom(path) {
  const data = fs.readFileSync(path);
  if (path.endsWith('.bin')) return new Uint32Array(new Uint8Array(data).buffer, 0, data.length >> 2);
  const text = data.toString('utf8');
  const start = text.indexOf('Uint32Array([');
  if (start < 0) throw new Error(`${path}: no Uint32Array([...]) in it`);
  return Uint32Array.from(text.slice(start).match(/0x[0-9a-fA-F]+/g), (h) => parseInt(h, 16));
}

function loadUF2(path, flash) {
  const data = fs.readFileSync(path);
  let blocks = 0;
  for (let off = 0; off + 512 <= data.length; off += 512) {
    const view = new DataView(data.buffer, data.byteOffset + off, 512);
    if (view.getUint32(0, true) !== UF2_MAGIC[0] || view.getUint32(4, true) !== UF2_MAGIC[1]) continue;
    const addr = view.getUint32(12, true);
    const size = view.getUint32(16, true);
    flash.set(data.subarray(off + 32, off + 32 + size), addr - FLASH_BASE);
    blocks++;
  }
  return blocks;
}

function symbolizer(elf) {
  if (!elf) return () => '';
  const rows = execFileSync('arm-none-eabi-nm', ['-n', elf], { encoding: 'utf8', maxBuffer: 1 << 26 })
    .split('\n')
    .map((line) => line.split(' '))
    .filter((f) => f.length === 3 && /[tTwW]/.test(f[1]))
    .map((f) => [parseInt(f[0], 16), f[2]]);
  return (pc) => {
    let lo = 0;
    let hi = rows.length - 1;
    if (!rows.length || pc < rows[0][0]) return '?';
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (rows[mid][0] <= pc) lo = mid;
      else hi = mid - 1;
    }
    return rows[lo][1];
  };
}

// Paste mode text of a file: up to its first top-level `if __name__` line.
function pasteText(file) {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const stop = lines.findIndex((line) => line.startsWith('if __name__'));
  return (stop < 0 ? lines : lines.slice(0, stop)).join('\r\n');
}

const opts = parseArgs(process.argv.slice(2));
const t0 = Date.now();
const sim = new Simulator();
const mcu = sim.rp2040;
const sym = symbolizer(opts.elf);
const when = () => `${((Date.now() - t0) / 1000).toFixed(1)} s wall, ${(sim.clock.nanos / 1e9).toFixed(2)} s emulated`;
const note = (text) => console.error(`[rp2040] ${text}`);

mcu.loadBootrom(readBootrom(opts.bootrom));
mcu.logger = new ConsoleLogger(opts.verbose ? LogLevel.Warn : LogLevel.Error);
mcu.flash.fill(0xff); // erased NOR flash, as on a new board
note(`${loadUF2(opts.image, mcu.flash)} UF2 blocks of ${opts.image} in flash`);
const norFlash = new SpiNorFlash(mcu, opts.flashMb);

// SPI: each byte completes after its wire time at the programmed clock (see the header).
for (const spi of mcu.spi) {
  const done = sim.clock.createAlarm(() => spi.completeTransmit(0));
  spi.onTransmit = () => {
    const hz = spi.clockFrequency || 1e6;
    done.schedule(Math.max(1, Math.round((spi.dataBits * 1e9) / hz)));
  };
}

// rp2040js ignores pull-ups: an input nobody drives reads low, which on the MacroPad is every key
// and the encoder's switch held down. Here every GPIO input idles high, as pulled up.
for (const pin of mcu.gpio) pin.setInputValue(true);

const oled = opts.oledPng ? new Sh1106(mcu) : null;

const cdc = new USBCDC(mcu.usbCtrl);
let screen = '';
let step = -1; // -1: waiting for the first prompt
// rp2040js's CDC keeps 512 bytes for the device to read: the rest waits here and is topped up
// every 0.1 ms (emulated).
const pending = [];
const feed = sim.clock.createAlarm(() => {
  while (pending.length && !cdc.txFIFO.full) cdc.sendSerialByte(pending.shift());
  if (pending.length) feed.schedule(100e3);
});
const type = (text) => {
  pending.push(...Buffer.from(text, 'utf8'));
  feed.schedule(0);
};

function next() {
  if (step === -1) note(`REPL prompt after ${when()}`);
  else note(`step ${step + 1} done after ${when()}`);
  step++;
  screen = '';
  if (step >= opts.steps.length) {
    note(`all ${opts.steps.length} steps done; flash writes: ${norFlash.summary()}`);
    if (oled) {
      oled.png(opts.oledPng);
      note(`OLED ${oled.on ? 'on' : 'off'}, ${oled.commands} command and ${oled.dataBytes} data bytes, ` +
        `${oled.litPixels()} of 8192 pixels lit: ${opts.oledPng}`);
    }
    process.exit(0);
  }
  const s = opts.steps[step];
  if (s.kind === 'send') type(s.text + '\r');
  else type('\x05' + pasteText(s.file) + '\r\n\x04');
}

cdc.onSerialData = (buffer) => {
  const text = Buffer.from(buffer).toString('latin1');
  process.stdout.write(text);
  screen = (screen + text).slice(-16);
  if (screen.endsWith('\n>>> ')) next();
};
// CircuitPython drops what it prints before the host opens the port, and waits for a key before
// the REPL: Ctrl-C every 0.5 s (emulated) until a prompt shows.
const knock = sim.clock.createAlarm(() => {
  if (step === -1) {
    type('\x03');
    knock.schedule(500e6);
  }
});
cdc.onDeviceConnected = () => {
  note(`USB CDC open after ${when()}`);
  knock.schedule(200e6);
};

const status = setInterval(() => {
  const pc = mcu.core.PC;
  note(`${when()}: PC=0x${pc.toString(16)} ${sym(pc)} LR=${sym(mcu.core.LR)}`);
  if ((Date.now() - t0) / 1000 > opts.timeout) {
    note(`timeout (${opts.timeout} s) at step ${step + 1} of ${opts.steps.length}`);
    process.exit(2);
  }
}, 10000);
status.unref();

mcu.core.PC = FLASH_BASE; // start at the image's boot2, as rp2040js's own demo does
sim.execute();
