/**
 * The size cap on a record, one for every reader: the CLI and the Node server read from disk
 * with it (files/read.ts `readRegularFile(file, MAX_RECORD_BYTES)`), the web worker server and
 * the web client check it before a record crosses the worker's messages. A real record is a few
 * kilobytes; a file past the cap is not read at all (docs/robustness.md "Limits").
 *
 * Invariants: pure (no Node module, no DOM), so every side may import it; a refused size is
 * never decoded or read.
 *
 * Example:
 *   recordTooLarge(70 * 1024 * 1024);        // true
 *   recordFromBase64(result.base64);         // the bytes, or undefined past the cap
 */
import { decodeBase64 } from './base64';

/** The largest record Planilla reads: 64 MiB. */
export const MAX_RECORD_BYTES = 64 * 1024 * 1024;

/** Whether a record of `size` bytes is past the cap (and so is not read). */
export function recordTooLarge(size: number, max: number = MAX_RECORD_BYTES): boolean {
  return !(size <= max);
}

/** How many bytes a base64 text stands for (its length alone: nothing is decoded). */
export function base64ByteLength(text: string): number {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return Math.floor((text.length * 3) / 4) - padding;
}

/** The bytes of a record sent as base64, or undefined when they are past the cap (not decoded). */
export function recordFromBase64(text: string, max: number = MAX_RECORD_BYTES): Uint8Array | undefined {
  return recordTooLarge(base64ByteLength(text), max) ? undefined : decodeBase64(text);
}
