/**
 * Writing files without ever losing the old content: `writeFileAtomic(path, data)` writes a
 * temporary file in the target's own folder, flushes it to disk (fsync), then renames it over
 * the target. A full disk, a killed process or a power cut leaves either the old file whole or
 * the new one whole, never a truncated mix. Every file Planilla writes goes through here
 * (`planilla format --write`, `fix --write`, `fill --write`, `export -o`, `report -o`, `board -o`,
 * `reconstruct -o`, `lexicon compile`, `leaves export`, the word-list cache, the editor's saved
 * report); the commands reach it only through cli/shared/io.ts `writeResult`, which adds the guards a
 * command needs. docs/robustness.md states the rules.
 *
 * Invariants:
 * - no lost update: given `unchangedFrom` (the bytes the command read), the file is read again
 *   just before the rename and nothing is written when its content is no longer those bytes
 *   (`WriteRefused`, reason 'changed'): a writer that appended while the command worked keeps
 *   its lines, and of two `--write` runs on one file the second is told;
 * - a file the caller could not write in place is not replaced (`WriteRefused`): no write bit
 *   for the caller's class (owner, group, others; root included: Planilla does not use root's
 *   override) is 'read-only'; a file owned by another user is 'other-owner' unless the caller is
 *   root (who gives it its owner back); a file with more than one hard link is 'hard-links' (the
 *   rename would split the links), the other names found in its folder are named;
 * - the target keeps its permission bits (and, when we may, its owner and group);
 * - a symbolic link is resolved: the file it points to is replaced, the link stays a link;
 * - a target that exists but is not a regular file (a terminal, `/dev/null`, a pipe) is written
 *   in place, never renamed over (there is nothing to lose and a device must stay a device);
 *   a folder is refused with EISDIR;
 * - on failure the temporary file is removed and the error (a Node `ErrnoException`, or a
 *   `WriteRefused`) is thrown, so callers can name its `code`.
 *
 * This module leans on Node's built-ins only, so every layer that writes (lexicon cache, CLI,
 * server, client) may import it.
 *
 * Example:
 *   writeFileAtomic('partida.gcg', formatted, { unchangedFrom: bytesRead });   // string → UTF-8
 *   writeFileAtomic('lista.dawg', bytes);             // Uint8Array as is
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** `node:crypto`, loaded when first used: loading it costs a start several milliseconds. */
function crypto(): typeof import('node:crypto') {
  return require('node:crypto') as typeof import('node:crypto');
}

/**
 * The file a write to `target` should replace: symbolic links followed (up to 40 hops, also when
 * the last link dangles: then the link's target is created).
 */
export function resolveWriteTarget(target: string): string {
  let current = path.resolve(target);
  for (let hops = 0; hops < 40; hops++) {
    let st: fs.Stats;
    try {
      st = fs.lstatSync(current);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') {
        // Not there yet: resolve the folder (it may be reached through links) and keep the name.
        try {
          return path.join(fs.realpathSync(path.dirname(current)), path.basename(current));
        } catch {
          return current;
        }
      }
      throw e;
    }
    if (!st.isSymbolicLink()) {
      try {
        return fs.realpathSync(current);
      } catch {
        return current;
      }
    }
    current = path.resolve(path.dirname(current), fs.readlinkSync(current));
  }
  const loop = new Error(`too many levels of symbolic links: ${target}`) as NodeJS.ErrnoException;
  loop.code = 'ELOOP';
  throw loop;
}

function writeAll(fd: number, bytes: Uint8Array): void {
  let offset = 0;
  while (offset < bytes.length) {
    offset += fs.writeSync(fd, bytes, offset, bytes.length - offset);
  }
}

/** Why a write was refused before anything was written (see the module header). */
type WriteRefusal = 'changed' | 'read-only' | 'other-owner' | 'hard-links';

/** A write refused by Planilla's own rules (not by the system); `code` is 'EPLANILLA'. */
export class WriteRefused extends Error {
  readonly code = 'EPLANILLA';
  constructor(
    readonly reason: WriteRefusal,
    readonly file: string,
    /** For 'hard-links': the file's other names found in its folder, and how many links it has. */
    readonly links: readonly string[] = [],
    readonly linkCount = 0,
  ) {
    super(`${reason}: ${file}`);
  }
}

interface WriteOptions {
  /**
   * The bytes the command read from the target: the write goes ahead only if the target still
   * holds exactly these bytes just before the rename (else `WriteRefused` 'changed'). A target
   * that is gone by then is 'changed' too.
   */
  readonly unchangedFrom?: Uint8Array;
}

/** Who is writing: the effective user and groups (undefined where the platform has no such ids). */
interface Caller {
  readonly uid: number;
  readonly gids: readonly number[];
}

function currentCaller(): Caller | undefined {
  if (typeof process.geteuid !== 'function' || typeof process.getegid !== 'function') return undefined;
  const groups = typeof process.getgroups === 'function' ? process.getgroups() : [];
  return { uid: process.geteuid(), gids: [process.getegid(), ...groups] };
}

