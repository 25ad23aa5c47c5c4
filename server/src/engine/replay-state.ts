/**
 * The replayer's state and the bookkeeping every kind of line shares: the board and its log, the
 * tiles on the board by kind, both players' accounts (totals, known racks, rack sizes), the bag,
 * the runs of passes and scoreless turns, the end of the game, the findings; reading and checking
 * a written rack (art. 3, 8, 29); putting tiles on the board and lifting them.
 *
 * The replayer is one class built in layers, each in its own module, each leaning only on the one
 * below: ReplayState (this module) ← MoveReplayer (`replay-moves.ts`: placements, passes,
 * exchanges, withdrawals, challenges) ← EndReplayer (`replay-end.ts`: end of game, penalties, the
 * words judged at the end) ← Replayer (`replay.ts`: the lines in order, the sheet's addition, the
 * states).
 *
 * Invariants: one instance per replay, used once; nothing here throws for any syntax tree; the
 * board array is changed only through `placeTile` / `liftTile`, which keep `boardLog`, `onBoard`
 * and `foreignOnBoard` in step with it.
 *
 * Example (the replayer's own use):
 *   const rack = this.readRack(e, p, () => []);   // the rack of a pass, checked and remembered
 */
import { makeFinding, type MakeFindingOptions } from '../rules/registry';
import { editionNamesWords, namedWord } from '../rules/named-words';
import type { Lexicon } from '../lexicon/types';
import type { Edition, Finding, FindingCode, MessageArgs } from '../rules/types';
import type { EventNode, GcgFile, RackNode, Span, TileRef, Token } from '../syntax/types';
import { BOARD_SIZE, squareIndex } from './board';
import { kindTable, type KindTable } from './kinds';
import type { Issue, PlacedNewTile } from './placement';
import { chooseReading, countOf, formatTiles, mergeTiles, missingFrom, rackFace, type ReadingContext } from './racks';
import type { Settled } from './setup';
import { RACK_SIZE, TILE_SETS, type TileSet } from './tilesets';
import type { BoardLog } from './turn';
import type {
  GameEnd,
  GameEndReason,
  IllegalPlay,
  PlacedTile,
  RackInfo,
  RackReadingNote,
  ReplayOptions,
  ScoredWord,
  TurnState,
  WordSearchNote,
} from './types';

/** The rulings of a play no `#challenge valid` followed (shared, never added to: see validRuling). */
export const NO_RULINGS: Set<string> = new Set<string>();

/** The reading context of a rack with one reading, which chooseReading never reads. */
const ONE_READING: ReadingContext = { needed: () => [], expectedSize: 0, keep: [], unseen: () => 0 };

/** Rack text that Woogles writes when it does not know the rack. */
export const UNKNOWN_RACK = 'UNKNOWN';

/**
 * Where each player's duty to subtract their own rack rests when nobody went out. The current text
 * states it after 37.3 for the endings 37.1–37.3, so the ending's own article is cited; the 2004
 * and 2001 texts list the endings in art. 40 (40.1 and 40.2 only say when the game ends) and state
 * no such duty in a sub-article, so the whole article on the end of the game is cited.
 */
export function ownRackArticle(reason: GameEndReason, edition: Edition): string {
  if (edition === 'fise' || edition === 'naspa') return endArticle(reason, edition);
  return '40';
}

/** Article of each game end, per edition family (art. 37 current; art. 40 older; none for NASPA). */
export function endArticle(reason: GameEndReason, edition: Edition): string {
  if (edition === 'naspa') return '';
  const current = edition === 'fise';
  switch (reason) {
    case 'blocked':
      return current ? '37.1' : '40.1';
    case 'passes':
      return current ? '37.2' : '40.2';
    case 'scoreless':
      return '37.3';
    case 'out':
      return current ? '37.4' : '40.3';
    case 'time':
      return current ? '37.5' : '40.4';
    case 'naspa-zeros':
      return '';
  }
}

export interface PlayerState {
  total: number;
  /** Tiles known to be on the rack. */
  known: string[];
  /** Tiles on the rack (exact: it follows from the tiles placed and the bag). */
  size: number;
  /** The event whose written rack `known` last came from. */
  knownFrom?: EventNode;
  /** Declared totals the next line may build on (more than one after a reported slip). */
  bases: number[];
  /** The last declared total, and where. */
  declaredTotal: number | null;
  declaredTotalToken?: Token<number>;
}

