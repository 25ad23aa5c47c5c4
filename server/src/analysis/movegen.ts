/**
 * The move generator: every legal placement for a rack on a board, walked through the lexicon's
 * word graphs (the DAWG of `lexicon/dawg.ts` and, when the list has one, its GADDAG of
 * `lexicon/gaddag.ts`, typed arrays in one layout), plus the bookkeeping the equity needs.
 *
 * Method: per lane (15 rows across, 15 columns down), each empty square carries a cross set (bit
 * mask of the tiles whose perpendicular word is accepted, from the DAWG, less the words the edition
 * refuses by name: `refused`) and the face value of that word's old tiles, computed once per
 * position. A move is generated from the leftmost anchor
 * it covers (an anchor is an empty square beside a tile; on the empty board only H8, art. 6), its
 * left part being either the tiles already left of the anchor or rack tiles on the empty
 * non-anchor squares before it (whose cross sets are full). With a GADDAG (Gordon's method), from
 * the anchor leftward first: the board tiles just before it, then the separator; else the board
 * tiles just after it read from the last one, then the anchor's tile, then the left part's rack
 * tiles one by one leftward, the separator at each length; then rightward (movegen-gaddag.ts).
 * Without one (Appel & Jacobson's method), left parts from a tree of the rack's prefixes in the
 * DAWG, then rightward (movegen-dawg.ts). Rightward, both extend through board tiles and rack
 * tiles allowed by the cross sets (movegen-lane.ts `extend`, `extendPlain`), after the
 * GADDAG's separator in the DAWG's own nodes (the GADDAG's array begins with the DAWG's). The
 * graph holds words in greedy tile order (normalize.ts), so a path never spells CH, LL or RR with
 * two single tiles (art. 11); a blank may stand for any of its 28 tiles, digraphs and Ñ included
 * (art. 10.1). A one-tile play is generated once: across when it makes an across word, else down.
 *
 * Scores are summed incrementally during the walk (letter premiums, word premiums, cross words,
 * the 50-point bonus, art. 12–19) and `test/unit/analysis/` proves them equal to the engine's
 * `scorePlacement` on every generated move of many positions. Equity = score + a per-position
 * table indexed by the sub-multiset of the rack used (mixed radix over the rack's distinct faces,
 * at most 128 entries), filled once per position (equity.ts `prepare`): the leave value while the bag has
 * tiles, the end-of-game term once it is empty.
 *
 * Invariants: one generator per word graph, reused for every position (buffers are allocated
 * once); nothing is allocated per move unless the sink keeps it; the board, rack and options are
 * not modified; each legal placement is produced exactly once.
 *
 * Example:
 *   const gen = generatorFor(dawg);   // with gaddagOf(dawg) when the list has one (lexicon/gaddag.ts)
 *   gen.setPosition(board, rackCounts);   // codes | BLANK_BIT per square; counts by code
 *   gen.run(sink);   // sink.accept(gen, start, end, score, used, usedIdx) per placement
 *
 * Parts: the generator is one class built in layers, one module each, every layer using only those
 * below it: `movegen-codes.ts` (tile codes, faces, values, premiums, the edge lookup),
 * `movegen-cross.ts` (`CrossSets`: board, anchors, cross sets), `movegen-lane.ts` (`LaneWalk`: the
 * rack, the lane, the rightward walk, the report), `movegen-shadow.ts` (`ShadowBounds`: the
 * anchors' upper bounds), `movegen-dawg.ts` (`LeftParts`: the DAWG walk), `movegen-gaddag.ts`
 * (`GaddagWalk`: the GADDAG walk), and this module (`MoveGenerator`: the position, the runs, the
 * choice of walk per anchor). One object of one shape, so that the hot calls between the layers
 * stay direct method calls (V8 keeps them monomorphic and inlines them).
 */
import { TILE_COUNT } from '../lexicon/normalize';
import type { Dawg } from '../lexicon/dawg';
import { gaddagOf } from '../lexicon/gaddag';
import { BOARD_SIZE } from '../engine/board';
import { BLANK } from './movegen-codes';
import { GaddagWalk } from './movegen-gaddag';
import type { PlacementSink } from './movegen-lane';

export type { PlacementSink } from './movegen-lane';

const SIZE = BOARD_SIZE;
const SQUARES = SIZE * SIZE;

export class MoveGenerator extends GaddagWalk {
  /**
   * Sets the position: `board` as codes (code | BLANK_BIT, 0 empty, row-major), the rack as counts
   * by code (index 0 blanks). Computes anchors, cross sets and the used-index radices.
   */
  setPosition(board: Uint8Array, rack: ArrayLike<number>): void {
    this.rackSize = 0;
    this.rackMask = 0;
    this.prefixCount = -1;
    let weight = 1;
    for (let code = 0; code <= TILE_COUNT; code++) {
      const n = rack[code] ?? 0;
      this.rack[code] = n;
      this.rackSize += n;
      if (code !== BLANK && n > 0) this.rackMask |= 1 << code;
      this.radix[code] = weight;
      weight *= n + 1;
    }
    this.setBoard(board);
  }

