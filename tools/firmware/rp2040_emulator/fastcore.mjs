// The Cortex-M0+ instructions CircuitPython runs most, decoded by one switch before rp2040js's own
// decoder. rp2040js 1.4.1's CortexM0Core.executeInstruction tests an opcode against its 83 patterns
// in turn; the firmware's instructions matched on the 30th on average. The 45 kinds here are 98.6 %
// of what the MacroPad's firmware ran in a boot and the game's first 40 key presses. Each one is
// rp2040js's own code for that kind, copied. Its aligned words go straight to where rp2040js's
// readUint32 and writeUint32 end up: its views of SRAM and flash, the APB peripheral's or SIO's
// object. So every register, flag, cycle and memory access is the same. Any other instruction, or
// one with an interrupt to look at first, goes to rp2040js. The emulated firmware runs about a third
// faster (docs/firmware.md). Nothing in node_modules is changed. host_tests/tools/test_fastcore.py
// runs every 16-bit opcode from random states through both decoders and compares what follows.
//
//   import { decodeFirst } from './fastcore.mjs';  decodeFirst(mcu.core);

const SP = 13;
const PC = 15;
const RAM = 0x20000000;
const FLASH = 0x10000000;
const APB = 0x40000000;
const SIO = 0xd0000000;
const REGION = 0x10000000; // the APB's and SIO's address ranges
const PAGE_BITS = 14; // rp2040js's findPeripheral: a peripheral per 16 KB page

