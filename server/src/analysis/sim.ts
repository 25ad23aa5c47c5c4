/**
 * Simulation (docs/deep-analysis.md "Simulation"): the best static candidates of a position are
 * each played out a few plies ahead against racks drawn from the unseen tiles, and ranked by the
 * mean of what the playouts gave them.
 *
 * One iteration = one deal: the unseen tiles (bag + opponent's rack, by tile tracking) shuffled by
 * a stream seeded from (seed, iteration index); the opponent's rack is the tiles the record shows
 * on it (`position.opponentTiles`, known-tiles.ts: a withdrawn play's tiles, a written rack) and
 * the first of the other tiles in that order, the bag the rest, drawn from the front. Every candidate simulated in that iteration is
 * played out on the same deal (common random numbers), so their differences are measured on the
 * same racks. A playout: the candidate, then `plies` moves, each side playing its best static
 * move (top-1 of the generator: score + leave value while the bag has tiles, the end-of-game term
 * once it is empty; exchanges as art. 24 allows them under the edition: `exchangeMinimumOf`, and
 * never more tiles than the bag holds; the pass). Its value, for the player to move:
 *   (points of the mover − points of the opponent over the playout)
 *   + (the leave term of the mover's last move − the leave term of the opponent's last move),
 * the leave term being what the static equity added to the move's score. A playout that ends the
 * game stops there and counts the end instead of the leave terms: going out with the bag empty
 * (37.4; 40.3 in the older editions; NASPA the same spread) is worth 2R of spread, R the value of
 * the other rack; four passes in a row (37.2 / 40.2; NASPA: six scoreless turns) and twelve
 * scoreless turns while someone has scored (37.3, current FISE) make each side lose its own rack.
 * Its win: with the game over, 1, ½ or 0 by the final spread; else `winProbability` (win-pct.ts)
 * for the side to move at the horizon, of the spread then (the scores + the playout's value) and
 * the tiles that side cannot see; the mover's chance is that or one minus it.
 *
 * Stopping rule (checked after every batch of `batch` iterations, from `minIterations` on):
 * the leader is the candidate still simulated with the highest mean; every other one is compared
 * with it on the iterations both ran (paired differences: the same deals). A candidate whose
 * difference is below zero at `pruneConfidence` (one-sided) is pruned: it is simulated no more.
 * The simulation stops when every candidate left is below the leader at `confidence`, at
 * `maxIterations`, at `timeLimitMs`, or when cancelled. The time limit and the cancellation are
 * also looked at before every playout, so a batch (the first one too: `minIterations` deals of
 * every candidate) is cut short when they come: the candidates are played one after the other,
 * so each keeps the deals played before the cut (a prefix of the batch's deals: the pairing by
 * deal holds) and the simulation ends there; a candidate the cut left without a deal is listed
 * last, with `iterations` 0.
 *
 * Invariants: pure (no fs, no threads; the clock is injected); the position is not modified; the
 * value of iteration i for a candidate depends only on the position, the candidate, the plies, the
 * seed and i, so the same seed gives the same answer however the iterations are spread over
 * threads (cli/shared/sim-runner.ts runs `PlayoutRunner` batches on worker threads; the decisions are
 * taken here, batch by batch, in iteration order). A time limit makes the answer depend on speed.
 *
 * Example:
 *   const r = simulate(position, { lexicon, plies: 2, maxIterations: 500, seed: 1 });
 *   r.candidates[0];   // { move, staticEquity: 31.2, equity: 18.4, interval: [16.9, 19.9], iterations: 500, … }
 */
