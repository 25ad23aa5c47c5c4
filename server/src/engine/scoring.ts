/**
 * Scoring of one placement (art. 12–19): the words it forms (the main word and every cross word)
 * with a per-square breakdown. Letter premiums apply first (art. 13), then word premiums (art. 14;
 * two of them multiply, art. 15); a premium counts only on a square covered in this turn
 * (art. 17); every new word counts, a shared new tile counting in each with its premium (art. 18);
 * blanks are worth 0 (art. 10.2); placing 7 tiles adds 50 after the multipliers (art. 19).
 *
 * Invariants: pure; the board passed in is not modified; a word is a maximal run of two or more
 * tiles that holds at least one new tile; the main word comes first (for a single tile that makes
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

/** Lexicon form of a word given as tile faces: lower case, digraphs as their two letters. */
export function normalizeFaces(faces: readonly string[]): string {
  return faces.join('').toLowerCase();
}

interface Cell {
  readonly letter: string;
  readonly blank: boolean;
  readonly isNew: boolean;
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
): PlacementScore {
  const placed = tiles.filter(
    (t) => t.row >= 0 && t.row < BOARD_SIZE && t.col >= 0 && t.col < BOARD_SIZE && board[t.row * BOARD_SIZE + t.col] === null,
  );
  const cellAt = (row: number, col: number): Cell | null => {
    if (row < 0 || row >= BOARD_SIZE || col < 0 || col >= BOARD_SIZE) return null;
    for (const t of placed) if (t.row === row && t.col === col) return { letter: t.letter, blank: t.blank, isNew: true };
    const old = board[row * BOARD_SIZE + col];
    return old ? { letter: old.letter, blank: old.blank, isNew: false } : null;
  };

  const words: ScoredWord[] = [];
  const across = direction === 'across';
  // Main-direction runs: one through the first new tile; more only if the tiles leave gaps.
  const covered = new Set<number>();
  for (const t of placed) {
    if (covered.has(t.row * BOARD_SIZE + t.col)) continue;
    const word = scoreRun(cellAt, t.row, t.col, across, tileSet, words.length === 0);
    for (const sq of runSquares(cellAt, t.row, t.col, across)) covered.add(sq);
    if (word) words.push(word);
  }
  // Cross words, one per new tile that touches tiles across the main direction (art. 18).
  for (const t of placed) {
    const word = scoreRun(cellAt, t.row, t.col, !across, tileSet, words.length === 0);
    if (word) words.push(word);
  }
  const bingo = placed.length === RACK_SIZE ? BINGO_BONUS : 0;
  const score = words.reduce((sum, w) => sum + w.score, 0) + bingo;
  return { words, bingo, score };
}

function runStart(cellAt: (r: number, c: number) => Cell | null, row: number, col: number, across: boolean): [number, number] {
  const dr = across ? 0 : 1;
  const dc = across ? 1 : 0;
  let r = row;
  let c = col;
  while (cellAt(r - dr, c - dc)) {
    r -= dr;
    c -= dc;
  }
  return [r, c];
}

function runSquares(cellAt: (r: number, c: number) => Cell | null, row: number, col: number, across: boolean): number[] {
  const dr = across ? 0 : 1;
  const dc = across ? 1 : 0;
  const out: number[] = [];
  let [r, c] = runStart(cellAt, row, col, across);
  while (cellAt(r, c)) {
    out.push(r * BOARD_SIZE + c);
    r += dr;
    c += dc;
  }
  return out;
}

/** The maximal run through (row, col) along one direction, scored; undefined when shorter than 2. */
function scoreRun(
  cellAt: (r: number, c: number) => Cell | null,
  row: number,
  col: number,
  across: boolean,
  tileSet: TileSet,
  main: boolean,
): ScoredWord | undefined {
  const dr = across ? 0 : 1;
  const dc = across ? 1 : 0;
  let [r, c] = runStart(cellAt, row, col, across);
  const squares: ScoredSquare[] = [];
  const faces: string[] = [];
  let letterSum = 0;
  let multiplier = 1;
  for (let cell = cellAt(r, c); cell; r += dr, c += dc, cell = cellAt(r, c)) {
    const premium = cell.isNew ? premiumAt(r, c) : null; // art. 17: old squares count at face value
    const value = cell.blank ? 0 : tileSet.value(cell.letter); // art. 10.2
    const lm = letterMultiplier(premium);
    const wm = wordMultiplier(premium);
    const points = value * lm; // art. 13
    letterSum += points;
    multiplier *= wm; // art. 14–15
    squares.push({ row: r, col: c, letter: cell.letter, blank: cell.blank, isNew: cell.isNew, value, letterMultiplier: lm, wordMultiplier: wm, points });
    faces.push(cell.letter);
  }
  if (squares.length < 2) return undefined;
  return {
    word: faces.join(''),
    normalized: normalizeFaces(faces),
    main,
    direction: across ? 'across' : 'down',
    squares,
    letterSum,
    wordMultiplier: multiplier,
    score: letterSum * multiplier,
  };
}
