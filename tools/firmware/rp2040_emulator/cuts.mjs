// Power cuts inside the app's saves (issue 22 part 3), for play.mjs --cuts N.
//
// The game run logs every erase and page program the firmware sends the flash chip (flash.mjs
// onOp), with the flash as it was at power-on. A save is a run of those operations less than 50 ms
// apart that touches the NVM sector: the backup file's FAT sectors (/yahtzee.sav and its directory
// entry, each a 4 KB sector erased and programmed by CircuitPython's internal_flash.c) and the NVM
// sector (ports/raspberrypi common-hal/nvm/ByteArray.c: erased, then programmed in 256-byte pages).
// A cut picks one operation of one save (uniformly among all the saves' operations) and how far it
// got: not started (a quarter of the cuts), or partly done: an erase that set a random share of the
// sector's bits to 1, a page program that cleared a random share of the bits it was clearing (a
// real NOR chip can leave any such mix; a random share q per cut, each bit with probability q).
// The flash for that instant is made by replaying the log on the power-on flash; play.mjs boots a
// new board from it, lets code.py start the app, and asks the bench hook which saved copy the
// store loaded ("@n"): it must be the newest copy before the save or the one the save wrote.

// (no imports: host_tests/tools/test_power_cuts.py runs these functions in node without rp2040js;
// the NVM sector's offset in the flash is board.mjs's NVM_OFFSET, passed in)

const SLOT_BYTES = 512; // yahtzee_core/save.py LARGE, the layout of a 4 KB NVM
const SLOT_OFFSETS = [0, 2048]; // yahtzee_core/nvm_store.py: slot A at 0, slot B at len(nvm) // 2
const MAGIC = 0x59;
const HEADER = 6;
const SAVE_GAP_NS = 50e6;
const NOT_STARTED = 0.25;

let crcTable = null;
export function crc32(bytes, start, end) {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (let i = start; i < end; i++) c = crcTable[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

// The newest NVM slot whose CRC holds, as the bench hook names a loaded copy: "SEQ:C0,C1,C2,C3"
// (its sequence number and CRC bytes), or "none". (Between two complete saves the backup file
// holds the same copy as the newest slot.)
export function savedCopy(flash, nvmOffset) {
  let best = null;
  for (const off of SLOT_OFFSETS) {
    const b = flash.subarray(nvmOffset + off, nvmOffset + off + SLOT_BYTES);
    if (b[0] !== MAGIC) continue;
    const end = HEADER + (b[4] | (b[5] << 8));
    if (end + 4 > SLOT_BYTES) continue;
    const crc = crc32(b, 0, end);
    if (crc !== ((b[end] | (b[end + 1] << 8) | (b[end + 2] << 16) | (b[end + 3] << 24)) >>> 0)) continue;
    const seq = b[2] | (b[3] << 8);
    if (best === null || (((seq - best.seq) & 0xffff) > 0 && ((seq - best.seq) & 0xffff) < 0x8000)) {
      best = { seq, crc: [b[end], b[end + 1], b[end + 2], b[end + 3]] };
    }
  }
  return best === null ? 'none' : `${best.seq}:${best.crc.join(',')}`;
}

// The bench hook's "@n SLOT SEQ STATUS C0 C1 C2 C3" in savedCopy's form.
export function loadedCopy(reply) {
  const [slot, seq, , c0, c1, c2, c3] = reply;
  return slot < 0 ? 'none' : `${seq}:${c0},${c1},${c2},${c3}`;
}

// A seeded generator of floats in [0, 1) (mulberry32), so that a cut can be made again.
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// One logged operation on ``flash``: whole, or (``share`` in (0, 1), ``rand``) each bit it changes
// changed with probability ``share``.
export function apply(flash, op, share = 1, rand = null) {
  const bits = () => {
    if (share >= 1) return 0xff;
    let m = 0;
    for (let k = 0; k < 8; k++) if (rand() < share) m |= 1 << k;
    return m;
  };
  if (op[0] === 'E') {
    const [, start, size] = op;
    if (share >= 1) flash.fill(0xff, start, start + size);
    else for (let i = start; i < start + size; i++) flash[i] |= bits();
    return;
  }
  const [, addr, data] = op;
  for (let j = 0; j < data.length; j++) {
    const at = (addr & ~0xff) | ((addr + j) & 0xff); // wraps within the 256-byte page (flash.mjs)
    const clear = flash[at] & ~data[j] & 0xff;
    flash[at] &= ~(clear & bits()) & 0xff;
  }
}

// The saves in a log of [ns, op]: {first, last} indexes of each run of operations less than
// SAVE_GAP_NS apart that touches the NVM sector.
export function savesIn(log, nvmOffset) {
  const out = [];
  let first = 0;
  for (let i = 0; i <= log.length; i++) {
    if (i === log.length || (i > first && log[i][0] - log[i - 1][0] > SAVE_GAP_NS)) {
      if (i > first && log.slice(first, i).some(([, op]) => op[1] >= nvmOffset && op[1] < nvmOffset + 4096)) {
        out.push({ first, last: i - 1 });
      }
      first = i;
    }
  }
  return out;
}

// ``n`` cuts among the saves' operations: {save, op (log index), share (0: not started)}.
export function pickCuts(saves, n, rand) {
  const ops = [];
  saves.forEach((s, k) => { for (let i = s.first; i <= s.last; i++) ops.push([k, i]); });
  const cuts = [];
  if (!ops.length) return cuts;
  for (let c = 0; c < n; c++) {
    const [save, op] = ops[Math.floor(rand() * ops.length)];
    const share = rand() < NOT_STARTED ? 0 : 0.02 + 0.96 * rand();
    cuts.push({ save, op, share });
  }
  return cuts;
}

// The flash at power-on with the log's operations before ``upTo`` replayed (the flash at that
// instant), into ``out``.
export function replay(initial, log, upTo, out) {
  out.set(initial);
  for (let i = 0; i < upTo; i++) apply(out, log[i][1]);
  return out;
}
