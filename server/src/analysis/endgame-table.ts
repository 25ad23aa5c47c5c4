/**
 * The endgame's transposition table (endgame.ts): the Zobrist keys of the board, both racks, the
 * side to move and the runs of passes, and the arrays of the table (two 32-bit key halves, value,
 * depth, bound flag, best move and its record) with the move lists of a search, kept from one
 * small search to the next.
 *
 * Invariants: the keys come from a fixed seed and are made once per process, read only; a
 * memory is used by one search at a time (`busy`), cleared before the next one takes it.
 *
 * Example:
 *   const memory = takeMemory(16);   // cleared, marked busy
 *   const keys = zobristKeys();
 */
import { BOARD_SIZE } from '../engine/board';
import { CODES, STRIDE, type MoveList } from './endgame-moves';
import { mulberry32 } from './seeded-bag';

const SQUARES = BOARD_SIZE * BOARD_SIZE;
/** Depth stored for a subtree solved to the end of the game. */
export const EXACT_DEPTH = 255;
export const FLAG_EXACT = 0;
export const FLAG_LOWER = 1;
export const FLAG_UPPER = 2;

/** The Zobrist keys (two 32-bit halves each), from a fixed seed: the same for every search, read only. */
interface ZobristKeys {
  readonly square: readonly Int32Array[];
  readonly rack: readonly Int32Array[];
  readonly run: readonly Int32Array[];
  readonly side: Int32Array;
}
let zobrist: ZobristKeys | undefined;

/** The keys, made once per process (a search would otherwise spend a large share of a short search making them). */
export function zobristKeys(): ZobristKeys {
  if (zobrist) return zobrist;
  const rand = mulberry32(0x5eed);
  const r32 = (): number => (rand() * 4294967296) | 0;
  const keys = (n: number): Int32Array => Int32Array.from({ length: n * 2 }, r32);
  const square: Int32Array[] = [];
  for (let s = 0; s < SQUARES; s++) square.push(keys(128));
  const rack = [keys(CODES * 8), keys(CODES * 8)];
  const run = [keys(16), keys(16)];
  zobrist = { square, rack, run, side: keys(1) };
  return zobrist;
}

/**
 * The transposition table and the move lists of a search: the arrays of the last small search
 * are kept and cleared for the next one of the same table size (the plain analysis makes
 * hundreds of short searches), unless that one is still running (then a search gets its own).
 */
export class SearchMemory {
  readonly keyA: Int32Array;
  readonly keyB: Int32Array;
  readonly value: Int32Array;
  readonly depth: Uint8Array;
  readonly flag: Uint8Array;
  readonly best: Int32Array;
  readonly only: Uint8Array;
  readonly meta: Int32Array;
  readonly score: Int32Array;
  readonly squares: Uint8Array;
  readonly lists: MoveList[] = [];
  readonly spares: MoveList[] = [];
  readonly tableLists: MoveList[] = [];
  busy = false;

  constructor(readonly bits: number) {
    const n = 1 << bits;
    this.keyA = new Int32Array(n);
    this.keyB = new Int32Array(n);
    this.value = new Int32Array(n);
    this.depth = new Uint8Array(n);
    this.flag = new Uint8Array(n);
    this.best = new Int32Array(n);
    this.only = new Uint8Array(n);
    this.meta = new Int32Array(n);
    this.score = new Int32Array(n);
    this.squares = new Uint8Array(n * STRIDE);
  }

  /** Every entry back to what a new table holds (the lists need no clearing: read only as written). */
  clear(): void {
    for (const a of [this.keyA, this.keyB, this.value, this.depth, this.flag, this.best, this.only, this.meta, this.score, this.squares])
      a.fill(0);
  }
}
let kept: SearchMemory | undefined;
/** Largest table kept between searches (2^16 entries, under 3 MB): a larger one is left to the collector. */
const KEPT_TABLE_BITS = 16;

/** Arrays for a search with a table of 2^bits entries, marked busy until `release`. */
export function takeMemory(bits: number): SearchMemory {
  let memory: SearchMemory;
  if (kept !== undefined && kept.bits === bits && !kept.busy) {
    memory = kept;
    memory.clear();
  } else {
    memory = new SearchMemory(bits);
    if (bits <= KEPT_TABLE_BITS && (kept === undefined || !kept.busy)) kept = memory;
  }
  memory.busy = true;
  return memory;
}
