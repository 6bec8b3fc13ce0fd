#!/usr/bin/env node
// Run a Python script inside a real MicroPython VM (the WebAssembly port, pinned in package.json).
//
//   node tools/mpy_runner/run.mjs [--heap 1m] [--mount DIR ...] [--file FILE[:VMPATH] ...]
//                                 [--data DIR:VMDIR ...] [--no-default-mounts] script.py [args...]
//
// Host folders are copied (recursively, *.py and *.mpy files) into the VM's in-memory file system at
// /repo/<path relative to the repo root> (folders outside the repo go to /mnt/<name>). By default
// yahtzee_core/, hw/, sim/ and host_tests/core/ are mounted; --mount adds folders, --no-default-mounts drops
// the defaults. sys.path gets, in this order: the script's folder,
// /repo, and every mounted folder that is not itself a package (a package folder is importable from
// its parent). --file copies one file (e.g. code.py) to VMPATH (default: its place under /repo);
// --data copies every file of a folder, any type (e.g. build/tables:/tables), and adds nothing to
// sys.path. A mount folder may hold .mpy files (tools/memory/board_memory.py mounts a folder of compiled
// modules and no sources). sys.argv is [script, args...] as on CPython.
//
// A script may set a global VM_STEPS to a generator: after the script's body, the runner steps it,
// one top-level call per yield. This port's garbage collector runs only between top-level calls
// (inside one, gc.collect() just marks a collection as pending and the heap grows instead), so a
// long run, or one that measures live memory (gc.mem_alloc() at the start of a step, after a
// gc.collect() at the end of the previous one), must yield now and then.
//
// Exit status: 0 when the script finishes or raises SystemExit(0/None); the SystemExit code when it is
// an int; 1 for any other exception (the traceback goes to stderr). The package's own CLI exits 0 even
// when the script raises, which is why this wrapper exists.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, "..", "..");
const VM_REPO = "/repo";
// hw/ is mounted too: the board doubles and some core tests import it (pure Python, no board import
// at module level); and sim/, the board doubles the VM scripts run the app on (sim/vmboard.py, the
// displayio stand-in sim/fbdisplay.py). A default folder that does not exist is skipped.
const DEFAULT_MOUNTS = ["yahtzee_core", "hw", "sim", path.join("host_tests", "core")];

function usage(msg) {
  if (msg) process.stderr.write(`run.mjs: ${msg}\n`);
  process.stderr.write(
    "usage: node tools/mpy_runner/run.mjs [--heap SIZE] [--mount DIR ...] [--file FILE[:VMPATH] ...]\n" +
      "                                     [--data DIR:VMDIR ...] [--no-default-mounts] script.py [args...]\n" +
      "  SIZE: bytes, or with a k/m suffix (default 1m)\n",
  );
  process.exit(2);
}

function parseSize(text) {
  const m = /^(\d+)([kKmM]?)$/.exec(text || "");
  if (!m) usage(`bad --heap value: ${text}`);
  const mult = { "": 1, k: 1024, m: 1024 * 1024 }[m[2].toLowerCase()];
  return Number(m[1]) * mult;
}

// ---- command line (options stop at the script name; everything after it goes to the script)
let heapsize = 1024 * 1024;
let useDefaults = true;
const mounts = [];
const files = [];
const datas = [];
let script = null;
let scriptArgs = [];
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  if (a === "--heap") heapsize = parseSize(argv[++i]);
  else if (a.startsWith("--heap=")) heapsize = parseSize(a.slice(7));
  else if (a === "--mount") {
    if (i + 1 >= argv.length) usage("--mount needs a folder");
    mounts.push(argv[++i]);
  } else if (a.startsWith("--mount=")) mounts.push(a.slice(8));
  else if (a === "--file" || a === "--data") {
    if (i + 1 >= argv.length) usage(`${a} needs a value`);
    (a === "--file" ? files : datas).push(argv[++i]);
  } else if (a.startsWith("--file=")) files.push(a.slice(7));
  else if (a.startsWith("--data=")) datas.push(a.slice(7));
  else if (a === "--no-default-mounts") useDefaults = false;
  else if (a === "-h" || a === "--help") usage();
  else if (a === "--") {
    script = argv[i + 1];
    scriptArgs = argv.slice(i + 2);
    break;
  } else if (a.startsWith("--")) usage(`unknown option ${a}`);
  else {
    script = a;
    scriptArgs = argv.slice(i + 1);
    break;
  }
}
if (!script) usage("no script given");

