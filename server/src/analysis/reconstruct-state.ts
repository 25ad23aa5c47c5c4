/**
 * The reconstruction's search state and the bookkeeping its steps share: one plain record
 * (`SearchState`: the final board, the board built so far, the tiles placed and each player's rack
 * size, the Zobrist hash of the squares filled, the states proven dead or alive, the search stack
 * and its counters) and the functions on it: walking a line of filled squares, putting a candidate
 * on the board and lifting it, and the keys of states and candidates.
 *
 * The search is this state plus step functions over it, as the replayer is: `reconstruct-plays.ts`
 * finds and writes the candidates of a turn (scored by the engine's `scorePlacement`),
 * `reconstruct.ts` walks the turns depth first and reads the answer from the live states. No
 * module keeps state of its own.
 *
 * Invariants: one state per search, used once; `current`, `placed count` and the hash change only
 * through `applyCandidate`, which keeps them in step; `fresh` is all zeros between steps.
 *
 * Example:
 *   const st = createSearchState(board, turns, options, deadline, judge);
 *   applyCandidate(st, cand, true);   // the candidate's tiles are on `st.current`
 */
import { BOARD_SIZE } from '../engine/board';
import { RACK_SIZE, TILE_SETS, type TileSet } from '../engine/tilesets';
import type { NewTile } from '../engine/scoring';
import type { BoardCells, PlacedTile } from '../engine/types';
import type { FoundPlay, ReconstructOptions, SheetTurn } from './reconstruct-types';

export const N = BOARD_SIZE;
export const SQUARES = N * N;

/** One placement a turn may have had, as squares of the final board. */
export interface Cand {
  readonly squares: number[];
  readonly across: boolean;
  /** Start and length of the main word (for the key and the written line). */
  readonly start: number;
  readonly length: number;
}

/** A candidate that leads to a complete fit, with the state it leads to and its written form. */
export interface LiveMove {
  readonly cand: Cand;
  readonly child: string;
  readonly play: FoundPlay;
}

/** One turn of the search stack: its candidates, the one being tried, and what each gave. */
export interface Frame {
  readonly cands: readonly Cand[];
  index: number;
  readonly results: boolean[];
}

/** A maximal run of the final board (two squares or more). */
interface Run {
  readonly squares: number[];
  readonly across: boolean;
}

export interface SearchState {
  readonly turns: readonly SheetTurn[];
  readonly options: ReconstructOptions;
  readonly deadline: number;
  readonly judge: ((normalized: string) => boolean) | undefined;
  readonly tileSet: TileSet;
  /** The final board. */
  readonly board: BoardCells;
  /** Per square of the final board, its tile as the scorer takes a new tile. */
  readonly tiles: readonly (NewTile | undefined)[];
  /** Tiles on the final board. */
  readonly total: number;
  /** Indices into `turns` of the scoring turns, in order. */
  readonly playTurns: readonly number[];
  /** The player the end line names as having gone out (0 or 1), if any. */
  readonly finisher: number | undefined;
  readonly runs: readonly Run[];
  /** The board built so far (the final board's tiles of the turns applied). */
  readonly current: (PlacedTile | null)[];
  /** The squares of the candidate being checked (1), else 0. */
  readonly fresh: Uint8Array;
  /** Tiles on `current`. */
  count: number;
  h1: number;
  h2: number;
  /** Rack sizes of both players (art. 3, 37.4). */
  readonly sizes: number[];
  readonly dead: Set<string>;
  readonly alive: Map<string, LiveMove[]>;
  readonly stack: Frame[];
  nodes: number;
  deepest: number;
  timedOut: boolean;
  cancelled: boolean;
  solutions: number;
}

/** Random 32-bit values per square (fixed seed: the search is deterministic). */
const ZOBRIST: Int32Array = (() => {
  const z = new Int32Array(SQUARES * 2);
  let s = 0x9e3779b9 | 0;
  for (let i = 0; i < z.length; i++) {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    z[i] = t ^ (t >>> 14);
  }
  return z;
})();

