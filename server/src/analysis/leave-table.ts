/**
 * Planilla's own leave-value table: what keeping a set of tiles on the rack is worth, in points
 * of equity. Holds the shipped Spanish table (`data/leaves-es.plv`, trained by
 * self-play, `scripts/train-leaves.mjs`) and any table the training writes.
 *
 * Leaves are multisets of tile faces ('A', 'Ñ', 'CH', '?' for a blank). `LeaveIndex` gives every
 * multiset of 1..maxSize tiles that the tile set allows (no face more often than the bag holds
 * it) a perfect index: leaves of fewer tiles come first; within one size, multisets are ordered
 * by their count vector over the alphabet, read lexicographically. For the Spanish set (29
 * faces, blank first, then A B C CH D E F G H I J L LL M N Ñ O P Q R RR S T U V X Y Z) and
 * sizes 1–6 that is exactly 1 170 590 leaves, ranked in [0, 1 170 590).
 *
 * File format `.plv` (all integers little-endian):
 *   bytes 0–3   magic 'PLV1'
 *   u32         length H of the header, then H bytes of UTF-8 JSON:
 *               { alphabet: string[], counts: number[], maxSize: number, scale: number,
 *                 provenance: object }   (alphabet[i] is the face of code i; counts its copies)
 *   u32         number E of stored leaves
 *   E varints   the ranks of the stored leaves, increasing, each written as the difference from
 *               the previous rank (the first from -1), 7 bits per byte, low bits first
 *   E × i16     the values, quantised: value = q × scale (scale 0.01 = hundredths of a point)
 * Only leaves the training saw often enough are stored; every other leave is worked out from
 * its sub-leaves (`smoothedValue`): a leave L of n ≥ 2 tiles that is not stored is worth the mean,
 * over the distinct faces t in L, of value(L − t) + value({t}); a single tile that is not stored
 * is worth 0. The empty leave is worth 0.
 *
 * Invariants: ranks are stored strictly increasing and below the index's size (checked on load;
 * a bad file is refused with a reason, never half-read); `value` never throws for faces of the
 * alphabet and returns 0 for a leave that holds a face outside it; lookups are a binary search
 * (one read in a table that stores every leave) plus, for unstored leaves, at most 2^6 memoised sub-lookups; results are cached per rank.
 *
 * A file that stores every leave (the shipped table) is read by `readLeaveTable` from a
 * `ByteSource` in pieces: its rank list (all ones) is checked 64 KB at a time and its values are
 * read straight into the table's `Int16Array`, so nothing is decoded or copied at start; with
 * `lazyValues`, a block of 2 048 values (4 KB) is read only when one of them is first asked for
 * (a position's moves leave at most 128 distinct leaves, so a command that looks at a few
 * positions reads a few blocks of the 2.3 MB); the source must stay readable for the table's life
 * (`openDataFile` of lexicon/data-files.ts). A block that can no longer be read counts as zeros; `values` reads every
 * block still unread.
 *
 * Example:
 *   const table = parseLeaveTable(fs.readFileSync('data/leaves-es.plv'));
 *   if (table.ok) table.evaluator.value(['?', 'S']);   // e.g. 31.4
 */

import type { ByteSource } from '../lexicon/data-source';

/** The evaluator the move generator asks (same shape as `LeaveEvaluator` in leaves.ts). */
export interface LeaveValues {
  readonly name: string;
  value(leave: readonly string[]): number;
}

export const PLV_MAGIC = 'PLV1';
/** Largest leave a 7-tile rack keeps after playing one tile. */
export const MAX_LEAVE = 6;
/** Spanish faces in code order (blank first), as wolges/Macondo number them and normalize.ts does. */
export const SPANISH_ALPHABET: readonly string[] = [
  '?',
  'A',
  'B',
  'C',
  'CH',
  'D',
  'E',
  'F',
  'G',
  'H',
  'I',
  'J',
  'L',
  'LL',
  'M',
  'N',
  'Ñ',
  'O',
  'P',
  'Q',
  'R',
  'RR',
  'S',
  'T',
  'U',
  'V',
  'X',
  'Y',
  'Z',
];
/** Copies of each face in the FISE bag (art. 3), in `SPANISH_ALPHABET` order. */
export const SPANISH_COUNTS: readonly number[] = [2, 12, 2, 4, 1, 5, 12, 1, 2, 2, 6, 1, 4, 1, 2, 5, 1, 9, 2, 1, 5, 1, 6, 4, 5, 1, 1, 1, 1];