import { BOARD_SIZE } from '../engine/board';
import { RACK_SIZE, TILE_SETS } from '../engine/tilesets';
import type { BoardCells } from '../engine/types';
import { gaddagOf } from '../lexicon/gaddag';
import type { Lexicon } from '../lexicon/types';
import { prepare, type Prepared } from './equity';
import type { LeaveEvaluator } from './leaves';
import type { Move } from './move';
import { BLANK, BLANK_BIT, CODE_MASK, FACES, MoveGenerator, NEW_BIT, VALUES, codeOf } from './movegen';
import { addNonPlacements, bestMoves, Collector, graphOf, refusedCodes } from './moves';
import { knownDeal } from './known-tiles';
import { unseenTiles, type Position } from './position';
import { mulberry32, shuffle } from './seeded-bag';
import { winProbability } from './win-pct';

export interface SimOptions {
  readonly lexicon: Lexicon;
  /** Leave values (default: the built-in table, as `bestMoves`). */
  readonly leaves?: LeaveEvaluator;
  /** Static candidates simulated (default 15; exchanges and the pass compete for a place). */
  readonly candidates?: number;
  /** The moves to simulate instead of the static top (e.g. the best ones plus the move played). */
  readonly moves?: readonly Move[];
  /** Moves played after the candidate in each playout (default 2: the reply and the next move). */
  readonly plies?: number;
  /** Most iterations (deals) per candidate (default 1 000). */
  readonly maxIterations?: number;
  /** Iterations before the stopping rule is first applied (default 100). */
  readonly minIterations?: number;
  /** Iterations between two applications of the stopping rule (default 32). */
  readonly batch?: number;
  /** Stop after this many milliseconds of `now` (default none), within one playout of the limit. */
  readonly timeLimitMs?: number;
  readonly now?: () => number;
  /** Seed of the deals (default 1). */
  readonly seed?: number;
  /** Confidence at which the leader must beat every other candidate to stop (default 0.95). */
  readonly confidence?: number;
  /** Confidence at which a candidate below the leader is pruned (default 0.99). */
  readonly pruneConfidence?: number;
  /** Passes in a row just before the position (37.2; default 0). */
  readonly passes?: number;
  /** Scoreless turns in a row just before the position (37.3; default `passes`). */
  readonly scoreless?: number;
  /**
   * Called after every batch; returning false stops the simulation (`stopped: 'cancelled'`), with
   * the figures of the iterations done.
   */
  readonly onProgress?: (progress: SimProgress) => boolean | void;
  /** Polled after every batch, as `onProgress`'s false. */
  readonly cancellation?: { readonly isCancellationRequested: boolean };
}

export interface SimProgress {
  /** Iterations (deals) done. */
  readonly iterations: number;
  readonly maxIterations: number;
  /** Candidates still simulated. */
  readonly active: number;
  readonly elapsedMs: number;
  /** Index (into the candidates) of the current leader. */
  readonly leader: number;
}

/** One candidate's figures. */
export interface SimCandidate {
  readonly move: Move;
  readonly staticEquity: number;
  /** Mean playout value (points, the player to move's point of view). */
  readonly equity: number;
  /** Standard deviation of the playout values. */
  readonly stdev: number;
  /** 95 % interval of the mean (at `confidence`): mean ± z · stdev / √iterations. */
  readonly interval: readonly [number, number];
  /** Mean chance of winning at the end of the playouts (0..1; win-pct.ts), the player to move's. */
  readonly winPct: number;
  /** Playouts run for this candidate. */
  readonly iterations: number;
  /** Whether it was pruned (simulated no more once clearly below the leader). */
  readonly pruned: boolean;
}

export type SimStop = 'separated' | 'iterations' | 'time' | 'cancelled';

export interface SimResult {
  /** Sorted by mean equity, best first. */
  readonly candidates: readonly SimCandidate[];
  /** Iterations (deals) done. */
  readonly iterations: number;
  /** Playouts run (iterations × candidates simulated in them). */
  readonly playouts: number;
  readonly stopped: SimStop;
  readonly plies: number;
  readonly seed: number;
  readonly confidence: number;
}

/** A range of iterations and the candidates (indices) simulated in them. */
export interface SimBatch {
  readonly from: number;
  readonly to: number;
  readonly active: readonly number[];
}

// ---------------------------------------------------------------------------------------------
// Statistics

