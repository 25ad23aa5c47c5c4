/**
 * The tiles the record shows on the opponent's rack before a turn (docs/deep-analysis.md "Known
 * tiles"), so that the simulation and the pre-endgame deal the opponent only racks consistent
 * with the record:
 *   - a rack written on the record: what the replay knows of that player's rack after the last
 *     event before the turn (its written rack less the tiles played since; TurnState.racks);
 *   - the tiles of a withdrawn play (art. 34 of every FISE edition: "deberá retirarla del tablero,
 *     devolver las fichas a su atril"): they are on that player's rack until played. A later
 *     placement of that player removes its tiles from them (it may have used those very tiles);
 *     an exchange or a score-only line forgets them (which tiles left the rack is not known).
 * With the bag empty the opponent's rack is the unseen tiles whatever is known; with tiles in the
 * bag, the bag holds the unseen tiles less the opponent's rack, so a rack known in full fixes the
 * bag's tiles (their order stays unknown).
 *
 * Invariants: pure; never more tiles than the opponent holds (the unseen tiles less the bag, at
 * most 7) and never a tile the mover cannot see: a record whose known tiles do not fit gives none
 * of the withdrawn tiles, then none at all (no guess).
 *
 * Example:
 *   knownOpponentTiles(replay, 5, unseenTiles(position), position.bag);   // ['A', 'S'] after the opponent's A S phony was withdrawn
 */
import { RACK_SIZE } from '../engine/tilesets';
import type { Replay, TurnState } from '../engine/types';

const countsOf = (faces: readonly string[]): Map<string, number> => {
  const m = new Map<string, number>();
  for (const f of faces) m.set(f, (m.get(f) ?? 0) + 1);
  return m;
};

/** The multiset union of two tile lists (each face as many times as the larger count). */
function union(a: readonly string[], b: readonly string[]): string[] {
  const out = a.slice();
  const have = countsOf(a);
  for (const [f, n] of countsOf(b)) for (let k = have.get(f) ?? 0; k < n; k++) out.push(f);
  return out;
}

/** `a` less one copy of each tile of `b` (as far as `a` has them). */
function subtract(a: readonly string[], b: readonly string[]): string[] {
  const out = a.slice();
  for (const f of b) {
    const k = out.indexOf(f);
    if (k >= 0) out.splice(k, 1);
  }
  return out;
}

const facesOf = (turn: TurnState): string[] => turn.placed.map((t) => (t.blank ? '?' : t.letter));

/** Whether `tiles` fit on the opponent's rack: no more than it holds, all of them unseen by the mover. */
function fits(tiles: readonly string[], unseen: ReadonlyMap<string, number>, bag: number): boolean {
  let total = 0;
  for (const n of unseen.values()) total += n;
  if (tiles.length > Math.min(RACK_SIZE, total - bag)) return false;
  for (const [f, n] of countsOf(tiles)) if ((unseen.get(f) ?? 0) < n) return false;
  return true;
}

/**
 * The tiles the record shows on the rack of the opponent of turn `index`'s mover, before that
 * turn (module header); [] when nothing is known. `unseen`: the tiles the mover cannot see (bag and
 * opponent's rack, face → count); `bag`: the tiles in the bag.
 */
export function knownOpponentTiles(replay: Replay, index: number, unseen: ReadonlyMap<string, number>, bag: number): string[] {
  const turn = replay.turns[index];
  if (!turn || index === 0 || (turn.player !== 0 && turn.player !== 1)) return [];
  const q = 1 - turn.player;
  const written = replay.turns[index - 1].racks[q].tiles;
  let withdrawn: string[] = [];
  for (let t = 0; t < index; t++) {
    const e = replay.turns[t];
    if (e.player !== q) continue;
    if (e.kind === 'placement' || e.kind === 'word') {
      const next = replay.turns[t + 1];
      const faces = facesOf(e);
      if (faces.length === 0)
        withdrawn = []; // a play whose tiles are not known
      else if (next && t + 1 < index && next.kind === 'withdrawn' && next.player === q) {
        withdrawn = union(withdrawn, faces);
        t++;
      } else withdrawn = subtract(withdrawn, faces);
    } else if (e.kind === 'exchange' || e.kind === 'score-only') withdrawn = [];
  }
  const both = union(written, withdrawn);
  if (fits(both, unseen, bag)) return both;
  return fits(written, unseen, bag) ? written.slice() : [];
}

/**
 * The known tiles of the opponent's rack that the deals can honour: each among the unseen tiles,
 * at most the rack's size; a list that does not fit is not used at all (no guess).
 */
export function knownDeal(unseen: readonly string[], known: readonly string[], opponentSize: number): readonly string[] {
  if (known.length === 0 || known.length > opponentSize) return [];
  const left = unseen.slice();
  for (const f of known) {
    const k = left.indexOf(f);
    if (k < 0) return [];
    left.splice(k, 1);
  }
  return known.slice();
}