// Puts the switch in front of ``core``'s own executeInstruction (rp2040js's CortexM0Core).
export function decodeFirst(core) {
  const slow = core.executeInstruction.bind(core);
  const r = core.registers;
  const mcu = core.rp2040;
  // An aligned word goes straight to where rp2040js's readUint32 and writeUint32 end up after their
  // checks: SRAM's and flash's views (flash: its first mirror), an APB peripheral (found in an array
  // by page: rp2040js keys them in an object, a hash lookup) or SIO. No peripheral lies over SRAM or
  // SIO (writeUint32 looks for one first). Any other address goes through rp2040js.
  const sram = mcu.sramView;
  const flash = mcu.flashView;
  const ramWords = RAM + mcu.sram.length - 3;
  const flashWords = FLASH + mcu.flash.length - 3;
  const apb = Array.from({ length: REGION >> PAGE_BITS }, (_, i) => mcu.findPeripheral(APB + (i << PAGE_BITS)) || null);
  for (const [start, size] of [[RAM, mcu.sram.length], [SIO, REGION]]) {
    for (let a = start; a < start + size; a += 1 << PAGE_BITS) {
      if (mcu.findPeripheral(a)) throw new Error(`fastcore: a peripheral at ${a.toString(16)}`);
    }
  }
  const { sio } = mcu;
  const load32 = (a) => {
    if (!(a & 3)) {
      if (a >= RAM && a < ramWords) return sram.getUint32(a - RAM, true);
      if (a >= FLASH && a < flashWords) return flash.getUint32(a - FLASH, true);
      if (a >= APB && a < APB + REGION) {
        const peripheral = apb[(a - APB) >>> PAGE_BITS];
        if (peripheral) return peripheral.readUint32(a & 0x3fff);
      } else if (a >= SIO && a < SIO + REGION) {
        return sio.readUint32(a - SIO);
      }
    }
    return core.readUint32(a);
  };
  const store32 = (a, value) => {
    if (!(a & 3)) {
      if (a >= RAM && a < ramWords) return sram.setUint32(a - RAM, value, true);
      if (a >= APB && a < APB + REGION) {
        const peripheral = apb[(a - APB) >>> PAGE_BITS];
        if (peripheral) return peripheral.writeUint32Atomic(a & 0xfff, value, (a & 0x3000) >> 12);
      } else if (a >= SIO && a < SIO + REGION) {
        return sio.writeUint32(a - SIO, value);
      }
    }
    return core.writeUint32(a, value);
  };
  const fetch16 = (a) => {
    if (a >= FLASH && a < flashWords) return flash.getUint16(a - FLASH, true);
    if (a >= RAM && a < ramWords) return sram.getUint16(a - RAM, true);
    return mcu.readUint16(a);
  };
  core.executeInstruction = function executeInstruction() {
    if (core.interruptsUpdated) return slow();
    const opcodePC = r[PC] & ~1;
    const opcode = fetch16(opcodePC);
    let deltaCycles = 1;
    switch (opcode >> 11) {
      case 0b00000: { // LSLS (immediate)
        r[PC] += 2;
        const imm5 = (opcode >> 6) & 0x1f;
        const input = r[(opcode >> 3) & 0x7];
        const result = input << imm5;
        r[opcode & 0x7] = result;
        core.N = !!(result & 0x80000000);
        core.Z = result === 0;
        core.C = imm5 ? !!(input & (1 << (32 - imm5))) : core.C;
        break;
      }
      case 0b00001: { // LSRS (immediate)
        r[PC] += 2;
        const imm5 = (opcode >> 6) & 0x1f;
        const input = r[(opcode >> 3) & 0x7];
        const result = imm5 ? input >>> imm5 : 0;
        r[opcode & 0x7] = result;
        core.N = !!(result & 0x80000000);
        core.Z = result === 0;
        core.C = !!((input >>> (imm5 ? imm5 - 1 : 31)) & 0x1);
        break;
      }
      case 0b00010: { // ASRS (immediate)
        r[PC] += 2;
        const imm5 = (opcode >> 6) & 0x1f;
        const input = r[(opcode >> 3) & 0x7];
        const shiftN = imm5 ? imm5 : 32;
        const result = shiftN < 32 ? input >> shiftN : (input & 0x80000000) >> 31;
        r[opcode & 0x7] = result;
        core.N = !!(result & 0x80000000);
        core.Z = (result & 0xffffffff) === 0;
        core.C = input & (1 << (shiftN - 1)) ? true : false;
        break;
      }
      case 0b00011: { // ADDS (register), SUBS (register), ADDS (Encoding T1), SUBS (Encoding T1)
        r[PC] += 2;
        const Rn = (opcode >> 3) & 0x7;
        const Rd = opcode & 0x7;
        const operand = opcode & 0x400 ? (opcode >> 6) & 0x7 : r[(opcode >> 6) & 0x7];
        r[Rd] = opcode & 0x200 ? core.substractUpdateFlags(r[Rn], operand) : core.addUpdateFlags(r[Rn], operand);
        break;
      }
      case 0b00100: { // MOVS
        r[PC] += 2;
        const value = opcode & 0xff;
        r[(opcode >> 8) & 7] = value;
        core.N = false; // !!(value & 0x80000000) of an 8-bit value
        core.Z = value === 0;
        break;
      }
      case 0b00101: // CMP immediate
        r[PC] += 2;
        core.substractUpdateFlags(r[(opcode >> 8) & 0x7], opcode & 0xff);
        break;
      case 0b00110: { // ADDS (Encoding T2)
        r[PC] += 2;
        const Rdn = (opcode >> 8) & 0x7;
        r[Rdn] = core.addUpdateFlags(r[Rdn], opcode & 0xff);
        break;
      }
      case 0b00111: { // SUBS (Encoding T2)
        r[PC] += 2;
        const Rdn = (opcode >> 8) & 0x7;
        r[Rdn] = core.substractUpdateFlags(r[Rdn], opcode & 0xff);
        break;
      }
      case 0b01000:
        if (opcode >> 6 === 0b0100001010) { // CMP (register)
          r[PC] += 2;
          core.substractUpdateFlags(r[opcode & 0x7], r[(opcode >> 3) & 0x7]);
        } else if (opcode >> 8 === 0b01000110) { // MOV
          r[PC] += 2;
          const Rm = (opcode >> 3) & 0xf;
          const Rd = ((opcode >> 4) & 0x8) | (opcode & 0x7);
          let value = Rm === PC ? r[PC] + 2 : r[Rm];
          if (Rd === PC) {
            deltaCycles++;
            value &= ~1;
          } else if (Rd === SP) {
            value &= ~3;
          }
          r[Rd] = value;
        } else if (opcode >> 7 === 0b010001110 && (opcode & 0x7) === 0) { // BX
          r[PC] += 2;
          core.BXWritePC(r[(opcode >> 3) & 0xf]);
          deltaCycles++;
        } else if (opcode >> 8 === 0b01000100) { // ADD (register)
          r[PC] += 2;
          const Rm = (opcode >> 3) & 0xf;
          const Rdn = ((opcode & 0x80) >> 4) | (opcode & 0x7);
          const result = (Rdn === PC ? r[PC] + 2 : r[Rdn]) + (Rm === PC ? r[PC] + 2 : r[Rm]);
          if (Rdn === PC) {
            r[PC] = result & ~0x1;
            deltaCycles++;
          } else {
            r[Rdn] = Rdn === SP ? result & ~0x3 : result;
          }
        } else if (opcode >> 8 === 0b01000101) { // CMP (register) encoding T2
          r[PC] += 2;
          core.substractUpdateFlags(r[((opcode >> 4) & 0x8) | (opcode & 0x7)], r[(opcode >> 3) & 0xf]);
        } else if (opcode >> 6 === 0b0100000000) { // ANDS (Encoding T2)
          r[PC] += 2;
          const Rdn = opcode & 0x7;
          const result = r[Rdn] & r[(opcode >> 3) & 0x7];
          r[Rdn] = result;
          core.N = !!(result & 0x80000000);
          core.Z = (result & 0xffffffff) === 0;
        } else if (opcode >> 6 === 0b0100001000) { // TST
          r[PC] += 2;
          const result = r[opcode & 0x7] & r[(opcode >> 3) & 0x7];
          core.N = !!(result & 0x80000000);
          core.Z = result === 0;
        } else if (opcode >> 6 === 0b0100001100) { // ORRS (Encoding T2)
          r[PC] += 2;
          const Rdn = opcode & 0x7;
          const result = r[Rdn] | r[(opcode >> 3) & 0x7];
          r[Rdn] = result;
          core.N = !!(result & 0x80000000);
          core.Z = (result & 0xffffffff) === 0;
        } else if (opcode >> 6 === 0b0100000001) { // EORS
          r[PC] += 2;
          const Rdn = opcode & 0x7;
          const result = r[(opcode >> 3) & 0x7] ^ r[Rdn];
          r[Rdn] = result;
          core.N = !!(result & 0x80000000);
          core.Z = result === 0;
        } else if (opcode >> 6 === 0b0100001101) { // MULS
          r[PC] += 2;
          const Rdm = opcode & 0x7;
          const result = Math.imul(r[(opcode >> 3) & 0x7], r[Rdm]);
          r[Rdm] = result;
          core.N = !!(result & 0x80000000);
          core.Z = (result & 0xffffffff) === 0;
        } else if (opcode >> 6 === 0b0100000010) { // LSLS (register)
          r[PC] += 2;
          const Rdn = opcode & 0x7;
          const input = r[Rdn];
          const shiftCount = r[(opcode >> 3) & 0x7] & 0xff;
          const result = shiftCount >= 32 ? 0 : input << shiftCount;
          r[Rdn] = result;
          core.N = !!(result & 0x80000000);
          core.Z = result === 0;
          core.C = shiftCount ? !!(input & (1 << (32 - shiftCount))) : core.C;
        } else {
          return slow();
        }
        break;
      case 0b01001: { // LDR (literal)
        r[PC] += 2;
        const addr = ((r[PC] + 2) & 0xfffffffc) + ((opcode & 0xff) << 2);
        deltaCycles += core.cyclesIO(addr);
        r[(opcode >> 8) & 7] = load32(addr);
        break;
      }
      case 0b01011: { // LDR (register), LDRB (register)
        const kind = opcode >> 9;
        if (kind !== 0b0101100 && kind !== 0b0101110) return slow();
        r[PC] += 2;
        const addr = r[(opcode >> 6) & 0x7] + r[(opcode >> 3) & 0x7];
        deltaCycles += core.cyclesIO(addr);
        r[opcode & 0x7] = kind === 0b0101100 ? load32(addr) : core.readUint8(addr);
        break;
      }
      case 0b01100: { // STR (immediate)
        r[PC] += 2;
        const address = r[(opcode >> 3) & 0x7] + (((opcode >> 6) & 0x1f) << 2);
        deltaCycles += core.cyclesIO(address, true);
        store32(address, r[opcode & 0x7]);
        break;
      }
      case 0b01101: { // LDR (immediate)
        r[PC] += 2;
        const addr = r[(opcode >> 3) & 0x7] + (((opcode >> 6) & 0x1f) << 2);
        deltaCycles += core.cyclesIO(addr);
        r[opcode & 0x7] = load32(addr);
        break;
      }
      case 0b01111: { // LDRB (immediate)
        r[PC] += 2;
        const addr = r[(opcode >> 3) & 0x7] + ((opcode >> 6) & 0x1f);
        deltaCycles += core.cyclesIO(addr);
        r[opcode & 0x7] = core.readUint8(addr);
        break;
      }
      case 0b01110: { // STRB (immediate)
        r[PC] += 2;
        const address = r[(opcode >> 3) & 0x7] + ((opcode >> 6) & 0x1f);
        deltaCycles += core.cyclesIO(address, true);
        core.writeUint8(address, r[opcode & 0x7]);
        break;
      }
      case 0b10000: { // STRH (immediate)
        r[PC] += 2;
        const address = r[(opcode >> 3) & 0x7] + (((opcode >> 6) & 0x1f) << 1);
        deltaCycles += core.cyclesIO(address, true);
        core.writeUint16(address, r[opcode & 0x7]);
        break;
      }
      case 0b10001: { // LDRH (immediate)
        r[PC] += 2;
        const addr = r[(opcode >> 3) & 0x7] + (((opcode >> 6) & 0x1f) << 1);
        deltaCycles += core.cyclesIO(addr);
        r[opcode & 0x7] = core.readUint16(addr);
        break;
      }
      case 0b10010: { // STR (sp + immediate)
        r[PC] += 2;
        const address = r[SP] + ((opcode & 0xff) << 2);
        deltaCycles += core.cyclesIO(address, true);
        store32(address, r[(opcode >> 8) & 0x7]);
        break;
      }
      case 0b10011: { // LDR (sp + immediate)
        r[PC] += 2;
        const addr = r[SP] + ((opcode & 0xff) << 2);
        deltaCycles += core.cyclesIO(addr);
        r[(opcode >> 8) & 0x7] = load32(addr);
        break;
      }
      case 0b10101: // ADD (register = SP plus immediate)
        r[PC] += 2;
        r[(opcode >> 8) & 0x7] = r[SP] + ((opcode & 0xff) << 2);
        break;
      case 0b10110: { // ADD (SP plus immediate), SUB (SP minus immediate), SXTH, SXTB, UXTH, UXTB, PUSH
        if (opcode >> 8 === 0b10110000) {
          r[PC] += 2;
          if (opcode & 0x80) core.SP -= (opcode & 0x7f) << 2;
          else core.SP += (opcode & 0x7f) << 2;
          break;
        }
        if (opcode >> 8 === 0b10110010) { // SXTH, SXTB, UXTH, UXTB
          r[PC] += 2;
          const value = r[(opcode >> 3) & 0x7];
          const shift = opcode & 0x40 ? 24 : 16;
          r[opcode & 0x7] = opcode & 0x80 ? value & (0xffffffff >>> shift) : (value << shift) >> shift;
          break;
        }
        if (opcode >> 9 !== 0b1011010) return slow();
        r[PC] += 2;
        let bitCount = 0;
        for (let i = 0; i <= 8; i++) {
          if (opcode & (1 << i)) bitCount++;
        }
        let address = r[SP] - 4 * bitCount;
        for (let i = 0; i <= 7; i++) {
          if (opcode & (1 << i)) {
            store32(address, r[i]);
            deltaCycles++;
            address += 4;
          }
        }
        if (opcode & (1 << 8)) store32(address, r[14]);
        core.SP -= 4 * bitCount;
        break;
      }
      case 0b10111: { // POP
        if (opcode >> 9 !== 0b1011110) return slow();
        r[PC] += 2;
        let address = r[SP];
        for (let i = 0; i <= 7; i++) {
          if (opcode & (1 << i)) {
            r[i] = load32(address);
            address += 4;
            deltaCycles++;
          }
        }
        if ((opcode >> 8) & 1) {
          core.SP = address + 4;
          core.BXWritePC(load32(address));
          deltaCycles += 2;
        } else {
          core.SP = address;
        }
        break;
      }
      case 0b11010:
      case 0b11011: { // B (with cond)
        if (((opcode >> 9) & 0x7) === 0b111) return slow();
        r[PC] += 2;
        let imm8 = (opcode & 0xff) << 1;
        if (imm8 & (1 << 8)) imm8 = (imm8 & 0x1ff) - 0x200;
        if (core.checkCondition((opcode >> 8) & 0xf)) {
          r[PC] += imm8 + 2;
          deltaCycles++;
        }
        break;
      }
      case 0b11100: { // B
        r[PC] += 2;
        let imm11 = (opcode & 0x7ff) << 1;
        if (imm11 & (1 << 11)) imm11 = (imm11 & 0x7ff) - 0x800;
        r[PC] += imm11 + 2;
        deltaCycles++;
        break;
      }
      case 0b11110: { // BL
        const opcode2 = mcu.readUint16(opcodePC + 2);
        if (!(opcode2 >> 14 === 0b11 && ((opcode2 >> 12) & 0x1) === 1)) return slow();
        r[PC] += 2;
        const imm11 = opcode2 & 0x7ff;
        const J2 = (opcode2 >> 11) & 0x1;
        const J1 = (opcode2 >> 13) & 0x1;
        const imm10 = opcode & 0x3ff;
        const S = (opcode >> 10) & 0x1;
        const I1 = 1 - (S ^ J1);
        const I2 = 1 - (S ^ J2);
        const imm32 = ((S ? 0b11111111 : 0) << 24) | ((I1 << 23) | (I2 << 22) | (imm10 << 12) | (imm11 << 1));
        r[14] = (r[PC] + 2) | 0x1;
        r[PC] += 2 + imm32;
        deltaCycles += 2;
        core.blTaken(core, false);
        break;
      }
      default:
        return slow();
    }
    core.cycles += deltaCycles;
    return deltaCycles;
  };
}
