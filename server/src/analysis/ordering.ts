/**
 * The order of moves (`compareMoves`: key desc, score desc, position, word, play — as their
 * strings order) and the compact records every play of a position is kept in until sorted
 * (`PlayRecords`, `sortedPlays`: stable counting sorts instead of comparing objects).
 *
 * Invariants: `sortedPlays` gives the records in exactly the order `compareMoves` gives their
 * moves (a test checks it); the records and the sort scratch are reused from one position to the
 * next (not re-entrant; Node runs the analysis on one thread).
 */
import { BOARD_SIZE as SIZE } from '../engine/board';
import { equityOf, type Prepared } from './equity';
import type { Move, SortKey } from './move';
import { BLANK as BLANK_CODE, BLANK_BIT as BLANK_FLAG, CODE_MASK as CODE_BITS, FACES, NEW_BIT as NEW_FLAG } from './movegen-codes';
import type { MoveGenerator } from './movegen';

// The imported constants as module locals, which the JIT embeds (an imported binding is read
// through the other module's exports object at each use in the compiled CommonJS).
const BOARD_SIZE = SIZE;
const BLANK = BLANK_CODE;
const BLANK_BIT = BLANK_FLAG;
const CODE_MASK = CODE_BITS;
const NEW_BIT = NEW_FLAG;
/** A square's tile with its blank flag (the text it is written as). */
const TEXT_MASK = CODE_BITS | BLANK_FLAG;

/**
 * Rank of each position string ('8D', 'D8') in string order, by direction × 225 + square: the
 * comparator orders positions as their strings do without building them.
 */
const POSITION_RANK: Int16Array = (() => {
  const names: { name: string; id: number }[] = [];
  for (let dir = 0; dir < 2; dir++) {
    for (let r = 0; r < BOARD_SIZE; r++) {
      for (let c = 0; c < BOARD_SIZE; c++) {
        const col = 'ABCDEFGHIJKLMNO'[c];
        names.push({ name: dir === 0 ? `${r + 1}${col}` : `${col}${r + 1}`, id: dir * 225 + r * BOARD_SIZE + c });
      }
    }
  }
  names.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const rank = new Int16Array(names.length);
  names.forEach((n, i) => (rank[n.id] = i));
  return rank;
})();

/** Position rank of a move; -1 for exchanges and the pass (their position is ''). */
const positionRank = (m: Move): number =>
  m.kind === 'play' ? POSITION_RANK[(m.direction === 'across' ? 0 : 225) + m.row * BOARD_SIZE + m.col] : -1;

/**
 * Rank of each square's text in bracket notation ('A', '[CH]', 'a', '[ch]', 'Ñ') in string order,
 * by `code | BLANK_BIT`; index 64 is the '?' of an exchanged blank. No text is a prefix of another
 * (single characters and four-character brackets), so comparing words rank by rank orders them as
 * their strings do.
 */
const TOKEN_RANK: Int16Array = (() => {
  const tokens: { text: string; id: number }[] = [{ text: '?', id: 64 }];
  for (let code = 1; code < FACES.length; code++) {
    for (const blank of [false, true]) {
      const face = blank ? FACES[code].toLowerCase() : FACES[code];
      tokens.push({ text: face.length > 1 ? `[${face}]` : face, id: code | (blank ? BLANK_BIT : 0) });
    }
  }
  tokens.sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
  const rank = new Int16Array(65).fill(-1);
  tokens.forEach((t, i) => (rank[t.id] = i + 1));
  return rank;
})();

/** Word order (then play order: '.' before any tile) of two moves of the same kind, as their strings. */
function compareWords(a: Move, b: Move): number {
  const sa = a.squares;
  const sb = b.squares;
  const n = Math.min(sa.length, sb.length);
  const exchange = a.kind === 'exchange';
  for (let i = 0; i < n; i++) {
    const ra = exchange ? TOKEN_RANK[sa[i] === BLANK ? 64 : sa[i]] : TOKEN_RANK[sa[i] & (CODE_MASK | BLANK_BIT)];
    const rb = exchange ? TOKEN_RANK[sb[i] === BLANK ? 64 : sb[i]] : TOKEN_RANK[sb[i] & (CODE_MASK | BLANK_BIT)];
    if (ra !== rb) return ra - rb;
  }
  if (sa.length !== sb.length) return sa.length - sb.length;
  if (exchange) return 0;
  for (let i = 0; i < n; i++) {
    const na = sa[i] & NEW_BIT;
    const nb = sb[i] & NEW_BIT;
    if (na !== nb) return na - nb; // '.' (an old tile) sorts before the tile's text
  }
  return 0;
}

