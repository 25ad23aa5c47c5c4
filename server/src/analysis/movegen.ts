/**
 * The move generator: every legal placement for a rack on a board, walked through the lexicon's
 * word graphs (the DAWG of `lexicon/dawg.ts` and, when the list has one, its GADDAG of
 * `lexicon/gaddag.ts`, typed arrays in one layout), plus the bookkeeping the equity needs.
 *
 * Method: per lane (15 rows across, 15 columns down), each empty square carries a cross set (bit
 * mask of the tiles whose perpendicular word is accepted, from the DAWG, less the words the edition
 * refuses by name: `refused`) and the face value of
 * that word's old tiles, computed once per position. A move is generated from the leftmost anchor
 * it covers (an anchor is an empty square beside a tile; on the empty board only H8, art. 6), its
 * left part being either the tiles already left of the anchor or rack tiles on the empty
 * non-anchor squares before it (whose cross sets are full). With a GADDAG (Gordon's method), from
 * the anchor leftward first: the board tiles just before it, then the separator; else the board
 * tiles just after it read from the last one, then the anchor's tile, then the left part's rack
 * tiles one by one leftward, the separator at each length; then rightward (`gaddagAnchor`,
 * `leftward`). Without one (Appel & Jacobson's method), left parts from a tree of the rack's
 * prefixes in the DAWG, then rightward (`genAnchor`'s DAWG path). Rightward, both extend through
 * board tiles and rack tiles allowed by the cross sets (`extend`, `extendPlain`), after the
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
 *   gen.setPosition(board, rackCodes, table);
 *   gen.run(sink);   // sink.accept(gen, start, end, score, equity, used, usedIdx) per move
 */
import { BOARD_SIZE, letterMultiplier, premiumAt, wordMultiplier } from '../engine/board';
import { BINGO_BONUS, RACK_SIZE, TILE_SETS } from '../engine/tilesets';
import { EDGE_CHILD_SHIFT, EDGE_FINAL as DAWG_EDGE_FINAL, EDGE_LAST as DAWG_EDGE_LAST, EDGE_TILE_MASK, type Dawg } from '../lexicon/dawg';
import { gaddagOf, NEED_SHIFT as GADDAG_NEED_SHIFT, type Gaddag } from '../lexicon/gaddag';
import { TILE_COUNT, TILE_LETTERS } from '../lexicon/normalize';

const SIZE = BOARD_SIZE;
const SQUARES = SIZE * SIZE;

/** Rack code of the blank; lettered tiles are the lexicon's codes 1–28. */
const BLANK = 0;
/** Square encoding: tile code in the low 5 bits, then these flags. */
const CODE_MASK = 31;
const BLANK_BIT = 32;
const NEW_BIT = 64;

/** Edge layout of the DAWG (lexicon/dawg.ts), as module-local constants the JIT embeds. */
const EDGE_FINAL = DAWG_EDGE_FINAL;
const EDGE_LAST = DAWG_EDGE_LAST;
const CHILD_SHIFT = EDGE_CHILD_SHIFT;
const TILE_MASK = EDGE_TILE_MASK;
/** Where a GADDAG node's mask word keeps its fewest tiles still needed leftward (lexicon/gaddag.ts). */
const NEED_SHIFT = GADDAG_NEED_SHIFT;

/** Every lettered tile. */
const ALL_TILES = ((1 << (TILE_COUNT + 1)) - 1) & ~1;

/** Face of each code as the engine writes it ('A', 'CH', 'Ñ'); '?' for the blank code. */
const FACES: readonly string[] = TILE_LETTERS.map((l, code) => (code === BLANK ? '?' : l.toUpperCase()));
/** Face value of each code in the FISE set (the blank 0). */
const VALUES: Int32Array = Int32Array.from(FACES, (f, code) => (code === BLANK ? 0 : TILE_SETS.spanish.value(f)));
const CODE_OF = new Map<string, number>(FACES.map((f, code) => [f, code]));

