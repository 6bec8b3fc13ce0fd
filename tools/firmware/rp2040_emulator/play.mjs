// Plays a game on stock CircuitPython in rp2040js through the board's own pins, as
// tools/firmware/game_script.py recorded it on CPython (tools/firmware/emulated_boards.py runs it):
//
//   node play.mjs --board macropad --pins '{"keys": [...], ...}' --script script.json --bootrom rp2040-bootrom.ts \
//       --image firmware.uf2 --drive drive.img --flash-mb 8 --out result.json [--timeout 1800]
//       [--elf firmware.elf] [--cuts N] [--cut-seed S] [--cut-elf firmware.elf] [--plain-decode]
//
// The drive image (FAT, tools/firmware/circuitpy_image.py) goes into the flash at CIRCUITPY's offset
// and the firmware runs the drive's code.py from power-on. --pins: the board's GPIOs (sim/boards.py's
// FACTS[board]['pins']). Keys are GPIOs held low (keypad's pull-up
// lets them idle high); the MacroPad's encoder turns through its two quadrature pins. The drive's
// bench.txt turns on the app's bench hook (ui/bench_hook.py), which answers one-byte questions on
// the USB serial console: "s" (is the app idle?), "c" (gc figures at a checkpoint) and, at the first
// checkpoint, "m" (the modules loaded: result.json's ``modules``). The screen is read from the
// display's SPI bus (oled.mjs, st7789.mjs) and compared with CPython's frames.
// After a press the next op waits until the app has handled it (a computer seat may then be due
// to move: CPython's run went on at once too; an "idle" op waits for the seat's turn).
// result.json: how far it got, the firmware's figures per checkpoint, frames equal, times (the
// emulator's clock: 125 MHz), the serial console's traceback if the app failed, where the core
// was (functions named from --elf) if the app stopped answering, and where the time went
// (``spent``: emulated and wall ms per kind of op; ``cpu``: instructions run, time asleep in WFI).
// --cuts N: after the game, N power cuts inside its saves (cuts.mjs), each a new board booted from
// the cut flash; result.json's ``cuts``. --cut-elf: the firmware's ELF, whose busy_wait_us those boots
// run as a jump of the clock (board.mjs busyWait). --plain-decode: rp2040js's instruction decoder
// alone, without fastcore.mjs's (the same result, about a third slower).

import fs from 'node:fs';
import { DRIVE_OFFSET, EmulatedBoard, NVM_OFFSET, NVM_SIZE, elfFunction, symbolizer } from './board.mjs';
import { apply, loadedCopy, pickCuts, random, replay, savedCopy, savesIn } from './cuts.mjs';
import { Sh1106 } from './oled.mjs';
import { St7789 } from './st7789.mjs';

const TAP_MS = 20; // a key is held (and released) at least one of keypad's 20 ms scans ...
const KEY_POLL_MS = 10; // ... and until the app has seen it
const KEY_MAX_MS = 5000;
const ASK_AGAIN_MS = 1000; // a question to the bench hook not answered by then is sent again (a byte can be lost: docs/firmware.md)
const RELEASE_MS = 40; // after an encoder detent
const LONG_MAX_MS = 4000;
const POLL_MS = 25;
const BURST_GAP_NS = 3e6; // display writes closer than this belong to one frame
const CODE_ROLL = 6;
const CODE_HINT = 15;
const SCREEN_PLAY = 1; // ui/screen.py
// hw/inputs.py codes by what a press does in a game (on the play screen)
const KIND = { 6: 'roll', 1: 'hold', 2: 'hold', 3: 'hold', 4: 'hold', 5: 'hold', 7: 'cursor', 8: 'cursor', 9: 'cursor', 10: 'cursor', 11: 'score' };
const BUSY_COMPUTER = 4; // ui/bench_hook.py

