/**
 * Leave values: what the tiles kept on the rack after a move are worth for the turns to come
 * (the "leave" term of the static equity, docs/coach.md). A `LeaveEvaluator` is the one
 * interface the move generator asks; trained tables plug in behind it.
 *
 * Invariants: `value` is pure and cheap enough to be called once per distinct sub-multiset of a
 * rack (at most 128 calls per position; the generator never calls it per move); the order of
 * `leave` is irrelevant; an empty leave is worth 0.
 *
 * The provisional table (`provisionalLeaves`) is a per-tile worth plus two corrections, written
 * out with its reasoning in the README ("Provisional leave values"): a duplicated face costs, and
 * a leave heavy in vowels or in consonants costs.
 *
 * Example:
 *   const leaves = provisionalLeaves(TILE_SETS.spanish);
 *   leaves.value(['?', 'S']);        // 32
 *   leaves.value(['U', 'U', 'Q']);   // -14
 */
import type { TileSet } from '../engine/tilesets';

export interface LeaveEvaluator {
  /** Shown in reports ('provisional-tile-worths', a table's file name). */
  readonly name: string;
  /** Worth, in points, of keeping these tiles (faces as the engine writes them: 'A', 'Ñ', 'CH', '?'). */
  value(leave: readonly string[]): number;
  /** Set when every leave is worth this same value: the generator then asks `value` nothing. */
  readonly constant?: number;
}

/**
 * Per-tile worths for the FISE Spanish set (points; see the README for the reasoning): the blank
 * and S are the tiles that make bingos and plurals; R, E, A, N, L, D, O combine well; high-value
 * tiles that fit few words (Q, the digraphs, V) and the U (needed by Q, weak otherwise) cost.
 */
const SPANISH_WORTHS: Readonly<Record<string, number>> = {
  '?': 25,
  S: 7,
  R: 2.5,
  E: 2.5,
  A: 2,
  N: 2,
  L: 1.5,
  D: 1.5,
  O: 1,
  T: 1,
  C: 1,
  I: 0.5,
  Z: 1,
  M: 0,
  B: -0.5,
  P: -0.5,
  G: -1,
  H: -1,
  Y: -1,
  U: -2,
  F: -2,
  J: -1.5,
  X: -1.5,
  Ñ: -2.5,
  CH: -2.5,
  LL: -3.5,
  RR: -3.5,
  V: -3.5,
  Q: -7,
};

/** Per-tile worths for the English set (same reasoning; moves are generated for Spanish only). */
const ENGLISH_WORTHS: Readonly<Record<string, number>> = {
  '?': 25,
  S: 8,
  Z: 3,
  X: 3,
  R: 1.5,
  E: 1.5,
  H: 1,
  D: 0.5,
  N: 0.5,
  A: 0.5,
  L: 0.5,
  T: 0,
  C: 0.5,
  M: 0.5,
  K: -0.5,
  I: -0.5,
  O: -1,
  P: 0,
  Y: -0.5,
  J: -1.5,
  B: -2,
  G: -2,
  F: -2,
  W: -3,
  U: -3,
  V: -5,
  Q: -7,
};

const SPANISH_VOWELS = new Set(['A', 'E', 'I', 'O', 'U']);

/** Cost of each copy of a face beyond the first (a blank pair is not penalised). */
export const DUPLICATE_PENALTY = 3;
/** Cost per tile of imbalance beyond one between vowels and consonants (blanks count as neither). */
export const BALANCE_PENALTY = 2;

/**
 * The documented provisional evaluator: Σ worth(tile) − 3 × (extra copies of a face) −
 * 2 × max(0, |vowels − consonants| − 1). Faces the table lacks count 0.
 */
export function provisionalLeaves(tileSet: TileSet): LeaveEvaluator {
  const worths = tileSet.name === 'english' ? ENGLISH_WORTHS : SPANISH_WORTHS;
  return {
    name: 'provisional-tile-worths',
    value(leave: readonly string[]): number {
      if (leave.length === 0) return 0;
      let sum = 0;
      let vowels = 0;
      let consonants = 0;
      for (let i = 0; i < leave.length; i++) {
        const face = leave[i];
        sum += worths[face] ?? 0;
        if (face !== '?' && leave.indexOf(face) < i) sum -= DUPLICATE_PENALTY; // a copy beyond the first
        if (face === '?') continue;
        if (SPANISH_VOWELS.has(face)) vowels++;
        else consonants++;
      }
      const imbalance = Math.abs(vowels - consonants) - 1;
      if (imbalance > 0) sum -= BALANCE_PENALTY * imbalance;
      return sum;
    },
  };
}

/**
 * What the tiles kept are worth when the bag is empty (docs/leaves.md, "Near the end"): nothing
 * will be drawn, so a leave is no longer a rack to build on but points that will count at the
 * end. As MAGPIE and Macondo do: a move that empties the rack gains twice the opponent's tiles
 * (FISE 37.4: the finisher adds them and the opponent loses them); any other move loses twice
 * the face value of what it keeps (the player will probably be left with it while the opponent
 * goes out) plus a constant for handing the opponent the chance to go out first.
 *
 *   term = +2 × R                          if the move goes out (R: the opponent's tiles' points)
 *   term = −2 × points(leave) − 10         otherwise
 *
 * While the bag holds tiles the leave is worth its table value, however few tiles are left (as
 * MAGPIE, whose pre-endgame adjustments are zero; Quackle's are measured for English only).
 */
export function endgameLeaveTerm(leavePoints: number, goesOut: boolean, opponentPoints: number): number {
  return goesOut ? 2 * opponentPoints : -2 * leavePoints - NON_OUTPLAY_PENALTY;
}

/** The constant a move that does not go out with the bag empty pays (MAGPIE's and Macondo's 10). */
export const NON_OUTPLAY_PENALTY = 10;

/** An evaluator that values every leave at 0 (equity = score; for tests and `--sort score`). */
export const NO_LEAVES: LeaveEvaluator = { name: 'none', value: () => 0, constant: 0 };
