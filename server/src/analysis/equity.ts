/**
 * Static equity (docs/coach.md): what a position turns into for the generator (`prepare`:
 * board and rack as codes, the rack's sub-multisets in mixed radix) and the equity term of each
 * sub-multiset of tiles used, looked up by that index during the walk, never by a string.
 *
 * Equity (in hundredths of a point, `equityOf`): score + leave value (LeaveEvaluator) while the
 * bag has tiles; with the bag empty, score + `endgameLeaveTerm` (leaves.ts): +2R for a move that
 * empties the rack (R = the opponent's tiles' face values; FISE 37.4), −2 × the points kept − 10
 * for any other move (docs/leaves.md, "Near the end").
 *
 * Invariants: `prepare` does not modify the position; the table has one entry per sub-multiset
 * of the rack (at most 128); leave values asked once per evaluator and leave (`LeaveMemo`).
 */
import { BOARD_SIZE } from '../engine/board';
import { RACK_SIZE, TILE_SETS } from '../engine/tilesets';
import { TILE_COUNT } from '../lexicon/normalize';
import { builtinLeaves } from './leave-files';
import { LeaveTable, SPANISH_LEAVES } from './leave-table';
import { endgameLeaveTerm, provisionalLeaves, type LeaveEvaluator } from './leaves';
import { AnalysisUnsupported, type MoveOptions, type SortKey } from './move';
import { BLANK, BLANK_BIT, FACES, codeOf } from './movegen-codes';
import { unseenTiles, type Position } from './position';

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
  /**
   * Leave faces of a used-tiles index, sorted (the set's order, '?' last): made on first use and
   * then shared by every move with that index (never modify).
   */
  readonly leaveOf: (usedIdx: number) => readonly string[];
  /** Tiles used by index. */
  readonly usedCount: Uint8Array;
  readonly fullIdx: number;
  readonly leaves: LeaveEvaluator;
  readonly key: SortKey;
  /** Opponent's rack value when the bag is empty (else 0). */
  readonly endBonus: number;
}

/** The leaves used when the caller names none: the built-in trained table for Spanish. */
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

  /**
   * A well-mixed 32-bit hash of a whole number below 2^35 (its low 32 bits and the rest): nearby
   * leaves (keys that differ in their last tile) must not fall in nearby slots, or the linear
   * probing walks long runs.
   */
  private static hash(key: number): number {
    const lo = key >>> 0;
    const hi = (key - lo) / 4294967296;
    let h = Math.imul(lo ^ Math.imul(hi, 0x9e3779b1), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    return h ^ (h >>> 16);
  }

  /** The value of leave `key` (a whole number below 2^35); NaN when not known yet. */
  get(key: number): number {
    const mask = LeaveMemo.SLOTS - 1;
    let slot = LeaveMemo.hash(key) & mask;
    for (;;) {
      const k = this.keys[slot];
      if (k === key) return this.values[slot];
      if (k === -1) return NaN;
      slot = (slot + 1) & mask;
    }
  }

  /** Keeps the value of leave `key` (not known yet); returns it. */
  set(key: number, value: number): number {
    const mask = LeaveMemo.SLOTS - 1;
    let slot = LeaveMemo.hash(key) & mask;
    while (this.keys[slot] !== -1 && this.keys[slot] !== key) slot = (slot + 1) & mask;
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
  const leaveFaces = new Array<readonly string[] | undefined>(size);
  const usedCount = new Uint8Array(size);
  const fullIdx = size - 1;
  const known = leaveMemo(leaves);
  // Leaves in display order (the set's order, blanks last) without sorting: codes ascend, 0 = blank.
  const order = codes.map((_, k) => k).filter((k) => codes[k] !== BLANK);
  if (codes[0] === BLANK) order.push(0);
  const used = new Int8Array(codes.length);
  const unpack = (idx: number): number => {
    let usedTiles = 0;
    let rest = idx;
    for (let k = 0; k < codes.length; k++) {
      const u = rest % (counts[k] + 1);
      rest = (rest - u) / (counts[k] + 1);
      used[k] = u;
      usedTiles += u;
    }
    return usedTiles;
  };
  const facesOf = (idx: number): string[] => {
    unpack(idx);
    const leave: string[] = [];
    for (const k of order) for (let j = used[k]; j < counts[k]; j++) leave.push(FACES[codes[k]]);
    return leave;
  };
  const leaveOf = (idx: number): readonly string[] => leaveFaces[idx] ?? (leaveFaces[idx] = facesOf(idx));
  // Codes are the leave index's codes (movegen-codes.ts FACES is SPANISH_ALPHABET).
  const direct = leaves instanceof LeaveTable && leaves.storesAllOf(SPANISH_LEAVES) ? leaves : undefined;
  const constant = position.bag > 0 ? leaves.constant : undefined;
  let leaveRanks: Int32Array | undefined;
  if (direct !== undefined && constant === undefined && position.bag > 0) {
    leaveRanks = new Int32Array(size);
    direct.index.leaveRanks(codes, counts, codes.length, leaveRanks);
  }
  for (let idx = 0; idx < size; idx++) {
    usedCount[idx] = unpack(idx);
    if (constant !== undefined) {
      table[idx] = constant; // every leave worth the same: nothing to ask
      continue;
    }
    if (position.bag === 0) {
      let points = 0;
      for (const face of leaveOf(idx)) points += TILE_SETS[position.tileSet].value(face);
      table[idx] = endgameLeaveTerm(points, idx === fullIdx, endBonus);
      continue;
    }
    if (leaveRanks !== undefined) {
      // a table that stores every leave: one read by the leave's rank (no memo, no faces)
      table[idx] = direct!.valueOfRank(leaveRanks[idx]);
      continue;
    }
    let key = 0;
    for (const k of order) for (let j = used[k]; j < counts[k]; j++) key = key * 32 + codes[k] + 1;
    const value = known.get(key);
    table[idx] = value === value ? value : known.set(key, leaves.value(leaveOf(idx)));
  }
  return {
    position,
    board,
    rackCounts,
    codes,
    counts,
    radix,
    table,
    leaveOf,
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