function parseArgs(argv) {
  const o = { timeout: 1800, flashMb: 8 };
  for (let i = 0; i < argv.length; i++) {
    const v = () => argv[++i];
    const a = argv[i];
    if (a === '--board') o.board = v();
    else if (a === '--pins') o.pins = JSON.parse(v());
    else if (a === '--script') o.script = v();
    else if (a === '--bootrom') o.bootrom = v();
    else if (a === '--image') o.image = v();
    else if (a === '--drive') o.drive = v();
    else if (a === '--flash-mb') o.flashMb = Number(v());
    else if (a === '--out') o.out = v();
    else if (a === '--serial') o.serial = v();
    else if (a === '--timeout') o.timeout = Number(v());
    else if (a === '--elf') o.elf = v();
    else if (a === '--dma-as-shipped') o.dmaAsShipped = true;
    else if (a === '--plain-decode') o.plainDecode = true;
    else if (a === '--cuts') o.cuts = Number(v());
    else if (a === '--cut-seed') o.cutSeed = Number(v());
    else if (a === '--cut-elf') o.cutElf = v();
    else throw new Error(`unknown argument ${a}`);
  }
  return o;
}

class Failure extends Error {}

class Session {
  // flash: the whole flash to power on with (null: a new board with opts.drive); log: keep the
  // power-on flash and every erase and program since (the power cuts replay them)
  constructor(opts, spec, flash, log = false, busyWait = null) {
    this.spec = spec;
    this.board = new EmulatedBoard({
      bootrom: opts.bootrom, image: opts.image, flashMb: opts.flashMb, dmaAsShipped: !!opts.dmaAsShipped,
      plainDecode: !!opts.plainDecode, drive: flash ? undefined : fs.readFileSync(opts.drive), flash, busyWait,
    });
    const { mcu } = this.board;
    this.display = spec.display === 'sh1106' ? new Sh1106(mcu) : new St7789(mcu);
    this.bursts = []; // [start ns, end ns] of display writes
    const port = mcu.spi[spec.displaySpi];
    const send = port.onTransmit;
    port.onTransmit = (value) => {
      const t = this.board.nanos;
      const last = this.bursts[this.bursts.length - 1];
      if (last && t - last[1] < BURST_GAP_NS) last[1] = t;
      else this.bursts.push([t, t]);
      send(value);
    };
    this.flashOps = []; // ns of each erase or program command on the NVM or the drive
    const nor = this.board.norFlash;
    if (log) {
      this.initialFlash = Uint8Array.from(mcu.flash);
      this.flashLog = []; // [ns, op]
      nor.onOp = (op) => this.flashLog.push([this.board.nanos, op]);
    }
    const deselect = nor.deselect.bind(nor);
    nor.deselect = () => {
      if ((nor.cmd === 0x02 || nor.cmd === 0x20 || nor.cmd === 0x52 || nor.cmd === 0xd8) && nor.wel && nor.count >= 4) {
        this.flashOps.push([this.board.nanos, nor.cmd, nor.addr]);
      }
      deselect();
    };
    this.text = '';
    this.line = '';
    this.replies = [];
    this.reasks = 0;
    this.lastStep = -1;
    this.connected = false;
    this.board.cdc.onDeviceConnected = () => { this.connected = true; };
    this.board.cdc.onSerialData = (buffer) => {
      const s = Buffer.from(buffer).toString('latin1');
      this.text += s;
      for (const ch of s) {
        if (ch === '\n') {
          if (this.line.startsWith('@')) this.replies.push(this.line.trim().split(' '));
          this.line = '';
        } else if (ch !== '\r') this.line += ch;
      }
    };
  }

  get ms() {
    return this.board.ms;
  }

  crash() {
    const at = this.text.indexOf('Traceback (most recent call last)');
    if (at < 0) return null;
    const rest = this.text.slice(at);
    const lines = rest.split('\n');
    const end = lines.findIndex((l, i) => i > 0 && !l.startsWith(' ') && l.trim() !== '');
    return end < 0 ? null : lines.slice(0, end + 1).join('\n').trim();
  }

  check() {
    const c = this.crash();
    if (c) throw new Failure(c);
  }

  // A question the app did not answer within ASK_AGAIN_MS is asked again (the answer to either
  // counts; ``reasks`` says how often that happened: a byte lost on the way, or a long step). A
  // status ("@s STEPS ...") counts only from a later step than the last one taken, so the second
  // answer to a question asked twice is never taken for the next question's.
  ask(ch, kind, maxMs = 15000) {
    return this.askWords(ch, kind, maxMs).map(Number);
  }

