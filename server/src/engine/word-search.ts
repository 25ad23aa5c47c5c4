/**
 * Where a word without a coordinate went (the dialect line `>Ana: ?AALMNN LAMiNAN +69 69`,
 * docs/notation.md): every placement of the word, written whole, on a board that scores exactly the
 * sheet's score (art. 12–19) with tiles the pool allows, and the later lines' verdict on each.
 *
 * How: the word is laid on every row and column where it fits (the squares before and after it
 * empty, every occupied square holding the word's letter, at least one new tile, touching the
 * board or, on the first move, covering H8 with two or more tiles: art. 6, 8, 9), the new tiles are
 * taken from the pool (a blank for each lower-case letter, art. 10), and the placement is scored
 * with the engine's own scoring. `narrow` then plays each candidate and walks the lines after it:
 * a candidate that leaves a later placement impossible (its squares clash with the candidate's
 * tiles or does not make its score there, or a later word has no placement at all) gives way to
 * the candidates that follow the later lines further; when all stop at the same line, none is
 * dropped (a slip in a later line must not decide this one).
 *
 * Invariants: pure; the board passed in is never modified; candidates come in a fixed order (the
 * likeliest first: every cross word accepted, then rack-consistent, then across before down, top
 * to bottom, left to right); the look-ahead is bounded (a node budget), and a branch it could not
 * finish counts as possible, so it never drops a candidate on a guess.
 *
 * Example:
 *   const found = findPlacements(board, wordTiles('LAMiNAN'), { score: 69, pool, tileSet });
 *   found.matches[0].coord;   // '8B'
 *   found.matches[0].play;    // 'LAMiNAN'
 */
import { BOARD_SIZE, CENTER, squareIndex } from './board';
import { scorePlacement, type Direction, type NewTile } from './scoring';
import type { TileSet } from './tilesets';
import type { BoardCells, PlacedTile, ScoredWord } from './types';

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

export interface SearchOptions {
  /** The score the sheet gives; undefined: any score. */
  readonly score?: number;
  /** Faces that may be placed ('?' for a blank): the rack when known in full, else the unseen tiles. */
  readonly pool: readonly string[];
  readonly tileSet: TileSet;
  /** The word list's verdict on a normalised word; absent: words are not judged. */
  readonly judge?: (normalized: string) => boolean;
}

export interface SearchResult {
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

// -------------------------------------------------------------------------------------------------
// Look-ahead: the later lines decide between candidates

/** A later line as the look-ahead sees it. */
export type LaterLine =
  /** A placement with its coordinate: its squares must fit the board (tiles as written). */
  | {
      readonly kind: 'placement';
      readonly row: number;
      readonly col: number;
      readonly direction: Direction;
      /** Per square: the face written (null for `.`) and whether it is a blank. */
      readonly tiles: readonly { readonly letter: string | null; readonly blank: boolean }[];
      /** The sheet's score: the placement must make it on the candidate's board. */
      readonly score?: number;
    }
  /** Another word without a coordinate, with its score (undefined: unknown). */
  | { readonly kind: 'word'; readonly word: readonly WordTile[]; readonly score?: number }
  /** A line after which the board is no longer known (a score-only line): nothing more to check. */
  | { readonly kind: 'stop' };

export interface NarrowOptions {
  readonly tileSet: TileSet;
  readonly judge?: (normalized: string) => boolean;
  /** Faces not on the board before the candidate (the pool later words draw from). */
  readonly unseen: readonly string[];
  /** How many later lines that touch the board to look at (default 6). */
  readonly depth?: number;
  /** Most boards the look-ahead may try in all (default 2000). */
  readonly budget?: number;
}

function withTiles(board: BoardCells, tiles: readonly NewTile[]): BoardCells {
  const next = board.slice();
  for (const t of tiles) next[squareIndex(t.row, t.col)] = { letter: t.letter, blank: t.blank, turn: -1 } satisfies PlacedTile;
  return next;
}

function removeFaces(pool: readonly string[], tiles: readonly NewTile[]): string[] {
  const left = pool.slice();
  for (const t of tiles) {
    const k = left.indexOf(t.blank ? '?' : t.letter);
    if (k >= 0) left.splice(k, 1);
  }
  return left;
}

/** A later placement with a coordinate on `board`: its new tiles, or undefined when it cannot fit. */
function fitPlacement(board: BoardCells, line: Extract<LaterLine, { kind: 'placement' }>): NewTile[] | undefined {
  const dr = line.direction === 'down' ? 1 : 0;
  const dc = line.direction === 'across' ? 1 : 0;
  const out: NewTile[] = [];
  for (let i = 0; i < line.tiles.length; i++) {
    const r = line.row + dr * i;
    const c = line.col + dc * i;
    if (r < 0 || c < 0 || r >= BOARD_SIZE || c >= BOARD_SIZE) return undefined;
    const t = line.tiles[i];
    const cell = board[squareIndex(r, c)];
    if (t.letter === null) {
      if (!cell) return undefined; // a `.` over an empty square
      continue;
    }
    if (cell) {
      if (cell.letter !== t.letter) return undefined;
      continue;
    }
    out.push({ row: r, col: c, letter: t.letter, blank: t.blank });
  }
  return out;
}

class Lookahead {
  private budget: number;
  constructor(
    private readonly lines: readonly LaterLine[],
    private readonly options: NarrowOptions,
  ) {
    this.budget = options.budget ?? 2000;
  }

  /**
   * How far the lines from `at` can be followed on `board`: the index of the first line no branch
   * can place, or `lines.length` when all can (a branch the depth or the budget stops counts as
   * following every line).
   */
  reach(board: BoardCells, unseen: readonly string[], at: number, depth: number): number {
    const end = this.lines.length;
    if (depth <= 0 || at >= end || this.budget <= 0) return end;
    this.budget--;
    const line = this.lines[at];
    if (line.kind === 'stop') return end;
    if (line.kind === 'placement') {
      const tiles = fitPlacement(board, line);
      if (!tiles) return at;
      if (line.score !== undefined && scorePlacement(board, tiles, line.direction, this.options.tileSet).score !== line.score) return at;
      return this.reach(withTiles(board, tiles), removeFaces(unseen, tiles), at + 1, depth - 1);
    }
    const found = preferAccepted(
      findPlacements(board, line.word, { score: line.score, pool: unseen, tileSet: this.options.tileSet, judge: this.options.judge })
        .matches,
    );
    let best = at;
    for (const c of found) {
      best = Math.max(best, this.reach(withTiles(board, c.newTiles), removeFaces(unseen, c.newTiles), at + 1, depth - 1));
      if (best === end) break;
    }
    return best;
  }
}

/**
 * The candidates the later lines leave possible (module header). `lines` are the lines after the
 * word's, in order, that touch the board (others left out); the result keeps the input order.
 */
export function narrow(
  board: BoardCells,
  candidates: readonly WordPlacement[],
  lines: readonly LaterLine[],
  options: NarrowOptions,
): readonly WordPlacement[] {
  if (candidates.length < 2 || lines.length === 0) return candidates;
  const look = new Lookahead(lines, options);
  const depth = options.depth ?? 6;
  // The candidates that follow the later lines furthest: all of them when a slip in a later line
  // stops every candidate at the same line.
  const reaches = candidates.map((c) => look.reach(withTiles(board, c.newTiles), removeFaces(options.unseen, c.newTiles), 0, depth));
  const furthest = Math.max(...reaches);
  return candidates.filter((_, i) => reaches[i] === furthest);
}
