/**
 * Tile sets as data (RULES.md, "Tile sets"; art. 3 and 12): every tile kind with its count and
 * face value, for the Spanish FISE set and the English set. The replay looks tiles up by their
 * canonical face: upper case, digraphs as two letters ('CH'), '?' for the blank.
 *
 * Invariants: each set has exactly 100 tiles; a face appears once; the blank is '?' and is worth 0
 * (art. 10.2); `digraphs` lists the faces that are one tile written with two letters (art. 11).
 *
 * Example:
 *   const s = TILE_SETS.spanish;
 *   s.value('CH');   // 5
 *   s.count('Ñ');    // 1
 *   s.has('K');      // false
 */
import type { TileSetName } from './types';

/** One kind of tile: its face, how many the set holds, what it is worth. */
interface TileKind {
  readonly letter: string;
  readonly count: number;
  readonly value: number;
}

export interface TileSet {
  readonly name: TileSetName;
  /** Every kind, the blank ('?') first. */
  readonly kinds: readonly TileKind[];
  /** Total number of tiles (100). */
  readonly total: number;
  /** Faces that are one tile written with two letters (Spanish: CH, LL, RR). */
  readonly digraphs: readonly string[];
  /** Whether the set has tiles with this face. */
  has(letter: string): boolean;
  /** Face value of a tile (0 for the blank and for faces the set lacks). */
  value(letter: string): number;
  /** How many tiles of this face the set holds (0 when none). */
  count(letter: string): number;
}

/** [face, count, value] rows: the tables of RULES.md. */
type Row = readonly [letter: string, count: number, value: number];

const SPANISH_ROWS: readonly Row[] = [
  ['?', 2, 0],
  ['A', 12, 1],
  ['E', 12, 1],
  ['O', 9, 1],
  ['I', 6, 1],
  ['S', 6, 1],
  ['N', 5, 1],
  ['R', 5, 1],
  ['U', 5, 1],
  ['L', 4, 1],
  ['T', 4, 1],
  ['D', 5, 2],
  ['G', 2, 2],
  ['C', 4, 3],
  ['B', 2, 3],
  ['M', 2, 3],
  ['P', 2, 3],
  ['H', 2, 4],
  ['F', 1, 4],
  ['V', 1, 4],
  ['Y', 1, 4],
  ['CH', 1, 5],
  ['Q', 1, 5],
  ['J', 1, 8],
  ['LL', 1, 8],
  ['Ñ', 1, 8],
  ['RR', 1, 8],
  ['X', 1, 8],
  ['Z', 1, 10],
];

const ENGLISH_ROWS: readonly Row[] = [
  ['?', 2, 0],
  ['E', 12, 1],
  ['A', 9, 1],
  ['I', 9, 1],
  ['O', 8, 1],
  ['N', 6, 1],
  ['R', 6, 1],
  ['T', 6, 1],
  ['L', 4, 1],
  ['S', 4, 1],
  ['U', 4, 1],
  ['D', 4, 2],
  ['G', 3, 2],
  ['B', 2, 3],
  ['C', 2, 3],
  ['M', 2, 3],
  ['P', 2, 3],
  ['F', 2, 4],
  ['H', 2, 4],
  ['V', 2, 4],
  ['W', 2, 4],
  ['Y', 2, 4],
  ['K', 1, 5],
  ['J', 1, 8],
  ['X', 1, 8],
  ['Q', 1, 10],
  ['Z', 1, 10],
];

function makeTileSet(name: TileSetName, rows: readonly Row[]): TileSet {
  const kinds: TileKind[] = rows.map(([letter, count, value]) => ({ letter, count, value }));
  const byLetter = new Map<string, TileKind>(kinds.map((k) => [k.letter, k]));
  return {
    name,
    kinds,
    total: kinds.reduce((sum, k) => sum + k.count, 0),
    digraphs: kinds.filter((k) => k.letter.length > 1).map((k) => k.letter),
    has: (letter) => byLetter.has(letter),
    value: (letter) => byLetter.get(letter)?.value ?? 0,
    count: (letter) => byLetter.get(letter)?.count ?? 0,
  };
}

export const TILE_SETS: Readonly<Record<TileSetName, TileSet>> = {
  spanish: makeTileSet('spanish', SPANISH_ROWS),
  english: makeTileSet('english', ENGLISH_ROWS),
};

/** Tiles each player draws at the start (art. 6) and the most a rack holds. */
export const RACK_SIZE = 7;

/** Bonus for placing all seven rack tiles in one turn (art. 19). */
export const BINGO_BONUS = 50;
