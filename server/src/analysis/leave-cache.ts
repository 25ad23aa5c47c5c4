/**
 * A user's `.klv2` / `.klv` leave table as the cache keeps it once parsed (lexicon/data-files.ts
 * stores it in the user's private cache, keyed by the SHA-256 of the file's bytes), so a later start
 * loads the table without walking the file's word graph again (docs/leaves.md, "Your own values").
 *
 * Format `PLC1` (integers little-endian):
 *   bytes 0–3   magic 'PLC1'
 *   u32         length H of the header, then H bytes of UTF-8 JSON, padded with spaces so the
 *               lists start on a multiple of 4: { key, tileSet, format, count, dense }
 *   count × u32 the ranks of the stored leaves (LeaveIndex of the tile set), strictly increasing;
 *               left out when `dense` (every leave of the tile set stored: ranks 0 … count − 1)
 *   count × f32 their values in points: the file's own numbers (a `.klv2` float, a `.klv`
 *               16-bit integer / 256), kept exactly
 * The table is made on views of the entry's bytes (nothing decoded or copied); a dense one is
 * the dense table `LeaveTable` keeps for the shipped values, which values every leave as the
 * sparse one `readKlv` makes (all stored, none smoothed).
 *
 * Invariants: pure (bytes in, bytes out); `readLeaveCache` never throws and gives the table
 * `readKlv` made (same ranks, same values, same name and provenance) or undefined when the entry
 * is not one for `key` (another file's), is damaged, or breaks a rule `readKlv` checks (ranks in
 * order and in range, finite values, every single tile valued).
 *
 * Example:
 *   const bytes = serializeLeaveCache(klv.table, key, klv.tileSet);
 *   readLeaveCache(bytes, key, 'mine.klv2')?.value(['?', 'S']);
 */
import { ENGLISH_LEAVES, LeaveTable, SPANISH_LEAVES } from './leave-table';

const MAGIC = 'PLC1';
/** Bumped when the entry's format changes (part of the cache key, lexicon/data-files.ts). */
export const LEAVE_CACHE_VERSION = 1;

interface CacheHeader {
  readonly key: string;
  readonly tileSet: 'spanish' | 'english';
  readonly format: 'klv2' | 'klv';
  readonly count: number;
  /** Every leave of the tile set stored: the ranks are 0 … count − 1 and are not written. */
  readonly dense: boolean;
}

/** The cache entry of a table read from a `.klv2` / `.klv` (`readKlv`) whose bytes hash to `key`. */
export function serializeLeaveCache(table: LeaveTable, key: string, tileSet: 'spanish' | 'english'): Uint8Array {
  const ranks = table.ranks;
  const values = table.values;
  const format = table.provenance.format === 'klv' ? 'klv' : 'klv2';
  const dense = ranks.length === table.index.size;
  let json = JSON.stringify({ key, tileSet, format, count: ranks.length, dense } satisfies CacheHeader);
  const encoded = (): Uint8Array => new TextEncoder().encode(json);
  while ((8 + encoded().length) % 4 !== 0) json += ' ';
  const header = encoded();
  const at = 8 + header.length;
  const rankBytes = dense ? 0 : ranks.length * 4;
  const out = new Uint8Array(at + rankBytes + ranks.length * 4);
  const view = new DataView(out.buffer);
  for (let i = 0; i < 4; i++) out[i] = MAGIC.charCodeAt(i);
  view.setUint32(4, header.length, true);
  out.set(header, 8);
  for (let i = 0; i < ranks.length; i++) {
    if (!dense) view.setUint32(at + i * 4, ranks[i], true);
    view.setFloat32(at + rankBytes + i * 4, values[i], true);
  }
  return out;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** The table a cache entry holds (named `name`, as `readKlv` names it), or undefined (see the module header). */
export function readLeaveCache(bytes: Uint8Array, key: string, name: string): LeaveTable | undefined {
  if (bytes.length < 8 || String.fromCharCode(bytes[0], bytes[1], bytes[2], bytes[3]) !== MAGIC) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const length = view.getUint32(4, true);
  if (8 + length > bytes.length) return undefined;
  let header: Partial<CacheHeader>;
  try {
    header = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + length))) as Partial<CacheHeader>;
  } catch {
    return undefined;
  }
  if (header === null || typeof header !== 'object' || header.key !== key) return undefined;
  const index = header.tileSet === 'spanish' ? SPANISH_LEAVES : header.tileSet === 'english' ? ENGLISH_LEAVES : undefined;
  const count = header.count;
  if (!index || (header.format !== 'klv2' && header.format !== 'klv')) return undefined;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > index.size) return undefined;
  const at = 8 + length;
  // Every leave stored (ranks 0, 1, …: the list is left out) or the ranks, then the values.
  const dense = header.dense === true;
  if (dense !== (count === index.size)) return undefined;
  const rankBytes = dense ? 0 : count * 4;
  if (at % 4 !== 0 || bytes.length !== at + rankBytes + count * 4) return undefined;
  let ranks: Uint32Array | undefined;
  let values: Float32Array;
  if (LITTLE_ENDIAN) {
    // Views of the entry's bytes when they are aligned (a Buffer of its own), else of one copy.
    const aligned = (bytes.byteOffset + at) % 4 === 0 ? bytes : bytes.slice();
    const base = aligned === bytes ? bytes.byteOffset + at : at;
    ranks = dense ? undefined : new Uint32Array(aligned.buffer, base, count);
    values = new Float32Array(aligned.buffer, base + rankBytes, count);
  } else {
    ranks = dense ? undefined : new Uint32Array(count);
    values = new Float32Array(count);
    for (let i = 0; i < count; i++) {
      if (ranks) ranks[i] = view.getUint32(at + i * 4, true);
      values[i] = view.getFloat32(at + rankBytes + i * 4, true);
    }
  }
  if (ranks) {
    let previous = -1;
    for (let i = 0; i < count; i++) {
      const r = ranks[i];
      if (r <= previous || r >= index.size) return undefined;
      previous = r;
    }
  }
  for (let i = 0; i < count; i++) if (!Number.isFinite(values[i])) return undefined;
  const table = new LeaveTable(name, index, ranks ?? 'all', values, { source: name, format: header.format });
  for (let code = 0; code < index.kinds; code++) if (table.stored(index.rankCodes([code])) === undefined) return undefined;
  return table;
}
