/**
 * The command's standard output and error written straight to their file descriptors
 * (`fs.writeSync`) when they are a regular file, a pipe, a socket or /dev/null, so that a short
 * command never makes Node's stream objects: the first `process.stdout` loads and runs Node's
 * stream modules (a few milliseconds of a start of about thirty). A terminal, another device
 * (`/dev/full`) or Windows keeps Node's stream (`process.stdout`, `process.stderr`).
 *
 * Invariants:
 * - The bytes are those `process.stdout.write(text)` writes (UTF-8), in the same order, and a
 *   write is complete when `write` returns (Node's own writes to files and pipes are synchronous
 *   on Linux too).
 * - A descriptor left non-blocking by another process and full (EAGAIN) hands what is left, and
 *   every later write, to Node's stream, which waits for the reader: nothing is lost or reordered.
 * - A failed write is passed to `onError` (io.ts ends the process as `guardStandardStreams`
 *   says: EPIPE silently, others in one line), never thrown.
 *
 * Example:
 *   const out = fdOutput(1, () => process.stdout, (e) => process.exit(2));
 *   out.write('partida.gcg: sin problemas\n');
 *   out.isTTY;   // false for a file, a pipe, a socket or /dev/null
 */
import * as fs from 'node:fs';

export interface FdOutput {
  /** Writes `text` (UTF-8); a failure goes to `onError`. */
  write(text: string): void;
  /** True when the descriptor is a terminal (it then goes through Node's stream). */
  readonly isTTY: boolean;
  /** A promise when Node's stream, once used, has a full buffer (backpressure); else undefined. */
  drained(): Promise<void> | undefined;
  /** True while writes go straight to the descriptor (not through Node's stream). */
  readonly direct: boolean;
}

/** Whether `fd` can be written with `fs.writeSync` in place of Node's stream (see the header). */
export function writesDirectly(fd: number): boolean {
  if (process.platform === 'win32') return false;
  try {
    const st = fs.fstatSync(fd);
    if (st.isFile() || st.isFIFO() || st.isSocket()) return true;
    if (!st.isCharacterDevice()) return false;
    const nul = fs.statSync('/dev/null');
    return st.dev === nul.dev && st.ino === nul.ino;
  } catch {
    return false;
  }
}

/**
 * The output on `fd` (1 or 2). `stream` gives Node's stream of that descriptor, asked for only
 * when the descriptor is a terminal or a device, or once a write met EAGAIN.
 */
export function fdOutput(fd: number, stream: () => NodeJS.WriteStream, onError: (e: NodeJS.ErrnoException) => void): FdOutput {
  let direct: boolean | undefined;
  const isDirect = (): boolean => (direct ??= writesDirectly(fd));
  const viaStream = (data: string | Uint8Array): void => {
    const s = stream();
    s.write(data);
  };
  return {
    write(text) {
      if (!isDirect()) return viaStream(text);
      const bytes = Buffer.from(text, 'utf8');
      let done = 0;
      while (done < bytes.length) {
        try {
          done += fs.writeSync(fd, bytes, done, bytes.length - done);
        } catch (e) {
          const error = e as NodeJS.ErrnoException;
          if (error.code === 'EAGAIN') {
            direct = false;
            return viaStream(bytes.subarray(done));
          }
          if (error.code === 'EINTR') continue;
          return onError(error);
        }
      }
    },
    get isTTY() {
      return !isDirect() && stream().isTTY === true;
    },
    drained() {
      if (isDirect()) return undefined;
      const s = stream();
      return s.writableNeedDrain ? new Promise((resolve) => s.once('drain', () => resolve())) : undefined;
    },
    get direct() {
      return isDirect();
    },
  };
}
