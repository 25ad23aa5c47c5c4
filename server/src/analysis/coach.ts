/**
 * The coach's analysis of a replayed game: for every turn (placement, exchange, pass)
 * whose full rack the sheet gives, the move played with its equity, legality and rank among all
 * legal moves, the best moves, and the equity lost; per player the total and mean equity lost
 * and the mistakes graded as Macondo and MAGPIE do (docs/coach.md: small up to 7 points,
 * medium up to 15, large above).
 *
 * Each turn says how it was graded (`method`): 'static' by static equity (points + leave), or
 * 'endgame' when the bag is empty (both racks known by tile tracking): the endgame search
 * (endgame-grade.ts) values the best line and the move played in points to the end of the game,
 * and the equity lost is the best spread − the played spread, the best move being the line's
 * first (`endgame`). `endgameNodes` bounds each search (default `ANALYZE_ENDGAME_NODES`; 0 grades
 * every turn statically).
 *
 * Invariants: pure (the replay is not modified); deterministic (the endgame is bounded by nodes,
 * not by the clock); turns with an unknown or partial rack are listed with the reason, never
 * guessed; a rack holding tiles that no longer exist is analysed with the tiles that do, with
 * those listed (`missingTiles`) for the views' caveat; a played move that is not legal (a phony, a miscopied line) has no rank, and its loss
 * is measured against the best legal move (for the endgame, valued as the pass it amounted to).
 *
 * Example:
 *   const game = analyzeGame(replayed, { lexicon, top: 5 });
 *   game.turns[0].equityLost;        // 12.5
 *   game.summary[0].mistakes.large;  // 1
 */
import { BOARD_SIZE } from '../engine/board';
import type { Replay, TurnState } from '../engine/types';
import { endgameApplies, endgameGrade, runsBefore, type EndgameGrade } from './endgame-grade';
import { BLANK_BIT, NEW_BIT, codeOf } from './movegen-codes';
import { analyzeMoves, type Move, type MoveOptions } from './moves';
import { positionBefore, type Position } from './position';
import { BUILTIN_SOURCE, type Lexicon } from '../lexicon/types';
import { namedWord } from '../rules/named-words';
import { formatMessage } from '../rules/messages';
import type { Edition, Language } from '../rules/types';

/** How a turn was graded: static equity, or the endgame search with the bag empty. */
type GradeMethod = 'static' | 'endgame';

/** Search nodes of each endgame search of the plain analysis (the best line; the move played). */
export const ANALYZE_ENDGAME_NODES = 300;

interface CoachOptions extends MoveOptions {
  readonly top: number;
  /** Nodes of each endgame search for turns with the bag empty (default `ANALYZE_ENDGAME_NODES`; 0: static only). */
  readonly endgameNodes?: number;
}

export type SkipReason = 'no-rack' | 'partial-rack' | 'unknown-player' | 'impossible-rack' | 'unknown-exchange' | 'unreadable-play';

export interface TurnAnalysis {
  /** Index of the event in the replay. */
  readonly index: number;
  /** 0 or 1; -1 for a nick that is no player's. */
  readonly player: number;
  readonly reason?: SkipReason;
  readonly position?: Position;
  /** The move played, its equity computed; with `legal` and (when legal) `rank`. */
  readonly played?: Move;
  readonly legal?: boolean;
  readonly rank?: number;
  /** The best moves by static equity (the endgame's best move is `endgame.best`). */
  readonly best?: readonly Move[];
  /**
   * Static: best equity − the played move's equity; endgame: best spread − played spread (points
   * to the end of the game). Never below 0.
   */
  readonly equityLost?: number;
  /** How the turn was graded (set with `equityLost`). */
  readonly method?: GradeMethod;
  /** The endgame's figures (method 'endgame'). */
  readonly endgame?: EndgameGrade;
  /**
   * With the built-in open list (not an official one): the words of a move played that breaks no
   * rule of placement or of the tiles and is left out only because that list lacks them ('XIS').
   * Such a move is not legal for the generator, but the views say it is unjudged, never illegal.
   */
  readonly unlisted?: readonly string[];
  /**
   * The rack audit's caveat: tiles the sheet's rack holds that the set no longer has (counting the
   * board). The turn is analysed with the rest of the rack; every view says so.
   */
  readonly missingTiles?: readonly string[];
}