export function compareMoves(key: SortKey): (a: Move, b: Move) => number {
  return (a, b) => {
    const ka = key === 'equity' ? a.equity : a.score;
    const kb = key === 'equity' ? b.equity : b.score;
    if (ka !== kb) return kb - ka;
    if (a.score !== b.score) return b.score - a.score;
    const pa = positionRank(a);
    const pb = positionRank(b);
    if (pa !== pb) return pa - pb;
    if (a.kind !== b.kind) return a.kind === 'pass' ? -1 : 1; // position '' ties: the pass (word '') first
    return compareWords(a, b);
  };
}

/** Stride of a play's squares in `PlayRecords.squares` (a word has at most 15). */
const STRIDE = 16;

/**
 * Every play of a position as compact records (typed arrays, grown by doubling, reused from one
 * position to the next): what `generateMoves` keeps instead of an object per move until the moves
 * are sorted. `info` packs direction (bit 0), line (bits 1–4), first lane position (5–8), length
 * (9–12), used-tiles index (13–20) and tiles used (21–24); `squares` holds each square's
 * `code | BLANK_BIT | NEW_BIT` at `i * STRIDE`.
 */
export class PlayRecords {
  count = 0;
  maxScore = 0;
  info: Int32Array;
  score: Int32Array;
  squares: Uint8Array;

  constructor(capacity = 1024) {
    // One allocation for the three arrays: info, score, then the squares.
    const n = Math.max(1, capacity);
    const buffer = new ArrayBuffer(n * (8 + STRIDE));
    this.info = new Int32Array(buffer, 0, n);
    this.score = new Int32Array(buffer, 4 * n, n);
    this.squares = new Uint8Array(buffer, 8 * n, n * STRIDE);
  }

  /** A copy of the records, sized to their count (what a list keeps of the shared records). */
  copy(): PlayRecords {
    const n = this.count;
    const c = new PlayRecords(n);
    c.count = n;
    c.maxScore = this.maxScore;
    c.info.set(this.info.subarray(0, n));
    c.score.set(this.score.subarray(0, n));
    c.squares.set(this.squares.subarray(0, n * STRIDE));
    return c;
  }

  reset(): void {
    this.count = 0;
    this.maxScore = 0;
  }

  push(gen: MoveGenerator, start: number, end: number, score: number, used: number, usedIdx: number): void {
    const i = this.count++;
    if (i === this.info.length) this.grow();
    const len = end - start + 1;
    this.info[i] = gen.dir | (gen.line << 1) | (start << 5) | (len << 9) | (usedIdx << 13) | (used << 21);
    this.score[i] = score;
    if (score > this.maxScore) this.maxScore = score;
    const sq = this.squares;
    const base = i * STRIDE - start;
    for (let p = start; p <= end; p++) sq[base + p] = gen.laneSquare(p);
  }

  private grow(): void {
    const n = this.info.length * 2;
    const info = new Int32Array(n);
    info.set(this.info);
    this.info = info;
    const score = new Int32Array(n);
    score.set(this.score);
    this.score = score;
    const squares = new Uint8Array(n * STRIDE);
    squares.set(this.squares);
    this.squares = squares;
  }

  /** Rank of record i's position ('8D' / 'D8') in string order. */
  positionRank(i: number): number {
    const v = this.info[i];
    const dir = v & 1;
    const line = (v >>> 1) & 15;
    const start = (v >>> 5) & 15;
    return POSITION_RANK[dir === 0 ? line * BOARD_SIZE + start : 225 + start * BOARD_SIZE + line];
  }