/** A perfect index over the leaves of 1..maxSize tiles of one alphabet with bounded copies. */
export class LeaveIndex {
  readonly kinds: number;
  /** Number of leaves of 1..maxSize tiles. */
  readonly size: number;
  private readonly code = new Map<string, number>();
  /** first[n]: rank of the first leave of n tiles. */
  private readonly first: number[];
  /** prefix[(i * (maxSize + 1) + r) * (maxSize + 1) + c]: leaves of size r over kinds ≥ i that hold fewer than c copies of kind i. */
  private readonly prefix: Float64Array;
  private readonly stride: number;
  /** ways[i * (maxSize + 1) + r]: multisets of exactly r tiles over kinds ≥ i. */
  private readonly ways: Float64Array;
  private readonly scratch: number[] = [];

  constructor(
    readonly alphabet: readonly string[],
    readonly counts: readonly number[],
    readonly maxSize: number = MAX_LEAVE,
  ) {
    this.kinds = alphabet.length;
    alphabet.forEach((face, i) => this.code.set(face, i));
    const m = maxSize + 1;
    this.stride = m;
    // ways[i][r]: multisets of exactly r tiles over kinds i..K-1 within their counts.
    const ways: number[][] = Array.from({ length: this.kinds + 1 }, () => new Array<number>(m).fill(0));
    ways[this.kinds][0] = 1;
    for (let i = this.kinds - 1; i >= 0; i--) {
      for (let r = 0; r <= maxSize; r++) {
        let sum = 0;
        for (let v = 0; v <= Math.min(r, counts[i]); v++) sum += ways[i + 1][r - v];
        ways[i][r] = sum;
      }
    }
    this.ways = Float64Array.from(ways.flat());
    this.prefix = new Float64Array(this.kinds * m * m);
    for (let i = 0; i < this.kinds; i++) {
      for (let r = 0; r <= maxSize; r++) {
        let acc = 0;
        for (let c = 0; c <= maxSize; c++) {
          this.prefix[(i * m + r) * m + c] = acc;
          if (c <= r && c <= counts[i]) acc += ways[i + 1][r - c];
        }
      }
    }
    this.first = [0];
    let total = 0;
    for (let n = 1; n <= maxSize; n++) {
      this.first[n] = total;
      total += ways[0][n];
    }
    this.first[maxSize + 1] = total;
    this.size = total;
  }

  /** Code of a face, or -1. */
  codeOf(face: string): number {
    return this.code.get(face) ?? -1;
  }

  /** Rank of a leave given as faces; -1 when empty, too long, or impossible in this tile set. */
  rank(leave: readonly string[]): number {
    const codes = this.scratch;
    codes.length = 0;
    for (const face of leave) {
      const c = this.code.get(face);
      if (c === undefined) return -1;
      codes.push(c);
    }
    return this.rankCodes(codes);
  }

  /** Rank of a leave given as tile codes (any order; the array is sorted in place). */
  rankCodes(codes: number[]): number {
    const n = codes.length;
    if (n === 0 || n > this.maxSize) return -1;
    // insertion sort: at most six codes
    for (let i = 1; i < n; i++) {
      const x = codes[i];
      let j = i - 1;
      while (j >= 0 && codes[j] > x) {
        codes[j + 1] = codes[j];
        j--;
      }
      codes[j + 1] = x;
    }
    const m = this.stride;
    let rank = this.first[n];
    let remaining = n;
    let i = 0;
    while (i < n) {
      const kind = codes[i];
      let copies = 1;
      while (i + copies < n && codes[i + copies] === kind) copies++;
      if (copies > this.counts[kind]) return -1;
      rank += this.prefix[(kind * m + remaining) * m + copies];
      // kinds skipped before `kind` hold 0 copies: they add nothing (prefix with c = 0 is 0)
      remaining -= copies;
      i += copies;
    }
    return rank;
  }

