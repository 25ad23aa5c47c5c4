/**
 * What is drawn at turn N: the board model that the text board, the SVG image, the reports and the
 * editor's board view all render. It reads a `Replay` (engine/types.ts) and nothing else, and
 * returns plain, serialisable data (no functions, no class instances), so it can cross to a
 * webview as JSON.
 *
 * Invariants:
 * - Pure: the same replay and index give the same model; the replay is never changed.
 * - `turnIndex` is clamped to [-1, turns.length − 1]; -1 is the empty board before the first event
 *   (opening racks drawn: the bag holds the set's total minus two racks).
 * - `squares` has 225 entries, row-major (index = row * 15 + col); premiums come from
 *   engine/board.ts and tile values from engine/tilesets.ts (never duplicated here).
 * - A digraph tile (CH, LL, RR) is one square with a two-letter `letter`; a blank keeps the letter
 *   it stands for, with `blank: true` and value 0 (art. 10.2).
 * - `unseen.groups` follows the tile set's order (the rulebook's table) and lists only letters with
 *   a positive count; `unseen.total` is their sum.
 *
 * Example:
 *   const { replay } = analyze('>Ana: ABILORS 8D LIBRO +16 16\n');
 *   const m = boardModel(replay, 0);
 *   m.squares[7 * 15 + 7];   // { name: 'H8', premium: 'DW', star: true, tile: { letter: 'O', … }, lastMove: true, … }
 *   m.unseen.groups[0];      // { letter: '?', count: 2, value: 0 }  (Ana's view: 93 tiles unseen)
 */
import { BOARD_SIZE, CENTER, premiumAt, squareIndex, squareName } from '../engine/board';
import { RACK_SIZE, TILE_SETS, type TileSet } from '../engine/tilesets';
import type { GameEndReason, PremiumKind, Replay, TileSetName, TurnState } from '../engine/types';
import type { EventKind, EventNode } from '../syntax/types';
import { headlineData, type HeadlineData } from './headline';

/** A tile as drawn: its face ('A', 'CH'), whether it is a blank, and what it is worth. */
export interface TileModel {
  readonly letter: string;
  readonly blank: boolean;
  readonly value: number;
}

export interface SquareModel {
  readonly row: number;
  readonly col: number;
  /** 'H8'. */
  readonly name: string;
  readonly premium: PremiumKind;
  /** The centre star (H8, art. 6). */
  readonly star: boolean;
  readonly tile: (TileModel & { readonly turn: number }) | null;
  /** Placed by the event shown. */
  readonly lastMove: boolean;
  /** At fault in the event shown, an illegal play (a gap, an occupied square, a tile not on the rack…). */
  readonly illegal: boolean;
}

/** A rack as far as the record tells it. */
export interface RackModel {
  /** Faces ('A', 'CH', '?'), as the engine knows them. */
  readonly tiles: readonly TileModel[];
  /** The whole rack is known (possibly empty: a player who went out). */
  readonly complete: boolean;
  /** Some tiles are known, not all. */
  readonly partial: boolean;
  /** Nothing is known. */
  readonly unknown: boolean;
}

export interface PlayerModel {
  readonly nick: string;
  readonly name: string;
  readonly rack: RackModel;
  /** True running total (computed). */
  readonly total: number;
  /** The sheet's last declared total, or null when the sheet has none yet. */
  readonly declaredTotal: number | null;
}

interface UnseenGroup {
  readonly letter: string;
  readonly count: number;
  readonly value: number;
}

export interface UnseenModel {
  /** Whose view (player index): the bag plus the other rack, as that player sees them; -1 = nobody's (start). */
  readonly perspective: number;
  readonly groups: readonly UnseenGroup[];
  readonly total: number;
}

interface WordModel {
  readonly word: string;
  readonly score: number;
  readonly main: boolean;
  /** Lexicon verdict; undefined when no word list judged it. */
  readonly accepted?: boolean;
}

/**
 * One turn as its line says it and as the replay made it: the one summary of a turn, which the
 * board view's event (`EventModel`) and the audit's rows (report/audit.ts `AuditTurn`) extend.
 */
export interface TurnSummary {
  /** 1-based event number (index + 1). */
  readonly number: number;
  /** 1-based line of the record. */
  readonly line: number;
  readonly nick: string;
  readonly kind: EventKind;
  /** The event line as written, trimmed. */
  readonly text: string;
  readonly declaredScore: number | null;
  readonly computedScore: number;
  readonly declaredTotal: number | null;
  readonly computedTotal: number;
  readonly words: readonly WordModel[];
  readonly bingo: number;
}

/** The summary of one turn of the replay. */
export function turnSummary(replay: Replay, turn: TurnState): TurnSummary {
  const e = turn.event;
  return {
    number: turn.index + 1,
    line: e.line + 1,
    nick: e.nick.value,
    kind: turn.kind,
    text: eventText(replay, e),
    declaredScore: turn.declaredScore ?? null,
    computedScore: turn.computedScore,
    declaredTotal: turn.declaredTotal ?? null,
    computedTotal: turn.computedTotal,
    words: turn.words.map((w) => ({
      word: w.word,
      score: w.score,
      main: w.main,
      ...(w.accepted !== undefined ? { accepted: w.accepted } : {}),
    })),
    bingo: turn.bingo,
  };
}

/** The event shown (absent at turn -1). */
interface EventModel extends TurnSummary {
  /** Player index, -1 when the nick names no player. */
  readonly player: number;
  /** The play breaks a rule of placement or of the tiles: the finding's code and the squares at fault. */
  readonly illegal?: { readonly code: string; readonly squares: readonly string[] };
}

