/**
 * Every legal move of a position and the best ones, with their static equity (README "Analysis"):
 * placements from the generator (movegen.ts), every distinct exchange the bag allows under the
 * edition in force (art. 24; NASPA: 7 tiles in the bag) and the pass.
 *
 * Contract for callers (the service layer, self-play, the CLI):
 * - `generateMoves(position, options)`: all moves, sorted (key, then score, position, word).
 * - `bestMoves(position, n, options)`: the first n of that order, found with bound pruning
 *   (`MoveGenerator.anchorBound`): far cheaper than all moves; identical to
 *   `generateMoves(...).slice(0, n)` (a test checks it).
 * - `analyzeMoves(position, top, options, played?, { count })`: the best `top`, the played move's
 *   equity, legality and rank in one walk; with `count: false` the walk is pruned and `count` is
 *   left out (the coach's analysis does this).
 * - Cost: one call runs synchronously (about a millisecond for a top-10 without blanks, a few
 *   with two; tens of ms for every move of a rack with two blanks; README "Performance"). Pass
 *   `cancellation` (anything with `isCancellationRequested`, such as an LSP CancellationToken):
 *   it is polled per anchor and, once set, the call throws `AnalysisCancelled`. Cache answers by `positionKey(position)` + lexicon + leave evaluator.
 * - Moves only for the Spanish tile set with a word list (the lexicon layer is Spanish); else
 *   `AnalysisUnsupported` is thrown with a message.
 * - Not re-entrant per lexicon (the generator's buffers are shared); Node runs it on one thread.
 * - All moves (`generateMoves`, a top of Infinity) are kept as compact records while the walk
 *   runs and made into `Move` objects once sorted (`PlayRecords`, `sortedPlays`); a finite top
 *   keeps move objects. A test checks that both give the same moves in the same order.
 *
 * Equity (in hundredths of a point, `equityOf`): score + leave value (LeaveEvaluator) while the bag has tiles; with the bag empty,
 * score + `endgameLeaveTerm` (leaves.ts): +2R for a move that empties the rack (R = the opponent's
 * tiles' face values; FISE 37.4), −2 × the points kept − 10 for any other move.
 *
 * Example:
 *   const best = bestMoves(position, 5, { lexicon });
 *   moveJson(best[0]);   // { kind: 'play', position: '8B', word: 'LU[CH]ASTE', play: 'LU[CH]ASTE', score: 82, leave: '', equity: 82 }
 */
import { BOARD_SIZE } from '../engine/board';
import { RACK_SIZE, TILE_SETS } from '../engine/tilesets';
import type { NewTile } from '../engine/scoring';
import { buildDawg, type Dawg } from '../lexicon/dawg';
import { DawgLexicon, OverlayLexicon } from '../lexicon/load';
import type { Lexicon } from '../lexicon/types';
import { endgameLeaveTerm, provisionalLeaves, type LeaveEvaluator } from './leaves';
import { builtinLeaves } from './leave-files';
import {
  BLANK,
  BLANK_BIT,
  CODE_MASK,
  FACES,
  NEW_BIT,
  VALUES,
  codeOf,
  generatorFor,
  type MoveGenerator,
  type PlacementSink,
} from './movegen';
import { exchangeMinimumOf, unseenTiles, type AnalysisMessage, type Position } from './position';
import { TILE_COUNT } from '../lexicon/normalize';

export type MoveKind = 'play' | 'exchange' | 'pass';

export interface Move {
  readonly kind: MoveKind;
  /** Plays: direction of the word; 'across' otherwise. */
  readonly direction: 'across' | 'down';
  /** Plays: first square of the whole word (0-based); 0 otherwise. */
  readonly row: number;
  readonly col: number;
  /**
   * Plays: each square of the word, `code | BLANK_BIT | NEW_BIT` (codes of normalize.ts; NEW_BIT
   * for a tile from the rack). Exchanges: the codes exchanged (0 = a blank). Pass: empty.
   */
  readonly squares: readonly number[];
  readonly score: number;
  readonly equity: number;
  /** Tiles kept, faces sorted ('?' last); shared between moves, never modify. */
  readonly leave: readonly string[];
  /** Tiles taken from the rack (placed or exchanged). */
  readonly used: number;
}