// Exported by name from their local bindings, so that the compiled module reads them as locals
// (an `export const` is read as a property of `exports` in CommonJS output, in the hot loops too).
export { BLANK, BLANK_BIT, CODE_MASK, FACES, NEW_BIT, VALUES };

/** Code of a face ('CH' → 4, '?' → 0); -1 when the Spanish set has no such tile. */
export function codeOf(face: string): number {
  return CODE_OF.get(face) ?? -1;
}

const LM = new Int32Array(SQUARES);
const WM = new Int32Array(SQUARES);
for (let r = 0; r < SIZE; r++) {
  for (let c = 0; c < SIZE; c++) {
    const p = premiumAt(r, c);
    LM[r * SIZE + c] = letterMultiplier(p);
    WM[r * SIZE + c] = wordMultiplier(p);
  }
}

/** Number of bits set in each 10-bit value (edge index inside a node). */
const BITS = new Uint8Array(1024);
for (let i = 1; i < 1024; i++) BITS[i] = BITS[i >> 1] + (i & 1);

/** Receives each legal placement while the generator's lane buffers describe it. */
export interface PlacementSink {
  /**
   * `start`..`end` are lane positions (inclusive) of the whole word; read its squares with
   * `gen.laneSquare(i)`. `usedIdx` indexes the rack sub-multiset the move uses.
   * A sink that wants the walk to end sets `gen.stopped`.
   */
  accept(gen: MoveGenerator, start: number, end: number, score: number, used: number, usedIdx: number): void;
}

function sameBoard(a: Uint8Array, b: Uint8Array): boolean {
  for (let s = 0; s < SQUARES; s++) if (a[s] !== b[s]) return false;
  return true;
}

/** Square index of lane position `i` in lane `line` of direction `dir` (0 across, 1 down). */
export function laneSquareIndex(dir: number, line: number, i: number): number {
  return dir === 0 ? line * SIZE + i : i * SIZE + line;
}

/** The edge of `tile` in the node starting at `node` of a packed graph (lexicon/dawg.ts); 0 when absent. */
function edgeIn(edges: Uint32Array, node: number, tile: number): number {
  if (node <= 0 || node >= edges.length) return 0;
  const mask = edges[node - 1];
  const bit = 1 << tile;
  if ((mask & bit) === 0) return 0;
  const below = mask & (bit - 1);
  const e = node + BITS[below & 1023] + BITS[(below >>> 10) & 1023] + BITS[below >>> 20];
  return e < edges.length && (edges[e] & TILE_MASK) === tile ? e : 0;
}

/** The slot of a word of `length` tiles from tile `first` to tile `last` (codes, flags ignored) in a shape filter. */
function shapeOf(length: number, first: number, last: number): number {
  return (((length & 15) << 5) | (first & CODE_MASK)) * 32 + (last & CODE_MASK);
}

/** Per refused-word set: 1 at the slot of each refused word's length, first and last tiles (`shapeOf`). */
const shapeFilters = new WeakMap<ReadonlySet<string>, Uint8Array>();
function refusedShapes(refused: ReadonlySet<string>): Uint8Array {
  let shapes = shapeFilters.get(refused);
  if (shapes === undefined) {
    shapes = new Uint8Array(16 * 32 * 32);
    for (const w of refused) shapes[shapeOf(w.length, w.charCodeAt(0) - 64, w.charCodeAt(w.length - 1) - 64)] = 1;
    shapeFilters.set(refused, shapes);
  }
  return shapes;
}

export class MoveGenerator {
  /** The DAWG's array and root: cross sets, and the left parts when there is no GADDAG. */
  private readonly edges: Uint32Array;
  private readonly root: number;
  /** The graph `extend` walks rightward: the GADDAG's (after its separator) or the DAWG's, per anchor. */
  private walk: Uint32Array;
  private readonly gaddagEdges: Uint32Array;
  /** The GADDAG's root; 0 without a GADDAG (then the DAWG's left parts are walked). */
  private readonly gaddagRoot: number;

