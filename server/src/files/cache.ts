/**
 * The user's cache folder, trusted only when it is private: the compiled word lists
 * (lexicon/load.ts) and the parsed leave files (analysis/leave-files.ts) are kept here, keyed by
 * the SHA-256 of their source's bytes, with a stamp per source path that names the key while the
 * source keeps its identity on disk. docs/robustness.md, "Caches", states the guarantees.
 *
 * Invariants (on systems with user ids; elsewhere the folder is used as it is):
 * - the folder is made with mode 0700; every use checks it again: a symbolic link, another user's
 *   folder, or a folder that group or others may write is refused (`CacheRefusal`), never used,
 *   and so is a folder below a folder that another user (root aside) owns or that group or others
 *   may write without the sticky bit (whoever writes there can swap the cache folder); a folder of
 *   ours holding only cache files with other bits (an older Planilla made it 0755) is set back to
 *   0700 (any other folder of ours that others may not write is used as it is);
 * - an entry is read through a descriptor opened with O_NOFOLLOW and is used only when it is a
 *   regular file of ours, with one link, that group and others may not write;
 * - an entry is written to a new temporary file in the folder (O_CREAT | O_EXCL | O_NOFOLLOW,
 *   mode 0600) that is renamed over the name: a link planted at the name is replaced, never
 *   followed, so no file outside the folder is ever written;
 * - nothing here throws: a failed read is a missing entry, a failed write a lost entry.
 *
 * Example:
 *   const c = openCacheFolder(resolveCacheDir(undefined));
 *   if (c.ok) { c.folder.write('x.bin', bytes); c.folder.read('x.bin'); } else warn(c.reason);
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** Why a cache folder is not used. */
type CacheRefusal = 'link' | 'not-a-folder' | 'other-owner' | 'shared' | 'unusable';

interface CacheEntry {
  readonly bytes: Buffer;
  /** `identityOf` the file read (from its descriptor). */
  readonly identity: string;
}

export interface CacheFolder {
  readonly dir: string;
  /** The entry `name`, or undefined when it is missing, not ours, shared, linked, larger than `maxBytes` or unreadable. */
  read(name: string, maxBytes?: number): CacheEntry | undefined;
  /** Writes the entry `name` (temporary file and rename); its identity on disk after the write, or undefined when it failed. */
  write(name: string, data: string | Uint8Array): string | undefined;
}

type CacheOpen =
  | { readonly ok: true; readonly folder: CacheFolder }
  | { readonly ok: false; readonly dir: string; readonly reason: CacheRefusal; readonly detail: string };

/** A file's identity on disk: any write changes it (ctime), and so does a replacement (inode). */
export function identityOf(stat: fs.Stats): string {
  return `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}`;
}

const GROUP_OR_OTHER_WRITE = 0o022;
const STICKY = 0o1000;
const NOFOLLOW = fs.constants.O_NOFOLLOW ?? 0;
const NONBLOCK = fs.constants.O_NONBLOCK ?? 0;
/** Largest entry read when the caller names no cap (a compiled list of a million words is ~10 MB). */
const DEFAULT_MAX_ENTRY = 256 * 1024 * 1024;

function myUid(): number | undefined {
  return typeof process.getuid === 'function' ? process.getuid() : undefined;
}

function octal(mode: number): string {
  return (mode & 0o7777).toString(8).padStart(4, '0');
}

/**
 * Opens (making it when missing, mode 0700) the cache folder `dir` after checking that it is
 * private (see the module header); a folder that is not is refused with the reason and a detail
 * (the owner or mode found) for the one line the caller prints.
 */
export function openCacheFolder(dir: string): CacheOpen {
  const resolved = path.resolve(dir);
  const refuse = (reason: CacheRefusal, detail: string): CacheOpen => ({ ok: false, dir: resolved, reason, detail });
  const uid = myUid();
  let st: fs.Stats;
  try {
    st = fs.lstatSync(resolved);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') return refuse('unusable', (e as NodeJS.ErrnoException).code ?? String(e));
    try {
      fs.mkdirSync(path.dirname(resolved), { recursive: true });
      fs.mkdirSync(resolved, { mode: 0o700 });
    } catch (made) {
      if ((made as NodeJS.ErrnoException).code !== 'EEXIST')
        return refuse('unusable', (made as NodeJS.ErrnoException).code ?? String(made));
    }
    try {
      st = fs.lstatSync(resolved);
    } catch (again) {
      return refuse('unusable', (again as NodeJS.ErrnoException).code ?? String(again));
    }
  }
  if (st.isSymbolicLink()) return refuse('link', '');
  if (!st.isDirectory()) return refuse('not-a-folder', '');
  if (uid !== undefined) {
    if (st.uid !== uid) return refuse('other-owner', `uid ${st.uid}`);
    if ((st.mode & GROUP_OR_OTHER_WRITE) !== 0) return refuse('shared', octal(st.mode));
    const above = sharedAncestor(resolved, uid);
    if (above) return refuse('shared', above);
    if ((st.mode & 0o077) !== 0 && onlyCacheFiles(resolved)) {
      try {
        fs.chmodSync(resolved, 0o700);
      } catch (e) {
        return refuse('unusable', (e as NodeJS.ErrnoException).code ?? String(e));
      }
    }
  }
  return { ok: true, folder: privateFolder(resolved, uid) };
}

/** What Planilla keeps in a cache folder: word lists, leave tables, code caches, temporary files. */
const CACHE_FILE_NAME = /^(lexicon-|leaves-|cli-[0-9a-f]{8}\.v8cache$|\..*\.tmp$)/;