  askWords(ch, kind, maxMs = 15000) {
    const fresh = (r) => r[0] === kind && (kind !== '@s' || Number(r[1]) > this.lastStep);
    this.replies = this.replies.filter((r) => r[0] !== kind);
    const end = this.ms + maxMs;
    let got = false;
    for (let first = true; !got && this.ms < end; first = false) {
      if (!first) this.reasks += 1;
      this.board.cdc.sendSerialByte(ch.charCodeAt(0));
      got = this.board.runUntil(() => this.replies.some(fresh) || this.crash(), Math.min(ASK_AGAIN_MS, end - this.ms));
      this.check();
    }
    if (!got) throw new Failure(`no answer to "${ch}" in ${maxMs} ms (emulated; asked every ${ASK_AGAIN_MS} ms)`);
    const answer = this.replies.find(fresh);
    if (kind === '@s') this.lastStep = Number(answer[1]);
    return answer.slice(1);
  }

  status() {
    const [steps, busy, screen, msg, spent, ring, down] = this.ask('s', '@s');
    return { steps, busy, screen, msg, spent, ring, down };
  }

  // Until the app waits for a key (with ``computer``, or for a computer seat to move: after a
  // press, as CPython's run went on at once; an "idle" op waits for the seat's turn).
  waitIdle(clearMessage, maxMs = 120000, computer = false) {
    const end = this.ms + maxMs;
    for (;;) {
      const st = this.status();
      if ((st.busy === 0 || (computer && st.busy === BUSY_COMPUTER)) && (!clearMessage || st.msg === 0)) return st;
      if (this.ms > end) throw new Failure(`the app stayed busy (${st.busy}) for ${maxMs} ms`);
      this.board.run(POLL_MS);
    }
  }

  // Power on: until the USB serial port is open and the app answers.
  boot(maxMs = 60000) {
    this.board.runUntil(() => this.connected || this.crash(), maxMs);
    this.check();
    if (!this.connected) throw new Failure('USB serial never opened');
    const end = this.ms + maxMs;
    for (;;) {
      this.replies = [];
      this.board.cdc.sendSerialByte('s'.charCodeAt(0));
      if (this.board.runUntil(() => this.replies.length > 0 || this.crash(), 50)) break;
      this.check();
      if (this.ms > end) throw new Failure('the app never answered on the serial console');
    }
    this.check();
    for (const r of this.replies) if (r[0] === '@s') this.lastStep = Math.max(this.lastStep, Number(r[1]));
    return this.replies[0].slice(1).map(Number);
  }

  pin(k, down) {
    this.board.setPin(this.spec.keys[k], !down);
  }

  // One encoder detent (keys 13/14 of hw/macropad.py: counter-clockwise / clockwise): four
  // quadrature steps on ROTA/ROTB, both pulled up at rest.
  turn(clockwise) {
    const [a, b] = this.spec.encoder;
    const steps = clockwise ? [[0, 1], [0, 0], [1, 0], [1, 1]] : [[1, 0], [0, 0], [0, 1], [1, 1]];
    for (const [va, vb] of steps) {
      this.board.setPin(a, !!va);
      this.board.setPin(b, !!vb);
      this.board.run(2);
    }
  }

  // A key held low until the app's keymap has it down (a long press: until it fired), then
  // released until the keymap has it up: a fixed 40 ms press was sometimes missed on the Pico,
  // whose steps drawing the 240x135 screen are long, and the game left CPython's.
  tap(k, long) {
    if (this.spec.encoder && k >= this.spec.keys.length) {
      this.turn(k === this.spec.keys.length + 1);
      this.board.run(RELEASE_MS);
      return;
    }
    const bit = 1 << k;
    this.pin(k, true);
    this.board.run(TAP_MS);
    let end = this.ms + (long ? LONG_MAX_MS : KEY_MAX_MS);
    while (!(long ? this.status().spent & bit : this.status().down & bit)) {
      if (this.ms > end) throw new Failure(`key ${k} held ${long ? LONG_MAX_MS : KEY_MAX_MS} ms: the app did not see it`);
      this.board.run(long ? POLL_MS * 4 : KEY_POLL_MS);
    }
    this.pin(k, false);
    this.board.run(TAP_MS);
    end = this.ms + KEY_MAX_MS;
    while (this.status().down & bit) {
      if (this.ms > end) throw new Failure(`key ${k} released ${KEY_MAX_MS} ms: the app still has it down`);
      this.board.run(KEY_POLL_MS);
    }
  }