interface PlayerSummary {
  readonly equityLost: number;
  /** Turns analysed. */
  readonly turns: number;
  /** equityLost / turns (0 with no turn). */
  readonly perTurn: number;
  readonly mistakes: { readonly small: number; readonly medium: number; readonly large: number };
}

export interface GameAnalysis {
  readonly turns: readonly TurnAnalysis[];
  readonly summary: readonly [PlayerSummary, PlayerSummary];
}

/** Mistake grades (points of equity lost), as Macondo and MAGPIE grade spread. */
export const MEDIUM_MISTAKE = 7;
export const LARGE_MISTAKE = 15;

const COUNTED_KINDS = new Set(['placement', 'exchange', 'pass']);

/** What a withdrawn placement amounted to: no tiles down, no points, the rack kept. */
const WITHDRAWN_PLAY: Move = { row: 0, col: 0, direction: 'across', equity: 0, leave: [], used: 0, kind: 'pass', squares: [], score: 0 };

/** The move a turn played, as the generator writes moves (equity left at 0); undefined when unreadable. */
export function playedMove(turn: TurnState, position: Position): Move | 'unknown-exchange' | undefined {
  const base = { row: 0, col: 0, direction: 'across' as const, equity: 0, leave: [], used: 0 };
  if (turn.kind === 'pass') return { ...base, kind: 'pass', squares: [], score: 0 };
  if (turn.kind === 'exchange') {
    const tiles = turn.event.exchanged?.readings[0]; // digraph reading first, as the engine prefers it
    if (!tiles || tiles.length === 0) return 'unknown-exchange';
    const codes = tiles.map((t) => (t.blank ? 0 : codeOf(t.letter ?? '')));
    if (codes.some((c) => c < 0)) return undefined;
    return { ...base, kind: 'exchange', squares: codes, score: 0, used: codes.length };
  }
  if (turn.kind !== 'placement' || turn.placed.length === 0) return undefined;
  const placed = turn.placed;
  let across = turn.event.coord?.direction !== 'down';
  const board = position.board;
  const at = (r: number, c: number) => (r < 0 || c < 0 || r >= BOARD_SIZE || c >= BOARD_SIZE ? null : board[r * BOARD_SIZE + c]);
  if (placed.length === 1) {
    // The generator's convention: a one-tile play is across when it makes an across word.
    const t = placed[0];
    across = !!(at(t.row, t.col - 1) || at(t.row, t.col + 1));
  } else across = placed.every((t) => t.row === placed[0].row);
  const line = across ? placed[0].row : placed[0].col;
  if (!placed.every((t) => (across ? t.row : t.col) === line)) return undefined;
  // The tile placed on each square of the line (the first one, as a sheet could name a square twice).
  const newAt: ((typeof placed)[number] | undefined)[] = new Array<(typeof placed)[number] | undefined>(BOARD_SIZE);
  let start = BOARD_SIZE;
  let end = -1;
  for (const t of placed) {
    const i = across ? t.col : t.row;
    if (i < 0 || i >= BOARD_SIZE) return undefined;
    if (newAt[i] === undefined) newAt[i] = t;
    if (i < start) start = i;
    if (i > end) end = i;
  }
  const cell = (i: number) => (across ? at(line, i) : at(i, line));
  while (start > 0 && cell(start - 1)) start--;
  while (end < BOARD_SIZE - 1 && cell(end + 1)) end++;
  const squares: number[] = new Array<number>(end - start + 1).fill(0);
  for (let i = start; i <= end; i++) {
    const t = newAt[i];
    const old = cell(i);
    const face = t ? t.letter : old?.letter;
    if (face === undefined) return undefined; // a gap: not one word
    const code = codeOf(face);
    if (code <= 0) return undefined;
    squares[i - start] = code | ((t ? t.blank : old!.blank) ? BLANK_BIT : 0) | (t ? NEW_BIT : 0);
  }
  return {
    ...base,
    kind: 'play',
    direction: across ? 'across' : 'down',
    row: across ? line : start,
    col: across ? start : line,
    squares,
    score: turn.computedScore,
    used: placed.length,
  };
}