  /** Word order of records i and j (then '.' before a tile), as `compareWords` orders plays. */
  compareWords(i: number, j: number): number {
    const sq = this.squares;
    const la = (this.info[i] >>> 9) & 15;
    const lb = (this.info[j] >>> 9) & 15;
    const n = la < lb ? la : lb;
    const a = i * STRIDE;
    const b = j * STRIDE;
    for (let k = 0; k < n; k++) {
      const ra = TOKEN_RANK[sq[a + k] & TEXT_MASK];
      const rb = TOKEN_RANK[sq[b + k] & TEXT_MASK];
      if (ra !== rb) return ra - rb;
    }
    if (la !== lb) return la - lb;
    for (let k = 0; k < n; k++) {
      const na = sq[a + k] & NEW_BIT;
      const nb = sq[b + k] & NEW_BIT;
      if (na !== nb) return na - nb;
    }
    return 0;
  }

  /** Used-tiles index of record i. */
  usedIndex(i: number): number {
    return (this.info[i] >>> 13) & 255;
  }

  /** Record i as a move. */
  move(i: number, prep: Prepared): Move {
    const v = this.info[i];
    const across = (v & 1) === 0;
    const line = (v >>> 1) & 15;
    const start = (v >>> 5) & 15;
    const len = (v >>> 9) & 15;
    const usedIdx = (v >>> 13) & 255;
    const sq = this.squares;
    const base = i * STRIDE;
    const squares = new Array<number>(len);
    for (let k = 0; k < len; k++) squares[k] = sq[base + k];
    const score = this.score[i];
    return {
      kind: 'play',
      direction: across ? 'across' : 'down',
      row: across ? line : start,
      col: across ? start : line,
      squares,
      score,
      equity: equityOf(score, prep.table[usedIdx]),
      leave: prep.leaveOf(usedIdx),
      used: (v >>> 21) & 15,
    };
  }
}

/**
 * The exchanges of a prepared position (by used-tiles index, those `allowed`) and the pass (-1)
 * in the order `compareMoves(prep.key)` gives their moves, without making them: equity (or the
 * score, 0) highest first, the pass before an exchange of the same key, then the exchanged
 * tiles' texts as strings order (an exchange lists its tiles in code order, `addNonPlacements`).
 */
export function nonPlacementOrder(prep: Prepared, allowed: (idx: number) => boolean): Int32Array {
  const size = prep.table.length;
  const ids: number[] = [-1];
  for (let idx = 1; idx < size; idx++) if (allowed(idx)) ids.push(idx);
  const m = ids.length;
  // Word order first: the text ranks of the tiles (at most 7, 6 bits each, 0 past the end) and
  // the index, as one whole number below 2^49.
  const keys = new Float64Array(m);
  const codes = prep.codes;
  const counts = prep.counts;
  const ranks = new Int32Array(codes.length);
  for (let k = 0; k < codes.length; k++) ranks[k] = TOKEN_RANK[codes[k] === BLANK ? 64 : codes[k]];
  const used = new Int32Array(codes.length);
  let idx = 0;
  for (let j = 1; j < m; j++) {
    // The tiles of index ids[j] (ascending), counted up from the last index like an odometer.
    const target = ids[j];
    while (idx < target) {
      idx++;
      for (let k = 0; k < codes.length; k++) {
        if (used[k] < counts[k]) {
          used[k]++;
          break;
        }
        used[k] = 0;
      }
    }
    let word = 0;
    let len = 0;
    for (let k = 0; k < codes.length; k++) for (let t = 0; t < used[k]; t++, len++) word = word * 64 + ranks[k];
    for (; len < 7; len++) word *= 64;
    keys[j] = word * 128 + target;
  }
  keys.subarray(1).sort();
  // Then the key, highest first (as hundredths, the way `equityOf` rounds), stable on word order:
  // the pass first among its equals.
  const byEquity = prep.key === 'equity';
  const hundredths = (idx: number) => (byEquity ? Math.round((idx < 0 ? prep.table[0] : prep.table[idx]) * 100) : 0);
  const order = new Int32Array(m);
  order[0] = -1;
  for (let j = 1; j < m; j++) order[j] = keys[j] % 128;
  let top = -Infinity;
  let same = true;
  const h0 = hundredths(-1);
  for (let j = 0; j < m; j++) {
    const h = hundredths(order[j]);
    if (h > top) top = h;
    if (h !== h0) same = false;
  }
  if (same) return order;
  for (let j = 0; j < m; j++) keys[j] = (top - hundredths(order[j])) * 128 + j;
  keys.sort();
  const sorted = new Int32Array(m);
  for (let j = 0; j < m; j++) sorted[j] = order[keys[j] % 128];
  return sorted;
}

