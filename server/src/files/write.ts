/**
 * Writing files without ever losing the old content: `writeFileAtomic(path, data)` writes a
 * temporary file in the target's own folder, flushes it to disk (fsync), then renames it over
 * the target. A full disk, a killed process or a power cut leaves either the old file whole or
 * the new one whole, never a truncated mix. Every file Planilla writes goes through here
 * (`planilla format --write`, `fix --write`, `export -o`, `report -o`, `board -o`, `lexicon
 * compile`, the word-list cache, the editor's saved report).
 *
 * Invariants:
 * - the target keeps its permission bits (and, when we may, its owner);
 * - a symbolic link is resolved: the file it points to is replaced, the link stays a link;
 * - a target that exists but is not a regular file (a terminal, `/dev/null`, a pipe) is written
 *   in place, never renamed over (there is nothing to lose and a device must stay a device);
 *   a folder is refused with EISDIR;
 * - on failure the temporary file is removed and the error (a Node `ErrnoException`) is thrown
 *   unchanged, so callers can name its `code`.
 *
 * This module leans on Node's built-ins only, so every layer that writes (lexicon cache, CLI,
 * server, client) may import it.
 *
 * Example:
 *   writeFileAtomic('partida.gcg', formatted);        // string → UTF-8
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

/** Writes `data` (a string is UTF-8) to `target` atomically; see the module header. Throws on failure. */
export function writeFileAtomic(target: string, data: string | Uint8Array): void {
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
      if (typeof process.getuid === 'function' && process.getuid() === 0) {
        try {
          fs.fchownSync(fd, existing.uid, existing.gid);
        } catch {
          /* keep our own ownership */
        }
      }
    }
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    done = true;
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
