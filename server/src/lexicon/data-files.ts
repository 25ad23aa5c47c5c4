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

/** The bytes of a shipped data file (a path from `dataFilePath`), or undefined when unreadable. */
export function readDataFile(file: string): Uint8Array | undefined {
  try {
    return fs.readFileSync(file);
  } catch {
    return undefined;
  }
}