/**
 * Whether `dir` holds only Planilla's cache files: only such a folder has its mode set back to
 * 0700 (a folder named by mistake, a home or `/`, keeps its mode; others still may not write it).
 */
function onlyCacheFiles(dir: string): boolean {
  try {
    return fs.readdirSync(dir).every((name) => CACHE_FILE_NAME.test(name));
  } catch {
    return false;
  }
}

/**
 * The first folder above `dir` (links resolved) that someone other than the user (and root) may
 * change the entries of: owned by another user, or writable by group or others without the
 * sticky bit; described for the message, or undefined when there is none.
 */
function sharedAncestor(dir: string, uid: number): string | undefined {
  let current: string;
  try {
    current = fs.realpathSync(path.dirname(dir));
  } catch {
    return undefined;
  }
  for (;;) {
    try {
      const st = fs.statSync(current);
      if (st.uid !== uid && st.uid !== 0) return `${current} (uid ${st.uid})`;
      if ((st.mode & GROUP_OR_OTHER_WRITE) !== 0 && (st.mode & STICKY) === 0) return `${current} (${octal(st.mode)})`;
    } catch {
      return undefined;
    }
    const parent = path.dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
}

/** A plain file name: no separator, not '.', '..' or empty. */
function plainName(name: string): boolean {
  return name.length > 0 && name !== '.' && name !== '..' && !/[\\/]/.test(name);
}

function privateFolder(dir: string, uid: number | undefined): CacheFolder {
  return {
    dir,
    read(name, maxBytes = DEFAULT_MAX_ENTRY) {
      if (!plainName(name)) return undefined;
      let fd: number;
      try {
        fd = fs.openSync(path.join(dir, name), fs.constants.O_RDONLY | NOFOLLOW | NONBLOCK);
      } catch {
        return undefined;
      }
      try {
        const st = fs.fstatSync(fd);
        if (!st.isFile() || st.nlink !== 1 || st.size > maxBytes) return undefined;
        if (uid !== undefined && (st.uid !== uid || (st.mode & GROUP_OR_OTHER_WRITE) !== 0)) return undefined;
        const bytes = Buffer.allocUnsafe(st.size);
        let done = 0;
        while (done < st.size) {
          const n = fs.readSync(fd, bytes, done, st.size - done, done);
          if (n <= 0) return undefined;
          done += n;
        }
        return { bytes, identity: identityOf(st) };
      } catch {
        return undefined;
      } finally {
        fs.closeSync(fd);
      }
    },
    write(name, data) {
      if (!plainName(name)) return undefined;
      const target = path.join(dir, name);
      const temp = path.join(dir, `.${name}.${process.pid}.${Math.random().toString(36).slice(2, 10)}.tmp`);
      let fd: number | undefined;
      try {
        fd = fs.openSync(temp, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | NOFOLLOW, 0o600);
        const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
        let done = 0;
        while (done < bytes.length) done += fs.writeSync(fd, bytes, done, bytes.length - done);
        fs.fsyncSync(fd);
        fs.closeSync(fd);
        fd = undefined;
        fs.renameSync(temp, target);
        return identityOf(fs.lstatSync(target));
      } catch {
        if (fd !== undefined) {
          try {
            fs.closeSync(fd);
          } catch {
            // already closed
          }
        }
        try {
          fs.unlinkSync(temp);
        } catch {
          // never made, or renamed
        }
        return undefined;
      }
    },
  };
}

/**
 * What a stamp stands for: the source path, what else its key depends on (`id`), and the source
 * as seen now (its identity on disk and change time).
 */
export interface Stamp {
  readonly name: string;
  readonly id: string;
  readonly identity: string;
  readonly ctimeMs: number;
}

/** How much older than its stamp a source's change time must be for the stamp to be trusted. */
const RACY_MS = 1000;

/** FNV-1a over the text's code units, twice (two offset bases): 16 hex digits. */
function fnv1a64(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x050c5d1f;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

/** The stamp `<prefix>-<FNV-1a of id>.json` of a source seen with `seen` (id: the path and what the key depends on). */
export function stampOf(prefix: string, id: string, seen: fs.Stats): Stamp {
  return { name: `${prefix}-${fnv1a64(id)}.json`, id, identity: identityOf(seen), ctimeMs: seen.ctimeMs };
}

/**
 * The key (64 hex digits) the stamp recorded, when it is this source's, the source has the
 * identity it saw, and the source's last change is clearly older than the stamp (a change within
 * the file system's clock tick of the stamp could leave the times equal).
 */
export function readStamp(folder: CacheFolder, stamp: Stamp): string | undefined {
  const entry = folder.read(stamp.name, 1 << 16);
  if (!entry) return undefined;
  try {
    const s = JSON.parse(entry.bytes.toString('utf8')) as { id?: unknown; identity?: unknown; stampedMs?: unknown; key?: unknown };
    const ok =
      s.id === stamp.id &&
      s.identity === stamp.identity &&
      typeof s.stampedMs === 'number' &&
      stamp.ctimeMs < s.stampedMs - RACY_MS &&
      typeof s.key === 'string' &&
      /^[0-9a-f]{64}$/.test(s.key);
    return ok ? (s.key as string) : undefined;
  } catch {
    return undefined;
  }
}

/** Records which key the source as seen has; a failed write only costs the shortcut. */
export function writeStamp(folder: CacheFolder, stamp: Stamp, key: string): void {
  folder.write(stamp.name, JSON.stringify({ id: stamp.id, identity: stamp.identity, stampedMs: Date.now(), key }));
}
