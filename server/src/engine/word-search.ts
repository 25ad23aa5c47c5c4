/**
 * Where a word without a coordinate went (the dialect line `>Ana: ?AALMNN LAMiNAN +69 69`,
 * docs/notation.md): every placement of the word, written whole, on a board that scores exactly the
 * sheet's score (art. 12–19) with tiles the pool allows, and the later lines' verdict on each.
 *
 * How: the word is laid on every row and column where it fits (the squares before and after it
 * empty, every occupied square holding the word's letter, at least one new tile, touching the
 * board or, on the first move, covering H8 with two or more tiles: art. 6, 8, 9), the new tiles are
 * taken from the pool (a blank for each lower-case letter, art. 10), and the placement is scored
 * with the engine's own scoring. Which candidate the later lines leave is decided jointly for the
 * whole sheet (engine/sheet-solve.ts).
 *
 * Invariants: pure; the board passed in is never modified; candidates come in a fixed order (the
 * likeliest first: every cross word accepted, then rack-consistent, then across before down, top
 * to bottom, left to right).
 *
 * Example:
 *   const found = findPlacements(board, wordTiles('LAMiNAN'), { score: 69, pool, tileSet });
 *   found.matches[0].coord;   // '8B'
 *   found.matches[0].play;    // 'LAMiNAN'
 */
import { BOARD_SIZE, CENTER, squareIndex } from './board';
import { scorePlacement, type Direction, type NewTile } from './scoring';
import type { TileSet } from './tilesets';
import type { BoardCells, ScoredWord } from './types';

/** One tile of the word as written: the canonical face, blank for a lower-case letter, its text. */
export interface WordTile {
  readonly letter: string;
  readonly blank: boolean;
  /** How the sheet wrote it ('A', 'n', '[CH]', 'CH'): new tiles are written back this way. */
  readonly text: string;
}

/** One way the word could have gone on the board. */
export interface WordPlacement {
  readonly row: number;
  readonly col: number;
  readonly direction: Direction;
  /** GCG coordinate: `8D` across, `D8` down. */
  readonly coord: string;
  /** The GCG play: new tiles as the sheet wrote them, `.` for the board's tiles. */
  readonly play: string;
  readonly newTiles: readonly NewTile[];
  readonly score: number;
  readonly words: readonly ScoredWord[];
  /** Every cross word accepted by the word list (true when no list judges). */
  readonly crossWordsAccepted: boolean;
}

interface SearchOptions {
  /** The score the sheet gives; undefined: any score. */
  readonly score?: number;
  /** Faces that may be placed ('?' for a blank): the rack when known in full, else the unseen tiles. */
  readonly pool: readonly string[];
  readonly tileSet: TileSet;
  /** The word list's verdict on a normalised word; absent: words are not judged. */
  readonly judge?: (normalized: string) => boolean;
}

interface SearchResult {
  /** Placements scoring exactly the score (every placement when no score is given), likeliest first. */
  readonly matches: readonly WordPlacement[];
  /** With no match: the legal placements closest in score (at most three), closest first. */
  readonly nearest: readonly WordPlacement[];
}

const COLUMN_LETTERS = 'ABCDEFGHIJKLMNO';

/** `8D` (across) or `D8` (down) for a 0-based square. */
export function coordinateOf(row: number, col: number, direction: Direction): string {
  return direction === 'across' ? `${row + 1}${COLUMN_LETTERS[col]}` : `${COLUMN_LETTERS[col]}${row + 1}`;
}

function counts(faces: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const f of faces) m.set(f, (m.get(f) ?? 0) + 1);
  return m;
}

function isEmptyBoard(board: BoardCells): boolean {
  for (const cell of board) if (cell) return false;
  return true;
}

