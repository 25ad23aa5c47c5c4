/**
 * Terminal safety: text read from a file (player names, racks, words, notes, file names) must
 * never drive the terminal. `terminalText(value)` shows every control character of a value as
 * a visible escape (`\x1b`, `\r`, `\n`, `\u202e`…), so a crafted name can neither colour,
 * move the cursor, erase lines, set the window title (OSC), reorder text (bidi overrides) nor
 * forge extra lines. `terminalLines(text)` does the same for a whole output but keeps its line
 * breaks and tabs. `jsonForTerminal(json)` writes the characters JSON.stringify leaves raw (C1
 * controls, DEL, bidi and line separators) as `\uXXXX`: the same JSON value, nothing to forge.
 *
 * Every human-readable output of `planilla` goes through here: `consoleIo` (io.ts) passes all
 * of stderr and every `io.out` line through `terminalLines`; file names, which may hold a line
 * break, are escaped with `terminalText` where they are printed. Data outputs (`format`,
 * `export`, `report`, `board --svg` to stdout; written with `writeData`) are the bytes asked for.
 *
 * Invariants: printable text (any script, accents, emoji) is unchanged; the result holds no C0
 * control but (for `terminalLines`) `\n` and `\t`, no DEL, no C1, no bidi control.
 *
 * Example:
 *   terminalText('Ana\x1b[2J')        // 'Ana\\x1b[2J'
 *   terminalLines('a\u202eb\nc')      // 'a\\u202eb\nc'
 */

/** C0 and DEL, C1, the bidi embeddings/overrides/isolates and marks, line/paragraph separators. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g;
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g;
const JSON_RAW = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function visible(ch: string): string {
  const named = NAMED[ch];
  if (named) return named;
  const code = ch.charCodeAt(0);
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** One value (a name, a path) with every control character shown as an escape, line breaks included. */
export function terminalText(value: string): string {
  return value.replace(CONTROL, visible);
}

/** A whole output for the terminal: control characters escaped, line breaks and tabs kept. */
export function terminalLines(text: string): string {
  return text.replace(CONTROL_BUT_LINES, visible);
}

/** A JSON text with the characters JSON leaves raw written as `\uXXXX` (the same JSON value). */
export function jsonForTerminal(json: string): string {
  return json.replace(JSON_RAW, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
