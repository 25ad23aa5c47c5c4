/**
 * Rack inference (docs/deep-analysis.md "Rack inference"): what the opponent's last play says
 * about the tiles it kept. A placement made from the rack R = (tiles played) + L leaves L on the
 * rack; a rack for which that play was far below its best move is unlikely. Each leave L is
 * weighted, as Macondo's inference does it with a threshold, here softly:
 *   w(L) = exp((equity(play | L) − equity(best move of R)) / T),
 * equity as the static generator has it (score + leave value; the bag had tiles), T the
 * temperature in points (fitted by maximum likelihood on self-play: scripts/rack-inference.mjs).
 * The leaves are drawn from the unseen tiles as a uniform deal draws them (the prior), `samples`
 * of them, each weighted (importance sampling); the simulation then deals the opponent one of
 * them in proportion to its weight, and the rest of its rack and the bag from the other unseen
 * tiles (sim.ts).
 *
 * Not inferred (undefined): no last play of the opponent on record, an exchange or a pass, a
 * bingo (nothing kept), a play made with the bag empty, tiles already known on the opponent's rack
 * (known-tiles.ts: those deals come first), a leave that cannot be among the unseen tiles.
 *
 * Invariants: pure; the same position, options and seed give the same leaves and weights; every
 * leave is a sub-multiset of the unseen tiles no larger than the opponent's rack; the weights are
 * positive and their cumulative sum ends at 1.
 *
 * Example:
 *   const inf = inferLeaves(position, { lexicon, temperature: 4, samples: 64, seed: 1 });
 *   inf?.leaves[0];   // ['A', 'E', 'S'], dealt with probability inf.weights[0]
 */
import { RACK_SIZE } from '../engine/tilesets';
import type { Lexicon } from '../lexicon/types';
import { defaultLeaves, equityOf } from './equity';
import type { LeaveEvaluator } from './leaves';
import { bestMoves } from './moves';
import { unseenTiles, type OpponentPlay, type Position } from './position';
import { mulberry32, shuffle } from './seeded-bag';

/** The inferred leaves and the chance of each (plain data: it goes to the simulation's threads). */
export interface InferredLeaves {
  /** The leaves sampled (faces), repeated as the prior drew them. */
  readonly leaves: readonly (readonly string[])[];
  /** Cumulative weights, increasing, the last one 1. */
  readonly cumulative: readonly number[];
  /** Effective sample size of the weights ((Σw)² / Σw²). */
  readonly effective: number;
}

export interface InferenceOptions {
  readonly lexicon: Lexicon;
  readonly leaves?: LeaveEvaluator;
  /** Temperature T in points (> 0). */
  readonly temperature: number;
  /** Leaves drawn from the prior (default 48). */
  readonly samples?: number;
  /** Seed of the draws (default 1). */
  readonly seed?: number;
}

/** Default leaves drawn per inference. */
export const INFERENCE_SAMPLES = 48;

/** The temperature fitted on self-play (docs/deep-analysis.md "Rack inference"). */
export const INFERENCE_TEMPERATURE = 3.3;

/** A multiset key of faces (sorted, comma-joined). */
const keyOf = (faces: readonly string[]): string => faces.slice().sort().join(',');

/**
 * The play's equity less the best equity of the rack `tiles` + `leave` on the board before it
 * (0 when the play was best, below 0 otherwise): the log-weight of `leave` times T.
 */
export function leaveDeficit(
  position: Position,
  play: OpponentPlay,
  leave: readonly string[],
  lexicon: Lexicon,
  leaves?: LeaveEvaluator,
): number {
  const evaluator = leaves ?? defaultLeaves(position.tileSet);
  const before: Position = {
    board: play.board,
    rack: [...play.tiles, ...leave],
    bag: play.bag,
    scores: [0, 0],
    rules: position.rules,
    tileSet: position.tileSet,
    ...(position.exchangeMinimum !== undefined ? { exchangeMinimum: position.exchangeMinimum } : {}),
  };
  const [best] = bestMoves(before, 1, { lexicon, leaves: evaluator });
  const played = equityOf(play.score, evaluator.value(leave));
  return best ? Math.min(0, played - best.equity) : 0;
}

/** The size of the leave the opponent kept, or 0 when nothing can be inferred (module header). */
export function inferableLeaveSize(position: Position): number {
  const play = position.opponentPlay;
  if (!play || play.tiles.length === 0 || play.bag === 0 || position.bag === 0) return 0;
  if ((position.opponentTiles?.length ?? 0) > 0) return 0;
  let unseen = 0;
  for (const n of unseenTiles(position).values()) unseen += n;
  const size = RACK_SIZE - play.tiles.length;
  return size > 0 && size <= unseen - position.bag ? size : 0;
}

/**
 * `samples` leaves drawn from the unseen tiles as a uniform deal draws them, each with its
 * deficit (`leaveDeficit`); the same leave is evaluated once. Empty when nothing can be inferred.
 */