/** The standard normal quantile (Acklam's rational approximation; |error| < 1.2e-9). */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) return p <= 0 ? -Infinity : Infinity;
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628274631];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  }
  if (p > 1 - low) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) /
    (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
  );
}

/** Mean and standard deviation of the first `n` values. */
function meanStdev(xs: Float64Array, n: number): { mean: number; stdev: number } {
  if (n === 0) return { mean: 0, stdev: 0 };
  let sum = 0;
  for (let i = 0; i < n; i++) sum += xs[i];
  const mean = sum / n;
  let ss = 0;
  for (let i = 0; i < n; i++) ss += (xs[i] - mean) * (xs[i] - mean);
  return { mean, stdev: n > 1 ? Math.sqrt(ss / (n - 1)) : 0 };
}

/** Lower bound at z of the mean of a − b over their first `n` (paired) values. */
function pairedLow(a: Float64Array, b: Float64Array, n: number, z: number): number {
  if (n < 2) return -Infinity;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += a[i] - b[i];
  const mean = sum / n;
  let ss = 0;
  for (let i = 0; i < n; i++) {
    const d = a[i] - b[i] - mean;
    ss += d * d;
  }
  return mean - (z * Math.sqrt(ss / (n - 1))) / Math.sqrt(n);
}

// ---------------------------------------------------------------------------------------------
// Candidates

/** The static candidates of a position: its best `count` moves (exchanges and the pass among them). */
export function simCandidates(position: Position, options: Pick<SimOptions, 'lexicon' | 'leaves' | 'candidates'>): Move[] {
  return bestMoves(position, Math.max(1, options.candidates ?? 15), {
    lexicon: options.lexicon,
    ...(options.leaves ? { leaves: options.leaves } : {}),
  });
}

// ---------------------------------------------------------------------------------------------
// Playouts

/** A move made in a playout, for the trace (tests replay these as a record). */
interface PlayoutStep {
  /** 0: the player to move of the position; 1: the opponent. */
  readonly side: 0 | 1;
  /** The rack before the move (faces). */
  readonly rack: readonly string[];
  readonly move: Move;
  /** Tiles in the bag before the move. */
  readonly bag: number;
}

export interface PlayoutTrace {
  readonly steps: readonly PlayoutStep[];
  /** The opponent's rack dealt in this iteration. */
  readonly opponentRack: readonly string[];
  /** How the playout ended: at the horizon, or the end of the game (37.2 passes, 37.3 scoreless, 37.4 out). */
  readonly end: 'horizon' | 'out' | 'passes' | 'scoreless';
  /** The playout's value for the player to move. */
  readonly value: number;
  /** The player to move's chance of winning at the end of the playout (0..1). */
  readonly win: number;
  /** The racks at the end (faces) and the tiles left in the bag. */
  readonly racks: readonly [readonly string[], readonly string[]];
  readonly bagLeft: number;
}

