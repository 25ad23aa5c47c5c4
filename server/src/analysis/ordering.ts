/**
 * The order of moves (`compareMoves`: key desc, score desc, position, word, play — as their
 * strings order) and the compact records every play of a position is kept in until sorted
 * (`PlayRecords`, `sortedPlays`: stable counting sorts instead of comparing objects).
 *
 * Invariants: `sortedPlays` gives the records in exactly the order `compareMoves` gives their
 * moves (a test checks it); the records and the sort scratch are reused from one position to the
 * next (not re-entrant; Node runs the analysis on one thread).
 */
import { BOARD_SIZE } from '../engine/board';
import { equityOf, type Prepared } from './equity';
import type { Move, SortKey } from './move';
import { BLANK, BLANK_BIT, CODE_MASK, FACES, NEW_BIT, type MoveGenerator } from './movegen';

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
  info = new Int32Array(1024);
  score = new Int32Array(1024);
  squares = new Uint8Array(1024 * STRIDE);

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
      const ra = TOKEN_RANK[sq[a + k] & (CODE_MASK | BLANK_BIT)];
      const rb = TOKEN_RANK[sq[b + k] & (CODE_MASK | BLANK_BIT)];
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

/** The records of the position being walked (one set, reused). */
export const records = new PlayRecords();
/** Scratch of `sortedPlays`, reused (grown by doubling). */
let pairRank = new Int32Array(0);
let pairList = new Int32Array(256);
let pairEquity = new Float64Array(256);
let scratchRank = new Int32Array(0);
let scratchPos = new Int32Array(0);
let scratchScore = new Int32Array(0);
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
 * The records' order under `compareMoves(prep.key)`, as record indices (the first `rec.count`
 * entries of the array returned, which is scratch: read it before the next call). Stable
 * counting sorts, least significant key first: the text ranks of the word's first two tiles;
 * position rank; score, highest first; and (by equity) the rank of the equity among the distinct
 * ones, found from the distinct (score, used tiles) pairs, highest first. Plays with the same key,
 * score, position and first two tiles (and only those) are then put in word order.
 */
export function sortedPlays(rec: PlayRecords, prep: Prepared): Int32Array {
  const n = rec.count;
  if (scratchRank.length < n) {
    const size = Math.max(n, 2 * scratchRank.length);
    scratchRank = new Int32Array(size);
    scratchPos = new Int32Array(size);
    scratchScore = new Int32Array(size);
    scratchTokens = new Int32Array(size);
    scratchA = new Int32Array(size);
    scratchB = new Int32Array(size);
  }
  const rankOf = scratchRank;
  const posOf = scratchPos;
  const scoreOf = scratchScore;
  const tokensOf = scratchTokens;
  let a = scratchA;
  let b = scratchB;
  if (n === 0) return a;
  const size = prep.table.length;
  const table = prep.table;
  const info = rec.info;
  const score = rec.score;
  const maxScore = rec.maxScore;
  const sq = rec.squares;
  // A word has at least two tiles: the text ranks of the first two (of the first alone for a few
  // moves, where 4 096 buckets would cost more than they spare), for the word order.
  const second = n >= 4096 ? 1 : 0;
  for (let i = 0; i < n; i++) {
    a[i] = i;
    posOf[i] = rec.positionRank(i);
    scoreOf[i] = maxScore - score[i];
    const base = i * STRIDE;
    tokensOf[i] =
      second === 1
        ? TOKEN_RANK[sq[base] & (CODE_MASK | BLANK_BIT)] * 64 + TOKEN_RANK[sq[base + 1] & (CODE_MASK | BLANK_BIT)]
        : TOKEN_RANK[sq[base] & (CODE_MASK | BLANK_BIT)];
  }
  countingSort(a, b, n, tokensOf, second === 1 ? 64 * 64 : 64);
  countingSort(b, a, n, posOf, 450);
  countingSort(a, b, n, scoreOf, maxScore + 1);
  {
    const t = a;
    a = b;
    b = t;
  }
  if (prep.key === 'equity') {
    // The distinct (score, used tiles) pairs, their equities sorted (highest first, as negated
    // numbers in ascending order); each play's rank is its equity's place among the distinct ones.
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
        pairEquity = new Float64Array(2 * np);
      }
      pairList[np++] = id;
    }
    const eq = pairEquity.subarray(0, np);
    for (let k = 0; k < np; k++) {
      const id = pairList[k];
      eq[k] = -equityOf((id / size) | 0, table[id % size]);
    }
    eq.sort();
    let nd = 0;
    for (let k = 0; k < np; k++) if (k === 0 || eq[k] !== eq[nd - 1]) eq[nd++] = eq[k];
    // Each pair's rank (+ 1, so that 0 stays "not seen"), by binary search; then each play's.
    for (let k = 0; k < np; k++) {
      const id = pairList[k];
      const v = -equityOf((id / size) | 0, table[id % size]);
      let lo = 0;
      let hi = nd - 1;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (eq[mid] < v) lo = mid + 1;
        else hi = mid;
      }
      pairRank[id] = lo + 1;
    }
    for (let i = 0; i < n; i++) rankOf[i] = pairRank[score[i] * size + ((info[i] >>> 13) & 255)] - 1;
    for (let k = 0; k < np; k++) pairRank[pairList[k]] = 0;
    countingSort(a, b, n, rankOf, nd);
    const t = a;
    a = b;
    b = t;
  }
  // Plays with the same key, score and position (a run): word order.
  const order = a;
  let runStart = 0;
  for (let k = 1; k <= n; k++) {
    if (k < n) {
      const i = order[k];
      const j = order[runStart];
      if (
        score[i] === score[j] &&
        posOf[i] === posOf[j] &&
        tokensOf[i] === tokensOf[j] &&
        (prep.key !== 'equity' || rankOf[i] === rankOf[j])
      )
        continue;
    }
    if (k - runStart > 1) sortWords(rec, order, runStart, k);
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