  // Where the core is: the functions of 200 PCs, 1 ms (emulated) apart, most frequent first.
  whereIsIt(sym) {
    const count = new Map();
    for (let i = 0; i < 200; i++) {
      this.board.run(1);
      const name = sym(this.board.mcu.core.PC) || `0x${this.board.mcu.core.PC.toString(16)}`;
      count.set(name, (count.get(name) || 0) + 1);
    }
    const where = [...count].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([n, c]) => `${n} ${c / 2}%`).join(', ');
    // who called it: the return addresses (odd, in flash) among the stack's top words, innermost first
    const core = this.board.mcu.core;
    const callers = [];
    for (let i = 0; i < 96 && callers.length < 10; i++) {
      const word = core.readUint32(core.SP + 4 * i) >>> 0;
      if ((word & 1) && word >= 0x10000000 && word < 0x11000000) {
        const name = sym(word & ~1);
        if (name && name !== '?' && callers[callers.length - 1] !== name) callers.push(name);
      }
    }
    return `${where}; on its stack: ${callers.join(' < ') || 'nothing in flash'}`;
  }

  firstBurstAfter(ns) {
    return this.bursts.find((b) => b[0] >= ns);
  }
}

function median(values) {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  return s[s.length >> 1];
}

// The screen as CPython's frame bytes compare: MacroPad lit/unlit, Pico RGB565.
function frameEqual(session, expectedB64) {
  const want = Buffer.from(expectedB64, 'base64');
  const d = session.display;
  let differ = 0;
  if (d instanceof Sh1106) {
    for (let y = 0; y < 64; y++) {
      for (let x = 0; x < 128; x++) {
        const o = (y * 128 + x) * 2;
        const lit = ((want[o] << 8) | want[o + 1]) !== 0;
        if (lit !== d.pixel(x, y)) differ++;
      }
    }
  } else {
    const got = d.frame(picoMap);
    for (let i = 0; i < got.length; i++) if (got[i] !== ((want[2 * i] << 8) | want[2 * i + 1])) differ++;
  }
  return differ;
}

// The emulated screen in CPython's frame format: RGB565 big-endian (the MacroPad: lit 0xffff).
function frameBytes(session) {
  const d = session.display;
  if (d instanceof Sh1106) {
    const out = Buffer.alloc(128 * 64 * 2);
    for (let y = 0; y < 64; y++) for (let x = 0; x < 128; x++) if (d.pixel(x, y)) out.writeUInt16BE(0xffff, (y * 128 + x) * 2);
    return out;
  }
  const got = d.frame(picoMap);
  const out = Buffer.alloc(got.length * 2);
  for (let i = 0; i < got.length; i++) out.writeUInt16BE(got[i], 2 * i);
  return out;
}

// The Display Pack's landscape pixel (x, y) in the addresses CircuitPython sent (rotation 270,
// colstart 53, rowstart 40: found by comparing with CPython's frame)
function picoMap(x, y) {
  return [53 + y, 40 + 239 - x];
}

