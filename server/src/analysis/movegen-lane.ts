/**
 * The move generator's lane layer (movegen.ts): the rack, the lane being walked (its tiles, cross
 * sets, cross-word values, premiums and anchors copied from the board layer, movegen-cross.ts),
 * the rightward walk that both left-part walks end in (`extend`, and `extendPlain` for a rack
 * without a blank), and the report of each placement to the sink.
 *
 * Rightward, the walk goes through board tiles and rack tiles allowed by the node, the square's
 * cross set and the rack (one bit-mask AND per square), in the graph `walk` (the DAWG's own nodes,
 * also after the GADDAG's separator: the GADDAG's array begins with the DAWG's). A blank may stand
 * for any of the 28 tiles, digraphs and Ñ included (art. 10.1); the graph holds words in greedy
 * tile order (normalize.ts), so CH, LL and RR are never spelt with two single tiles (art. 11). The
 * score is summed during the walk (letter and word premiums, cross words, the 50-point bonus,
 * art. 12–19); a one-tile play is reported once, across when it makes an across word, else down.
 *
 * Invariants: the rack's counts and `rackMask` are given back on the way out of every step;
 * `laneNew` holds the new tiles of the placement being reported and zero elsewhere.
 *
 * Example (through the generator):
 *   gen.loadLane(0, 7);   // row 8 across
 *   gen.laneSquare(i);    // in a sink: code | BLANK_BIT | NEW_BIT at lane position i
 */
import { BOARD_SIZE } from '../engine/board';
import { BINGO_BONUS, RACK_SIZE } from '../engine/tilesets';
import { EDGE_CHILD_SHIFT, EDGE_FINAL as DAWG_EDGE_FINAL, type Dawg } from '../lexicon/dawg';
import { TILE_COUNT } from '../lexicon/normalize';
import {
  ALL_TILES as CODES_ALL_TILES,
  BITS as CODES_BITS,
  BLANK as CODES_BLANK,
  BLANK_BIT as CODES_BLANK_BIT,
  CODE_MASK as CODES_CODE_MASK,
  LM,
  NEW_BIT as CODES_NEW_BIT,
  VALUES as CODES_VALUES,
  WM,
  edgeIn as codesEdgeIn,
} from './movegen-codes';
import { CrossSets, shapeOf } from './movegen-cross';

// Module constants the JIT embeds in the hot loops (an imported name is read as a property of
// `exports` in CommonJS output).
const SIZE = BOARD_SIZE;
const edgeIn = codesEdgeIn;
const ALL_TILES = CODES_ALL_TILES;
const BITS = CODES_BITS;
const BLANK = CODES_BLANK;
const BLANK_BIT = CODES_BLANK_BIT;
const CODE_MASK = CODES_CODE_MASK;
const NEW_BIT = CODES_NEW_BIT;
const VALUES = CODES_VALUES;
const EDGE_FINAL = DAWG_EDGE_FINAL;
const CHILD_SHIFT = EDGE_CHILD_SHIFT;

/** Receives each legal placement while the generator's lane buffers describe it. */
export interface PlacementSink {
  /**
   * `start`..`end` are lane positions (inclusive) of the whole word; read its squares with
   * `gen.laneSquare(i)`. `usedIdx` indexes the rack sub-multiset the move uses.
   * A sink that wants the walk to end sets `gen.stopped`.
   */
  accept(gen: LaneWalk, start: number, end: number, score: number, used: number, usedIdx: number): void;
}

export class LaneWalk extends CrossSets {
  /** The graph `extend` walks rightward: the GADDAG's (after its separator) or the DAWG's, per anchor. */
  protected walk: Uint32Array;

  /** Rack counts by code (index 0: blanks). */
  readonly rack = new Int8Array(TILE_COUNT + 1);
  /** Mixed-radix weight of each code in the used-tiles index. */
  readonly radix = new Int32Array(TILE_COUNT + 1);
  rackSize = 0;
  /** Bit t set while the rack holds a lettered tile t (blanks apart). */
  rackMask = 0;

  // The lane being walked.
  dir = 0;
  line = 0;
  protected anchorPos = 0;
  protected readonly laneTile = new Uint8Array(SIZE);
  protected readonly laneCross = new Int32Array(SIZE);
  protected readonly laneCS = new Int32Array(SIZE);
  protected readonly laneLM = new Int32Array(SIZE);
  protected readonly laneWM = new Int32Array(SIZE);
  protected readonly laneAnchor = new Uint8Array(SIZE);
  /** New tiles of the move being built, by lane position (code | BLANK_BIT), 0 elsewhere. */
  protected readonly laneNew = new Uint8Array(SIZE);
  /** Face value of the across word through each square of the lane (-1: none; single-tile dedupe). */
  private readonly laneAcrossCS = new Int32Array(SIZE);