interface GameOverModel {
  readonly reason: GameEndReason;
  /** Article in the selected edition ('37.4'). */
  readonly article: string;
  /** 1-based number of the event after which the game ended. */
  readonly afterEvent: number;
}

export interface BoardModel {
  /** -1 (empty board) … turnCount − 1. */
  readonly turnIndex: number;
  readonly turnCount: number;
  readonly tileSet: TileSetName;
  readonly squares: readonly SquareModel[];
  readonly players: readonly [PlayerModel, PlayerModel];
  readonly bag: number;
  readonly unseen: UnseenModel;
  readonly event?: EventModel;
  /** Squares placed by the event shown ('H8', …). */
  readonly lastMove: readonly string[];
  readonly gameOver?: GameOverModel;
  /** The record's headline: its result (or provisional score) and the sheet's last totals. */
  readonly headline: HeadlineData;
}

/** The board model at `turnIndex` (-1 = before the first event; clamped to the record). */
export function boardModel(replay: Replay, turnIndex: number): BoardModel {
  const set = TILE_SETS[replay.tileSet];
  const count = replay.turns.length;
  const index = Number.isFinite(turnIndex) ? Math.max(-1, Math.min(count - 1, Math.trunc(turnIndex))) : count - 1;
  const turn = index >= 0 ? replay.turns[index] : undefined;
  const placed = new Set((turn?.placed ?? []).map((p) => squareIndex(p.row, p.col)));
  const faulty = new Set((turn?.illegal?.squares ?? []).map((p) => squareIndex(p.row, p.col)));
  const squares: SquareModel[] = [];
  for (let row = 0; row < BOARD_SIZE; row++) {
    for (let col = 0; col < BOARD_SIZE; col++) {
      const i = squareIndex(row, col);
      const cell = turn?.board[i] ?? null;
      squares.push({
        row,
        col,
        name: squareName(row, col),
        premium: premiumAt(row, col),
        star: row === CENTER.row && col === CENTER.col,
        tile: cell ? { ...tileOf(set, cell.letter, cell.blank), turn: cell.turn } : null,
        lastMove: placed.has(i) && cell !== null,
        illegal: faulty.has(i),
      });
    }
  }
  const players = [0, 1].map((p) => playerModel(replay, turn, p, set)) as [PlayerModel, PlayerModel];
  return {
    turnIndex: index,
    turnCount: count,
    tileSet: replay.tileSet,
    squares,
    players,
    bag: turn ? turn.bag : Math.max(0, set.total - 2 * RACK_SIZE),
    unseen: turn ? unseenModel(set, turn.unseen, turn.player) : unseenModel(set, fullSet(set), -1),
    ...(turn ? { event: eventModel(replay, turn) } : {}),
    lastMove: squares.filter((s) => s.lastMove).map((s) => s.name),
    ...(turn?.gameOver
      ? { gameOver: { reason: turn.gameOver.reason, article: turn.gameOver.article, afterEvent: turn.gameOver.afterTurn + 1 } }
      : {}),
    headline: headlineData(replay),
  };
}

/**
 * The turn index to show for a 0-based line of the record: the last event on or before that line
 * (its notes included), or -1 when the line comes before the first event.
 */
export function turnAtLine(replay: Replay, line: number): number {
  let found = -1;
  for (const turn of replay.turns) {
    if (turn.event.line <= line) found = turn.index;
    else break;
  }
  return found;
}

/** A tile face with its value under the set (a blank is worth 0, art. 10.2). */
function tileOf(set: TileSet, letter: string, blank: boolean): TileModel {
  return { letter, blank: blank || letter === '?', value: blank ? 0 : set.value(letter) };
}

/** The event line as written (trimmed), from the record's decoded text. */
function eventText(replay: Replay, event: EventNode): string {
  return replay.file.text.slice(event.span.start.offset, event.span.end.offset).trim();
}

function playerModel(replay: Replay, turn: TurnState | undefined, p: number, set: TileSet): PlayerModel {
  const info = replay.players[p];
  const rack = turn?.racks[p];
  const tiles = (rack?.tiles ?? []).map((face) => tileOf(set, face, face === '?'));
  const complete = rack?.complete === true;
  return {
    nick: info?.nick ?? '',
    name: info?.name ?? '',
    rack: { tiles, complete, partial: !complete && tiles.length > 0, unknown: tiles.length === 0 && !complete },
    total: turn ? turn.totals[p] : 0,
    declaredTotal: turn ? turn.declaredTotals[p] : null,
  };
}

function fullSet(set: TileSet): Record<string, number> {
  const all: Record<string, number> = {};
  for (const k of set.kinds) all[k.letter] = k.count;
  return all;
}

function unseenModel(set: TileSet, counts: Readonly<Record<string, number>>, perspective: number): UnseenModel {
  const groups: UnseenGroup[] = [];
  for (const k of set.kinds) {
    const n = Object.prototype.hasOwnProperty.call(counts, k.letter) ? counts[k.letter] : 0;
    if (n > 0) groups.push({ letter: k.letter, count: n, value: k.value });
  }
  return { perspective, groups, total: groups.reduce((sum, g) => sum + g.count, 0) };
}

function eventModel(replay: Replay, turn: TurnState): EventModel {
  return {
    ...turnSummary(replay, turn),
    player: turn.player,
    ...(turn.illegal ? { illegal: { code: turn.illegal.code, squares: turn.illegal.squares.map((q) => squareName(q.row, q.col)) } } : {}),
  };
}