function main() {
  const opts = parseArgs(process.argv.slice(2));
  const spec = opts.pins; // sim/boards.py's FACTS[board]['pins']
  const script = JSON.parse(fs.readFileSync(opts.script, 'utf8'));
  const t0 = Date.now();
  const result = {
    board: opts.board, reached: null, error: null, step: null, checkpoints: [], modules: null, frames: { equal: 0, compared: 0, differ: [] },
    times: {}, spent: {}, emulated_s: 0, wall_s: 0, boots: 1, ops_done: 0, ops: script.ops.length,
  };
  const logFlash = opts.cuts > 0;
  let session = new Session(opts, spec, null, logFlash);
  const sessions = [session]; // (each boot's: the power cuts replay their flash logs)
  let emulatedBefore = 0;
  const before = { instructions: 0, waitNanos: 0, paced: {} }; // the boots before a power-off
  const keyToFrame = [];
  const byKind = { roll: [], hold: [], cursor: [], score: [] };
  const hint = [];
  const tumble = [];
  const computer = [];
  const saves = [];
  let label = 'start-up';
  const labelCount = {};
  let frameIndex = 0;
  // A computer seat's whole turn: from the end of the press before it (the human's box) to the
  // end of its last "idle" op, less the bench's checkpoints meanwhile (its gc figures block the app).
  let lastTapEnd = null;
  let turnEnd = null;
  let benchMs = 0;
  const turnDone = () => {
    if (turnEnd !== null && lastTapEnd !== null) computer.push(turnEnd - lastTapEnd - benchMs);
    turnEnd = null;
  };
  const write = () => {
    result.wall_s = (Date.now() - t0) / 1000;
    result.emulated_s = (emulatedBefore + session.ms) / 1000;
    result.serial_tail = session.text.slice(-3000);
    fs.writeFileSync(opts.out, JSON.stringify(result, null, 1));
  };
  const deadline = t0 + opts.timeout * 1000;
  try {
    session.boot();
    const st = session.waitIdle(false);
    result.times.power_on_to_first_screen_ms = session.ms;
    result.first_screen = st.screen;
    const spent = (kind, since) => {
      const row = result.spent[kind] || (result.spent[kind] = { n: 0, emulated_ms: 0, wall_ms: 0 });
      row.n++;
      row.emulated_ms += session.ms - since[0];
      row.wall_ms += Date.now() - since[1];
    };
    spent('boot', [0, t0]);
    // a press the script lets the app settle after (a wait next, past checkpoints) leaves the app
    // moving on by itself (a game's end screens wait on the clock): where the board is when it
    // idles after the press is not compared, the next press's state is
    const settles = new Set();
    script.ops.forEach((op, i) => {
      let j = i + 1;
      while (j < script.ops.length && script.ops[j][0] === 'checkpoint') j++;
      if (op[0] === 'tap' && j < script.ops.length && script.ops[j][0] === 'wait') settles.add(i);
    });
    for (const [index, op] of script.ops.entries()) {
      if (Date.now() > deadline) throw new Failure(`timeout: ${opts.timeout} s of wall time`);
      const since = [session.ms, Date.now()];
      if (op[0] === 'tap') {
        const [, k, long, code] = op;
        turnDone();
        const press = session.board.nanos;
        session.tap(k, long);
        const st = session.waitIdle(false, 120000, true);
        lastTapEnd = session.ms;
        if (op[4] && !result.diverged && !settles.has(index) && (st.screen !== op[4][0] || st.ring !== op[4][1])) {
          // the first press after which the board's app is not where CPython's was
          result.diverged = { op: result.ops_done + 1, want: op[4], got: [st.screen, st.ring] };
        }
        benchMs = 0;
        const burst = session.firstBurstAfter(press);
        if (burst) {
          const ms = (burst[1] - press) / 1e6;
          keyToFrame.push(ms);
          if (KIND[code] && op[5] && op[4][0] === SCREEN_PLAY && st.screen === SCREEN_PLAY) byKind[KIND[code]].push(ms);
          if (code === CODE_HINT) hint.push(ms);
          if (code === CODE_ROLL) {
            const starts = session.bursts.filter((b) => b[0] >= press && b[0] < press + 500e6).map((b) => b[0]);
            for (let i = 1; i < starts.length; i++) tumble.push((starts[i] - starts[i - 1]) / 1e6);
          }
        }
      } else if (op[0] === 'wait') {
        session.board.run(op[1]);
        session.waitIdle(false, 120000, true);
      } else if (op[0] === 'idle') {
        session.waitIdle(false, 600000);
        turnEnd = session.ms;
      } else if (op[0] === 'checkpoint') {
        const [, name, same] = op;
        label = name;
        labelCount[name] = (labelCount[name] || 0) + 1;
        if (same) session.waitIdle(true);
        const asked = session.ms;
        if (result.modules === null) result.modules = session.askWords('m', '@m', 20000)[0].split(',');
        const [free, alloc, largest] = session.ask('c', '@c', 20000);
        benchMs += session.ms - asked;
        const cp = { label: name, n: labelCount[name], free, alloc, largest, at_ms: Math.round(session.ms) };
        if (same) {
          const differ = frameEqual(session, script.frames[frameIndex]);
          frameIndex++;
          cp.differ = differ;
          result.frames.compared++;
          if (differ === 0) result.frames.equal++;
          else {
            result.frames.differ.push(`${name} #${labelCount[name]}: ${differ} pixels`);
            cp.frame = frameBytes(session).toString('base64'); // as CPython's (RGB565, big-endian)
          }
        }
        result.checkpoints.push(cp);
      } else if (op[0] === 'power_off') {
        session.board.stop();
        emulatedBefore += session.ms;
        before.instructions += session.board.instructions;
        before.waitNanos += session.board.waitNanos;
        for (const [treq, n] of Object.entries(session.board.paced)) before.paced[treq] = (before.paced[treq] || 0) + n;
        const flash = new Uint8Array(session.board.mcu.flash);
        saves.push(...saveTimes(session));
        result.serial_first = session.text;
        session = new Session(opts, spec, flash, logFlash);
        sessions.push(session);
        lastTapEnd = null; // (the new session's clock starts again)
        turnEnd = null;
        session.boot();
        session.waitIdle(false);
        result.boots++;
        since[0] = 0; // (the new session's clock: its boot is this op's time)
      }
      spent(op[0], since);
      result.ops_done++;
      if (result.ops_done % 20 === 0) write();
    }
    turnDone();
    result.reached = 'game ended';
  } catch (e) {
    if (!(e instanceof Failure)) throw e;
    result.error = e.message;
    const next = script.ops.slice(result.ops_done).find((o) => o[0] === 'checkpoint');
    const name = next ? next[1] : label;
    const nth = (labelCount[name] || 0) + 1;
    const op = script.ops[result.ops_done];
    result.step = `${name}${nth > 1 ? ` #${nth}` : ''} (op ${result.ops_done + 1} of ${script.ops.length}: ${op ? op.slice(0, 3).join(' ') : 'end'})`;
    result.reached = e.message.includes('MemoryError') ? 'MemoryError' : 'failed';
    if (result.reached === 'failed' && opts.elf && !session.crash()) result.core_at = session.whereIsIt(symbolizer(opts.elf));
  }
  saves.push(...saveTimes(session));
  result.times.key_to_frame_ms = median(keyToFrame);
  for (const [kind, values] of Object.entries(byKind)) result.times[`${kind}_to_frame_ms`] = median(values);
  result.times.hint_ms = median(hint);
  result.times.tumble_frame_ms = median(tumble);
  result.times.computer_turn_ms = median(computer);
  result.times.save_ms = median(saves);
  result.times.saves = saves.length;
  result.flash = session.board.norFlash.summary();
  result.reasks = session.reasks;
  if (logFlash) {
    write();
    result.cuts = powerCuts(opts, spec, sessions);
  }
  // (every boot's)
  const paced = { ...before.paced };
  for (const [treq, n] of Object.entries(session.board.paced)) paced[treq] = (paced[treq] || 0) + n;
  result.dma_paced = paced;
  result.cpu = {
    instructions: before.instructions + session.board.instructions,
    wait_ms: (before.waitNanos + session.board.waitNanos) / 1e6,
  };
  write();
}

