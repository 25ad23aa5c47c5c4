/**
 * Leave values by the rack-equity method: every leave of 1–6 tiles gets an estimate of its own,
 * read from how well the racks that contain it play, not a sum of its parts (docs/leaves.md).
 *
 * Sampling (`sampleGames`): self-play games between two equity bots using `boardLeaves` give
 * boards; on up to BOARDS_PER_GAME boards of each game with at least MIN_BAG tiles in the bag,
 * RACKS_PER_BOARD racks of seven tiles are drawn from the tiles not on the board. Each rack's
 * value is the equity of its best move with `rackLeaves` (zero leaves on the first pass: the
 * best score; the first pass's table on the second). Every sub-multiset of 1–6 tiles of the
 * rack is credited with that value (sums and counts by leave rank, LeaveIndex of leave-table.ts).
 *
 * Fitting (`fitLeaveValues`): the raw estimate of a leave L is mean(value | rack ⊇ L) − mean(value).
 * A linear model with the terms a Spanish player weighs (each face, a second and third copy of
 * a face, the vowel/consonant split for the leave's size, Q with and without U) is fitted to
 * the raw estimates by weighted least squares; each leave's value is then its raw estimate
 * shrunk toward the model: (n·raw + k·model) / (n + k), k = σ² / τ² (σ² the variance of one
 * rack's value, τ² the spread of true leave values around the model, both estimated from the
 * data). A leave no rack held gets the model's value. On the second pass the first pass's value
 * of the leave is one more term of the model.
 *
 * Invariants: pure apart from the caller's lexicon; the same seeds, tables and lexicon give the
 * same sums (a seeded stream per game); sums from several runs add up (`mergeState`), so a
 * training is resumed or extended by adding games with new seeds.
 *
 * Example:
 *   const s = newRackEquityState(1);
 *   sampleGames(s, 1, 100, { lexicon, boardLeaves: builtinLeaves().leaves, rackLeaves: NO_LEAVES });
 *   const values = fitLeaveValues(s).values;   // Float64Array by leave rank
 */
import { bestMoves, type LeaveEvaluator, type Position } from '../analysis';
import { SPANISH_LEAVES, type LeaveIndex } from '../analysis/leave-table';
import type { Lexicon } from '../lexicon/types';
import { mulberry32 } from '../analysis/seeded-bag';
import { playGame, type Chooser } from './selfplay';
import { chooserFor } from './strategies';

export const BOARDS_PER_GAME = 8;
export const RACKS_PER_BOARD = 16;
/** Boards with fewer tiles in the bag are near the end, where leaves count differently. */
export const MIN_BAG = 10;
const RACK = 7;

export interface RackEquityState {
  /** 1: racks valued with zero leaves; 2: with the first pass's table. */
  readonly pass: number;
  readonly sums: Float64Array;
  readonly counts: Float64Array;
  racks: number;
  total: number;
  totalSquares: number;
  games: number;
  /** Seeds sampled so far, as ranges [from, to). */
  readonly seeds: [number, number][];
}

export function newRackEquityState(pass: number, index: LeaveIndex = SPANISH_LEAVES): RackEquityState {
  return {
    pass,
    sums: new Float64Array(index.size),
    counts: new Float64Array(index.size),
    racks: 0,
    total: 0,
    totalSquares: 0,
    games: 0,
    seeds: [],
  };
}

export interface SampleOptions {
  readonly lexicon: Lexicon;
  /** The table both bots play the sampling games with. */
  readonly boardLeaves: LeaveEvaluator;
  /** The leaves a rack's best move is valued with. */
  readonly rackLeaves: LeaveEvaluator;
  readonly index?: LeaveIndex;
}

/** Credits one rack (tile codes) with its value: every sub-multiset of 1–6 tiles. */
export function creditRack(state: RackEquityState, codes: readonly number[], value: number, index: LeaveIndex = SPANISH_LEAVES): void {
  const sorted = codes.slice().sort((a, b) => a - b);
  const kinds: number[] = [];
  const have: number[] = [];
  for (const c of sorted) {
    if (kinds.length > 0 && kinds[kinds.length - 1] === c) have[have.length - 1]++;
    else {
      kinds.push(c);
      have.push(1);
    }
  }
  const take = new Array<number>(kinds.length).fill(0);
  const leave: number[] = [];
  for (;;) {
    // next sub-multiset (mixed radix)
    let k = 0;
    while (k < kinds.length && take[k] === have[k]) take[k++] = 0;
    if (k === kinds.length) break;
    take[k]++;
    leave.length = 0;
    for (let i = 0; i < kinds.length; i++) for (let j = 0; j < take[i]; j++) leave.push(kinds[i]);
    if (leave.length > index.maxSize) continue;
    const rank = index.rankCodes(leave);
    if (rank < 0) continue;
    state.sums[rank] += value;
    state.counts[rank]++;
  }
  state.racks++;
  state.total += value;
  state.totalSquares += value * value;
}

