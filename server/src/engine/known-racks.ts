/**
 * The racks the end of a game makes certain (art. 3 draws, 37.4 / 40.3 end): a player who draws
 * nothing from a turn on holds, before that turn, exactly the tiles that player puts on the board
 * from that turn to the end plus the tiles left on the rack at the end. A player draws after a
 * play only while the bag holds tiles, and the bag never grows back, so from the first turn
 * before which the bag is empty every later turn draws nothing. Walking the turns backwards from
 * the end, a player's rack is known while every later turn of that player is known (its tiles; a
 * scoreless turn with the bag empty is a pass or a withdrawn play, which leaves the rack as it was,
 * since an exchange needs tiles in the bag) and that player's end rack is known.
 * At any time, a turn that puts seven tiles down held exactly those seven: a rack holds seven
 * tiles at most (art. 29, Final de un turno), and all seven are the bonus play of art. 19.
 *
 * Used by `planilla fill` (service/fill.ts, on a replayed record) and `planilla reconstruct`
 * (service/reconstruct.ts, on the decided plays of a score sheet).
 *
 * Invariants: pure; never a rack that is not certain: an unknown play of a player, an unknown bag
 * or an unknown end rack leaves that player's earlier racks unknown; tile lists are not mutated.
 *
 * Example:
 *   knownRacks([{ player: 0, tiles: ['A'], bagBefore: 0 }, { player: 1, tiles: ['B', 'C'], bagBefore: 0 }], [[], ['D']]);
 *   // [['A'], ['B', 'C', 'D']]
 *   writeRack(['CH', 'A', '?'], true);   // 'A[CH]?'
 */
import { RACK_SIZE, TILE_SETS } from './tilesets';
import type { BoardCells, TileSetName } from './types';

/** What is known of one turn, in the game's order. */
export interface RackTurn {
  /** 0 or 1; anything else (a line without a known player) stops the walk. */
  readonly player: number;
  /** Faces the turn put on the board ('?' for a blank; [] for a scoreless turn); null: unknown. */
  readonly tiles: readonly string[] | null;
  /** Tiles in the bag before the turn; null: unknown. */
  readonly bagBefore: number | null;
}

/**
 * The rack each turn's player certainly held before it (faces, '?' for a blank), or undefined.
 * `endRacks[p]`: what player p held when the game ended (null: unknown).
 */
export function knownRacks(
  turns: readonly RackTurn[],
  endRacks: readonly [readonly string[] | null, readonly string[] | null],
): (string[] | undefined)[] {
  const out: (string[] | undefined)[] = turns.map(() => undefined);
  const later: (string[] | null)[] = [endRacks[0] ? [...endRacks[0]] : null, endRacks[1] ? [...endRacks[1]] : null];
  for (let t = turns.length - 1; t >= 0; t--) {
    const turn = turns[t];
    const p = turn.player;
    if (p !== 0 && p !== 1) break;
    // A draw may follow this turn (or an unknown number of tiles is in the bag): nothing earlier is certain.
    if (turn.bagBefore === null || turn.bagBefore > 0) break;
    const have = later[p];
    if (have === null || turn.tiles === null) {
      later[p] = null;
      continue;
    }
    have.push(...turn.tiles);
    out[t] = have.slice();
  }
  // A seven-tile play emptied a full rack (art. 19, 29), whenever it was made.
  turns.forEach((turn, t) => {
    if (out[t] === undefined && turn.tiles !== null && turn.tiles.length === RACK_SIZE) out[t] = [...turn.tiles];
  });
  return out;
}

/** The tiles of the set that are not on `board` (faces, '?' for a blank); null when the board holds more than the set. */
export function tilesOffBoard(board: BoardCells, tileSet: TileSetName): string[] | null {
  const left = new Map<string, number>(TILE_SETS[tileSet].kinds.map((k) => [k.letter, k.count]));
  for (const c of board) {
    if (!c) continue;
    const f = c.blank ? '?' : c.letter;
    left.set(f, (left.get(f) ?? 0) - 1);
  }
  const out: string[] = [];
  for (const [f, n] of left) {
    if (n < 0) return null;
    for (let k = 0; k < n; k++) out.push(f);
  }
  return out;
}

/**
 * A rack as a record line writes it: sorted (the blank last), digraphs in brackets or, in plain
 * notation, in lower case (NOTATION.md).
 */
export function writeRack(faces: readonly string[], brackets: boolean): string {
  return faces
    .slice()
    .sort((a, b) => (a === '?' ? 1 : b === '?' ? -1 : a.localeCompare(b, 'es')))
    .map((f) => (f.length > 1 ? (brackets ? `[${f}]` : f.toLowerCase()) : f))
    .join('');
}