/** The placement of `word` from (row, col) along `dir` when the geometry and the pool allow it. */
function layAt(
  board: BoardCells,
  word: readonly WordTile[],
  row: number,
  col: number,
  dir: Direction,
  empty: boolean,
  pool: ReadonlyMap<string, number>,
): { newTiles: NewTile[]; play: string } | undefined {
  const dr = dir === 'down' ? 1 : 0;
  const dc = dir === 'across' ? 1 : 0;
  const endRow = row + dr * (word.length - 1);
  const endCol = col + dc * (word.length - 1);
  if (endRow >= BOARD_SIZE || endCol >= BOARD_SIZE) return undefined;
  const filled = (r: number, c: number): boolean =>
    r >= 0 && c >= 0 && r < BOARD_SIZE && c < BOARD_SIZE && board[squareIndex(r, c)] !== null;
  if (filled(row - dr, col - dc) || filled(endRow + dr, endCol + dc)) return undefined;
  const newTiles: NewTile[] = [];
  let play = '';
  let touches = false;
  let centre = false;
  let need: Map<string, number> | undefined;
  for (let i = 0; i < word.length; i++) {
    const r = row + dr * i;
    const c = col + dc * i;
    const t = word[i];
    const cell = board[squareIndex(r, c)];
    if (cell) {
      if (cell.letter !== t.letter) return undefined;
      play += '.';
      touches = true;
      continue;
    }
    const face = t.blank ? '?' : t.letter;
    need ??= new Map<string, number>();
    const n = (need.get(face) ?? 0) + 1;
    if (n > (pool.get(face) ?? 0)) return undefined;
    need.set(face, n);
    newTiles.push({ row: r, col: c, letter: t.letter, blank: t.blank });
    play += t.text;
    if (r === CENTER.row && c === CENTER.col) centre = true;
    if (!touches && (filled(r - dc, c - dr) || filled(r + dc, c + dr))) touches = true;
  }
  if (newTiles.length === 0) return undefined;
  if (empty ? !centre || newTiles.length < 2 : !touches) return undefined;
  return { newTiles, play };
}

/** Every legal placement of `word` on `board` with tiles from the pool, scored. */
export function allPlacements(board: BoardCells, word: readonly WordTile[], options: SearchOptions): WordPlacement[] {
  if (word.length < 2) return [];
  const pool = counts(options.pool);
  const empty = isEmptyBoard(board);
  const out: WordPlacement[] = [];
  for (const direction of ['across', 'down'] as const) {
    for (let row = 0; row < BOARD_SIZE; row++) {
      for (let col = 0; col < BOARD_SIZE; col++) {
        const laid = layAt(board, word, row, col, direction, empty, pool);
        if (!laid) continue;
        const scored = scorePlacement(board, laid.newTiles, direction, options.tileSet, options.judge);
        out.push({
          row,
          col,
          direction,
          coord: coordinateOf(row, col, direction),
          play: laid.play,
          newTiles: laid.newTiles,
          score: scored.score,
          words: scored.words,
          crossWordsAccepted: scored.words.slice(1).every((w) => w.accepted !== false),
        });
      }
    }
  }
  return out;
}

/** Likeliest first: every cross word accepted, then the fixed board order (module header). */
function byLikelihood(a: WordPlacement, b: WordPlacement): number {
  return Number(b.crossWordsAccepted) - Number(a.crossWordsAccepted);
}

/** The placements scoring the sheet's score, or the nearest ones when there is none. */
export function findPlacements(board: BoardCells, word: readonly WordTile[], options: SearchOptions): SearchResult {
  const all = allPlacements(board, word, options);
  const target = options.score;
  const matches = (target === undefined ? all : all.filter((p) => p.score === target)).sort(byLikelihood);
  if (matches.length > 0 || target === undefined) return { matches, nearest: [] };
  const nearest = all
    .slice()
    .sort((a, b) => Math.abs(a.score - target) - Math.abs(b.score - target) || byLikelihood(a, b))
    .slice(0, 3);
  return { matches: [], nearest };
}

/**
 * When some candidates form only accepted cross words and others do not, the latter are set
 * aside: a play whose cross word is no word would have been challenged off (art. 34).
 */
export function preferAccepted(candidates: readonly WordPlacement[]): readonly WordPlacement[] {
  const accepted = candidates.filter((c) => c.crossWordsAccepted);
  return accepted.length > 0 ? accepted : candidates;
}
