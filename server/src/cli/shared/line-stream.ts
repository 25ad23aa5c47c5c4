/**
 * A bounded stream of JSON lines in, one answer line out per input line (`moves --stdin`):
 * input is read only as fast as answers are written, so memory stays flat whatever the input's
 * size and however slowly the reader of the answers reads.
 *
 * Invariants:
 * - backpressure both ways: one chunk of input (at most the stream's high-water mark, 64 KiB for
 *   a pipe) is in hand at a time; its lines are answered one by one, and after an answer that
 *   fills stdout's buffer nothing more is read until the buffer has drained (`CliIo.drained`);
 * - a line longer than MAX_LINE_BYTES is not kept: its bytes are dropped as they come and it gets
 *   one error answer; a line nesting its JSON deeper than MAX_JSON_DEPTH is not parsed (a deep
 *   value would exhaust the stack further on) and gets one error answer; an answer function that
 *   throws gives an internal-error answer for that line. In every case the stream goes on;
 * - blank lines get no answer; a trailing `\r` (CRLF input) is not part of the line.
 * - an answer given in pieces (a long list of moves) is written a piece at a time, waiting for
 *   stdout to drain between pieces, so that the whole line is never held in memory at once; the
 *   bytes are those of the pieces joined.
 *
 * Example:
 *   await serveJsonLines(process.stdin, io, (line) => answerLine(line, lexicon, io.lang));
 */
import { formatMessage } from '../../rules/messages';
import { jsonForTerminal } from './terminal';
import type { CliIo } from './io';

/** The longest input line kept (a position is under 2 KB; a line of a megabyte is no position). */
export const MAX_LINE_BYTES = 1024 * 1024;
/** The deepest JSON nesting read (a position nests 2 levels; the id may hold a little more). */
export const MAX_JSON_DEPTH = 64;

const NEWLINE = 0x0a;

/**
 * Whether `text` nests arrays or objects more than `max` levels deep, counting brackets outside
 * strings (so it needs no parse, and no stack).
 */
export function jsonDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** The lines of `input`, each at most `maxBytes` long ('too-long' stands for a longer one), read on demand. */
export async function* boundedLines(input: NodeJS.ReadableStream, maxBytes = MAX_LINE_BYTES): AsyncGenerator<string | { tooLong: true }> {
  let pieces: Buffer[] = [];
  let held = 0;
  let overflow = false;
  const take = (): string | { tooLong: true } => {
    const line = overflow ? { tooLong: true as const } : Buffer.concat(pieces, held).toString('utf8').replace(/\r$/, '');
    pieces = [];
    held = 0;
    overflow = false;
    return line;
  };
  const hold = (piece: Buffer): void => {
    if (overflow) return;
    if (held + piece.length > maxBytes + 1) {
      // +1: the `\r` of a CRLF line of exactly maxBytes
      overflow = true;
      pieces = [];
      held = 0;
      return;
    }
    pieces.push(piece);
    held += piece.length;
  };
  for await (const chunk of input) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    let start = 0;
    for (let nl = bytes.indexOf(NEWLINE, start); nl !== -1; nl = bytes.indexOf(NEWLINE, start)) {
      hold(bytes.subarray(start, nl));
      start = nl + 1;
      yield take();
    }
    // What is left of the chunk is copied out, so the chunk itself is not kept alive by it.
    if (start < bytes.length) hold(Buffer.from(bytes.subarray(start)));
  }
  if (held > 0 || overflow) yield take();
}

/** One answer: a JSON text, or the same text in pieces, made as they are read. */
export type JsonAnswer = string | Iterable<string>;

/**
 * Answers every line of `input` with `answer` (one JSON text per line), writing each answer to
 * `io.out` (a piece at a time to `io.piece` for an answer in pieces) and waiting for `io.drained`
 * when stdout's buffer is full. Returns when the input ends.
 */
export async function serveJsonLines(input: NodeJS.ReadableStream, io: CliIo, answer: (line: string) => JsonAnswer): Promise<void> {
  const refusal = (id: string, args: Record<string, number | string>): string =>
    JSON.stringify({ id: null, error: formatMessage(id, args, io.lang) });
  for await (const line of boundedLines(input)) {
    let text: JsonAnswer;
    if (typeof line !== 'string') text = refusal('stream.too-long', { max: MAX_LINE_BYTES });
    else if (line.trim() === '') continue;
    else if (jsonDeeperThan(line, MAX_JSON_DEPTH)) text = refusal('stream.too-deep', { max: MAX_JSON_DEPTH });
    else {
      try {
        text = answer(line);
      } catch (e) {
        text = refusal('cli.internal-error', { path: '--stdin', detail: e instanceof Error ? e.message : String(e) });
      }
    }
    if (typeof text === 'string') io.out(jsonForTerminal(text));
    else await writePieces(text, io);
    const wait = io.drained?.();
    if (wait) await wait;
  }
}

/** Writes an answer in pieces, then its line break; without `io.piece`, joined by `io.out`. */
async function writePieces(pieces: Iterable<string>, io: CliIo): Promise<void> {
  if (!io.piece) {
    io.out(jsonForTerminal([...pieces].join('')));
    return;
  }
  for (const piece of pieces) {
    io.piece(jsonForTerminal(piece));
    const wait = io.drained?.();
    if (wait) await wait;
  }
  io.piece('\n');
}