export type SortKey = 'equity' | 'score';

export interface MoveOptions {
  readonly lexicon: Lexicon;
  /** Default: `defaultLeaves` (the built-in trained table for Spanish, the provisional worths otherwise). */
  readonly leaves?: LeaveEvaluator;
  /** Default 'equity'. */
  readonly sort?: SortKey;
  readonly cancellation?: { readonly isCancellationRequested: boolean };
}

export class AnalysisCancelled extends Error {
  constructor() {
    super('analysis cancelled');
  }
}

/** The position cannot be analysed; `reason` is a message of the analysis catalogue. */
export class AnalysisUnsupported extends Error {
  constructor(readonly reason: AnalysisMessage) {
    super(reason.messageId);
  }
}

const EMPTY: readonly number[] = Object.freeze([]);

/** The word graph of a lexicon; an overlay (extra / banned words) gets its own, built once. */
const overlayGraphs = new WeakMap<Lexicon, Dawg>();
export function graphOf(lexicon: Lexicon): Dawg {
  if (lexicon instanceof DawgLexicon) return lexicon.dawg;
  const cached = overlayGraphs.get(lexicon);
  if (cached) return cached;
  if (lexicon instanceof OverlayLexicon) {
    const words: string[] = [];
    for (const w of lexicon.base.words()) if (!lexicon.banned.has(w)) words.push(w);
    for (const w of lexicon.extra) if (!lexicon.banned.has(w)) words.push(w);
    const dawg = buildDawg(words);
    overlayGraphs.set(lexicon, dawg);
    return dawg;
  }
  throw new AnalysisUnsupported({ messageId: 'analysis.no-graph', args: {} });
}

/** What a position turns into for the generator: codes, the rack sub-multiset tables. */
export interface Prepared {
  readonly position: Position;
  readonly board: Uint8Array;
  readonly rackCounts: Int8Array;
  /** Distinct rack codes and their counts (mixed-radix order). */
  readonly codes: readonly number[];
  readonly counts: readonly number[];
  readonly radix: readonly number[];
  /** Equity term by used-tiles index (leave value, or the end-of-game term). */
  readonly table: Float64Array;
  /** Leave faces by used-tiles index, sorted. */
  readonly leaveFaces: readonly (readonly string[])[];
  /** Tiles used by index. */
  readonly usedCount: Uint8Array;
  readonly fullIdx: number;
  readonly leaves: LeaveEvaluator;
  readonly key: SortKey;
  /** Opponent's rack value when the bag is empty (else 0). */
  readonly endBonus: number;
}

/** The leaves used when the caller names none: the built-in trained table for Spanish (issue 14). */
export function defaultLeaves(tileSet: Position['tileSet']): LeaveEvaluator {
  return tileSet === 'spanish' ? builtinLeaves().leaves : provisionalLeaves(TILE_SETS[tileSet]);
}

/**
 * Leave values already asked of each evaluator (`value` is pure, leaves.ts), by the leave's codes
 * in display order, 5 bits each (at most 7 tiles: below 2^35): a position asks up to 128 leaves,
 * most of them asked before.
 */
class LeaveMemo {
  private static readonly SLOTS = 1 << 17;
  private readonly keys = new Float64Array(LeaveMemo.SLOTS).fill(-1);
  private readonly values = new Float64Array(LeaveMemo.SLOTS);
  private size = 0;

  /** The value of leave `key` (a whole number below 2^35), asking `compute` the first time. */
  get(key: number, compute: () => number): number {
    const mask = LeaveMemo.SLOTS - 1;
    let slot = ((key % 1000003) * 31) & mask;
    for (;;) {
      const k = this.keys[slot];
      if (k === key) return this.values[slot];
      if (k === -1) break;
      slot = (slot + 1) & mask;
    }
    const value = compute();
    if (this.size >= LeaveMemo.SLOTS / 2) {
      this.keys.fill(-1);
      this.size = 0;
      return value;
    }
    this.keys[slot] = key;
    this.values[slot] = value;
    this.size++;
    return value;
  }
}
const leaveMemos = new WeakMap<LeaveEvaluator, LeaveMemo>();
function leaveMemo(leaves: LeaveEvaluator): LeaveMemo {
  let memo = leaveMemos.get(leaves);
  if (!memo) {
    memo = new LeaveMemo();
    leaveMemos.set(leaves, memo);
  }
  return memo;
}

