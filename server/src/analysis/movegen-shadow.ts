/**
 * The move generator's bounds (movegen.ts), for top-N pruning ("shadow play", as wolges describes
 * it): for each way a word through anchor `a` of the loaded lane can start and end, the best score
 * any tiles could make there — the rack's highest values on the squares worth most to them (main
 * word × its multiplier, plus the cross word), cross sets and the lexicon ignored — plus the bonus
 * (art. 19; given a `BingoIndex`, only where the rack spells a word with the span's board tiles)
 * and the best leave term for that many tiles. `MoveGenerator.runPruned` walks the
 * anchors in decreasing order of this bound.
 *
 * Invariants: a bound is never below the true equity of a move generated from its anchor (a test
 * checks it); the lane, the rack and the board are read, never modified.
 *
 * Example (through the generator):
 *   gen.runPruned(sink, values, bestTerm, () => sink.threshold);   // per lane: loadLaneMax, then anchorBound per anchor
 */
import { BOARD_SIZE } from '../engine/board';
import { BINGO_BONUS, RACK_SIZE } from '../engine/tilesets';
import { BLANK as CODES_BLANK, BLANK_BIT as CODES_BLANK_BIT, CODE_MASK as CODES_CODE_MASK, VALUES as CODES_VALUES } from './movegen-codes';
import type { BingoIndex } from './movegen-bingos';
import { LaneWalk } from './movegen-lane';

// Module constants the JIT embeds in the hot loops (an imported name is read as a property of
// `exports` in CommonJS output).
const SIZE = BOARD_SIZE;
const BLANK = CODES_BLANK;
const BLANK_BIT = CODES_BLANK_BIT;
const CODE_MASK = CODES_CODE_MASK;
const VALUES = CODES_VALUES;

export class ShadowBounds extends LaneWalk {
  private readonly effBuf = new Int32Array(SIZE);
  private readonly effSorted = new Int32Array(SIZE);
  /** Per square of the loaded lane: the highest face value of a rack tile its cross set allows; -1 when none fits. */
  private readonly laneMax = new Int32Array(SIZE);
  /**
   * When set, a span of RACK_SIZE empty squares counts the bonus (art. 19) only when the rack,
   * with the span's board tiles (none, one or two), spells a word (`BingoIndex.spells`); spans with
   * more board tiles keep it. Unset: the bonus on every such span.
   */
  bingos: BingoIndex | undefined = undefined;
  /** `spells` of the current rack, per board tiles' codes (first * 32 + second; 0: none): 0 not asked yet, 1 yes, 2 no. */
  private readonly spellsCache = new Int8Array((CODE_MASK + 1) * (CODE_MASK + 1));

  /** The rack's lettered tiles in increasing code order, as `spells` takes them, and their count. */
  private readonly rackLetters = new Int32Array(RACK_SIZE);
  private rackLetterCount = 0;

  /** Forgets what `spells` answered and reads the rack's letters (a new rack). */
  protected resetBounds(): void {
    if (this.bingos === undefined) return;
    this.spellsCache.fill(0);
    let n = 0;
    const rack = this.rack;
    for (let code = 1; code < rack.length; code++) for (let j = 0; j < rack[code] && n < RACK_SIZE; j++) this.rackLetters[n++] = code;
    this.rackLetterCount = n;
  }

  /** Whether a move placing the whole rack may form the word of a span holding `count` board tiles, the first two of codes `first`, `second`. */
  private bingoSpelled(count: number, first: number, second: number): boolean {
    if (this.bingos === undefined || count > 2) return true;
    const a = count > 0 ? first : 0;
    const b = count > 1 ? second : 0;
    // The same letters in either order: one entry.
    const c = a <= b ? a * (CODE_MASK + 1) + b : b * (CODE_MASK + 1) + a;
    let known = this.spellsCache[c];
    if (known === 0) {
      known = this.bingos.spells(this.rackLetters, this.rackLetterCount, this.rack[BLANK], a, b) ? 1 : 2;
      this.spellsCache[c] = known;
    }
    return known === 1;
  }

  /** Fills `laneMax` for the loaded lane (pruned runs only). */
  protected loadLaneMax(): void {
    const blank = this.rack[BLANK] > 0;
    for (let i = 0; i < SIZE; i++) {
      let m = this.laneCross[i] & this.rackMask;
      let best = blank && this.laneCross[i] !== 0 ? 0 : -1;
      while (m !== 0) {
        const bit = m & -m;
        m ^= bit;
        const v = VALUES[31 - Math.clz32(bit)];
        if (v > best) best = v;
      }
      this.laneMax[i] = best;
    }
  }