  /** Board: code | BLANK_BIT per square, 0 when empty. */
  readonly board = new Uint8Array(SQUARES);
  /** Cross sets per direction of play (0 across, 1 down). */
  private readonly cross = [new Int32Array(SQUARES), new Int32Array(SQUARES)];
  /** Face value of the perpendicular word's old tiles; -1 when no perpendicular word. */
  readonly crossScore = [new Int32Array(SQUARES), new Int32Array(SQUARES)];
  private readonly anchor = new Uint8Array(SQUARES);
  private boardEmpty = true;
  /** Whether `board`, the anchors and the cross sets describe a position already set. */
  private boardSet = false;

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
  private anchorPos = 0;
  private readonly laneTile = new Uint8Array(SIZE);
  private readonly laneCross = new Int32Array(SIZE);
  private readonly laneCS = new Int32Array(SIZE);
  private readonly laneLM = new Int32Array(SIZE);
  private readonly laneWM = new Int32Array(SIZE);
  private readonly laneAnchor = new Uint8Array(SIZE);
  /** New tiles of the move being built, by lane position (code | BLANK_BIT), 0 elsewhere. */
  private readonly laneNew = new Uint8Array(SIZE);
  private readonly leftPart = new Uint8Array(SIZE);
  /** Face value of the across word through each square of the lane (-1: none; single-tile dedupe). */
  private readonly laneAcrossCS = new Int32Array(SIZE);

  private sink: PlacementSink | undefined;
  /** Set by a sink or a cancellation check to end the walk early. */
  stopped = false;
  /**
   * Words the edition in force refuses by name although the list holds them (rules/named-words.ts),
   * as tile-code strings (`refusedCodes` in moves.ts): a move that forms one, as its word or a cross
   * word, is not reported, so no caller offers a word `check` refuses. Set by the caller before a
   * walk (the generator is shared by every caller of one word list); undefined: none.
   */
  get refused(): ReadonlySet<string> | undefined {
    return this.refusedSet;
  }
  set refused(words: ReadonlySet<string> | undefined) {
    if (words === this.refusedSet) return;
    this.boardSet = false; // the cross sets leave out the refused cross words (`withoutRefused`)
    this.refusedSet = words;
    this.shapes = words === undefined ? undefined : refusedShapes(words);
  }
  private refusedSet: ReadonlySet<string> | undefined = undefined;
  /** The shapes of `refused` (`refusedShapes`); undefined when there is none. */
  private shapes: Uint8Array | undefined = undefined;

  constructor(
    readonly dawg: Dawg,
    /** The GADDAG of the same words (lexicon/gaddag.ts), walked from each anchor leftward first. */
    readonly gaddag?: Gaddag,
  ) {
    this.edges = dawg.edges;
    this.root = dawg.root;
    this.walk = dawg.edges;
    this.gaddagEdges = gaddag ? gaddag.edges : dawg.edges;
    this.gaddagRoot = gaddag ? gaddag.root : 0;
    if (gaddag && gaddag.sha256 !== dawg.sha256) throw new Error('MoveGenerator: the GADDAG of another word list');
  }

  /** Square content (code | BLANK_BIT | NEW_BIT) at lane position `i` of the move being reported. */
  laneSquare(i: number): number {
    const t = this.laneTile[i];
    return t !== 0 ? t : this.laneNew[i] | NEW_BIT;
  }

  /** The edge of `tile` in the DAWG node starting at `node`; 0 when absent. */
  private edgeOf(node: number, tile: number): number {
    return edgeIn(this.edges, node, tile);
  }

