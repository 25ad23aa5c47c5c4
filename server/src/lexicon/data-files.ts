/**
 * Reading the data files the pure layers need but may not open themselves (they import no
 * `node:fs`): a file the user names (leave values), read whole under a size cap, and the
 * project's shipped data files (`data/`, found by paths.ts). The leave loader of
 * analysis/leave-files.ts reads through here; the browser server hands the same bytes over instead.
 *
 * Invariants: nothing here throws; a file is read only when it is a regular file no larger than
 * the cap; the answer says why not (an errno code, 'not-a-file' or 'too-large') and carries the
 * size and modification time so a caller can memoise by them.
 *
 * Example:
 *   const r = readUserFile('mine.klv2', 64 << 20);
 *   if (r.ok) parse(r.bytes); else if (r.reason === 'too-large') …;
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { findDataDir } from './paths';

export type UserFileRead =
  | { readonly ok: true; readonly bytes: Uint8Array; readonly size: number; readonly mtimeMs: number; readonly resolved: string }
  | { readonly ok: false; readonly reason: string; readonly size?: number };

/** Size and modification time of a regular file (undefined when it is none). */
export function fileStamp(file: string): { readonly size: number; readonly mtimeMs: number; readonly resolved: string } | undefined {
  try {
    const stat = fs.statSync(file);
    return stat.isFile() ? { size: stat.size, mtimeMs: stat.mtimeMs, resolved: path.resolve(file) } : undefined;
  } catch {
    return undefined;
  }
}

/** A user's file read whole, refused when it is not a regular file or is larger than `maxBytes`. */
export function readUserFile(file: string, maxBytes: number): UserFileRead {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch (e) {
    return { ok: false, reason: (e as NodeJS.ErrnoException).code ?? 'error' };
  }
  if (!stat.isFile()) return { ok: false, reason: 'not-a-file' };
  if (stat.size > maxBytes) return { ok: false, reason: 'too-large', size: stat.size };
  try {
    return { ok: true, bytes: fs.readFileSync(file), size: stat.size, mtimeMs: stat.mtimeMs, resolved: path.resolve(file) };
  } catch (e) {
    return { ok: false, reason: (e as NodeJS.ErrnoException).code ?? 'error' };
  }
}

/** Where the shipped data file `name` lives: in `dataDir`, else in the project's data folder. */
export function dataFilePath(name: string, dataDir?: string): string {
  const dir = dataDir ?? (typeof __dirname === 'string' ? findDataDir(__dirname) : undefined);
  return dir ? path.join(dir, name) : name;
}

/**
 * Random access to a file's bytes, for a reader that takes only some of them and puts them where
 * they are kept (a typed array) instead of reading the whole file into one buffer first.
 */
export interface ByteSource {
  readonly size: number;
  /** Fills `into` with the bytes from offset `at`; false when they are not all there (or the read failed). */
  read(at: number, into: Uint8Array): boolean;
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
