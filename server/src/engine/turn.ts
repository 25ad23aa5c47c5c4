/**
 * One state of the replay (`TurnState`), made by the replayer once per event line, and the log of
 * board changes the states share.
 *
 * Invariants: a state is plain data set once; `board` and `unseen` are worked out on first read
 * from the shared, append-only log and kept; the log is only appended to and rack arrays are
 * never changed in place, so a state answers the same whenever it is asked.
 *
 * Example:
 *   const log: BoardLog = { squares: [], tiles: [] };
 *   const state = new Turn(kindTable(set), rack, log, log.squares.length, fields);
 *   state.board;    // rebuilt from the first `log.squares.length` changes
 */
import { BOARD_SIZE } from './board';
import { unseenTiles, type KindTable } from './kinds';
import type { BoardCells, PlacedTile, ScoredWord, TurnState } from './types';

export const NO_WORDS: readonly ScoredWord[] = Object.freeze([]);
export const NO_PLACED: TurnState['placed'] = Object.freeze([]);

type TurnFields = Pick<
  TurnState,
  | 'index'
  | 'event'
  | 'kind'
  | 'player'
  | 'racks'
  | 'bag'
  | 'computedScore'
  | 'computedTotal'
  | 'totals'
  | 'declaredTotals'
  | 'words'
  | 'bingo'
  | 'placed'
>;

/**
 * The replay's board changes in order: square index and the tile put there (null: lifted by a
 * withdrawal). Only ever appended to; a state keeps the length it saw.
 */
export interface BoardLog {
  readonly squares: number[];
  readonly tiles: (PlacedTile | null)[];
}

/** The fields of a state other than `unseen` and `board`, writable while the state is being made. */
type TurnData = { -readonly [K in Exclude<keyof TurnState, 'unseen' | 'board'>]: TurnState[K] };

// The data fields are declared by this interface, merged into the class below (no field is
// emitted), so a state has exactly the own properties the constructor and pushTurn write.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- deliberate, see above
export interface Turn extends TurnData {}

/**
 * One state of the replay. Every field is plain data set once, except `board` and `unseen`,
 * which are worked out the first time they are read (the board from the replay's log of changes
 * up to this state, `unseen` from the board and the mover's rack) and then kept: most states are
 * never asked for them (a hover or a board view asks for one), so the replay pays for neither per
 * event. The log is only appended to and the rack arrays are never changed, so the answers are
 * the same whenever they are asked.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the interface above declares the fields
export class Turn implements TurnState {
  readonly #kinds: KindTable;
  readonly #moverRack: readonly string[];
  readonly #log: BoardLog;
  readonly #logLength: number;
  #unseen: Readonly<Record<string, number>> | undefined;
  #board: BoardCells | undefined;

  constructor(kinds: KindTable, moverRack: readonly string[], log: BoardLog, logLength: number, fields: TurnFields) {
    this.index = fields.index;
    this.event = fields.event;
    this.kind = fields.kind;
    this.player = fields.player;
    this.racks = fields.racks;
    this.bag = fields.bag;
    this.computedScore = fields.computedScore;
    this.computedTotal = fields.computedTotal;
    this.totals = fields.totals;
    this.declaredTotals = fields.declaredTotals;
    this.words = fields.words;
    this.bingo = fields.bingo;
    this.placed = fields.placed;
    this.#kinds = kinds;
    this.#moverRack = moverRack;
    this.#log = log;
    this.#logLength = logLength;
  }

  /** Unseen tiles from the mover's point of view: the set less the board and the mover's rack. */
  get unseen(): Readonly<Record<string, number>> {
    return (this.#unseen ??= unseenTiles(this.#kinds, this.board, this.#moverRack));
  }

  /** The board after this event, rebuilt from the replay's log of changes the first time it is read. */
  get board(): BoardCells {
    if (!this.#board) {
      const cells = new Array<PlacedTile | null>(BOARD_SIZE * BOARD_SIZE).fill(null);
      const { squares, tiles } = this.#log;
      for (let i = 0; i < this.#logLength; i++) cells[squares[i]] = tiles[i]!;
      this.#board = cells;
    }
    return this.#board;
  }
}
