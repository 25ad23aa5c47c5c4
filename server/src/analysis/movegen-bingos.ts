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
 *   bingos.spells(letters, 7, 0, 0, 0);         // the rack's 7 letters (increasing codes) are a word's
 *   bingos.spells(letters, 6, 1, code, 0);      // 6 letters, a blank and one `code`: an 8-letter word's
 *   bingos.spells(letters, 7, 0, code, other);  // with two board tiles, a 9-letter word's
 */
import { RACK_SIZE } from '../engine/tilesets';
import { EDGE_CHILD_SHIFT, EDGE_FINAL, type Dawg } from '../lexicon/dawg';
import { TILE_COUNT } from '../lexicon/normalize';
import { ALL_TILES, edgeIn } from './movegen-codes';

/** A key's base: a letter is one digit (codes 1..TILE_COUNT); 9 digits stay below 2^53. */
const SHIFT = 32;
/** The longest word indexed: the rack and two board tiles. */
const LONGEST = RACK_SIZE + 2;

export class BingoIndex {
  private readonly keys: Float64Array;

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
        const at = edgeIn(edges, node, t);
        if (at === 0) continue;
        const edge = edges[at];
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
   * Whether the rack's lettered tiles `letters` (their first `n`, in increasing code order), its
   * `blanks` (standing for any letter) and the letters `extra` and `other` (codes; 0: none) are the
   * letters of a word. With two blanks or more it answers true without looking (a bound may stay
   * loose).
   */
  spells(letters: Int32Array, n: number, blanks: number, extra: number, other: number): boolean {
    if (blanks > 1) return true;
    if (blanks === 0) return this.has(keyWith(letters, n, extra, other, 0));
    for (let code = 1; code <= TILE_COUNT; code++) if (this.has(keyWith(letters, n, extra, other, code))) return true;
    return false;
  }
}

/**
 * The key of `letters`' first `n` codes (increasing) and the codes `x`, `y`, `z` (0: none), merged
 * in order: base-32 digits, the lowest code first.
 */
function keyWith(letters: Int32Array, n: number, x: number, y: number, z: number): number {
  // The extra codes in increasing order, 0s (none) last.
  let e0 = x === 0 ? 99 : x;
  let e1 = y === 0 ? 99 : y;
  let e2 = z === 0 ? 99 : z;
  if (e1 < e0) [e0, e1] = [e1, e0];
  if (e2 < e1) [e1, e2] = [e2, e1];
  if (e1 < e0) [e0, e1] = [e1, e0];
  let key = 0;
  let digit = 1;
  let i = 0;
  for (;;) {
    const c = i < n ? letters[i] : 99;
    let next: number;
    if (e0 <= c) {
      if (e0 === 99) break;
      next = e0;
      e0 = e1;
      e1 = e2;
      e2 = 99;
    } else {
      next = c;
      i++;
    }
    key += next * digit;
    digit *= SHIFT;
  }
  return key;
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