export function prepare(position: Position, options: MoveOptions): Prepared {
  if (position.tileSet !== 'spanish') throw new AnalysisUnsupported({ messageId: 'analysis.spanish-only', args: {} });
  const board = new Uint8Array(BOARD_SIZE * BOARD_SIZE);
  for (let s = 0; s < board.length; s++) {
    const cell = position.board[s];
    if (!cell) continue;
    const code = codeOf(cell.letter);
    if (code <= 0) throw new AnalysisUnsupported({ messageId: 'analysis.foreign-tile', args: { tile: cell.letter } });
    board[s] = code | (cell.blank ? BLANK_BIT : 0);
  }
  const rackCounts = new Int8Array(TILE_COUNT + 1);
  if (position.rack.length > RACK_SIZE) throw new AnalysisUnsupported({ messageId: 'analysis.rack-size', args: { max: RACK_SIZE } });
  for (const face of position.rack) {
    const code = codeOf(face);
    if (code < 0) throw new AnalysisUnsupported({ messageId: 'analysis.foreign-tile', args: { tile: face } });
    rackCounts[code]++;
  }
  const codes: number[] = [];
  const counts: number[] = [];
  const radix: number[] = [];
  let size = 1;
  for (let code = 0; code <= TILE_COUNT; code++) {
    if (rackCounts[code] === 0) continue;
    codes.push(code);
    counts.push(rackCounts[code]);
    radix.push(size);
    size *= rackCounts[code] + 1;
  }
  const leaves = options.leaves ?? defaultLeaves(position.tileSet);
  let endBonus = 0;
  if (position.bag === 0) {
    for (const [face, n] of unseenTiles(position)) endBonus += n * TILE_SETS[position.tileSet].value(face);
  }
  const table = new Float64Array(size);
  const leaveFaces = new Array<readonly string[]>(size);
  const usedCount = new Uint8Array(size);
  const fullIdx = size - 1;
  const known = leaveMemo(leaves);
  // Leaves in display order (the set's order, blanks last) without sorting: codes ascend, 0 = blank.
  const order = codes.map((_, k) => k).filter((k) => codes[k] !== BLANK);
  if (codes[0] === BLANK) order.push(0);
  const used = new Int8Array(codes.length);
  for (let idx = 0; idx < size; idx++) {
    const leave: string[] = [];
    let usedTiles = 0;
    let rest = idx;
    for (let k = 0; k < codes.length; k++) {
      const u = rest % (counts[k] + 1);
      rest = (rest - u) / (counts[k] + 1);
      used[k] = u;
      usedTiles += u;
    }
    let key = 0;
    for (const k of order) {
      for (let j = used[k]; j < counts[k]; j++) {
        leave.push(FACES[codes[k]]);
        key = key * 32 + codes[k] + 1;
      }
    }
    leaveFaces[idx] = leave;
    usedCount[idx] = usedTiles;
    if (position.bag > 0) table[idx] = known.get(key, () => leaves.value(leave));
    else {
      let points = 0;
      for (const face of leave) points += TILE_SETS[position.tileSet].value(face);
      table[idx] = endgameLeaveTerm(points, idx === fullIdx, endBonus);
    }
  }
  return {
    position,
    board,
    rackCounts,
    codes,
    counts,
    radix,
    table,
    leaveFaces,
    usedCount,
    fullIdx,
    leaves,
    key: options.sort ?? 'equity',
    endBonus,
  };
}

/**
 * A move's equity, in hundredths of a point: the figure `moveJson` and every view print, so two
 * moves that show the same equity are equal and their order is decided by score, position and
 * word as the contract says (not by a difference in the fifth decimal nobody sees). `term` is
 * the leave value (or the end-of-game bonus) as the evaluator gives it.
 */
