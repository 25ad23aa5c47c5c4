/**
 * The move generator's DAWG walk (movegen.ts), Appel and Jacobson's method, for a word list
 * without a GADDAG (the browser server, a large overlay): from each anchor of the loaded lane, the
 * left part is either the board tiles just before it, walked through the DAWG, or rack tiles on
 * the empty non-anchor squares before it (whose cross sets are full); then the word goes on
 * rightward from the anchor (movegen-lane.ts `extend`). Left parts of one tile are walked
 * directly; longer ones come from a tree of the rack's prefixes in the DAWG, built once per
 * position and walked in preorder, a subtree none of whose nodes goes on with a tile the anchor
 * accepts skipped whole.
 *
 * Invariants: a placement is generated from the leftmost anchor it covers, once; the rack is
 * given back whole when `dawgAnchor` returns.
 *
 * Example (through the generator, on a graph without a GADDAG):
 *   gen.loadLane(0, 7); gen.genAnchor(7);   // every placement whose leftmost anchor is H8
 */
import { RACK_SIZE } from '../engine/tilesets';
import { EDGE_CHILD_SHIFT } from '../lexicon/dawg';
import { BOARD_SIZE } from '../engine/board';
import {
  ALL_TILES as CODES_ALL_TILES,
  BITS as CODES_BITS,
  BLANK as CODES_BLANK,
  BLANK_BIT as CODES_BLANK_BIT,
  CODE_MASK as CODES_CODE_MASK,
  VALUES as CODES_VALUES,
} from './movegen-codes';
import { ShadowBounds } from './movegen-shadow';

// Module constants the JIT embeds in the hot loops (an imported name is read as a property of
// `exports` in CommonJS output).
const SIZE = BOARD_SIZE;
const ALL_TILES = CODES_ALL_TILES;
const BITS = CODES_BITS;
const BLANK = CODES_BLANK;
const BLANK_BIT = CODES_BLANK_BIT;
const CODE_MASK = CODES_CODE_MASK;
const VALUES = CODES_VALUES;
const CHILD_SHIFT = EDGE_CHILD_SHIFT;

export class LeftParts extends ShadowBounds {
  private readonly leftPart = new Uint8Array(SIZE);

  /** Every placement whose leftmost anchor is lane position `a` of the loaded lane, walked on the DAWG. */
  protected dawgAnchor(a: number): void {
    this.anchorPos = a;
    const tile = this.laneTile;
    if (a > 0 && tile[a - 1] !== 0) {
      // The tiles left of the anchor are the start of the word.
      let start = a - 1;
      while (start > 0 && tile[start - 1] !== 0) start--;
      let node = this.root;
      let sum = 0;
      for (let i = start; i < a; i++) {
        const t = tile[i];
        if ((t & BLANK_BIT) === 0) sum += VALUES[t & CODE_MASK];
        const e = this.edgeOf(node, t & CODE_MASK);
        if (e === 0) return;
        node = this.edges[e] >>> CHILD_SHIFT;
        if (node === 0) return;
      }
      if (this.rack[BLANK] === 0) this.extendPlain(a, start, node, sum, 1, 0, 0, 0);
      else this.extend(a, start, node, sum, 1, 0, 0, 0);
      return;
    }
    let limit = 0;
    for (let i = a - 1; i >= 0 && tile[i] === 0 && this.laneAnchor[i] === 0; i--) limit++;
    if (limit > RACK_SIZE - 1) limit = RACK_SIZE - 1;
    if (limit <= 1) {
      this.left(this.root, 0, limit);
      return;
    }
    // Longer left parts: the position's tree of rack prefixes, built once (the same for every
    // anchor), walked in preorder; the tiles of the prefix in hand stay taken from the rack, so
    // going from one prefix to the next gives back and takes only the tiles where they differ.
    if (this.prefixCount < 0) this.buildPrefixes();
    const rack = this.rack;
    const crossA = this.laneCross[a];
    const rootMask = this.edges[this.root - 1];
    if ((rootMask & crossA & (rack[BLANK] > 0 ? ALL_TILES : this.rackMask)) !== 0) this.extendFromLeft(this.root, 0);
    const count = this.prefixCount;
    const pLen = this.prefLen;
    const pTile = this.prefTile;
    const left = this.leftPart;
    let depth = 0;
    for (let i = 0; i < count && !this.stopped;) {
      // No prefix below this one reaches a node with a tile the anchor accepts: skip them all.
      if ((this.prefUnion[i] & crossA) === 0) {
        i = this.prefSkip[i];
        continue;
      }
      const len = pLen[i];
      while (depth >= len) {
        const t = left[--depth];
        const code = (t & BLANK_BIT) !== 0 ? BLANK : t;
        if (rack[code]++ === 0 && code !== BLANK) this.rackMask ^= 1 << code;
      }
      const t = pTile[i];
      left[depth++] = t;
      const code = (t & BLANK_BIT) !== 0 ? BLANK : t;
      if (--rack[code] === 0 && code !== BLANK) this.rackMask ^= 1 << code;
      if ((this.prefMask[i] & crossA & (rack[BLANK] > 0 ? ALL_TILES : this.rackMask)) !== 0) this.extendFromLeft(this.prefNode[i], len);
      i = len >= limit ? this.prefSkip[i] : i + 1;
    }
    while (depth > 0) {
      const t = left[--depth];
      const code = (t & BLANK_BIT) !== 0 ? BLANK : t;
      if (rack[code]++ === 0 && code !== BLANK) this.rackMask ^= 1 << code;
    }
  }

