/**
 * Tile kinds of a tile set as flat tables, and the unseen tiles worked out from them. The replay
 * counts the tiles on the board by kind (an Int32Array indexed as `set.kinds`) and a state works
 * out its unseen tiles from the same table.
 *
 * Invariants: one table per tile set, made on first use and never changed; `unseenTiles` is pure
 * (a face the set lacks is ignored; a count never goes below what the board and rack leave).
 *
 * Example:
 *   const kinds = kindTable(TILE_SETS.spanish);
 *   unseenTiles(kinds, board, ['A', '?'])['A'];   // A tiles neither on the board nor on the rack
 */
import type { TileSet } from './tilesets';
import type { BoardCells } from './types';

/** The tiles of the set that are neither on `board` (blanks count as '?') nor in `rack`, by face. */
export function unseenTiles(kinds: KindTable, board: BoardCells, rack: readonly string[]): Record<string, number> {
  const left = kinds.counts.slice();
  const take = (face: string): void => {
    const i = kinds.index.get(face);
    if (i !== undefined) left[i]--;
  };
  for (const cell of board) if (cell) take(cell.blank ? '?' : cell.letter);
  for (const t of rack) take(t);
  const out: Record<string, number> = {};
  for (let i = 0; i < left.length; i++) if (left[i] > 0) out[kinds.faces[i]] = left[i]!;
  return out;
}

/** A tile set's kinds by face (indices into `set.kinds`) and their counts. */
export interface KindTable {
  readonly faces: readonly string[];
  readonly index: ReadonlyMap<string, number>;
  /** How many tiles of each kind the set holds. */
  readonly counts: Int32Array;
}

const KIND_TABLES = new Map<TileSet, KindTable>();

/** The kind table of a tile set, made once per set. */
export function kindTable(set: TileSet): KindTable {
  let table = KIND_TABLES.get(set);
  if (!table) {
    const faces = set.kinds.map((k) => k.letter);
    table = { faces, index: new Map(faces.map((face, i) => [face, i])), counts: Int32Array.from(set.kinds, (k) => k.count) };
    KIND_TABLES.set(set, table);
  }
  return table;
}