export interface PlacementRecord {
  readonly turn: number;
  readonly event: EventNode;
  readonly player: number;
  readonly newTiles: readonly PlacedNewTile[];
  readonly drawn: number;
  readonly computed: number;
  readonly declared?: number;
  readonly words: readonly ScoredWord[];
  readonly before: {
    readonly known: string[];
    readonly knownFrom?: EventNode;
    readonly size: number;
    readonly passRun: number;
    readonly scorelessRun: number;
    readonly gameEnd?: EndState;
    readonly bases: number[];
  };
  /** The score-mismatch finding of the play, if any (withdrawn in the old `-- +0` form). */
  scoreFinding?: Finding;
  withdrawn: boolean;
  /**
   * The play is misplaced or holds a letter no tile can be: its words are not judged (the finding
   * already says what is wrong with them).
   */
  readonly misplaced: boolean;
  /** Words an arbiter ruled valid (`#challenge valid`): never reported as unaccepted. */
  ruledValid: Set<string>;
}

export interface EndState extends GameEnd {
  /** 0-based line of the event (or pragma) that ended the game. */
  readonly line: number;
  readonly event?: EventNode;
  /** The `#game-end` pragma that declared the end (reasons 'time' and 'blocked'). */
  readonly pragmaSpan?: Span;
  /** Who went out (reason 'out'). */
  readonly finisher?: number;
}

/** What a line's handler hands back to the common bookkeeping. */
export interface Outcome {
  computed: number;
  /** Declared amounts that count as "right" for the sheet's addition (beyond the declared one). */
  alsoFine?: number[];
  /** Replaces the usual bases + amount candidates (the old `-- +0 T` form). */
  expectedTotals?: number[];
  rackBefore?: RackInfo;
  rackReading?: RackReadingNote;
  words?: readonly ScoredWord[];
  bingo?: number;
  placed?: readonly PlacedNewTile[];
  /** The play was not checked (score-only line, or a placement after one). */
  unchecked?: true;
  /** A withdrawal that took a play back. */
  withdrew?: boolean;
  /** The play breaks a rule of placement or of the tiles (TurnState.illegal). */
  illegal?: IllegalPlay;
  /** A word without a coordinate: where it went (TurnState.wordSearch). */
  wordSearch?: WordSearchNote;
  /** A word line replayed as its one placement: the placement added its amount to the total. */
  placedAsPlay?: true;
}

/** The replayer's state and shared bookkeeping (see the module header). */
export abstract class ReplayState {
  protected readonly set: TileSet;
  protected readonly spanish: boolean;
  protected readonly edition: Edition;
  protected readonly board: (PlacedTile | null)[] = new Array<PlacedTile | null>(BOARD_SIZE * BOARD_SIZE).fill(null);
  /** Every change of `board` in order (states rebuild their board from it when asked). */
  protected readonly boardLog: BoardLog = { squares: [], tiles: [] };
  /** Tiles on the board by kind of the set ('?' for blanks), indexed as `set.kinds`. */
  protected readonly onBoard: Int32Array;
  /** Tiles on the board whose face the set lacks (a foreign letter placed as written). */
  protected readonly foreignOnBoard = new Map<string, number>();
  protected readonly kinds: KindTable;
  /** The RackInfo each player's last state showed, and the rack it was made from. */
  protected readonly lastRack: ({ known: readonly string[]; size: number; info: RackInfo } | undefined)[] = [undefined, undefined];
  protected bag: number;
  protected readonly players: [PlayerState, PlayerState];
  protected lastTurnPlayer = -1;
  protected lastTurnEvent?: EventNode;
  protected lastEvent?: EventNode;
  protected passRun = 0;
  protected scorelessRun = 0;
  protected end?: EndState;
  protected endReported = false;
  protected readonly records: PlacementRecord[] = [];
  /** The latest placement of each player that is still their latest turn. */
  protected readonly lastPlacement: [PlacementRecord | undefined, PlacementRecord | undefined] = [undefined, undefined];
  protected endAdd?: { form: 'R' | '2R'; event: EventNode; amount: number };
  protected readonly deducted: [boolean, boolean] = [false, false];
  /** The `(time)` line each player's penalty was written on (art. 32), once counted. */
  protected readonly timeLine: [EventNode | undefined, EventNode | undefined] = [undefined, undefined];
  /** The mismatch reported on a player's first `(time)` line, dropped when a second line completes the sum. */
  protected readonly timeFinding: [Finding | undefined, Finding | undefined] = [undefined, undefined];
  /** Whether a player's penalty was written on two lines that together match the clock. */
  protected readonly timeSplit: [boolean, boolean] = [false, false];
  protected readonly findings: Finding[] = [];
  protected readonly turns: TurnState[] = [];
  /**
   * Set by the first score-only line (art. 5.1, a paper sheet's numbers): from then on the board
   * and the bag are not known, so plays are not checked, only what the numbers tell.
   */
  protected blind = false;
  /** Turns whose play was not checked (score-only lines, and placements after one), and the first. */
  protected unchecked = 0;
  protected firstUnchecked?: EventNode;
  /** Blind: the tiles left at the end as the `(RACK)` line wrote them (the board cannot tell). */
  protected writtenRemaining?: string[];

