/**
 * The endgame's search (endgame.ts has the method, the exactness and the line read from it): the
 * solver's state for one search (board, racks, hash, runs of passes, per-ply move lists and lane
 * tables, the table from endgame-table.ts) and its steps: generating and ordering a node's moves
 * (endgame-moves.ts), applying and undoing one, negamax with alpha-beta, the frontier bound, the
 * root with its aspiration window. The options and results a caller sees are defined here.
 *
 * Invariants: one solver per search, released when it ends; the position given is not modified;
 * a search stopped at its limits unwinds with `ABORT` and `snapshot()` puts the state back.
 *
 * Example:
 *   const solver = new Solver(position, opponent, { lexicon });
 *   const got = solver.root(3, 0, false, 0);   // the value and best move at 3 plies
 */
import { BOARD_SIZE } from '../engine/board';
import type { Lexicon } from '../lexicon/types';
import { LANE_MASK, laneReach, lanesChanged } from './endgame-lanes';
import { CODES, MoveList, STRIDE } from './endgame-moves';
import { EXACT_DEPTH, FLAG_EXACT, FLAG_LOWER, FLAG_UPPER, takeMemory, zobristKeys, type SearchMemory } from './endgame-table';
import { BLANK, BLANK_BIT, CODE_MASK, NEW_BIT, VALUES, codeOf, laneSquareIndex } from './movegen-codes';
import { generatorFor, type MoveGenerator, type PlacementSink } from './movegen';
import { graphOf, refusedCodes, AnalysisUnsupported, type Move } from './moves';
import type { Position } from './position';

const SQUARES = BOARD_SIZE * BOARD_SIZE;
/** More plies than any endgame can last (14 tiles, at most three passes between two placements). */
export const MAX_PLIES = 64;
const INF = 1_000_000;
/** Points a tile played counts for in the order of a node's moves (`Solver.generate`). */
const TILE_WEIGHT = 24;
/** Half the width of the root's aspiration window (points). */
const ASPIRATION = 12;

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
export const passMove = (): Move => ({
  kind: 'pass',
  direction: 'across',
  row: 0,
  col: 0,
  squares: [],
  score: 0,
  equity: 0,
  leave: [],
  used: 0,
});

/** Thrown to unwind a search at its limits: one instance, made once (no stack trace per search). */
export class Abort extends Error {}
const ABORT = new Abort('endgame search stopped at its limits');

/** The solver's state for one search (module header). */
export class Solver {
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
      this.moveTiles(list, i, p, 1);
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
   * square's other lane (its cross set or anchor may have changed: movegen-cross.ts `updateBoard`).
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
    if (meta >= 0) this.moveTiles(list, i, p, -1);
    this.toggleRuns();
  }

  /**
   * The new tiles of placement i of list put on the board and taken from player p's rack
   * (`sign` 1, `apply`), or taken off the board and given back (`sign` -1, `undo`); the hash
   * keys, the rack's size and its face value kept in step.
   */
  private moveTiles(list: MoveList, i: number, p: number, sign: number): void {
    const meta = list.meta[i];
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
      this.board[s] = sign > 0 ? tile : 0;
      this.toggleSquare(s, tile);
      const code = (tile & BLANK_BIT) !== 0 ? BLANK : tile;
      this.toggleRack(p, code);
      rack[code] -= sign;
      this.toggleRack(p, code);
      this.size[p] -= sign;
      this.value[p] -= sign * VALUES[code];
    }
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