/** Most non-placements `firstNonPlacements` selects by insertion (a larger limit sorts them all). */
export const FIRST_NON_PLACEMENTS_MAX = 16;
const firstKeys = new Float64Array(FIRST_NON_PLACEMENTS_MAX);
const firstWords = new Float64Array(FIRST_NON_PLACEMENTS_MAX);

/**
 * The first `limit` (≤ FIRST_NON_PLACEMENTS_MAX) of `nonPlacementOrder` into
 * `out` (the exchanges allowed: those of 1 to `maxUsed` tiles), found in one pass without
 * sorting them all; returns how many (fewer when fewer are allowed). The same order: the key in hundredths highest first, then the pass, then the
 * exchanged tiles' texts.
 */
export function firstNonPlacements(prep: Prepared, maxUsed: number, limit: number, out: Int32Array): number {
  if (limit <= 0) return 0;
  const usedCount = prep.usedCount;
  const byEquity = prep.key === 'equity';
  const codes = prep.codes;
  const counts = prep.counts;
  const table = prep.table;
  const used = new Int32Array(codes.length);
  const ranks = new Int32Array(codes.length);
  for (let k = 0; k < codes.length; k++) ranks[k] = TOKEN_RANK[codes[k] === BLANK ? 64 : codes[k]];
  const keys = firstKeys;
  const words = firstWords;
  let n = 0;
  // The pass (word −1: before every exchange of its key), then each allowed exchange.
  const size = maxUsed > 0 ? table.length : 1;
  for (let idx = 0; idx < size; idx++) {
    if (idx > 0) {
      // The tiles of index idx, counted up from idx − 1 like an odometer.
      for (let k = 0; k < codes.length; k++) {
        if (used[k] < counts[k]) {
          used[k]++;
          break;
        }
        used[k] = 0;
      }
      if (usedCount[idx] > maxUsed) continue;
    }
    const h = byEquity ? Math.round(table[idx] * 100) : 0;
    let word = -1;
    if (idx > 0) {
      word = 0;
      let len = 0;
      for (let k = 0; k < codes.length; k++) for (let t = 0; t < used[k]; t++, len++) word = word * 64 + ranks[k];
      for (; len < 7; len++) word *= 64;
    }
    if (n === limit && (h < keys[n - 1] || (h === keys[n - 1] && word > words[n - 1]))) continue;
    let q = n < limit ? n++ : n - 1;
    while (q > 0 && (keys[q - 1] < h || (keys[q - 1] === h && words[q - 1] > word))) {
      keys[q] = keys[q - 1];
      words[q] = words[q - 1];
      out[q] = out[q - 1];
      q--;
    }
    keys[q] = h;
    words[q] = word;
    out[q] = idx === 0 ? -1 : idx;
  }
  return n;
}

/** The records of the position being walked (one set, reused). */
export const records = new PlayRecords();
/** Scratch of `sortedPlays`, reused (grown by doubling). */
let pairRank = new Int32Array(0);
let pairList = new Int32Array(256);
let pairKey = new Float64Array(256);
let pairInt = new Int32Array(256);
let scratchGroup = new Int32Array(0);
let scratchPos = new Int32Array(0);
let scratchTokens = new Int32Array(0);
let scratchA = new Int32Array(0);
let scratchB = new Int32Array(0);
let bucketStart = new Int32Array(0);

/**
 * One stable counting sort: `from[0..n)` (record indices) into `to`, by `key[i]` ascending, keys in
 * [0, buckets).
 */
function countingSort(from: Int32Array, to: Int32Array, n: number, key: Int32Array, buckets: number): void {
  if (bucketStart.length < buckets + 1) bucketStart = new Int32Array(Math.max(buckets + 1, 2 * bucketStart.length));
  const start = bucketStart;
  start.fill(0, 0, buckets + 1);
  for (let k = 0; k < n; k++) start[key[from[k]] + 1]++;
  for (let b = 1; b <= buckets; b++) start[b] += start[b - 1];
  for (let k = 0; k < n; k++) {
    const i = from[k];
    to[start[key[i]]++] = i;
  }
}