  /** The edge of `tile` in the node starting at `node` of the graph walked rightward; 0 when absent. */
  private walkEdgeOf(node: number, tile: number): number {
    return edgeIn(this.walk, node, tile);
  }

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
    // Anchors and cross sets depend on the board alone: kept when the board is the last one
    // (another rack on the same position: the hover, the lens and the board view of one turn).
    if (this.boardSet && sameBoard(this.board, board)) return;
    if (this.boardSet && this.updateBoard(board)) return;
    this.board.set(board);
    this.boardSet = true;
    this.boardEmpty = true;
    for (let s = 0; s < SQUARES; s++) {
      if (board[s] !== 0) {
        this.boardEmpty = false;
        break;
      }
    }
    for (let s = 0; s < SQUARES; s++) {
      const r = (s / SIZE) | 0;
      const c = s - r * SIZE;
      this.anchor[s] = 0;
      this.cross[0][s] = ALL_TILES;
      this.cross[1][s] = ALL_TILES;
      this.crossScore[0][s] = -1;
      this.crossScore[1][s] = -1;
      if (board[s] !== 0) continue;
      const up = r > 0 && board[s - SIZE] !== 0;
      const down = r < SIZE - 1 && board[s + SIZE] !== 0;
      const left = c > 0 && board[s - 1] !== 0;
      const right = c < SIZE - 1 && board[s + 1] !== 0;
      if (up || down || left || right) this.anchor[s] = 1;
      if (up || down) this.computeCross(s, 0, SIZE);
      if (left || right) this.computeCross(s, 1, 1);
    }
    if (this.boardEmpty) this.anchor[7 * SIZE + 7] = 1;
  }

  /**
   * Anchors and cross sets brought up to `board` from the last board set, when the two differ in a
   * few squares (a move played or taken back: the endgame's search) and neither is empty. Only
   * the squares a change can reach are recomputed: each changed square, and in its row and its
   * column the first empty square past the run of tiles on either side (the perpendicular word of
   * every other empty square is unchanged). Returns false (nothing done) when the change is large.
   */
  private updateBoard(board: Uint8Array): boolean {
    const changed = this.changed;
    let n = 0;
    let any = false;
    for (let s = 0; s < SQUARES; s++) {
      if (board[s] !== 0) any = true;
      if (board[s] !== this.board[s]) {
        if (n === changed.length) return false;
        changed[n++] = s;
      }
    }
    if (!any || this.boardEmpty) return false;
    this.board.set(board);
    for (let k = 0; k < n; k++) {
      const s = changed[k];
      this.refreshSquare(s);
      const r = (s / SIZE) | 0;
      const c = s - r * SIZE;
      let q = s;
      for (let i = c - 1; i >= 0; i--) {
        q -= 1;
        if (board[q] === 0) {
          this.refreshSquare(q);
          break;
        }
      }
      q = s;
      for (let i = c + 1; i < SIZE; i++) {
        q += 1;
        if (board[q] === 0) {
          this.refreshSquare(q);
          break;
        }
      }
      q = s;
      for (let i = r - 1; i >= 0; i--) {
        q -= SIZE;
        if (board[q] === 0) {
          this.refreshSquare(q);
          break;
        }
      }
      q = s;
      for (let i = r + 1; i < SIZE; i++) {
        q += SIZE;
        if (board[q] === 0) {
          this.refreshSquare(q);
          break;
        }
      }
    }
    return true;
  }

  /** Squares changed since the last board (updateBoard's buffer: at most a move's worth, twice). */
  private readonly changed = new Int32Array(32);

  /** The anchor flag and both cross sets of square `s` from `this.board`. */
  private refreshSquare(s: number): void {
    const board = this.board;
    const r = (s / SIZE) | 0;
    const c = s - r * SIZE;
    this.anchor[s] = 0;
    this.cross[0][s] = ALL_TILES;
    this.cross[1][s] = ALL_TILES;
    this.crossScore[0][s] = -1;
    this.crossScore[1][s] = -1;
    if (board[s] !== 0) return;
    const up = r > 0 && board[s - SIZE] !== 0;
    const down = r < SIZE - 1 && board[s + SIZE] !== 0;
    const left = c > 0 && board[s - 1] !== 0;
    const right = c < SIZE - 1 && board[s + 1] !== 0;
    if (up || down || left || right) this.anchor[s] = 1;
    if (up || down) this.computeCross(s, 0, SIZE);
    if (left || right) this.computeCross(s, 1, 1);
  }

  /** Cross set of empty square `s` for plays in direction `dir`, whose perpendicular step is `step`. */
  private computeCross(s: number, dir: number, step: number): void {
    const board = this.board;
    const edges = this.edges;
    const across = step === 1;
    const r = (s / SIZE) | 0;
    const c = s - r * SIZE;
    // First square of the perpendicular run above / left of s.
    let first = s;
    let pos = across ? c : r;
    while (pos > 0 && board[first - step] !== 0) {
      first -= step;
      pos--;
    }
    let sum = 0;
    let node = this.root;
    for (let q = first; q !== s; q += step) {
      const t = board[q];
      if ((t & BLANK_BIT) === 0) sum += VALUES[t & CODE_MASK];
      const e = this.edgeOf(node, t & CODE_MASK);
      node = e === 0 ? 0 : edges[e] >>> CHILD_SHIFT;
      if (node === 0) break;
    }
    // The suffix below / right of s.
    let last = s;
    let endPos = across ? c : r;
    while (endPos < SIZE - 1 && board[last + step] !== 0) {
      last += step;
      endPos++;
      const t = board[last];
      if ((t & BLANK_BIT) === 0) sum += VALUES[t & CODE_MASK];
    }
    this.crossScore[dir][s] = sum;
    let mask = 0;
    const prefixOk = first === s || node !== 0;
    if (prefixOk) {
      const start = first === s ? this.root : node;
      for (let e = start; e > 0 && e < edges.length; e++) {
        const edge = edges[e];
        const tile = edge & TILE_MASK;
        let ok: boolean;
        if (last === s) ok = (edge & EDGE_FINAL) !== 0;
        else {
          let n = edge >>> CHILD_SHIFT;
          let fin = false;
          for (let q = s + step; n !== 0; q += step) {
            const f = this.edgeOf(n, board[q] & CODE_MASK);
            if (f === 0) {
              n = 0;
              break;
            }
            if (q === last) {
              fin = (edges[f] & EDGE_FINAL) !== 0;
              break;
            }
            n = edges[f] >>> CHILD_SHIFT;
          }
          ok = fin;
        }
        if (ok) mask |= 1 << tile;
        if ((edge & EDGE_LAST) !== 0) break;
      }
    }
    this.cross[dir][s] = this.shapes !== undefined && first !== last ? this.withoutRefused(s, step, first, last, mask) : mask;
  }

  /**
   * `mask` without the tiles whose perpendicular word through empty square `s` (squares `first` to
   * `last`, `step` apart) the edition refuses by name: a move that forms it is never reported.
   */
  private withoutRefused(s: number, step: number, first: number, last: number, mask: number): number {
    const board = this.board;
    const length = (last - first) / step + 1;
    let m = mask;
    while (m !== 0) {
      const bit = m & -m;
      m ^= bit;
      const t = 31 - Math.clz32(bit);
      if (this.shapes![shapeOf(length, first === s ? t : board[first], last === s ? t : board[last])] === 0) continue;
      let word = '';
      for (let q = first; q <= last; q += step) word += String.fromCharCode(64 + (q === s ? t : board[q] & CODE_MASK));
      if (this.refusedSet!.has(word)) mask &= ~bit;
    }
    return mask;
  }

  /** Lane positions of the anchors of a lane (for bounds and ordering). */
  anchorAt(dir: number, line: number, i: number): boolean {
    return this.anchor[laneSquareIndex(dir, line, i)] !== 0;
  }

  /** Whether lane (`dir`, `line`) has an anchor (a lane without one has no move: not loaded). */
  private laneHasAnchor(dir: number, line: number): boolean {
    const anchor = this.anchor;
    const step = dir === 0 ? 1 : SIZE;
    for (let i = 0, s = dir === 0 ? line * SIZE : line; i < SIZE; i++, s += step) if (anchor[s] !== 0) return true;
    return false;
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

  // -------------------------------------------------------------------------------------------
  // The GADDAG walk: from the anchor square leftward first. A tile the anchor's cross set allows
  // and the rack has is placed on the anchor; then the word's left part, read right to left: the
  // board tiles before the anchor when there are some (the word starts where they start), else
  // rack tiles on the empty squares before it up to the previous anchor of the lane (their cross
  // sets are full: no tile touches them), so that a move is still generated from its leftmost
  // anchor; at each length, the graph's separator leads to the right part, walked by `extend` /
  // `extendPlain` from the square after the anchor, and a final edge ends the word at the anchor.
  // Only left parts that some word continues through the anchor's tile are ever tried.

  /** Every placement whose leftmost anchor is lane position `a` of the loaded lane, walked on the GADDAG. */
  private gaddagAnchor(a: number): void {
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

  // The rack's prefixes (paths of the graph spelt with rack tiles, blanks included, of 1 to 6
  // tiles and at most the rack's size less one, that the graph continues) as a tree in preorder:
  // prefix i adds tile `prefTile[i]` to its parent (the nearest earlier prefix one tile shorter),
  // reaches graph node `prefNode[i]` (whose tile mask is `prefMask[i]`; `prefUnion[i]` is the union
  // of the masks of its subtree), and its subtree ends before `prefSkip[i]`. Built on the first
  // anchor that needs them, once per position.
  private prefixCount = -1;
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

  /**
   * Extends the word rightward from lane position `pos` (the graph at `node`), the word starting
   * at `start`; `sum`/`wm` the main word's letter points and word multiplier so far, `cross` the
   * cross words' points, `used` tiles placed and their sub-multiset index `usedIdx`.
   */
  private extend(pos: number, start: number, node: number, sum: number, wm: number, cross: number, used: number, usedIdx: number): void {
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
  private extendPlain(
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

  private report(start: number, end: number, sum: number, wm: number, cross: number, used: number, usedIdx: number): void {
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

  // -------------------------------------------------------------------------------------------
  // Upper bounds for top-N pruning ("shadow play", as wolges describes it): for each way a word
  // through anchor `a` can start and end, the best score any tiles could make there — the rack's
  // highest values on the squares worth most to them (main word × its multiplier, plus the cross
  // word), cross sets and the lexicon ignored — plus the bonus and the best leave term for that
  // many tiles. Never below the true equity of a move generated from `a` (a test checks it).

  private readonly effBuf = new Int32Array(SIZE);
  private readonly effSorted = new Int32Array(SIZE);
  /** Per square of the loaded lane: the highest face value of a rack tile its cross set allows; -1 when none fits. */
  private readonly laneMax = new Int32Array(SIZE);

  /** Fills `laneMax` for the loaded lane (pruned runs only). */
  private loadLaneMax(): void {
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
      let wm = 1;
      let crossFixed = 0;
      // Σ over the empty squares of (their multiplier) × (the best tile their cross set allows)
      let bestTiles = 0;
      for (let end = start; end < SIZE; end++) {
        const t = tile[end];
        if (t !== 0) {
          if ((t & BLANK_BIT) === 0) boardSum += VALUES[t & CODE_MASK];
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
        const bonus = k === RACK_SIZE ? BINGO_BONUS : 0;
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

  /**
   * Placements anchor by anchor in decreasing order of their bound, stopping once the next bound
   * is below `threshold()` (the key of the n-th best move kept so far).
   */
  runPruned(sink: PlacementSink, values: Int32Array, bestTerm: Float64Array, threshold: () => number, isCancelled?: () => boolean): void {
    const bounds = this.anchorBounds;
    const ids = this.anchorIds;
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
          // insertion in decreasing order of bound, after the equal ones (the lanes' order among equals)
          let q = n++;
          while (q > 0 && bounds[q - 1] < b) {
            bounds[q] = bounds[q - 1];
            ids[q] = ids[q - 1];
            q--;
          }
          bounds[q] = b;
          ids[q] = (dir * SIZE + line) * SIZE + i;
        }
      }
    }
    this.sink = sink;
    this.stopped = false;
    let loaded = -1;
    for (let j = 0; j < n; j++) {
      if (bounds[j] < threshold()) break;
      if (isCancelled && isCancelled()) {
        this.stopped = true;
        break;
      }
      const id = ids[j];
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

  /** `runPruned`'s anchors in decreasing order of their bound (every square of both directions at most). */
  private readonly anchorBounds = new Float64Array(2 * SQUARES);
  private readonly anchorIds = new Int32Array(2 * SQUARES);
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
