// Loads the CLI bundle (dist/cli.js) with a V8 code cache, so a start does not parse and compile
// the 460 KB of JavaScript again: Node 20 has no `module.enableCompileCache()` (Node ≥ 22.1), so
// this does what it does with `vm.Script`'s `cachedData`. The cache is made after a run, so it
// also holds the functions that run compiled (V8 compiles a function on its first call); each
// command a cache has not seen yet (`main`'s `commandRun`) adds its functions once.
//
// Where: `cli-<hash of the bundle's path>.v8cache` in the user cache folder, the one the word
// lists use (server/src/lexicon/paths.ts `resolveCacheDir`: PLANILLA_CACHE_DIR, else
// $XDG_CACHE_HOME/planilla, else ~/.cache/planilla). The file is a JSON header line (the bundle's
// path, size, modification time and inode, Node's version and architecture, the commands seen)
// and the V8 data. `PLANILLA_COMPILE_CACHE=off` loads the bundle with a plain `require`.
//
// Invariants: harmless when anything fails. A missing, unreadable, stale or corrupt cache (V8
// checks its own version, flags and the source's length, and the header the bundle's identity)
// costs only the compile; an unwritable folder only loses the cache; a write goes to a temporary
// file renamed over the old one, so a reader never sees half a cache. Nothing is printed.
//
// Usage (bin/planilla.js):
//   const { loadBundle } = require('./compile-cache.js');
//   const loaded = loadBundle(path.join(root, 'dist', 'cli.js'));   // loaded.cache: 'hit' | 'miss' | 'off'
//   loaded.exports.main(argv).then((code) => { process.exitCode = code; loaded.saveCache(loaded.exports.commandRun); });
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const vm = require('node:vm');
const Module = require('node:module');

/** The user cache folder (the same rule as resolveCacheDir in server/src/lexicon/paths.ts). */
function cacheDir(env) {
  if (env.PLANILLA_CACHE_DIR) return env.PLANILLA_CACHE_DIR;
  const base = env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : path.join(os.homedir(), '.cache');
  return path.join(base, 'planilla');
}

/** FNV-1a, 32 bits, as 8 hex digits: names the cache of one bundle path (no crypto module to load). */
function fnv1a(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** What a cache is valid for: the bundle (path, size, time, inode) and the Node that compiled it. */
function identity(file, stat) {
  return { bundle: file, size: stat.size, mtimeMs: stat.mtimeMs, ino: stat.ino, node: process.version, arch: process.arch };
}

function sameIdentity(a, b) {
  return Object.keys(b).every((key) => a[key] === b[key]);
}

/** Reads a cache file: its header and V8 data, or undefined. */
function readCache(cacheFile, expected) {
  let bytes;
  try {
    bytes = fs.readFileSync(cacheFile);
  } catch {
    return undefined;
  }
  const newline = bytes.indexOf(0x0a);
  if (newline < 0) return undefined;
  let header;
  try {
    header = JSON.parse(bytes.toString('utf8', 0, newline));
  } catch {
    return undefined;
  }
  if (typeof header !== 'object' || header === null || !sameIdentity(header, expected) || !Array.isArray(header.commands)) return undefined;
  return { header, data: bytes.subarray(newline + 1) };
}

/** Most commands a cache records (a safeguard: there are about a dozen). */
const MAX_COMMANDS = 32;

/**
 * Loads the CommonJS bundle `file` as `require` would (its own `module`, `require` relative to it,
 * `__dirname`), through the code cache when there is a valid one. `saveCache(command)` writes the
 * cache when there was none or when `command` (the one that ran) is new to it.
 */
function loadBundle(file, env = process.env) {
  const filename = path.resolve(file);
  const off = env.PLANILLA_COMPILE_CACHE === 'off';
  let source;
  let stat;
  try {
    if (off) throw new Error('off');
    stat = fs.statSync(filename);
    source = fs.readFileSync(filename, 'utf8');
  } catch {
    return { exports: require(filename), cache: 'off', saveCache() {} };
  }
  const expected = identity(filename, stat);
  const cacheFile = path.join(cacheDir(env), `cli-${fnv1a(filename)}.v8cache`);
  const cached = readCache(cacheFile, expected);
  const script = new vm.Script(Module.wrap(source), { filename, cachedData: cached?.data });
  const accepted = cached !== undefined && script.cachedDataRejected === false;
  const mod = new Module(filename, module);
  mod.filename = filename;
  mod.paths = Module._nodeModulePaths(path.dirname(filename));
  require.cache[filename] = mod;
  const wrapper = script.runInThisContext();
  wrapper.call(mod.exports, mod.exports, Module.createRequire(filename), mod, filename, path.dirname(filename));
  mod.loaded = true;
  let saved = false;
  return {
    exports: mod.exports,
    /** 'hit': compiled from the cache; 'miss': no valid cache (compiled from the source). */
    cache: accepted ? 'hit' : 'miss',
    saveCache(command) {
      if (saved) return;
      saved = true;
      const seen = accepted ? cached.header.commands : [];
      const name = typeof command === 'string' ? command : '';
      if (accepted && (seen.includes(name) || seen.length >= MAX_COMMANDS)) return;
      try {
        const data = script.createCachedData();
        const header = Buffer.from(`${JSON.stringify({ ...expected, commands: [...seen, name] })}\n`, 'utf8');
        fs.mkdirSync(path.dirname(cacheFile), { recursive: true });
        const temp = `${cacheFile}.${process.pid}.tmp`;
        try {
          fs.writeFileSync(temp, Buffer.concat([header, data]), { mode: 0o600 });
          fs.renameSync(temp, cacheFile);
        } catch {
          fs.rmSync(temp, { force: true });
        }
      } catch {
        // No cache folder, a read-only disk: the next start compiles again.
      }
    },
  };
}

module.exports = { loadBundle, cacheDir };
