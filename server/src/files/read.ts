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
 *   const r = readRegularFile('partida.gcg', MAX_RECORD_BYTES);
 *   if (r.ok) analyze(r.bytes); else console.log(r.reason);   // 'not-found', 'too-large', …
 */
import * as fs from 'node:fs';

/** The buffer of every read after a file's first one (its bytes are copied out at once). */
const SPARE = Buffer.allocUnsafe(65536);

type ReadFailure =
  | { readonly ok: false; readonly reason: 'not-found' | 'permission' | 'is-directory' | 'not-file'; readonly code?: string }
  | { readonly ok: false; readonly reason: 'too-large'; readonly size: number }
  | { readonly ok: false; readonly reason: 'other'; readonly code: string };

type ReadOutcome = { readonly ok: true; readonly bytes: Uint8Array } | ReadFailure;

function failure(e: unknown): ReadFailure {
  const code = (e as NodeJS.ErrnoException | undefined)?.code ?? String((e as Error | undefined)?.message ?? e);
  if (code === 'ENOENT' || code === 'ENOTDIR') return { ok: false, reason: 'not-found', code };
  if (code === 'EACCES' || code === 'EPERM') return { ok: false, reason: 'permission', code };
  if (code === 'EISDIR') return { ok: false, reason: 'is-directory', code };
  if (code === 'ENXIO') return { ok: false, reason: 'not-file', code }; // a socket, a FIFO with no writer
  return { ok: false, reason: 'other', code };
}

/**
 * Whether the bytes of a would-be record are binary (an image, a word graph, an archive): their
 * first 64 KiB hold a NUL byte, and control bytes (below 0x20, apart from tab, line feed, form
 * feed and carriage return) make at least 5 % of them. A record with a stray NUL in a line is
 * still read (that line is an error); one written in UTF-16 (its byte-order mark FF FE or FE FF
 * comes first) is not binary.
 */
export function isBinaryRecord(bytes: Uint8Array): boolean {
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) return false;
  const sample = bytes.subarray(0, 65536);
  if (!sample.includes(0)) return false;
  let control = 0;
  for (const b of sample) if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d) control++;
  return control * 20 >= sample.length;
}

/**
 * Reads `file` if it is a regular file of at most `maxBytes` bytes (symbolic links followed).
 * Records are read with `MAX_RECORD_BYTES` of shared/record-limits.ts (the one cap of every reader).
 */
export function readRegularFile(file: string, maxBytes: number): ReadOutcome {
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
    // Read what is there, but never more than the cap (the file may grow while we read). The first
    // buffer holds the size fstat saw and one byte more, so a file that did not grow is read into
    // it whole; later reads (the end, or what the file grew by) go through one shared buffer and
    // are copied out, so no large buffer is made per file.
    const chunks: Buffer[] = [];
    let total = 0;
    for (let first = true; total <= maxBytes; first = false) {
      const room = Math.min(first ? st.size + 1 : SPARE.length, maxBytes + 1 - total);
      const chunk = first ? Buffer.allocUnsafe(room) : SPARE;
      const n = fs.readSync(fd, chunk, 0, room, null);
      if (n === 0) break;
      chunks.push(first ? chunk.subarray(0, n) : Buffer.from(chunk.subarray(0, n)));
      total += n;
    }
    if (total > maxBytes) return { ok: false, reason: 'too-large', size: total };
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