/**
 * The group of each record by equity, then score (`group[i]`, 0 for the highest equity and, among
 * equal equities, the highest score); returns the number of groups. Equities compare as their
 * hundredths (`equityOf` rounds to them, so two equities are equal exactly when those whole
 * numbers are). The distinct (score, used tiles) pairs are found first (a play's equity depends
 * on nothing else), and only they are sorted.
 */
function equityGroups(rec: PlayRecords, prep: Prepared, group: Int32Array): number {
  const n = rec.count;
  const size = prep.table.length;
  const table = prep.table;
  const info = rec.info;
  const score = rec.score;
  const maxScore = rec.maxScore;
  let constant = true;
  for (let u = 1; u < size; u++) if (table[u] !== table[0]) constant = false;
  if (constant) {
    // Every leave worth the same: equity order is score order.
    for (let i = 0; i < n; i++) group[i] = maxScore - score[i];
    return maxScore + 1;
  }
  const cells = (maxScore + 1) * size;
  if (pairRank.length < cells) pairRank = new Int32Array(Math.max(cells, 2 * pairRank.length));
  let np = 0;
  for (let i = 0; i < n; i++) {
    const id = score[i] * size + ((info[i] >>> 13) & 255);
    if (pairRank[id] !== 0) continue;
    pairRank[id] = 1;
    if (np === pairList.length) {
      const list = new Int32Array(2 * np);
      list.set(pairList);
      pairList = list;
      pairKey = new Float64Array(2 * np);
    }
    pairList[np++] = id;
  }
  // Each pair's place: (top − hundredths) × (maxScore + 1) + (maxScore − score), a whole number;
  // times the number of pairs, plus the pair's own index, so that one numeric sort orders them.
  let top = -Infinity;
  let bottom = Infinity;
  for (let k = 0; k < np; k++) {
    const id = pairList[k];
    const h = Math.round((((id / size) | 0) + table[id % size]) * 100);
    pairKey[k] = h;
    if (h > top) top = h;
    if (h < bottom) bottom = h;
  }
  const keys = pairKey.subarray(0, np);
  const span = (top - bottom + 1) * (maxScore + 1) * np;
  const exact = span < Number.MAX_SAFE_INTEGER;
  for (let k = 0; k < np; k++) {
    const s = (pairList[k] / size) | 0;
    const place = (top - keys[k]) * (maxScore + 1) + (maxScore - s);
    keys[k] = exact ? place * np + k : place;
  }
  let groups = 0;
  if (exact) {
    // Whole numbers below 2^31 sort faster as 32-bit integers.
    let sorted: Int32Array | Float64Array = keys;
    if (span <= 0x7fffffff) {
      if (pairInt.length < np) pairInt = new Int32Array(pairList.length);
      sorted = pairInt.subarray(0, np);
      for (let k = 0; k < np; k++) sorted[k] = keys[k];
    }
    sorted.sort();
    let last = -1;
    for (let j = 0; j < np; j++) {
      const v = sorted[j];
      const k = v % np;
      const place = (v - k) / np;
      if (place !== last) groups++;
      last = place;
      pairRank[pairList[k]] = groups;
    }
  } else {
    // Places too far apart for one exact number with the index: sort the indices by place.
    const order = Array.from({ length: np }, (_, k) => k).sort((x, y) => keys[x] - keys[y]);
    let last = -1;
    for (const k of order) {
      if (keys[k] !== last) groups++;
      last = keys[k];
      pairRank[pairList[k]] = groups;
    }
  }
  for (let i = 0; i < n; i++) group[i] = pairRank[score[i] * size + ((info[i] >>> 13) & 255)] - 1;
  for (let k = 0; k < np; k++) pairRank[pairList[k]] = 0;
  return groups;
}

/**
 * The records' order under `compareMoves(prep.key)`, as record indices (the first `rec.count`
 * entries of the array returned, which is scratch: read it before the next call). Each record's
 * group (by key, then score, highest first: `equityGroups`, or the score alone when sorting by
 * score), then stable counting sorts, least significant key first: (for many plays) the text
 * ranks of the word's first two tiles; position rank; group. Plays of the same group and position
 * (and first two tiles) are then put in word order.
 */
