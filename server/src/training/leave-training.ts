/**
 * The statistics of leave-value training (driven by scripts/train-leaves.mjs).
 *
 * Credit: on every turn that kept tiles while the bag still held tiles after the draw (a
 * placement or an exchange; a pass keeps nothing new), the kept leave L is credited with the
 * outcome of that choice: the equity of the same player's next turn (its score plus, when the bag
 * still holds tiles after it, the value of the leave it keeps under the table being played).
 * A leave's value is the mean outcome of the turns that kept it minus the mean outcome of all
 * credited turns (Macondo's and wolges' method, with a one-turn horizon).
 *
 * Stages:
 *   'tiles'  per-tile worths: least squares of (outcome − overall mean) on the leave's tile
 *            counts (no intercept, a small ridge), 29 numbers;
 *   'three'  the worths, plus every seen leave of 2–3 tiles;
 *   'full'   every seen leave of 1–6 tiles.
 * Smoothing (the same rule the table applies to leaves it does not store): a leave seen n times
 * is worth (n · (mean − overall) + k · prior) / (n + k), where prior is the value the table
 * would give it from its sub-leaves; leaves are fitted by increasing size so a prior rests on
 * the sub-leaves fitted just before. Leaves seen fewer than `minCount` times are not stored.
 *
 * Invariants: accumulators are plain sums, so workers' accumulators merge by addition and the
 * result does not depend on how games were split; `fit` is deterministic.
 *
 * Example:
 *   const acc = new LeaveStats();
 *   creditGame(game, table, acc);
 *   const entries = acc.fit('full', worthsTable, { k: 20, minCount: 3 });
 */
import { LeaveTable, SPANISH_LEAVES, type LeaveIndex, type LeaveValues } from '../analysis/leave-table';
import type { SelfPlayGame } from './selfplay';

/** Sums for the per-tile regression and the per-leave means. */
export class LeaveStats {
  readonly kinds: number;
  /** Σ x xᵀ with x = (1, counts…): (kinds + 1)². */
  xtx: Float64Array;
  /** Σ x y. */
  xty: Float64Array;
  /** Per-leave sum of outcomes and count, by rank. */
  readonly sums = new Map<number, number>();
  readonly counts = new Map<number, number>();
  total = 0;
  n = 0;

  constructor(readonly index: LeaveIndex = SPANISH_LEAVES) {
    this.kinds = index.kinds;
    const d = this.kinds + 1;
    this.xtx = new Float64Array(d * d);
    this.xty = new Float64Array(d);
  }

  /** Credits the leave (tile codes) with an outcome. */
  add(codes: readonly number[], y: number): void {
    const d = this.kinds + 1;
    const x = new Map<number, number>([[0, 1]]);
    for (const c of codes) x.set(c + 1, (x.get(c + 1) ?? 0) + 1);
    for (const [i, xi] of x) {
      this.xty[i] += xi * y;
      for (const [j, xj] of x) this.xtx[i * d + j] += xi * xj;
    }
    this.total += y;
    this.n++;
    if (codes.length === 0) return;
    const rank = this.index.rankCodes(codes.slice());
    if (rank < 0) return;
    this.sums.set(rank, (this.sums.get(rank) ?? 0) + y);
    this.counts.set(rank, (this.counts.get(rank) ?? 0) + 1);
  }

  /** Adds another accumulator, its weight multiplied by `weight`. */
  merge(other: SerializedStats | LeaveStats, weight = 1): void {
    for (let i = 0; i < this.xtx.length; i++) this.xtx[i] += weight * other.xtx[i];
    for (let i = 0; i < this.xty.length; i++) this.xty[i] += weight * other.xty[i];
    this.total += weight * other.total;
    this.n += weight * other.n;
    const ranks = other instanceof LeaveStats ? [...other.sums.keys()] : other.ranks;
    const sums = other instanceof LeaveStats ? [...other.sums.values()] : other.sums;
    const counts = other instanceof LeaveStats ? [...other.counts.values()] : other.counts;
    for (let i = 0; i < ranks.length; i++) {
      const r = ranks[i];
      this.sums.set(r, (this.sums.get(r) ?? 0) + weight * sums[i]);
      this.counts.set(r, (this.counts.get(r) ?? 0) + weight * counts[i]);
    }
  }

  /** Multiplies every sum by `factor` (older generations weigh less). */
  scale(factor: number): void {
    const copy = new LeaveStats(this.index);
    copy.merge(this, factor);
    this.xtx = copy.xtx;
    this.xty = copy.xty;
    this.total = copy.total;
    this.n = copy.n;
    this.sums.clear();
    this.counts.clear();
    for (const [r, s] of copy.sums) this.sums.set(r, s);
    for (const [r, c] of copy.counts) this.counts.set(r, c);
  }

  /** Plain arrays, for posting between threads. */
  serialize(): SerializedStats {
    return {
      xtx: Array.from(this.xtx),
      xty: Array.from(this.xty),
      total: this.total,
      n: this.n,
      ranks: [...this.sums.keys()],
      sums: [...this.sums.values()],
      counts: [...this.counts.values()],
    };
  }