export function equityOf(score: number, term: number): number {
  return Math.round((score + term) * 100) / 100;
}

/** Sort order of moves: key desc, score desc, position, word, play. */
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
class PlayRecords {
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
      leave: prep.leaveFaces[usedIdx],
      used: (v >>> 21) & 15,
    };
  }
}

const records = new PlayRecords();
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
function sortedPlays(rec: PlayRecords, prep: Prepared): Int32Array {
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
    tokensOf[i] = TOKEN_RANK[sq[base] & (CODE_MASK | BLANK_BIT)] * 64 + second * TOKEN_RANK[sq[base + 1] & (CODE_MASK | BLANK_BIT)];
  }
  countingSort(a, b, n, tokensOf, 64 * 64);
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

/**
 * The sink the generator reports placements to: counts every move; keeps all of them (as
 * records, made into moves once sorted), or the best `limit` by key (keeping ties with the last
 * kept); counts the moves whose key beats `beat` and spots a `target` move.
 */
export class Collector implements PlacementSink {
  count = 0;
  /** Moves kept as objects: every non-placement, and the placements when `limit` is finite. */
  kept: Move[] = [];
  /** The key of the `limit`-th best move so far (-Infinity until `limit` moves were seen). */
  threshold = -Infinity;
  better = 0;
  found: Move | undefined;
  /** The best `limit` keys so far, in decreasing order (finite limits only). */
  private readonly topKeys: Float64Array;
  private filled = 0;
  /** Size of `kept` at which moves below the threshold are dropped. */
  private nextCompact: number;
  /** Placements kept as records (limit Infinity). */
  private readonly records: PlayRecords | undefined;
  constructor(
    readonly prep: Prepared,
    readonly limit: number, // Infinity: keep all; 0: keep none
    readonly beat = Infinity,
    readonly target?: {
      readonly direction: 'across' | 'down';
      readonly row: number;
      readonly col: number;
      readonly squares: readonly number[];
    },
  ) {
    this.topKeys = new Float64Array(limit === Infinity ? 0 : limit);
    this.nextCompact = limit === Infinity ? Infinity : Math.max(64, 4 * limit);
    if (limit === Infinity) {
      this.records = records;
      records.reset();
    }
  }

  accept(gen: MoveGenerator, start: number, end: number, score: number, used: number, usedIdx: number): void {
    this.count++;
    if (this.records !== undefined && this.beat === Infinity) {
      this.records.push(gen, start, end, score, used, usedIdx);
      return;
    }
    const equity = equityOf(score, this.prep.table[usedIdx]);
    const k = this.prep.key === 'equity' ? equity : score;
    if (k > this.beat) this.better++;
    else if (k === this.beat && this.target && this.matches(gen, start, end))
      this.found = this.make(gen, start, end, score, equity, used, usedIdx);
    if (this.records !== undefined) {
      this.records.push(gen, start, end, score, used, usedIdx);
      return;
    }
    if (k < this.threshold || this.limit === 0) return;
    this.kept.push(this.make(gen, start, end, score, equity, used, usedIdx));
    this.note(k);
  }

  /** Every move kept, sorted by `compareMoves(prep.key)`. */
  sorted(): Move[] {
    const cmp = compareMoves(this.prep.key);
    const others = this.kept.sort(cmp);
    const rec = this.records;
    if (rec === undefined) return others;
    const order = sortedPlays(rec, this.prep);
    const n = rec.count;
    const out = new Array<Move>(n + others.length);
    let k = 0;
    let o = 0;
    for (let i = 0; i < n; i++) {
      const m = rec.move(order[i], this.prep);
      while (o < others.length && cmp(others[o], m) < 0) out[k++] = others[o++];
      out[k++] = m;
    }
    while (o < others.length) out[k++] = others[o++];
    return out;
  }

