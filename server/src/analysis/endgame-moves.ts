/**
 * The endgame's move lists and their order (endgame.ts): one node's moves as compact records in
 * typed arrays, reused per ply; ordered by a key the solver fills (decreasing, ties in the
 * generator's order), lazily, since most nodes are cut after their first move or two; derived
 * from a sibling's list by generating again only the lanes that changed (endgame-lanes.ts).
 *
 * Invariants: a list's records and order are those a full generation and a full sort give; a
 * list never holds moves of two positions (`reset` between them); nothing here allocates per
 * move once the arrays have grown.
 *
 * Example:
 *   list.reset(); gen.run(list); list.addPass(); list.indexLanes();
 *   for (let j = 0; j < list.count; j++) visit(list.at(j));   // after the keys and orderByKey()
 */
import { BOARD_SIZE } from '../engine/board';
import { TILE_COUNT } from '../lexicon/normalize';
import { LANE_MASK, lanesChanged } from './endgame-lanes';
import type { MoveGenerator, PlacementSink } from './movegen';

const SQUARES = BOARD_SIZE * BOARD_SIZE;
/** Tile codes, the blank's 0 included. */
export const CODES = TILE_COUNT + 1;
/** Stride of a move's squares in a move list (a word has at most 15). */
export const STRIDE = 16;
/** Added to a move's ordering key to keep it positive (keys are above -2^24). */
const KEY_OFFSET = 1 << 24;
/** Moves of a node picked by a scan each before the rest of its list is sorted (`MoveList.at`). */
const LAZY_PICKS = 3;

/** Moves of one node: compact records, reused per ply. */
export class MoveList implements PlacementSink {
  count = 0;
  score = new Int32Array(256);
  /** dir | line << 1 | start << 5 | end << 9 | used << 13 */
  meta = new Int32Array(256);
  squares = new Uint8Array(256 * STRIDE);
  key = new Int32Array(256);
  order = new Int32Array(256);
  /**
   * The order is made lazily (`at`): most nodes are cut after their first move or two, so the
   * first few moves are picked by a scan each and the rest sorted only when a node goes on. `ready`
   * entries of `order` are final; `pending` holds the others' sort values, key (high) and index
   * (low, 65535 − i: the generator's order on ties), so the order is the one a full sort gives.
   */
  private ready = 0;
  private pending = new Float64Array(256);

  reset(): void {
    this.count = 0;
    this.ready = 0;
    this.source = undefined;
  }

  /** The generator, board and rack the list's moves were generated for (`generate`); none after `reset`. */
  private source: MoveGenerator | undefined;
  private readonly board = new Uint8Array(SQUARES);
  private readonly rack = new Int8Array(CODES);

  /** Whether the list holds every move `gen` finds on `board` with `rack` (the same records, in the same order). */
  holds(gen: MoveGenerator, board: Uint8Array, rack: Int8Array): boolean {
    if (this.source !== gen) return false;
    for (let s = 0; s < SQUARES; s++) if (this.board[s] !== board[s]) return false;
    for (let c = 0; c < CODES; c++) if (this.rack[c] !== rack[c]) return false;
    return true;
  }

  /** Notes that the list now holds the moves `gen` finds on `board` with `rack`. */
  generatedFor(gen: MoveGenerator, board: Uint8Array, rack: Int8Array): void {
    this.source = gen;
    this.board.set(board);
    this.rack.set(rack);
  }

  /**
   * Where each lane's placements begin (index dir * 15 + line; entry 30: the placements' count).
   * The generator gives a lane's placements together, lanes in that order, and the pass comes
   * after them all.
   */
  readonly laneStart = new Int32Array(2 * BOARD_SIZE + 1);

  /** Indexes the lanes of a list just generated in full (`run` then `addPass`). */
  indexLanes(): void {
    const placements = this.count - 1;
    let i = 0;
    for (let k = 0; k < 2 * BOARD_SIZE; k++) {
      this.laneStart[k] = i;
      while (i < placements && (this.meta[i] & 1) * BOARD_SIZE + ((this.meta[i] >> 1) & 15) === k) i++;
    }
    this.laneStart[2 * BOARD_SIZE] = placements;
  }