  /**
   * Per-face worths by ridge least squares on the centred outcomes, with no intercept: the
   * additive model v(L) = Σ worth(t) that best fits (outcome − overall mean), so the worths share
   * the baseline of the per-leave values (face → points).
   */
  fitWorths(ridge = 1): Map<string, number> {
    const d = this.kinds + 1;
    const m = this.kinds;
    const mean = this.mean();
    // rows/columns 1..kinds of Σ x xᵀ; right side Σ x (y − mean) = Σ x y − mean Σ x
    const a = Array.from({ length: m }, (_, i) =>
      Array.from({ length: m + 1 }, (_, j) =>
        j === m ? this.xty[i + 1] - mean * this.xtx[i + 1] : this.xtx[(i + 1) * d + (j + 1)] + (i === j ? ridge : 0),
      ),
    );
    // Gauss–Jordan with partial pivoting
    for (let c = 0; c < m; c++) {
      let best = c;
      for (let r = c + 1; r < m; r++) if (Math.abs(a[r][c]) > Math.abs(a[best][c])) best = r;
      [a[c], a[best]] = [a[best], a[c]];
      const pivot = a[c][c];
      if (Math.abs(pivot) < 1e-12) continue;
      for (let j = c; j <= m; j++) a[c][j] /= pivot;
      for (let r = 0; r < m; r++) {
        if (r === c || a[r][c] === 0) continue;
        const f = a[r][c];
        for (let j = c; j <= m; j++) a[r][j] -= f * a[c][j];
      }
    }
    const worths = new Map<string, number>();
    for (let k = 0; k < m; k++) {
      const w = a[k][m];
      worths.set(this.index.alphabet[k], Number.isFinite(w) ? w : 0);
    }
    return worths;
  }

  /** Mean outcome of all credited turns. */
  mean(): number {
    return this.n > 0 ? this.total / this.n : 0;
  }

  /**
   * The table entries (rank → value) of a stage. `worths` are the per-tile values fitted first;
   * priors of longer leaves come from the entries fitted so far (module header).
   */
  fit(
    stage: 'tiles' | 'three' | 'full',
    worths: ReadonlyMap<string, number>,
    options: { readonly k?: number; readonly minCount?: number } = {},
  ): Map<number, number> {
    const k = options.k ?? 20;
    const minCount = options.minCount ?? 3;
    const entries = new Map<number, number>();
    for (const [face, w] of worths) {
      const r = this.index.rank([face]);
      if (r >= 0) entries.set(r, w);
    }
    if (stage === 'tiles') return entries;
    const maxSize = stage === 'three' ? 3 : this.index.maxSize;
    const overall = this.mean();
    // by increasing size, so priors use the values just fitted
    const bySize: number[][] = Array.from({ length: maxSize + 1 }, () => []);
    for (const [rank, count] of this.counts) {
      if (count < minCount) continue;
      const size = this.index.unrank(rank).length;
      if (size <= maxSize) bySize[size].push(rank);
    }
    for (let size = 1; size <= maxSize; size++) {
      const ranks = Uint32Array.from([...entries.keys()].sort((a, b) => a - b));
      const current = new LeaveTable(
        'fit',
        this.index,
        ranks,
        Float64Array.from(ranks, (r) => entries.get(r)!),
      );
      const fitted: [number, number][] = [];
      for (const rank of bySize[size].sort((a, b) => a - b)) {
        const n = this.counts.get(rank)!;
        const mean = this.sums.get(rank)! / n - overall;
        const codes = this.index.unrank(rank);
        // a single tile's prior is its regression worth
        const prior = size === 1 ? (entries.get(rank) ?? 0) : current.smoothedValue(codes);
        fitted.push([rank, (n * mean + k * prior) / (n + k)]);
      }
      for (const [r, v] of fitted) entries.set(r, v);
    }
    return entries;
  }
}

export interface SerializedStats {
  readonly xtx: readonly number[];
  readonly xty: readonly number[];
  readonly total: number;
  readonly n: number;
  readonly ranks: readonly number[];
  readonly sums: readonly number[];
  readonly counts: readonly number[];
}

/** Credits every kept leave of a game (module header) under the table `played` the game used. */
export function creditGame(
  game: SelfPlayGame,
  played: LeaveValues,
  stats: LeaveStats,
  codeOf: (face: string) => number = (f) => stats.index.codeOf(f),
): void {
  const turns = game.turns;
  // next turn of the same player: two later in alternating play
  for (let t = 0; t + 2 < turns.length; t++) {
    const turn = turns[t];
    if (turn.move.kind === 'pass' || turn.bagAfter === 0) continue;
    const next = turns[t + 2];
    let y = next.score;
    if (next.move.kind !== 'pass' && next.bagAfter > 0) y += played.value(next.move.leave);
    else if (next.move.kind === 'pass') y += played.value(next.rack);
    const codes = turn.move.leave.map(codeOf);
    if (codes.some((c) => c < 0)) continue;
    stats.add(codes, y);
  }
}