  /** Records a kept key: raises the threshold, drops moves below it now and then. */
  private note(k: number): void {
    if (this.limit === Infinity) return;
    const keys = this.topKeys;
    let q: number;
    if (this.filled < this.limit) q = this.filled++;
    else {
      if (k <= keys[this.limit - 1]) return; // a tie does not move the threshold
      q = this.limit - 1;
    }
    while (q > 0 && keys[q - 1] < k) {
      keys[q] = keys[q - 1];
      q--;
    }
    keys[q] = k;
    if (this.filled === this.limit) this.threshold = keys[this.limit - 1];
    if (this.kept.length >= this.nextCompact) {
      const t = this.threshold;
      const keyOf = this.prep.key === 'equity' ? (m: Move) => m.equity : (m: Move) => m.score;
      this.kept = this.kept.filter((m) => keyOf(m) >= t);
      this.nextCompact = Math.max(64, 4 * this.limit, 2 * this.kept.length);
    }
  }

  private matches(gen: MoveGenerator, start: number, end: number): boolean {
    const t = this.target!;
    const across = gen.dir === 0;
    if ((t.direction === 'across') !== across) return false;
    const row = across ? gen.line : start;
    const col = across ? start : gen.line;
    if (row !== t.row || col !== t.col || t.squares.length !== end - start + 1) return false;
    for (let i = start; i <= end; i++) if (gen.laneSquare(i) !== t.squares[i - start]) return false;
    return true;
  }

  private make(gen: MoveGenerator, start: number, end: number, score: number, equity: number, used: number, usedIdx: number): Move {
    const squares: number[] = [];
    for (let i = start; i <= end; i++) squares.push(gen.laneSquare(i));
    const across = gen.dir === 0;
    return {
      kind: 'play',
      direction: across ? 'across' : 'down',
      row: across ? gen.line : start,
      col: across ? start : gen.line,
      squares,
      score,
      equity,
      leave: this.prep.leaveFaces[usedIdx],
      used,
    };
  }

  /** Adds a non-placement move (exchange, pass). */
  add(move: Move): void {
    this.count++;
    const k = this.prep.key === 'equity' ? move.equity : move.score;
    if (k > this.beat) this.better++;
    if (k < this.threshold || this.limit === 0) return;
    this.kept.push(move);
    this.note(k);
  }
}

/** The exchanges (art. 24) and the pass of a prepared position, into `sink`. */
export function addNonPlacements(prep: Prepared, sink: Collector): void {
  const p = prep.position;
  const minimum = exchangeMinimumOf(p);
  if (p.bag >= minimum && p.bag > 0) {
    for (let idx = 1; idx < prep.table.length; idx++) {
      const used = prep.usedCount[idx];
      if (used > p.bag) continue;
      const squares: number[] = [];
      let rest = idx;
      for (let k = 0; k < prep.codes.length; k++) {
        const u = rest % (prep.counts[k] + 1);
        rest = (rest - u) / (prep.counts[k] + 1);
        for (let j = 0; j < u; j++) squares.push(prep.codes[k]);
      }
      sink.add({
        kind: 'exchange',
        direction: 'across',
        row: 0,
        col: 0,
        squares,
        score: 0,
        equity: equityOf(0, prep.table[idx]),
        leave: prep.leaveFaces[idx],
        used,
      });
    }
  }
  sink.add({
    kind: 'pass',
    direction: 'across',
    row: 0,
    col: 0,
    squares: EMPTY,
    score: 0,
    equity: equityOf(0, prep.table[0]),
    leave: prep.leaveFaces[0],
    used: 0,
  });
}

/**
 * Runs the generator into `sink`: every anchor, or (`prune`) anchors in decreasing order of
 * their bound until it falls below both the sink's threshold and the played move's key.
 */