/** One turn analysed; undefined for events that are not turns (end lines, penalties, challenges). */
export function analyzeTurn(replay: Replay, index: number, options: CoachOptions): TurnAnalysis | undefined {
  const turn = replay.turns[index];
  if (!turn || !COUNTED_KINDS.has(turn.kind)) return undefined;
  const got = positionBefore(replay, index, undefined, true);
  if (!('position' in got)) return { index, player: turn.player, reason: got.reason };
  const position = got.position;
  const caveat = got.missing ? { missingTiles: got.missing } : {};
  // A placement the next line withdraws (`--`, art. 34) was in truth a turn with no points and the
  // rack kept: it is valued as the pass it amounted to.
  const next = replay.turns[index + 1];
  const withdrawn = turn.kind === 'placement' && next?.kind === 'withdrawn' && next.player === turn.player;
  const move = withdrawn ? WITHDRAWN_PLAY : playedMove(turn, position);
  if (move === 'unknown-exchange') return { index, player: turn.player, reason: 'unknown-exchange', position, ...caveat };
  if (!move) return { index, player: turn.player, reason: 'unreadable-play', position, ...caveat };
  const answer = analyzeMoves(position, options.top, { ...options, sort: 'equity' }, move, { count: false });
  const best = answer.moves;
  const played = answer.played ?? move;
  const top = best[0];
  const legal = answer.legal ?? false;
  const nodes = options.endgameNodes ?? ANALYZE_ENDGAME_NODES;
  const endgame =
    nodes > 0 && top && endgameApplies(position, played)
      ? endgameGrade(position, played, legal, runsBefore(replay, index), { lexicon: options.lexicon, maxNodes: nodes })
      : undefined;
  const lost = endgame ? endgame.lost : top && answer.played ? Math.max(0, top.equity - answer.played.equity) : undefined;
  const unlisted = legal || withdrawn ? [] : openListOnly(turn, replay.rules, options.lexicon);
  return {
    index,
    player: turn.player,
    position,
    played,
    legal,
    ...(answer.rank !== undefined ? { rank: answer.rank } : {}),
    best,
    ...(lost !== undefined ? { equityLost: Math.round(lost * 100) / 100, method: endgame ? 'endgame' : 'static' } : {}),
    ...(endgame ? { endgame } : {}),
    ...(unlisted.length > 0 ? { unlisted } : {}),
    ...caveat,
  };
}

/** The rack audit's caveat of a turn analysed without tiles that no longer exist (TurnAnalysis.missingTiles). */
export function missingTilesText(tiles: readonly string[] | undefined, lang: Language): string | undefined {
  if (!tiles || tiles.length === 0) return undefined;
  return formatMessage('analysis.caveat.missing-tiles', { tiles: tiles.join(', ') }, lang);
}

/**
 * The words a placement forms that the built-in open list lacks, when they are the only thing
 * wrong with it (no rule of placement or of the tiles broken, no word refused by name); else none.
 */
function openListOnly(turn: TurnState, edition: Edition, lexicon: Lexicon): string[] {
  if (turn.kind !== 'placement' || turn.illegal || turn.words.length === 0) return [];
  if (lexicon.info.source !== BUILTIN_SOURCE) return [];
  const missing = turn.words.filter((w) => !(namedWord(edition, w.normalized)?.accepted ?? lexicon.has(w.normalized)));
  if (missing.some((w) => namedWord(edition, w.normalized)?.accepted === false)) return [];
  return missing.map((w) => w.word);
}

/** Every turn of a game analysed, and the per-player summary. */
export function analyzeGame(replay: Replay, options: CoachOptions): GameAnalysis {
  const turns: TurnAnalysis[] = [];
  const sums = [
    { lost: 0, turns: 0, small: 0, medium: 0, large: 0 },
    { lost: 0, turns: 0, small: 0, medium: 0, large: 0 },
  ];
  for (let i = 0; i < replay.turns.length; i++) {
    const t = analyzeTurn(replay, i, options);
    if (!t) continue;
    turns.push(t);
    if (t.equityLost === undefined || t.player < 0) continue;
    const s = sums[t.player];
    s.lost += t.equityLost;
    s.turns++;
    if (t.equityLost > LARGE_MISTAKE) s.large++;
    else if (t.equityLost > MEDIUM_MISTAKE) s.medium++;
    else if (t.equityLost > 0) s.small++;
  }
  const summary = sums.map((s) => ({
    equityLost: Math.round(s.lost * 100) / 100,
    turns: s.turns,
    perTurn: s.turns > 0 ? Math.round((s.lost / s.turns) * 100) / 100 : 0,
    mistakes: { small: s.small, medium: s.medium, large: s.large },
  })) as unknown as readonly [PlayerSummary, PlayerSummary];
  return { turns, summary };
}