/**
 * Whether `caller` may have an existing regular file replaced, judged from its owner and
 * permission bits only (never from a failed system call: root's override is not used). The
 * caller's class is the owner's when it owns the file, else the group's when it is in the
 * file's group, else others'; that class needs its write bit. A file of another user is refused
 * unless the caller is root, because a rename would give the file to the caller.
 */
export function permissionRefusal(st: { uid: number; gid: number; mode: number }, caller: Caller | undefined): WriteRefusal | undefined {
  if (!caller) return undefined;
  const bit = caller.uid === st.uid ? 0o200 : caller.gids.includes(st.gid) ? 0o020 : 0o002;
  if ((st.mode & bit) === 0) return 'read-only';
  if (caller.uid !== st.uid && caller.uid !== 0) return 'other-owner';
  return undefined;
}

/** The other names of a hard-linked file found in its own folder (at most 8, sorted). */
function otherNames(real: string, st: fs.Stats): string[] {
  const dir = path.dirname(real);
  const names: string[] = [];
  try {
    for (const name of fs.readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      if (full === real) continue;
      try {
        const other = fs.lstatSync(full);
        if (other.ino === st.ino && other.dev === st.dev) names.push(full);
      } catch {
        /* gone meanwhile */
      }
      if (names.length >= 8) break;
    }
  } catch {
    /* the folder cannot be listed: the count alone is said */
  }
  return names;
}

/** Whether `file` holds exactly `expected` now (read with a cap one byte past its length). */
function holdsExactly(file: string, expected: Uint8Array): boolean {
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  } catch {
    return false;
  }
  try {
    const now = Buffer.allocUnsafe(expected.length + 1);
    let length = 0;
    while (length < now.length) {
      const n = fs.readSync(fd, now, length, now.length - length, null);
      if (n === 0) break;
      length += n;
    }
    return length === expected.length && now.subarray(0, length).equals(expected);
  } catch {
    return false;
  } finally {
    fs.closeSync(fd);
  }
}

/** Writes `data` (a string is UTF-8) to `target` atomically; see the module header. Throws on failure. */
export function writeFileAtomic(target: string, data: string | Uint8Array, options: WriteOptions = {}): void {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  const real = resolveWriteTarget(target);
  let existing: fs.Stats | undefined;
  try {
    existing = fs.statSync(real);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  if (existing?.isDirectory()) {
    const err = new Error(`is a directory: ${target}`) as NodeJS.ErrnoException;
    err.code = 'EISDIR';
    throw err;
  }
  if (existing?.isFile()) {
    const refusal = permissionRefusal(existing, currentCaller());
    if (refusal) throw new WriteRefused(refusal, target);
    if (existing.nlink > 1) throw new WriteRefused('hard-links', target, otherNames(real, existing), existing.nlink);
  } else if (options.unchangedFrom && !existing) {
    throw new WriteRefused('changed', target);
  }
  if (existing && !existing.isFile()) {
    // A device or a pipe: nothing to keep, and it must not be replaced by a regular file.
    const fd = fs.openSync(real, 'w');
    try {
      writeAll(fd, bytes);
    } finally {
      fs.closeSync(fd);
    }
    return;
  }
  const dir = path.dirname(real);
  const tmpPath = path.join(dir, `.${path.basename(real)}.${process.pid}.${crypto().randomBytes(6).toString('hex')}.tmp`);
  const mode = existing ? existing.mode & 0o7777 : 0o666;
  const fd = fs.openSync(tmpPath, 'wx', mode);
  let done = false;
  try {
    writeAll(fd, bytes);
    if (existing) {
      // openSync applies the umask; put the old bits back exactly, and the owner when we may.
      fs.fchmodSync(fd, mode);
      // Root gives the file its owner back; anyone else may at least keep its group.
      const root = typeof process.geteuid === 'function' && process.geteuid() === 0;
      if (root || (typeof process.geteuid === 'function' && existing.uid === process.geteuid())) {
        try {
          fs.fchownSync(fd, existing.uid, existing.gid);
        } catch {
          /* not a group of ours: it keeps our own */
        }
      }
    }
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    done = true;
    // The last look before the rename: the file must still be what the command read.
    if (options.unchangedFrom && !holdsExactly(real, options.unchangedFrom)) throw new WriteRefused('changed', target);
    fs.renameSync(tmpPath, real);
  } catch (e) {
    if (!done) {
      try {
        fs.closeSync(fd);
      } catch {
        /* already closed */
      }
    }
    try {
      fs.unlinkSync(tmpPath);
    } catch {
      /* never created or already gone */
    }
    throw e;
  }
  // Make the rename itself durable (best effort: not every file system lets a folder be synced).
  try {
    const dfd = fs.openSync(dir, 'r');
    try {
      fs.fsyncSync(dfd);
    } finally {
      fs.closeSync(dfd);
    }
  } catch {
    /* not supported here */
  }
}
