// Every 16-bit Thumb opcode, from random states, through rp2040js's decoder alone and through
// fastcore.mjs's in front of it: the registers, flags, cycles and SRAM that follow must be the same.
// Run by host_tests/tools/test_fastcore.py from tools/firmware/rp2040_emulator/ (node --input-type=module
// -e, so that 'rp2040js' resolves from its node_modules); prints {"trials": N, "decoded": (by the switch),
// "failures": [...]}.
// OPCODES: the first and last opcode to try, in hex ("0-ffff" by default); FASTCORE: another
// fastcore.mjs, as a file URL.
import { RP2040 } from 'rp2040js';

const { decodeFirst } = await import(process.env.FASTCORE || './fastcore.mjs');

const RAM = 0x20000000;
const FLASH = 0x10000000;
const STACK = 0x20001200;
const WINDOW = 0x20001000; // most registers point into 0x20001000-0x200013ff or hold 0-0x3ff
const CODE = [0x20003000, 0x10002000]; // the instruction in SRAM, then in flash (LDR literal reads flash)
const FIELDS = ['N', 'Z', 'C', 'V', 'cycles', 'waiting', 'SPSEL', 'bankedSP', 'currentMode', 'IPSR', 'PM', 'breakRewind'];
const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const plain = new RP2040();
const fast = new RP2040();
for (const mcu of [plain, fast]) {
  mcu.logger = quiet;
  mcu.onBreak = () => {};
}
// (counts the instructions the switch passes on to rp2040js: decodeFirst keeps the one it finds)
const own = fast.core.executeInstruction.bind(fast.core);
let passedOn = 0;
fast.core.executeInstruction = () => {
  passedOn++;
  return own();
};
decodeFirst(fast.core);
let seed = 12345;
const rand = () => {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return seed >>> 8;
};
const word = () => ((rand() << 8) ^ rand()) >>> 0;
const value = (kind) => (kind === 0 ? rand() & 0x3ff : kind === 1 ? WINDOW + (rand() & 0x3ff) : word());
for (let i = 0; i < plain.sram.length; i++) plain.sram[i] = fast.sram[i] = rand() & 0xff;
const sramPlain = Buffer.from(plain.sram.buffer);
const sramFast = Buffer.from(fast.sram.buffer);
const [first, last] = (process.env.OPCODES || '0-ffff').split('-').map((h) => parseInt(h, 16));
const say = { log: console.log, warn: console.warn, error: console.error };
console.log = console.warn = console.error = () => {}; // rp2040js's peripherals print invalid accesses
let trials = 0;
const failures = [];
for (let opcode = first; opcode <= last && failures.length < 5; opcode++) {
  for (let t = 0; t < 4; t++) {
    const at = CODE[t & 1];
    const opcode2 = rand() & 0xffff;
    const regs = Array.from({ length: 16 }, () => value(rand() % (t < 2 ? 2 : 3)));
    regs[13] = STACK;
    regs[14] = word() | 1;
    regs[15] = at;
    const flags = rand();
    const after = [];
    for (const mcu of [plain, fast]) {
      const { core } = mcu;
      core.registers.set(regs);
      [core.N, core.Z, core.C, core.V] = [!!(flags & 1), !!(flags & 2), !!(flags & 4), !!(flags & 8)];
      core.cycles = 0;
      core.interruptsUpdated = false;
      core.waiting = false;
      const [view, base] = at >= RAM ? [mcu.sramView, RAM] : [mcu.flashView, FLASH];
      view.setUint16(at - base, opcode, true);
      view.setUint16(at - base + 2, opcode2, true);
      let returned;
      try {
        returned = core.executeInstruction();
      } catch (e) {
        returned = `threw ${e.message}`;
      }
      after.push(JSON.stringify([returned, Array.from(core.registers), FIELDS.map((f) => core[f])]));
    }
    trials++;
    if (after[0] !== after[1] || Buffer.compare(sramPlain, sramFast) !== 0) {
      failures.push({ opcode: opcode.toString(16), opcode2: opcode2.toString(16), plain: after[0], fast: after[1] });
      sramFast.set(sramPlain);
      break;
    }
  }
}
say.log(JSON.stringify({ trials, decoded: trials - passedOn, failures }));