function runGenerator(prep: Prepared, options: MoveOptions, sink: Collector, prune = false): void {
  const gen = generatorFor(graphOf(options.lexicon));
  gen.setPosition(prep.board, prep.rackCounts);
  const token = options.cancellation;
  const cancelled = token ? () => token.isCancellationRequested : undefined;
  if (!prune || sink.limit === Infinity) gen.run(sink, cancelled);
  else {
    // Lettered tiles' values in decreasing order (zeros past them); best leave term by tiles and blanks used.
    const values = new Int32Array(RACK_SIZE + 1);
    const lettered = prep.position.rack
      .filter((f) => f !== '?')
      .map((f) => VALUES[codeOf(f)])
      .sort((a, b) => b - a);
    values.set(lettered.slice(0, RACK_SIZE));
    const bestTerm = new Float64Array((RACK_SIZE + 1) * 3).fill(-Infinity);
    const blankK = prep.codes[0] === BLANK ? 0 : -1;
    for (let idx = 0; idx < prep.table.length; idx++) {
      const k = prep.usedCount[idx];
      const b = blankK === 0 ? idx % (prep.counts[0] + 1) : 0;
      // + a cent: equityOf rounds to hundredths, which may lift a move's equity above its bound
      const term = prep.key === 'equity' ? prep.table[idx] + 0.01 : 0;
      if (term > bestTerm[k * 3 + b]) bestTerm[k * 3 + b] = term;
    }
    const beat = sink.beat;
    gen.runPruned(sink, values, bestTerm, beat === Infinity ? () => sink.threshold : () => Math.min(sink.threshold, beat), cancelled);
  }
  if (token?.isCancellationRequested) throw new AnalysisCancelled();
}

/** Every legal move of the position, sorted. */
export function generateMoves(position: Position, options: MoveOptions): Move[] {
  const prep = prepare(position, options);
  const sink = new Collector(prep, Infinity);
  runGenerator(prep, options, sink);
  addNonPlacements(prep, sink);
  return sink.sorted();
}

export interface MovesAnswer {
  /** Legal placements + exchanges + the pass (unless asked not to count: then the walk is pruned). */
  readonly count?: number;
  /** The best `top` moves (all when `top` is Infinity), sorted. */
  readonly moves: readonly Move[];
  /** With `played`: the move as played, its equity computed here (undefined when its tiles are not on the rack). */
  readonly played?: Move;
  /** With `played`: whether it is among the legal moves. */
  readonly legal?: boolean;
  /** With a legal `played`: its rank (1 + the moves with a strictly better key). */
  readonly rank?: number;
}

/** Index of the rack sub-multiset a move takes (-1 when the rack lacks its tiles). */
function usedIndexOf(prep: Prepared, m: Move): number {
  const need = new Int8Array(TILE_COUNT + 1);
  if (m.kind === 'play') {
    for (const v of m.squares) if ((v & NEW_BIT) !== 0) need[(v & BLANK_BIT) !== 0 ? BLANK : v & CODE_MASK]++;
  } else if (m.kind === 'exchange') for (const v of m.squares) need[v]++;
  let idx = 0;
  for (let code = 0; code <= TILE_COUNT; code++) {
    if (need[code] === 0) continue;
    const k = prep.codes.indexOf(code);
    if (k < 0 || need[code] > prep.counts[k]) return -1;
    idx += need[code] * prep.radix[k];
  }
  return idx;
}

/**
 * One walk for the CLI and the coach's analysis: the count, the best `top` moves and, given the
 * move played (kind, squares and score as `playedMove` builds it; its equity is ignored), its
 * equity, whether it is legal and its rank.
 */
export function analyzeMoves(
  position: Position,
  top: number,
  options: MoveOptions,
  played?: Move,
  how: { readonly count?: boolean } = {},
): MovesAnswer {
  const counting = how.count !== false;
  const prep = prepare(position, options);
  let playedMove: Move | undefined;
  let beat = Infinity;
  if (played) {
    const idx = usedIndexOf(prep, played);
    if (idx >= 0) {
      const equity = equityOf(played.score, prep.table[idx]);
      playedMove = { ...played, equity, leave: prep.leaveFaces[idx], used: prep.usedCount[idx] };
      beat = prep.key === 'equity' ? equity : played.score;
    }
  }
  const target = playedMove && playedMove.kind === 'play' ? playedMove : undefined;
  const sink = new Collector(prep, top, beat, target);
  addNonPlacements(prep, sink); // first: they raise the threshold the pruning stops at
  runGenerator(prep, options, sink, !counting);
  const moves = sink.sorted();
  if (moves.length > top) moves.length = top;
  const count = counting ? sink.count : undefined;
  if (!played) return { ...(count !== undefined ? { count } : {}), moves };
  let legal = false;
  if (playedMove?.kind === 'play') legal = sink.found !== undefined;
  else if (playedMove?.kind === 'pass') legal = true;
  else if (playedMove?.kind === 'exchange')
    legal = position.bag >= exchangeMinimumOf(position) && playedMove.used <= position.bag && playedMove.used > 0;
  return {
    ...(count !== undefined ? { count } : {}),
    moves,
    ...(playedMove ? { played: playedMove } : {}),
    legal,
    ...(legal ? { rank: sink.better + 1 } : {}),
  };
}