  /**
   * The rank (`rankCodes`; -1 for no leave, one too long or impossible) of every leave of a rack
   * holding `counts[k]` tiles of kind `kinds[k]` (k < `n`, kinds ascending and distinct), into
   * `ranks` by the index of the tiles used: Σ used[k] × Π_{j<k} (counts[j] + 1), as equity.ts
   * numbers a rack's sub-multisets. Each rank is summed kind by kind from the last, so the leaves
   * that agree on their last kinds share that part of the sum.
   */
  leaveRanks(kinds: ArrayLike<number>, counts: ArrayLike<number>, n: number, ranks: Int32Array): void {
    let radix = 1;
    for (let k = 0; k < n; k++) radix *= counts[k] + 1;
    this.leaveRanksFrom(kinds, counts, n - 1, radix, 0, 0, 0, true, ranks);
  }

  /** Kinds `k` down to 0 of `leaveRanks`: `held` tiles kept of the kinds above, `part` their share of the rank, `idx` their share of the index. */
  private leaveRanksFrom(
    kinds: ArrayLike<number>,
    counts: ArrayLike<number>,
    k: number,
    radix: number,
    held: number,
    part: number,
    idx: number,
    possible: boolean,
    ranks: Int32Array,
  ): void {
    if (k < 0) {
      ranks[idx] = possible && held > 0 && held <= this.maxSize ? this.first[held] + part : -1;
      return;
    }
    const m = this.stride;
    const kind = kinds[k];
    const below = radix / (counts[k] + 1);
    for (let c = 0; c <= counts[k]; c++) {
      const remaining = held + c;
      const ok = possible && c <= this.counts[kind] && remaining <= this.maxSize;
      const add = ok && c > 0 ? this.prefix[(kind * m + remaining) * m + c] : 0;
      // c of this kind kept: counts[k] − c used, worth `below` each in the index
      this.leaveRanksFrom(kinds, counts, k - 1, below, remaining, part + add, idx + (counts[k] - c) * below, ok, ranks);
    }
  }

  /** The leave (tile codes, sorted) at a rank; the inverse of `rankCodes`. */
  unrank(rank: number): number[] {
    if (!(rank >= 0 && rank < this.size)) throw new RangeError(`rank ${rank} out of range`);
    let n = 1;
    while (this.first[n + 1] <= rank) n++;
    let rest = rank - this.first[n];
    const m = this.stride;
    const out: number[] = [];
    let remaining = n;
    for (let kind = 0; kind < this.kinds && remaining > 0; kind++) {
      // the block of leaves holding c copies of this kind: ways(kind + 1, remaining - c) of them
      let c = 0;
      for (; c < Math.min(remaining, this.counts[kind]); c++) {
        const block = this.ways[(kind + 1) * m + remaining - c];
        if (rest < block) break;
        rest -= block;
      }
      for (let k = 0; k < c; k++) out.push(kind);
      remaining -= c;
    }
    return out;
  }
}

/** The Spanish index (1 170 590 leaves of 1–6 tiles). */
export const SPANISH_LEAVES = new LeaveIndex(SPANISH_ALPHABET, SPANISH_COUNTS, MAX_LEAVE);

