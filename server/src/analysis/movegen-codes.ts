/**
 * The move generator's codes and tables (movegen.ts and its parts): tiles as the lexicon's codes
 * (1–28, the blank 0), the flags of a square's content, each code's face and FISE value (art. 3, 12),
 * the premium squares' multipliers (art. 13–16), and the edge lookup in a packed word graph
 * (lexicon/dawg.ts, lexicon/gaddag.ts).
 *
 * Invariants: every table is filled once, when the module loads, and never changed.
 * The constants are exported from local bindings, so that this module's own code reads them as
 * locals; the generator's parts copy them into module constants for their hot loops.
 *
 * Example:
 *   codeOf('CH') === 4; FACES[4] === 'CH'; VALUES[codeOf('Z')] === 10
 */
import { BOARD_SIZE, letterMultiplier, premiumAt, wordMultiplier } from '../engine/board';
import { TILE_SETS } from '../engine/tilesets';
import { EDGE_TILE_MASK } from '../lexicon/dawg';
import { TILE_COUNT, TILE_LETTERS } from '../lexicon/normalize';

const SIZE = BOARD_SIZE;
const SQUARES = SIZE * SIZE;
const TILE_MASK = EDGE_TILE_MASK;

/** Rack code of the blank; lettered tiles are the lexicon's codes 1–28. */
const BLANK = 0;
/** Square encoding: tile code in the low 5 bits, then these flags. */
const CODE_MASK = 31;
const BLANK_BIT = 32;
const NEW_BIT = 64;

/** Every lettered tile. */
const ALL_TILES = ((1 << (TILE_COUNT + 1)) - 1) & ~1;

/** Face of each code as the engine writes it ('A', 'CH', 'Ñ'); '?' for the blank code. */
const FACES: readonly string[] = TILE_LETTERS.map((l, code) => (code === BLANK ? '?' : l.toUpperCase()));
/** Face value of each code in the FISE set (the blank 0). */
const VALUES: Int32Array = Int32Array.from(FACES, (f, code) => (code === BLANK ? 0 : TILE_SETS.spanish.value(f)));
const CODE_OF = new Map<string, number>(FACES.map((f, code) => [f, code]));

/** Letter and word multiplier of each square (row-major). */
const LM = new Int32Array(SQUARES);
const WM = new Int32Array(SQUARES);
for (let r = 0; r < SIZE; r++) {
  for (let c = 0; c < SIZE; c++) {
    const p = premiumAt(r, c);
    LM[r * SIZE + c] = letterMultiplier(p);
    WM[r * SIZE + c] = wordMultiplier(p);
  }
}

/** Number of bits set in each 10-bit value (edge index inside a node). */
const BITS = new Uint8Array(1024);
for (let i = 1; i < 1024; i++) BITS[i] = BITS[i >> 1] + (i & 1);

// Exported by name from their local bindings, so that the compiled module reads them as locals
// (an `export const` is read as a property of `exports` in CommonJS output, in the hot loops too).
export { ALL_TILES, BITS, BLANK, BLANK_BIT, CODE_MASK, FACES, LM, NEW_BIT, VALUES, WM };

/** Code of a face ('CH' → 4, '?' → 0); -1 when the Spanish set has no such tile. */
export function codeOf(face: string): number {
  return CODE_OF.get(face) ?? -1;
}

/** Square index of lane position `i` in lane `line` of direction `dir` (0 across, 1 down). */
export function laneSquareIndex(dir: number, line: number, i: number): number {
  return dir === 0 ? line * SIZE + i : i * SIZE + line;
}

/** The edge of `tile` in the node starting at `node` of a packed graph (lexicon/dawg.ts); 0 when absent. */
export function edgeIn(edges: Uint32Array, node: number, tile: number): number {
  if (node <= 0 || node >= edges.length) return 0;
  const mask = edges[node - 1];
  const bit = 1 << tile;
  if ((mask & bit) === 0) return 0;
  const below = mask & (bit - 1);
  const e = node + BITS[below & 1023] + BITS[(below >>> 10) & 1023] + BITS[below >>> 20];
  return e < edges.length && (edges[e] & TILE_MASK) === tile ? e : 0;
}
