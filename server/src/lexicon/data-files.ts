/**
 * Reading the data files the pure layers need but may not open themselves (they import no
 * `node:fs`): a file the user names (leave values), read whole under a size cap through the
 * user's private cache (files/cache.ts), and the project's shipped data files (`data/`, found by
 * paths.ts). The leave loader of analysis/leave-files.ts reads through here by the port of
 * lexicon/data-source.ts, which this module fills as it loads; the browser server hands the same
 * bytes over instead.
 *
 * Invariants: nothing here throws; a file is read only when it is a regular file no larger than
 * the cap; the answer says why not (an errno code, 'not-a-file' or 'too-large'). A user's file
 * is known by its content (`readThroughCache`): the key is the SHA-256 of its bytes, the kind and
 * the version of what is derived; a stamp per path (`<kind>-path-<FNV-1a>.json`, the rule of the
 * word-list cache: the file's device, inode, size, modification and change times, trusted only
 * for a file last changed more than a second before the stamp) names the key without reading the
 * file, else it is read and hashed. A cache folder that is not private is not used (the word-list
 * load names it); the entry found is handed over for the caller to check.
 *
 * Example:
 *   import './data-files';   // fills the port; then, anywhere:
 *   const r = dataFileAccess()!.readThroughCache('mine.klv2', { maxBytes: 64 << 20, kind: 'leaves', version: 1 });
 *   if (r.ok && r.cached) use(r.cached); else if (r.ok) r.store(derive(r.bytes));
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { openCacheFolder, readStamp, stampOf, writeStamp, type CacheFolder } from '../files/cache';
import { provideDataFileAccess, type ByteSource, type CachedRead, type CachedReadOptions } from './data-source';
import { findDataDir, resolveCacheDir } from './paths';

export type { ByteSource } from './data-source';

type UserFileRead =
  { readonly ok: true; readonly bytes: Uint8Array } | { readonly ok: false; readonly reason: string; readonly size?: number };

/** A user's file read whole, refused when it is not a regular file or is larger than `maxBytes`. */
function readUserFile(file: string, maxBytes: number): UserFileRead {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch (e) {
    return { ok: false, reason: (e as NodeJS.ErrnoException).code ?? 'error' };
  }
  if (!stat.isFile()) return { ok: false, reason: 'not-a-file' };
  if (stat.size > maxBytes) return { ok: false, reason: 'too-large', size: stat.size };
  try {
    return { ok: true, bytes: fs.readFileSync(file) };
  } catch (e) {
    return { ok: false, reason: (e as NodeJS.ErrnoException).code ?? 'error' };
  }
}

/**
 * A user's file known by its content (see the module header): the entry `<kind>-<key>.bin` of
 * the private cache when there is one, else the file's bytes and a way to store the entry.
 */
function readThroughCache(file: string, options: CachedReadOptions, env: NodeJS.ProcessEnv = process.env): CachedRead {
  let seen: fs.Stats;
  try {
    seen = fs.statSync(file);
  } catch (e) {
    return { ok: false, reason: (e as NodeJS.ErrnoException).code ?? 'error' };
  }
  if (!seen.isFile()) return { ok: false, reason: 'not-a-file' };
  if (seen.size > options.maxBytes) return { ok: false, reason: 'too-large', size: seen.size };
  const opened = openCacheFolder(resolveCacheDir(undefined, env));
  const folder: CacheFolder | undefined = opened.ok ? opened.folder : undefined;
  const entryName = (key: string): string => `${options.kind}-${key}.bin`;
  const stamp = stampOf(`${options.kind}-path`, `${path.resolve(file)}\0${options.kind}\0${options.version}`, seen);
  if (folder && options.ignoreCache !== true) {
    const key = readStamp(folder, stamp);
    const entry = key ? folder.read(entryName(key)) : undefined;
    if (key && entry) return { ok: true, key, cached: entry.bytes };
  }
  const read = readUserFile(file, options.maxBytes);
  if (!read.ok) return read;
  const crypto = require('node:crypto') as typeof import('node:crypto');
  const key = crypto.createHash('sha256').update(read.bytes).update(`\0${options.kind}\0${options.version}`).digest('hex');
  const entry = options.ignoreCache === true ? undefined : folder?.read(entryName(key));
  if (folder && entry) {
    writeStamp(folder, stamp, key);
    return { ok: true, key, cached: entry.bytes };
  }
  return {
    ok: true,
    key,
    bytes: read.bytes,
    store(derived) {
      if (folder && folder.write(entryName(key), derived) !== undefined) writeStamp(folder, stamp, key);
    },
  };
}

/** Where the shipped data file `name` lives: in `dataDir`, else in the project's data folder. */
export function dataFilePath(name: string, dataDir?: string): string {
  const dir = dataDir ?? (typeof __dirname === 'string' ? findDataDir(__dirname) : undefined);
  return dir ? path.join(dir, name) : name;
}

/**
 * A shipped data file opened as a `ByteSource` that stays open until `close`, so a reader may
 * keep it and read pieces later, on demand (the built-in leave table, for the life of the
 * process: one descriptor per file). The open descriptor keeps reading the file as it was opened
 * even when an upgrade replaces it on disk. Undefined when the file cannot be opened; never throws.
 */
export function openDataFile(file: string): (ByteSource & { close(): void }) | undefined {
  let fd: number;
  let size: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    return undefined;
  }
  try {
    size = fs.fstatSync(fd).size;
  } catch {
    fs.closeSync(fd);
    return undefined;
  }
  let open = true;
  return {
    size,
    read(at, into) {
      if (!open || at < 0 || at + into.length > size) return false;
      try {
        for (let done = 0; done < into.length;) {
          const n = fs.readSync(fd, into, done, into.length - done, at + done);
          if (n <= 0) return false;
          done += n;
        }
        return true;
      } catch {
        return false;
      }
    },
    close() {
      if (!open) return;
      open = false;
      try {
        fs.closeSync(fd);
      } catch {
        // already gone
      }
    },
  };
}

/**
 * Opens a shipped data file (a path from `dataFilePath`) as a `ByteSource` for `use`, closed when
 * `use` returns; undefined when it cannot be opened or read. Never throws for a missing or
 * unreadable file.
 */
export function withDataFile<T>(file: string, use: (source: ByteSource) => T): T | undefined {
  const source = openDataFile(file);
  if (!source) return undefined;
  try {
    return use(source);
  } catch {
    return undefined;
  } finally {
    source.close();
  }
}

provideDataFileAccess({ dataFilePath, openDataFile, readThroughCache: (file, options) => readThroughCache(file, options) });