/** The best `n` moves, sorted (the same as the first n of `generateMoves`), with bound pruning. */
export function bestMoves(position: Position, n: number, options: MoveOptions): Move[] {
  return analyzeMoves(position, n, options, undefined, { count: false }).moves.slice();
}

// ---------------------------------------------------------------------------------------------
// Moves as text

const COLUMNS = 'ABCDEFGHIJKLMNO';

function faceText(code: number, blank: boolean): string {
  const face = FACES[code];
  const text = blank ? face.toLowerCase() : face;
  return face.length > 1 ? `[${text}]` : text;
}

/** '8D' (across: row first) or 'D8' (down); '' for exchanges and the pass. */
export function movePosition(m: Move): string {
  if (m.kind !== 'play') return '';
  return m.direction === 'across' ? `${m.row + 1}${COLUMNS[m.col]}` : `${COLUMNS[m.col]}${m.row + 1}`;
}

/** The whole word in bracket notation ('[CH]IN[ch]A', blanks lower case); exchanged tiles for an exchange. */
export function moveWord(m: Move): string {
  if (m.kind === 'pass') return '';
  let s = '';
  for (const v of m.squares)
    s += m.kind === 'exchange' ? (v === BLANK ? '?' : faceText(v, false)) : faceText(v & CODE_MASK, (v & BLANK_BIT) !== 0);
  return s;
}

/** The GCG play: '.' for tiles already on the board; '-TILES' for an exchange, '-' for the pass. */
export function movePlay(m: Move): string {
  if (m.kind === 'pass') return '-';
  if (m.kind === 'exchange') return `-${moveWord(m)}`;
  let s = '';
  for (const v of m.squares) s += (v & NEW_BIT) !== 0 ? faceText(v & CODE_MASK, (v & BLANK_BIT) !== 0) : '.';
  return s;
}

/** The leave in bracket notation, sorted ('E?'). */
export function moveLeave(m: Move): string {
  return m.leave.map((f) => (f.length > 1 ? `[${f}]` : f)).join('');
}

/** The tiles a play puts on the board, as the engine's scorer takes them. */
export function newTiles(m: Move): NewTile[] {
  const out: NewTile[] = [];
  if (m.kind !== 'play') return out;
  for (let i = 0; i < m.squares.length; i++) {
    const v = m.squares[i];
    if ((v & NEW_BIT) === 0) continue;
    const row = m.direction === 'across' ? m.row : m.row + i;
    const col = m.direction === 'across' ? m.col + i : m.col;
    out.push({ row, col, letter: FACES[v & CODE_MASK], blank: (v & BLANK_BIT) !== 0 });
  }
  return out;
}

const round2 = (x: number): number => Math.round(x * 100) / 100;

/** The JSON of a move (README "planilla moves"). */
export function moveJson(m: Move): Record<string, unknown> {
  if (m.kind === 'play') {
    return {
      kind: 'play',
      position: movePosition(m),
      word: moveWord(m),
      play: movePlay(m),
      score: m.score,
      leave: moveLeave(m),
      equity: round2(m.equity),
    };
  }
  if (m.kind === 'exchange')
    return { kind: 'exchange', tiles: moveWord(m), play: movePlay(m), score: 0, leave: moveLeave(m), equity: round2(m.equity) };
  return { kind: 'pass', play: '-', score: 0, leave: moveLeave(m), equity: round2(m.equity) };
}
