/**
 * The exact endgame solver (docs/deep-analysis.md "Endgame"): with the bag empty and both racks
 * known, the sequence of moves that maximises the final spread of the player to move, under the
 * edition in force.
 *
 * The game ends as the engine rules it (engine/replay-end.ts, replay-moves.ts):
 * - a player places the last tile of the rack (37.4 / 40.3): under FISE the finisher adds the
 *   value R of the opponent's rack and the opponent subtracts it; under NASPA the finisher adds
 *   2R. Either way the spread moves by 2R;
 * - four passes in a row (37.2 / 40.2; NASPA: six scoreless turns in a row), or twelve scoreless
 *   turns while someone has scored (37.3, current FISE only): each player subtracts the own rack.
 *   With the bag empty no exchange is possible (art. 24), so only passes are scoreless turns, and
 *   any placement ends both runs, as the engine counts them.
 *
 * Runs of passes: the search knows two runs, none and the last (the next pass ends the game), and
 * a pass that does not end the game leads to the last. The value of a position is the same
 * whatever run below the last it is in: with P the mover's best placement, Q the opponent's best
 * placement after the mover passes and E the end by passes (each player losing the own rack), a
 * run below the last is worth max(P, min(-Q, E)) whatever the limit (4 passes, 6 zeros, 12
 * scoreless turns; by induction on the passes left, P and Q not depending on the run: a placement
 * ends it). So the pass-pass-pass lines that the game's limits allow, which repeat the same
 * position, are not searched; the line read at the end gets the passes the game still needs.
 *
 * Method: negamax with alpha-beta on the spread (points of the mover minus the opponent's from
 * here to the end), iterative deepening by plies, a transposition table keyed by a Zobrist hash of
 * the board, both racks, the side to move and the runs of passes (two slots a bucket, a proven
 * entry kept over an unproven one); moves ordered by the table's best move, then going out, then
 * by points with 24 for each tile played; a forced pass (no placement) is searched one ply deeper and, once
 * known, played from the table without generating. A leaf at the horizon is worth 0 beyond the
 * points already made on the way.
 *
 * Exactness: every value a node returns carries `proven`, whether its bound holds for the game
 * played to the end. The end of the game is proven; a horizon leaf is not; a cut is proven when
 * the child that made it is; any other node is proven when all its children are. The value is
 * monotone in the leaves, so a proven bound stays true whatever the horizon leaves are worth, and
 * a refuted branch that met the horizon does not keep the root from being proven. The table keeps
 * a proven entry "to the end" (any depth) and an unproven one at its depth. The deepening stops as
 * soon as the root is proven (the value is then the true value of the game), or at the node or
 * time limit, returning the deepest completed search (its line ends at the horizon and `exact` is
 * false). The line of a proven root is searched again ply by ply until each position's value is
 * proven, so that it reaches the end of the game and adds up to the value; the line of an
 * unproven iteration is read as soon as it completes, while the table holds it. Reading a line is
 * held to the time limit (not the node limit): a line cut by it ends at the horizon.
 *
 * Invariants: pure (the clock is injected); the position is not modified; the same position and
 * limits give the same line; the generator is shared (not re-entrant), moves are collected
 * before the search goes deeper; a node's moves depend on its board and the mover's rack alone,
 * so a list that holds them is ordered again rather than generated again; the table and lists a
 * search leaves are cleared before another search uses them (never two searches at once).
 *
 * Example:
 *   const r = solveEndgame(position, ['E', 'S'], { lexicon });
 *   r.spread;   // 23: the mover ends 23 points better off than the opponent from here
 *   r.line;     // [{ kind: 'play', position: '3K', word: 'RES', score: 14, … }, …]
 */
import { BOARD_SIZE } from '../engine/board';
import type { Lexicon } from '../lexicon/types';
import { TILE_COUNT } from '../lexicon/normalize';
import {
  BLANK,
  BLANK_BIT,
  CODE_MASK,
  FACES,
  NEW_BIT,
  VALUES,
  codeOf,
  generatorFor,
  laneSquareIndex,
  type MoveGenerator,
  type PlacementSink,
} from './movegen';
import { graphOf, refusedCodes, AnalysisUnsupported, type Move } from './moves';
import type { Position } from './position';
import { mulberry32 } from './seeded-bag';

const SQUARES = BOARD_SIZE * BOARD_SIZE;
const CODES = TILE_COUNT + 1;
/** Stride of a move's squares in a move list (a word has at most 15). */
const STRIDE = 16;
/** Depth stored for a subtree solved to the end of the game. */
const EXACT_DEPTH = 255;
const FLAG_EXACT = 0;
const FLAG_LOWER = 1;
const FLAG_UPPER = 2;
/** More plies than any endgame can last (14 tiles, at most three passes between two placements). */
export const MAX_PLIES = 64;
const INF = 1_000_000;
/** Points a tile played counts for in the order of a node's moves (`Solver.generate`). */
const TILE_WEIGHT = 24;
/** Half the width of the root's aspiration window (points). */
const ASPIRATION = 12;
/** Added to a move's ordering key to keep it positive (keys are above -2^24). */
const KEY_OFFSET = 1 << 24;
/** Most squares by which a sibling's board may differ for what was found on it to be reused (`lanesChanged`). */
const DERIVE_MAX_SQUARES = 16;
/** The 15 bits of one direction's lanes. */
const LANE_MASK = (1 << BOARD_SIZE) - 1;

/**
 * The lanes whose moves may differ between boards `old` and `board` (rows in the low 15 bits,
 * columns above them), or -1 when more than DERIVE_MAX_SQUARES squares differ: for each square
 * that changed, its row and column, and the other lane of the first empty square past the run of
 * tiles on each side of it, on the board that holds the tile (movegen.ts `updateBoard`: every
 * other lane keeps its squares, cross sets and anchors).
 */
function lanesChanged(old: Uint8Array, board: Uint8Array): number {
  let changed = 0;
  let lanes = 0;
  for (let sq = 0; sq < SQUARES; sq++) {
    if (old[sq] === board[sq]) continue;
    if (++changed > DERIVE_MAX_SQUARES) return -1;
    if (old[sq] !== 0) lanes |= laneReach(old, sq);
    if (board[sq] !== 0) lanes |= laneReach(board, sq);
  }
  return lanes;
}

/**
 * The lanes a tile on square `sq` of board `b` reaches (rows in the low 15 bits, columns above):
 * its row and column, and the other lane of the first empty square past the run of tiles on each
 * side of it (their cross sets and anchors depend on it).
 */
function laneReach(b: Uint8Array, sq: number): number {
  const r = (sq / BOARD_SIZE) | 0;
  const c = sq - r * BOARD_SIZE;
  let across = 1 << r;
  let down = 1 << c;
  for (let k = c - 1; k >= 0; k--)
    if (b[r * BOARD_SIZE + k] === 0) {
      down |= 1 << k;
      break;
    }
  for (let k = c + 1; k < BOARD_SIZE; k++)
    if (b[r * BOARD_SIZE + k] === 0) {
      down |= 1 << k;
      break;
    }
  for (let k = r - 1; k >= 0; k--)
    if (b[k * BOARD_SIZE + c] === 0) {
      across |= 1 << k;
      break;
    }
  for (let k = r + 1; k < BOARD_SIZE; k++)
    if (b[k * BOARD_SIZE + c] === 0) {
      across |= 1 << k;
      break;
    }
  return across | (down << BOARD_SIZE);
}
/** Moves of a node picked by a scan each before the rest of its list is sorted (`MoveList.at`). */
const LAZY_PICKS = 3;