export function createSearchState(
  board: BoardCells,
  turns: readonly SheetTurn[],
  options: ReconstructOptions,
  deadline: number,
  judge: ((w: string) => boolean) | undefined,
): SearchState {
  const tiles: (NewTile | undefined)[] = new Array<NewTile | undefined>(SQUARES).fill(undefined);
  let total = 0;
  for (let sq = 0; sq < SQUARES; sq++) {
    const c = board[sq];
    if (!c) continue;
    tiles[sq] = { row: Math.floor(sq / N), col: sq % N, letter: c.letter, blank: c.blank };
    total++;
  }
  const playTurns: number[] = [];
  turns.forEach((t, i) => {
    if (t.kind === 'play') playTurns.push(i);
  });
  return {
    turns,
    options,
    deadline,
    judge,
    tileSet: TILE_SETS[options.tileSet],
    board,
    tiles,
    total,
    playTurns,
    finisher: options.finisher === 0 || options.finisher === 1 ? options.finisher : undefined,
    runs: finalRuns(board),
    current: new Array<PlacedTile | null>(SQUARES).fill(null),
    fresh: new Uint8Array(SQUARES),
    count: 0,
    h1: 0,
    h2: 0,
    sizes: [RACK_SIZE, RACK_SIZE],
    dead: new Set<string>(),
    alive: new Map<string, LiveMove[]>(),
    stack: [],
    nodes: 0,
    deepest: 0,
    timedOut: false,
    cancelled: false,
    solutions: 0,
  };
}

/** Maximal runs of the final board, across and down (two squares or more). */
function finalRuns(board: BoardCells): Run[] {
  const runs: Run[] = [];
  for (const across of [true, false]) {
    for (let line = 0; line < N; line++) {
      let cur: number[] = [];
      for (let k = 0; k <= N; k++) {
        const sq = k < N ? (across ? line * N + k : k * N + line) : -1;
        if (sq >= 0 && board[sq]) cur.push(sq);
        else {
          if (cur.length >= 2) runs.push({ squares: cur, across });
          cur = [];
        }
      }
    }
  }
  return runs;
}

/** Tiles left in the bag once `placedCount` tiles are on the board (racks of seven drawn first). */
export function bagAt(st: SearchState, placedCount: number): number {
  return Math.max(0, st.tileSet.total - 2 * RACK_SIZE - placedCount);
}

/** Whether `sq` holds a tile of the board so far or of the candidate being checked. */
function filled(st: SearchState, sq: number): boolean {
  return st.current[sq] !== null || st.fresh[sq] === 1;
}

/** Square after `sq` along a direction (-1 off the board). */
export function next(sq: number, across: boolean, d: number): number {
  if (across) {
    const c = (sq % N) + d;
    return c < 0 || c >= N ? -1 : sq + d;
  }
  const r = Math.floor(sq / N) + d;
  return r < 0 || r >= N ? -1 : sq + d * N;
}

/** First square of the filled run through `sq` along a direction. */
export function runStart(st: SearchState, sq: number, across: boolean): number {
  let s = sq;
  for (let p = next(s, across, -1); p >= 0 && filled(st, p); p = next(s, across, -1)) s = p;
  return s;
}

/** Length of the filled run from `start` along a direction. */
export function runLength(st: SearchState, start: number, across: boolean): number {
  let len = 0;
  for (let q = start; q >= 0 && filled(st, q); q = next(q, across, 1)) len++;
  return len;
}

/** Whether `sq` has a tile of the board so far next to it. */
export function touches(st: SearchState, sq: number): boolean {
  for (const across of [true, false])
    for (const d of [-1, 1]) {
      const q = next(sq, across, d);
      if (q >= 0 && st.current[q] !== null) return true;
    }
  return false;
}

/** Puts a candidate's tiles on the board so far (`on`) or lifts them. */
export function applyCandidate(st: SearchState, c: Cand, on: boolean): void {
  for (const sq of c.squares) {
    st.current[sq] = on ? st.board[sq] : null;
    st.h1 ^= ZOBRIST[sq * 2];
    st.h2 ^= ZOBRIST[sq * 2 + 1];
  }
  st.count += on ? c.squares.length : -c.squares.length;
}

/** Clears the board so far and the racks (after an interrupted search). */
export function resetBoard(st: SearchState): void {
  st.current.fill(null);
  st.fresh.fill(0);
  st.count = 0;
  st.sizes[0] = st.sizes[1] = RACK_SIZE;
  st.h1 = 0;
  st.h2 = 0;
}

/** Key of the state before scoring turn `k`: the squares filled and the rack sizes. */
export function stateKey(st: SearchState, k: number): string {
  return `${k}:${st.h1}:${st.h2}:${st.sizes[0]},${st.sizes[1]}`;
}

/** Key of a candidate: its direction, main word and squares. */
export function candKey(c: Cand): string {
  return `${c.across ? 'a' : 'd'}${c.start}.${c.length}:${c.squares.join(',')}`;
}
