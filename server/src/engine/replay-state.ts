/**
 * The replayer's state and the bookkeeping every kind of line shares: one plain record
 * (`ReplayState`: the board and its log, the tiles on the board by kind, both players' accounts
 * (totals, known racks, rack sizes), the bag, the runs of passes and scoreless turns, the end of
 * the game, the findings, the states made so far) and the functions on it that every handler uses:
 * reporting a finding, reading and checking a written rack (art. 3, 8, 29), putting tiles on the
 * board and lifting them.
 *
 * The replayer is this state plus handler functions `(state, event, ctx) → Outcome`, one per kind
 * of event line, in three modules: `replay-moves.ts` (placements, word lines, score-only lines,
 * passes, exchanges), `replay-challenges.ts` (withdrawn plays, challenge bonuses, `#challenge`
 * rulings), `replay-end.ts` (end of game, penalties, the words judged at the end). `replay.ts`
 * takes the lines in order, dispatches each event from the table by its kind, checks the sheet's
 * addition and makes the states. No module keeps state of its own.
 *
 * Invariants: one state per replay, used once; nothing here throws for any syntax tree; the
 * board array is changed only through `placeTile` / `liftTile`, which keep `boardLog`, `onBoard`
 * and `foreignOnBoard` in step with it; `createState` gives every field its value, so the record
 * keeps one shape for the whole replay.
 *
 * Example (a handler's own use):
 *   const rack = readRack(st, e, p, () => []);   // the rack of a pass, checked and remembered
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
  OtherNotationToken,
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
const UNKNOWN_RACK = 'UNKNOWN';

/**
 * Where each player's duty to subtract their own rack rests when nobody went out. The current text
 * states it after 37.3 for the endings 37.1–37.3, so the ending's own article is cited. The 2004
 * and 2001 texts' 40.1 and 40.2 only say when the game ends and nothing of the racks: the
 * deduction is that of the original rules their art. 1 adopts, so the ending (40.1 or 40.2) and
 * art. 1 are cited, never a sentence 40.1 does not contain.
 */
