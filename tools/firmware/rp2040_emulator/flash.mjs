// A SPI NOR flash (Winbond W25Q-like; 8 MB as on the MacroPad unless told) behind rp2040js's SSI, for the commands
// the RP2040 boot ROM and pico-sdk send with the chip select forced low through IO_QSPI's SS
// override (flash_do_cmd, flash_range_erase, flash_range_program): read id, status, write enable,
// page program, sector/block erase, read, unique id. Reads and writes rp2040js's flash array,
// which is also what XIP reads serve. Bytes sent while the chip select is not forced (boot2
// setting up XIP, the ROM's flash_exit_xip) read back as 0 and do nothing.

const SSI = 0x18000; // rp2040js peripheral keys: address >>> 14 << 2
const IO_QSPI = 0x40018;
const IO_QSPI_REGS = 12; // GPIO_QSPI_{SCLK,SS,SD0..SD3}_{STATUS,CTRL}
const QSPI_SS = 1; // index of the chip select among rp2040js's QSPI pins
const PAD_IE = 0x40;
const SS_CTRL = 0x0c; // GPIO_QSPI_SS_CTRL
const OUTOVER_SHIFT = 8;
const OUTOVER_LOW = 2;
const SSI_SSIENR = 0x08;
const SSI_SR = 0x28;
const RX_FIFO_DEPTH = 16;
const SSI_TXFLR = 0x20;
const SSI_RXFLR = 0x24;
const SSI_DR0 = 0x60;
const SR_TFNF = 0x02;
const SR_TFE = 0x04;
const SR_RFNE = 0x08;
const UNIQUE_ID = [0xe6, 0x60, 0x38, 0x63, 0x2f, 0x44, 0x31, 0x2c];
const ERASE_SIZE = { 0x20: 4096, 0x52: 32768, 0xd8: 65536 };

export class SpiNorFlash {
  constructor(mcu, megabytes = 8) {
    this.flash = mcu.flash;
    // JEDEC id: Winbond, and log2 of the size, which CircuitPython reads to size CIRCUITPY
    // (ports/raspberrypi/supervisor/internal_flash.c, supervisor_flash_init)
    this.jedecId = [0xef, 0x40, Math.log2(megabytes * 1024 * 1024)];
    this.ssCtrl = 0;
    this.rx = [];
    this.cmd = -1;
    this.count = 0;
    this.addr = 0;
    this.wel = false;
    this.erases = 0;
    this.programmed = 0;
    // onOp(op): each erase or page program as it completes (the chip select going high), for the
    // power cuts (cuts.mjs): ['E', address, size] or ['P', address, the bytes sent]
    this.onOp = null;
    this.page = [];
    // The flash's chip select has a pull-up: high unless BOOTSEL is held (CircuitPython's
    // port_boot_button_pressed floats it to read the button, and waits while it reads low).
    // rp2040js's pads reset without input enable (the RP2040's QSPI_SS pad resets with it).
    mcu.qspi[QSPI_SS].padValue |= PAD_IE;
    mcu.qspi[QSPI_SS].setInputValue(true);
    // IO_QSPI is unimplemented in rp2040js, and its reads give 0xffffffff, which the boot ROM's
    // flash_was_aborted() takes for an abort (SD1's input override): erase and program then do
    // nothing. Here its six pins' STATUS/CTRL registers read back what was written (0 at reset).
    const ioQspi = mcu.peripherals[IO_QSPI];
    const ioRegs = new Uint32Array(IO_QSPI_REGS);
    const ioRead = ioQspi.readUint32.bind(ioQspi);
    const ioWrite = ioQspi.writeUint32.bind(ioQspi);
    ioQspi.readUint32 = (offset) => (offset < IO_QSPI_REGS * 4 ? ioRegs[offset >> 2] : ioRead(offset));
    ioQspi.writeUint32 = (offset, value) => {
      if (offset >= IO_QSPI_REGS * 4) return ioWrite(offset, value);
      const wasLow = this.selected;
      ioRegs[offset >> 2] = value;
      if (offset === SS_CTRL) this.ssCtrl = value;
      if (wasLow && !this.selected) this.deselect();
    };
    // The SSI gets a 16-entry RX FIFO: each byte written to DR0 clocks one byte back (from the
    // flash model when the chip select is forced low, else 0), which the ROM's flash_put_get
    // counts through RXFLR; rp2040js's SSI has none, so that loop never ended.
    const ssi = mcu.peripherals[SSI];
    const ssiRead = ssi.readUint32.bind(ssi);
    const ssiWrite = ssi.writeUint32.bind(ssi);
    ssi.readUint32 = (offset) => {
      if (offset === SSI_DR0) return this.rx.length ? this.rx.shift() : 0;
      if (offset === SSI_SR) return SR_TFNF | SR_TFE | (this.rx.length ? SR_RFNE : 0);
      if (offset === SSI_RXFLR) return this.rx.length;
      if (offset === SSI_TXFLR) return 0;
      return ssiRead(offset);
    };
    ssi.writeUint32 = (offset, value) => {
      if (offset === SSI_DR0) {
        const back = this.selected ? this.exchange(value & 0xff) : 0;
        if (this.rx.length < RX_FIFO_DEPTH) this.rx.push(back);
        return;
      }
      if (offset === SSI_SSIENR) this.rx.length = 0; // disabling the SSI empties its FIFOs
      ssiWrite(offset, value);
    };
  }

