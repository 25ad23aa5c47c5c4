// Loads the CLI bundle (dist/cli.js) with a V8 code cache, so a start does not parse and compile
// the 700 KB of JavaScript again: Node 20 has no `module.enableCompileCache()` (Node >= 22.1), so
// this does what it does with `vm.Script`'s `cachedData`. A cache made after a run also holds the
// functions that ran compiled (V8 compiles a function on its first call).
//
// Two caches, tried in this order:
// - The build's, one per command (`dist/cache/cli-<command>.v8cache`, made by `npm run build`
//   running each command once on a sample: `buildCache`), so even the first run of an install
//   starts warm and a command loads only the functions it uses. Its header names the bundle's
//   size, Node's version and architecture and whether the bundle is ASCII (then it is read as
//   Latin-1, a one-byte string V8 takes without decoding); it is used only when the bundle is not
//   newer than it (an edited bundle is not trusted; a package keeps both times equal).
// - The user's, for a command or a Node the build did not cover: `cli-<hash of the bundle's
//   path>.v8cache` in the user cache folder, the one the word lists use
//   (server/src/lexicon/paths.ts `resolveCacheDir`: PLANILLA_CACHE_DIR, else
//   $XDG_CACHE_HOME/planilla, else ~/.cache/planilla), made after a run; its header names the
//   bundle's path, size, modification time and inode, Node's version and architecture, and the
//   commands seen (each new one adds its functions once).
// `PLANILLA_COMPILE_CACHE=off` loads the bundle with a plain `require`.
//
// Invariants: harmless when anything fails. A missing, unreadable, stale or corrupt cache (V8
// checks its own version, flags and the source's length, and the header the bundle's identity)
// costs only the compile; an unwritable folder only loses the cache; a write goes to a temporary
// file renamed over the old one, so a reader never sees half a cache. Nothing is printed.
//
// Usage (bin/planilla.js):
//   const { loadBundle } = require('./compile-cache.js');
//   const loaded = loadBundle(path.join(root, 'dist', 'cli.js'), process.env, 'check');
//   // loaded.cache: 'build' | 'hit' | 'miss' | 'off'
//   loaded.exports.main(argv).then((code) => { process.exitCode = code; loaded.saveCache(loaded.exports.commandRun); });
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const Module = require('node:module');