// ``opts.cuts`` power cuts inside the saves of the game's boots (cuts.mjs): each a new board booted
// from the flash at the cut, asked which saved copy came back.
function powerCuts(opts, spec, sessions) {
  const seed = Number.isFinite(opts.cutSeed) ? opts.cutSeed : Math.floor(Math.random() * 1e9);
  const rand = random(seed);
  const out = { seed, n: 0, before: 0, after: 0, lost: 0, saves: 0, ops: 0, wall_s: 0, emulated_s: 0, list: [] };
  const t0 = Date.now();
  const saves = [];
  for (const s of sessions) {
    // the log replayed on the power-on flash must give the flash the board ended with
    const check = replay(s.initialFlash, s.flashLog, s.flashLog.length, new Uint8Array(s.initialFlash.length));
    if (Buffer.compare(Buffer.from(check.buffer), Buffer.from(s.board.mcu.flash.buffer)) !== 0) {
      out.error = 'the flash log replayed is not the flash the board ended with';
      return out;
    }
    for (const sv of savesIn(s.flashLog, NVM_OFFSET)) saves.push({ session: s, ...sv });
  }
  out.saves = saves.length;
  out.ops = saves.reduce((n, sv) => n + sv.last - sv.first + 1, 0);
  const image = new Uint8Array(sessions[0].initialFlash.length);
  const busyWait = opts.cutElf ? elfFunction(opts.cutElf, 'busy_wait_us') : null;
  out.busy_wait_skipped = busyWait !== null;
  for (const sv of saves) {
    sv.before = savedCopy(replay(sv.session.initialFlash, sv.session.flashLog, sv.first, image), NVM_OFFSET);
    sv.after = savedCopy(replay(sv.session.initialFlash, sv.session.flashLog, sv.last + 1, image), NVM_OFFSET);
  }
  for (const cut of pickCuts(saves, opts.cuts, rand)) {
    const sv = saves[cut.save];
    const { initialFlash, flashLog } = sv.session;
    replay(initialFlash, flashLog, cut.op, image);
    const op = flashLog[cut.op][1];
    if (cut.share > 0) apply(image, op, cut.share, rand);
    const where = op[1] >= DRIVE_OFFSET ? `drive block ${(op[1] - DRIVE_OFFSET) >> 9}` : op[1] >= NVM_OFFSET ? 'NVM' : 'firmware';
    const row = {
      save: cut.save + 1, op: cut.op - sv.first + 1, of: sv.last - sv.first + 1, what: `${op[0] === 'E' ? 'erase' : 'program'} ${where} +${op[1] & 0xfff}`,
      share: Math.round(cut.share * 100) / 100, before: sv.before, after: sv.after,
    };
    const t = Date.now();
    const got = cutBoot(opts, spec, image, busyWait);
    row.wall_ms = Date.now() - t;
    row.emulated_ms = Math.round(got.ms);
    out.emulated_s += got.ms / 1000;
    row.got = got.copy ?? null;
    row.status = got.status ?? null;
    row.verdict = got.copy === sv.before ? 'before' : got.copy === sv.after ? 'after' : 'lost';
    if (row.verdict === 'lost') row.why = got.error || `loaded ${got.copy}, status ${got.status}`;
    out[row.verdict]++;
    out.n++;
    out.list.push(row);
    process.stderr.write(`cut ${out.n}: ${JSON.stringify(row)}\n`);
  }
  out.wall_s = (Date.now() - t0) / 1000;
  return out;
}