export interface EndgameOptions {
  readonly lexicon: Lexicon;
  /** Search nodes before the solver stops with the best line so far (default 2 000 000). */
  readonly maxNodes?: number;
  /** Milliseconds before the solver stops with the best line so far (default none). */
  readonly timeLimitMs?: number;
  /** The clock for `timeLimitMs` (default Date.now). */
  readonly now?: () => number;
  /** Deepest iteration (plies; default: until solved). */
  readonly maxDepth?: number;
  /** Passes in a row just before this position (37.2; default 0). */
  readonly passes?: number;
  /** Scoreless turns in a row just before this position (37.3; default `passes`). */
  readonly scoreless?: number;
  /** log2 of the transposition table's entries (default 20). */
  readonly tableBits?: number;
  /**
   * Only the line's first move is wanted (endgame-grade.ts): a solved line is not read to the end
   * (`line` holds its first move alone, `end` is 'horizon' unless that move ends the game). The
   * value, exactness, depth and nodes are those of the full search: reading a solved line comes
   * after the search.
   */
  readonly firstOnly?: boolean;
  /** Called after each completed iteration, with what the search returns if it stops there. */
  readonly onIteration?: (info: EndgameIteration) => void;
}

/**
 * A completed iteration: the figures `solveEndgame` returns when it stops after it (the node limit
 * reached in the next one, or `maxDepth` = `depth`); `nodes` counts the nodes up to its end.
 */
export interface EndgameIteration {
  readonly depth: number;
  readonly spread: number;
  readonly nodes: number;
  readonly exact: boolean;
  readonly line: readonly EndgameMove[];
  readonly end: EndgameResult['end'];
}

/** A move of the solver's line, in the generator's form (moves.ts `Move`, equity = score). */
export type EndgameMove = Move;

export interface EndgameResult {
  /** Points of the mover minus the opponent's from this position to the end, end adjustments included. */
  readonly spread: number;
  /** The best sequence found (both players, the mover first). */
  readonly line: readonly EndgameMove[];
  /** Whether `spread` is the true value (proven: the search reached the end of the game wherever the value depended on it). */
  readonly exact: boolean;
  /** Plies of the deepest completed iteration. */
  readonly depth: number;
  readonly nodes: number;
  /** How the line ends: 'out' (a rack emptied), 'passes' (37.2 / NASPA zeros), 'scoreless' (37.3), 'horizon' (not solved, or the time limit came while the line was read). */
  readonly end: 'out' | 'passes' | 'scoreless' | 'horizon';
}

/** The pass, as the line writes it. */
const passMove = (): Move => ({ kind: 'pass', direction: 'across', row: 0, col: 0, squares: [], score: 0, equity: 0, leave: [], used: 0 });

/** Thrown to unwind a search at its limits: one instance, made once (no stack trace per search). */
class Abort extends Error {}
const ABORT = new Abort('endgame search stopped at its limits');

/** Moves of one node: compact records, reused per ply. */
export class MoveList implements PlacementSink {
  count = 0;
  score = new Int32Array(256);
  /** dir | line << 1 | start << 5 | end << 9 | used << 13 */
  meta = new Int32Array(256);
  squares = new Uint8Array(256 * STRIDE);
  key = new Int32Array(256);
  order = new Int32Array(256);
  /**
   * The order is made lazily (`at`): most nodes are cut after their first move or two, so the
   * first few moves are picked by a scan each and the rest sorted only when a node goes on. `ready`
   * entries of `order` are final; `pending` holds the others' sort values, key (high) and index
   * (low, 65535 − i: the generator's order on ties), so the order is the one a full sort gives.
   */
  private ready = 0;
  private pending = new Float64Array(256);

  reset(): void {
    this.count = 0;
    this.ready = 0;
    this.source = undefined;
  }

  /** The generator, board and rack the list's moves were generated for (`generate`); none after `reset`. */
  private source: MoveGenerator | undefined;
  private readonly board = new Uint8Array(SQUARES);
  private readonly rack = new Int8Array(CODES);

  /** Whether the list holds every move `gen` finds on `board` with `rack` (the same records, in the same order). */
  holds(gen: MoveGenerator, board: Uint8Array, rack: Int8Array): boolean {
    if (this.source !== gen) return false;
    for (let s = 0; s < SQUARES; s++) if (this.board[s] !== board[s]) return false;
    for (let c = 0; c < CODES; c++) if (this.rack[c] !== rack[c]) return false;
    return true;
  }

  /** Notes that the list now holds the moves `gen` finds on `board` with `rack`. */
  generatedFor(gen: MoveGenerator, board: Uint8Array, rack: Int8Array): void {
    this.source = gen;
    this.board.set(board);
    this.rack.set(rack);
  }

  /**
   * Where each lane's placements begin (index dir * 15 + line; entry 30: the placements' count).
   * The generator gives a lane's placements together, lanes in that order, and the pass comes
   * after them all.
   */
  readonly laneStart = new Int32Array(2 * BOARD_SIZE + 1);

  /** Indexes the lanes of a list just generated in full (`run` then `addPass`). */
  indexLanes(): void {
    const placements = this.count - 1;
    let i = 0;
    for (let k = 0; k < 2 * BOARD_SIZE; k++) {
      this.laneStart[k] = i;
      while (i < placements && (this.meta[i] & 1) * BOARD_SIZE + ((this.meta[i] >> 1) & 15) === k) i++;
    }
    this.laneStart[2 * BOARD_SIZE] = placements;
  }

  /**
   * Fills this list with the moves `gen` finds on `board` with `rack`, from `from`, a list of the
   * same generator and rack on a board a few squares away (a sibling's: the same position but
   * for the move before): the lanes the changed squares reach (`lanesChanged`) are generated
   * again, every other lane's moves copied (a lane's moves depend on its own squares, cross sets
   * and anchors alone). The records
   * and their order are those a full generation gives. Returns false, doing nothing, when `from`
   * does not fit (another generator or rack, or too many squares changed).
   */
  deriveFrom(from: MoveList, gen: MoveGenerator, board: Uint8Array, rack: Int8Array): boolean {
    if (from.source !== gen) return false;
    for (let c = 0; c < CODES; c++) if (from.rack[c] !== rack[c]) return false;
    const lanes = lanesChanged(from.board, board);
    if (lanes < 0) return false;
    const across = lanes & LANE_MASK;
    const down = lanes >>> BOARD_SIZE;
    this.reset();
    gen.setPosition(board, rack);
    // Lanes kept are copied a run of lanes at a time (from `copyFrom` up to the lane before k).
    let copyFrom = 0;
    for (let k = 0; k <= 2 * BOARD_SIZE; k++) {
      const dir = k < BOARD_SIZE ? 0 : 1;
      const bit = 1 << (k - dir * BOARD_SIZE);
      const reached = k < 2 * BOARD_SIZE && ((dir === 0 ? across : down) & bit) !== 0;
      if (!reached && k < 2 * BOARD_SIZE) continue;
      const a = from.laneStart[copyFrom];
      const b = from.laneStart[k];
      if (b > a) {
        const n = this.count;
        while (this.score.length < n + (b - a) + 1) this.grow();
        this.score.set(from.score.subarray(a, b), n);
        this.meta.set(from.meta.subarray(a, b), n);
        this.squares.set(from.squares.subarray(a * STRIDE, b * STRIDE), n * STRIDE);
        this.count = n + (b - a);
      }
      for (let j = copyFrom; j < k; j++) this.laneStart[j] = from.laneStart[j] - a + (this.count - (b - a));
      if (k === 2 * BOARD_SIZE) break;
      this.laneStart[k] = this.count;
      gen.runLanes(this, dir === 0 ? bit : 0, dir === 0 ? 0 : bit);
      copyFrom = k + 1;
    }
    this.laneStart[2 * BOARD_SIZE] = this.count;
    this.addPass();
    this.generatedFor(gen, board, rack);
    return true;
  }