/** The user cache folder (the same rule as resolveCacheDir in server/src/lexicon/paths.ts); `node:os` only when needed. */
function cacheDir(env) {
  if (env.PLANILLA_CACHE_DIR) return env.PLANILLA_CACHE_DIR;
  const base =
    env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : path.join(require('node:os').homedir(), '.cache');
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

/** Reads a user cache file: its header and V8 data, or undefined. */
function readCache(cacheFile, expected) {
  let bytes;
  try {
    bytes = fs.readFileSync(cacheFile);
  } catch {
    return undefined;
  }
  const cached = splitCache(bytes);
  if (!cached || !sameIdentity(cached.header, expected) || !Array.isArray(cached.header.commands)) return undefined;
  return cached;
}

/** Most commands a cache records (a safeguard: there are about a dozen). */
const MAX_COMMANDS = 32;

/** The build's cache of `command` for the bundle `file` (beside it, in `cache/`). */
function buildCacheFile(file, command) {
  return path.join(path.dirname(file), 'cache', `${path.basename(file, '.js')}-${command}.v8cache`);
}

/** What a build cache is valid for: the bundle's size and the Node that compiled it. */
function buildIdentity(size) {
  return { size, node: process.version, arch: process.arch };
}

/**
 * Reads the build's cache of `command`: its header and V8 data, or undefined when there is none,
 * it is damaged, made by another Node or for another bundle, or older than the bundle.
 */
function readBuildCache(file, stat, command) {
  if (typeof command !== 'string' || !/^[a-z][a-z-]*$/.test(command)) return undefined;
  const cacheFile = buildCacheFile(file, command);
  let bytes;
  let cacheStat;
  try {
    cacheStat = fs.statSync(cacheFile);
    if (cacheStat.mtimeMs < stat.mtimeMs) return undefined;
    bytes = fs.readFileSync(cacheFile);
  } catch {
    return undefined;
  }
  const cached = splitCache(bytes);
  if (!cached || !sameIdentity(cached.header, buildIdentity(stat.size)) || typeof cached.header.ascii !== 'boolean') return undefined;
  return cached;
}

/** A cache file's bytes as its JSON header line and V8 data, or undefined. */
function splitCache(bytes) {
  const newline = bytes.indexOf(0x0a);
  if (newline < 0) return undefined;
  let header;
  try {
    header = JSON.parse(bytes.toString('utf8', 0, newline));
  } catch {
    return undefined;
  }
  if (typeof header !== 'object' || header === null) return undefined;
  return { header, data: bytes.subarray(newline + 1) };
}

/** Runs the bundle's wrapper as `require` would (its own `module`, `require` relative to it, `__dirname`). */
function runWrapped(script, filename) {
  const mod = new Module(filename, module);
  mod.filename = filename;
  mod.paths = Module._nodeModulePaths(path.dirname(filename));
  require.cache[filename] = mod;
  const wrapper = script.runInThisContext();
  wrapper.call(mod.exports, mod.exports, Module.createRequire(filename), mod, filename, path.dirname(filename));
  mod.loaded = true;
  return mod.exports;
}

/**
 * Loads the CommonJS bundle `file` as `require` would, through the build's cache of `command`
 * (the command the arguments name, a guess: a wrong one only costs the compile) or the user's.
 * `saveCache(command)` writes the user's cache when neither was used and when `command` (the one
 * that ran) is new to it.
 */
function loadBundle(file, env = process.env, command = undefined) {
  const filename = path.resolve(file);
  const off = env.PLANILLA_COMPILE_CACHE === 'off';
  let stat;
  let built;
  let source;
  try {
    if (off) throw new Error('off');
    stat = fs.statSync(filename);
    built = readBuildCache(filename, stat, command);
    source = fs.readFileSync(filename, built?.header.ascii ? 'latin1' : 'utf8');
  } catch {
    return { exports: require(filename), cache: 'off', saveCache() {} };
  }
  if (built) {
    const script = new vm.Script(Module.wrap(source), { filename, cachedData: built.data });
    if (script.cachedDataRejected === false) return { exports: runWrapped(script, filename), cache: 'build', saveCache() {} };
    // Rejected by V8 (other flags): the user's cache, from the source read as it is.
    if (built.header.ascii) source = fs.readFileSync(filename, 'utf8');
  }
  const expected = identity(filename, stat);
  const cacheFile = path.join(cacheDir(env), `cli-${fnv1a(filename)}.v8cache`);
  const cached = readCache(cacheFile, expected);
  const script = new vm.Script(Module.wrap(source), { filename, cachedData: cached?.data });
  const accepted = cached !== undefined && script.cachedDataRejected === false;
  const exports = runWrapped(script, filename);
  let saved = false;
  return {
    exports,
    /** 'build': compiled from the build's cache; 'hit': from the user's; 'miss': no valid cache (compiled from the source). */
    cache: accepted ? 'hit' : 'miss',
    saveCache(ran) {
      if (saved) return;
      saved = true;
      const seen = accepted ? cached.header.commands : [];
      const name = typeof ran === 'string' ? ran : '';
      if (accepted && (seen.includes(name) || seen.length >= MAX_COMMANDS)) return;
      try {
        writeAtomic(
          cacheFile,
          Buffer.from(`${JSON.stringify({ ...expected, commands: [...seen, name] })}\n`, 'utf8'),
          script.createCachedData(),
        );
      } catch {
        // No cache folder, a read-only disk: the next start compiles again.
      }
    },
  };
}

/** Writes header + data to `file` through a temporary file renamed over it; throws when the folder cannot be made. */
function writeAtomic(file, header, data) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  try {
    fs.writeFileSync(temp, Buffer.concat([header, data]), { mode: 0o600 });
    fs.renameSync(temp, file);
  } catch {
    fs.rmSync(temp, { force: true });
  }
}

/**
 * For the build (scripts/build.mjs, in a fresh process per command): loads the bundle `file`
 * without a cache, runs `main(argv)` (its output goes where this process's goes), and writes the
 * cache of `command` beside the bundle (`cache/<name>-<command>.v8cache`); exit code 2 when the run
 * was refused (bad usage). Resolves to the cache's path.
 */
async function buildCache(file, command, argv) {
  const filename = path.resolve(file);
  const source = fs.readFileSync(filename, 'utf8');
  const ascii = !/[^\x00-\x7f]/.test(source);
  const script = new vm.Script(Module.wrap(source), { filename });
  const exports = runWrapped(script, filename);
  const code = await exports.main(argv);
  if (code >= 2) process.exitCode = code;
  const cacheFile = buildCacheFile(filename, command);
  const header = Buffer.from(`${JSON.stringify({ ...buildIdentity(fs.statSync(filename).size), ascii, command })}\n`, 'utf8');
  fs.mkdirSync(path.dirname(cacheFile), { recursive: true });
  fs.writeFileSync(cacheFile, Buffer.concat([header, script.createCachedData()]));
  return cacheFile;
}

module.exports = { loadBundle, buildCache, buildCacheFile, cacheDir };