  constructor(
    protected readonly file: GcgFile,
    protected readonly options: ReplayOptions,
    protected readonly s: Settled,
  ) {
    this.set = TILE_SETS[s.tileSet];
    this.kinds = kindTable(this.set);
    this.onBoard = new Int32Array(this.set.kinds.length);
    this.spanish = s.tileSet === 'spanish';
    this.edition = s.rules;
    this.bag = this.set.total - 2 * RACK_SIZE;
    const fresh = (): PlayerState => ({ total: 0, known: [], size: RACK_SIZE, bases: [0], declaredTotal: null });
    this.players = [fresh(), fresh()];
  }

  // ---------------------------------------------------------------------------------------------
  // Findings

  protected report(code: FindingCode, span: Span, args: MessageArgs, opts: Omit<MakeFindingOptions, 'severities'> = {}): Finding {
    const f = makeFinding(code, this.edition, span, args, { ...opts, severities: this.options.severities });
    this.findings.push(f);
    return f;
  }

  protected issue(i: Issue): void {
    this.report(i.code, i.span, i.args, i.messageId ? { messageId: i.messageId } : {});
  }

  /** One more turn whose play is not checked (the first one is where the notice goes). */
  protected notChecked(e: EventNode): void {
    this.unchecked++;
    this.firstUnchecked ??= e;
  }

  protected nick(p: number): string {
    return this.s.players[p]?.nick ?? '';
  }

  /**
   * The lexicon, when words are judged (a lexicon is given and the tile set is Spanish), with the
   * words the edition names on top of it (rules/named-words.ts: REFUNDAR under 2004 and 2001).
   */
  protected judging(): Lexicon | undefined {
    if (!this.spanish || !this.options.lexicon) return undefined;
    if (!editionNamesWords(this.edition)) return this.options.lexicon;
    if (!this.judge) {
      const list = this.options.lexicon;
      const edition = this.edition;
      this.judge = { info: list.info, has: (w: string): boolean => namedWord(edition, w)?.accepted ?? list.has(w) };
    }
    return this.judge;
  }

  private judge?: Lexicon;

  // ---------------------------------------------------------------------------------------------
  // Racks

  protected unseen(face: string): number {
    const i = this.kinds.index.get(face);
    return i === undefined ? -(this.foreignOnBoard.get(face) ?? 0) : this.set.kinds[i].count - this.onBoard[i];
  }

  protected rackIsKnown(rack: RackNode | undefined): rack is RackNode {
    return !!rack && rack.text !== UNKNOWN_RACK && rack.pieces.length > 0;
  }

  protected readingsOf(rack: RackNode): readonly (readonly TileRef[])[] {
    return this.spanish ? rack.readings : [rack.singles];
  }