  protected sink: PlacementSink | undefined;
  /** Set by a sink or a cancellation check to end the walk early. */
  stopped = false;

  constructor(dawg: Dawg) {
    super(dawg);
    this.walk = dawg.edges;
  }

  /** Square content (code | BLANK_BIT | NEW_BIT) at lane position `i` of the move being reported. */
  laneSquare(i: number): number {
    const t = this.laneTile[i];
    return t !== 0 ? t : this.laneNew[i] | NEW_BIT;
  }

  /** The edge of `tile` in the node starting at `node` of the graph walked rightward; 0 when absent. */
  private walkEdgeOf(node: number, tile: number): number {
    return edgeIn(this.walk, node, tile);
  }

  /** Loads lane (`dir`, `line`) into the lane buffers. */
  loadLane(dir: number, line: number): void {
    this.dir = dir;
    this.line = line;
    for (let i = 0; i < SIZE; i++) {
      const s = dir === 0 ? line * SIZE + i : i * SIZE + line;
      this.laneTile[i] = this.board[s];
      this.laneCross[i] = this.cross[dir][s];
      this.laneCS[i] = this.crossScore[dir][s];
      this.laneLM[i] = LM[s];
      this.laneWM[i] = WM[s];
      this.laneAnchor[i] = this.anchor[s];
      this.laneNew[i] = 0;
      this.laneAcrossCS[i] = this.crossScore[1][s]; // the across word of a down play's square
    }
  }

  /**
   * Extends the word rightward from lane position `pos` (the graph at `node`), the word starting
   * at `start`; `sum`/`wm` the main word's letter points and word multiplier so far, `cross` the
   * cross words' points, `used` tiles placed and their sub-multiset index `usedIdx`.
   */
  protected extend(pos: number, start: number, node: number, sum: number, wm: number, cross: number, used: number, usedIdx: number): void {
    const edges = this.walk;
    const tile = this.laneTile;
    if (tile[pos] !== 0) {
      const child = this.throughTiles(pos, node);
      if (child >= 0 && this.runFinal) this.report(start, this.runEnd, sum + this.runPoints, wm, cross, used, usedIdx);
      if (child > 0) this.extend(this.runEnd + 1, start, child, sum + this.runPoints, wm, cross, used, usedIdx);
      return;
    }
    const nodeMask = edges[node - 1];
    const rack = this.rack;
    let m = nodeMask & this.laneCross[pos] & (rack[BLANK] > 0 ? ALL_TILES : this.rackMask);
    if (m === 0) return;
    const lm = this.laneLM[pos];
    const wmHere = this.laneWM[pos];
    const cs = this.laneCS[pos];
    const next = pos + 1;
    const endsHere = next === SIZE || tile[next] === 0;
    const w2 = wm * wmHere;
    while (m !== 0) {
      const bit = m & -m;
      m ^= bit;
      const t = 31 - Math.clz32(bit);
      const below = nodeMask & (bit - 1);
      const edge = edges[node + BITS[below & 1023] + BITS[(below >>> 10) & 1023] + BITS[below >>> 20]];
      const child = edge >>> CHILD_SHIFT;
      const final = (edge & EDGE_FINAL) !== 0 && endsHere;
      const goOn = child !== 0 && next < SIZE;
      if (rack[t] > 0) {
        const pts = VALUES[t] * lm;
        const c2 = cs >= 0 ? cross + (cs + pts) * wmHere : cross;
        if (--rack[t] === 0) this.rackMask ^= bit;
        this.laneNew[pos] = t;
        if (final) this.report(start, pos, sum + pts, w2, c2, used + 1, usedIdx + this.radix[t]);
        if (goOn) this.extend(next, start, child, sum + pts, w2, c2, used + 1, usedIdx + this.radix[t]);
        if (rack[t]++ === 0) this.rackMask ^= bit;
      }
      if (rack[BLANK] > 0) {
        const c2 = cs >= 0 ? cross + cs * wmHere : cross;
        rack[BLANK]--;
        this.laneNew[pos] = t | BLANK_BIT;
        if (final) this.report(start, pos, sum, w2, c2, used + 1, usedIdx + this.radix[BLANK]);
        if (goOn) {
          // The last blank placed: the rest of the word is walked without the blank's branches.
          if (rack[BLANK] === 0) this.extendPlain(next, start, child, sum, w2, c2, used + 1, usedIdx + this.radix[BLANK]);
          else this.extend(next, start, child, sum, w2, c2, used + 1, usedIdx + this.radix[BLANK]);
        }
        rack[BLANK]++;
      }
      this.laneNew[pos] = 0;
      if (this.stopped) break;
    }
  }