  /**
   * Upper bound of the key of every placement generated from anchor `a` of the loaded lane:
   * `values` holds the face values of the rack's lettered tiles in decreasing order,
   * `bestTerm[k * 3 + b]` the best equity term (leave value) of a move placing k tiles of which
   * b are blanks (-Infinity when the rack cannot). Blanks score nothing, so with b blanks the
   * score bound takes the k − b best lettered tiles.
   */
  anchorBound(a: number, values: Int32Array, bestTerm: Float64Array): number {
    const tile = this.laneTile;
    const rackSize = this.rackSize;
    const blanks = this.rack[BLANK];
    let best = -Infinity;
    let firstStart: number;
    let lastStart: number;
    if (a > 0 && tile[a - 1] !== 0) {
      let start = a - 1;
      while (start > 0 && tile[start - 1] !== 0) start--;
      firstStart = start;
      lastStart = start;
    } else {
      let limit = 0;
      for (let i = a - 1; i >= 0 && tile[i] === 0 && this.laneAnchor[i] === 0; i--) limit++;
      if (limit > rackSize - 1) limit = rackSize - 1;
      firstStart = a - limit;
      lastStart = a;
    }
    const eff = this.effBuf;
    const sorted = this.effSorted;
    for (let start = firstStart; start <= lastStart; start++) {
      let k = 0;
      let boardSum = 0;
      let boardCount = 0;
      let firstCode = 0;
      let secondCode = 0;
      let wm = 1;
      let crossFixed = 0;
      // Σ over the empty squares of (their multiplier) × (the best tile their cross set allows)
      let bestTiles = 0;
      for (let end = start; end < SIZE; end++) {
        const t = tile[end];
        if (t !== 0) {
          if ((t & BLANK_BIT) === 0) boardSum += VALUES[t & CODE_MASK];
          if (boardCount === 0) firstCode = t & CODE_MASK;
          else if (boardCount === 1) secondCode = t & CODE_MASK;
          boardCount++;
        } else {
          if (this.laneMax[end] < 0 || k === rackSize) break;
          eff[k] = end;
          k++;
          const wmHere = this.laneWM[end];
          wm *= wmHere;
          const cs = this.laneCS[end];
          if (cs >= 0) crossFixed += cs * wmHere;
          // Effective multiplier of each empty square (its letter multiplier in the word and in its
          // cross word), kept sorted in decreasing order: the new square inserted, or every square
          // again when the word multiplier changed.
          if (wmHere === 1) {
            const m = this.effectiveMultiplier(end, wm);
            let q = k - 1;
            while (q > 0 && sorted[q - 1] < m) {
              sorted[q] = sorted[q - 1];
              q--;
            }
            sorted[q] = m;
            bestTiles += m * this.laneMax[end];
          } else {
            bestTiles = 0;
            for (let j = 0; j < k; j++) {
              const m = this.effectiveMultiplier(eff[j], wm);
              bestTiles += m * this.laneMax[eff[j]];
              let q = j;
              while (q > 0 && sorted[q - 1] < m) {
                sorted[q] = sorted[q - 1];
                q--;
              }
              sorted[q] = m;
            }
          }
        }
        if (end < a) continue; // the word must cover the anchor
        if (end + 1 < SIZE && tile[end + 1] !== 0) continue; // it cannot end before a tile
        if (k === 0 || end === start) continue;
        const fixed = boardSum * wm + crossFixed;
        const perSquare = fixed + bestTiles;
        let bonus = 0;
        if (k === RACK_SIZE) {
          // Every move here places the whole rack: none when no word has these letters.
          if (!this.bingoSpelled(boardCount, firstCode, secondCode)) continue;
          bonus = BINGO_BONUS;
        }
        // Each of the two is an upper bound of the score: the best tiles on the best squares,
        // and each square's best tile.
        let sum = fixed;
        for (let j = 0; j < k; j++) sum += sorted[j] * values[j];
        for (let b = 0; b <= blanks && b <= k; b++) {
          if (b > 0) sum -= sorted[k - b] * values[k - b]; // the b lowest squares get blanks
          const term = bestTerm[k * 3 + b];
          if (term === -Infinity) continue;
          const bound = (perSquare < sum ? perSquare : sum) + bonus + term;
          if (bound > best) best = bound;
        }
      }
    }
    return best;
  }

  /** What a tile's face value counts for on empty lane square `p` of a word whose multiplier is `wm`: in the word and in its cross word. */
  private effectiveMultiplier(p: number, wm: number): number {
    const lm = this.laneLM[p];
    return this.laneCS[p] >= 0 ? lm * wm + lm * this.laneWM[p] : lm * wm;
  }
}
