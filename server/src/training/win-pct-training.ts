/**
 * Training the win-percentage table (analysis/win-pct.ts) from self-play games: every position
 * of every game becomes one observation (spread of the player to move, tiles unseen by that
 * player, how the game ended for them), counted per (unseen, spread) cell; the fit turns the
 * counts into one logistic curve in the spread per unseen count; the calibration scores a table
 * on counts from other games (Brier score, reliability bins).
 *
 * Observations. Before each turn of a game (training/selfplay.ts): spread = mover's total minus
 * the opponent's; unseen = tiles in the bag + tiles on the opponent's rack (what the mover cannot
 * see); outcome = 1 if the mover's final total (end-of-game lines of art. 37 included) beats the
 * opponent's, 0.5 on a tie, 0 otherwise. The opponent's rack size at a turn is the size of the
 * rack they hold at their next turn (nothing changes it in between), or at the end of the game.
 *
 * Fit. For each unseen count u ≥ 1 the cells of the counts u − h … u + h (h grown from 2 until
 * the window holds `minPositions` observations, triangular weights 1 − |u − u'|/(h + 1)) are
 * pooled, and p = σ(a + b·spread) is fitted by weighted Newton iterations on the cell counts
 * (draws count half), with a small ridge on b toward the window's scale; b is kept above a floor
 * so that p never decreases with the spread. Unseen 0 (the game is over) is exact in the lookup.
 *
 * Invariants: counts are exact integers, so merging counts from any split of the seeds gives the
 * same table; the fit is deterministic (no random numbers); every fitted b is > 0.
 *
 * Example:
 *   const c = new WinPctCounts();
 *   c.addGame(playGame(7, [equity, equity]));
 *   const rows = fitWinPct(c);                 // [[a, b] for unseen 0 … 93]
 *   calibrate(rows, heldOut).brier;            // 0.16…
 */
import type { SelfPlayGame } from './selfplay';

/** The most tiles a player can fail to see: 100 tiles − 7 on the own rack. */
export const MAX_UNSEEN = 93;

/** One position of a game, as the training counts it. */
export interface WinPctObservation {
  readonly spread: number;
  readonly unseen: number;
  /** 1 win, 0.5 draw, 0 loss, for the player to move. */
  readonly outcome: number;
}

/** The observations of a game: one per turn, before the turn is played. */
export function observationsOf(game: SelfPlayGame): WinPctObservation[] {
  const out: WinPctObservation[] = [];
  const totals = [0, 0];
  const turns = game.turns;
  for (let i = 0; i < turns.length; i++) {
    const t = turns[i];
    const p = t.player;
    const q = 1 - p;
    const next = turns[i + 1];
    const opponentRack = next && next.player === q ? next.rack.length : game.racks[q].length;
    const mine = game.final[p];
    const theirs = game.final[q];
    out.push({
      spread: totals[p] - totals[q],
      unseen: t.bagBefore + opponentRack,
      outcome: mine > theirs ? 1 : mine === theirs ? 0.5 : 0,
    });
    totals[p] = t.total;
  }
  return out;
}

/** Per (unseen, spread) cell: positions, wins, draws. */
export interface SerializedCounts {
  readonly format: 'planilla-win-pct-counts';
  readonly games: number;
  /** [unseen, spread, positions, wins, draws] per cell, sorted. */
  readonly cells: readonly (readonly [number, number, number, number, number])[];
}

export class WinPctCounts {
  private readonly cells = new Map<string, [number, number, number, number, number]>();
  games = 0;

  add(o: WinPctObservation): void {
    const key = `${o.unseen},${o.spread}`;
    let c = this.cells.get(key);
    if (!c) {
      c = [o.unseen, o.spread, 0, 0, 0];
      this.cells.set(key, c);
    }
    c[2]++;
    if (o.outcome === 1) c[3]++;
    else if (o.outcome === 0.5) c[4]++;
  }

  addGame(game: SelfPlayGame): void {
    for (const o of observationsOf(game)) this.add(o);
    this.games++;
  }

  merge(other: SerializedCounts): void {
    for (const [u, s, n, w, d] of other.cells) {
      const key = `${u},${s}`;
      let c = this.cells.get(key);
      if (!c) {
        c = [u, s, 0, 0, 0];
        this.cells.set(key, c);
      }
      c[2] += n;
      c[3] += w;
      c[4] += d;
    }
    this.games += other.games;
  }

  get positions(): number {
    let n = 0;
    for (const c of this.cells.values()) n += c[2];
    return n;
  }

  serialize(): SerializedCounts {
    const cells = [...this.cells.values()].map((c) => [c[0], c[1], c[2], c[3], c[4]] as const).sort((x, y) => x[0] - y[0] || x[1] - y[1]);
    return { format: 'planilla-win-pct-counts', games: this.games, cells };
  }

  static from(s: SerializedCounts): WinPctCounts {
    const c = new WinPctCounts();
    c.merge(s);
    return c;
  }

  /** Cells of one unseen count. */
  cellsAt(unseen: number): [number, number, number, number, number][] {
    return [...this.cells.values()].filter((c) => c[0] === unseen);
  }
}

export interface FitOptions {
  /** Observations a pooling window must hold (default 4000). */
  readonly minPositions?: number;
  /** Smallest half-width of the pooling window in unseen counts (default 2). */
  readonly minHalfWidth?: number;
}

/** The smallest slope a fitted curve may have (per point of spread). */
export const MIN_SLOPE = 1e-3;

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