/** English faces as wolges and MAGPIE number them (blank 0, A 1 … Z 26). */
export const ENGLISH_ALPHABET: readonly string[] = ['?', ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
/** Copies of each face in the standard English bag, in `ENGLISH_ALPHABET` order. */
export const ENGLISH_COUNTS: readonly number[] = [2, 9, 2, 2, 4, 12, 2, 3, 2, 9, 1, 1, 4, 2, 6, 8, 2, 1, 6, 4, 6, 4, 2, 2, 1, 2, 1];
export const ENGLISH_LEAVES = new LeaveIndex(ENGLISH_ALPHABET, ENGLISH_COUNTS, MAX_LEAVE);

export interface PlvHeader {
  readonly alphabet: readonly string[];
  readonly counts: readonly number[];
  readonly maxSize: number;
  readonly scale: number;
  /** Where the values come from: word list, seed, games, generations, time (free-form). */
  readonly provenance: Readonly<Record<string, unknown>>;
}

/** Values per block read on demand by a lazily read table (2 048 values = 4 KB). */
const VALUE_BLOCK_SHIFT = 11;

/**
 * A table of stored leaves (sorted ranks and their values) with sub-leave smoothing. A table
 * that stores every leave of its index (the shipped one) is dense: no rank list, the values
 * indexed by rank and kept as the file's quantised integers (`scale` each), so loading it copies
 * the file's value block and decodes nothing.
 */
export class LeaveTable implements LeaveValues {
  private readonly cache = new Map<number, number>();
  private readonly codes: number[] = [];
  /** Ranks of the stored leaves, strictly increasing; undefined while a dense table has not been asked. */
  private rankList: Uint32Array | undefined;
  private readonly dense: boolean;
  /** For a table whose values are read on demand: 1 for each block not read yet. */
  private readonly pending: Uint8Array | undefined;
  /** Number of stored leaves. */
  readonly storedCount: number;

  constructor(
    readonly name: string,
    readonly index: LeaveIndex,
    /** Ranks of the stored leaves, strictly increasing; `'all'`: every rank of the index, in order. */
    ranks: Uint32Array | 'all',
    /** Their values (times `scale`: points); with `readValues`, zeros until read. */
    private readonly store: Float64Array | Float32Array | Int16Array,
    readonly provenance: Readonly<Record<string, unknown>> = {},
    readonly scale = 1,
    /** For a dense Int16 table read on demand: fills `into` with the values' bytes from byte `at` of the values. */
    private readonly readValues?: (at: number, into: Uint8Array) => boolean,
  ) {
    this.dense = ranks === 'all';
    this.rankList = ranks === 'all' ? undefined : ranks;
    this.storedCount = ranks === 'all' ? index.size : ranks.length;
    this.pending =
      readValues !== undefined && this.dense && store instanceof Int16Array
        ? new Uint8Array(Math.ceil(store.length / (1 << VALUE_BLOCK_SHIFT))).fill(1)
        : undefined;
  }

  /** Whether some values are still to be read from the file on demand (`readLeaveTable` with `lazyValues`). */
  get readsOnDemand(): boolean {
    return this.pending !== undefined && this.pending.includes(1);
  }

  /** Their values (times `scale`: points), every block read. */
  get values(): Float64Array | Float32Array | Int16Array {
    if (this.pending !== undefined) for (let b = 0; b < this.pending.length; b++) if (this.pending[b] === 1) this.readBlock(b);
    return this.store;
  }

  /** The stored value at position `i` of a dense table, its block read first when needed. */
  private denseValue(i: number): number {
    if (this.pending !== undefined && this.pending[i >>> VALUE_BLOCK_SHIFT] === 1) this.readBlock(i >>> VALUE_BLOCK_SHIFT);
    return this.store[i];
  }

  private readBlock(block: number): void {
    this.pending![block] = 0;
    const from = block << VALUE_BLOCK_SHIFT;
    const count = Math.min(1 << VALUE_BLOCK_SHIFT, this.store.length - from);
    const bytes = new Uint8Array(this.store.buffer, this.store.byteOffset + from * 2, count * 2);
    if (!this.readValues!(from * 2, bytes)) bytes.fill(0);
  }

  /** Ranks of the stored leaves, strictly increasing (made on first use for a dense table). */
  get ranks(): Uint32Array {
    if (this.rankList === undefined) this.rankList = Uint32Array.from({ length: this.storedCount }, (_, i) => i);
    return this.rankList;
  }

  /** The stored value of a rank, or undefined. */
  stored(rank: number): number | undefined {
    if (this.dense) return rank >= 0 && rank < this.storedCount ? this.denseValue(rank) * this.scale : undefined;
    const ranks = this.rankList!;
    let lo = 0;
    let hi = ranks.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const r = ranks[mid];
      if (r === rank) return this.store[mid] * this.scale;
      if (r < rank) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }

  value(leave: readonly string[]): number {
    if (leave.length === 0) return 0;
    const codes = this.codes;
    codes.length = 0;
    for (const face of leave) {
      const c = this.index.codeOf(face);
      if (c < 0) return 0;
      codes.push(c);
    }
    if (codes.length > this.index.maxSize) return 0;
    return this.valueOfCodes(codes.slice());
  }

  /** Whether every leave of `index` is stored here (a value is then one read, `valueOfCodes`). */
  storesAllOf(index: LeaveIndex): boolean {
    return this.dense && this.index === index;
  }

  /**
   * Value of the leave of rank `rank` (`LeaveIndex.leaveRanks`) in a table that stores every
   * leave (`storesAllOf`); 0 for the rank -1, as `valueOfCodes` gives for no leave or one too long.
   */
  valueOfRank(rank: number): number {
    return rank < 0 ? 0 : this.denseValue(rank) * this.scale;
  }

  /** Value of a leave as tile codes (sorted in place); the same as `value` of their faces. */
  valueOfCodes(codes: number[]): number {
    const rank = this.index.rankCodes(codes);
    if (rank < 0) return 0;
    if (this.dense) return this.denseValue(rank) * this.scale;
    const hit = this.cache.get(rank);
    if (hit !== undefined) return hit;
    const v = this.stored(rank) ?? this.smoothedValue(codes);
    if (this.cache.size >= 500_000) this.cache.clear();
    this.cache.set(rank, v);
    return v;
  }

  /** The sub-leave rule for a leave that is not stored (codes sorted): see the module header. */
  smoothedValue(codes: readonly number[]): number {
    if (codes.length <= 1) return 0;
    let sum = 0;
    let distinct = 0;
    for (let i = 0; i < codes.length; i++) {
      if (i > 0 && codes[i] === codes[i - 1]) continue;
      distinct++;
      const rest = codes.slice(0, i).concat(codes.slice(i + 1));
      sum += this.valueOfCodes(rest) + this.valueOfCodes([codes[i]]);
    }
    return sum / distinct;
  }
}

export type ParsedLeaveTable =
  { readonly ok: true; readonly table: LeaveTable; readonly header: PlvHeader } | { readonly ok: false; readonly detail: string };

function readU32(b: Uint8Array, at: number): number {
  return (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)) >>> 0;
}

