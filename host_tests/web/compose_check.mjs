// The page's compositor (web/compose.js) against the Python one (sim/fbdisplay.py), in the same
// MicroPython WebAssembly VM the page runs: runs host_tests/web/mp_compose.py through
// tools/mpy_runner/run.mjs with `js.pocketCompose` defined (the VM's memory caught as it loads,
// as web/pocket.js catches it).
//
//   node host_tests/web/compose_check.mjs [scenes]
import path from "node:path";
import { fileURLToPath } from "node:url";
import { compose } from "../../web/compose.js";

const HERE = path.dirname(fileURLToPath(import.meta.url));
let memory = null;
const catchMemory = (result) => {
  const exports = (result.instance || result).exports;
  if (exports && exports.memory) memory = exports.memory;
  return result;
};
const instantiate = WebAssembly.instantiate, streaming = WebAssembly.instantiateStreaming;
WebAssembly.instantiate = (...a) => instantiate(...a).then(catchMemory);
if (streaming) WebAssembly.instantiateStreaming = (...a) => streaming(...a).then(catchMemory);
globalThis.pocketCompose = (frame, width, layers, n, dirty, count) =>
  compose(new Uint8Array(memory.buffer), frame, width, layers, n, dirty, count);
process.argv = [process.argv[0], path.join(HERE, "..", "..", "tools", "mpy_runner", "run.mjs"),
  path.join(HERE, "mp_compose.py"), ...process.argv.slice(2)];
await import("../../tools/mpy_runner/run.mjs");
