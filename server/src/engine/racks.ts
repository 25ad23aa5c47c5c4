/**
 * Racks as multisets of tile faces ('A', 'CH', '?' for a blank), and the choice among the
 * readings of a plain-notation rack (NOTATION.md, "Digraph tiles"): an upper-case pair such as RR
 * may be two tiles or the digraph tile, and the engine takes the reading that makes the turn
 * consistent: the turn's tiles come from the rack, the rack holds as many tiles as the player
 * should hold (7 while the bag lasts), it keeps what the player's previous turn left, and no tile
 * appears more often than it remains unseen. Several fitting readings: the digraph one (the
 * readings come digraph-first), and the turn records the doubt.
 *
 * Invariants: pure; tile lists are never mutated; faces are canonical upper case.
 *
 * Example:
 *   missingFrom(['A', 'B'], ['A', 'A']);   // ['A']
 *   removeTiles(['A', 'B', 'A'], ['A']);   // ['B', 'A']
 *   formatTiles(['C', 'CH', '?']);         // 'C[CH]?'
 */
import type { TileRef } from '../syntax/types';

/** Longest list whose used copies fit in the bits of one number (racks hold 7). */
const SMALL = 31;

/** The first copy of `t` in `pool` not yet marked in `used`, or -1. */
function firstUnused(pool: readonly string[], used: number, t: string): number {
  for (let i = 0; i < pool.length; i++) if (pool[i] === t && (used & (1 << i)) === 0) return i;
  return -1;
}

/** Tiles of `need` that `have` lacks (as a multiset difference, in `need`'s order). */
export function missingFrom(have: readonly string[], need: readonly string[]): string[] {
  const missing: string[] = [];
  if (have.length <= SMALL) {
    let used = 0;
    for (const t of need) {
      const i = firstUnused(have, used, t);
      if (i >= 0) used |= 1 << i;
      else missing.push(t);
    }
    return missing;
  }
  const pool = have.slice();
  for (const t of need) {
    const i = pool.indexOf(t);
    if (i >= 0) pool.splice(i, 1);
    else missing.push(t);
  }
  return missing;
}

/** `from` without one copy of each tile of `tiles` (tiles it lacks are ignored). */
export function removeTiles(from: readonly string[], tiles: readonly string[]): string[] {
  if (from.length <= SMALL) {
    let used = 0;
    for (const t of tiles) {
      const i = firstUnused(from, used, t);
      if (i >= 0) used |= 1 << i;
    }
    const rest: string[] = [];
    for (let i = 0; i < from.length; i++) if ((used & (1 << i)) === 0) rest.push(from[i]);
    return rest;
  }
  const rest = from.slice();
  for (const t of tiles) {
    const i = rest.indexOf(t);
    if (i >= 0) rest.splice(i, 1);
  }
  return rest;
}

/** The smallest multiset holding both `a` and `b` (what two partial views of one rack show). */
export function mergeTiles(a: readonly string[], b: readonly string[]): string[] {
  const merged = a.slice();
  for (const t of missingFrom(a, b)) merged.push(t);
  return merged;
}

export function countOf(tiles: readonly string[], face: string): number {
  let n = 0;
  for (const t of tiles) if (t === face) n++;
  return n;
}

/** Same multiset? */
export function sameTiles(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && missingFrom(a, b).length === 0;
}

/** A rack tile's face: '?' for a blank, else its letter. */
export function rackFace(t: TileRef): string {
  return t.blank ? '?' : (t.letter ?? '');
}

/** Tiles in bracket notation, in the given order ('AC[CH]ORS?'); '—' when empty. */
export function formatTiles(tiles: readonly string[]): string {
  if (tiles.length === 0) return '—';
  return tiles.map((t) => (t.length > 1 ? `[${t}]` : t)).join('');
}

/**
 * Spanish collation, made once when first needed: `localeCompare(b, 'es')` makes a collator on
 * every call (ICU's set-up each time), `Intl.Collator('es').compare` gives the same order.
 */
let spanishCollator: Intl.Collator | undefined;

/** Sorted copy for display: letters in alphabetical order, blanks last. */
export function sortTiles(tiles: readonly string[]): string[] {
  const collator = (spanishCollator ??= new Intl.Collator('es'));
  return tiles.slice().sort((a, b) => (a === '?' ? 1 : b === '?' ? -1 : collator.compare(a, b)));
}

export interface ReadingContext {
  /** Tiles the turn takes from the rack, for a given reading (played or exchanged; '?' = blank). */
  readonly needed: (reading: readonly TileRef[]) => readonly string[];
  /** How many tiles the player should hold now. */
  readonly expectedSize: number;
  /** Tiles known to be on the rack already (what the previous turn left). */
  readonly keep: readonly string[];
  /** Copies of a face not yet seen on the board. */
  readonly unseen: (face: string) => number;
}

export interface ReadingChoice {
  /** Index of the chosen reading. */
  readonly index: number;
  /** The chosen reading's faces: a fresh array, the caller's own. */
  readonly tiles: string[];
  /** Indices of every reading that fits as well as the chosen one (several: a guess). */
  readonly fitting: readonly number[];
  /** The chosen reading is the other notation's (a bracket file's pair read as the digraph). */
  readonly other: boolean;
}

/** How well a reading fits; higher is better; 15 = consistent with every rule (by priority). */
function fitScore(reading: readonly TileRef[], faces: readonly string[], ctx: ReadingContext): number {
  const fromRack = missingFrom(faces, ctx.needed(reading)).length === 0;
  const size = faces.length === ctx.expectedSize;
  const keeps = missingFrom(faces, ctx.keep).length === 0;
  let inBag = true;
  for (const f of new Set(faces)) if (countOf(faces, f) > ctx.unseen(f)) inBag = false;
  return (fromRack ? 8 : 0) + (size ? 4 : 0) + (inBag ? 2 : 0) + (keeps ? 1 : 0);
}

/**
 * Picks a reading of a rack (readings ordered digraph-first; ties go to the earlier one). The
 * readings that fit as well as the chosen one are `fitting`: more than one means the choice was a
 * guess (a partial rack, say, where neither reading can show the full size). Readings from
 * `otherFrom` on are the other notation's (a mixed file): one of them is taken only when it fits
 * strictly better than every reading of the file's own notation, and `fitting` then lists only
 * readings of the same notation as the chosen one.
 */
export function chooseReading(
  readings: readonly (readonly TileRef[])[],
  ctx: ReadingContext,
  otherFrom: number = readings.length,
): ReadingChoice {
  if (readings.length <= 1) {
    const tiles = (readings[0] ?? []).map(rackFace);
    return { index: 0, tiles, fitting: [0], other: false };
  }
  const scores = readings.map((reading) => fitScore(reading, reading.map(rackFace), ctx));
  const ownBest = Math.max(...scores.slice(0, otherFrom));
  const best = Math.max(...scores);
  const other = best > ownBest;
  const fitting = scores.flatMap((score, i) => (score === best && i >= otherFrom === other ? [i] : []));
  const index = fitting[0];
  return { index, tiles: readings[index].map(rackFace), fitting, other };
}
