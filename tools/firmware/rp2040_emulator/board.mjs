// An RP2040 board in rp2040js 1.4.1 that boots CircuitPython: the boot ROM, the firmware image and
// a CIRCUITPY drive image in its flash, and what rp2040js lacks for these images (docs/firmware.md,
// "What the tool adds"): SPI bytes that take their wire time, a SPI NOR flash behind the SSI,
// pulled-up GPIO inputs, and the DMA pacing timers' ratio the right way up. Nothing in
// node_modules is changed. run.mjs (the REPL) and play.mjs (a game through the keys) use it.
//
//   const board = new EmulatedBoard({ bootrom, image, flashMb, drive });  // or { flash: bytes }
//   board.cdc.onSerialData = ...; board.run(ms); board.runUntil(() => cond, ms)

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { ConsoleLogger, LogLevel, Simulator, USBCDC } from 'rp2040js';
import { decodeFirst } from './fastcore.mjs';
import { SpiNorFlash } from './flash.mjs';

export const FLASH_BASE = 0x10000000;
// ports/raspberrypi/mpconfigport.h: CIRCUITPY_FIRMWARE_SIZE (1020 KB), then the 4 KB NVM sector,
// then the drive to the end of the chip (supervisor/internal_flash.c, supervisor_flash_get_block_count)
export const NVM_OFFSET = 1020 * 1024;
export const NVM_SIZE = 4096;
export const DRIVE_OFFSET = NVM_OFFSET + NVM_SIZE;
const UF2_MAGIC = [0x0a324655, 0x9e5d5157];
const CYCLE_NANOS = 8; // 125 MHz
const DMA_TREQ_TIMER0 = 59;
const DMA_TREQ_PERMANENT = 63;
const PIO_EVERY = 128; // a power of two (rp2040js has no clock divider: the encoder's state machine ran every 16, 12 % of node's time)
const PIO_AFTER_WAIT = 32;

export function readBootrom(path) {
  const data = fs.readFileSync(path);
  if (path.endsWith('.bin')) return new Uint32Array(new Uint8Array(data).buffer, 0, data.length >> 2);
  const text = data.toString('utf8');
  const start = text.indexOf('Uint32Array([');
  if (start < 0) throw new Error(`${path}: no Uint32Array([...]) in it`);
  return Uint32Array.from(text.slice(start).match(/0x[0-9a-fA-F]+/g), (h) => parseInt(h, 16));
}