  /**
   * Reads the rack written on a turn line and checks it: at most 7 tiles (art. 8, 29), letters of
   * the set (art. 3), no more copies than remain unseen (art. 3), and it keeps what the player's
   * previous turn left (art. 29, a warning; only for a rack of the full size).
   */
  protected readRack(
    e: EventNode,
    p: number,
    needed: (reading: readonly TileRef[]) => readonly string[],
  ): { tiles: string[]; reading: readonly TileRef[]; note?: RackReadingNote; foreign?: string } | undefined {
    const rack = e.rack;
    if (!this.rackIsKnown(rack)) return undefined;
    const player = this.players[p];
    const readings = this.readingsOf(rack);
    // One reading (the usual case) leaves nothing to choose: no context to build for it.
    const choice = chooseReading(
      readings,
      readings.length <= 1 ? ONE_READING : { needed, expectedSize: player.size, keep: player.known, unseen: (f) => this.unseen(f) },
    );
    const tiles = choice.tiles;
    const reading = readings[choice.index] ?? [];
    const note: RackReadingNote | undefined =
      choice.fitting.length > 1
        ? { chosen: tiles, alternatives: choice.fitting.filter((i) => i !== choice.index).map((i) => readings[i].map(rackFace)) }
        : undefined;

    let reliable = true;
    if (tiles.length > RACK_SIZE) {
      this.report('rack-too-large', rack.span, { rack: rack.text, count: tiles.length });
      reliable = false;
    }
    let foreign: TileRef | undefined;
    for (const t of reading) {
      if (!t.blank && t.letter !== null && !this.set.has(t.letter)) {
        foreign = t;
        break;
      }
    }
    if (foreign) {
      this.report('tile-not-in-set', foreign.span, { letter: foreign.text });
      reliable = false;
    }
    for (let i = 0; i < tiles.length; i++) {
      const face = tiles[i];
      if (tiles.indexOf(face) < i || !this.set.has(face)) continue; // each face once, first seen first
      const count = countOf(tiles, face);
      const unseen = this.unseen(face);
      if (count > unseen) {
        this.report('rack-not-in-bag', rack.span, { tile: formatTiles([face]), count, unseen: Math.max(0, unseen) });
        reliable = false;
        break;
      }
    }
    if (!reliable) {
      // A rack the set cannot hold tells nothing sure about the next one: forget it (no cascade).
      player.known = [];
      player.knownFrom = e;
      return { tiles, reading, note, foreign: foreign?.letter ? foreign.letter : undefined };
    }
    const complete = tiles.length === player.size;
    const missing = complete ? missingFrom(tiles, player.known) : [];
    if (missing.length > 0) {
      const from = player.knownFrom;
      this.report(
        'rack-inconsistent',
        rack.span,
        { missing: formatTiles(missing), leave: formatTiles(player.known) },
        {
          related: from?.rack ? [{ span: from.rack.span, messageId: 'related.previous-turn', args: { nick: from.nick.text } }] : [],
        },
      );
    }
    // A partial rack adds to what is known, unless the two cannot both be on the rack (an earlier
    // rack was a placeholder): then the newer one wins. After an inconsistency either rack may be
    // the wrong one, so neither is trusted (no cascade).
    if (missing.length > 0) player.known = [];
    else if (complete) player.known = tiles.slice();
    else {
      const merged = mergeTiles(player.known, tiles);
      player.known = merged.length > player.size ? tiles.slice() : merged;
    }
    player.knownFrom = e;
    return { tiles, reading, note, foreign: foreign?.letter ? foreign.letter : undefined };
  }

  /**
   * What a state shows of a player's rack. The rack arrays are replaced, never changed in place,
   * so consecutive states share one RackInfo while the rack and its size stay the same.
   */
  protected rackInfo(p: number): RackInfo {
    const pl = this.players[p];
    const last = this.lastRack[p];
    if (last && last.known === pl.known && last.size === pl.size) return last.info;
    const info: RackInfo = { tiles: pl.known.slice(), complete: pl.known.length === pl.size };
    this.lastRack[p] = { known: pl.known, size: pl.size, info };
    return info;
  }

  // ---------------------------------------------------------------------------------------------
  // The board

  /** One more (or one less) tile of `face` on the board (a lifted tile was always placed before). */
  protected countOnBoard(face: string, delta: 1 | -1): void {
    const i = this.kinds.index.get(face);
    if (i !== undefined) this.onBoard[i] += delta;
    else this.foreignOnBoard.set(face, (this.foreignOnBoard.get(face) ?? 0) + delta);
  }

  protected placeTile(row: number, col: number, tile: PlacedTile): void {
    this.board[squareIndex(row, col)] = tile;
    this.boardLog.squares.push(squareIndex(row, col));
    this.boardLog.tiles.push(tile);
    this.countOnBoard(tile.blank ? '?' : tile.letter, 1);
  }

  protected liftTile(row: number, col: number): void {
    const tile = this.board[squareIndex(row, col)];
    if (!tile) return;
    this.board[squareIndex(row, col)] = null;
    this.boardLog.squares.push(squareIndex(row, col));
    this.boardLog.tiles.push(null);
    this.countOnBoard(tile.blank ? '?' : tile.letter, -1);
  }
}