/** A chooser that plays as `inner` and keeps a copy of each position it is asked about. */
function recording(inner: Chooser, into: Position[]): Chooser {
  return {
    name: inner.name,
    choose(position) {
      into.push({ ...position, board: position.board.slice(), rack: position.rack.slice() });
      return inner.choose(position);
    },
  };
}

/** Plays the games of seeds [from, to) and credits their racks into `state`. */
export function sampleGames(state: RackEquityState, from: number, to: number, options: SampleOptions): void {
  const index = options.index ?? SPANISH_LEAVES;
  const bot = chooserFor('equity', { lexicon: options.lexicon, leaves: options.boardLeaves });
  for (let seed = from; seed < to; seed++) {
    const positions: Position[] = [];
    playGame(seed, [recording(bot, positions), recording(bot, positions)]);
    const rand = mulberry32((seed * 2654435761) ^ 0x5bd1e995);
    const boards = positions.filter((p) => p.bag >= MIN_BAG);
    // a seeded choice of boards, spread over the game
    for (let i = boards.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [boards[i], boards[j]] = [boards[j], boards[i]];
    }
    for (const board of boards.slice(0, BOARDS_PER_GAME)) sampleBoard(state, board, rand, options, index);
    state.games++;
  }
  const last = state.seeds[state.seeds.length - 1];
  if (last && last[1] === from) last[1] = to;
  else state.seeds.push([from, to]);
}

function sampleBoard(state: RackEquityState, board: Position, rand: () => number, options: SampleOptions, index: LeaveIndex): void {
  // the tiles not on the board: the mover's rack, the opponent's and the bag
  const pool: number[] = [];
  const left = index.counts.slice();
  for (const cell of board.board) if (cell) left[index.codeOf(cell.blank ? '?' : cell.letter)]--;
  left.forEach((n, code) => {
    for (let i = 0; i < n; i++) pool.push(code);
  });
  if (pool.length < RACK) return;
  for (let r = 0; r < RACKS_PER_BOARD; r++) {
    // partial Fisher–Yates: the first seven of the pool
    for (let i = 0; i < RACK; i++) {
      const j = i + Math.floor(rand() * (pool.length - i));
      [pool[i], pool[j]] = [pool[j], pool[i]];
    }
    const codes = pool.slice(0, RACK);
    const position: Position = { ...board, rack: codes.map((c) => index.alphabet[c]) };
    const [best] = bestMoves(position, 1, { lexicon: options.lexicon, leaves: options.rackLeaves });
    creditRack(state, codes, best ? best.equity : 0, index);
  }
}

/** Adds `more` into `state` (same pass and index). */
export function mergeState(state: RackEquityState, more: RackEquityState): void {
  if (state.pass !== more.pass || state.sums.length !== more.sums.length) throw new Error('rack-equity: states of different passes');
  for (let i = 0; i < state.sums.length; i++) {
    state.sums[i] += more.sums[i];
    state.counts[i] += more.counts[i];
  }
  state.racks += more.racks;
  state.total += more.total;
  state.totalSquares += more.totalSquares;
  state.games += more.games;
  state.seeds.push(...more.seeds);
}

// -------------------------------------------------------------------------------------------------
// The model the rare leaves shrink toward

const VOWELS = new Set(['A', 'E', 'I', 'O', 'U']);

/** Names of the model's terms, in feature order (for the docs and the fit's report). */
export function modelTerms(index: LeaveIndex = SPANISH_LEAVES): string[] {
  const names = index.alphabet.map((f) => `tile ${f}`);
  names.push(...index.alphabet.map((f) => `second ${f}`));
  names.push('third copy');
  for (let v = 0; v <= index.maxSize; v++)
    for (let c = 0; v + c <= index.maxSize; c++) if (v + c > 0) names.push(`${v} vowels ${c} consonants`);
  names.push('Q without U', 'Q with U');
  return names;
}

