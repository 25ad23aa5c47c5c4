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
// The user's cache folder is used only when it is private, by the rule of the word-list cache
// (server/src/files/cache.ts `openCacheFolder`, which this file cannot load before the bundle; a
// test holds the two to one answer): made 0700; a link, another user's folder, a folder group or
// others may write, or one below a folder another user owns or others may write without the
// sticky bit, is not used (nothing read, nothing written; a V8 cache from another user could run
// their code as ours). A cache file is read through O_NOFOLLOW only when it is ours, with one
// link, and not writable by others; it is written to a new file (O_EXCL, O_NOFOLLOW, 0600)
// renamed over the name, so a planted link is replaced, never followed.
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

const GROUP_OR_OTHER_WRITE = 0o022;
const NOFOLLOW = fs.constants.O_NOFOLLOW || 0;
/** What Planilla keeps in a cache folder (files/cache.ts `CACHE_FILE_NAME`): only such a folder is set back to 0700. */
const CACHE_FILE_NAME = /^(lexicon-|leaves-|cli-[0-9a-f]{8}\.v8cache$|\..*\.tmp$)/;

/**
 * Whether `dir` is a private cache folder of ours (made, mode 0700, when missing): the rule of
 * server/src/files/cache.ts `openCacheFolder`. Always true where there are no user ids.
 */
function privateFolder(dir) {
  if (typeof process.getuid !== 'function') return true;
  const uid = process.getuid();
  const resolved = path.resolve(dir);
  let st;
  try {
    st = fs.lstatSync(resolved);
  } catch {
    try {
      fs.mkdirSync(path.dirname(resolved), { recursive: true });
      fs.mkdirSync(resolved, { mode: 0o700 });
      st = fs.lstatSync(resolved);
    } catch {
      return false;
    }
  }
  if (!st.isDirectory() || st.uid !== uid || (st.mode & GROUP_OR_OTHER_WRITE) !== 0) return false;
  let current;
  try {
    current = fs.realpathSync(path.dirname(resolved));
  } catch {
    return false;
  }
  for (;;) {
    let up;
    try {
      up = fs.statSync(current);
    } catch {
      return false;
    }
    if (up.uid !== uid && up.uid !== 0) return false;
    if ((up.mode & GROUP_OR_OTHER_WRITE) !== 0 && (up.mode & 0o1000) === 0) return false;
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  let onlyCache = false;
  try {
    onlyCache = fs.readdirSync(resolved).every((name) => CACHE_FILE_NAME.test(name));
  } catch {
    return false;
  }
  if ((st.mode & 0o077) !== 0 && onlyCache) {
    try {
      fs.chmodSync(resolved, 0o700);
    } catch {
      return false;
    }
  }
  return true;
}

/** A cache file's bytes when it is a regular file of ours with one link that others may not write. */
function readOwnFile(file) {
  const fd = fs.openSync(file, fs.constants.O_RDONLY | NOFOLLOW);
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile() || st.nlink !== 1) return undefined;
    if (typeof process.getuid === 'function' && (st.uid !== process.getuid() || (st.mode & GROUP_OR_OTHER_WRITE) !== 0)) return undefined;
    return fs.readFileSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Reads a user cache file: its header and V8 data, or undefined. */
function readCache(cacheFile, expected) {
  let bytes;
  try {
    bytes = readOwnFile(cacheFile);
  } catch {
    return undefined;
  }
  if (!bytes) return undefined;
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
  const folder = cacheDir(env);
  const usable = privateFolder(folder);
  const cacheFile = path.join(folder, `cli-${fnv1a(filename)}.v8cache`);
  const cached = usable ? readCache(cacheFile, expected) : undefined;
  const script = new vm.Script(Module.wrap(source), { filename, cachedData: cached?.data });
  const accepted = cached !== undefined && script.cachedDataRejected === false;
  const exports = runWrapped(script, filename);
  let saved = false;
  return {
    exports,
    /** 'build': compiled from the build's cache; 'hit': from the user's; 'miss': no valid cache (compiled from the source). */
    cache: accepted ? 'hit' : 'miss',
    saveCache(ran) {
      if (saved || !usable) return;
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

/**
 * Writes header + data to `file` (in a private folder) through a new temporary file (O_EXCL,
 * O_NOFOLLOW, 0600) renamed over it: a link at the name is replaced, never followed.
 */
function writeAtomic(file, header, data) {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${Math.random().toString(36).slice(2, 10)}.tmp`);
  let fd;
  try {
    fd = fs.openSync(temp, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | NOFOLLOW, 0o600);
    fs.writeFileSync(fd, Buffer.concat([header, data]));
    fs.closeSync(fd);
    fd = undefined;
    fs.renameSync(temp, file);
  } catch {
    if (fd !== undefined) fs.closeSync(fd);
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

module.exports = { loadBundle, buildCache, buildCacheFile, cacheDir, privateFolder };