/** What the first bytes of a `.plv` file give: its header, its index, and where the list starts. */
type PlvStart =
  | { readonly ok: true; readonly header: PlvHeader; readonly index: LeaveIndex; readonly at: number; readonly scale: number }
  | { readonly ok: false; readonly detail: string };

/** Bytes of the magic, the header's length, the header and the count (`8 + h + 4`) that `plvStart` needs. */
function plvStartLength(bytes: Uint8Array): number | undefined {
  return bytes.length < 8 ? undefined : 8 + readU32(bytes, 4) + 4;
}

/** Reads the magic and the header from `bytes` (the file's first bytes; the whole file when `size` is theirs). */
function plvStart(bytes: Uint8Array, size: number): PlvStart {
  const bad = (detail: string): PlvStart => ({ ok: false, detail });
  if (size < 12) return bad('too short for a leave table');
  if (String.fromCharCode(bytes[0], bytes[1], bytes[2], bytes[3]) !== PLV_MAGIC) return bad('not a Planilla leave table (magic)');
  const h = readU32(bytes, 4);
  if (8 + h + 4 > size) return bad('header runs past the end');
  let header: PlvHeader;
  try {
    header = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(8, 8 + h))) as PlvHeader;
  } catch {
    return bad('header is not JSON');
  }
  const { alphabet, counts, maxSize, scale } = header ?? ({} as PlvHeader);
  if (
    !Array.isArray(alphabet) ||
    !Array.isArray(counts) ||
    alphabet.length !== counts.length ||
    alphabet.length < 1 ||
    alphabet.length > 64 ||
    !alphabet.every((f) => typeof f === 'string') ||
    !counts.every((c) => Number.isInteger(c) && c >= 1 && c <= 100) ||
    !(Number.isInteger(maxSize) && maxSize >= 1 && maxSize <= MAX_LEAVE) ||
    !(typeof scale === 'number' && scale > 0 && Number.isFinite(scale))
  ) {
    return bad('header lacks alphabet, counts, maxSize or scale');
  }
  const index = sameAlphabet(alphabet, counts, maxSize) ? SPANISH_LEAVES : new LeaveIndex(alphabet, counts, maxSize);
  return { ok: true, header, index, at: 8 + h, scale };
}

/** Bytes of the rank list checked per read by `readLeaveTable`. */
const LIST_CHUNK = 65536;

/**
 * Reads a `.plv` file from `source`: a table that stores every leave without reading its file
 * whole (the rank list checked in pieces, the values read into the table's own array), any other
 * through `parseLeaveTable`. The same answer as `parseLeaveTable` of the whole file; never throws.
 * With `lazyValues` the values are not read here but by the table, block by block, when asked
 * (see the module header): `source` must then stay readable for the table's life.
 */