  /**
   * Fills this list with the moves `gen` finds on `board` with `rack`, from `from`, a list of the
   * same generator and rack on a board a few squares away (a sibling's: the same position but
   * for the move before): the lanes the changed squares reach (`lanesChanged`) are generated
   * again, every other lane's moves copied (a lane's moves depend on its own squares, cross sets
   * and anchors alone). The records
   * and their order are those a full generation gives. Returns false, doing nothing, when `from`
   * does not fit (another generator or rack, or too many squares changed).
   */
  deriveFrom(from: MoveList, gen: MoveGenerator, board: Uint8Array, rack: Int8Array): boolean {
    if (from.source !== gen) return false;
    for (let c = 0; c < CODES; c++) if (from.rack[c] !== rack[c]) return false;
    const lanes = lanesChanged(from.board, board);
    if (lanes < 0) return false;
    const across = lanes & LANE_MASK;
    const down = lanes >>> BOARD_SIZE;
    this.reset();
    gen.setPosition(board, rack);
    // Lanes kept are copied a run of lanes at a time (from `copyFrom` up to the lane before k).
    let copyFrom = 0;
    for (let k = 0; k <= 2 * BOARD_SIZE; k++) {
      const dir = k < BOARD_SIZE ? 0 : 1;
      const bit = 1 << (k - dir * BOARD_SIZE);
      const reached = k < 2 * BOARD_SIZE && ((dir === 0 ? across : down) & bit) !== 0;
      if (!reached && k < 2 * BOARD_SIZE) continue;
      const a = from.laneStart[copyFrom];
      const b = from.laneStart[k];
      if (b > a) {
        const n = this.count;
        while (this.score.length < n + (b - a) + 1) this.grow();
        this.score.set(from.score.subarray(a, b), n);
        this.meta.set(from.meta.subarray(a, b), n);
        this.squares.set(from.squares.subarray(a * STRIDE, b * STRIDE), n * STRIDE);
        this.count = n + (b - a);
      }
      for (let j = copyFrom; j < k; j++) this.laneStart[j] = from.laneStart[j] - a + (this.count - (b - a));
      if (k === 2 * BOARD_SIZE) break;
      this.laneStart[k] = this.count;
      gen.runLanes(this, dir === 0 ? bit : 0, dir === 0 ? 0 : bit);
      copyFrom = k + 1;
    }
    this.laneStart[2 * BOARD_SIZE] = this.count;
    this.addPass();
    this.generatedFor(gen, board, rack);
    return true;
  }

  /** Orders the moves by `key` (decreasing, ties in generator order), lazily (`at`). */
  orderByKey(): void {
    const n = this.count;
    if (n > 65535) {
      const keys = this.key;
      this.order.set(Array.from({ length: n }, (_, i) => i).sort((a, b) => keys[b] - keys[a] || a - b));
      this.ready = n;
      return;
    }
    if (this.pending.length < n) this.pending = new Float64Array(this.key.length);
    const pending = this.pending;
    for (let i = 0; i < n; i++) pending[i] = (this.key[i] + KEY_OFFSET) * 65536 + (65535 - i);
    this.ready = 0;
  }

  /** The index of the j-th move in order (j < count), ordering as far as needed. */
  at(j: number): number {
    if (j < this.ready) return this.order[j];
    const n = this.count;
    const pending = this.pending;
    if (this.ready < LAZY_PICKS) {
      // One scan: the largest pending value moves to the front of the pending part.
      const r = this.ready;
      let m = r;
      for (let i = r + 1; i < n; i++) if (pending[i] > pending[m]) m = i;
      const v = pending[m];
      pending[m] = pending[r];
      pending[r] = v;
      this.order[r] = 65535 - (v % 65536);
      this.ready = r + 1;
      return j < this.ready ? this.order[j] : this.at(j);
    }
    // The rest at once, sorted natively as numbers.
    const rest = pending.subarray(this.ready, n);
    rest.sort();
    const k0 = this.ready;
    const len = rest.length;
    for (let k = 0; k < len; k++) this.order[k0 + k] = 65535 - (rest[len - 1 - k] % 65536);
    this.ready = n;
    return this.order[j];
  }

  grow(): void {
    const n = this.score.length * 2;
    const g = <T extends Int32Array | Uint8Array>(a: T, size: number): T => {
      const b = new (a.constructor as new (n: number) => T)(size);
      b.set(a);
      return b;
    };
    this.score = g(this.score, n);
    this.meta = g(this.meta, n);
    this.key = g(this.key, n);
    this.order = g(this.order, n);
    this.squares = g(this.squares, n * STRIDE);
  }

  accept(gen: MoveGenerator, start: number, end: number, score: number, used: number): void {
    if (this.count === this.score.length) this.grow();
    const i = this.count++;
    this.score[i] = score;
    this.meta[i] = gen.dir | (gen.line << 1) | (start << 5) | (end << 9) | (used << 13);
    const base = i * STRIDE;
    for (let p = start; p <= end; p++) this.squares[base + p - start] = gen.laneSquare(p);
  }

  /** A pass: meta -1. */
  addPass(): void {
    if (this.count === this.score.length) this.grow();
    const i = this.count++;
    this.score[i] = 0;
    this.meta[i] = -1;
  }

  /** A 32-bit signature of move i (the table's best move). */
  signature(i: number): number {
    const meta = this.meta[i];
    if (meta < 0) return 1;
    let h = Math.imul(meta ^ 0x9e3779b9, 0x85ebca6b);
    const base = i * STRIDE;
    const len = ((meta >> 9) & 15) - ((meta >> 5) & 15) + 1;
    for (let p = 0; p < len; p++) h = Math.imul(h ^ this.squares[base + p], 0xc2b2ae35) + 0x27d4eb2f;
    return h | 2; // never 0 (no move) nor 1 (the pass)
  }
}
