/**
 * Bytes → text for GCG files (NOTATION.md, "File level").
 *
 * - A UTF-8 byte-order mark is skipped (the decoded text does not contain it); a UTF-16 one
 *   (FF FE or FE FF) makes the file read as UTF-16, little- or big-endian.
 * - `#character-encoding ISO-8859-1` (or `latin1`, `latin-1`, `iso8859-1`) and
 *   `#character-encoding windows-1252` (or `cp1252`) are honoured.
 * - Otherwise valid UTF-8 is read as UTF-8; anything else is read as Latin-1 (the GCG default)
 *   and an `encoding-fallback` hint says so — with its own message when the file declares
 *   `#character-encoding UTF-8` but its bytes are not UTF-8.
 * - "Latin-1" is read as Windows-1252, as web browsers (the WHATWG Encoding standard) read the
 *   label: bytes 0x80–0x9F are the curly quotes, dashes, € … a Windows editor wrote, never C1
 *   control characters (which no record means). The five bytes Windows-1252 leaves undefined
 *   keep their Latin-1 value.
 *
 * Invariants: never throws; decoding runs at memory speed (Node's Buffer decoder, then a table
 * only where a byte 0x80–0x9F occurs).
 *
 * Example:
 *   decode(new Uint8Array([0x63, 0xe9])) // { text: 'cé', encoding: 'latin-1', fallback: 'encoding-fallback' }
 *   decode(new Uint8Array([0x93, 0x41, 0x94])) // { text: '“A”', … }
 */

export type Encoding = 'utf-8' | 'latin-1' | 'utf-16';

export interface Decoded {
  readonly text: string;
  readonly encoding: Encoding;
  /** Set when the bytes were not valid UTF-8 and were read as Latin-1: the hint's message id. */
  readonly fallback?: 'encoding-fallback' | 'encoding-fallback-declared';
}

const LATIN1_NAMES = ['iso-8859-1', 'iso8859-1', 'iso_8859-1', 'latin1', 'latin-1', 'l1', 'windows-1252', 'cp1252', 'x-cp1252'];
const UTF8_NAMES = ['utf-8', 'utf8'];

/** Windows-1252 bytes 0x80–0x9F (undefined ones keep their Latin-1 value). */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

/** Latin-1 as Windows-1252 (see the header): every byte is one character. */
function decodeLatin1(bytes: Uint8Array): string {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return /[\u0080-\u009f]/.test(text) ? text.replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]) : text;
}

/**
 * `text` back into the bytes of `encoding` (the inverse of `decode`, for writing a record in the
 * encoding it was read in): Latin-1 as Windows-1252 (a character neither has becomes `?`), UTF-16
 * with the byte-order mark `original` had, UTF-8 with its BOM when `original` had one.
 */
export function encodeText(text: string, encoding: Encoding, original: Uint8Array): Uint8Array {
  if (encoding === 'utf-16') {
    const le = original[0] !== 0xfe;
    const body = Buffer.from(`\uFEFF${text}`, 'utf16le');
    if (!le) body.swap16();
    return body;
  }
  if (encoding === 'latin-1') {
    const out = Buffer.allocUnsafe(text.length);
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c < 0x80 || (c >= 0xa0 && c <= 0xff)) out[i] = c;
      else {
        const high = CP1252_HIGH.indexOf(text[i]);
        out[i] = high >= 0 ? 0x80 + high : 0x3f;
      }
    }
    return out;
  }
  const bom = original.length >= 3 && original[0] === 0xef && original[1] === 0xbb && original[2] === 0xbf;
  const body = Buffer.from(text, 'utf8');
  return bom ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body]) : body;
}

function decodeUtf8Strict(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

const PRAGMA = '#character-encoding';

function isSpaceOrTab(byte: number | undefined): boolean {
  return byte === 0x20 || byte === 0x09;
}

/** The encoding a `#character-encoding` line declares (lower case), if any. Scans the bytes. */
function declaredEncoding(bytes: Uint8Array): string | undefined {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = buffer.indexOf(PRAGMA, 0, 'latin1'); at >= 0; at = buffer.indexOf(PRAGMA, at + 1, 'latin1')) {
    let lineStart = at;
    while (lineStart > 0 && isSpaceOrTab(buffer[lineStart - 1])) lineStart--;
    if (lineStart > 0 && buffer[lineStart - 1] !== 0x0a && buffer[lineStart - 1] !== 0x0d) continue;
    let i = at + PRAGMA.length;
    if (!isSpaceOrTab(buffer[i])) continue;
    while (isSpaceOrTab(buffer[i])) i++;
    let end = i;
    while (end < buffer.length && !isSpaceOrTab(buffer[end]) && buffer[end] !== 0x0a && buffer[end] !== 0x0d) end++;
    if (end > i) return buffer.toString('latin1', i, end).toLowerCase();
  }
  return undefined;
}

export function decode(input: Uint8Array): Decoded {
  if (input.length >= 2 && ((input[0] === 0xff && input[1] === 0xfe) || (input[0] === 0xfe && input[1] === 0xff))) {
    const label = input[0] === 0xff ? 'utf-16le' : 'utf-16be';
    return { text: new TextDecoder(label, { ignoreBOM: false }).decode(input), encoding: 'utf-16' };
  }
  const hasBom = input.length >= 3 && input[0] === 0xef && input[1] === 0xbb && input[2] === 0xbf;
  const bytes = hasBom ? input.subarray(3) : input;
  const declared = declaredEncoding(bytes);
  if (declared !== undefined && LATIN1_NAMES.includes(declared) && !hasBom) {
    return { text: decodeLatin1(bytes), encoding: 'latin-1' };
  }
  const utf8 = decodeUtf8Strict(bytes);
  if (utf8 !== undefined) return { text: utf8, encoding: 'utf-8' };
  const declaredUtf8 = declared !== undefined && UTF8_NAMES.includes(declared);
  return {
    text: decodeLatin1(bytes),
    encoding: 'latin-1',
    fallback: declaredUtf8 ? 'encoding-fallback-declared' : 'encoding-fallback',
  };
}