  /** Orders the moves by `key` (decreasing, ties in generator order), lazily (`at`). */
  orderByKey(): void {
    const n = this.count;
    if (n > 65535) {
      const keys = this.key;
      this.order.set(Array.from({ length: n }, (_, i) => i).sort((a, b) => keys[b] - keys[a] || a - b));
      this.ready = n;
      return;
    }
    if (this.pending.length < n) this.pending = new Float64Array(this.key.length);
    const pending = this.pending;
    for (let i = 0; i < n; i++) pending[i] = (this.key[i] + KEY_OFFSET) * 65536 + (65535 - i);
    this.ready = 0;
  }

  /** The index of the j-th move in order (j < count), ordering as far as needed. */
  at(j: number): number {
    if (j < this.ready) return this.order[j];
    const n = this.count;
    const pending = this.pending;
    if (this.ready < LAZY_PICKS) {
      // One scan: the largest pending value moves to the front of the pending part.
      const r = this.ready;
      let m = r;
      for (let i = r + 1; i < n; i++) if (pending[i] > pending[m]) m = i;
      const v = pending[m];
      pending[m] = pending[r];
      pending[r] = v;
      this.order[r] = 65535 - (v % 65536);
      this.ready = r + 1;
      return j < this.ready ? this.order[j] : this.at(j);
    }
    // The rest at once, sorted natively as numbers.
    const rest = pending.subarray(this.ready, n);
    rest.sort();
    const k0 = this.ready;
    const len = rest.length;
    for (let k = 0; k < len; k++) this.order[k0 + k] = 65535 - (rest[len - 1 - k] % 65536);
    this.ready = n;
    return this.order[j];
  }

  grow(): void {
    const n = this.score.length * 2;
    const g = <T extends Int32Array | Uint8Array>(a: T, size: number): T => {
      const b = new (a.constructor as new (n: number) => T)(size);
      b.set(a);
      return b;
    };
    this.score = g(this.score, n);
    this.meta = g(this.meta, n);
    this.key = g(this.key, n);
    this.order = g(this.order, n);
    this.squares = g(this.squares, n * STRIDE);
  }

  accept(gen: MoveGenerator, start: number, end: number, score: number, used: number): void {
    if (this.count === this.score.length) this.grow();
    const i = this.count++;
    this.score[i] = score;
    this.meta[i] = gen.dir | (gen.line << 1) | (start << 5) | (end << 9) | (used << 13);
    const base = i * STRIDE;
    for (let p = start; p <= end; p++) this.squares[base + p - start] = gen.laneSquare(p);
  }

  /** A pass: meta -1. */
  addPass(): void {
    if (this.count === this.score.length) this.grow();
    const i = this.count++;
    this.score[i] = 0;
    this.meta[i] = -1;
  }

  /** A 32-bit signature of move i (the table's best move). */
  signature(i: number): number {
    const meta = this.meta[i];
    if (meta < 0) return 1;
    let h = Math.imul(meta ^ 0x9e3779b9, 0x85ebca6b);
    const base = i * STRIDE;
    const len = ((meta >> 9) & 15) - ((meta >> 5) & 15) + 1;
    for (let p = 0; p < len; p++) h = Math.imul(h ^ this.squares[base + p], 0xc2b2ae35) + 0x27d4eb2f;
    return h | 2; // never 0 (no move) nor 1 (the pass)
  }
}

/** The Zobrist keys (two 32-bit halves each), from a fixed seed: the same for every search, read only. */
interface ZobristKeys {
  readonly square: readonly Int32Array[];
  readonly rack: readonly Int32Array[];
  readonly run: readonly Int32Array[];
  readonly side: Int32Array;
}
let zobrist: ZobristKeys | undefined;