  /** Every placement, lane by lane, anchor by anchor, into `sink`. */
  run(sink: PlacementSink, isCancelled?: () => boolean): void {
    this.sink = sink;
    this.stopped = false;
    for (let dir = 0; dir < 2 && !this.stopped; dir++) {
      for (let line = 0; line < SIZE && !this.stopped; line++) {
        if (!this.laneHasAnchor(dir, line)) continue;
        this.loadLane(dir, line);
        for (let i = 0; i < SIZE; i++) {
          if (this.laneAnchor[i] === 0) continue;
          if (isCancelled && isCancelled()) {
            this.stopped = true;
            break;
          }
          this.genAnchor(i);
          if (this.stopped) break;
        }
      }
    }
    this.sink = undefined;
  }

  /**
   * The placements of the lanes selected by two bit masks (bit `line` of `across`: row `line`;
   * of `down`: column `line`), as `run` gives them. A lane's moves depend on its own squares alone
   * (tiles, cross sets, anchors), so a caller that knows which lanes a change reached regenerates
   * only those (the endgame's horizon).
   */
  runLanes(sink: PlacementSink, across: number, down: number): void {
    this.sink = sink;
    this.stopped = false;
    for (let dir = 0; dir < 2 && !this.stopped; dir++) {
      const mask = dir === 0 ? across : down;
      for (let line = 0; line < SIZE && !this.stopped; line++) {
        if ((mask & (1 << line)) === 0 || !this.laneHasAnchor(dir, line)) continue;
        this.loadLane(dir, line);
        for (let i = 0; i < SIZE; i++) {
          if (this.laneAnchor[i] === 0) continue;
          this.genAnchor(i);
          if (this.stopped) break;
        }
      }
    }
    this.sink = undefined;
  }

  /** Every placement whose leftmost anchor is lane position `a` of the loaded lane. */
  genAnchor(a: number): void {
    if (this.gaddagRoot !== 0) {
      this.walk = this.gaddagEdges;
      this.gaddagAnchor(a);
      return;
    }
    this.walk = this.edges;
    this.dawgAnchor(a);
  }

  /**
   * Placements anchor by anchor in decreasing order of their bound, stopping once the next bound
   * is below `threshold()` (the key of the n-th best move kept so far).
   */
  runPruned(sink: PlacementSink, values: Int32Array, bestTerm: Float64Array, threshold: () => number, isCancelled?: () => boolean): void {
    const bounds = this.anchorBounds;
    const ids = this.anchorIds;
    this.resetBounds();
    let n = 0;
    for (let dir = 0; dir < 2; dir++) {
      for (let line = 0; line < SIZE; line++) {
        if (!this.laneHasAnchor(dir, line)) continue;
        this.loadLane(dir, line);
        this.loadLaneMax();
        for (let i = 0; i < SIZE; i++) {
          if (this.laneAnchor[i] === 0) continue;
          const b = this.anchorBound(i, values, bestTerm);
          if (b === -Infinity) continue;
          bounds[n] = b;
          ids[n++] = (dir * SIZE + line) * SIZE + i;
        }
      }
    }
    // A heap instead of a sort: the walk stops at the first bound below the threshold, most
    // anchors are never taken. Taken in decreasing order of bound, the lanes' order among equals.
    for (let j = (n >> 1) - 1; j >= 0; j--) siftDown(bounds, ids, j, n);
    this.sink = sink;
    this.stopped = false;
    let loaded = -1;
    while (n > 0) {
      if (bounds[0] < threshold()) break;
      if (isCancelled && isCancelled()) {
        this.stopped = true;
        break;
      }
      const id = ids[0];
      n--;
      bounds[0] = bounds[n];
      ids[0] = ids[n];
      siftDown(bounds, ids, 0, n);
      const lane = (id / SIZE) | 0;
      if (lane !== loaded) {
        this.loadLane((lane / SIZE) | 0, lane % SIZE);
        loaded = lane;
      }
      this.genAnchor(id % SIZE);
      if (this.stopped) break;
    }
    this.sink = undefined;
  }

  /** `runPruned`'s anchors and their bounds, as a heap (every square of both directions at most). */
  private readonly anchorBounds = new Float64Array(2 * SQUARES);
  private readonly anchorIds = new Int32Array(2 * SQUARES);
}

/** Whether heap entry i comes before entry j: a higher bound, or an equal one and a lower id. */
function before(bounds: Float64Array, ids: Int32Array, i: number, j: number): boolean {
  return bounds[i] > bounds[j] || (bounds[i] === bounds[j] && ids[i] < ids[j]);
}

/** Restores `runPruned`'s heap (the first entry the first to take) below entry `j` of `n`. */
function siftDown(bounds: Float64Array, ids: Int32Array, j: number, n: number): void {
  for (;;) {
    const l = 2 * j + 1;
    if (l >= n) return;
    const c = l + 1 < n && before(bounds, ids, l + 1, l) ? l + 1 : l;
    if (!before(bounds, ids, c, j)) return;
    const b = bounds[j];
    bounds[j] = bounds[c];
    bounds[c] = b;
    const d = ids[j];
    ids[j] = ids[c];
    ids[c] = d;
    j = c;
  }
}

const generators = new WeakMap<Dawg, MoveGenerator>();

/** The generator of a word graph (one per graph, buffers reused; not re-entrant). */
export function generatorFor(dawg: Dawg): MoveGenerator {
  let g = generators.get(dawg);
  if (!g) {
    g = new MoveGenerator(dawg, gaddagOf(dawg));
    generators.set(dawg, g);
  }
  return g;
}