/** The model's features of a leave (codes sorted): sparse (column, value) pairs. */
function features(codes: readonly number[], index: LeaveIndex, out: number[]): void {
  out.length = 0;
  const k = index.kinds;
  let vowels = 0;
  let consonants = 0;
  let q = false;
  let u = false;
  let third = 0;
  for (let i = 0; i < codes.length;) {
    const code = codes[i];
    let n = 1;
    while (i + n < codes.length && codes[i + n] === code) n++;
    const face = index.alphabet[code];
    out.push(code, n);
    if (n >= 2) out.push(k + code, 1);
    if (n >= 3) third += n - 2;
    if (face !== '?') {
      if (VOWELS.has(face)) vowels += n;
      else consonants += n;
    }
    if (face === 'Q') q = true;
    if (face === 'U') u = true;
    i += n;
  }
  const base = 2 * k;
  if (third > 0) out.push(base, third);
  if (vowels + consonants > 0) out.push(base + 1 + balanceColumn(vowels, consonants, index.maxSize), 1);
  const qBase = base + 1 + balanceColumn(0, index.maxSize, index.maxSize) + 1;
  if (q && !u) out.push(qBase, 1);
  if (q && u) out.push(qBase + 1, 1);
}

/** Column of the (vowels, consonants) term, in modelTerms order. */
function balanceColumn(v: number, c: number, max: number): number {
  let col = 0;
  for (let a = 0; a <= max; a++) {
    for (let b = 0; a + b <= max; b++) {
      if (a + b === 0) continue;
      if (a === v && b === c) return col;
      col++;
    }
  }
  return -1;
}

/** Solves (A + ridge·I) x = b by Gaussian elimination with partial pivoting (A symmetric). */
function solve(a: Float64Array, b: Float64Array, n: number, ridge: number): Float64Array {
  const m = Float64Array.from(a);
  const x = Float64Array.from(b);
  for (let i = 0; i < n; i++) m[i * n + i] += ridge;
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r * n + col]) > Math.abs(m[pivot * n + col])) pivot = r;
    if (pivot !== col) {
      for (let c = 0; c < n; c++) [m[col * n + c], m[pivot * n + c]] = [m[pivot * n + c], m[col * n + c]];
      [x[col], x[pivot]] = [x[pivot], x[col]];
    }
    const d = m[col * n + col];
    if (Math.abs(d) < 1e-12) continue;
    for (let r = col + 1; r < n; r++) {
      const f = m[r * n + col] / d;
      if (f === 0) continue;
      for (let c = col; c < n; c++) m[r * n + c] -= f * m[col * n + c];
      x[r] -= f * x[col];
    }
  }
  for (let r = n - 1; r >= 0; r--) {
    let s = x[r];
    for (let c = r + 1; c < n; c++) s -= m[r * n + c] * x[c];
    const d = m[r * n + r];
    x[r] = Math.abs(d) < 1e-12 ? 0 : s / d;
  }
  return x;
}

export interface FittedLeaves {
  /** Value of every leave, by rank. */
  readonly values: Float64Array;
  readonly mean: number;
  /** Variance of one rack's value (σ²) and of the true leave values around the model (τ²). */
  readonly sigma2: number;
  readonly tau2: number;
  /** The shrinkage weight k = σ²/τ² (a leave seen k times is half its own, half the model). */
  readonly k: number;
  /** Leaves no rack held (valued by the model alone). */
  readonly unseen: number;
  readonly coefficients: ReadonlyMap<string, number>;
}