export function readLeaveTable(source: ByteSource, name = 'planilla', options: { readonly lazyValues?: boolean } = {}): ParsedLeaveTable {
  const whole = (): ParsedLeaveTable => {
    const bytes = new Uint8Array(source.size);
    return source.read(0, bytes) ? parseLeaveTable(bytes, name) : { ok: false, detail: 'the file could not be read' };
  };
  const lead = new Uint8Array(Math.min(source.size, 8));
  if (!source.read(0, lead)) return whole();
  const length = plvStartLength(lead);
  if (length === undefined || length > source.size) return whole();
  const first = new Uint8Array(length);
  if (!source.read(0, first)) return whole();
  const start = plvStart(first, source.size);
  if (!start.ok) return whole();
  const entries = readU32(first, start.at);
  const at = start.at + 4;
  if (!(entries === start.index.size && at + entries * 3 === source.size && LITTLE_ENDIAN)) return whole();
  const chunk = new Uint8Array(Math.min(LIST_CHUNK, entries));
  const ones = new Uint8Array(chunk.length).fill(1);
  for (let done = 0; done < entries; done += chunk.length) {
    const piece = done + chunk.length <= entries ? chunk : chunk.subarray(0, entries - done);
    if (!source.read(at + done, piece) || !allOnesLike(piece, ones)) return whole();
  }
  const values = new Int16Array(entries);
  const valuesAt = at + entries;
  if (options.lazyValues === true) {
    const readValues = (from: number, into: Uint8Array): boolean => source.read(valuesAt + from, into);
    return {
      ok: true,
      header: start.header,
      table: new LeaveTable(name, start.index, 'all', values, start.header.provenance ?? {}, start.scale, readValues),
    };
  }
  if (!source.read(valuesAt, new Uint8Array(values.buffer))) return whole();
  return {
    ok: true,
    header: start.header,
    table: new LeaveTable(name, start.index, 'all', values, start.header.provenance ?? {}, start.scale),
  };
}

/** Whether `piece` is all ones, `ones` being at least as long and all ones (natively under Node). */
function allOnesLike(piece: Uint8Array, ones: Uint8Array): boolean {
  if (NodeBuffer !== undefined) return NodeBuffer.compare(piece, ones.subarray(0, piece.length)) === 0;
  return allOnes(piece, 0, piece.length, false);
}

/** Reads a `.plv` file; a malformed one gives `{ ok: false, detail }` (never throws). */
export function parseLeaveTable(bytes: Uint8Array, name = 'planilla'): ParsedLeaveTable {
  const bad = (detail: string): ParsedLeaveTable => ({ ok: false, detail });
  const start = plvStart(bytes, bytes.length);
  if (!start.ok) return start;
  const { header, index, scale } = start;
  let at = start.at;
  const entries = readU32(bytes, at);
  at += 4;
  if (entries > index.size) return bad(`${entries} leaves stored, more than the ${index.size} that exist`);
  // Every leave stored (the shipped table): the ranks are 0, 1, 2, …, so the list is `entries`
  // bytes of 1 (any other delta would pass the index's size), and the values are read as they
  // lie in the file. Any other list takes the general reading below (and its messages).
  if (entries === index.size && at + entries * 3 === bytes.length && allOnes(bytes, at, entries)) {
    const values = int16Block(bytes, at + entries, entries);
    return { ok: true, header, table: new LeaveTable(name, index, 'all', values, header.provenance ?? {}, scale) };
  }
  const ranks = new Uint32Array(entries);
  let prev = -1;
  for (let e = 0; e < entries; e++) {
    let delta = 0;
    let shift = 0;
    for (;;) {
      if (at >= bytes.length) return bad('leave list runs past the end');
      const byte = bytes[at++];
      delta += (byte & 0x7f) * 2 ** shift;
      if ((byte & 0x80) === 0) break;
      shift += 7;
      if (shift > 28) return bad('a leave index is too long');
    }
    if (delta === 0) return bad('leave indexes are not increasing');
    prev += delta;
    if (prev >= index.size) return bad(`leave index ${prev} beyond the ${index.size} leaves`);
    ranks[e] = prev;
  }
  if (at + entries * 2 !== bytes.length)
    return bad(`expected ${entries} values (${entries * 2} bytes) after the leave list, found ${bytes.length - at}`);
  const values = int16Block(bytes, at, entries);
  return { ok: true, header, table: new LeaveTable(name, index, ranks, values, header.provenance ?? {}, scale) };
}