  get selected() {
    return ((this.ssCtrl >> OUTOVER_SHIFT) & 3) === OUTOVER_LOW;
  }

  deselect() {
    if (ERASE_SIZE[this.cmd] && this.count >= 4 && this.wel) {
      const size = ERASE_SIZE[this.cmd];
      const start = this.addr & ~(size - 1);
      this.flash.fill(0xff, start, start + size);
      this.erases++;
      if (this.onOp) this.onOp(['E', start, size]);
    }
    if (this.cmd === 0x02 && this.wel && this.count > 4 && this.onOp) this.onOp(['P', this.addr, Uint8Array.from(this.page)]);
    this.page.length = 0;
    if (this.cmd === 0x02 || ERASE_SIZE[this.cmd]) this.wel = false;
    this.rx.length = 0;
    this.cmd = -1;
    this.count = 0;
    this.addr = 0;
  }

  // One byte out (MOSI), one byte back (MISO).
  exchange(byte) {
    if (this.cmd < 0) {
      this.cmd = byte;
      this.count = 1;
      if (byte === 0x06) this.wel = true;
      if (byte === 0x04) this.wel = false;
      return 0;
    }
    const i = this.count++;
    const cmd = this.cmd;
    if (cmd === 0x9f) return this.jedecId[i - 1] ?? 0;
    if (cmd === 0x05) return this.wel ? 0x02 : 0; // never busy: erases and programs are instant
    if (cmd === 0x35) return 0x02; // QE set (boot2 then leaves it alone)
    if (cmd === 0x4b) return i >= 5 ? (UNIQUE_ID[i - 5] ?? 0) : 0;
    if (cmd === 0x02 || cmd === 0x03 || cmd === 0x0b || ERASE_SIZE[cmd]) {
      if (i <= 3) {
        this.addr = (this.addr << 8) | byte;
        return 0;
      }
      const offset = this.addr + (i - 4);
      if (cmd === 0x02) {
        if (this.wel) {
          const at = (this.addr & ~0xff) | (offset & 0xff); // wraps within the 256-byte page
          this.flash[at] &= byte; // programming only clears bits
          this.programmed++;
          if (this.onOp) this.page.push(byte);
        }
        return 0;
      }
      if (cmd === 0x03) return this.flash[offset] ?? 0;
      if (cmd === 0x0b) return i === 4 ? 0 : (this.flash[offset - 1] ?? 0);
    }
    return 0;
  }

  summary() {
    return `${this.erases} erases, ${this.programmed} bytes programmed`;
  }
}
