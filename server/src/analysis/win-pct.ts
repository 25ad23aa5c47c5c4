/**
 * Win percentage: the chance that the player to move wins a Spanish game under the FISE rules,
 * from the spread (their score minus the opponent's) and the tiles they cannot see (the bag plus
 * the opponent's rack). The table is Planilla's own (data/win-pct-es.json, made by
 * scripts/train-win-pct.mjs from self-play games; docs/deep-analysis.md "Win percentage"): one
 * logistic curve in the spread per unseen count, p = 1 / (1 + e^−(a + b·spread)).
 *
 * Invariants: pure; the result is in [0, 1]; non-decreasing in the spread for every unseen count
 * (every b > 0); with 0 tiles unseen the game is over and the answer is exact: 1 ahead, 0.5 level,
 * 0 behind; unseen counts above the table's last row use the last row; a spread that is not a
 * finite number counts as level. Draws counted as half a win in the training.
 *
 * Example:
 *   winProbability(0, 93);     // ≈ 0.55 (the first player's edge)
 *   winProbability(40, 7);     // ≈ 0.99 (40 ahead, bag empty)
 *   winProbability(-5, 0);     // 0 (the game is over)
 */
import { WIN_PCT_DATA, type WinPctData } from './win-pct-table';

/** Where the table comes from: seeds, games, positions, CPU time, commit, leave table. */
export const WIN_PCT_PROVENANCE: WinPctData['provenance'] = WIN_PCT_DATA.provenance;

/** The most unseen tiles the table has a row for. */
export const WIN_PCT_MAX_UNSEEN = WIN_PCT_DATA.rows.length - 1;

/**
 * Probability (0..1) that the player to move wins, draws counting half: `spread` = their score
 * minus the opponent's, `unseenTiles` = tiles in the bag + tiles on the opponent's rack.
 */
export function winProbability(spread: number, unseenTiles: number): number {
  const s = Number.isFinite(spread) ? spread : 0;
  const u = Number.isFinite(unseenTiles) ? Math.round(unseenTiles) : 0;
  if (u <= 0) return s > 0 ? 1 : s < 0 ? 0 : 0.5;
  const [a, b] = WIN_PCT_DATA.rows[Math.min(u, WIN_PCT_MAX_UNSEEN)];
  const x = a + b * s;
  return 1 / (1 + Math.exp(-x));
}