/** The 32-bit seed of iteration `i` of a simulation seeded `seed` (a mix of both). */
function iterationSeed(seed: number, i: number): number {
  let h = Math.imul((seed >>> 0) ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul((i >>> 0) + 0x632be5ab, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

const SIDE_SIGN = [1, -1] as const;

/**
 * Plays the candidates out, batch by batch, on its own move generators (two: the board after a
 * candidate is the same in every iteration, so the first reply's cross sets are computed once
 * per candidate and batch). Not re-entrant; one per thread.
 */
export class PlayoutRunner {
  private readonly plies: number;
  private readonly seed: number;
  private readonly unseen: string[];
  /** Tiles dealt to the opponent in every iteration (`position.opponentTiles`); `unseen` is without them. */
  private readonly known: readonly string[];
  private readonly opponentSize: number;
  private readonly passLimit: number;
  private readonly scorelessLimit: number;
  /** The first reply's generator (board after the candidate) and the one for later plies. */
  private readonly gens: [MoveGenerator, MoveGenerator];
  private readonly values = new Int32Array(RACK_SIZE + 1);
  private readonly bestTerm = new Float64Array((RACK_SIZE + 1) * 3);

  constructor(
    readonly position: Position,
    readonly candidates: readonly Move[],
    readonly options: Pick<SimOptions, 'lexicon' | 'leaves' | 'plies' | 'seed' | 'passes' | 'scoreless'>,
  ) {
    this.plies = Math.max(0, Math.floor(options.plies ?? 2));
    this.seed = options.seed ?? 1;
    this.unseen = [];
    for (const [face, n] of unseenTiles(position)) for (let k = 0; k < n; k++) this.unseen.push(face);
    this.opponentSize = Math.max(0, this.unseen.length - position.bag);
    // The tiles the record shows on the opponent's rack are dealt to it in every iteration; the
    // rest of its rack and the bag come from the other unseen tiles.
    this.known = knownDeal(this.unseen, position.opponentTiles ?? [], this.opponentSize);
    for (const f of this.known) this.unseen.splice(this.unseen.indexOf(f), 1);
    // 37.2 (40.2): four passes in a row; NASPA: six scoreless turns. 37.3: twelve scoreless turns.
    this.passLimit = position.rules === 'naspa' ? Infinity : 4;
    this.scorelessLimit = position.rules === 'naspa' ? 6 : position.rules === 'fise' ? 12 : Infinity;
    const graph = graphOf(options.lexicon);
    const gaddag = gaddagOf(graph);
    this.gens = [new MoveGenerator(graph, gaddag), new MoveGenerator(graph, gaddag)];
    const refused = refusedCodes(options.lexicon, position.rules);
    for (const g of this.gens) g.refused = refused;
  }

  /**
   * Playout values and wins of a batch: `out[2 * ((i - from) * active.length + k)]` is the value of
   * candidate `active[k]` in iteration i, the next entry its win. `stop` is asked before every
   * playout: once it says true, the playouts not made are left NaN (`NOT_PLAYED`) and it returns.
   */
  run(batch: SimBatch, stop?: () => boolean): Float64Array {
    const n = batch.to - batch.from;
    const out = new Float64Array(2 * n * batch.active.length);
    // Candidate-major: the first reply's board stays the same through the candidate's iterations.
    for (let k = 0; k < batch.active.length; k++) {
      const move = this.candidates[batch.active[k]];
      for (let i = 0; i < n; i++) {
        if (stop?.()) {
          markNotPlayed(out, batch.active.length, k, i, n);
          return out;
        }
        const r = this.playout(move, batch.from + i);
        const at = 2 * (i * batch.active.length + k);
        out[at] = r.value;
        out[at + 1] = r.win;
      }
    }
    return out;
  }

  /** One playout of `move` on the deal of iteration `i`. */
  playout(move: Move, i: number, trace = false): PlayoutTrace {
    const rand = mulberry32(iterationSeed(this.seed, i));
    const order = this.unseen.slice();
    shuffle(order, rand);
    const p = this.position;
    const dealt = this.opponentSize - this.known.length;
    const racks: [string[], string[]] = [p.rack.slice(), [...this.known, ...order.slice(0, dealt)]];
    const bag = order.slice(dealt);
    let at = 0; // next tile drawn from the bag
    let board: BoardCells = p.board;
    const terms = [0, 0];
    let value = 0;
    let passes = this.options.passes ?? 0;
    let scoreless = this.options.scoreless ?? passes;
    const totals = [p.scores[0], p.scores[1]];
    const steps: PlayoutStep[] = [];
    const opponentRack = trace ? racks[1].slice() : [];
    let end: PlayoutTrace['end'] = 'horizon';
    let made = 0; // moves made in the playout
    for (let ply = 0; ply <= this.plies; ply++) {
      const side = (ply & 1) as 0 | 1;
      const rack = racks[side];
      const bagCount = bag.length - at;
      let m: Move;
      if (ply === 0) m = move;
      else {
        const position: Position = {
          board,
          rack,
          bag: bagCount,
          scores: side === 0 ? [totals[0], totals[1]] : [totals[1], totals[0]],
          rules: p.rules,
          tileSet: p.tileSet,
          ...(p.exchangeMinimum !== undefined ? { exchangeMinimum: p.exchangeMinimum } : {}),
        };
        m = this.best(ply === 1 ? this.gens[0] : this.gens[1], prepare(position, this.prepOptions()));
      }
      if (trace) steps.push({ side, rack: rack.slice(), move: m, bag: bagCount });
      made++;
      const sign = SIDE_SIGN[side];
      value += sign * m.score;
      totals[side] += m.score;
      terms[side] = m.equity - m.score;
      if (m.kind === 'play') {
        const next = board.slice();
        for (let j = 0; j < m.squares.length; j++) {
          const v = m.squares[j];
          if ((v & NEW_BIT) === 0) continue;
          const s = m.direction === 'across' ? m.row * BOARD_SIZE + m.col + j : (m.row + j) * BOARD_SIZE + m.col;
          const blank = (v & BLANK_BIT) !== 0;
          next[s] = { letter: FACES[v & CODE_MASK], blank, turn: -1 };
          takeFace(rack, blank ? '?' : FACES[v & CODE_MASK]);
        }
        board = next;
        while (rack.length < RACK_SIZE && at < bag.length) rack.push(bag[at++]);
        passes = 0;
        scoreless = 0;
        if (rack.length === 0) {
          // 37.4 (40.3): the finisher adds the other rack's value R, the other loses it: 2R of spread.
          const r = rackPoints(racks[1 - side]);
          value += sign * 2 * r;
          totals[side] += r;
          totals[1 - side] -= r;
          terms[0] = terms[1] = 0;
          end = 'out';
          break;
        }
      } else {
        if (m.kind === 'exchange') {
          const back: string[] = [];
          for (const code of m.squares) back.push(takeFace(rack, FACES[code]));
          // Art. 24: the new tiles are drawn first, then the old ones go back into the bag.
          for (let j = 0; j < back.length && at < bag.length; j++) rack.push(bag[at++]);
          const rest = bag.slice(at).concat(back);
          shuffle(rest, rand);
          bag.length = 0;
          bag.push(...rest);
          at = 0;
          passes = 0;
        } else passes++;
        scoreless++;
        const anyPoints = totals[0] !== 0 || totals[1] !== 0;
        const byPasses = passes >= this.passLimit;
        const byScoreless = scoreless >= this.scorelessLimit && (p.rules !== 'fise' || anyPoints);
        if (byPasses || byScoreless) {
          // 37.2 / 37.3: each side loses the value of its own rack.
          value += -rackPoints(racks[0]) + rackPoints(racks[1]);
          terms[0] = terms[1] = 0;
          end = byPasses ? 'passes' : 'scoreless';
          break;
        }
      }
    }
    value += terms[0] - terms[1];
    const spread = p.scores[0] - p.scores[1] + value;
    let win: number;
    if (end !== 'horizon') win = spread > 0 ? 1 : spread < 0 ? 0 : 0.5;
    else {
      // The side to move at the horizon sees the bag and the other rack.
      const next = made % 2;
      const unseen = bag.length - at + racks[1 - next].length;
      win = next === 0 ? winProbability(spread, unseen) : 1 - winProbability(-spread, unseen);
    }
    return trace
      ? { steps, opponentRack, end, value, win, racks: [racks[0].slice(), racks[1].slice()], bagLeft: bag.length - at }
      : { steps, opponentRack, end, value, win, racks: EMPTY_RACKS, bagLeft: bag.length - at };
  }

  private prepOptions(): { lexicon: Lexicon; leaves?: LeaveEvaluator } {
    return this.options.leaves ? { lexicon: this.options.lexicon, leaves: this.options.leaves } : { lexicon: this.options.lexicon };
  }

  /** The best static move of a prepared position (the pruned walk of moves.ts, top-1, on `gen`). */
  private best(gen: MoveGenerator, prep: Prepared): Move {
    const sink = new Collector(prep, 1);
    addNonPlacements(prep, sink); // first: they raise the threshold the pruning stops at
    gen.setPosition(prep.board, prep.rackCounts);
    const values = this.values;
    values.fill(0);
    const lettered: number[] = [];
    for (const f of prep.position.rack) if (f !== '?') lettered.push(VALUES[codeOf(f)]);
    lettered.sort((a, b) => b - a);
    for (let k = 0; k < lettered.length && k <= RACK_SIZE; k++) values[k] = lettered[k];
    const bestTerm = this.bestTerm;
    bestTerm.fill(-Infinity);
    const blankK = prep.codes[0] === BLANK ? 0 : -1;
    for (let idx = 0; idx < prep.table.length; idx++) {
      const k = prep.usedCount[idx];
      const b = blankK === 0 ? idx % (prep.counts[0] + 1) : 0;
      const term = prep.key === 'equity' ? prep.table[idx] + 0.01 : 0; // equityOf rounds to cents
      if (term > bestTerm[k * 3 + b]) bestTerm[k * 3 + b] = term;
    }
    gen.runPruned(sink, values, bestTerm, () => sink.threshold);
    return sink.sorted()[0];
  }
}

const EMPTY_RACKS: readonly [readonly string[], readonly string[]] = [[], []];

/** The value of a playout a cut batch did not make (a playout's own value is always finite). */
const NOT_PLAYED = Number.NaN;

/** Marks as not played candidate k's iterations from i on, and every later candidate's (a batch of n iterations, `width` candidates). */
function markNotPlayed(out: Float64Array, width: number, k: number, i: number, n: number): void {
  for (let kk = k; kk < width; kk++) {
    for (let ii = kk === k ? i : 0; ii < n; ii++) {
      const at = 2 * (ii * width + kk);
      out[at] = NOT_PLAYED;
      out[at + 1] = NOT_PLAYED;
    }
  }
}

/**
 * The stop test of a playout loop: the time limit (`now` against `start` + `timeLimitMs`) or the
 * cancellation; undefined when neither is set.
 */
export function playoutStop(
  start: number,
  now: () => number,
  options: Pick<SimOptions, 'timeLimitMs' | 'cancellation'>,
): (() => boolean) | undefined {
  const limit = options.timeLimitMs;
  const token = options.cancellation;
  if (limit === undefined && !token) return undefined;
  const deadline = limit === undefined ? Infinity : start + limit;
  return () => token?.isCancellationRequested === true || now() >= deadline;
}

/** Removes one `face` from `rack` (it is there: the move came from this rack); returns it. */
function takeFace(rack: string[], face: string): string {
  const j = rack.indexOf(face);
  if (j >= 0) rack.splice(j, 1);
  return face;
}

function rackPoints(rack: readonly string[]): number {
  let sum = 0;
  for (const f of rack) sum += TILE_SETS.spanish.value(f);
  return sum;
}

// ---------------------------------------------------------------------------------------------
// The simulation: iterations, statistics, the stopping rule

/** The decisions of a simulation, batch by batch; the playouts are run elsewhere (`PlayoutRunner`). */
export class Simulation {
  readonly candidates: readonly Move[];
  readonly maxIterations: number;
  private readonly minIterations: number;
  private readonly batchSize: number;
  private readonly z: number;
  private readonly zPrune: number;
  private readonly seed: number;
  private readonly plies: number;
  private readonly confidence: number;
  private readonly samples: Float64Array[];
  /** Sum of the wins of each candidate's playouts. */
  private readonly wins: number[];
  private readonly counts: number[];
  private readonly pruned: boolean[];
  private done = 0;
  private playouts = 0;
  private stop: SimStop | undefined;
  /** Whether the last batch recorded was cut short (some of its playouts not made). */
  private cutShort = false;

  constructor(candidates: readonly Move[], options: Omit<SimOptions, 'lexicon'>) {
    this.candidates = candidates;
    this.maxIterations = Math.max(1, Math.floor(options.maxIterations ?? 1000));
    this.minIterations = Math.max(2, Math.floor(options.minIterations ?? 100));
    this.batchSize = Math.max(1, Math.floor(options.batch ?? 32));
    this.confidence = options.confidence ?? 0.95;
    this.z = normalQuantile(this.confidence);
    this.zPrune = normalQuantile(options.pruneConfidence ?? 0.99);
    this.seed = options.seed ?? 1;
    this.plies = Math.max(0, Math.floor(options.plies ?? 2));
    this.samples = candidates.map(() => new Float64Array(Math.min(this.maxIterations, 256)));
    this.counts = candidates.map(() => 0);
    this.wins = candidates.map(() => 0);
    this.pruned = candidates.map(() => false);
    if (candidates.length <= 1) this.stop = 'separated';
  }

  get iterations(): number {
    return this.done;
  }

  get stopped(): SimStop | undefined {
    return this.stop;
  }

  /** Stops the simulation (a time limit, a cancellation). */
  halt(reason: SimStop): void {
    this.stop ??= reason;
  }

  /** Whether a batch was cut short (by the time limit or a cancellation): the simulation ends with it. */
  get cut(): boolean {
    return this.cutShort;
  }

  /** The next batch to run, or undefined when the simulation is over. */
  next(): SimBatch | undefined {
    if (this.cutShort) this.stop ??= 'time';
    if (this.stop !== undefined) return undefined;
    if (this.done >= this.maxIterations) {
      this.stop = 'iterations';
      return undefined;
    }
    const active: number[] = [];
    for (let c = 0; c < this.candidates.length; c++) if (!this.pruned[c]) active.push(c);
    // The first batch ends at the minimum, so that the rule is first applied there.
    const size = this.done < this.minIterations ? this.minIterations - this.done : this.batchSize;
    return { from: this.done, to: Math.min(this.maxIterations, this.done + size), active };
  }

  /**
   * Records a batch's playout values and wins (as `PlayoutRunner.run` gives them), then applies the
   * rule. A batch cut short (NaN values: `NOT_PLAYED`) keeps, per candidate, the deals played from
   * its first one up to the first not played, and ends the simulation.
   */
  record(batch: SimBatch, values: Float64Array): void {
    const n = batch.to - batch.from;
    let most = 0;
    for (let k = 0; k < batch.active.length; k++) {
      const c = batch.active[k];
      let played = 0;
      while (played < n && !Number.isNaN(values[2 * (played * batch.active.length + k)])) played++;
      if (played < n) this.cutShort = true;
      most = Math.max(most, played);
      let xs = this.samples[c];
      if (this.counts[c] + played > xs.length) {
        const grown = new Float64Array(Math.min(this.maxIterations, Math.max(2 * xs.length, this.counts[c] + played)));
        grown.set(xs);
        xs = this.samples[c] = grown;
      }
      for (let i = 0; i < played; i++) {
        const at = 2 * (i * batch.active.length + k);
        xs[this.counts[c] + i] = values[at];
        this.wins[c] += values[at + 1];
      }
      this.counts[c] += played;
      this.playouts += played;
    }
    this.done = batch.from + most;
    if (this.done >= this.minIterations) this.applyRule();
    if (this.stop === undefined && this.done >= this.maxIterations) this.stop = 'iterations';
  }

  /** Index of the active candidate with the highest mean. */
  leader(): number {
    let best = -1;
    let bestMean = -Infinity;
    for (let c = 0; c < this.candidates.length; c++) {
      if (this.pruned[c]) continue;
      const m = meanStdev(this.samples[c], this.counts[c]).mean;
      if (m > bestMean) {
        best = c;
        bestMean = m;
      }
    }
    return best;
  }

  active(): number {
    return this.pruned.filter((x) => !x).length;
  }

  private applyRule(): void {
    const lead = this.leader();
    if (lead < 0) return;
    let separated = true;
    for (let c = 0; c < this.candidates.length; c++) {
      if (c === lead || this.pruned[c]) continue;
      const n = Math.min(this.counts[c], this.counts[lead]);
      if (pairedLow(this.samples[lead], this.samples[c], n, this.zPrune) > 0) {
        this.pruned[c] = true;
        continue;
      }
      if (!(pairedLow(this.samples[lead], this.samples[c], n, this.z) > 0)) separated = false;
    }
    if (separated) this.stop = 'separated';
  }

  result(): SimResult {
    const out: SimCandidate[] = this.candidates.map((move, c) => {
      const n = this.counts[c];
      const { mean, stdev } = meanStdev(this.samples[c], n);
      const half = n > 0 ? (this.z * stdev) / Math.sqrt(n) : Infinity;
      return {
        move,
        staticEquity: move.equity,
        equity: mean,
        stdev,
        interval: [mean - half, mean + half] as const,
        winPct: n > 0 ? this.wins[c] / n : 0,
        iterations: n,
        pruned: this.pruned[c],
      };
    });
    // A candidate a cut batch left without a deal has no simulated value: it goes last.
    const order = out
      .map((_, c) => c)
      .sort((a, b) => Number(out[b].iterations > 0) - Number(out[a].iterations > 0) || out[b].equity - out[a].equity || a - b);
    return {
      candidates: order.map((c) => out[c]),
      iterations: this.done,
      playouts: this.playouts,
      stopped: this.stop ?? 'iterations',
      plies: this.plies,
      seed: this.seed,
      confidence: this.confidence,
    };
  }
}

/**
 * Simulates the position's candidates in this thread (module header). Throws `AnalysisUnsupported`
 * as `bestMoves` does (no word graph, another tile set); a cancellation ends it with the figures so
 * far (`stopped: 'cancelled'`), never by throwing.
 */
export function simulate(position: Position, options: SimOptions): SimResult {
  const candidates = options.moves ? options.moves.slice() : simCandidates(position, options);
  const sim = new Simulation(candidates, options);
  const runner = new PlayoutRunner(position, candidates, options);
  runSimulation(sim, (batch, stop) => runner.run(batch, stop), options);
  return sim.result();
}

/**
 * The loop shared by `simulate` and the threaded runner's one-thread path: batches until the rule
 * or a limit stops it; progress and cancellation after every batch.
 */
function runSimulation(
  sim: Simulation,
  run: (batch: SimBatch, stop?: () => boolean) => Float64Array,
  options: Pick<SimOptions, 'timeLimitMs' | 'now' | 'onProgress' | 'cancellation'>,
): void {
  const now = options.now ?? Date.now;
  const start = now();
  const stop = playoutStop(start, now, options);
  for (let batch = sim.next(); batch; batch = sim.next()) {
    sim.record(batch, run(batch, stop));
    if (afterBatch(sim, start, now, options)) break;
  }
}

/** Progress, cancellation and the time limit after a batch; true when the simulation must stop. */
export function afterBatch(
  sim: Simulation,
  start: number,
  now: () => number,
  options: Pick<SimOptions, 'timeLimitMs' | 'onProgress' | 'cancellation'>,
): boolean {
  const elapsedMs = now() - start;
  if (options.onProgress) {
    const go = options.onProgress({
      iterations: sim.iterations,
      maxIterations: sim.maxIterations,
      active: sim.active(),
      elapsedMs,
      leader: sim.leader(),
    });
    if (go === false) sim.halt('cancelled');
  }
  if (options.cancellation?.isCancellationRequested) sim.halt('cancelled');
  if (options.timeLimitMs !== undefined && elapsedMs >= options.timeLimitMs) sim.halt('time');
  if (sim.cut) sim.halt('time');
  return sim.stopped !== undefined;
}
