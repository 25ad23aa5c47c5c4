/**
 * Scoring of one placement (art. 12–19): the words it forms (the main word and every cross word)
 * with a per-square breakdown. Letter premiums apply first (art. 13), then word premiums (art. 14;
 * two of them multiply, art. 15); a premium counts only on a square covered in this turn
 * (art. 17); every new word counts, a shared new tile counting in each with its premium (art. 18);
 * blanks are worth 0 (art. 10.2); placing 7 tiles adds 50 after the multipliers (art. 19).
 *
 * Invariants: pure; the board passed in is not modified; a word is a maximal run of two or more
 * tiles that holds at least one new tile; with a `judge` (the lexicon) each word carries its
 * verdict in `accepted`, looked up once; the main word comes first (for a single tile that makes
 * no word along the written direction, the word it makes across it is the main word).
 *
 * Example:
 *   const s = scorePlacement(emptyBoard(), [{ row: 7, col: 3, letter: 'L', blank: false }, ...],
 *                            'across', TILE_SETS.spanish);
 *   s.words[0].word;  // 'LIBRO'
 *   s.score;          // 16
 */
import { BOARD_SIZE, letterMultiplier, premiumAt, wordMultiplier } from './board';
import { BINGO_BONUS, RACK_SIZE, type TileSet } from './tilesets';
import type { BoardCells, ScoredSquare, ScoredWord } from './types';

/** A tile placed in this turn. */
export interface NewTile {
  readonly row: number;
  readonly col: number;
  /** Canonical face ('A', 'CH', 'Ñ'); for a blank, the letter it stands for. */
  readonly letter: string;
  readonly blank: boolean;
}

export type Direction = 'across' | 'down';

export interface PlacementScore {
  readonly words: readonly ScoredWord[];
  /** 50 when 7 tiles were placed (art. 19), else 0. */
  readonly bingo: number;
  readonly score: number;
}

/**
 * The new tiles of the placement being scored, by square index; empty between calls. One table
 * for the module: scoring never re-enters itself (the lexicon judge does not score), and every
 * square set is cleared before `scorePlacement` returns.
 */
const FRESH: (NewTile | undefined)[] = new Array<NewTile | undefined>(BOARD_SIZE * BOARD_SIZE).fill(undefined);

/** A square's tile during scoring: the new tile there, else the board's. */
function cellAt(board: BoardCells, index: number): { readonly letter: string; readonly blank: boolean } | null | undefined {
  return FRESH[index] ?? board[index];
}

/**
 * Scores `tiles` placed on `board`. Tiles off the board or on occupied squares are ignored here
 * (the placement checks report them); `direction` is the written direction of the main word.
 */
export function scorePlacement(
  board: BoardCells,
  tiles: readonly NewTile[],
  direction: Direction,
  tileSet: TileSet,
  judge?: (normalized: string) => boolean,
): PlacementScore {
  const fresh: number[] = []; // square indices of the new tiles, in the order first written
  for (const t of tiles) {
    if (t.row < 0 || t.row >= BOARD_SIZE || t.col < 0 || t.col >= BOARD_SIZE) continue;
    const index = t.row * BOARD_SIZE + t.col;
    // A square written twice keeps its last tile, as a map keyed by square would.
    if (board[index] === null && FRESH[index] === undefined) fresh.push(index);
    if (board[index] === null) FRESH[index] = t;
  }
  const words: ScoredWord[] = [];
  const across = direction === 'across';
  try {
    // Main-direction runs: one through the first new tile; more only if the tiles leave gaps.
    // (The squares they cover: a short list, cheaper to search than a set is to make.)
    const covered: number[] = [];
    for (const index of fresh) {
      if (covered.includes(index)) continue;
      const t = FRESH[index]!;
      const word = scoreRun(board, t.row, t.col, across, tileSet, words.length === 0, covered, judge);
      if (word) words.push(word);
    }
    // Cross words, one per new tile that touches tiles across the main direction (art. 18).
    for (const index of fresh) {
      const t = FRESH[index]!;
      const word = scoreRun(board, t.row, t.col, !across, tileSet, words.length === 0, undefined, judge);
      if (word) words.push(word);
    }
  } finally {
    for (const index of fresh) FRESH[index] = undefined;
  }
  const bingo = fresh.length === RACK_SIZE ? BINGO_BONUS : 0;
  let score = bingo;
  for (const w of words) score += w.score;
  return { words, bingo, score };
}

/**
 * The maximal run through (row, col) along one direction, scored; undefined when shorter than 2.
 * The squares it covers are added to `covered` when given (a run of one square covers only the
 * square it starts from, so it adds nothing that matters).
 */
function scoreRun(
  board: BoardCells,
  row: number,
  col: number,
  across: boolean,
  tileSet: TileSet,
  main: boolean,
  covered: number[] | undefined,
  judge: ((normalized: string) => boolean) | undefined,
): ScoredWord | undefined {
  const step = across ? 1 : BOARD_SIZE;
  // Walk back to the first square of the run (staying on the row or column).
  let r = row;
  let c = col;
  while (across ? c > 0 && cellAt(board, r * BOARD_SIZE + c - 1) : r > 0 && cellAt(board, (r - 1) * BOARD_SIZE + c)) {
    if (across) c--;
    else r--;
  }
  // Its length, before anything is built: most cross runs are a single square.
  const first = r * BOARD_SIZE + c;
  let length = 0;
  for (let rr = r, cc = c, index = first; rr < BOARD_SIZE && cc < BOARD_SIZE && cellAt(board, index); index += step) {
    length++;
    if (across) cc++;
    else rr++;
  }
  if (length < 2) return undefined;
  const squares: ScoredSquare[] = [];
  let word = '';
  let letterSum = 0;
  let multiplier = 1;
  for (let i = 0, index = first; i < length; i++, index += step) {
    const cell = cellAt(board, index)!;
    const isNew = FRESH[index] !== undefined;
    const premium = isNew ? premiumAt(r, c) : null; // art. 17: old squares count at face value
    const value = cell.blank ? 0 : tileSet.value(cell.letter); // art. 10.2
    const lm = letterMultiplier(premium);
    const wm = wordMultiplier(premium);
    const points = value * lm; // art. 13
    letterSum += points;
    multiplier *= wm; // art. 14–15
    squares.push({
      row: r,
      col: c,
      letter: cell.letter,
      blank: cell.blank,
      isNew,
      value,
      letterMultiplier: lm,
      wordMultiplier: wm,
      points,
    });
    word += cell.letter;
    covered?.push(index);
    if (across) c++;
    else r++;
  }
  const normalized = word.toLowerCase(); // normalizeFaces of the faces
  const dir = across ? 'across' : 'down';
  const score = letterSum * multiplier;
  if (judge)
    return { word, normalized, main, direction: dir, squares, letterSum, wordMultiplier: multiplier, score, accepted: judge(normalized) };
  return { word, normalized, main, direction: dir, squares, letterSum, wordMultiplier: multiplier, score };
}
