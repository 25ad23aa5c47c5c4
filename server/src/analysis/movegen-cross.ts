/**
 * The move generator's board layer (movegen.ts): the position's tiles, its anchors (the empty
 * squares beside a tile; on the empty board only H8, art. 6) and, per direction of play, each empty
 * square's cross set (bit mask of the tiles whose perpendicular word the DAWG accepts) and the face
 * value of that word's old tiles (art. 17); the cross sets leave out the tiles that would form a
 * word the edition refuses by name (`refused`). Computed once per board, kept for another rack on the
 * same board, and brought up to date square by square when a move is played or taken back.
 *
 * The first of the generator's layers, one class each (`CrossSets` ← `LaneWalk` ← `ShadowBounds`
 * ← `LeftParts` ← `GaddagWalk` ← `MoveGenerator`): one object, one shape, so that the hot calls
 * stay direct method calls on it.
 *
 * Invariants: `board`, the anchors and both cross sets always describe the same board; the board
 * given is copied, never kept or modified.
 *
 * Example (through the generator):
 *   gen.setPosition(board, rack);   // the board half: setBoard(board)
 *   gen.anchorAt(0, 7, 7);          // H8 on the empty board
 */
import { BOARD_SIZE } from '../engine/board';
import { EDGE_CHILD_SHIFT, EDGE_FINAL as DAWG_EDGE_FINAL, EDGE_LAST as DAWG_EDGE_LAST, EDGE_TILE_MASK, type Dawg } from '../lexicon/dawg';
import {
  ALL_TILES as CODES_ALL_TILES,
  BLANK_BIT as CODES_BLANK_BIT,
  CODE_MASK as CODES_CODE_MASK,
  VALUES as CODES_VALUES,
  edgeIn as codesEdgeIn,
  laneSquareIndex,
} from './movegen-codes';

// Module constants the JIT embeds in the hot loops (an imported name is read as a property of
// `exports` in CommonJS output).
const SIZE = BOARD_SIZE;
const edgeIn = codesEdgeIn;
const SQUARES = SIZE * SIZE;
const ALL_TILES = CODES_ALL_TILES;
const BLANK_BIT = CODES_BLANK_BIT;
const CODE_MASK = CODES_CODE_MASK;
const VALUES = CODES_VALUES;
const EDGE_FINAL = DAWG_EDGE_FINAL;
const EDGE_LAST = DAWG_EDGE_LAST;
const CHILD_SHIFT = EDGE_CHILD_SHIFT;
const TILE_MASK = EDGE_TILE_MASK;

function sameBoard(a: Uint8Array, b: Uint8Array): boolean {
  for (let s = 0; s < SQUARES; s++) if (a[s] !== b[s]) return false;
  return true;
}

/** The slot of a word of `length` tiles from tile `first` to tile `last` (codes, flags ignored) in a shape filter. */
export function shapeOf(length: number, first: number, last: number): number {
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

export class CrossSets {
  /** The DAWG's array and root: cross sets, and the left parts when there is no GADDAG. */
  protected readonly edges: Uint32Array;
  protected readonly root: number;

  /** Board: code | BLANK_BIT per square, 0 when empty. */
  readonly board = new Uint8Array(SQUARES);
  /** Cross sets per direction of play (0 across, 1 down). */
  protected readonly cross = [new Int32Array(SQUARES), new Int32Array(SQUARES)];
  /** Face value of the perpendicular word's old tiles; -1 when no perpendicular word. */
  readonly crossScore = [new Int32Array(SQUARES), new Int32Array(SQUARES)];
  protected readonly anchor = new Uint8Array(SQUARES);
  private boardEmpty = true;
  /** Whether `board`, the anchors and the cross sets describe a position already set. */
  private boardSet = false;

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
  protected refusedSet: ReadonlySet<string> | undefined = undefined;
  /** The shapes of `refused` (`refusedShapes`); undefined when there is none. */
  protected shapes: Uint8Array | undefined = undefined;

  constructor(readonly dawg: Dawg) {
    this.edges = dawg.edges;
    this.root = dawg.root;
  }

  /** The edge of `tile` in the DAWG node starting at `node`; 0 when absent. */
  protected edgeOf(node: number, tile: number): number {
    return edgeIn(this.edges, node, tile);
  }

  /** Sets the board (codes: code | BLANK_BIT, 0 empty, row-major): its anchors and cross sets. */
  protected setBoard(board: Uint8Array): void {
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
  protected laneHasAnchor(dir: number, line: number): boolean {
    const anchor = this.anchor;
    const step = dir === 0 ? 1 : SIZE;
    for (let i = 0, s = dir === 0 ? line * SIZE : line; i < SIZE; i++, s += step) if (anchor[s] !== 0) return true;
    return false;
  }
}
