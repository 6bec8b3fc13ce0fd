// The page's glue: it moves pixels, keys, sound and saved bytes between the browser and the
// MicroPython VM, where the whole app runs (sim/web.py, code.py), and composes the displayio
// scene Python lists into the frame (web/compose.js). No screen, layout or rule here.
//
// URL parameters: board=NAME (one of manifest.json's boards; the default: pygamer),
// seed=N (dice; default: random), date=YYYY-MM-DD (the board's date; default: today),
// step=manual (no animation frames: the browser test steps the app with pocket.frames()).
import { loadMicroPython } from "./micropython.mjs";
import { compose } from "./compose.js";

const params = new URLSearchParams(location.search);
const MANUAL = params.get("step") === "manual";
const STORE = "pocket-yahtzee:nvm:"; // + board: the NVM bytes as hex
const HEAP = 1536 * 1024; // the VM's heap: the app and a board-sized margin
const $ = (id) => document.getElementById(id);
const status = (text) => ($("status").textContent = text);

// pygame's key names (sim/keytable.py) from the browser's
const KEY_NAMES = { ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down",
  " ": "space", Enter: "return", Escape: "escape", Backspace: "backspace" };

const pocket = { ready: false, loadMs: 0, error: null, times: new Float64Array(600), composeMs: 0,
  drew: new Uint8Array(600), timeCount: 0, cues: {}, sounds: 0 }; // cues asked; notes started
window.pocket = pocket;

