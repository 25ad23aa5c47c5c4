/**
 * Where a written placement lands (art. 2, 6, 8, 9, 20; NOTATION.md "Events"): walks the play's
 * tiles from its coordinate, tells new tiles from played-through ones (`.` or the literal letter
 * already on the board), and checks the geometry: on the board, no gap, no new tile on an
 * occupied square, the coordinate naming the whole word, the first move through H8 with two or
 * more tiles, later moves touching the board.
 *
 * Invariants: pure; at most one issue for one play (one slip, one finding); the tiles land as
 * written (squares off the board or already occupied are skipped). `otherDirection` gives the
 * reading in the other direction (8D written for D8), which the replayer takes only when it gives
 * exactly the sheet's score with accepted words (RULES.md "No cascades").
 *
 * Example:
 *   const p = resolvePlacement(board, coord, tiles);
 *   p.newTiles;   // [{ row: 7, col: 3, letter: 'L', blank: false, ref }, ...]
 *   p.issues;     // [] for a legal play
 */
import { BOARD_SIZE, CENTER, onBoard, squareName } from './board';
import type { Direction, NewTile } from './scoring';
import type { BoardCells } from './types';
import type { CoordNode, Span, TileRef } from '../syntax/types';
import type { FindingCode, MessageArgs } from '../rules/types';

/** A play tile with its reading decided (lower-case digraphs resolved). */
export interface PlayTile {
  readonly ref: TileRef;
  /** Canonical face; null for `.`. */
  readonly letter: string | null;
  readonly blank: boolean;
  readonly through: boolean;
}

export interface PlacedNewTile extends NewTile {
  readonly ref: TileRef;
}

/** A finding-to-be: the replay adds severity and article through the registry. */
export interface Issue {
  readonly code: FindingCode;
  readonly span: Span;
  readonly args: MessageArgs;
  readonly messageId?: string;
  /** The squares at fault (a gap, an occupied square), for the views to mark. */
  readonly squares?: readonly { readonly row: number; readonly col: number }[];
}

interface ResolvedPlacement {
  readonly direction: Direction;
  readonly newTiles: readonly PlacedNewTile[];
  /** Squares of the play that hold an older tile. */
  readonly throughCount: number;
  readonly issues: readonly Issue[];
  /** True when the geometry is wrong in a way that makes the computed score meaningless. */
  readonly geometryError: boolean;
}

interface Walk {
  readonly newTiles: PlacedNewTile[];
  throughCount: number;
  offBoard: boolean;
  gap?: { tile: PlayTile; square: string; row: number; col: number };
  clash?: { tile: PlayTile; square: string; occupant: string; row: number; col: number };
  extendsWord: boolean;
}

function occupantFace(cell: { letter: string; blank: boolean }): string {
  const face = cell.letter.length > 1 ? `[${cell.letter}]` : cell.letter;
  return cell.blank ? face.toLowerCase() : face;
}

function walk(board: BoardCells, row: number, col: number, dir: Direction, tiles: readonly PlayTile[]): Walk {
  const dr = dir === 'down' ? 1 : 0;
  const dc = dir === 'across' ? 1 : 0;
  const w: Walk = { newTiles: [], throughCount: 0, offBoard: false, extendsWord: false };
  tiles.forEach((t, i) => {
    const r = row + i * dr;
    const c = col + i * dc;
    if (!onBoard(r, c)) {
      w.offBoard = true;
      return;
    }
    const occupant = board[r * BOARD_SIZE + c];
    if (t.through) {
      if (occupant) w.throughCount++;
      else w.gap ??= { tile: t, square: squareName(r, c), row: r, col: c };
      return;
    }
    if (occupant) {
      // A literal letter over an occupied square is a played-through tile when it matches (art. 9.1).
      if (occupant.letter === t.letter) w.throughCount++;
      else w.clash ??= { tile: t, square: squareName(r, c), occupant: occupantFace(occupant), row: r, col: c };
      return;
    }
    w.newTiles.push({ row: r, col: c, letter: t.letter ?? '', blank: t.blank, ref: t.ref });
  });
  const before = [row - dr, col - dc] as const;
  const after = [row + tiles.length * dr, col + tiles.length * dc] as const;
  const filled = (r: number, c: number): boolean => onBoard(r, c) && board[r * BOARD_SIZE + c] !== null;
  w.extendsWord = tiles.length > 0 && (filled(before[0], before[1]) || filled(after[0], after[1]));
  return w;
}

const fits = (w: Walk): boolean => !w.offBoard && !w.gap && !w.clash && !w.extendsWord && w.newTiles.length > 0;

function boardIsEmpty(board: BoardCells): boolean {
  for (const cell of board) if (cell) return false;
  return true;
}

function touchesBoard(board: BoardCells, w: Walk): boolean {
  if (w.throughCount > 0) return true;
  const filled = (r: number, c: number): boolean => onBoard(r, c) && board[r * BOARD_SIZE + c] !== null;
  return w.newTiles.some(
    (t) => filled(t.row - 1, t.col) || filled(t.row + 1, t.col) || filled(t.row, t.col - 1) || filled(t.row, t.col + 1),
  );
}

const coversCentre = (w: Walk): boolean => w.newTiles.some((t) => t.row === CENTER.row && t.col === CENTER.col);