export function sampleLeaves(
  position: Position,
  options: Pick<InferenceOptions, 'lexicon' | 'leaves' | 'samples' | 'seed'>,
): { readonly leaves: (readonly string[])[]; readonly deficits: number[] } {
  const size = inferableLeaveSize(position);
  const play = position.opponentPlay;
  if (size === 0 || !play) return { leaves: [], deficits: [] };
  const unseen: string[] = [];
  for (const [face, n] of unseenTiles(position)) for (let k = 0; k < n; k++) unseen.push(face);
  const rand = mulberry32(((options.seed ?? 1) ^ 0x5bd1e995) >>> 0);
  const memo = new Map<string, number>();
  const leaves: (readonly string[])[] = [];
  const deficits: number[] = [];
  const n = Math.max(1, Math.floor(options.samples ?? INFERENCE_SAMPLES));
  for (let k = 0; k < n; k++) {
    const order = unseen.slice();
    shuffle(order, rand);
    const leave = order.slice(0, size).sort();
    const key = keyOf(leave);
    let d = memo.get(key);
    if (d === undefined) memo.set(key, (d = leaveDeficit(position, play, leave, options.lexicon, options.leaves)));
    leaves.push(leave);
    deficits.push(d);
  }
  return { leaves, deficits };
}

/** The weights exp(d / T), scaled by the largest (so that none underflows to zero for all). */
export function weightsOf(deficits: readonly number[], temperature: number): number[] {
  let top = -Infinity;
  for (const d of deficits) top = Math.max(top, d);
  return deficits.map((d) => Math.exp((d - top) / temperature));
}

/** The inferred leaves of the opponent (module header), or undefined when nothing can be inferred. */
export function inferLeaves(position: Position, options: InferenceOptions): InferredLeaves | undefined {
  if (!(options.temperature > 0)) return undefined;
  const { leaves, deficits } = sampleLeaves(position, options);
  if (leaves.length === 0) return undefined;
  const w = weightsOf(deficits, options.temperature);
  let sum = 0;
  let squares = 0;
  for (const x of w) {
    sum += x;
    squares += x * x;
  }
  const cumulative: number[] = [];
  let at = 0;
  for (const x of w) cumulative.push((at += x) / sum);
  cumulative[cumulative.length - 1] = 1;
  return { leaves, cumulative, effective: (sum * sum) / squares };
}

/** The index of the leave drawn by `u` in [0, 1) (the first cumulative weight above u). */
export function pickLeave(inferred: InferredLeaves, u: number): number {
  const c = inferred.cumulative;
  let lo = 0;
  let hi = c.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (c[mid] > u) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * The log-likelihood gain (nats) of the leave actually kept, deficit `kept`, under the inference
 * at temperature T over the uniform deal: kept / T − log Z, the normaliser Z (the mean of
 * exp(d / T) over the prior) estimated from the prior's `samples` with the kept leave counted
 * among them, (exp(kept / T) + Σ exp(d / T)) / (K + 1). Counting it makes the estimate never
 * exceed log(K + 1) and keeps a small T from looking good only because no sample came near the
 * leave kept (a conservative estimate; it tends to the exact gain as K grows).
 */
export function logLikelihoodGain(kept: number, samples: readonly number[], temperature: number): number {
  let top = kept;
  for (const d of samples) top = Math.max(top, d);
  let sum = Math.exp((kept - top) / temperature);
  for (const d of samples) sum += Math.exp((d - top) / temperature);
  return (kept - top) / temperature - Math.log(sum / (samples.length + 1));
}

/** One observation for the fit: the deficit of the leave kept and those of the prior's samples. */
export interface InferenceObservation {
  readonly kept: number;
  readonly samples: readonly number[];
}

/** The mean log-likelihood gain per move at temperature T. */
export function meanGain(observations: readonly InferenceObservation[], temperature: number): number {
  if (observations.length === 0) return 0;
  let sum = 0;
  for (const o of observations) sum += logLikelihoodGain(o.kept, o.samples, temperature);
  return sum / observations.length;
}

/**
 * The temperature of greatest likelihood on `observations`: a grid in log T from `low` to `high`,
 * then a golden-section search around the best grid point.
 */
export function fitTemperature(
  observations: readonly InferenceObservation[],
  low = 0.1,
  high = 200,
): { temperature: number; gain: number } {
  const steps = 60;
  const at = (k: number): number => Math.exp(Math.log(low) + ((Math.log(high) - Math.log(low)) * k) / steps);
  let bestK = 0;
  let bestGain = -Infinity;
  for (let k = 0; k <= steps; k++) {
    const g = meanGain(observations, at(k));
    if (g > bestGain) {
      bestGain = g;
      bestK = k;
    }
  }
  let a = Math.log(at(Math.max(0, bestK - 1)));
  let b = Math.log(at(Math.min(steps, bestK + 1)));
  const phi = (Math.sqrt(5) - 1) / 2;
  for (let it = 0; it < 40; it++) {
    const x1 = b - phi * (b - a);
    const x2 = a + phi * (b - a);
    if (meanGain(observations, Math.exp(x1)) >= meanGain(observations, Math.exp(x2))) b = x2;
    else a = x1;
  }
  const t = Math.exp((a + b) / 2);
  const g = meanGain(observations, t);
  return g >= bestGain ? { temperature: t, gain: g } : { temperature: at(bestK), gain: bestGain };
}
