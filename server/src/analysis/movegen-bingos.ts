/**
 * Which racks can play all their tiles (art. 19's bonus) in a word of 7 to 9 letters: the sorted
 * letters of every word of those lengths of a word graph, as numbers (5 bits a letter), sorted
 * in one array (1.2 MB for the built-in list's 151 000; a binary search a question). The pruned walk's bounds (movegen-shadow.ts) count the bonus on a span of 7 empty squares
 * only when the rack (with the board's one or two tiles in the span) spells some word:
 * a necessary condition, so the bounds stay above every move's key, and far tighter than the
 * bonus on every such span. Built once per graph, on first use, by a walk of the graph's first
 * nine levels.
 *
 * Example:
 *   const bingos = bingoIndexOf(graph);
 *   bingos.spells(rack, 0, 0);         // the rack's 7 tiles (counts by code) are a word's letters
 *   bingos.spells(rack, code, 0);      // the rack's 7 tiles and one `code` are an 8-letter word's
 *   bingos.spells(rack, code, other);  // and with two board tiles, a 9-letter word's
 */
import { RACK_SIZE } from '../engine/tilesets';
import { EDGE_CHILD_SHIFT, EDGE_FINAL, type Dawg } from '../lexicon/dawg';
import { TILE_COUNT } from '../lexicon/normalize';
import { ALL_TILES, BITS, BLANK } from './movegen-codes';

/** A key's base: a letter is one digit (codes 1..TILE_COUNT); 9 digits stay below 2^53. */
const SHIFT = 32;
/** The longest word indexed: the rack and two board tiles. */
const LONGEST = RACK_SIZE + 2;

export class BingoIndex {
  private readonly keys: Float64Array;
  private readonly letters = new Int32Array(LONGEST + 1);
  private readonly scratch = new Int32Array(LONGEST + 1);

  constructor(graph: Dawg) {
    const path = new Int32Array(LONGEST + 1);
    const sorted = new Int32Array(LONGEST + 1);
    const edges = graph.edges;
    const found: number[] = [];
    const walk = (node: number, depth: number): void => {
      const mask = edges[node - 1];
      let m = mask & ALL_TILES;
      while (m !== 0) {
        const bit = m & -m;
        m ^= bit;
        const t = 31 - Math.clz32(bit);
        const below = mask & (bit - 1);
        const edge = edges[node + BITS[below & 1023] + BITS[(below >>> 10) & 1023] + BITS[below >>> 20]];
        path[depth] = t;
        if ((edge & EDGE_FINAL) !== 0 && depth + 1 >= RACK_SIZE) {
          for (let i = 0; i <= depth; i++) sorted[i] = path[i];
          found.push(keyOf(sorted, depth + 1));
        }
        const child = edge >>> EDGE_CHILD_SHIFT;
        if (child !== 0 && depth + 1 < LONGEST) walk(child, depth + 1);
      }
    };
    if (graph.root !== 0) walk(graph.root, 0);
    const all = Float64Array.from(found).sort();
    let n = 0;
    for (let i = 0; i < all.length; i++) if (n === 0 || all[i] !== all[n - 1]) all[n++] = all[i];
    this.keys = all.slice(0, n);
  }

  /** Whether `key` is some word's. */
  private has(key: number): boolean {
    const keys = this.keys;
    let lo = 0;
    let hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (keys[mid] < key) lo = mid + 1;
      else hi = mid;
    }
    return lo < keys.length && keys[lo] === key;
  }

  /**
   * Whether the tiles of `rack` (counts by code, RACK_SIZE of them, blanks standing for any
   * letter) and the letters `extra` and `other` (codes; 0: none) are the letters of a word. With
   * two blanks or more it answers true without looking (a bound may stay loose).
   */
  spells(rack: ArrayLike<number>, extra: number, other: number): boolean {
    const blanks = rack[BLANK];
    if (blanks > 1) return true;
    const letters = this.letters;
    let n = 0;
    for (let code = 1; code <= TILE_COUNT; code++) for (let j = 0; j < rack[code]; j++) letters[n++] = code;
    if (extra > 0) letters[n++] = extra;
    if (other > 0) letters[n++] = other;
    if (blanks === 0) return this.has(keyOf(letters, n));
    const scratch = this.scratch;
    for (let code = 1; code <= TILE_COUNT; code++) {
      for (let i = 0; i < n; i++) scratch[i] = letters[i];
      scratch[n] = code;
      if (this.has(keyOf(scratch, n + 1))) return true;
    }
    return false;
  }
}

/** The key of the first `n` codes of `codes` (sorted in place): base-32 digits, the lowest code first. */
function keyOf(codes: Int32Array, n: number): number {
  for (let i = 1; i < n; i++) {
    const c = codes[i];
    let j = i;
    while (j > 0 && codes[j - 1] > c) {
      codes[j] = codes[j - 1];
      j--;
    }
    codes[j] = c;
  }
  let key = 0;
  for (let i = n - 1; i >= 0; i--) key = key * SHIFT + codes[i];
  return key;
}

const indexes = new WeakMap<Dawg, BingoIndex>();

/** The bingo index of a word graph (one per graph). */
export function bingoIndexOf(graph: Dawg): BingoIndex {
  let index = indexes.get(graph);
  if (!index) {
    index = new BingoIndex(graph);
    indexes.set(graph, index);
  }
  return index;
}
