/**
 * The move generator's GADDAG walk (movegen.ts), Gordon's method on the GADDAG of
 * lexicon/gaddag.ts (the strings rev(w[0..i]) + separator + w[i+1..] of each word w, and rev(w);
 * the separator is tile 0, bit 0 of a node's mask), from each anchor of the loaded lane leftward
 * first. A tile the anchor's cross set allows and the rack has is placed on the anchor; then the
 * word's left part, read right to left: the board tiles before the anchor when there are some (the
 * word starts where they start), else rack tiles on the empty squares before it up to the previous
 * anchor of the lane (their cross sets are full: no tile touches them), so that a move is still
 * generated from its leftmost anchor; at each length, the graph's separator leads to the right part, walked by `extend` /
 * `extendPlain` from the square after the anchor, and a final edge ends the word at the anchor.
 * Only left parts that some word continues through the anchor's tile are ever tried.
 *
 * Invariants: a node's fewest tiles still needed leftward (lexicon/gaddag.ts `NEED_SHIFT`) prunes a
 * left part that needs more tiles than the free squares or the rack hold; the rack is given back
 * whole when `gaddagAnchor` returns.
 *
 * Example (through the generator, on a graph with a GADDAG):
 *   gen.loadLane(0, 7); gen.genAnchor(7);   // every placement whose leftmost anchor is H8
 */
import { BOARD_SIZE } from '../engine/board';
import { RACK_SIZE } from '../engine/tilesets';
import { EDGE_CHILD_SHIFT, EDGE_FINAL as DAWG_EDGE_FINAL, type Dawg } from '../lexicon/dawg';
import { NEED_SHIFT as GADDAG_NEED_SHIFT, type Gaddag } from '../lexicon/gaddag';
import {
  ALL_TILES as CODES_ALL_TILES,
  BITS as CODES_BITS,
  BLANK as CODES_BLANK,
  BLANK_BIT as CODES_BLANK_BIT,
  CODE_MASK as CODES_CODE_MASK,
  VALUES as CODES_VALUES,
  edgeIn as codesEdgeIn,
} from './movegen-codes';
import { LeftParts } from './movegen-dawg';

// Module constants the JIT embeds in the hot loops (an imported name is read as a property of
// `exports` in CommonJS output).
const SIZE = BOARD_SIZE;
const edgeIn = codesEdgeIn;
const ALL_TILES = CODES_ALL_TILES;
const BITS = CODES_BITS;
const BLANK = CODES_BLANK;
const BLANK_BIT = CODES_BLANK_BIT;
const CODE_MASK = CODES_CODE_MASK;
const VALUES = CODES_VALUES;
const EDGE_FINAL = DAWG_EDGE_FINAL;
const CHILD_SHIFT = EDGE_CHILD_SHIFT;
/** Where a GADDAG node's mask word keeps its fewest tiles still needed leftward (lexicon/gaddag.ts). */
const NEED_SHIFT = GADDAG_NEED_SHIFT;

export class GaddagWalk extends LeftParts {
  protected readonly gaddagEdges: Uint32Array;
  /** The GADDAG's root; 0 without a GADDAG (then the DAWG's left parts are walked). */
  protected readonly gaddagRoot: number;

  constructor(
    dawg: Dawg,
    /** The GADDAG of the same words (lexicon/gaddag.ts), walked from each anchor leftward first. */
    readonly gaddag?: Gaddag,
  ) {
    super(dawg);
    this.gaddagEdges = gaddag ? gaddag.edges : dawg.edges;
    this.gaddagRoot = gaddag ? gaddag.root : 0;
    if (gaddag && gaddag.sha256 !== dawg.sha256) throw new Error('MoveGenerator: the GADDAG of another word list');
  }