// pc -> the name of the function it is in, from an ELF's symbols (arm-none-eabi-nm), or () => ''.
export function symbolizer(elf) {
  if (!elf) return () => '';
  let nm = 'arm-none-eabi-nm';
  try {
    execFileSync(nm, ['--version'], { stdio: 'ignore' });
  } catch {
    nm = 'nm'; // binutils' own nm reads an ARM ELF's symbols too
  }
  const rows = execFileSync(nm, ['-n', elf], { encoding: 'utf8', maxBuffer: 1 << 26 })
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

// The address of a function named in an ELF file's symbol table (ELF32 little-endian, the firmware's
// build; the Thumb bit cleared), or null.
export function elfFunction(path, name) {
  const d = fs.readFileSync(path);
  const shoff = d.readUInt32LE(0x20);
  const shentsize = d.readUInt16LE(0x2e);
  const shnum = d.readUInt16LE(0x30);
  const section = (i) => {
    const o = shoff + i * shentsize;
    return { type: d.readUInt32LE(o + 4), offset: d.readUInt32LE(o + 16), size: d.readUInt32LE(o + 20), link: d.readUInt32LE(o + 24) };
  };
  for (let i = 0; i < shnum; i++) {
    const sym = section(i);
    if (sym.type !== 2) continue; // SHT_SYMTAB
    const str = section(sym.link);
    const want = Buffer.from(`${name}\0`, 'latin1');
    for (let o = sym.offset; o + 16 <= sym.offset + sym.size; o += 16) {
      const at = str.offset + d.readUInt32LE(o);
      if ((d[o + 12] & 0xf) === 2 && d.compare(want, 0, want.length, at, at + want.length) === 0) {
        return d.readUInt32LE(o + 4) & ~1; // STT_FUNC
      }
    }
  }
  return null;
}

export function loadUF2(path, flash) {
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

// rp2040js 1.4.1's DmaController.getTimer returns X/Y of a pacing timer (TIMERn: X in bits 31:16,
// Y in 15:0) where the RP2040 paces at clk_sys * X / Y, so a transfer every Y/X clocks (RP2040
// datasheet 2.5.3.3), and reads Timer3's X with `>>> 36`. audiopwmio's 8 kHz samples (X/Y about
// 1/15625) then came back every 64 picoseconds, a storm of alarms that never let time pass.
function pacingMicros(dma, treq) {
  if (treq === DMA_TREQ_PERMANENT) return 1e6 / dma.rp2040.clkSys;
  const register = [dma.timer0, dma.timer1, dma.timer2, dma.timer3][treq - DMA_TREQ_TIMER0];
  if (register === undefined) return 0;
  const x = register >>> 16;
  const y = register & 0xffff;
  if (x === 0 || y === 0) return 0;
  return ((y / x) * 1e6) / dma.rp2040.clkSys;
}

// True when an interrupt is pending that wakes the core from WFI: on the Cortex-M0+ one that,
// ignoring PRIMASK, would preempt what runs (ARMv6-M ARM, B1.5.19), also when it became pending
// before the WFI. rp2040js checks only when an interrupt newly becomes pending while the core
// waits: CircuitPython's port_idle_until_interrupt masks interrupts, checks for work and runs WFI,
// and a timer alarm that fired between the mask and the WFI (its pending bit set, not taken under
// PRIMASK) left the core asleep until some other interrupt (the USB's next byte): the app's
// time.sleep(0.005) lasted a second or more while a key was held, and the key's press became a
// long press (docs/firmware.md, "A wake-up lost in WFI").
function wakes(core) {
  const pending = core.pendingInterrupts & core.enabledInterrupts;
  if (!pending && !core.pendingSystick && !core.pendingPendSV) return false;
  const current = core.exceptionPriority(core.IPSR);
  for (let priority = 0; priority < current; priority++) {
    if (pending & core.interruptPriorities[priority]) return true;
    if (core.pendingSystick && priority === core.systickPriority) return true;
    if (core.pendingPendSV && priority === core.pendSVPriority) return true;
  }
  return false;
}

export class EmulatedBoard {
  // bootrom: path; image: a .uf2 path and drive: a FAT image (bytes) for a new board, or flash:
  // the whole flash's bytes (a board powered on again); flashMb: the chip's size.
  // busyWait: the address of pico-sdk's busy_wait_us (elfFunction), to run each call as the clock
  // jumping over the wait (the power cuts' boots: the firmware's 200 ms double-reset window and its
  // 1 s safe-mode window are busy waits, a third of a boot's instructions).
  // plainDecode: rp2040js's own instruction decoder only (fastcore.mjs; play.mjs --plain-decode)
  constructor({ bootrom, image, drive, flash, flashMb = 8, logLevel = LogLevel.Error, dmaAsShipped = false, busyWait = null,
    plainDecode = false }) {
    this.sim = new Simulator();
    const mcu = this.sim.rp2040;
    this.mcu = mcu;
    this.clock = this.sim.clock;
    mcu.loadBootrom(readBootrom(bootrom));
    mcu.logger = new ConsoleLogger(logLevel);
    if (flash) {
      mcu.flash.set(flash);
    } else {
      mcu.flash.fill(0xff); // erased NOR flash, as on a new board
      this.uf2Blocks = loadUF2(image, mcu.flash);
      if (drive) mcu.flash.set(drive, DRIVE_OFFSET);
    }
    this.norFlash = new SpiNorFlash(mcu, flashMb);
    // (dmaAsShipped: rp2040js's own ratio, to show the storm: play.mjs --dma-as-shipped)
    this.paced = {}; // DMA transfers paced by each pacing timer (TREQ 59-62), and by none (63)
    if (!dmaAsShipped) {
      mcu.dma.getTimer = (treq) => {
        this.paced[treq] = (this.paced[treq] || 0) + 1;
        return pacingMicros(mcu.dma, treq);
      };
    }
    // SPI: each byte completes after its wire time at the programmed clock; rp2040js finishes it
    // at once, and the RX DMA channel of busio.SPI's transfers of 32 bytes or more never ended.
    for (const spi of mcu.spi) {
      const done = this.clock.createAlarm(() => spi.completeTransmit(0));
      spi.onTransmit = () => {
        const hz = spi.clockFrequency || 1e6;
        done.schedule(Math.max(1, Math.round((spi.dataBits * 1e9) / hz)));
      };
    }
    // rp2040js ignores pull-ups: an input nobody drives reads low (on the MacroPad every key held).
    for (const pin of mcu.gpio) pin.setInputValue(true);
    // rp2040js runs a PIO block from node's event loop (setTimeout, 1000 steps at a time), which a
    // synchronous run() never yields to: the firmware then waited forever for the status NeoPixel's
    // PIO write. Here the running blocks step with the core (one PIO step every PIO_EVERY
    // instructions, and a few after each WFI's jump to the next alarm).
    for (const pio of mcu.pio) pio.run = () => {};
    this.cdc = new USBCDC(mcu.usbCtrl);
    this.holdEmptyReads();
    this.stopped = false;
    this.instructions = 0; // executed, and the emulated time skipped in WFI (play.mjs prints them)
    this.waitNanos = 0;
    this.waits = 0;
    this.pendingWakes = 0; // WFIs that did not sleep: an interrupt was pending (wakes())
    this.busyWait = busyWait;
    this.busyWaitsSkipped = 0;
    if (!plainDecode) decodeFirst(mcu.core);
    mcu.core.PC = FLASH_BASE; // the image's boot2, as rp2040js's own demo starts
  }

  // rp2040js's USBCDC answers every read the device arms on its OUT endpoint at once, with an
  // empty packet when nothing was typed: tinyusb re-arms it, and the core spent its time in USB
  // interrupts (tud_task, cdcd_xfer_cb) instead of sleeping in WFI, about 90 % busy while the
  // app waited for a key. A host sends an OUT packet only when it has bytes: so here a read
  // with nothing to send waits until sendSerialByte gives it one.
  holdEmptyReads() {
    const { cdc } = this;
    const usb = this.mcu.usbCtrl;
    const answer = usb.onEndpointRead;
    let waiting = -1;
    usb.onEndpointRead = (endpoint, size) => {
      if (endpoint === cdc.outEndpoint && cdc.txFIFO.empty) waiting = size;
      else answer(endpoint, size);
    };
    cdc.sendSerialByte = (data) => {
      cdc.txFIFO.push(data);
      if (waiting >= 0) {
        const size = waiting;
        waiting = -1;
        answer(cdc.outEndpoint, size);
      }
    };
  }

  get nanos() {
    return this.clock.nanos;
  }

  get ms() {
    return this.clock.nanos / 1e6;
  }

  // Run the core for ``ms`` of emulated time (a WFI skips to the next alarm).
  run(ms) {
    this.runUntil(() => false, ms);
  }

  // Run until ``done()`` (checked every few thousand instructions) or ``ms`` of emulated time
  // passed; true when done() said so.
  runUntil(done, ms) {
    const { clock } = this;
    const core = this.mcu.core;
    const [pio0, pio1] = this.mcu.pio;
    const end = clock.nanos + ms * 1e6;
    const busyWait = this.busyWait ?? -1;
    const regs = core.registers;
    let instructions = 0;
    while (clock.nanosCounter < end && !this.stopped) {
      if (done()) break;
      // (the hot loop: fields read directly, no getters, the counters kept local)
      for (let i = 0; i < 4000; i++) {
        if (!core.waiting) {
          if (regs[15] !== busyWait) {
            clock.tick(core.executeInstruction() * CYCLE_NANOS);
            if ((++instructions & (PIO_EVERY - 1)) === 0) {
              if (!pio0.stopped) pio0.step();
              if (!pio1.stopped) pio1.step();
            }
          } else {
            // busy_wait_us(uint64_t us): the time passes at once (alarms fire in order), then return
            clock.tick((regs[0] + regs[1] * 4294967296) * 1000);
            core.PC = regs[14] & ~1;
            this.busyWaitsSkipped++;
          }
        } else if (wakes(core)) {
          // an interrupt pending when WFI ran: the Cortex-M0+ does not sleep (below)
          core.waiting = false;
          core.interruptsUpdated = true;
          this.pendingWakes++;
        } else {
          const next = clock.nextAlarm ? clock.nextAlarm.nanos - clock.nanosCounter : 0;
          const left = end - clock.nanosCounter;
          const skip = next > 0 && next < left ? next : left;
          clock.tick(skip);
          this.waitNanos += skip;
          this.waits++;
          for (let s = 0; s < PIO_AFTER_WAIT; s++) {
            if (!pio0.stopped) pio0.step();
            if (!pio1.stopped) pio1.step();
          }
        }
        if (clock.nanosCounter >= end || this.stopped) break;
      }
    }
    this.instructions += instructions;
    return done();
  }


  // Stop between two instructions (a power cut): run() and runUntil() return at once.
  stop() {
    this.stopped = true;
  }

  setPin(gpio, high) {
    this.mcu.gpio[gpio].setInputValue(high);
  }
}
