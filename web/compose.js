// The displayio scene composed into the VM's RGB565 frame, as displayio's C code composes it on
// a board. Python (sim/web.py Scene) finds the dirty rectangles and lists the visible TileGrids in
// paint order, with the memory addresses of their buffers; this only paints them. The rules
// (sim/fbdisplay.py FrameBufferDisplay._compose): each rectangle is cleared to 0, then every layer
// paints its opaque pixels over it; a TileGrid at scale s shows each bitmap pixel as s x s pixels.
export const FIELDS = 16; // ints per layer (sim/web.py FIELDS)

// heap: a Uint8Array over the VM's memory; frame, layers, dirty: byte addresses in it (the frame:
// 2 bytes a pixel, high byte first, `width` a row; layers: `n` records of FIELDS int32; dirty:
// `count` rectangles of 4 int16, x2/y2 exclusive).
export function compose(heap, frame, width, layers, n, dirty, count) {
  const L = new Int32Array(heap.buffer, layers, n * FIELDS);
  const D = new Int16Array(heap.buffer, dirty, 4 * count);
  for (let r = 0; r < count; r++) {
    const x1 = D[4 * r], y1 = D[4 * r + 1], x2 = D[4 * r + 2], y2 = D[4 * r + 3];
    for (let y = y1; y < y2; y++) {
      const o = frame + (y * width + x1) * 2;
      heap.fill(0, o, o + (x2 - x1) * 2);
    }
    for (let i = 0; i < n; i++) paint(heap, frame, width, L, i * FIELDS, x1, y1, x2, y2);
  }
}

function paint(heap, frame, width, L, j, x1, y1, x2, y2) {
  const ix = L[j], iy = L[j + 1], s = L[j + 2], tw = L[j + 3], th = L[j + 4];
  const gw = L[j + 5], gh = L[j + 6], perRow = L[j + 7], data = L[j + 8], stride = L[j + 9];
  const bits = L[j + 10], tiles = L[j + 11], tileBytes = L[j + 12], colours = L[j + 13];
  const clear = L[j + 14];
  const cx1 = Math.max(ix, x1), cy1 = Math.max(iy, y1);
  const cx2 = Math.min(ix + gw * tw * s, x2), cy2 = Math.min(iy + gh * th * s, y2);
  if (cx1 >= cx2 || cy1 >= cy2) return;
  const tws = tw * s;
  const mask = bits < 32 ? (1 << bits) - 1 : -1;
  for (let sy = cy1; sy < cy2; sy++) {
    const ly = ((sy - iy) / s) | 0;
    const trow = (ly / th) | 0;
    const py = ly - trow * th;
    let o = frame + (sy * width + cx1) * 2;
    for (let sx = cx1; sx < cx2; sx++, o += 2) {
      const rx = sx - ix;
      const tcol = (rx / tws) | 0;
      const ti = trow * gw + tcol;
      const t = tileBytes === 1 ? heap[tiles + ti] : heap[tiles + 2 * ti] | (heap[tiles + 2 * ti + 1] << 8);
      const tr = (t / perRow) | 0;
      const px = (t - tr * perRow) * tw + (((rx - tcol * tws) / s) | 0);
      const row = data + (tr * th + py) * stride;
      let v;
      if (bits < 8) {
        const bit = px * bits;
        v = (heap[row + (bit >> 3)] >> (8 - bits - (bit & 7))) & mask;
      } else if (bits === 8) {
        v = heap[row + px];
      } else if (bits === 16) {
        v = heap[row + 2 * px] | (heap[row + 2 * px + 1] << 8);
      } else {
        const b = row + 4 * px;
        v = (heap[b] | (heap[b + 1] << 8) | (heap[b + 2] << 16) | (heap[b + 3] << 24)) >>> 0;
      }
      if (heap[clear + v]) continue; // transparent
      heap[o] = heap[colours + 2 * v + 1]; // the colour table is little-endian; the frame high byte first
      heap[o + 1] = heap[colours + 2 * v];
    }
  }
}