/**
 * Resolves a placement written as `coord` + `tiles` against the board before the move, in the
 * written direction. `rack` (the mover's tiles before the play, faces, '?' for blanks) tells a
 * letter written over an occupied square apart: a new tile put there when the rack, after the
 * play's other new tiles, still holds it (`square-occupied`), else the board's letter miscopied
 * (`through-tile-mismatch`). At most one issue is returned (one slip, one finding).
 */
export function resolvePlacement(
  board: BoardCells,
  coord: CoordNode,
  tiles: readonly PlayTile[],
  playText: string,
  rack?: readonly string[],
): ResolvedPlacement {
  const empty = boardIsEmpty(board);
  const written = walk(board, coord.row, coord.col, coord.direction, tiles);
  const issues: Issue[] = [];
  const coordinate = coord.text;

  let geometryError = false;
  if (written.offBoard) {
    issues.push({ code: 'off-board', span: coord.span, args: { word: playText, coordinate, length: tiles.length } });
    geometryError = true;
  }
  if (written.gap) {
    issues.push({
      code: 'placement-gap',
      span: written.gap.tile.ref.span,
      args: { square: written.gap.square },
      squares: [{ row: written.gap.row, col: written.gap.col }],
    });
    geometryError = true;
  }
  if (written.clash) {
    const { tile, square, occupant, row, col } = written.clash;
    const squares = [{ row, col }];
    issues.push(
      newTileOnOccupied(tile, written.newTiles, tiles, rack)
        ? { code: 'square-occupied', span: tile.ref.span, args: { square, occupant, letter: tile.ref.text }, squares }
        : { code: 'through-tile-mismatch', span: tile.ref.span, args: { square, written: tile.ref.text, onBoard: occupant }, squares },
    );
    geometryError = true;
  }
  if (written.extendsWord && !written.offBoard) {
    // The coordinate must name the first square of the whole word, and the word end there (art. 20).
    issues.push({ code: 'direction-mismatch', span: coord.span, args: { coordinate, word: playText } });
  }
  if (written.newTiles.length === 0 && !written.offBoard && !written.gap && !written.clash && tiles.length > 0) {
    // Every square of the play already holds a tile: nothing is placed.
    const first = tiles[0];
    const cell = board[coord.row * BOARD_SIZE + coord.col];
    issues.push({
      code: 'square-occupied',
      span: first.ref.span,
      args: { square: squareName(coord.row, coord.col), occupant: cell ? occupantFace(cell) : '', letter: first.ref.text },
    });
    geometryError = true;
  }
  if (empty) {
    if (written.newTiles.length > 0 && !coversCentre(written)) {
      issues.push({ code: 'first-move-center', span: coord.span, args: { coordinate } }); // art. 6
      geometryError = true;
    }
    if (written.newTiles.length === 1) {
      issues.push({ code: 'first-move-single-tile', span: coord.span, args: { word: playText } }); // art. 6
      geometryError = true;
    }
  } else if (written.newTiles.length > 0 && !touchesBoard(board, written)) {
    issues.push({ code: 'not-connected', span: coord.span, args: { word: playText, coordinate } }); // art. 2, 9
    geometryError = true;
  }
  return {
    direction: coord.direction,
    newTiles: written.newTiles,
    throughCount: written.throughCount,
    issues: issues.slice(0, 1),
    geometryError,
  };
}

/**
 * The play read in the direction other than the written one, when that reading is legal on the
 * board (all tiles on it, no gap, no clash, the coordinate naming the whole word, connected or
 * through H8 on the first move), with its single `direction-mismatch` (art. 20). The replayer takes
 * it only when it gives exactly the sheet's score with accepted words.
 */
export function otherDirection(
  board: BoardCells,
  coord: CoordNode,
  tiles: readonly PlayTile[],
  playText: string,
): ResolvedPlacement | undefined {
  if (tiles.length < 2) return undefined;
  const otherDir: Direction = coord.direction === 'across' ? 'down' : 'across';
  const other = walk(board, coord.row, coord.col, otherDir, tiles);
  if (!fits(other)) return undefined;
  const legal = boardIsEmpty(board) ? coversCentre(other) && other.newTiles.length >= 2 : touchesBoard(board, other);
  if (!legal) return undefined;
  return {
    direction: otherDir,
    newTiles: other.newTiles,
    throughCount: other.throughCount,
    issues: [{ code: 'direction-mismatch', span: coord.span, args: { coordinate: coord.text, word: playText } }],
    geometryError: false,
  };
}

/**
 * A letter written over a square that holds another letter: a new tile put on an occupied square
 * when the rack, after the play's other new tiles, still holds it (a blank for a lower-case
 * letter); otherwise the writer miscopied the board's letter. With no rack on the line, a play
 * that marks its other old tiles with dots meant a new tile here.
 */
function newTileOnOccupied(
  tile: PlayTile,
  newTiles: readonly PlacedNewTile[],
  tiles: readonly PlayTile[],
  rack: readonly string[] | undefined,
): boolean {
  if (!rack || rack.length === 0) return tiles.some((t) => t.through);
  const left = rack.slice();
  for (const t of newTiles) {
    const k = left.indexOf(t.blank ? '?' : t.letter);
    if (k >= 0) left.splice(k, 1);
  }
  return left.includes(tile.blank ? '?' : (tile.letter ?? ''));
}