// ---- host path -> VM path
function vmPathFor(hostPath) {
  const abs = path.resolve(hostPath);
  const rel = path.relative(REPO, abs);
  if (rel === "") return VM_REPO;
  if (!rel.startsWith("..") && !path.isAbsolute(rel)) return VM_REPO + "/" + rel.split(path.sep).join("/");
  return "/mnt/" + path.basename(abs);
}

// A script (or a --file) of tools/memory/, tools/reports/ or tools/strategy/ runs at the VM path it had
// before tools/ had folders, /repo/tools/<name>: its path is in the VM's heap (interned as the
// script's name, its folder on sys.path), so a longer one would move the heap figures the docs quote.
const FLAT_TOOLS = ["memory", "reports", "strategy"];
function vmPathForFile(hostFile) {
  const abs = path.resolve(hostFile);
  const rel = path.relative(path.join(REPO, "tools"), abs).split(path.sep);
  if (rel.length === 2 && FLAT_TOOLS.includes(rel[0])) return VM_REPO + "/tools/" + rel[1];
  return vmPathFor(path.dirname(abs)) + "/" + path.basename(abs);
}

function vmMkdirs(mp, vmDir) {
  let cur = "";
  for (const part of vmDir.split("/").filter(Boolean)) {
    cur += "/" + part;
    try {
      mp.FS.mkdir(cur);
    } catch (e) {
      // EEXIST is fine; anything else will surface on writeFile
    }
  }
}

let copied = 0;
function copyTree(mp, hostDir, vmDir, anyFile = false) {
  vmMkdirs(mp, vmDir);
  for (const ent of fs.readdirSync(hostDir, { withFileTypes: true })) {
    if (ent.name.startsWith(".") || ent.name === "__pycache__" || ent.name === "node_modules") continue;
    const h = path.join(hostDir, ent.name);
    const v = vmDir + "/" + ent.name;
    if (ent.isDirectory()) copyTree(mp, h, v, anyFile);
    else if (ent.isFile() && (anyFile || ent.name.endsWith(".py") || ent.name.endsWith(".mpy"))) {
      mp.FS.writeFile(v, fs.readFileSync(h));
      copied++;
    }
  }
}

// ---- stdout/stderr: raw bytes, flushed per line and at the end (the port's own line buffering
// would drop a last line that has no newline)
function makeSink(stream) {
  let buf = [];
  const flush = () => {
    if (buf.length) {
      stream.write(Buffer.from(buf));
      buf = [];
    }
  };
  const put = (bytes) => {
    for (const c of bytes) {
      buf.push(c);
      if (c === 10 || buf.length >= 4096) flush();
    }
  };
  return { put, flush };
}
const out = makeSink(process.stdout);
const err = makeSink(process.stderr);

const pkg = path.join(HERE, "node_modules", "@micropython", "micropython-webassembly-pyscript", "micropython.mjs");
if (!fs.existsSync(pkg)) {
  process.stderr.write(`run.mjs: MicroPython package missing (${pkg}); run "npm ci" in ${HERE}\n`);
  process.exit(2);
}
const { loadMicroPython } = await import(pkg);
const mp = await loadMicroPython({ heapsize, linebuffer: false, stdout: out.put, stderr: err.put });

// ---- file system
const hostMounts = (useDefaults ? DEFAULT_MOUNTS.map((d) => path.join(REPO, d)).filter((d) => fs.existsSync(d)) : []).concat(
  mounts.map((d) => path.resolve(d)),
);
const sysPath = [];
for (const hostDir of hostMounts) {
  if (!fs.existsSync(hostDir) || !fs.statSync(hostDir).isDirectory()) {
    process.stderr.write(`run.mjs: mount folder not found: ${hostDir}\n`);
    process.exit(2);
  }
  const vm = vmPathFor(hostDir);
  copyTree(mp, hostDir, vm);
  const isPackage = fs.existsSync(path.join(hostDir, "__init__.py")) || fs.existsSync(path.join(hostDir, "__init__.mpy"));
  const importRoot = isPackage ? vm.slice(0, vm.lastIndexOf("/")) || "/" : vm;
  if (!sysPath.includes(importRoot)) sysPath.push(importRoot);
}