// A new board powered on with ``flash``: until the app's bench hook says which saved copy the store
// loaded (``copy``, savedCopy's form, and the load ``status``), or what stopped it (``error``).
function cutBoot(opts, spec, flash, busyWait, maxMs = 20000) {
  const s = new Session(opts, spec, flash, false, busyWait);
  s.board.runUntil(() => s.connected || s.crash(), 30000);
  if (!s.connected) return { ms: s.ms, error: s.crash() || 'USB serial never opened' };
  const end = s.ms + maxMs;
  for (;;) {
    s.replies = [];
    s.board.cdc.sendSerialByte('n'.charCodeAt(0));
    if (s.board.runUntil(() => s.replies.some((r) => r[0] === '@n') || s.crash() || s.text.includes('>>> '), 50)) break;
    if (s.ms > end) break;
  }
  // (the REPL's prompt: code.py did not run the app, or it ended)
  const reply = s.replies.find((r) => r[0] === '@n');
  if (!reply) {
    const why = s.crash() || (s.text.includes('>>> ') ? 'the REPL\'s prompt: code.py did not start the app'
      : `no answer from the app in ${maxMs} ms`);
    return { ms: s.ms, error: `${why}; the console: ${JSON.stringify(s.text.replace(/n+$/, '').slice(-300))}` };
  }
  const r = reply.slice(1).map(Number);
  return { ms: s.ms, copy: loadedCopy(r), status: r[2] };
}

// Saves: runs of flash erase/program commands less than 50 ms apart, their length in ms.
function saveTimes(session) {
  const out = [];
  let start = null;
  let last = null;
  for (const [t] of session.flashOps) {
    if (last !== null && t - last > 50e6) {
      out.push((last - start) / 1e6);
      start = null;
    }
    if (start === null) start = t;
    last = t;
  }
  if (start !== null) out.push((last - start) / 1e6);
  return out;
}

void NVM_OFFSET;
void NVM_SIZE;
main();