/** Node's `Buffer` where there is one (its compare is a native memcmp); absent in a browser. */
const NodeBuffer = (
  globalThis as { Buffer?: { alloc(n: number, fill: number): Uint8Array; compare(a: Uint8Array, b: Uint8Array): number } }
).Buffer;

/** Whether `n` bytes from `at` are all 1 (natively under Node unless `native` is false, else four at a time). */
export function allOnes(bytes: Uint8Array, at: number, n: number, native = true): boolean {
  if (native && NodeBuffer !== undefined) return NodeBuffer.compare(bytes.subarray(at, at + n), NodeBuffer.alloc(n, 1)) === 0;
  let i = at;
  const end = at + n;
  while (i < end && ((bytes.byteOffset + i) & 3) !== 0) if (bytes[i++] !== 1) return false;
  const words = (end - i) >>> 2;
  if (words > 0) {
    const view = new Uint32Array(bytes.buffer, bytes.byteOffset + i, words);
    for (let w = 0; w < words; w++) if (view[w] !== 0x01010101) return false;
  }
  for (i += words * 4; i < end; i++) if (bytes[i] !== 1) return false;
  return true;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** `n` little-endian 16-bit integers from `at`, copied out of the file's bytes. */
function int16Block(bytes: Uint8Array, at: number, n: number): Int16Array {
  const from = bytes.byteOffset + at;
  if (LITTLE_ENDIAN) return new Int16Array(bytes.buffer.slice(from, from + n * 2));
  const out = new Int16Array(n);
  const view = new DataView(bytes.buffer, from, n * 2);
  for (let e = 0; e < n; e++) out[e] = view.getInt16(e * 2, true);
  return out;
}

function sameAlphabet(alphabet: readonly string[], counts: readonly number[], maxSize: number): boolean {
  return (
    maxSize === MAX_LEAVE &&
    alphabet.length === SPANISH_ALPHABET.length &&
    alphabet.every((f, i) => f === SPANISH_ALPHABET[i] && counts[i] === SPANISH_COUNTS[i])
  );
}

/** Writes a `.plv` file: `entries` maps ranks to values in points (quantised by `scale`). */
export function serializeLeaveTable(
  index: LeaveIndex,
  entries: ReadonlyMap<number, number> | readonly (readonly [number, number])[],
  provenance: Readonly<Record<string, unknown>>,
  scale = 0.01,
): Buffer {
  const list = [...entries].filter(([, v]) => Number.isFinite(v)).sort((a, b) => a[0] - b[0]);
  const header = Buffer.from(
    JSON.stringify({ alphabet: index.alphabet, counts: index.counts, maxSize: index.maxSize, scale, provenance }),
    'utf8',
  );
  const varints: number[] = [];
  let prev = -1;
  for (const [rank] of list) {
    if (!(Number.isInteger(rank) && rank > prev && rank < index.size)) throw new RangeError(`bad or repeated leave rank ${rank}`);
    let delta = rank - prev;
    prev = rank;
    while (delta >= 0x80) {
      varints.push((delta & 0x7f) | 0x80);
      delta = Math.floor(delta / 128);
    }
    varints.push(delta);
  }
  const out = Buffer.alloc(8 + header.length + 4 + varints.length + list.length * 2);
  out.write(PLV_MAGIC, 0, 'latin1');
  out.writeUInt32LE(header.length, 4);
  header.copy(out, 8);
  let at = 8 + header.length;
  out.writeUInt32LE(list.length, at);
  at += 4;
  Buffer.from(varints).copy(out, at);
  at += varints.length;
  for (const [, v] of list) {
    const q = Math.max(-32768, Math.min(32767, Math.round(v / scale)));
    out.writeInt16LE(q, at);
    at += 2;
  }
  return out;
}

/** A table from per-face worths only (the first training stage; also the fallback's shape). */
export function tableFromWorths(
  name: string,
  index: LeaveIndex,
  worths: ReadonlyMap<string, number>,
  provenance: Readonly<Record<string, unknown>> = {},
): LeaveTable {
  const entries: [number, number][] = [];
  for (const [face, v] of worths) {
    const r = index.rank([face]);
    if (r >= 0) entries.push([r, v]);
  }
  entries.sort((a, b) => a[0] - b[0]);
  return new LeaveTable(name, index, Uint32Array.from(entries.map((e) => e[0])), Float64Array.from(entries.map((e) => e[1])), provenance);
}
