/**
 * Simulation (docs/deep-analysis.md "Simulation"): the best static candidates of a position are
 * each played out a few plies ahead against racks drawn from the unseen tiles, and ranked by the
 * mean of what the playouts gave them.
 *
 * One iteration = one deal: the unseen tiles (bag + opponent's rack, by tile tracking) shuffled by
 * a stream seeded from (seed, iteration index); the opponent's rack is the tiles the record shows
 * on it (`position.opponentTiles`, known-tiles.ts: a withdrawn play's tiles, a written rack) and
 * the first of the other tiles in that order, the bag the rest, drawn from the front. With an
 * inference (`inferred`, inference.ts; only when no tile is known) the opponent's rack starts
 * with a leave drawn by weight from the iteration's stream, the rest dealt the same way. Every candidate simulated in that iteration is
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
 * A playout allocates nothing per step: the board, the racks (counts by code) and the bag (codes)
 * live in the runner's buffers (`PlayoutState`), a step's best move in `BestSink`.
 *
 * Example:
 *   const r = simulate(position, { lexicon, plies: 2, maxIterations: 500, seed: 1 });
 *   r.candidates[0];   // { move, staticEquity: 31.2, equity: 18.4, interval: [16.9, 19.9], iterations: 500, … }
 */
import { BOARD_SIZE } from '../engine/board';
import { RACK_SIZE } from '../engine/tilesets';
import { TILE_COUNT } from '../lexicon/normalize';
import type { BoardCells, PlacedTile } from '../engine/types';
import { gaddagOf } from '../lexicon/gaddag';
import type { Lexicon } from '../lexicon/types';
import { defaultLeaves, equityOf, prepare, type Prepared } from './equity';
import { LeaveTable, SPANISH_LEAVES } from './leave-table';
import type { LeaveEvaluator } from './leaves';
import type { Move } from './move';
import { BLANK, BLANK_BIT, CODE_MASK, FACES, NEW_BIT, VALUES, codeOf } from './movegen-codes';
import { bingoIndexOf } from './movegen-bingos';
import { MoveGenerator, type PlacementSink } from './movegen';
import { addNonPlacements, bestMoves, Collector, compareMoves, graphOf, refusedCodes } from './moves';
import { pickLeave, type InferredLeaves } from './inference';
import { knownDeal } from './known-tiles';
import { exchangeMinimumOf, unseenTiles, type Position } from './position';
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
  /**
   * The opponent's inferred leaves (inference.ts): each deal gives the opponent one of them, drawn
   * by weight, before the rest of its rack; undefined: uniform deals.
   */
  readonly inferred?: InferredLeaves;
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
  /** The playout buffers, made on the first playout. */
  private buffers: PlayoutState | undefined;
  /** The inferred leaves, when they fit the unseen tiles (dealt first to the opponent), and as codes. */
  private readonly inferred: InferredLeaves | undefined;
  private readonly inferredCodes: readonly (readonly number[])[] | undefined;

  constructor(
    readonly position: Position,
    readonly candidates: readonly Move[],
    readonly options: Pick<SimOptions, 'lexicon' | 'leaves' | 'plies' | 'seed' | 'passes' | 'scoreless' | 'inferred'>,
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
    this.inferred = this.known.length === 0 ? usableInference(options.inferred, this.unseen, this.opponentSize) : undefined;
    this.inferredCodes = this.inferred?.leaves.map((leave) => leave.map((f) => codeOf(f)));
    // 37.2 (40.2): four passes in a row; NASPA: six scoreless turns. 37.3: twelve scoreless turns.
    this.passLimit = position.rules === 'naspa' ? Infinity : 4;
    this.scorelessLimit = position.rules === 'naspa' ? 6 : position.rules === 'fise' ? 12 : Infinity;
    const graph = graphOf(options.lexicon);
    const gaddag = gaddagOf(graph);
    this.gens = [new MoveGenerator(graph, gaddag), new MoveGenerator(graph, gaddag)];
    const refused = refusedCodes(options.lexicon, position.rules);
    // The bonus counted in the bounds only where the rack spells a word (a sharper bound, the same moves).
    const bingos = bingoIndexOf(graph);
    for (const g of this.gens) {
      g.refused = refused;
      g.bingos = bingos;
    }
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
    const s = this.state();
    // The deal, as codes: the unseen tiles shuffled; the opponent's known tiles and the first of the
    // others on its rack, the bag the rest (drawn from `at`).
    let order = s.order;
    let first = s.known;
    if (this.inferred && this.inferredCodes) {
      // The deal's leave, drawn by weight, goes to the opponent; the rest is dealt as usual.
      first = this.inferredCodes[pickLeave(this.inferred, rand())];
      order = s.unseen.slice();
      for (const c of first) order.splice(order.indexOf(c), 1);
    } else for (let j = 0; j < s.unseen.length; j++) order[j] = s.unseen[j];
    shuffle(order, rand);
    const p = this.position;
    const dealt = this.opponentSize - first.length;
    const racks = s.racks;
    racks[0].set(s.rack);
    racks[1].fill(0);
    for (const c of first) racks[1][c]++;
    for (let j = 0; j < dealt; j++) racks[1][order[j]]++;
    const sizes = s.sizes;
    sizes[0] = p.rack.length;
    sizes[1] = this.opponentSize;
    const bag = s.bag;
    bag.length = 0;
    for (let j = dealt; j < order.length; j++) bag.push(order[j]);
    let at = 0; // next tile drawn from the bag
    const board = s.board;
    board.set(s.base);
    const terms = s.terms;
    terms[0] = terms[1] = 0;
    let value = 0;
    let passes = this.options.passes ?? 0;
    let scoreless = this.options.scoreless ?? passes;
    const totals = s.totals;
    totals[0] = p.scores[0];
    totals[1] = p.scores[1];
    const steps: PlayoutStep[] = [];
    const opponentRack = trace ? facesOf(racks[1]) : [];
    let end: PlayoutTrace['end'] = 'horizon';
    let made = 0; // moves made in the playout
    const m = s.chosen;
    for (let ply = 0; ply <= this.plies; ply++) {
      const side = (ply & 1) as 0 | 1;
      const rack = racks[side];
      const bagCount = bag.length - at;
      if (ply === 0) m.load(move);
      else this.best(ply === 1 ? this.gens[0] : this.gens[1], rack, bagCount, side === 0 ? totals : [totals[1], totals[0]]);
      if (trace) steps.push({ side, rack: facesOf(rack), move: m.move(), bag: bagCount });
      made++;
      const sign = SIDE_SIGN[side];
      value += sign * m.score;
      totals[side] += m.score;
      terms[side] = m.equity - m.score;
      if (m.kind === PLAY) {
        for (let j = 0; j < m.length; j++) {
          const v = m.squares[j];
          if ((v & NEW_BIT) === 0) continue;
          const sq = m.across ? m.row * BOARD_SIZE + m.col + j : (m.row + j) * BOARD_SIZE + m.col;
          const blank = (v & BLANK_BIT) !== 0;
          board[sq] = v & (CODE_MASK | BLANK_BIT);
          rack[blank ? BLANK : v & CODE_MASK]--;
          sizes[side]--;
        }
        while (sizes[side] < RACK_SIZE && at < bag.length) {
          rack[bag[at++]]++;
          sizes[side]++;
        }
        passes = 0;
        scoreless = 0;
        if (sizes[side] === 0) {
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
        if (m.kind === EXCHANGE) {
          for (let j = 0; j < m.length; j++) rack[m.squares[j]]--;
          // Art. 24: the new tiles are drawn first, then the old ones go back into the bag.
          let drawn = 0;
          for (let j = 0; j < m.length && at < bag.length; j++) {
            rack[bag[at++]]++;
            drawn++;
          }
          sizes[side] += drawn - m.length;
          const rest = s.rest;
          rest.length = 0;
          for (let j = at; j < bag.length; j++) rest.push(bag[j]);
          for (let j = 0; j < m.length; j++) rest.push(m.squares[j]);
          shuffle(rest, rand);
          bag.length = 0;
          for (let j = 0; j < rest.length; j++) bag.push(rest[j]);
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
      const unseen = bag.length - at + sizes[1 - next];
      win = next === 0 ? winProbability(spread, unseen) : 1 - winProbability(-spread, unseen);
    }
    return trace
      ? { steps, opponentRack, end, value, win, racks: [facesOf(racks[0]), facesOf(racks[1])], bagLeft: bag.length - at }
      : { steps, opponentRack, end, value, win, racks: EMPTY_RACKS, bagLeft: bag.length - at };
  }

  /** The playout buffers, made on the first playout (the position's board as codes; `prepare` throws as before). */
  private state(): PlayoutState {
    if (this.buffers) return this.buffers;
    const base = prepare(this.position, this.prepOptions()).board;
    const codes = (faces: readonly string[]): number[] => faces.map((f) => codeOf(f));
    this.buffers = new PlayoutState(
      base,
      codes(this.position.rack),
      codes(this.unseen),
      codes(this.known),
      this.options.leaves ?? defaultLeaves(this.position.tileSet),
    );
    return this.buffers;
  }

  private prepOptions(): { lexicon: Lexicon; leaves?: LeaveEvaluator } {
    return this.options.leaves ? { lexicon: this.options.lexicon, leaves: this.options.leaves } : { lexicon: this.options.lexicon };
  }

  /**
   * The best static move of the side holding `rack` (counts by code) on the playout's board, into
   * the state's `chosen` (the pruned walk of moves.ts, top-1, on `gen`). With a table that stores
   * every leave and tiles in the bag, the leave terms are read by rank into the state's buffers and
   * the walk reports to a sink that keeps the best move alone (`BestSink`): nothing is allocated;
   * else (the bag empty, another evaluator) the position is prepared as `bestMoves` prepares it.
   */
  private best(gen: MoveGenerator, rack: Int8Array, bagCount: number, scores: readonly number[]): void {
    const s = this.buffers!;
    const sink = s.sink;
    const p = this.position;
    if (bagCount === 0 || s.direct === undefined) {
      const position: Position = {
        board: cellsOf(s.board),
        rack: facesOf(rack),
        bag: bagCount,
        scores: [scores[0], scores[1]],
        rules: p.rules,
        tileSet: p.tileSet,
        ...(p.exchangeMinimum !== undefined ? { exchangeMinimum: p.exchangeMinimum } : {}),
      };
      s.chosen.load(this.bestPrepared(gen, prepare(position, this.prepOptions())));
      return;
    }
    const n = sink.prepare(rack, s.direct);
    // The exchanges (art. 24: the bag holds enough tiles) and the pass first: they raise the threshold.
    if (bagCount >= exchangeMinimumOf(p) && bagCount > 0) {
      for (let idx = 1; idx < n; idx++) if (sink.usedCount[idx] <= bagCount) sink.offerExchange(idx);
    }
    sink.offerPass();
    gen.setPosition(s.board, rack);
    this.fillValues(rack);
    this.fillBestTerm(sink.table, sink.usedCount, n, rack[BLANK] > 0 ? rack[BLANK] + 1 : 0);
    gen.runPruned(sink, this.values, this.bestTerm, s.threshold);
  }

  /** `values`: the face values of the lettered tiles of `rack` (counts by code) in decreasing order, zeros past them. */
  private fillValues(rack: ArrayLike<number>): void {
    const values = this.values;
    values.fill(0);
    let n = 0;
    for (let code = 1; code <= TILE_COUNT; code++) {
      const v = VALUES[code];
      for (let j = 0; j < rack[code]; j++) {
        let q = n++;
        while (q > 0 && values[q - 1] < v) {
          values[q] = values[q - 1];
          q--;
        }
        values[q] = v;
      }
    }
  }

  /**
   * `bestTerm[k * 3 + b]`: the best equity term of a move placing k tiles of which b are blanks
   * (a cent above it: `equityOf` rounds to hundredths); `blankRadix` the blanks' count + 1 (their
   * digit is the lowest of the used-tiles index), 0 without a blank.
   */
  private fillBestTerm(table: Float64Array, usedCount: Uint8Array, n: number, blankRadix: number): void {
    const bestTerm = this.bestTerm;
    bestTerm.fill(-Infinity);
    for (let idx = 0; idx < n; idx++) {
      const k = usedCount[idx];
      const b = blankRadix > 0 ? idx % blankRadix : 0;
      const term = table[idx] + 0.01;
      if (term > bestTerm[k * 3 + b]) bestTerm[k * 3 + b] = term;
    }
  }

  /** The best static move of a prepared position (the pruned walk of moves.ts, top-1, on `gen`). */
  private bestPrepared(gen: MoveGenerator, prep: Prepared): Move {
    const sink = new Collector(prep, 1);
    addNonPlacements(prep, sink); // first: they raise the threshold the pruning stops at
    gen.setPosition(prep.board, prep.rackCounts);
    this.fillValues(prep.rackCounts);
    this.fillBestTerm(prep.table, prep.usedCount, prep.table.length, prep.codes[0] === BLANK ? prep.counts[0] + 1 : 0);
    gen.runPruned(sink, this.values, this.bestTerm, () => sink.threshold);
    return sink.sorted()[0];
  }
}

/** The inference when every leave is among the unseen tiles and fits the opponent's rack; else undefined. */
function usableInference(inferred: InferredLeaves | undefined, unseen: readonly string[], size: number): InferredLeaves | undefined {
  if (!inferred || inferred.leaves.length === 0 || inferred.leaves.length !== inferred.cumulative.length) return undefined;
  const have = new Map<string, number>();
  for (const f of unseen) have.set(f, (have.get(f) ?? 0) + 1);
  for (const leave of inferred.leaves) {
    if (leave.length > size) return undefined;
    const need = new Map<string, number>();
    for (const f of leave) need.set(f, (need.get(f) ?? 0) + 1);
    for (const [f, n] of need) if ((have.get(f) ?? 0) < n) return undefined;
  }
  return inferred;
}

const EMPTY_RACKS: readonly [readonly string[], readonly string[]] = [[], []];

const PLAY = 0;
const EXCHANGE = 1;
const PASS = 2;
const BY_EQUITY = compareMoves('equity');

/**
 * The move a playout step makes, as numbers in reused buffers (`kind` PLAY, EXCHANGE or PASS; a
 * play's squares as the generator gives them, an exchange's tile codes in code order); a `Move`
 * is made of it only when asked (a trace, a tie to break).
 */
class ChosenMove {
  kind = PASS;
  across = true;
  row = 0;
  col = 0;
  length = 0;
  readonly squares = new Uint8Array(BOARD_SIZE);
  score = 0;
  equity = 0;
  used = 0;
  /** The rack sub-multiset used, as the sink's index (for its leave). */
  usedIdx = 0;
  private made: Move | undefined;

  constructor(private readonly sink: BestSink) {}

  /** Takes the figures of a move made elsewhere (the candidate, a prepared position's best). */
  load(m: Move): void {
    this.kind = m.kind === 'play' ? PLAY : m.kind === 'exchange' ? EXCHANGE : PASS;
    this.across = m.direction === 'across';
    this.row = m.row;
    this.col = m.col;
    this.length = m.squares.length;
    for (let j = 0; j < m.squares.length; j++) this.squares[j] = m.squares[j];
    this.score = m.score;
    this.equity = m.equity;
    this.used = m.used;
    this.made = m;
  }

  /** Marks the figures as changed by the sink (`made` of `move` when it made one). */
  changed(move?: Move): void {
    this.made = move;
  }

  /** The move as a `Move` (made once). */
  move(): Move {
    if (this.made !== undefined) return this.made;
    const squares = Array.from(this.squares.subarray(0, this.length));
    const leave = this.sink.leaveFaces(this.usedIdx);
    const made: Move =
      this.kind === PLAY
        ? {
            kind: 'play',
            direction: this.across ? 'across' : 'down',
            row: this.row,
            col: this.col,
            squares,
            score: this.score,
            equity: this.equity,
            leave,
            used: this.used,
          }
        : {
            kind: this.kind === EXCHANGE ? 'exchange' : 'pass',
            direction: 'across',
            row: 0,
            col: 0,
            squares,
            score: 0,
            equity: this.equity,
            leave,
            used: this.used,
          };
    this.made = made;
    return made;
  }
}

/**
 * The pruned walk's sink for a playout step: the rack's leave terms by used-tiles index (mixed
 * radix over its distinct codes, as equity.ts `prepare`; read by rank from a table that stores
 * every leave), and the best move so far in `best`. A move is kept when its key (the equity) is
 * higher, or equal with a higher score; an equal key and score is decided by `compareMoves`, the
 * order `bestMoves` sorts by, so the move kept is `bestMoves(position, 1)[0]`.
 */
class BestSink implements PlacementSink {
  readonly table = new Float64Array(1 << RACK_SIZE);
  readonly usedCount = new Uint8Array(1 << RACK_SIZE);
  readonly best: ChosenMove = new ChosenMove(this);
  /** The best key so far (-Infinity before the first move): the pruning's threshold. */
  key = -Infinity;
  private score = -Infinity;
  private readonly codes = new Int32Array(RACK_SIZE);
  private readonly counts = new Int32Array(RACK_SIZE);
  private readonly digits = new Int32Array(RACK_SIZE);
  private readonly ranks = new Int32Array(1 << RACK_SIZE);
  private kinds = 0;

  /** Fills the leave terms of `rack` (counts by code) from `table` and forgets the best move; returns the number of indices. */
  prepare(rack: Int8Array, table: LeaveTable): number {
    let kinds = 0;
    let size = 1;
    for (let code = 0; code < rack.length; code++) {
      if (rack[code] === 0) continue;
      this.codes[kinds] = code;
      this.counts[kinds] = rack[code];
      this.digits[kinds] = 0;
      kinds++;
      size *= rack[code] + 1;
    }
    this.kinds = kinds;
    const ranks = this.ranks;
    table.index.leaveRanks(this.codes, this.counts, kinds, ranks);
    const { counts, digits } = this;
    let used = 0;
    for (let idx = 0; idx < size; idx++) {
      this.usedCount[idx] = used;
      this.table[idx] = table.valueOfRank(ranks[idx]);
      // the next index: the lowest digit up, carrying
      for (let k = 0; k < kinds; k++) {
        if (digits[k] < counts[k]) {
          digits[k]++;
          used++;
          break;
        }
        used -= digits[k];
        digits[k] = 0;
      }
    }
    this.key = -Infinity;
    this.score = -Infinity;
    return size;
  }

  accept(gen: MoveGenerator, start: number, end: number, score: number, used: number, usedIdx: number): void {
    const equity = equityOf(score, this.table[usedIdx]);
    if (equity < this.key || (equity === this.key && score < this.score)) return;
    let made: Move | undefined;
    if (equity === this.key && score === this.score) {
      made = this.playOf(gen, start, end, score, equity, used, usedIdx);
      if (!(BY_EQUITY(made, this.best.move()) < 0)) return;
    }
    const b = this.best;
    b.kind = PLAY;
    b.across = gen.dir === 0;
    b.row = b.across ? gen.line : start;
    b.col = b.across ? start : gen.line;
    b.length = end - start + 1;
    for (let i = start; i <= end; i++) b.squares[i - start] = gen.laneSquare(i);
    this.keep(score, equity, used, usedIdx, made);
  }

  /** Offers the exchange of the tiles of index `idx` (art. 24 allows it). */
  offerExchange(idx: number): void {
    this.offerNonPlacement(EXCHANGE, idx);
  }

  /** Offers the pass. */
  offerPass(): void {
    this.offerNonPlacement(PASS, 0);
  }

  private offerNonPlacement(kind: number, idx: number): void {
    const equity = equityOf(0, this.table[idx]);
    if (equity < this.key || (equity === this.key && 0 < this.score)) return;
    let made: Move | undefined;
    if (equity === this.key && this.score === 0) {
      made = this.nonPlacementOf(kind, idx, equity);
      if (!(BY_EQUITY(made, this.best.move()) < 0)) return;
    }
    const b = this.best;
    b.kind = kind;
    b.across = true;
    b.row = 0;
    b.col = 0;
    b.length = this.exchangeTiles(idx, b.squares);
    this.keep(0, equity, this.usedCount[idx], idx, made);
  }

  /** Writes the tiles of index `idx` in code order into `into`; returns their number. */
  private exchangeTiles(idx: number, into: Uint8Array | number[]): number {
    let n = 0;
    let rest = idx;
    for (let k = 0; k < this.kinds; k++) {
      const u = rest % (this.counts[k] + 1);
      rest = (rest - u) / (this.counts[k] + 1);
      for (let j = 0; j < u; j++) into[n++] = this.codes[k];
    }
    return n;
  }

  /** The exchange of index `idx` or the pass (index 0), as a `Move` (a tie to break). */
  private nonPlacementOf(kind: number, idx: number, equity: number): Move {
    const squares: number[] = [];
    if (kind === EXCHANGE) this.exchangeTiles(idx, squares);
    return {
      kind: kind === EXCHANGE ? 'exchange' : 'pass',
      direction: 'across',
      row: 0,
      col: 0,
      squares,
      score: 0,
      equity,
      leave: this.leaveFaces(idx),
      used: this.usedCount[idx],
    };
  }

  private keep(score: number, equity: number, used: number, usedIdx: number, made: Move | undefined): void {
    const b = this.best;
    b.score = score;
    b.equity = equity;
    b.used = used;
    b.usedIdx = usedIdx;
    b.changed(made);
    this.key = equity;
    this.score = score;
  }

  /** The play the generator reports, as a `Move` (a tie to break). */
  private playOf(gen: MoveGenerator, start: number, end: number, score: number, equity: number, used: number, usedIdx: number): Move {
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
      leave: this.leaveFaces(usedIdx),
      used,
    };
  }

  /** The leave of index `idx` as faces, in the order `prepare` gives them (the set's order, blanks last). */
  leaveFaces(idx: number): string[] {
    const leave: string[] = [];
    let blanks = 0;
    let rest = idx;
    for (let k = 0; k < this.kinds; k++) {
      const u = rest % (this.counts[k] + 1);
      rest = (rest - u) / (this.counts[k] + 1);
      if (this.codes[k] === BLANK) blanks = this.counts[k] - u;
      else for (let j = u; j < this.counts[k]; j++) leave.push(FACES[this.codes[k]]);
    }
    for (let j = 0; j < blanks; j++) leave.push('?');
    return leave;
  }
}

/** A runner's playout buffers (module header: nothing is allocated per playout step). */
class PlayoutState {
  readonly board = new Uint8Array(BOARD_SIZE * BOARD_SIZE);
  /** The mover's rack at the position, counts by code. */
  readonly rack = new Int8Array(TILE_COUNT + 1);
  readonly racks: [Int8Array, Int8Array] = [new Int8Array(TILE_COUNT + 1), new Int8Array(TILE_COUNT + 1)];
  readonly sizes = [0, 0];
  readonly terms = [0, 0];
  readonly totals = [0, 0];
  readonly order: number[];
  readonly bag: number[] = [];
  readonly rest: number[] = [];
  readonly sink = new BestSink();
  readonly chosen: ChosenMove = this.sink.best;
  readonly threshold = (): number => this.sink.key;
  /** The leave table read by rank, when the evaluator is one that stores every leave (else `prepare`). */
  readonly direct: LeaveTable | undefined;

  constructor(
    /** The position's board as codes. */
    readonly base: Uint8Array,
    rack: readonly number[],
    /** The unseen tiles dealt in each iteration, as codes (without the known ones). */
    readonly unseen: readonly number[],
    /** The opponent's known tiles, as codes. */
    readonly known: readonly number[],
    leaves: LeaveEvaluator,
  ) {
    for (const c of rack) this.rack[c]++;
    this.order = unseen.slice();
    this.direct = leaves.constant === undefined && leaves instanceof LeaveTable && leaves.storesAllOf(SPANISH_LEAVES) ? leaves : undefined;
  }
}

/** A rack's faces from its counts by code (the set's order, blanks last). */
function facesOf(rack: Int8Array): string[] {
  const faces: string[] = [];
  for (let code = 1; code < rack.length; code++) for (let j = 0; j < rack[code]; j++) faces.push(FACES[code]);
  for (let j = 0; j < rack[BLANK]; j++) faces.push('?');
  return faces;
}

/** The board as the engine writes it, from codes (the tiles of a playout's moves: turn -1). */
function cellsOf(board: Uint8Array): BoardCells {
  const cells = new Array<PlacedTile | null>(board.length).fill(null);
  for (let s = 0; s < board.length; s++) {
    const v = board[s];
    if (v !== 0) cells[s] = { letter: FACES[v & CODE_MASK], blank: (v & BLANK_BIT) !== 0, turn: -1 };
  }
  return cells;
}

/** Face value of a rack (counts by code; the blank 0). */
function rackPoints(rack: Int8Array): number {
  let sum = 0;
  for (let code = 0; code < rack.length; code++) sum += rack[code] * VALUES[code];
  return sum;
}

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