/** The leave values of a state: raw estimates shrunk toward the fitted model (module header). */
export function fitLeaveValues(state: RackEquityState, index: LeaveIndex = SPANISH_LEAVES, prior?: Float64Array): FittedLeaves {
  // on the second pass the previous pass's values join the model as one more term, so a leave
  // few racks held keeps what the first pass learnt of it, rescaled to the second pass
  const terms = prior ? [...modelTerms(index), 'previous pass'] : modelTerms(index);
  const p = terms.length;
  const mean = state.racks > 0 ? state.total / state.racks : 0;
  const sigma2 = state.racks > 1 ? Math.max(1, state.totalSquares / state.racks - mean * mean) : 1;
  const feats: number[][] = new Array<number[]>(index.size);
  const f: number[] = [];
  for (let r = 0; r < index.size; r++) {
    features(index.unrank(r), index, f);
    if (prior) f.push(terms.length - 1, prior[r]);
    feats[r] = f.slice();
  }
  const fit = (tau2: number): Float64Array => {
    const ata = new Float64Array(p * p);
    const atb = new Float64Array(p);
    for (let r = 0; r < index.size; r++) {
      const n = state.counts[r];
      if (n === 0) continue;
      const w = 1 / (tau2 + sigma2 / n);
      const y = state.sums[r] / n - mean;
      const x = feats[r];
      for (let i = 0; i < x.length; i += 2) {
        const ci = x[i];
        const vi = x[i + 1] * w;
        atb[ci] += vi * y;
        for (let j = 0; j < x.length; j += 2) ata[ci * p + x[j]] += vi * x[j + 1];
      }
    }
    let trace = 0;
    for (let i = 0; i < p; i++) trace += ata[i * p + i];
    return solve(ata, atb, p, (trace / p) * 1e-6 + 1e-9);
  };
  const predict = (beta: Float64Array, r: number): number => {
    const x = feats[r];
    let s = 0;
    for (let i = 0; i < x.length; i += 2) s += beta[x[i]] * x[i + 1];
    return s;
  };
  let tau2 = 4;
  let beta = fit(tau2);
  for (let round = 0; round < 2; round++) {
    // τ²: the residual spread beyond what the sampling noise explains (well-seen leaves only)
    let num = 0;
    let den = 0;
    for (let r = 0; r < index.size; r++) {
      const n = state.counts[r];
      if (n < 50) continue;
      const d = state.sums[r] / n - mean - predict(beta, r);
      num += n * (d * d - sigma2 / n);
      den += n;
    }
    tau2 = den > 0 ? Math.max(0.25, num / den) : 4;
    beta = fit(tau2);
  }
  const k = sigma2 / tau2;
  const values = new Float64Array(index.size);
  let unseen = 0;
  for (let r = 0; r < index.size; r++) {
    const n = state.counts[r];
    const model = predict(beta, r);
    if (n === 0) unseen++;
    values[r] = n === 0 ? model : (state.sums[r] - n * mean + k * model) / (n + k);
  }
  return { values, mean, sigma2, tau2, k, unseen, coefficients: new Map(terms.map((t, i) => [t, beta[i]])) };
}

// -------------------------------------------------------------------------------------------------
// The state on disk: a JSON header line, then the sums and counts as float64 (little-endian)

export const STATE_MAGIC = 'PLRE1';

export function serializeState(state: RackEquityState, extra: Readonly<Record<string, unknown>> = {}): Buffer {
  const header = Buffer.from(
    `${JSON.stringify({
      magic: STATE_MAGIC,
      pass: state.pass,
      size: state.sums.length,
      racks: state.racks,
      total: state.total,
      totalSquares: state.totalSquares,
      games: state.games,
      seeds: state.seeds,
      ...extra,
    })}\n`,
    'utf8',
  );
  const body = Buffer.alloc(state.sums.length * 16);
  for (let i = 0; i < state.sums.length; i++) {
    body.writeDoubleLE(state.sums[i], i * 16);
    body.writeDoubleLE(state.counts[i], i * 16 + 8);
  }
  return Buffer.concat([header, body]);
}

export function parseState(bytes: Uint8Array): { state: RackEquityState; extra: Record<string, unknown> } | undefined {
  const nl = bytes.indexOf(10);
  if (nl < 0) return undefined;
  let h: Record<string, unknown>;
  try {
    h = JSON.parse(Buffer.from(bytes.subarray(0, nl)).toString('utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const size = Number(h.size);
  if (h.magic !== STATE_MAGIC || !Number.isInteger(size) || bytes.length !== nl + 1 + size * 16) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset + nl + 1, size * 16);
  const state: RackEquityState = {
    pass: Number(h.pass),
    sums: new Float64Array(size),
    counts: new Float64Array(size),
    racks: Number(h.racks),
    total: Number(h.total),
    totalSquares: Number(h.totalSquares),
    games: Number(h.games),
    seeds: (h.seeds as [number, number][]) ?? [],
  };
  for (let i = 0; i < size; i++) {
    state.sums[i] = view.getFloat64(i * 16, true);
    state.counts[i] = view.getFloat64(i * 16 + 8, true);
  }
  return { state, extra: h };
}