  /** Every placement whose leftmost anchor is lane position `a` of the loaded lane, walked on the GADDAG. */
  protected gaddagAnchor(a: number): void {
    this.anchorPos = a;
    const g = this.walk;
    const tile = this.laneTile;
    const rack = this.rack;
    if (a > 0 && tile[a - 1] !== 0) {
      // Board tiles before the anchor: the word starts where they start; read them from the last
      // one leftward, then the separator, then rightward from the anchor.
      let node = this.gaddagRoot;
      let sum = 0;
      let p = a - 1;
      for (;;) {
        const t = tile[p];
        const e = edgeIn(g, node, t & CODE_MASK);
        if (e === 0) return;
        if ((t & BLANK_BIT) === 0) sum += VALUES[t & CODE_MASK];
        node = g[e] >>> CHILD_SHIFT;
        if (node === 0) return;
        if (p === 0 || tile[p - 1] === 0) break;
        p--;
      }
      if ((g[node - 1] & 1) === 0) return;
      const right = g[node] >>> CHILD_SHIFT;
      if (right === 0) return;
      if (rack[BLANK] === 0) this.extendPlain(a, p, right, sum, 1, 0, 0, 0);
      else this.extend(a, p, right, sum, 1, 0, 0, 0);
      return;
    }
    // Board tiles right after the anchor are read first, from the last one leftward: the word
    // goes through them, and the anchor's tile must go on from them.
    let node = this.gaddagRoot;
    let sum = 0;
    let right = a + 1;
    if (right < SIZE && tile[right] !== 0) {
      while (right + 1 < SIZE && tile[right + 1] !== 0) right++;
      for (let p = right; p > a; p--) {
        const t = tile[p];
        const e = edgeIn(g, node, t & CODE_MASK);
        if (e === 0) return;
        if ((t & BLANK_BIT) === 0) sum += VALUES[t & CODE_MASK];
        node = g[e] >>> CHILD_SHIFT;
        if (node === 0) return;
      }
      right++;
    }
    this.rightStart = right;
    const nodeMask = g[node - 1];
    let m = nodeMask & this.laneCross[a] & (rack[BLANK] > 0 ? ALL_TILES : this.rackMask);
    if (m === 0) return;
    let limit = 0;
    for (let i = a - 1; i >= 0 && tile[i] === 0 && this.laneAnchor[i] === 0; i--) limit++;
    if (limit > RACK_SIZE - 1) limit = RACK_SIZE - 1;
    const lm = this.laneLM[a];
    const wmHere = this.laneWM[a];
    const cs = this.laneCS[a];
    const endsHere = right === SIZE || tile[right] === 0;
    const reach = limit < this.rackSize - 1 ? limit : this.rackSize - 1;
    while (m !== 0) {
      const bit = m & -m;
      m ^= bit;
      const t = 31 - Math.clz32(bit);
      const below = nodeMask & (bit - 1);
      const edge = g[node + BITS[below & 1023] + BITS[(below >>> 10) & 1023] + BITS[below >>> 20]];
      // Only when the word can end here or start within reach.
      const after = edge >>> CHILD_SHIFT;
      if (!((edge & EDGE_FINAL) !== 0 && endsHere) && (after === 0 || g[after - 1] >>> NEED_SHIFT > reach)) continue;
      if (rack[t] > 0) {
        const pts = VALUES[t] * lm;
        const cross = cs >= 0 ? (cs + pts) * wmHere : 0;
        if (--rack[t] === 0) this.rackMask ^= bit;
        this.laneNew[a] = t;
        if (rack[BLANK] === 0) this.leftwardPlain(edge, a, limit, sum + pts, wmHere, cross, 1, this.radix[t]);
        else this.leftward(edge, a, limit, sum + pts, wmHere, cross, 1, this.radix[t]);
        if (rack[t]++ === 0) this.rackMask ^= bit;
      }
      if (rack[BLANK] > 0) {
        const cross = cs >= 0 ? cs * wmHere : 0;
        rack[BLANK]--;
        this.laneNew[a] = t | BLANK_BIT;
        if (rack[BLANK] === 0) this.leftwardPlain(edge, a, limit, sum, wmHere, cross, 1, this.radix[BLANK]);
        else this.leftward(edge, a, limit, sum, wmHere, cross, 1, this.radix[BLANK]);
        rack[BLANK]++;
      }
      this.laneNew[a] = 0;
      if (this.stopped) break;
    }
  }

  /** Lane position where the right part starts: after the anchor, or after the board tiles that follow it. */
  private rightStart = 0;

