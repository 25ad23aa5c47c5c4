/**
 * The 15×15 board as data (RULES.md, "Board"; art. 13–16): the premium squares by name, and the
 * coordinate helpers the replay and the editor share. Columns A–O left to right, rows 1–15 top
 * to bottom; a square's index is row * 15 + col (0-based).
 *
 * Invariants: `PREMIUMS` is the only source of the layout; it is symmetric under the board's
 * eight symmetries (checked by a test); `squareName(r, c)` and `parseSquare` are inverse.
 *
 * Example:
 *   premiumAt(7, 7);          // 'DW' (H8, the centre star, art. 16)
 *   squareName(7, 3);         // 'D8'
 *   parseSquare('O1');        // { row: 0, col: 14 }
 */
import type { BoardCells, PlacedTile, PremiumKind } from './types';

export const BOARD_SIZE = 15;
export const SQUARE_COUNT = BOARD_SIZE * BOARD_SIZE;

/** Row and column of the centre star H8 (art. 6, 16). */
export const CENTER = { row: 7, col: 7 } as const;

const COLUMNS = 'ABCDEFGHIJKLMNO';

/** Premium squares by name, as RULES.md lists them (art. 13: letters; art. 14–16: words). */
export const PREMIUMS: Readonly<Record<Exclude<PremiumKind, null>, readonly string[]>> = {
  TW: ['A1', 'H1', 'O1', 'A8', 'O8', 'A15', 'H15', 'O15'],
  DW: ['B2', 'N2', 'C3', 'M3', 'D4', 'L4', 'E5', 'K5', 'H8', 'E11', 'K11', 'D12', 'L12', 'C13', 'M13', 'B14', 'N14'],
  TL: ['F2', 'J2', 'B6', 'F6', 'J6', 'N6', 'B10', 'F10', 'J10', 'N10', 'F14', 'J14'],
  DL: [
    'D1',
    'L1',
    'G3',
    'I3',
    'A4',
    'H4',
    'O4',
    'C7',
    'G7',
    'I7',
    'M7',
    'D8',
    'L8',
    'C9',
    'G9',
    'I9',
    'M9',
    'A12',
    'H12',
    'O12',
    'G13',
    'I13',
    'D15',
    'L15',
  ],
};

/** 'H8' for row 7, column 7 (0-based); '?' parts for squares off the board. */
export function squareName(row: number, col: number): string {
  const letter = col >= 0 && col < BOARD_SIZE ? COLUMNS[col] : '?';
  return `${letter}${row + 1}`;
}

/** Parses a square name ('H8', case-insensitive); undefined when it names no square. */
export function parseSquare(name: string): { row: number; col: number } | undefined {
  const m = /^([A-Oa-o])(\d{1,2})$/.exec(name.trim());
  if (!m) return undefined;
  const row = Number(m[2]) - 1;
  if (row < 0 || row >= BOARD_SIZE) return undefined;
  return { row, col: COLUMNS.indexOf(m[1].toUpperCase()) };
}

export function onBoard(row: number, col: number): boolean {
  return row >= 0 && row < BOARD_SIZE && col >= 0 && col < BOARD_SIZE;
}

export const squareIndex = (row: number, col: number): number => row * BOARD_SIZE + col;

/** Premium of every square, row-major (built once from `PREMIUMS`). */
const LAYOUT: readonly PremiumKind[] = (() => {
  const layout: PremiumKind[] = new Array<PremiumKind>(SQUARE_COUNT).fill(null);
  for (const kind of ['TW', 'DW', 'TL', 'DL'] as const) {
    for (const name of PREMIUMS[kind]) {
      const sq = parseSquare(name);
      if (!sq) throw new Error(`bad premium square ${name}`);
      layout[squareIndex(sq.row, sq.col)] = kind;
    }
  }
  return layout;
})();

export function premiumAt(row: number, col: number): PremiumKind {
  return onBoard(row, col) ? LAYOUT[squareIndex(row, col)] : null;
}

/** Letter multiplier of a premium (art. 13). */
export function letterMultiplier(p: PremiumKind): number {
  return p === 'TL' ? 3 : p === 'DL' ? 2 : 1;
}

/** Word multiplier of a premium (art. 14–16). */
export function wordMultiplier(p: PremiumKind): number {
  return p === 'TW' ? 3 : p === 'DW' ? 2 : 1;
}

/** A fresh empty board. */
export function emptyBoard(): BoardCells {
  return new Array<PlacedTile | null>(SQUARE_COUNT).fill(null);
}
