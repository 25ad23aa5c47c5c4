/**
 * Reading a record from disk with the guards every reader shares (the CLI and the language
 * server's workspace check): regular files only (a folder, a pipe, a device such as /dev/zero
 * or a socket is refused, never read), at most a size cap, and a reason code instead of a throw.
 *
 * Invariants: never throws; never blocks on a FIFO (the file is opened non-blocking and checked
 * on its descriptor, so it cannot be swapped between the check and the read); never reads more
 * than `maxBytes` + 1 bytes.
 *
 * Example:
 *   const r = readRegularFile('partida.gcg');
 *   if (r.ok) analyze(r.bytes); else console.log(r.reason);   // 'not-found', 'too-large', …
 */
import * as fs from 'node:fs';

/** The largest record Planilla reads (a real record is a few kilobytes). */
export const MAX_RECORD_BYTES = 64 * 1024 * 1024;

export type ReadFailure =
  | { readonly ok: false; readonly reason: 'not-found' | 'permission' | 'is-directory' | 'not-file'; readonly code?: string }
  | { readonly ok: false; readonly reason: 'too-large'; readonly size: number }
  | { readonly ok: false; readonly reason: 'other'; readonly code: string };

export type ReadOutcome = { readonly ok: true; readonly bytes: Uint8Array } | ReadFailure;

function failure(e: unknown): ReadFailure {
  const code = (e as NodeJS.ErrnoException | undefined)?.code ?? String((e as Error | undefined)?.message ?? e);
  if (code === 'ENOENT' || code === 'ENOTDIR') return { ok: false, reason: 'not-found', code };
  if (code === 'EACCES' || code === 'EPERM') return { ok: false, reason: 'permission', code };
  if (code === 'EISDIR') return { ok: false, reason: 'is-directory', code };
  if (code === 'ENXIO') return { ok: false, reason: 'not-file', code }; // a socket, a FIFO with no writer
  return { ok: false, reason: 'other', code };
}

/** Reads `file` if it is a regular file of at most `maxBytes` bytes (symbolic links followed). */
export function readRegularFile(file: string, maxBytes: number = MAX_RECORD_BYTES): ReadOutcome {
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  } catch (e) {
    return failure(e);
  }
  try {
    const st = fs.fstatSync(fd);
    if (st.isDirectory()) return { ok: false, reason: 'is-directory' };
    if (!st.isFile()) return { ok: false, reason: 'not-file' };
    if (st.size > maxBytes) return { ok: false, reason: 'too-large', size: st.size };
    // Read what is there, but never more than the cap (the file may grow while we read).
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(Math.max(st.size - total, 0) + 65536, maxBytes + 1 - total));
      if (chunk.length === 0) break;
      const n = fs.readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      chunks.push(chunk.subarray(0, n));
      total += n;
      if (total > maxBytes) return { ok: false, reason: 'too-large', size: total };
    }
    return { ok: true, bytes: chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, total) };
  } catch (e) {
    return failure(e);
  } finally {
    try {
      fs.closeSync(fd);
    } catch {
      /* already closed */
    }
  }
}