  /**
   * The word's left part reaches lane position `pos` by GADDAG edge `edge` (value); `room` more
   * rack tiles may go before it. Ends the word at the anchor when the edge is final, goes right
   * through the separator, then places one more tile to the left.
   */
  private leftward(edge: number, pos: number, room: number, sum: number, wm: number, cross: number, used: number, usedIdx: number): void {
    const tile = this.laneTile;
    const g = this.walk;
    const rack = this.rack;
    const next = this.rightStart;
    if ((edge & EDGE_FINAL) !== 0 && (next === SIZE || tile[next] === 0)) this.report(pos, next - 1, sum, wm, cross, used, usedIdx);
    const node = edge >>> CHILD_SHIFT;
    if (node === 0) return;
    const nodeMask = g[node - 1];
    if ((nodeMask & 1) !== 0 && next < SIZE) {
      // The separator is the node's first edge (tile 0).
      const right = g[node] >>> CHILD_SHIFT;
      if (
        right !== 0 &&
        (tile[next] !== 0 || (g[right - 1] & this.laneCross[next] & (rack[BLANK] > 0 ? ALL_TILES : this.rackMask)) !== 0)
      ) {
        if (rack[BLANK] === 0) this.extendPlain(next, pos, right, sum, wm, cross, used, usedIdx);
        else this.extend(next, pos, right, sum, wm, cross, used, usedIdx);
      }
    }
    if (room === 0 || this.stopped) return;
    let m = nodeMask & (rack[BLANK] > 0 ? ALL_TILES : this.rackMask);
    if (m === 0) return;
    const p = pos - 1;
    const lm = this.laneLM[p];
    const wmHere = this.laneWM[p];
    const cs = this.laneCS[p];
    const w2 = wm * wmHere;
    const endsHere = next === SIZE || tile[next] === 0;
    // Tiles the left part may still take after this one: the squares, and the rack.
    const rest = this.rackSize - used - 1;
    const reach = room - 1 < rest ? room - 1 : rest;
    while (m !== 0) {
      const bit = m & -m;
      m ^= bit;
      const t = 31 - Math.clz32(bit);
      const below = nodeMask & (bit - 1);
      const e = g[node + BITS[below & 1023] + BITS[(below >>> 10) & 1023] + BITS[below >>> 20]];
      const child = e >>> CHILD_SHIFT;
      if (!((e & EDGE_FINAL) !== 0 && endsHere) && (child === 0 || g[child - 1] >>> NEED_SHIFT > reach)) continue;
      if (rack[t] > 0) {
        const pts = VALUES[t] * lm;
        const c2 = cs >= 0 ? cross + (cs + pts) * wmHere : cross;
        if (--rack[t] === 0) this.rackMask ^= bit;
        this.laneNew[p] = t;
        this.leftward(e, p, room - 1, sum + pts, w2, c2, used + 1, usedIdx + this.radix[t]);
        if (rack[t]++ === 0) this.rackMask ^= bit;
      }
      if (rack[BLANK] > 0) {
        const c2 = cs >= 0 ? cross + cs * wmHere : cross;
        rack[BLANK]--;
        this.laneNew[p] = t | BLANK_BIT;
        if (rack[BLANK] === 0) this.leftwardPlain(e, p, room - 1, sum, w2, c2, used + 1, usedIdx + this.radix[BLANK]);
        else this.leftward(e, p, room - 1, sum, w2, c2, used + 1, usedIdx + this.radix[BLANK]);
        rack[BLANK]++;
      }
      this.laneNew[p] = 0;
      if (this.stopped) break;
    }
  }

  /**
   * `leftward` for a rack without a blank (the most common rack, and every walk after its last
   * blank is placed): the same walk with the blank's branch and tests left out.
   */
  private leftwardPlain(
    edge: number,
    pos: number,
    room: number,
    sum: number,
    wm: number,
    cross: number,
    used: number,
    usedIdx: number,
  ): void {
    const tile = this.laneTile;
    const g = this.walk;
    const next = this.rightStart;
    const endsHere = next === SIZE || tile[next] === 0;
    if ((edge & EDGE_FINAL) !== 0 && endsHere) this.report(pos, next - 1, sum, wm, cross, used, usedIdx);
    const node = edge >>> CHILD_SHIFT;
    if (node === 0) return;
    const nodeMask = g[node - 1];
    if ((nodeMask & 1) !== 0 && next < SIZE) {
      const right = g[node] >>> CHILD_SHIFT;
      if (right !== 0 && (!endsHere || (g[right - 1] & this.laneCross[next] & this.rackMask) !== 0))
        this.extendPlain(next, pos, right, sum, wm, cross, used, usedIdx);
    }
    if (room === 0 || this.stopped) return;
    let m = nodeMask & this.rackMask;
    if (m === 0) return;
    const rack = this.rack;
    const radix = this.radix;
    const p = pos - 1;
    const lm = this.laneLM[p];
    const wmHere = this.laneWM[p];
    const cs = this.laneCS[p];
    const w2 = wm * wmHere;
    const rest = this.rackSize - used - 1;
    const reach = room - 1 < rest ? room - 1 : rest;
    while (m !== 0) {
      const bit = m & -m;
      m ^= bit;
      const t = 31 - Math.clz32(bit);
      const below = nodeMask & (bit - 1);
      const e = g[node + BITS[below & 1023] + BITS[(below >>> 10) & 1023] + BITS[below >>> 20]];
      const child = e >>> CHILD_SHIFT;
      if (!((e & EDGE_FINAL) !== 0 && endsHere) && (child === 0 || g[child - 1] >>> NEED_SHIFT > reach)) continue;
      const pts = VALUES[t] * lm;
      const c2 = cs >= 0 ? cross + (cs + pts) * wmHere : cross;
      if (--rack[t] === 0) this.rackMask ^= bit;
      this.laneNew[p] = t;
      this.leftwardPlain(e, p, room - 1, sum + pts, w2, c2, used + 1, usedIdx + radix[t]);
      if (rack[t]++ === 0) this.rackMask ^= bit;
      this.laneNew[p] = 0;
      if (this.stopped) break;
    }
  }
}