// single files and data folders: HOST[:VMPATH]
function splitSpec(spec) {
  const i = spec.lastIndexOf(":");
  return i > 0 ? [spec.slice(0, i), spec.slice(i + 1)] : [spec, null];
}
for (const spec of files) {
  const [host, vmWanted] = splitSpec(spec);
  if (!fs.existsSync(host) || !fs.statSync(host).isFile()) {
    process.stderr.write(`run.mjs: file not found: ${host}\n`);
    process.exit(2);
  }
  const vm = vmWanted || vmPathForFile(host);
  vmMkdirs(mp, vm.slice(0, vm.lastIndexOf("/")) || "/");
  mp.FS.writeFile(vm, fs.readFileSync(host));
}
for (const spec of datas) {
  const [host, vmDir] = splitSpec(spec);
  if (!vmDir || !fs.existsSync(host) || !fs.statSync(host).isDirectory()) {
    process.stderr.write(`run.mjs: --data needs an existing DIR:VMDIR, got ${spec}\n`);
    process.exit(2);
  }
  copyTree(mp, path.resolve(host), vmDir, true);
}

const hostScript = path.resolve(script);
if (!fs.existsSync(hostScript)) {
  process.stderr.write(`run.mjs: script not found: ${hostScript}\n`);
  process.exit(2);
}
const vmScript = vmPathForFile(hostScript);
const vmScriptDir = vmScript.slice(0, vmScript.lastIndexOf("/")) || "/";
// always refresh the script itself (it may be outside the mounts or not end in .py)
vmMkdirs(mp, vmScriptDir);
mp.FS.writeFile(vmScript, fs.readFileSync(hostScript));
vmMkdirs(mp, VM_REPO);
const finalPath = [...new Set([vmScriptDir, VM_REPO, ...sysPath])];

// ---- run: the script gets its own globals (__name__ == "__main__"); the bootstrap keeps the exit code
// in the VM's __main__ as _mpy_runner_rc, read back from node.
const bootstrap = `
import sys
sys.argv[:] = ${JSON.stringify([vmScript, ...scriptArgs])}
sys.path[:] = ${JSON.stringify(finalPath)} + [p for p in sys.path if p not in ("", ".")]
_mpy_runner_rc = 1
_mpy_runner_steps = None
def _mpy_runner_main():
    global _mpy_runner_steps
    with open(${JSON.stringify(vmScript)}) as f:
        src = f.read()
    g = {"__name__": "__main__", "__file__": ${JSON.stringify(vmScript)}}
    exec(compile(src, ${JSON.stringify(vmScript)}, "exec"), g)
    _mpy_runner_steps = g.get("VM_STEPS")
def _mpy_runner_exit(e):
    global _mpy_runner_rc
    if isinstance(e, SystemExit):
        code = e.args[0] if e.args else None
        if code is None:
            _mpy_runner_rc = 0
        elif isinstance(code, int):
            _mpy_runner_rc = code
        else:
            print(code, file=sys.stderr)
            _mpy_runner_rc = 1
    else:
        sys.print_exception(e, sys.stderr)
        _mpy_runner_rc = 1
def _mpy_runner_step():
    global _mpy_runner_steps, _mpy_runner_rc
    try:
        next(_mpy_runner_steps)
    except StopIteration:
        _mpy_runner_steps = None
        _mpy_runner_rc = 0
    except BaseException as e:
        _mpy_runner_steps = None
        _mpy_runner_exit(e)
try:
    _mpy_runner_main()
    _mpy_runner_rc = 0
except SystemExit as e:
    code = e.args[0] if e.args else None
    if code is None:
        _mpy_runner_rc = 0
    elif isinstance(code, int):
        _mpy_runner_rc = code
    else:
        print(code, file=sys.stderr)
        _mpy_runner_rc = 1
except BaseException as e:
    sys.print_exception(e, sys.stderr)
    _mpy_runner_rc = 1
`;

let rc;
try {
  mp.runPython(bootstrap);
  // A script that sets VM_STEPS to a generator is stepped from here, one runPython call per
  // yield: this port collects garbage only between top-level calls (gc.collect() inside a call
  // just marks a collection as pending), so a long run must return to JS now and then.
  while (mp.globals.get("_mpy_runner_steps") != null) {
    mp.runPython("_mpy_runner_step()");
  }
  rc = mp.globals.get("_mpy_runner_rc");
  if (typeof rc !== "number") rc = 1;
} catch (e) {
  // only reached if the bootstrap itself fails (e.g. MemoryError while handling an exception)
  err.put(Buffer.from(`run.mjs: VM error: ${e && e.message ? e.message : e}\n`));
  rc = 1;
}
out.flush();
err.flush();
process.exitCode = rc & 0xff;