/** The keys, made once per process (a search would otherwise spend a large share of a short search making them). */
function zobristKeys(): ZobristKeys {
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
class SearchMemory {
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
function takeMemory(bits: number): SearchMemory {
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

/** The solver's state for one search (module header). */
class Solver {
  readonly gen: MoveGenerator;
  readonly board = new Uint8Array(SQUARES);
  readonly racks = [new Int8Array(CODES), new Int8Array(CODES)];
  readonly size = [0, 0];
  readonly value = [0, 0];
  side = 0;
  /** The search's runs of passes and scoreless turns: 0, or the last run (module header, "Runs of passes"). */
  passRun = 0;
  scorelessRun = 0;
  /** The runs of the game at the root (37.2, 37.3): what the line's passes are counted from. */
  readonly realPasses: number;
  readonly realScoreless: number;
  readonly rootBothZero: boolean;
  /** Whether nobody has scored yet (37.3 does not end a game at 0–0). */
  bothZero: boolean;
  readonly passLimit: number;
  readonly scorelessLimit: number;
  readonly lists: MoveList[];
  nodes = 0;
  /**
   * Whether the value the last `search` / `child` / `frontier` returned is proven: its bound (an
   * upper bound at or below alpha, a lower bound at or above beta, the value itself in between)
   * holds for the value of the game played to the end, not only for the search to its horizon.
   */
  proven = false;
  private readonly maxNodes: number;
  private readonly deadline: number;
  private readonly now: () => number;
  // Zobrist keys (two 32-bit halves).
  private readonly zSquare: readonly Int32Array[];
  private readonly zRack: readonly Int32Array[];
  private readonly zRun: readonly Int32Array[];
  private readonly zSide: Int32Array;
  hashA = 0;
  hashB = 0;
  // The table.
  private readonly mask: number;
  private readonly tKeyA: Int32Array;
  private readonly tKeyB: Int32Array;
  private readonly tValue: Int32Array;
  private readonly tDepth: Uint8Array;
  private readonly tFlag: Uint8Array;
  private readonly tBest: Int32Array;
  /** 1 when the position's only move is the pass (a forced pass: searched one ply deeper). */
  private readonly tOnly: Uint8Array;

  constructor(position: Position, opponent: readonly string[], options: EndgameOptions) {
    if (position.tileSet !== 'spanish') throw new AnalysisUnsupported({ messageId: 'analysis.spanish-only', args: {} });
    this.gen = generatorFor(graphOf(options.lexicon));
    this.gen.refused = refusedCodes(options.lexicon, position.rules);
    const z = zobristKeys();
    this.zSquare = z.square;
    this.zRack = z.rack;
    this.zRun = z.run;
    this.zSide = z.side;
    for (let s = 0; s < SQUARES; s++) {
      const cell = position.board[s];
      if (!cell) continue;
      const code = codeOf(cell.letter);
      if (code <= 0) throw new AnalysisUnsupported({ messageId: 'analysis.foreign-tile', args: { tile: cell.letter } });
      this.board[s] = code | (cell.blank ? BLANK_BIT : 0);
      this.toggleSquare(s, this.board[s]);
    }
    const load = (p: number, faces: readonly string[]): void => {
      for (const face of faces) {
        const code = codeOf(face);
        if (code < 0) throw new AnalysisUnsupported({ messageId: 'analysis.foreign-tile', args: { tile: face } });
        this.toggleRack(p, code);
        this.racks[p][code]++;
        this.toggleRack(p, code);
        this.size[p]++;
        this.value[p] += VALUES[code];
      }
    };
    load(0, position.rack);
    load(1, opponent);
    const naspa = position.rules === 'naspa';
    this.passLimit = naspa ? 6 : 4;
    this.scorelessLimit = position.rules === 'fise' ? 12 : Infinity;
    this.bothZero = position.scores[0] === 0 && position.scores[1] === 0;
    this.rootBothZero = this.bothZero;
    this.realPasses = Math.min(options.passes ?? 0, this.passLimit - 1);
    this.realScoreless = Math.max(this.realPasses, Math.min(options.scoreless ?? this.realPasses, 11));
    // The search's runs (module header, "Runs of passes"): the last run (the next pass ends the
    // game) or none.
    const last = this.realPasses + 1 >= this.passLimit || (this.realScoreless + 1 >= this.scorelessLimit && !this.bothZero);
    this.passRun = last ? this.passLimit - 1 : 0;
    this.scorelessRun = 0;
    this.toggleRuns();
    this.maxNodes = options.maxNodes ?? 2_000_000;
    this.now = options.now ?? Date.now;
    this.deadline = options.timeLimitMs !== undefined ? this.now() + options.timeLimitMs : Infinity;
    const bits = options.tableBits ?? 20;
    const memory = takeMemory(bits);
    this.memory = memory;
    this.mask = (1 << bits) - 1;
    this.tKeyA = memory.keyA;
    this.tKeyB = memory.keyB;
    this.tValue = memory.value;
    this.tDepth = memory.depth;
    this.tFlag = memory.flag;
    this.tBest = memory.best;
    this.tOnly = memory.only;
    this.tMeta = memory.meta;
    this.tScore = memory.score;
    this.tSquares = memory.squares;
    this.lists = memory.lists;
    this.spares = memory.spares;
    this.tableLists = memory.tableLists;
  }

  /** The table and lists of this search (given back by `release` when it ends). */
  private readonly memory: SearchMemory;

  /** Ends the search: its arrays may serve the next one. */
  release(): void {
    this.memory.busy = false;
  }

  private toggleSquare(s: number, v: number): void {
    const z = this.zSquare[s];
    this.hashA ^= z[v * 2];
    this.hashB ^= z[v * 2 + 1];
  }

  /** XORs the key of player p's count of `code` (call before and after changing it). */
  private toggleRack(p: number, code: number): void {
    const n = this.racks[p][code];
    if (n === 0) return;
    const z = this.zRack[p];
    const k = (code * 8 + Math.min(n, 7)) * 2;
    this.hashA ^= z[k];
    this.hashB ^= z[k + 1];
  }

  private toggleRuns(): void {
    this.hashA ^= this.zRun[0][this.passRun * 2] ^ this.zRun[1][this.scorelessRun * 2];
    this.hashB ^= this.zRun[0][this.passRun * 2 + 1] ^ this.zRun[1][this.scorelessRun * 2 + 1];
  }

  private toggleSide(): void {
    this.side ^= 1;
    this.hashA ^= this.zSide[0];
    this.hashB ^= this.zSide[1];
  }

  list(ply: number): MoveList {
    while (this.lists.length <= ply) this.lists.push(new MoveList());
    return this.lists[ply];
  }

  /** Per ply, the list a derived list is written into (then swapped with the ply's list). */
  private readonly spares: MoveList[];

  private spare(ply: number): MoveList {
    while (this.spares.length <= ply) this.spares.push(new MoveList());
    return this.spares[ply];
  }

  /** Every move of the side to move into the ply's list, ordered (pass included). */
  generate(ply: number, best: number): MoveList {
    let list = this.list(ply);
    const gen = this.gen;
    const rack = this.racks[this.side];
    // The moves depend on the board and the rack alone: a list that holds them (the root's, asked
    // again by each iteration and by the reading of its line) is ordered again, not generated.
    if (!list.holds(gen, this.board, rack)) {
      // A sibling's list (the last one generated at this ply) differs in the lanes that the two
      // moves before reached: the others are copied (`deriveFrom`).
      const spare = this.spare(ply);
      if (spare.deriveFrom(list, gen, this.board, rack)) {
        this.lists[ply] = spare;
        this.spares[ply] = list;
        list = spare;
      } else {
        list.reset();
        gen.setPosition(this.board, rack);
        gen.run(list);
        list.addPass();
        list.indexLanes();
        list.generatedFor(gen, this.board, rack);
      }
    }
    const out = this.size[this.side];
    const bonus = 2 * this.value[this.side ^ 1];
    const n = list.count;
    for (let i = 0; i < n; i++) {
      const meta = list.meta[i];
      let k: number;
      if (meta < 0)
        k = -1000; // the pass after every placement (but before nothing)
      else {
        const used = meta >>> 13;
        // Tiles played count 24 points each: a rack emptied sooner ends the game on the player's
        // terms; the ordering that needed the fewest nodes on the benchmark's positions.
        k = (list.score[i] + TILE_WEIGHT * used) * 8 + (used === out ? bonus * 8 + 100000 : 0);
      }
      if (best !== 0 && list.signature(i) === best) k = 10_000_000;
      list.key[i] = k;
    }
    list.orderByKey();
    return list;
  }

  /** Plays move i of list (a placement): board, rack, hash, runs, side. Returns the undo token. */
  apply(list: MoveList, i: number): void {
    const meta = list.meta[i];
    const p = this.side;
    this.toggleRuns();
    const undoRuns = this.passRun | (this.scorelessRun << 4) | (this.bothZero ? 256 : 0);
    this.undoStack.push(undoRuns);
    if (meta < 0) {
      // A pass that does not end the game leads to the last run (module header, "Runs of passes").
      this.passRun = this.passLimit - 1;
      this.lastAcross = 0;
      this.lastDown = 0;
    } else {
      const dir = meta & 1;
      const line = (meta >> 1) & 15;
      const start = (meta >> 5) & 15;
      const end = (meta >> 9) & 15;
      const base = i * STRIDE;
      const rack = this.racks[p];
      for (let q = start; q <= end; q++) {
        const v = list.squares[base + q - start];
        if ((v & NEW_BIT) === 0) continue;
        const tile = v & (CODE_MASK | BLANK_BIT);
        const s = laneSquareIndex(dir, line, q);
        this.board[s] = tile;
        this.toggleSquare(s, tile);
        const code = (tile & BLANK_BIT) !== 0 ? BLANK : tile;
        this.toggleRack(p, code);
        rack[code]--;
        this.toggleRack(p, code);
        this.size[p]--;
        this.value[p] -= VALUES[code];
      }
      this.passRun = 0;
      this.scorelessRun = 0;
      if (list.score[i] > 0) this.bothZero = false;
      this.markLanes(list, i);
    }
    this.toggleRuns();
    this.toggleSide();
  }

  /** Rows (`lastAcross`) and columns (`lastDown`) whose moves the last placement can have changed. */
  lastAcross = 0;
  lastDown = 0;

  /**
   * The lanes placement i of list reached (the board already holds it): each new tile's row and
   * column, and for the first empty square past the run of tiles on either side of it, that
   * square's other lane (its cross set or anchor may have changed: movegen.ts `updateBoard`).
   * Every other lane holds the same squares, cross sets and anchors as before the move.
   */
  private markLanes(list: MoveList, i: number): void {
    const meta = list.meta[i];
    const dir = meta & 1;
    const line = (meta >> 1) & 15;
    const start = (meta >> 5) & 15;
    const end = (meta >> 9) & 15;
    const base = i * STRIDE;
    let lanes = 0;
    for (let q = start; q <= end; q++) {
      if ((list.squares[base + q - start] & NEW_BIT) === 0) continue;
      lanes |= laneReach(this.board, laneSquareIndex(dir, line, q));
    }
    this.lastAcross = lanes & LANE_MASK;
    this.lastDown = lanes >>> BOARD_SIZE;
  }

  private readonly undoStack: number[] = [];

  /** The state to go back to after a search stopped half-way (the limits). */
  snapshot(): () => void {
    const board = this.board.slice();
    const racks = this.racks.map((r) => r.slice());
    const size = this.size.slice();
    const value = this.value.slice();
    const { side, passRun, scorelessRun, bothZero, hashA, hashB } = this;
    return () => {
      this.board.set(board);
      racks.forEach((r, p) => this.racks[p].set(r));
      size.forEach((n, p) => (this.size[p] = n));
      value.forEach((n, p) => (this.value[p] = n));
      Object.assign(this, { side, passRun, scorelessRun, bothZero, hashA, hashB });
      this.undoStack.length = 0;
    };
  }

  undo(list: MoveList, i: number): void {
    this.toggleSide();
    const meta = list.meta[i];
    const p = this.side;
    this.toggleRuns();
    const runs = this.undoStack.pop()!;
    this.passRun = runs & 15;
    this.scorelessRun = (runs >> 4) & 15;
    this.bothZero = (runs & 256) !== 0;
    if (meta >= 0) {
      const dir = meta & 1;
      const line = (meta >> 1) & 15;
      const start = (meta >> 5) & 15;
      const end = (meta >> 9) & 15;
      const base = i * STRIDE;
      const rack = this.racks[p];
      for (let q = start; q <= end; q++) {
        const v = list.squares[base + q - start];
        if ((v & NEW_BIT) === 0) continue;
        const tile = v & (CODE_MASK | BLANK_BIT);
        const s = laneSquareIndex(dir, line, q);
        this.toggleSquare(s, tile);
        this.board[s] = 0;
        const code = (tile & BLANK_BIT) !== 0 ? BLANK : tile;
        this.toggleRack(p, code);
        rack[code]++;
        this.toggleRack(p, code);
        this.size[p]++;
        this.value[p] += VALUES[code];
      }
    }
    this.toggleRuns();
  }

  /**
   * The value of move i for the side to move when it ends the game, else NaN: going out (+2R of
   * the opponent's rack), or the pass that completes a run (each player loses the own rack).
   */
  terminal(list: MoveList, i: number): number {
    const meta = list.meta[i];
    const p = this.side;
    if (meta < 0) return this.passEnds() ? this.value[p ^ 1] - this.value[p] : NaN;
    if (meta >>> 13 === this.size[p]) return list.score[i] + 2 * this.value[p ^ 1];
    return NaN;
  }

  /** Whether the node limit applies (not while a completed iteration's line is read: only the time limit does). */
  nodeLimit = true;

  private checkLimits(): void {
    if (this.nodeLimit && this.nodes >= this.maxNodes) throw ABORT;
    if ((this.nodes & 1023) === 0 && this.deadline !== Infinity && this.now() >= this.deadline) throw ABORT;
  }

  /** Whether a pass now ends the game (37.2, 37.3; NASPA zeros). */
  passEnds(): boolean {
    return this.passRun + 1 >= this.passLimit;
  }

  private frontierBest = 0;
  private frontierBeta = 0;
  /** Whether `frontierBest` is a move that goes out (an end of the game: its value is proven). */
  private frontierOut = false;
  private readonly frontierSink: PlacementSink = {
    accept: (gen: MoveGenerator, _start: number, _end: number, score: number, used: number): void => {
      const out = used === this.size[this.side];
      const v = out ? score + 2 * this.value[this.side ^ 1] : score;
      if (v > this.frontierBest) {
        this.frontierBest = v;
        this.frontierOut = out;
        if (v >= this.frontierBeta) gen.stopped = true;
      }
    },
  };

  /**
   * Per ply, for a node two plies above the horizon: the opponent's best placement score per lane
   * (index dir * 15 + line) on the node's board, apart for the moves that go out (whose +2R
   * depends on the mover's rack, which the move in between changes). Filled once the node has a
   * second child to search (a cut after the first child does not pay for it).
   */
  private readonly laneStay: Int32Array[] = [];
  private readonly laneOut: Int32Array[] = [];
  private readonly laneReady: boolean[] = [];
  private laneTarget = 0;
  private readonly laneSink: PlacementSink = {
    accept: (gen: MoveGenerator, _start: number, _end: number, score: number, used: number): void => {
      const k = gen.dir * BOARD_SIZE + gen.line;
      const table = used === this.size[this.side ^ 1] ? this.laneOut[this.laneTarget] : this.laneStay[this.laneTarget];
      if (score > table[k]) table[k] = score;
    },
  };

  /** Per ply, the board and rack the lane tables were last filled for (`laneFor`: whether they are). */
  private readonly laneBoard: Uint8Array[] = [];
  private readonly laneRack: Int8Array[] = [];
  private readonly laneFor: boolean[] = [];

  /**
   * Fills the lane tables of ply `ply` for the opponent of the side to move, on this board. Tables
   * last filled for the same rack on a board a few squares away (a sibling's) are kept but for the
   * lanes the changed squares reach (`lanesChanged`), which are generated again.
   */
  prepareLanes(ply: number): void {
    while (this.laneStay.length <= ply) {
      this.laneStay.push(new Int32Array(2 * BOARD_SIZE));
      this.laneOut.push(new Int32Array(2 * BOARD_SIZE));
      this.laneReady.push(false);
      this.laneBoard.push(new Uint8Array(SQUARES));
      this.laneRack.push(new Int8Array(CODES));
      this.laneFor.push(false);
    }
    const rack = this.racks[this.side ^ 1];
    const stay = this.laneStay[ply];
    const out = this.laneOut[ply];
    let lanes = -1;
    if (this.laneFor[ply]) {
      const was = this.laneRack[ply];
      let same = true;
      for (let c = 0; c < CODES; c++) if (was[c] !== rack[c]) same = false;
      if (same) lanes = lanesChanged(this.laneBoard[ply], this.board);
    }
    this.laneTarget = ply;
    this.gen.setPosition(this.board, rack);
    if (lanes < 0) {
      stay.fill(0);
      out.fill(-INF);
      this.gen.run(this.laneSink);
    } else {
      const across = lanes & LANE_MASK;
      const down = lanes >>> BOARD_SIZE;
      for (let k = 0; k < 2 * BOARD_SIZE; k++) {
        if ((((k < BOARD_SIZE ? across : down) >> (k < BOARD_SIZE ? k : k - BOARD_SIZE)) & 1) === 0) continue;
        stay[k] = 0;
        out[k] = -INF;
      }
      this.gen.runLanes(this.laneSink, across, down);
    }
    this.laneBoard[ply].set(this.board);
    this.laneRack[ply].set(rack);
    this.laneFor[ply] = true;
    this.laneReady[ply] = true;
  }

  /**
   * A node one ply above the horizon: the best of the pass (0 at the horizon; on the last run the
   * end of the game) and each placement's score (+2R when it goes out), the walk stopping at the
   * first that reaches `beta`. The value is a horizon value (`proven` false), except a cut by an
   * end of the game (going out, the last pass): a proven lower bound. When the parent's lane tables are ready,
   * the lanes the parent's move did not reach are read from them and only the others are
   * generated (nothing at all once the tables reach `beta`).
   */
  frontier(beta: number, ply: number): number {
    // The pass: the end of the game on the last run (proven), else a horizon leaf worth 0.
    const passEnd = this.passEnds();
    let best = passEnd ? this.value[this.side ^ 1] - this.value[this.side] : 0;
    let bestOut = passEnd;
    let across = -1;
    let down = -1;
    if (ply > 0 && this.laneReady[ply - 1] === true) {
      const stay = this.laneStay[ply - 1];
      const out = this.laneOut[ply - 1];
      const bonus = 2 * this.value[this.side ^ 1];
      across = this.lastAcross;
      down = this.lastDown;
      for (let k = 0; k < 2 * BOARD_SIZE; k++) {
        const bit = 1 << (k < BOARD_SIZE ? k : k - BOARD_SIZE);
        if (((k < BOARD_SIZE ? across : down) & bit) !== 0) continue;
        const outValue = out[k] + bonus;
        if (stay[k] > best && stay[k] >= outValue) {
          best = stay[k];
          bestOut = false;
        } else if (outValue > best) {
          best = outValue;
          bestOut = true;
        }
      }
      if (best >= beta) {
        this.proven = bestOut;
        return best;
      }
    }
    this.frontierBest = best;
    this.frontierOut = bestOut;
    this.frontierBeta = beta;
    this.gen.setPosition(this.board, this.racks[this.side]);
    if (across === -1) this.gen.run(this.frontierSink);
    else this.gen.runLanes(this.frontierSink, across, down);
    this.proven = this.frontierOut && this.frontierBest >= beta;
    return this.frontierBest;
  }

  /**
   * The table's slot of this position: of the two slots of its bucket, the one that holds it, else
   * the one to replace (the shallower: a proven entry gives way to another proven entry only).
   */
  private slotOf(): number {
    const base = this.hashA & this.mask & ~1;
    const hashA = this.hashA;
    const hashB = this.hashB;
    if (this.tKeyA[base] === hashA && this.tKeyB[base] === hashB) return base;
    if (this.tKeyA[base + 1] === hashA && this.tKeyB[base + 1] === hashB) return base + 1;
    return this.tDepth[base] <= this.tDepth[base + 1] ? base : base + 1;
  }

  /** Negamax with alpha-beta (module header); `limited`: the node and time limits apply. */
  search(depth: number, alpha: number, beta: number, ply: number, limited: boolean): number {
    this.nodes++;
    if (limited) this.checkLimits();
    const slot = this.slotOf();
    let ttBest = 0;
    // Whether the pass is the side's only move here (known from an earlier generation).
    let only = 0;
    if (this.tKeyA[slot] === this.hashA && this.tKeyB[slot] === this.hashB) {
      ttBest = this.tBest[slot];
      only = this.tOnly[slot];
      const d = this.tDepth[slot];
      if (d >= depth) {
        const v = this.tValue[slot];
        const flag = this.tFlag[slot];
        let hit = false;
        if (flag === FLAG_EXACT) hit = true;
        else if (flag === FLAG_LOWER && v >= beta) hit = true;
        else if (flag === FLAG_UPPER && v <= alpha) hit = true;
        if (hit) {
          this.proven = d === EXACT_DEPTH;
          return v;
        }
      }
    }
    if (depth <= 1) {
      // Kept in the table too (depth 1, never exact): transpositions reach the same frontier.
      const v = this.frontier(beta, ply);
      this.tKeyA[slot] = this.hashA;
      this.tKeyB[slot] = this.hashB;
      this.tValue[slot] = v;
      this.tDepth[slot] = this.proven ? EXACT_DEPTH : 1;
      this.tFlag[slot] = v >= beta ? FLAG_LOWER : FLAG_EXACT;
      this.tBest[slot] = ttBest;
      this.tOnly[slot] = only;
      return v;
    }
    const alpha0 = alpha;
    // Proven: a cut by a proven child, or every child proven (`proven`).
    let allProven = true;
    let cutProven = false;
    let best = -INF;
    let bestSig = 0;
    let bestList: MoveList | undefined;
    let bestIndex = 0;
    let searched = 0;
    // The table's best move first, before any generation: when it cuts, the node costs no
    // generation at all (most nodes of a well-ordered search).
    // A forced pass (no placement at all) is searched one ply deeper: it takes no decision, and a
    // stuck player's passes would otherwise eat the depth.
    const tried = ttBest !== 0 ? this.tableMove(slot, ply) : undefined;
    const forced = only === 1 && tried !== undefined && tried.meta[0] < 0;
    if (tried) {
      best = this.child(tried, 0, forced ? depth + 1 : depth, alpha, beta, ply, limited, true);
      allProven = this.proven;
      cutProven = this.proven;
      bestSig = ttBest;
      bestList = tried;
      searched++;
      if (best > alpha) alpha = best;
    }
    if (alpha < beta && !forced) {
      const list = this.generate(ply, 0);
      const n = list.count;
      only = n === 1 ? 1 : 0;
      const childDepth = n === 1 && depth >= 2 ? depth + 1 : depth;
      for (let j = 0; j < n; j++) {
        const i = list.at(j);
        if (tried && list.signature(i) === ttBest) continue;
        if (depth === 2 && searched > 0 && this.laneReady[ply] !== true) this.prepareLanes(ply);
        const v = this.child(list, i, childDepth, alpha, beta, ply, limited, searched === 0);
        if (!this.proven) allProven = false;
        searched++;
        if (v > best) {
          best = v;
          bestSig = list.signature(i);
          bestList = list;
          bestIndex = i;
          if (v > alpha) alpha = v;
          if (alpha >= beta) {
            cutProven = this.proven;
            break;
          }
        }
      }
    }
    if (depth === 2) this.laneReady[ply] = false;
    this.tKeyA[slot] = this.hashA;
    this.tKeyB[slot] = this.hashB;
    this.tValue[slot] = best;
    const proven = best >= beta ? cutProven : allProven;
    this.proven = proven;
    this.tDepth[slot] = proven ? EXACT_DEPTH : depth;
    this.tFlag[slot] = best <= alpha0 ? FLAG_UPPER : best >= beta ? FLAG_LOWER : FLAG_EXACT;
    this.tBest[slot] = bestSig;
    this.tOnly[slot] = only;
    if (bestList) this.keepMove(slot, bestList, bestIndex);
    return best;
  }

  /**
   * The value of move i of list for the side to move at a node searched `depth` plies with
   * window (alpha, beta): its end-of-game value, its points at the horizon, or its points minus
   * the opponent's best after it (principal variation search: a move after the first is tried
   * with a null window, searched again with the full window only when it beats alpha).
   */
  private child(
    list: MoveList,
    i: number,
    depth: number,
    alpha: number,
    beta: number,
    ply: number,
    limited: boolean,
    first: boolean,
  ): number {
    const t = this.terminal(list, i);
    if (!Number.isNaN(t)) {
      this.proven = true;
      return t;
    }
    const score = list.score[i];
    if (depth <= 1) {
      this.proven = false; // the horizon: nothing counted beyond
      return score;
    }
    this.apply(list, i);
    let v: number;
    if (first || beta - alpha <= 1) v = score - this.search(depth - 1, score - beta, score - alpha, ply + 1, limited);
    else {
      v = score - this.search(depth - 1, score - alpha - 1, score - alpha, ply + 1, limited);
      if (v > alpha && v < beta) v = score - this.search(depth - 1, score - beta, score - alpha, ply + 1, limited);
    }
    this.undo(list, i);
    return v;
  }

  /** The table's move records (beside `tBest`): meta, points and squares of each slot's best move. */
  private readonly tMeta: Int32Array;
  private readonly tScore: Int32Array;
  private readonly tSquares: Uint8Array;
  private readonly tableLists: MoveList[];

  private keepMove(slot: number, list: MoveList, i: number): void {
    const meta = list.meta[i];
    this.tMeta[slot] = meta;
    this.tScore[slot] = list.score[i];
    if (meta >= 0) this.tSquares.set(list.squares.subarray(i * STRIDE, i * STRIDE + STRIDE), slot * STRIDE);
  }

  /**
   * The table's best move of this node as a one-move list of ply `ply`, or undefined when the
   * record does not fit the position (another position's record in the slot: its squares taken or
   * its tiles not on the rack).
   */
  private tableMove(slot: number, ply: number): MoveList | undefined {
    if (this.tBest[slot] === 0) return undefined;
    while (this.tableLists.length <= ply) this.tableLists.push(new MoveList());
    const one = this.tableLists[ply];
    one.reset();
    const meta = this.tMeta[slot];
    if (meta < 0) {
      if (this.tBest[slot] !== 1) return undefined;
      one.addPass();
      return one;
    }
    const dir = meta & 1;
    const line = (meta >> 1) & 15;
    const start = (meta >> 5) & 15;
    const end = (meta >> 9) & 15;
    const rack = this.racks[this.side];
    const need = this.need;
    need.fill(0);
    for (let q = start; q <= end; q++) {
      const v = this.tSquares[slot * STRIDE + q - start];
      const s = laneSquareIndex(dir, line, q);
      if ((v & NEW_BIT) === 0) {
        if (this.board[s] !== v) return undefined;
        continue;
      }
      if (this.board[s] !== 0) return undefined;
      const code = (v & BLANK_BIT) !== 0 ? BLANK : v & CODE_MASK;
      if (++need[code] > rack[code]) return undefined;
    }
    one.count = 1;
    one.meta[0] = meta;
    one.score[0] = this.tScore[slot];
    one.squares.set(this.tSquares.subarray(slot * STRIDE, slot * STRIDE + STRIDE), 0);
    return one.signature(0) === this.tBest[slot] ? one : undefined;
  }

  private readonly need = new Int8Array(CODES);

  /**
   * The root of an iteration: every move with a full window; the best move and value, proven
   * when every move's value is (the best one's exactly, the others' as upper bounds).
   */
  root(
    depth: number,
    ply: number,
    limited: boolean,
    preferred: number,
    aspiration?: number,
  ): { value: number; index: number; list: MoveList; proven: boolean } {
    this.nodes++;
    this.laneReady.fill(false); // a search stopped half-way leaves none ready
    const list = this.generate(ply, preferred);
    // A forced pass is searched one ply deeper (as in `search`).
    if (list.count === 1 && depth >= 2) depth++;
    let best = -INF;
    let index = -1;
    let alpha = -INF;
    let proven = true;
    for (let j = 0; j < list.count; j++) {
      const i = list.at(j);
      let v = this.terminal(list, i);
      if (Number.isNaN(v)) {
        if (depth <= 1) {
          v = list.score[i];
          proven = false;
        } else {
          if (depth === 2 && j > 0 && this.laneReady[ply] !== true) this.prepareLanes(ply);
          const score = list.score[i];
          this.apply(list, i);
          if (best === -INF) {
            // The first move (the previous iteration's best): an aspiration window around the
            // previous value, searched again with the full window when the value falls outside.
            if (aspiration !== undefined) {
              const lo = aspiration - ASPIRATION;
              const hi = aspiration + ASPIRATION;
              v = score - this.search(depth - 1, score - hi, score - lo, ply + 1, limited);
              if (v <= lo || v >= hi) v = score - this.search(depth - 1, -INF, INF, ply + 1, limited);
            } else v = score - this.search(depth - 1, -INF, INF, ply + 1, limited);
          } else {
            v = score - this.search(depth - 1, score - alpha - 1, score - alpha, ply + 1, limited);
            if (v > alpha) v = score - this.search(depth - 1, -INF, score - alpha, ply + 1, limited);
          }
          if (!this.proven) proven = false;
          this.undo(list, i);
        }
      }
      if (v > best) {
        best = v;
        index = i;
        alpha = v;
      }
    }
    if (depth === 2) this.laneReady[ply] = false;
    return { value: best, index, list, proven };
  }

  /** Move i of list as a `Move` (moves.ts form). */
  moveOf(list: MoveList, i: number): Move {
    const meta = list.meta[i];
    if (meta < 0) return passMove();
    const dir = meta & 1;
    const line = (meta >> 1) & 15;
    const start = (meta >> 5) & 15;
    const end = (meta >> 9) & 15;
    const squares = Array.from(list.squares.subarray(i * STRIDE, i * STRIDE + end - start + 1));
    const score = list.score[i];
    return {
      kind: 'play',
      direction: dir === 0 ? 'across' : 'down',
      row: dir === 0 ? line : start,
      col: dir === 0 ? start : line,
      squares,
      score,
      equity: score,
      leave: [],
      used: meta >>> 13,
    };
  }
}

/**
 * Solves the endgame of `position` (bag empty; the mover's rack in `position.rack`) against the
 * opponent's rack `opponent` (faces). See the module header for the method and the limits.
 */
export function solveEndgame(position: Position, opponent: readonly string[], options: EndgameOptions): EndgameResult {
  if (position.bag !== 0) throw new AnalysisUnsupported({ messageId: 'deep.endgame-bag', args: { bag: position.bag } });
  const solver = new Solver(position, opponent, options);
  try {
    const maxDepth = Math.min(options.maxDepth ?? MAX_PLIES, MAX_PLIES);
    let done: (LineStart & { value: number }) | undefined;
    let found: { line: Move[]; end: EndgameResult['end'] } | undefined;
    let preferred = 0;
    const restore = solver.snapshot();
    for (let depth = 1; depth <= maxDepth; depth++) {
      let got: { value: number; index: number; list: MoveList; proven: boolean };
      try {
        got = solver.root(depth, 0, depth > 1, preferred, done?.value);
      } catch (e) {
        if (e instanceof Abort) {
          restore();
          break;
        }
        throw e;
      }
      preferred = got.list.signature(got.index);
      const exact = got.proven;
      done = { value: got.value, depth, exact, first: preferred, move: solver.moveOf(got.list, got.index) };
      // The line of an unproven iteration is read at once, while the table still holds it: read
      // after a deeper search stopped half-way, it would cost a search of its own past the limit.
      // A solved line is read after the loop (to the end of the game), or not at all (`firstOnly`).
      found = !exact ? lineOf(solver, done) : options.firstOnly ? firstMoveOf(solver, got.list, got.index) : undefined;
      if (options.onIteration) {
        const nodes = solver.nodes;
        if (!found) found = lineOf(solver, done); // a solved line read to the end, once (as below)
        options.onIteration({ depth, spread: got.value, nodes, exact, line: found.line, end: found.end });
      }
      if (exact) break;
    }
    if (!done) throw new Error('endgame: the first iteration did not complete');
    const { line, end } = found ?? lineOf(solver, done);
    return { spread: done.value, line, exact: done.exact, depth: done.depth, nodes: solver.nodes, end };
  } finally {
    solver.release();
  }
}

/** A line of one move: move i of the root's list (`firstOnly`). */
function firstMoveOf(solver: Solver, list: MoveList, i: number): { line: Move[]; end: EndgameResult['end'] } {
  const end: EndgameResult['end'] | 'pass' = Number.isNaN(solver.terminal(list, i)) ? 'horizon' : list.meta[i] >= 0 ? 'out' : 'pass';
  const line = [solver.moveOf(list, i)];
  return end === 'pass' ? passedOut(solver, line) : { line, end };
}

/**
 * A line that ends by passing, as the game plays it: the search ends a run of passes one pass
 * after it began (module header, "Runs of passes"), the game after 37.2's four passes (NASPA: six
 * scoreless turns) or 37.3's twelve scoreless turns. The line gets the passes the game still
 * needs, each as good as the one before it (the position does not change), and its end is named
 * by the rule that ends it.
 */
function passedOut(solver: Solver, line: Move[]): { line: Move[]; end: EndgameResult['end'] } {
  let passes = solver.realPasses;
  let scoreless = solver.realScoreless;
  let bothZero = solver.rootBothZero;
  for (const move of line) {
    if (move.kind === 'pass') {
      passes++;
      scoreless++;
    } else {
      passes = 0;
      scoreless = 0;
      if (move.score > 0) bothZero = false;
    }
  }
  const ended = (): boolean => passes >= solver.passLimit || (scoreless >= solver.scorelessLimit && !bothZero);
  while (!ended()) {
    line.push(passMove());
    passes++;
    scoreless++;
  }
  return { line, end: passes >= solver.passLimit ? 'passes' : 'scoreless' };
}

/** A completed iteration, as its line is read from: its depth, exactness and first move. */
interface LineStart {
  readonly depth: number;
  readonly exact: boolean;
  /** The first move's signature, and the move. */
  readonly first: number;
  readonly move: Move;
}

/**
 * The line of a completed iteration: the best move of each position along it, found again with
 * the table's help. When solved, each position of the line is searched until its value is proven
 * too (its best move is then a best move of the game to the end, and the line reaches the end of
 * the game). The solver's position is left as it was.
 */
function lineOf(solver: Solver, done: LineStart): { line: Move[]; end: EndgameResult['end'] } {
  const line: Move[] = [];
  let end: 'out' | 'pass' | 'horizon' = 'horizon';
  const played: { list: MoveList; index: number }[] = [];
  const restore = solver.snapshot();
  solver.nodeLimit = false;
  for (let ply = 0, depth = done.depth; depth >= 1 && ply < MAX_PLIES; ply++, depth--) {
    let got: ReturnType<Solver['root']>;
    try {
      got = solver.root(depth, ply, true, ply === 0 ? done.first : 0);
      while (done.exact && !got.proven && depth < MAX_PLIES) got = solver.root(++depth, ply, true, got.list.signature(got.index));
    } catch (e) {
      if (!(e instanceof Abort)) throw e;
      // The time limit came while the line was read (its table entries overwritten): the line
      // stops there, at the horizon, and holds the iteration's first move at least.
      restore();
      solver.nodeLimit = true;
      return { line: line.length > 0 ? line : [done.move], end: 'horizon' };
    }
    const i = got.index;
    const move = solver.moveOf(got.list, i);
    const t = solver.terminal(got.list, i);
    line.push(move);
    if (!Number.isNaN(t)) {
      end = got.list.meta[i] >= 0 ? 'out' : 'pass';
      break;
    }
    solver.apply(got.list, i);
    played.push({ list: got.list, index: i });
  }
  for (let k = played.length - 1; k >= 0; k--) solver.undo(played[k].list, played[k].index);
  solver.nodeLimit = true;
  return end === 'pass' ? passedOut(solver, line) : { line, end };
}

/** The value of one move of the mover: its points, then the opponent's best from the position after it. */
export interface MoveValue {
  /** Spread of the mover from this position to the end when `move` is played and both play on best. */
  readonly spread: number;
  /** The best continuation after the move (the opponent first); empty when the move ends the game. */
  readonly line: readonly EndgameMove[];
  readonly exact: boolean;
  /** Search nodes spent (0 when the move ends the game). */
  readonly nodes: number;
}

/**
 * The value of `move` (a placement or the pass, as the generator writes moves) in the endgame of
 * `position` against `opponent`, under the same rules as `solveEndgame` (`solve`: the search of the
 * position after the move, `solveEndgame` or one that answers it from a memo).
 */
export function endgameMoveValue(
  position: Position,
  opponent: readonly string[],
  move: Move,
  options: EndgameOptions,
  solve: typeof solveEndgame = solveEndgame,
): MoveValue {
  if (position.tileSet !== 'spanish') throw new AnalysisUnsupported({ messageId: 'analysis.spanish-only', args: {} });
  const passes = options.passes ?? 0;
  const naspa = position.rules === 'naspa';
  if (move.kind === 'pass') {
    if (passes + 1 >= (naspa ? 6 : 4)) return { spread: rackValue(opponent) - rackValue(position.rack), line: [], exact: true, nodes: 0 };
    const after = solve({ ...position, rack: opponent, scores: [position.scores[1], position.scores[0]] }, position.rack, {
      ...options,
      passes: passes + 1,
      scoreless: (options.scoreless ?? passes) + 1,
    });
    return { spread: -after.spread, line: after.line, exact: after.exact, nodes: after.nodes };
  }
  const { board, left } = afterPlacement(position, move);
  if (left.length === 0) return { spread: move.score + 2 * rackValue(opponent), line: [], exact: true, nodes: 0 };
  const scores: [number, number] = [position.scores[1], position.scores[0] + move.score];
  const after = solve({ ...position, board, rack: opponent, scores }, left, { ...options, passes: 0, scoreless: 0 });
  return { spread: move.score - after.spread, line: after.line, exact: after.exact, nodes: after.nodes };
}

/** The sum of the face values of `faces` (the blank 0). */
export function rackValue(faces: readonly string[]): number {
  let sum = 0;
  for (const f of faces) sum += VALUES[codeOf(f)] ?? 0;
  return sum;
}

/** The board after placement `move` (its new tiles) and what is left of `position.rack`. */
export function afterPlacement(position: Position, move: Move): { board: Position['board']; left: string[] } {
  const board = position.board.slice();
  const left = position.rack.slice();
  const across = move.direction === 'across';
  move.squares.forEach((v, i) => {
    if ((v & NEW_BIT) === 0) return;
    const blank = (v & BLANK_BIT) !== 0;
    const code = v & CODE_MASK;
    const row = across ? move.row : move.row + i;
    const col = across ? move.col + i : move.col;
    board[row * BOARD_SIZE + col] = { letter: FACES[code], blank, turn: -1 };
    const k = left.indexOf(blank ? '?' : FACES[code]);
    if (k >= 0) left.splice(k, 1);
  });
  return { board, left };
}

/** Whether two moves are the same move (kind, place, direction and squares). */
export const sameMove = (a: Move, b: Move): boolean =>
  a.kind === b.kind &&
  a.row === b.row &&
  a.col === b.col &&
  a.direction === b.direction &&
  a.squares.length === b.squares.length &&
  a.squares.every((v, i) => v === b.squares[i]);