  /**
   * `extend` for a rack without a blank (the most common rack, and every walk after its last
   * blank is placed): the same walk with the blank's branch and tests left out. The rack holds no
   * blank for the whole walk below it (tiles are only taken, and given back on the way out).
   */
  protected extendPlain(
    pos: number,
    start: number,
    node: number,
    sum: number,
    wm: number,
    cross: number,
    used: number,
    usedIdx: number,
  ): void {
    if (this.laneTile[pos] !== 0) {
      const child = this.throughTiles(pos, node);
      if (child >= 0 && this.runFinal) this.report(start, this.runEnd, sum + this.runPoints, wm, cross, used, usedIdx);
      if (child > 0) this.extendPlain(this.runEnd + 1, start, child, sum + this.runPoints, wm, cross, used, usedIdx);
      return;
    }
    const edges = this.walk;
    const tile = this.laneTile;
    const nodeMask = edges[node - 1];
    let m = nodeMask & this.laneCross[pos] & this.rackMask;
    if (m === 0) return;
    const rack = this.rack;
    const radix = this.radix;
    const lm = this.laneLM[pos];
    const wmHere = this.laneWM[pos];
    const cs = this.laneCS[pos];
    const next = pos + 1;
    const endsHere = next === SIZE || tile[next] === 0;
    const w2 = wm * wmHere;
    while (m !== 0) {
      const bit = m & -m;
      m ^= bit;
      const t = 31 - Math.clz32(bit);
      const below = nodeMask & (bit - 1);
      const edge = edges[node + BITS[below & 1023] + BITS[(below >>> 10) & 1023] + BITS[below >>> 20]];
      const child = edge >>> CHILD_SHIFT;
      const pts = VALUES[t] * lm;
      const c2 = cs >= 0 ? cross + (cs + pts) * wmHere : cross;
      const idx = usedIdx + radix[t];
      if (--rack[t] === 0) this.rackMask ^= bit;
      this.laneNew[pos] = t;
      if ((edge & EDGE_FINAL) !== 0 && endsHere) this.report(start, pos, sum + pts, w2, c2, used + 1, idx);
      // Onto an empty square only when the graph goes on with a tile it accepts and the rack has.
      if (child !== 0 && next < SIZE && (!endsHere || (edges[child - 1] & this.laneCross[next] & this.rackMask) !== 0))
        this.extendPlain(next, start, child, sum + pts, w2, c2, used + 1, idx);
      if (rack[t]++ === 0) this.rackMask ^= bit;
      this.laneNew[pos] = 0;
      if (this.stopped) break;
    }
  }

  /** The run of board tiles `throughTiles` walked: its last lane position, face points, and whether a word may end there. */
  private runEnd = 0;
  private runPoints = 0;
  private runFinal = false;

  /**
   * Walks the run of board tiles from lane position `pos` (graph at `node`): the node to extend
   * from at the empty square after the run (0: none, the graph stops there or the lane ends; -1:
   * the graph has no word with these tiles); sets `runEnd`, `runPoints` and `runFinal`.
   */
  private throughTiles(pos: number, node: number): number {
    const edges = this.walk;
    const tile = this.laneTile;
    let points = 0;
    let p = pos;
    for (;;) {
      const t = tile[p];
      const e = this.walkEdgeOf(node, t & CODE_MASK);
      if (e === 0) return -1;
      const edge = edges[e];
      if ((t & BLANK_BIT) === 0) points += VALUES[t & CODE_MASK];
      node = edge >>> CHILD_SHIFT;
      if (p + 1 === SIZE || tile[p + 1] === 0) {
        this.runEnd = p;
        this.runPoints = points;
        this.runFinal = (edge & EDGE_FINAL) !== 0;
        return p + 1 < SIZE ? node : 0;
      }
      if (node === 0) return -1;
      p++;
    }
  }

  protected report(start: number, end: number, sum: number, wm: number, cross: number, used: number, usedIdx: number): void {
    if (end === start) return; // a one-tile "word" along the lane is no word
    if (used === 1 && this.dir === 1 && this.laneAcrossCS[this.anchorPos] >= 0) return; // generated across
    if (this.shapes !== undefined && this.formsRefused(start, end)) return;
    const score = sum * wm + cross + (used === RACK_SIZE ? BINGO_BONUS : 0);
    this.sink!.accept(this, start, end, score, used, usedIdx);
  }

  /**
   * Whether the move at lane positions `start`..`end` forms a word of `refused` along the lane (the
   * cross sets already leave out the tiles that would form one across it: `withoutRefused`). Its
   * text is built only when its length, first and last tiles are those of some refused word
   * (`refusedShapes`): most moves form none, and are told so without a string.
   */
  private formsRefused(start: number, end: number): boolean {
    if (this.shapes![shapeOf(end - start + 1, this.laneSquare(start), this.laneSquare(end))] === 0) return false;
    let word = '';
    for (let i = start; i <= end; i++) word += String.fromCharCode(64 + (this.laneSquare(i) & CODE_MASK));
    return this.refusedSet!.has(word);
  }
}
