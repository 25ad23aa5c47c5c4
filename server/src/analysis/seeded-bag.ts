/**
 * The seeded bag shared by self-play (training/selfplay.ts) and the test generator
 * (test/support/generator.ts): a seeded uniform stream (mulberry32), the in-place Fisher–Yates
 * shuffle that draws from it, and the full bag of a tile set in kind order (art. 3: the 100 FISE
 * tiles for the Spanish set).
 *
 * Invariants: pure apart from the stream's own state; the same seed gives the same numbers, and
 * the same numbers the same shuffle, so a game made from a seed is made again from it (the
 * samples `partida-completa.gcg` and `final-de-club.gcg` and every seeded test rely on that).
 *
 * Example:
 *   const rand = mulberry32(12);
 *   const bag = fullBag();          // ['A', 'A', …, '?', '?'] (100 faces)
 *   shuffle(bag, rand);             // the deal of seed 12
 */
import { TILE_SETS, type TileSet } from '../engine/tilesets';

/** A seeded uniform stream in [0, 1) (mulberry32). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Shuffles `list` in place (Fisher–Yates, from the end), drawing from `rand`. */
export function shuffle<T>(list: T[], rand: () => number): void {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    const t = list[i];
    list[i] = list[j];
    list[j] = t;
  }
}

/** The full bag of a tile set as faces ('CH', '?' for a blank), in kind order (art. 3); the Spanish set by default. */
export function fullBag(tileSet: TileSet = TILE_SETS.spanish): string[] {
  const bag: string[] = [];
  for (const k of tileSet.kinds) for (let i = 0; i < k.count; i++) bag.push(k.letter);
  return bag;
}