/** Weighted logistic fit of p = σ(a + b·s) on (s, weight, successes) cells; ridge `lambda` on b. */
function fitLogistic(cells: readonly { s: number; n: number; y: number }[], lambda: number): [number, number] {
  let a = 0;
  let b = 0.02;
  for (let iter = 0; iter < 60; iter++) {
    let ga = 0;
    let gb = -lambda * b;
    let haa = 1e-9;
    let hab = 0;
    let hbb = lambda + 1e-9;
    for (const c of cells) {
      const p = sigmoid(a + b * c.s);
      const r = c.y - c.n * p;
      const w = c.n * p * (1 - p);
      ga += r;
      gb += r * c.s;
      haa += w;
      hab += w * c.s;
      hbb += w * c.s * c.s;
    }
    const det = haa * hbb - hab * hab;
    if (!(det > 0)) break;
    const da = (hbb * ga - hab * gb) / det;
    const db = (haa * gb - hab * ga) / det;
    a += da;
    b += db;
    if (Math.abs(da) < 1e-9 && Math.abs(db) < 1e-11) break;
  }
  return [a, Math.max(MIN_SLOPE, b)];
}

/** The fitted curve per unseen count: `rows[u] = [a, b]`, u = 0 … MAX_UNSEEN (row 0 unused by the lookup). */
export function fitWinPct(counts: WinPctCounts, options: FitOptions = {}): [number, number][] {
  const minPositions = options.minPositions ?? 4000;
  const minHalf = options.minHalfWidth ?? 2;
  const byUnseen: [number, number, number, number, number][][] = [];
  const totals: number[] = [];
  for (let u = 0; u <= MAX_UNSEEN; u++) {
    byUnseen.push(counts.cellsAt(u));
    totals.push(byUnseen[u].reduce((s, c) => s + c[2], 0));
  }
  const rows: [number, number][] = [[0, 1]];
  for (let u = 1; u <= MAX_UNSEEN; u++) {
    let h = minHalf;
    const inWindow = (hw: number): number => {
      let n = 0;
      for (let v = Math.max(1, u - hw); v <= Math.min(MAX_UNSEEN, u + hw); v++) n += totals[v];
      return n;
    };
    while (inWindow(h) < minPositions && h < MAX_UNSEEN) h++;
    const cells: { s: number; n: number; y: number }[] = [];
    for (let v = Math.max(1, u - h); v <= Math.min(MAX_UNSEEN, u + h); v++) {
      const w = 1 - Math.abs(u - v) / (h + 1);
      for (const [, s, n, wins, draws] of byUnseen[v]) cells.push({ s, n: w * n, y: w * (wins + draws / 2) });
    }
    // ridge toward a flat slope is weak: 1 observation's worth at a 100-point spread
    rows.push(fitLogistic(cells, 1 / (100 * 100)));
  }
  return rows;
}

/** p = σ(a + b·s) for unseen ≥ 1, exact by sign at 0 unseen. */
export function probabilityFromRows(rows: readonly (readonly [number, number])[], spread: number, unseen: number): number {
  if (unseen <= 0) return spread > 0 ? 1 : spread < 0 ? 0 : 0.5;
  const [a, b] = rows[Math.min(unseen, rows.length - 1)];
  return sigmoid(a + b * spread);
}

export interface ReliabilityBin {
  readonly low: number;
  readonly high: number;
  readonly positions: number;
  /** Mean predicted probability in the bin. */
  readonly predicted: number;
  /** Observed score (draws half) in the bin. */
  readonly observed: number;
}

export interface Calibration {
  readonly positions: number;
  readonly games: number;
  /** Mean (p − outcome)² over every position. */
  readonly brier: number;
  /** The same for the constant 0.5 and for the sign of the spread (1 / 0.5 / 0). */
  readonly brierHalf: number;
  readonly brierSign: number;
  readonly bins: readonly ReliabilityBin[];
}

/** Which positions a calibration scores: all, or only the mover's side at the turn. */
export type CalibrationSide = 'all' | 'leading' | 'trailing' | 'level';

/** Whether a position of spread `spread` (the mover's) belongs to `side`. */
function onSide(spread: number, side: CalibrationSide): boolean {
  if (side === 'leading') return spread > 0;
  if (side === 'trailing') return spread < 0;
  if (side === 'level') return spread === 0;
  return true;
}

/**
 * Scores `predict` on held-out counts: Brier score and ten reliability bins of the prediction;
 * `side` keeps only the positions where the mover leads, trails or is level (by the spread).
 */
export function calibrate(
  predict: (spread: number, unseen: number) => number,
  counts: WinPctCounts,
  binCount = 10,
  side: CalibrationSide = 'all',
): Calibration {
  const acc = Array.from({ length: binCount }, () => ({ n: 0, p: 0, o: 0 }));
  let n = 0;
  let brier = 0;
  let half = 0;
  let sign = 0;
  for (const [u, s, cn, w, d] of counts.serialize().cells) {
    if (!onSide(s, side)) continue;
    const p = predict(s, u);
    const so = w + d / 2; // Σ outcome
    const so2 = w + d / 4; // Σ outcome²
    brier += cn * p * p - 2 * p * so + so2;
    half += cn * 0.25 - so + so2;
    const q = s > 0 ? 1 : s < 0 ? 0 : 0.5;
    sign += cn * q * q - 2 * q * so + so2;
    n += cn;
    const k = Math.min(binCount - 1, Math.floor(p * binCount));
    acc[k].n += cn;
    acc[k].p += cn * p;
    acc[k].o += so;
  }
  return {
    positions: n,
    games: counts.games,
    brier: n > 0 ? brier / n : 0,
    brierHalf: n > 0 ? half / n : 0,
    brierSign: n > 0 ? sign / n : 0,
    bins: acc.map((b, k) => ({
      low: k / binCount,
      high: (k + 1) / binCount,
      positions: b.n,
      predicted: b.n > 0 ? b.p / b.n : 0,
      observed: b.n > 0 ? b.o / b.n : 0,
    })),
  };
}