  // The rack's prefixes (paths of the graph spelt with rack tiles, blanks included, of 1 to 6
  // tiles and at most the rack's size less one, that the graph continues) as a tree in preorder:
  // prefix i adds tile `prefTile[i]` to its parent (the nearest earlier prefix one tile shorter),
  // reaches graph node `prefNode[i]` (whose tile mask is `prefMask[i]`; `prefUnion[i]` is the union
  // of the masks of its subtree), and its subtree ends before `prefSkip[i]`. Built on the first
  // anchor that needs them, once per position.
  protected prefixCount = -1;
  private prefNode = new Int32Array(1024);
  private prefMask = new Int32Array(1024);
  private prefUnion = new Int32Array(1024);
  private prefSkip = new Int32Array(1024);
  private prefLen = new Uint8Array(1024);
  private prefTile = new Uint8Array(1024);

  private buildPrefixes(): void {
    this.prefixCount = 0;
    const maxLen = Math.min(RACK_SIZE - 1, this.rackSize - 1);
    if (maxLen >= 1) this.collectPrefixes(this.root, 1, maxLen);
  }

  /** Appends, in preorder, the prefixes of `len` to `maxLen` tiles below `node`; the union of their masks. */
  private collectPrefixes(node: number, len: number, maxLen: number): number {
    const edges = this.edges;
    const rack = this.rack;
    const nodeMask = edges[node - 1];
    let m = nodeMask & (rack[BLANK] > 0 ? ALL_TILES : this.rackMask);
    let union = 0;
    while (m !== 0) {
      const bit = m & -m;
      m ^= bit;
      const t = 31 - Math.clz32(bit);
      const below = nodeMask & (bit - 1);
      const child = edges[node + BITS[below & 1023] + BITS[(below >>> 10) & 1023] + BITS[below >>> 20]] >>> CHILD_SHIFT;
      if (child === 0) continue;
      for (let pass = 0; pass < 2; pass++) {
        const code = pass === 0 ? t : BLANK;
        if (rack[code] === 0) continue;
        if (--rack[code] === 0 && code !== BLANK) this.rackMask ^= bit;
        const i = this.pushPrefix(child, len, pass === 0 ? t : t | BLANK_BIT);
        let under = this.prefMask[i];
        if (len < maxLen) under |= this.collectPrefixes(child, len + 1, maxLen);
        this.prefUnion[i] = under;
        this.prefSkip[i] = this.prefixCount;
        union |= under;
        if (rack[code]++ === 0 && code !== BLANK) this.rackMask ^= bit;
      }
    }
    return union;
  }

  private pushPrefix(node: number, len: number, tile: number): number {
    const i = this.prefixCount++;
    if (i === this.prefNode.length) {
      const grow = <T extends Int32Array | Uint8Array>(a: T, n: number): T => {
        const b = new (a.constructor as { new (n: number): T })(n);
        b.set(a);
        return b;
      };
      this.prefNode = grow(this.prefNode, i * 2);
      this.prefMask = grow(this.prefMask, i * 2);
      this.prefUnion = grow(this.prefUnion, i * 2);
      this.prefSkip = grow(this.prefSkip, i * 2);
      this.prefLen = grow(this.prefLen, i * 2);
      this.prefTile = grow(this.prefTile, i * 2);
    }
    this.prefNode[i] = node;
    this.prefMask[i] = this.edges[node - 1];
    this.prefLen[i] = len;
    this.prefTile[i] = tile;
    return i;
  }

  /** Left parts of `len` rack tiles (in `leftPart`) reaching `node`; then extend from the anchor. */
  private left(node: number, len: number, limit: number): void {
    const edges = this.edges;
    const rack = this.rack;
    const nodeMask = edges[node - 1];
    // Extend only when the graph can go on with a tile the anchor square accepts and the rack has.
    const usable = rack[BLANK] > 0 ? ALL_TILES : this.rackMask;
    if ((nodeMask & this.laneCross[this.anchorPos] & usable) !== 0) this.extendFromLeft(node, len);
    if (len >= limit || this.stopped) return;
    let m = nodeMask & usable;
    while (m !== 0) {
      const bit = m & -m;
      m ^= bit;
      const t = 31 - Math.clz32(bit);
      const below = nodeMask & (bit - 1);
      const e = node + BITS[below & 1023] + BITS[(below >>> 10) & 1023] + BITS[below >>> 20];
      const child = edges[e] >>> CHILD_SHIFT;
      if (child === 0) continue;
      if (rack[t] > 0) {
        if (--rack[t] === 0) this.rackMask ^= bit;
        this.leftPart[len] = t;
        this.left(child, len + 1, limit);
        if (rack[t]++ === 0) this.rackMask ^= bit;
      }
      if (rack[BLANK] > 0) {
        rack[BLANK]--;
        this.leftPart[len] = t | BLANK_BIT;
        this.left(child, len + 1, limit);
        rack[BLANK]++;
      }
      if (this.stopped) break;
    }
  }

  /** Places the left part before the anchor, scores it, and extends from the anchor. */
  private extendFromLeft(node: number, len: number): void {
    const a = this.anchorPos;
    const start = a - len;
    let sum = 0;
    let wm = 1;
    let usedIdx = 0;
    for (let k = 0; k < len; k++) {
      const t = this.leftPart[k];
      const p = start + k;
      this.laneNew[p] = t;
      if ((t & BLANK_BIT) === 0) {
        sum += VALUES[t] * this.laneLM[p];
        usedIdx += this.radix[t];
      } else usedIdx += this.radix[BLANK];
      wm *= this.laneWM[p];
    }
    if (this.rack[BLANK] === 0) this.extendPlain(a, start, node, sum, wm, 0, len, usedIdx);
    else this.extend(a, start, node, sum, wm, 0, len, usedIdx);
    for (let k = 0; k < len; k++) this.laneNew[start + k] = 0;
  }
}