export function ownRackArticle(reason: GameEndReason, edition: Edition): string {
  if (edition === 'fise' || edition === 'naspa') return endArticle(reason, edition);
  return `${endArticle(reason, edition)}, 1`;
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

interface EndState extends GameEnd {
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

/**
 * Everything the replayer knows while it reads a record: one plain record, made by `createState`,
 * changed by the handler functions of the replay modules, read by `replay` to build its answer.
 */
export interface ReplayState {
  readonly file: GcgFile;
  readonly options: ReplayOptions;
  /** What the header settles: the players, the rules and the tile set in force, the clocks. */
  readonly settled: Settled;
  readonly set: TileSet;
  readonly spanish: boolean;
  readonly edition: Edition;
  readonly board: (PlacedTile | null)[];
  /** Every change of `board` in order (states rebuild their board from it when asked). */
  readonly boardLog: BoardLog;
  /** Tiles on the board by kind of the set ('?' for blanks), indexed as `set.kinds`. */
  readonly onBoard: Int32Array;
  /** Tiles on the board whose face the set lacks (a foreign letter placed as written). */
  readonly foreignOnBoard: Map<string, number>;
  readonly kinds: KindTable;
  /** The RackInfo each player's last state showed, and the rack it was made from. */
  readonly lastRack: ({ known: readonly string[]; size: number; info: RackInfo } | undefined)[];
  bag: number;
  readonly players: [PlayerState, PlayerState];
  lastTurnPlayer: number;
  lastTurnEvent?: EventNode;
  lastEvent?: EventNode;
  passRun: number;
  scorelessRun: number;
  end?: EndState;
  endReported: boolean;
  readonly records: PlacementRecord[];
  /** The latest placement of each player that is still their latest turn. */
  readonly lastPlacement: [PlacementRecord | undefined, PlacementRecord | undefined];
  endAdd?: { form: 'R' | '2R'; event: EventNode; amount: number };
  readonly deducted: [boolean, boolean];
  /** The `(time)` line each player's penalty was written on (art. 32), once counted. */
  readonly timeLine: [EventNode | undefined, EventNode | undefined];
  /** The mismatch reported on a player's first `(time)` line, dropped when a second line completes the sum. */
  readonly timeFinding: [Finding | undefined, Finding | undefined];
  /** Whether a player's penalty was written on two lines that together match the clock. */
  readonly timeSplit: [boolean, boolean];
  readonly findings: Finding[];
  readonly turns: TurnState[];
  /**
   * Set by the first score-only line (art. 5.1, a paper sheet's numbers): from then on the board
   * and the bag are not known, so plays are not checked, only what the numbers tell.
   */
  blind: boolean;
  /** Turns whose play was not checked (score-only lines, and placements after one), and the first. */
  unchecked: number;
  firstUnchecked?: EventNode;
  /** Blind: the tiles left at the end as the `(RACK)` line wrote them (the board cannot tell). */
  writtenRemaining?: string[];
  /** The 37.4 / 40.3 adjustment the record lacks (for the result), set by `finish`. */
  missingAdjustment?: { finisher: number; value: number; add: boolean; subtract: boolean };
  /** Own-rack values a 37.1–37.3 / 40.1–40.2 ending still takes off (for the result), by player. */
  readonly ownRackDue: [number, number];
  /**
   * Tokens read in the other tile notation than the file's (a bracket file's `rr` or `LL` read as
   * the digraph tile because only that reading fits its turn), in line order; `finish` reports
   * the file's one `mixed-tile-notation` warning from them.
   */
  readonly otherNotation: OtherNotationToken[];
  /** `judging()`'s lexicon, made on first use. */
  judge?: Lexicon;
  /** `judging()`'s lookup as a function for scoring, made on first use (null: no lexicon). */
  judgeOfWords?: ((word: string) => boolean) | null;
}

/** The state before the first line of a record. */
export function createState(file: GcgFile, options: ReplayOptions, settled: Settled): ReplayState {
  const set = TILE_SETS[settled.tileSet];
  const fresh = (): PlayerState => ({ total: 0, known: [], size: RACK_SIZE, bases: [0], declaredTotal: null });
  return {
    file,
    options,
    settled,
    set,
    spanish: settled.tileSet === 'spanish',
    edition: settled.rules,
    board: new Array<PlacedTile | null>(BOARD_SIZE * BOARD_SIZE).fill(null),
    boardLog: { squares: [], tiles: [] },
    onBoard: new Int32Array(set.kinds.length),
    foreignOnBoard: new Map<string, number>(),
    kinds: kindTable(set),
    lastRack: [undefined, undefined],
    bag: set.total - 2 * RACK_SIZE,
    players: [fresh(), fresh()],
    lastTurnPlayer: -1,
    lastTurnEvent: undefined,
    lastEvent: undefined,
    passRun: 0,
    scorelessRun: 0,
    end: undefined,
    endReported: false,
    records: [],
    lastPlacement: [undefined, undefined],
    endAdd: undefined,
    deducted: [false, false],
    timeLine: [undefined, undefined],
    timeFinding: [undefined, undefined],
    timeSplit: [false, false],
    findings: [],
    turns: [],
    blind: false,
    unchecked: 0,
    firstUnchecked: undefined,
    writtenRemaining: undefined,
    missingAdjustment: undefined,
    ownRackDue: [0, 0],
    otherNotation: [],
    judge: undefined,
    judgeOfWords: undefined,
  };
}

/** The player a line is written for, as `replay.ts` resolved it (an unknown nick: whose turn it is). */
export interface LineContext {
  readonly player: number;
}

/** What a line of one kind does to the state; the Outcome goes to the common bookkeeping in `replay.ts`. */
type LineHandler = (st: ReplayState, e: EventNode, ctx: LineContext) => Outcome;

/** One handler per kind of event line (each replay module contributes its part). */
export type LineHandlers = { readonly [K in EventNode['kind']]: LineHandler };

// ---------------------------------------------------------------------------------------------
// Findings

export function report(
  st: ReplayState,
  code: FindingCode,
  span: Span,
  args: MessageArgs,
  opts: Omit<MakeFindingOptions, 'severities'> = {},
): Finding {
  const f = makeFinding(code, st.edition, span, args, { ...opts, severities: st.options.severities });
  st.findings.push(f);
  return f;
}

/** Takes back a finding already reported (a later line showed it was no fault). */
export function dropFinding(st: ReplayState, f: Finding | undefined): void {
  if (!f) return;
  const i = st.findings.indexOf(f);
  if (i >= 0) st.findings.splice(i, 1);
}

export function issue(st: ReplayState, i: Issue): void {
  report(st, i.code, i.span, i.args, i.messageId ? { messageId: i.messageId } : {});
}

/** One more turn whose play is not checked (the first one is where the notice goes). */
export function notChecked(st: ReplayState, e: EventNode): void {
  st.unchecked++;
  st.firstUnchecked ??= e;
}

export function nick(st: ReplayState, p: number): string {
  return st.settled.players[p]?.nick ?? '';
}

/**
 * The lexicon, when words are judged (a lexicon is given and the tile set is Spanish), with the
 * words the edition names on top of it (rules/named-words.ts: REFUNDAR under 2004 and 2001).
 */
export function judging(st: ReplayState): Lexicon | undefined {
  if (!st.spanish || !st.options.lexicon) return undefined;
  if (!editionNamesWords(st.edition)) return st.options.lexicon;
  if (!st.judge) {
    const list = st.options.lexicon;
    const edition = st.edition;
    st.judge = { info: list.info, has: (w: string): boolean => namedWord(edition, w)?.accepted ?? list.has(w) };
  }
  return st.judge;
}

// ---------------------------------------------------------------------------------------------
// Racks

export function unseen(st: ReplayState, face: string): number {
  const i = st.kinds.index.get(face);
  return i === undefined ? -(st.foreignOnBoard.get(face) ?? 0) : st.set.kinds[i].count - st.onBoard[i];
}

export function rackIsKnown(rack: RackNode | undefined): rack is RackNode {
  return !!rack && rack.text !== UNKNOWN_RACK && rack.pieces.length > 0;
}

export function readingsOf(st: ReplayState, rack: RackNode): readonly (readonly TileRef[])[] {
  return st.spanish ? rack.readings : [rack.singles];
}

/** Where the other notation's readings of `rack` start (none for a set without digraphs). */
export function otherFromOf(st: ReplayState, rack: RackNode): number | undefined {
  return st.spanish ? rack.otherFrom : undefined;
}

/** A token read in the other tile notation (NOTATION.md, `#tile-notation`): kept for the one warning. */
export function readInOtherNotation(st: ReplayState, token: { span: Span; text: string }, tiles: readonly BracketTile[]): void {
  if (st.otherNotation.some((t) => t.span.start.offset === token.span.start.offset)) return;
  st.otherNotation.push({ span: token.span, text: token.text, brackets: bracketText(tiles) });
}

/** A tile as `bracketText` writes it: a face ('?' a rack's blank), blank, or a board tile. */
interface BracketTile {
  readonly letter: string | null;
  readonly blank: boolean;
  readonly through?: boolean;
}

/** Tiles in bracket notation as a record writes them: `[CH]`, `[ch]` a blank CH, `a` a blank A, `.`, `?`. */
function bracketText(tiles: readonly BracketTile[]): string {
  return tiles
    .map((t) => {
      if (t.through || t.letter === null) return '.';
      if (t.letter === '?') return '?';
      const face = t.blank ? t.letter.toLowerCase() : t.letter;
      return t.letter.length > 1 ? `[${face}]` : face;
    })
    .join('');
}

/** Rack faces ('?' a blank) as `bracketText` takes them. */
export function rackTiles(faces: readonly string[]): BracketTile[] {
  return faces.map((f) => ({ letter: f, blank: false }));
}

/**
 * Reads the rack written on a turn line and checks it: at most 7 tiles (art. 8, 29), letters of
 * the set (art. 3), no more copies than remain unseen (art. 3), and it keeps what the player's
 * previous turn left (art. 29, a warning; only for a rack of the full size).
 */
export function readRack(
  st: ReplayState,
  e: EventNode,
  p: number,
  needed: (reading: readonly TileRef[]) => readonly string[],
): { tiles: string[]; reading: readonly TileRef[]; note?: RackReadingNote; foreign?: string } | undefined {
  const rack = e.rack;
  if (!rackIsKnown(rack)) return undefined;
  const player = st.players[p];
  const readings = readingsOf(st, rack);
  // One reading (the usual case) leaves nothing to choose: no context to build for it.
  const choice = chooseReading(
    readings,
    readings.length <= 1 ? ONE_READING : { needed, expectedSize: player.size, keep: player.known, unseen: (f) => unseen(st, f) },
    otherFromOf(st, rack),
  );
  if (choice.other) readInOtherNotation(st, rack, rackTiles(choice.tiles));
  const tiles = choice.tiles;
  const reading = readings[choice.index] ?? [];
  const note: RackReadingNote | undefined =
    choice.fitting.length > 1
      ? { chosen: tiles, alternatives: choice.fitting.filter((i) => i !== choice.index).map((i) => readings[i].map(rackFace)) }
      : undefined;

  let reliable = true;
  if (tiles.length > RACK_SIZE) {
    report(st, 'rack-too-large', rack.span, { rack: rack.text, count: tiles.length });
    reliable = false;
  }
  let foreign: TileRef | undefined;
  for (const t of reading) {
    if (!t.blank && t.letter !== null && !st.set.has(t.letter)) {
      foreign = t;
      break;
    }
  }
  if (foreign) {
    report(st, 'tile-not-in-set', foreign.span, { letter: foreign.text });
    reliable = false;
  }
  for (let i = 0; i < tiles.length; i++) {
    const face = tiles[i];
    if (tiles.indexOf(face) < i || !st.set.has(face)) continue; // each face once, first seen first
    const count = countOf(tiles, face);
    const left = unseen(st, face);
    if (count > left) {
      report(st, 'rack-not-in-bag', rack.span, { tile: formatTiles([face]), count, unseen: Math.max(0, left) });
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
    report(
      st,
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
export function rackInfo(st: ReplayState, p: number): RackInfo {
  const pl = st.players[p];
  const last = st.lastRack[p];
  if (last && last.known === pl.known && last.size === pl.size) return last.info;
  const info: RackInfo = { tiles: pl.known.slice(), complete: pl.known.length === pl.size };
  st.lastRack[p] = { known: pl.known, size: pl.size, info };
  return info;
}

// ---------------------------------------------------------------------------------------------
// The board

/** One more (or one less) tile of `face` on the board (a lifted tile was always placed before). */
function countOnBoard(st: ReplayState, face: string, delta: 1 | -1): void {
  const i = st.kinds.index.get(face);
  if (i !== undefined) st.onBoard[i] += delta;
  else st.foreignOnBoard.set(face, (st.foreignOnBoard.get(face) ?? 0) + delta);
}

export function placeTile(st: ReplayState, row: number, col: number, tile: PlacedTile): void {
  st.board[squareIndex(row, col)] = tile;
  st.boardLog.squares.push(squareIndex(row, col));
  st.boardLog.tiles.push(tile);
  countOnBoard(st, tile.blank ? '?' : tile.letter, 1);
}

export function liftTile(st: ReplayState, row: number, col: number): void {
  const tile = st.board[squareIndex(row, col)];
  if (!tile) return;
  st.board[squareIndex(row, col)] = null;
  st.boardLog.squares.push(squareIndex(row, col));
  st.boardLog.tiles.push(null);
  countOnBoard(st, tile.blank ? '?' : tile.letter, -1);
}

/**
 * `(RACK) -N` with no rack in front: the own-rack deduction (37.4 / 40.3) as paper sheets write it,
 * the rack being the one in parentheses. Read as `RACK (RACK) -N`.
 */
export function isPaperDeduction(e: EventNode): boolean {
  return e.kind === 'end-rack' && e.rack === undefined && (e.score?.value ?? 0) < 0;
}