async function main() {
  if ("serviceWorker" in navigator && !MANUAL) {
    navigator.serviceWorker.register("sw.js").catch(() => {}); // offline after the first load
  }
  const manifest = await (await fetch("manifest.json")).json();
  const boards = manifest.boards.map((b) => b[0]);
  let profile = params.get("board") || localStorage.getItem("pocket-yahtzee:board") || "pygamer";
  if (!boards.includes(profile)) profile = "pygamer";
  localStorage.setItem("pocket-yahtzee:board", profile);
  const picker = $("board");
  for (const [id, title] of manifest.boards) picker.add(new Option(title, id, false, id === profile));
  picker.onchange = () => {
    params.set("board", picker.value);
    location.search = params.toString();
  };

  const files = fetch("app.bin").then((r) => r.arrayBuffer());
  const tables = Promise.all(manifest.tables.map((t) => fetch(t).then((r) => r.arrayBuffer())));
  // The VM's memory, to read the frame and the NVM in place: this build of the package exports
  // no heap view, so the instance's exported memory is caught as the module instantiates.
  let memory = null;
  const catchMemory = (result) => {
    const exports = (result.instance || result).exports;
    if (exports && exports.memory) memory = exports.memory;
    return result;
  };
  const instantiate = WebAssembly.instantiate, streaming = WebAssembly.instantiateStreaming;
  WebAssembly.instantiate = (...a) => instantiate(...a).then(catchMemory);
  if (streaming) WebAssembly.instantiateStreaming = (...a) => streaming(...a).then(catchMemory);
  const mp = await loadMicroPython({ heapsize: HEAP, linebuffer: true,
    stdout: (line) => console.log(line), stderr: (line) => console.error(line) });
  WebAssembly.instantiate = instantiate;
  if (streaming) WebAssembly.instantiateStreaming = streaming;
  if (!memory) throw new Error("the MicroPython module exported no memory");
  const blob = new Uint8Array(await files);
  const mkdirs = (path) => {
    let cur = "";
    for (const part of path.split("/").slice(1, -1)) {
      cur += "/" + part;
      try { mp.FS.mkdir(cur); } catch (e) { /* exists */ }
    }
  };
  for (const [path, offset, length] of manifest.files) {
    mkdirs(path);
    mp.FS.writeFile(path, blob.subarray(offset, offset + length));
  }
  const tableData = await tables;
  manifest.tables.forEach((t, i) => {
    mkdirs("/" + t);
    mp.FS.writeFile("/" + t, new Uint8Array(tableData[i]));
  });

  mp.runPython("import sys\nsys.path[:0] = ['/app']\nfrom sim import web as _web");
  const web = mp.globals.get("_web");
  const seed = params.has("seed") ? parseInt(params.get("seed"), 10) : (Math.random() * 0x3fffffff) | 0;
  const now = new Date();
  const date = params.has("date") ? params.get("date").split("-").map(Number)
    : [now.getFullYear(), now.getMonth() + 1, now.getDate()];
  web.start(profile, seed, localStorage.getItem(STORE + profile) || "", date[0], date[1], date[2]);
  const facts = JSON.parse(web.describe());

  // ---- pixels: the RGB565 frame (high byte first) to an ImageData, dirty rectangles only
  const width = facts.width, height = facts.height;
  const canvas = $("screen");
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext("2d", { alpha: false });
  const image = ctx.createImageData(width, height);
  const pixels = new Uint32Array(image.data.buffer);
  const rgba = new Uint32Array(65536); // RGB565 -> ABGR (little-endian RGBA bytes)
  for (let v = 0; v < 65536; v++) {
    const r = (((v >> 11) & 31) * 255 + 15) / 31 | 0;
    const g = (((v >> 5) & 63) * 255 + 31) / 63 | 0;
    const b = ((v & 31) * 255 + 15) / 31 | 0;
    rgba[v] = (0xff000000 | (b << 16) | (g << 8) | r) >>> 0;
  }
  const frameAt = web.frame_address(), dirtyAt = web.dirty_address();
  const nvmAt = web.nvm_address(), nvmSize = web.nvm_size();
  // the displayio scene is composed here (web/compose.js) from the layers Python lists at each
  // refresh, as displayio's C code composes it on a board
  web.set_composer((layers, n, count) => {
    const t0 = performance.now();
    compose(new Uint8Array(memory.buffer), frameAt, width, layers, n, dirtyAt, count);
    pocket.composeMs += performance.now() - t0;
  });
  const blit = () => {
    const heap = new Uint8Array(memory.buffer); // anew: the memory may have grown
    const dirty = new Int16Array(heap.buffer, dirtyAt, 4 * 32);
    const n = web.dirty_count();
    for (let i = 0; i < n; i++) {
      const x1 = dirty[4 * i], y1 = dirty[4 * i + 1], x2 = dirty[4 * i + 2], y2 = dirty[4 * i + 3];
      for (let y = y1; y < y2; y++) {
        let o = frameAt + (y * width + x1) * 2;
        let p = y * width + x1;
        for (let x = x1; x < x2; x++, o += 2, p++) pixels[p] = rgba[(heap[o] << 8) | heap[o + 1]];
      }
      ctx.putImageData(image, 0, 0, x1, y1, x2 - x1, y2 - y1);
    }
  };
  const fit = () => { // the largest whole scale that fits: crisp pixels, the board's aspect
    const room = Math.min(window.innerWidth - 80, 960) / width;
    const tall = (window.innerHeight - $("pad").offsetHeight - 130) / height;
    const scale = Math.max(1, Math.min(8, Math.floor(Math.min(room, tall))));
    canvas.style.width = width * scale + "px";
    canvas.style.height = height * scale + "px";
  };

  // ---- saved bytes: the NVM to localStorage after each write
  const save = () => {
    const bytes = new Uint8Array(memory.buffer, nvmAt, nvmSize);
    let hex = "";
    for (let i = 0; i < bytes.length; i++) hex += (bytes[i] < 16 ? "0" : "") + bytes[i].toString(16);
    try { localStorage.setItem(STORE + profile, hex); } catch (e) { status("could not save: " + e); }
  };

  // ---- sound: the cue table of hw/sound.py through WebAudio
  let audio = null, voice = null, soundOn = localStorage.getItem("pocket-yahtzee:sound") !== "off";
  const soundButton = $("sound");
  const showSound = () => (soundButton.textContent = "sound: " + (soundOn ? "on" : "off"));
  showSound();
  soundButton.onclick = () => {
    soundOn = !soundOn;
    localStorage.setItem("pocket-yahtzee:sound", soundOn ? "on" : "off");
    showSound();
  };
  const wakeAudio = () => {
    if (!audio && window.AudioContext) audio = new AudioContext();
    if (audio && audio.state === "suspended") audio.resume();
  };
  const hush = () => {
    if (voice) { try { voice.stop(); } catch (e) { /* ended */ } voice = null; }
  };
  const play = (name) => {
    const steps = facts.cues[name];
    if (!steps || !soundOn || !audio || audio.state !== "running") return;
    hush();
    const osc = audio.createOscillator(), gain = audio.createGain();
    let t = audio.currentTime + 0.005;
    gain.gain.setValueAtTime(0, t);
    for (let i = 0; i < steps.length; i += 2) {
      if (steps[i]) osc.frequency.setValueAtTime(steps[i], t);
      gain.gain.setValueAtTime(steps[i] ? 0.12 : 0, t);
      t += steps[i + 1] / 1000;
    }
    gain.gain.setValueAtTime(0, t);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(t + 0.02);
    voice = osc;
    pocket.sounds++;
  };

  const cues = () => {
    const n = web.cue_count();
    for (let i = 0; i < n; i++) {
      const name = web.cue(i);
      pocket.cues[name] = (pocket.cues[name] || 0) + 1;
      play(name);
    }
    web.cue_done();
  };

  // ---- one frame of the app
  const DREW = 1, SAVED = 2, SOUND = 4, STOPPED = 8, POWER = 16, LIT = 32;
  // ---- lights: the held dice, on a strip of dots or under the keys (the MacroPad)
  const lamps = [];
  for (let i = 0; i < facts.lights; i++) {
    if (facts.lights_on_keys) lamps.push(null); // the key buttons, once they exist
    else lamps.push($("lights").appendChild(document.createElement("span")));
  }
  if (facts.lights_on_keys) $("lights").remove();
  const showLights = () => {
    const mask = web.lights();
    lamps.forEach((lamp, i) => {
      const el = lamp || document.getElementById("key-" + i);
      if (el) el.classList.toggle("lit", ((mask >> i) & 1) === 1);
    });
  };
  const frame = (now) => {
    const t0 = performance.now();
    const flags = web.step(now);
    if (flags & DREW) { blit(); pocket.drawn++; }
    if (flags & SAVED) save();
    if (flags & STOPPED) hush();
    if (flags & SOUND) cues();
    if (flags & LIT) showLights();
    if (flags & POWER) {
      const state = web.power_state();
      canvas.classList.toggle("dim", state === 1);
      canvas.classList.toggle("asleep", state === 2);
    }
    pocket.drew[pocket.timeCount % 600] = flags & DREW;
    pocket.times[pocket.timeCount++ % 600] = performance.now() - t0;
    return flags;
  };

  // ---- keys: the page's buttons and the keyboard, as the board's key numbers
  const keyDown = (n, down) => {
    web.key(n, down);
    if (down) wakeAudio();
  };
  const pad = $("pad");
  for (const row of facts.rows) {
    const line = document.createElement("div");
    line.className = "row";
    for (const n of row) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "key";
      b.id = "key-" + n;
      b.textContent = facts.labels[n];
      let held = false;
      const up = () => {
        if (!held) return;
        held = false;
        b.classList.remove("down");
        keyDown(n, false);
      };
      b.addEventListener("pointerdown", (e) => {
        e.preventDefault();
        if (held) return;
        held = true;
        b.setPointerCapture?.(e.pointerId);
        b.classList.add("down");
        keyDown(n, true);
      });
      b.addEventListener("pointerup", up);
      b.addEventListener("pointercancel", up);
      b.addEventListener("lostpointercapture", up);
      b.addEventListener("contextmenu", (e) => e.preventDefault()); // a long touch is a long press
      line.appendChild(b);
    }
    pad.appendChild(line);
  }
  fit(); // now that the buttons take their room
  window.addEventListener("resize", fit);
  const keyboard = (e, down) => {
    if (e.ctrlKey || e.altKey || e.metaKey || e.target instanceof HTMLSelectElement) return;
    const name = KEY_NAMES[e.key] || (e.key.length === 1 ? e.key.toLowerCase() : null);
    const n = name === null ? undefined : facts.keys[name];
    if (n === undefined) return;
    e.preventDefault();
    if (down && e.repeat) return; // the app repeats held keys itself
    keyDown(n, down);
  };
  window.addEventListener("keydown", (e) => keyboard(e, true));
  window.addEventListener("keyup", (e) => keyboard(e, false));

  const help = $("help");
  for (const [key, meaning] of facts.help) help.insertRow().append(
    Object.assign(document.createElement("td"), { textContent: key }),
    Object.assign(document.createElement("td"), { textContent: meaning }));
  $("note").textContent = facts.tables.length
    ? "The computer's hard player and the hint use the official-rules strategy table (" +
      facts.tables.join(", ") + "); other rule sets play as medium without hints."
    : "No strategy table on this page: the hard computer plays as medium and there are no hints.";

  // ---- for the browser test: manual steps, pixels and timing
  pocket.frames = (n, ms) => {
    let flags = 0;
    for (let i = 0; i < n; i++) {
      const t0 = performance.now(), c0 = pocket.composeMs;
      const f = web.advance(ms);
      if (f & DREW) { blit(); pocket.drawn++; }
      if (f & SAVED) save();
      if (f & SOUND) cues();
      if (f & STOPPED) hush();
      if (f & LIT) showLights();
      const t = performance.now() - t0;
      pocket.drew[pocket.timeCount % 600] = f & DREW;
      pocket.times[pocket.timeCount++ % 600] = t;
      pocket.frameLog.push(t, pocket.composeMs - c0);
      flags |= f;
    }
    return flags;
  };
  pocket.frameLog = []; // every manual frame since the load: its time, then its compose's (ms)
  pocket.key = keyDown; // a key without its button or keyboard key (the browser test's replays)
  pocket.wait = (ms) => web.wait(ms);
  pocket.checksum = () => web.checksum() >>> 0;
  pocket.screen = () => web.current_screen();
  pocket.saved = () => localStorage.getItem(STORE + profile);
  pocket.stats = () => { // step + blit times (ms) of the last frames: all, and those that drew
    const n = Math.min(pocket.timeCount, 600);
    const summary = (t) => {
      t.sort((a, b) => a - b);
      return { count: t.length, mean: t.reduce((a, b) => a + b, 0) / (t.length || 1),
        p50: t[t.length >> 1] || 0, p95: t[Math.floor(t.length * 0.95)] || 0, max: t[t.length - 1] || 0 };
    };
    const all = Array.from(pocket.times.subarray(0, n));
    const s = summary(all.slice());
    s.drawing = summary(all.filter((_, i) => pocket.drew[i]));
    return s;
  };
  pocket.resetStats = () => { pocket.timeCount = 0; pocket.drawn = 0; };
  pocket.drawn = 0; // frames that drew something (manual steps)

  const title = manifest.boards.find((b) => b[0] === profile)[1];
  status(title + " \u00b7 seed " + seed + " \u00b7 " + (MANUAL ? "manual steps" : "keys: below, or the keyboard"));
  if (MANUAL) {
    pocket.ready = true;
    pocket.loadMs = performance.now();
    return;
  }
  let first = true;
  const loop = (now) => {
    try {
      frame(Math.floor(now)); // the app's own errors are on its screen (sim/web.py); this is the VM's
    } catch (e) {
      pocket.error = String(e);
      status("The MicroPython VM stopped: " + e + " (reload the page; your game is saved)");
      throw e;
    }
    if (first) {
      first = false;
      pocket.loadMs = performance.now();
      pocket.ready = true;
    }
    requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
}

main().catch((e) => {
  pocket.error = String(e && e.stack ? e.stack : e);
  status("The page could not start: " + e);
  console.error(e);
});