export function sortedPlays(rec: PlayRecords, prep: Prepared): Int32Array {
  const n = rec.count;
  if (scratchGroup.length < n) {
    const size = Math.max(n, 2 * scratchGroup.length);
    scratchGroup = new Int32Array(size);
    scratchPos = new Int32Array(size);
    scratchTokens = new Int32Array(size);
    scratchA = new Int32Array(size);
    scratchB = new Int32Array(size);
  }
  const groupOf = scratchGroup;
  const posOf = scratchPos;
  const tokensOf = scratchTokens;
  const a = scratchA;
  const b = scratchB;
  if (n === 0) return a;
  const score = rec.score;
  const maxScore = rec.maxScore;
  const sq = rec.squares;
  let groups: number;
  if (prep.key === 'equity') groups = equityGroups(rec, prep, groupOf);
  else {
    for (let i = 0; i < n; i++) groupOf[i] = maxScore - score[i];
    groups = maxScore + 1;
  }
  for (let i = 0; i < n; i++) {
    a[i] = i;
    posOf[i] = rec.positionRank(i);
  }
  // With many plays, the text ranks of the first two tiles (a word has at least two) shorten the
  // runs left to word order; with few, the runs are short and the pass would cost more than it
  // spares, and the text ranks of the first five tiles (0 past the word's end: a prefix sorts
  // first) are what the runs compare first.
  const tokens = n >= 4096;
  const info = rec.info;
  if (tokens) {
    for (let i = 0; i < n; i++) {
      const base = i * STRIDE;
      tokensOf[i] = TOKEN_RANK[sq[base] & TEXT_MASK] * 64 + TOKEN_RANK[sq[base + 1] & TEXT_MASK];
    }
    countingSort(a, b, n, tokensOf, 64 * 64);
    countingSort(b, a, n, posOf, 450);
    countingSort(a, b, n, groupOf, groups);
  } else {
    for (let i = 0; i < n; i++) {
      const base = i * STRIDE;
      const len = (info[i] >>> 9) & 15;
      let k = 0;
      for (let j = 0; j < 5; j++) k = k * 64 + (j < len ? TOKEN_RANK[sq[base + j] & TEXT_MASK] : 0);
      tokensOf[i] = k;
    }
    countingSort(a, b, n, posOf, 450);
    countingSort(b, a, n, groupOf, groups);
  }
  const order = tokens ? b : a;
  // Plays of the same group and position (and first tiles) (a run): word order.
  let runStart = 0;
  for (let k = 1; k <= n; k++) {
    if (k < n) {
      const i = order[k];
      const j = order[runStart];
      if (groupOf[i] === groupOf[j] && posOf[i] === posOf[j] && (!tokens || tokensOf[i] === tokensOf[j])) continue;
    }
    if (k - runStart > 1) {
      if (tokens) sortWords(rec, order, runStart, k);
      else sortByPrefix(rec, order, runStart, k, tokensOf);
    }
    runStart = k;
  }
  return order;
}

/** Puts `order[from..to)` in word order (`PlayRecords.compareWords`). */
function sortWords(rec: PlayRecords, order: Int32Array, from: number, to: number): void {
  if (to - from > 12) {
    const run = Array.from(order.subarray(from, to)).sort((x, y) => rec.compareWords(x, y));
    order.set(run, from);
    return;
  }
  for (let i = from + 1; i < to; i++) {
    const idx = order[i];
    let q = i;
    while (q > from && rec.compareWords(order[q - 1], idx) > 0) {
      order[q] = order[q - 1];
      q--;
    }
    order[q] = idx;
  }
}

/**
 * Puts `order[from..to)` in word order by `prefix` (the text ranks of each word's first five
 * tiles, a whole number that orders as those tiles do), then `PlayRecords.compareWords`.
 */
function sortByPrefix(rec: PlayRecords, order: Int32Array, from: number, to: number, prefix: Int32Array): void {
  if (to - from > 32) {
    const run = Array.from(order.subarray(from, to)).sort((x, y) => prefix[x] - prefix[y] || rec.compareWords(x, y));
    order.set(run, from);
    return;
  }
  for (let i = from + 1; i < to; i++) {
    const idx = order[i];
    const key = prefix[idx];
    let q = i;
    while (q > from) {
      const other = order[q - 1];
      const d = prefix[other] - key;
      if (d < 0 || (d === 0 && rec.compareWords(other, idx) <= 0)) break;
      order[q] = other;
      q--;
    }
    order[q] = idx;
  }
}
