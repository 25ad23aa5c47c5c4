/**
 * The reconstruction's vocabulary (docs/reconstruct.md): what the sheet says of a turn, the
 * options, a play found and the answer per turn and for the whole sheet. Types only; the search is
 * in reconstruct.ts (its driver), reconstruct-state.ts and reconstruct-plays.ts.
 *
 * Example:
 *   const t: SheetTurn = { player: 0, kind: 'play', score: 26 };
 */
import type { TileSetName } from '../engine/types';

/** What the sheet says of one turn. */
export interface SheetTurn {
  readonly player: number;
  /** `play`: a placement scoring `score` (> 0); `zero`: a scoreless turn. */
  readonly kind: 'play' | 'zero';
  readonly score: number;
  /** The coordinate written (the first square of the whole word and its direction). */
  readonly coord?: { readonly row: number; readonly col: number; readonly direction: 'across' | 'down' };
  /**
   * The word written: the whole main word (`word` lines) or the GCG play (`placement` lines, where
   * `null` is a played-through `.`); letters as canonical faces, blank flags as written.
   */
  readonly word?: readonly { readonly letter: string | null; readonly blank: boolean }[];
  /** The whole rack before the turn, when the sheet gives it ('?' for a blank). */
  readonly rack?: readonly string[];
}

export interface ReconstructOptions {
  readonly tileSet: TileSetName;
  /** Word judge (normalised words, lexicon/types.ts); without it any word is taken. */
  readonly judge?: (normalized: string) => boolean;
  /** Milliseconds the search may take (default 30 000). */
  readonly timeLimitMs?: number;
  /** Called now and then with the part of the search done (0..1). */
  readonly onProgress?: (fraction: number) => void;
  /** Polled now and then; true stops the search (the answer says `cancelled`). */
  readonly cancelled?: () => boolean;
  /**
   * The player who went out (the sheet's end line `(RACK) +N`, 37.4 / 40.3): that player's rack
   * is empty after the last turn. Undefined: the sheet does not say how the game ended.
   */
  readonly finisher?: number;
}

/** One placement a turn may have had. */
export interface FoundPlay {
  /** Squares of the new tiles, ascending. */
  readonly squares: readonly number[];
  readonly direction: 'across' | 'down';
  /** GCG coordinate of the whole main word (`8D`, `D8`). */
  readonly coord: string;
  /** GCG play in bracket notation: new tiles as faces (blanks lower case), `.` for the board's. */
  readonly play: string;
  /** Every word it formed, main word first (faces joined, upper case). */
  readonly words: readonly string[];
  readonly score: number;
  /** The tiles it put on the rack's side: faces, '?' for a blank. */
  readonly tiles: readonly string[];
}

export type TurnStatus = 'decided' | 'ambiguous' | 'impossible' | 'zero' | 'unknown';

export interface TurnAnswer {
  readonly status: TurnStatus;
  /** decided: the play; ambiguous: every candidate (at most `MAX_LISTED`). */
  readonly candidates: readonly FoundPlay[];
  /** ambiguous: more candidates than listed. */
  readonly more?: number;
  /**
   * Tiles on the board before the turn, fewest and most over every fitting game (set when the
   * search ran to its end and something fits): the bag before it is certainly empty when even the
   * fewest leave none (art. 3).
   */
  readonly placedBefore?: { readonly min: number; readonly max: number };
}

export interface ReconstructResult {
  readonly turns: readonly TurnAnswer[];
  /** True when the search ran to its end (no timeout, not cancelled). */
  readonly complete: boolean;
  readonly timedOut: boolean;
  readonly cancelled: boolean;
  /** Number of ways found of fitting the whole sheet (counted up to 10 000). */
  readonly solutions: number;
  /** When nothing fits: index of the first turn from which no play fits (turns before it do). */
  readonly stoppedAt?: number;
  /** Why nothing fits, when it is not a turn: the tile counts disagree. */
  readonly mismatch?: { readonly kind: 'too-few-tiles' | 'too-many-tiles'; readonly tiles: number; readonly turns: number };
  /** True when nothing fits with the word list and the answer comes from a search without it. */
  readonly lexiconSetAside: boolean;
  /** Search nodes visited (states reached). */
  readonly nodes: number;
}
