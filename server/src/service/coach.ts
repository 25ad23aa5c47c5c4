/**
 * The coach's analysis in the editor: the best moves of a turn and the equity
 * the move played lost, for the hover on a move and the code lens "mejor: 8D CAMINO +26 (-4,5)".
 * Computed on demand for one turn (never with the diagnostics), cancellable, and cached per
 * position in a bounded cache (`CoachCache`). Also the board view's list (`boardCoachModel`): the
 * best `BOARD_TOP` moves of the turn under the cursor, each with the tiles it would put on the
 * board (`previewTiles`), as plain data that report/board-body.ts draws. A turn with the bag empty
 * is graded by the endgame (analysis/coach.ts): its lens and hover summary say so, with the points
 * to the end and whether the figure is exact or the depth reached; the table still ranks by
 * static equity.
 *
 * Invariants:
 * - Pure apart from the cache: `coachTurn` never throws except `AnalysisCancelled` (when the token
 *   is set); a turn that cannot be analysed (no full rack, no word list, a tile set other than the
 *   Spanish) gives a reason, not a guess.
 * - Cache key: the lexicon's identity, how many best moves, the position (`positionKey`) and the
 *   move played, and with the bag empty the runs of passes and scoreless turns and the scores; at most `COACH_CACHE_ENTRIES` answers are kept (least recently used go first).
 * - A preview holds exactly the tiles a move takes from the rack, on the squares it puts them
 *   (`newTiles`): a digraph tile is one tile ('CH'), a blank has its letter, `blank: true` and
 *   value 0 (art. 10.2); exchanges and the pass put none.
 * - Texts from the registry (`ui.coach.*`), numbers written for the language (decimal comma in
 *   Spanish), plurals through the template's plural syntax.
 *
 * Example:
 *   const cache = new CoachCache();
 *   const turn = coachTurn(analysis, 0, lexicon, cache, 'es');
 *   if (turn && !('reason' in turn)) coachLensTitle(turn.turn, 'es');   // 'mejor: 8D CAMINO +26 (-4,5)'
 *   boardCoachModel(analysis, 8, lexicon, cache, 'es').rows[0].preview;   // [{ name: 'H8', letter: 'CH', blank: false, value: 5, … }, …]
 */
import type { CodeLens } from 'vscode-languageserver-types';
import {
  AnalysisUnsupported,
  moveLeave,
  movePosition,
  moveWord,
  newTiles,
  positionBefore,
  positionKey,
  type Move,
  type MoveKind,
} from '../analysis';
import { squareName } from '../engine/board';
import { TILE_SETS } from '../engine/tilesets';
import { turnAtLine } from './board-model';
import { analyzeTurn, missingTilesText, type TurnAnalysis } from '../analysis/coach';
import { runsBefore, type EndgameGrade } from '../analysis/endgame-grade';
import type { Lexicon } from '../lexicon/types';
import { forAnalysis, formatLeaveMessage, loadLeaveFile, type LeaveMessage } from '../analysis/leave-files';
import type { LeaveEvaluator } from '../analysis/leaves';
import { formatMessage } from '../rules/messages';
import { formatNumber } from '../rules/template';
import type { Language } from '../rules/types';
import type { Analysis } from './document';
import { signed, uiText } from './i18n';
import { RecentCache } from './recent-cache';
import { md } from './hover';
import {
  blankLetters,
  groupBlankVariants,
  listInUse,
  notOfficialWords,
  officialCheck,
  variantKey,
  type ListInUse,
  type MoveGroup,
} from './coach-lists';

/** Rows of best moves listed in the hover. */
const HOVER_TOP = 5;
/** Rows of best moves listed in the board view (it has room for more). */
export const BOARD_TOP = 10;
/**
 * Moves asked of the generator for the hover (and the lens, which shares its cache entry) and for
 * the board view: three per row, so that rows left after folding a word's blank variants into one
 * (`groupBlankVariants`) still fill the list.
 */
export const HOVER_FETCH = 3 * HOVER_TOP;
export const BOARD_FETCH = 3 * BOARD_TOP;
/** Answers kept (one per position and move; a few kilobytes each). */
const COACH_CACHE_ENTRIES = 256;

interface CoachAnswer {
  readonly turn: TurnAnalysis;
}
interface CoachSkipped {
  /** Why the turn has no analysis, in the user's language. */
  readonly reason: string;
}

const lexiconIds = new WeakMap<Lexicon, number>();
let nextLexiconId = 1;
function lexiconId(lexicon: Lexicon): number {
  let id = lexiconIds.get(lexicon);
  if (id === undefined) {
    id = nextLexiconId++;
    lexiconIds.set(lexicon, id);
  }
  return id;
}

/** Answers by lexicon, position and move played (bounded: least recently used go first). */
export class CoachCache {
  private readonly cache = new RecentCache<TurnAnalysis>({ maxEntries: COACH_CACHE_ENTRIES, maxWeight: COACH_CACHE_ENTRIES });
  get size(): number {
    return this.cache.size;
  }
  get(key: string): TurnAnalysis | undefined {
    return this.cache.get(key);
  }
  set(key: string, value: TurnAnalysis): void {
    this.cache.set(key, value, 1);
  }
}

/** Whether the event at `index` is a turn the coach can analyse (a move with the full rack known). */
function coachable(analysis: Analysis, index: number): boolean {
  const turn = analysis.replay.turns[index];
  if (!turn || (turn.kind !== 'placement' && turn.kind !== 'exchange' && turn.kind !== 'pass')) return false;
  return 'position' in positionBefore(analysis.replay, index);
}

/** The `planilla.leaves` setting the coach values leaves with ('' = the built-in table). */
let leavesSetting = '';

/**
 * Makes the `planilla.leaves` setting the coach's leave values; the file's problem when it is
 * refused (the coach then answers with that problem instead of analysing: no silent fallback
 * to other values). Empty or 'builtin': the built-in table.
 */
export function useCoachLeaves(setting: string | undefined): LeaveMessage | undefined {
  leavesSetting = setting?.trim() ?? '';
  const r = coachLeaves();
  return 'error' in r ? r.error : undefined;
}

/** The leaves the coach uses now: undefined for the built-in table, or the refusal. */
function coachLeaves(): { readonly leaves: LeaveEvaluator | undefined } | { readonly error: LeaveMessage } {
  if (leavesSetting === '' || leavesSetting.toLowerCase() === 'builtin') return { leaves: undefined };
  const r = forAnalysis(loadLeaveFile(leavesSetting), leavesSetting);
  return r.ok ? { leaves: r.leaves } : { error: r.error };
}

/**
 * The analysis of the turn at `index` (the best `top` moves, by default `HOVER_TOP`; the move
 * played and its rank),
 * from the cache when the same position was analysed; undefined for events that are not turns.
 * Throws `AnalysisCancelled` once `cancellation` is set.
 */
export function coachTurn(
  analysis: Analysis,
  index: number,
  lexicon: Lexicon | undefined,
  cache: CoachCache,
  lang: Language,
  cancellation?: { readonly isCancellationRequested: boolean },
  top: number = HOVER_TOP,
): CoachAnswer | CoachSkipped | undefined {
  const looked = lookUp(analysis, index, lexicon, cache, lang, top);
  if (!looked || !('key' in looked)) return looked;
  const { key, leaves } = looked;
  try {
    const answer = analyzeTurn(analysis.replay, index, {
      lexicon: lexicon!,
      top,
      ...(leaves ? { leaves } : {}),
      ...(cancellation ? { cancellation } : {}),
    });
    if (!answer) return undefined;
    if (answer.reason) return { reason: formatMessage(`analysis.reason.${answer.reason}`, {}, lang) };
    cache.set(key, answer);
    return { turn: answer };
  } catch (error) {
    if (error instanceof AnalysisUnsupported) return { reason: formatMessage(error.reason.messageId, error.reason.args, lang) };
    throw error;
  }
}

/**
 * What `coachTurn` answers without searching: the cached analysis, a reason not to analyse, or
 * undefined for an event that is not a turn; `COACH_MISS` when only a search would answer. Lets a
 * caller answer at once from the cache and yield to other messages only before a search.
 */
export const COACH_MISS = Symbol('coach-miss');
export function coachTurnCached(
  analysis: Analysis,
  index: number,
  lexicon: Lexicon | undefined,
  cache: CoachCache,
  lang: Language,
  top: number = HOVER_TOP,
): CoachAnswer | CoachSkipped | undefined | typeof COACH_MISS {
  const looked = lookUp(analysis, index, lexicon, cache, lang, top);
  return looked && 'key' in looked ? COACH_MISS : looked;
}

/** The cheap part of `coachTurn`: the answer when no search is needed, else the cache key. */
function lookUp(
  analysis: Analysis,
  index: number,
  lexicon: Lexicon | undefined,
  cache: CoachCache,
  lang: Language,
  top: number,
): CoachAnswer | CoachSkipped | undefined | { readonly key: string; readonly leaves: LeaveEvaluator | undefined } {
  const replay = analysis.replay;
  const turn = replay.turns[index];
  if (!turn || (turn.kind !== 'placement' && turn.kind !== 'exchange' && turn.kind !== 'pass')) return undefined;
  const got = positionBefore(replay, index, undefined, true);
  if (!('position' in got)) return { reason: formatMessage(`analysis.reason.${got.reason}`, {}, lang) };
  if (!lexicon) return { reason: uiText('ui.coach.noLexicon', lang) };
  const chosen = coachLeaves();
  if ('error' in chosen) return { reason: formatLeaveMessage(chosen.error, lang) };
  const leaves = chosen.leaves;
  const placed = turn.kind === 'placement' ? turn.placed.map((t) => `${t.row},${t.col},${t.letter},${t.blank ? 1 : 0}`).join(';') : '';
  const exchanged = turn.kind === 'exchange' ? (turn.event.exchanged?.text ?? '') : '';
  // With the bag empty the endgame grade also depends on the runs of passes and scoreless turns and the scores.
  const runs = got.position.bag === 0 ? runsBefore(replay, index) : undefined;
  const endgame = runs ? `|${runs.passes},${runs.scoreless},${got.position.scores.join(',')}` : '';
  const key = `${lexiconId(lexicon)}|${leaves ? leavesSetting : ''}|${top}|${turn.kind}|${placed}|${exchanged}|${positionKey(got.position)}${endgame}|${got.missing?.join(',') ?? ''}`;
  const hit = cache.get(key);
  if (hit) return { turn: hit };
  return { key, leaves };
}

export function equityText(n: number, lang: Language): string {
  return formatNumber(Math.round(n * 10) / 10, lang);
}

/** A move as a coach names it: '8D CAMINO +26', 'cambio AE', 'pasa'. */
export function moveName(m: Move, lang: Language): string {
  if (m.kind === 'pass') return uiText('ui.coach.pass', lang);
  if (m.kind === 'exchange') return uiText('ui.coach.exchange', lang, { tiles: moveWord(m) });
  return `${movePosition(m)} ${moveWord(m)} ${signed(m.score)}`;
}

/** How far an endgame figure is proven: 'exacto', or 'visto a 3 jugadas'. */
function endgameSearchText(eg: EndgameGrade, lang: Language): string {
  return eg.exact ? uiText('ui.coach.endgameExact', lang) : uiText('ui.coach.endgameDepth', lang, { depth: eg.depth });
}

/**
 * The code lens title: 'mejor: 8D CAMINO +26 (-4,5)', or that the move played was the best; with
 * the bag empty, the endgame's: 'final: mejor 3K RES +14 (-6; exacto)'.
 */
export function coachLensTitle(t: TurnAnalysis, lang: Language): string {
  const caveat = missingTilesText(t.missingTiles, lang);
  return caveat ? `${lensBody(t, lang)} (${caveat})` : lensBody(t, lang);
}

function lensBody(t: TurnAnalysis, lang: Language): string {
  const best = t.best?.[0];
  if (!best) return uiText('ui.coach.lensNone', lang);
  const eg = t.endgame;
  if (eg) {
    const search = endgameSearchText(eg, lang);
    if (t.legal && (t.equityLost ?? 0) === 0)
      return uiText('ui.coach.lensEndgameBest', lang, {
        move: moveName(t.played ?? eg.best, lang),
        spread: signed(eg.playedSpread),
        search,
      });
    return uiText('ui.coach.lensEndgame', lang, { move: moveName(eg.best, lang), lost: equityText(t.equityLost ?? 0, lang), search });
  }
  const lost = t.equityLost ?? 0;
  if (t.legal && (t.rank === 1 || lost === 0)) return uiText('ui.coach.lensBestPlayed', lang, { move: moveName(best, lang) });
  if (!t.legal && t.unlisted) return uiText('ui.coach.lensUnlisted', lang, { move: moveName(best, lang), words: t.unlisted.join(', ') });
  if (!t.legal) return uiText('ui.coach.lensIllegal', lang, { move: moveName(best, lang) });
  return uiText('ui.coach.lens', lang, { move: moveName(best, lang), lost: equityText(lost, lang) });
}

/** A word for the hover: blanks as the capital letter they stand for, in italics ('ESPO*L*EO'). */
function hoverWord(word: string): string {
  let out = '';
  for (const part of word.match(/\[[^\]]*\]|./gu) ?? []) {
    const face = part.replace(/[[\]]/g, '');
    const blank = face !== face.toUpperCase();
    // A digraph tile keeps its brackets ('[CH]'): one tile, as the notation writes it.
    out += blank ? `*${md(part.toUpperCase())}*` : md(part);
  }
  return out;
}

/** A move for the hover's summary: '8D ESPO*L*EO +26', 'cambio AE', 'pasa'. */
function hoverMoveName(m: Move, lang: Language): string {
  if (m.kind !== 'play') return md(moveName(m, lang));
  return `${movePosition(m)} ${hoverWord(moveWord(m))} ${signed(m.score)}`;
}

/** The mark of a suggested word that the official list would not accept. */
export const NOT_OFFICIAL_MARK = '✱';

/** The rows a coach's list shows: the best moves with their blank variants folded in, at most `top`. */
function coachGroups(t: TurnAnalysis, top: number): MoveGroup<Move>[] {
  const played = t.legal ? t.played : undefined;
  const keep = (m: Move): boolean => played !== undefined && sameMove(m, played);
  return groupBlankVariants(t.best ?? [], variantKey, keep).slice(0, top);
}

/** The place (1-based) of the move played among the groups shown, or 0 when it is not one of their heads. */
function playedRow(t: TurnAnalysis, groups: readonly MoveGroup<Move>[]): number {
  if (!t.legal || !t.played) return 0;
  const played = t.played;
  return groups.findIndex((g) => sameMove(g.head, played)) + 1;
}

/** The line naming the list the moves come from (and the official one under an extra list). */
export function listLine(list: ListInUse, lang: Language): string {
  if (list.officialName !== undefined) return uiText('ui.coach.listExtra', lang, { name: list.name, official: list.officialName });
  return uiText(list.builtin ? 'ui.coach.listBuiltin' : 'ui.coach.listUser', lang, { name: list.name });
}

/**
 * The hover's first line: the move played's rank and the equity it lost, and the best move
 * (marked when the official list would not accept one of its words).
 */
function coachHoverSummary(t: TurnAnalysis, lang: Language, lexicon?: Lexicon): string {
  const caveat = missingTilesText(t.missingTiles, lang);
  return caveat ? `${hoverSummaryBody(t, lang, lexicon)}\n\n*${md(caveat)}*` : hoverSummaryBody(t, lang, lexicon);
}

function hoverSummaryBody(t: TurnAnalysis, lang: Language, lexicon?: Lexicon): string {
  const best = t.best?.[0];
  const heading = uiText('ui.coach.summaryHeading', lang);
  if (!best) return `**${heading}** ${uiText('ui.coach.lensNone', lang)}`;
  const lost = equityText(t.equityLost ?? 0, lang);
  const eg = t.endgame;
  if (eg) {
    const egMark = notOfficialWords(t.position, eg.best, officialCheck(lexicon)).length > 0 ? ` ${NOT_OFFICIAL_MARK}` : '';
    const args = { search: endgameSearchText(eg, lang), move: `${hoverMoveName(eg.best, lang)}${egMark}`, best: signed(eg.bestSpread) };
    if (t.legal && (t.equityLost ?? 0) === 0) return `**${heading}** ${uiText('ui.coach.summaryEndgameBest', lang, args)}`;
    return `**${heading}** ${uiText('ui.coach.summaryEndgame', lang, { ...args, played: signed(eg.playedSpread), lost })}`;
  }
  // Static equity from here on: said so, beside any deeper verdict the hover also shows.
  const staticHeading = uiText('ui.coach.summaryHeadingStatic', lang);
  const mark = notOfficialWords(t.position, best, officialCheck(lexicon)).length > 0 ? ` ${NOT_OFFICIAL_MARK}` : '';
  const move = `${hoverMoveName(best, lang)}${mark}`;
  const equity = equityText(best.equity, lang);
  if (!t.legal && t.unlisted)
    return `**${staticHeading}** ${uiText('ui.coach.summaryUnlisted', lang, { words: t.unlisted.join(', '), move, equity, lost })}`;
  if (!t.legal || t.rank === undefined) return `**${staticHeading}** ${uiText('ui.coach.summaryIllegal', lang, { move, equity, lost })}`;
  if (t.rank === 1 || (t.equityLost ?? 0) === 0) return `**${staticHeading}** ${uiText('ui.coach.summaryBest', lang, { move, equity })}`;
  return `**${staticHeading}** ${uiText('ui.coach.summaryRank', lang, { rank: t.rank, lost, move, equity })}`;
}

/**
 * The hover's analysis table: the best moves (a word's blank variants folded into one row with
 * "+N variantes"), then the move played's rank, the list the words come from and, when an extra
 * list is set, the legend of the words the official list would not accept.
 */
export function coachHoverMarkdown(t: TurnAnalysis, lang: Language, lexicon?: Lexicon): string {
  const groups = coachGroups(t, HOVER_TOP);
  const official = officialCheck(lexicon);
  const listed = lexicon ? [listLine(listInUse(lexicon), lang)] : [];
  if (groups.length === 0) return [`**${uiText('ui.coach.heading', lang)}** ${uiText('ui.coach.lensNone', lang)}`, ...listed].join('\n\n');
  const head = ['#', 'ui.coach.col.move', 'ui.coach.col.word', 'ui.coach.col.score', 'ui.coach.col.leave', 'ui.coach.col.equity'].map(
    (id) => (id === '#' ? '#' : uiText(id, lang)),
  );
  const best = t.best ?? [];
  const shownRow = playedRow(t, groups);
  let flagged = false;
  const rows = groups.map((g, i) => {
    const m = g.head;
    const rank = best.indexOf(m) + 1;
    const mark = shownRow === i + 1 ? ' ◀' : '';
    const where =
      m.kind === 'play' ? movePosition(m) : m.kind === 'exchange' ? uiText('ui.coach.exchangeShort', lang) : uiText('ui.coach.pass', lang);
    const refused = notOfficialWords(t.position, m, official);
    if (refused.length > 0) flagged = true;
    const variants =
      g.variants.length > 0
        ? ` ${uiText('ui.coach.variants', lang, { n: g.variants.length, letters: g.variants.map(blankLetters).join(', ') })}`
        : '';
    const word = m.kind === 'pass' ? '' : `${hoverWord(moveWord(m))}${refused.length > 0 ? ` ${NOT_OFFICIAL_MARK}` : ''}${variants}`;
    const leave = moveLeave(m);
    return `| ${rank}${mark} | ${where} | ${word} | ${m.kind === 'play' ? signed(m.score) : ''} | ${leave === '' ? '—' : md(leave)} | ${equityText(m.equity, lang)} |`;
  });
  const lines = [
    `**${uiText('ui.coach.heading', lang)}**`,
    '',
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows,
    '',
  ];
  const played = t.played;
  // The table ranks by static equity: its closing line says the static loss, also on a turn the
  // endgame grades (the summary above says the endgame's).
  const staticLost = t.endgame ? (played && best[0] ? Math.max(0, best[0].equity - played.equity) : 0) : (t.equityLost ?? 0);
  const lost = equityText(staticLost, lang);
  const covered = groups.reduce((n, g) => n + 1 + g.variants.length, 0);
  if (!t.legal && t.unlisted) {
    lines.push(uiText('ui.coach.playedUnlisted', lang, { words: t.unlisted.join(', '), lost }));
  } else if (!t.legal || t.rank === undefined) {
    lines.push(uiText('ui.coach.playedIllegal', lang, { lost }));
  } else if (t.rank === 1) {
    lines.push(uiText('ui.coach.playedBest', lang));
  } else if (shownRow > 0) {
    lines.push(uiText('ui.coach.playedRank', lang, { rank: t.rank, lost }));
  } else {
    lines.push(
      uiText('ui.coach.playedBelow', lang, {
        more: Math.max(0, t.rank - 1 - covered),
        rank: t.rank,
        move: played ? hoverMoveName(played, lang) : '',
        equity: played ? equityText(played.equity, lang) : '',
        lost,
      }),
    );
  }
  if (listed.length > 0) lines.push('', ...listed);
  if (flagged && official) lines.push('', uiText('ui.coach.notOfficialLegend', lang, { mark: NOT_OFFICIAL_MARK, official: official.name }));
  return lines.join('\n');
}

/** The coach's two parts of a move's hover: the summary (first) and the table (after the move's own). */
export interface CoachHoverParts {
  readonly summary: string;
  readonly table: string;
}

export function coachHoverParts(t: TurnAnalysis, lang: Language, lexicon?: Lexicon): CoachHoverParts {
  return { summary: coachHoverSummary(t, lang, lexicon), table: coachHoverMarkdown(t, lang, lexicon) };
}

/** What an unresolved coach lens carries to `codeLens/resolve`. */
interface CoachLensData {
  readonly coach: true;
  readonly uri: string;
  readonly index: number;
}

export function isCoachLensData(v: unknown): v is CoachLensData {
  if (typeof v !== 'object' || v === null) return false;
  const d = v as Record<string, unknown>;
  return d.coach === true && typeof d.uri === 'string' && typeof d.index === 'number' && Number.isInteger(d.index) && d.index >= 0;
}

/**
 * One unresolved lens per move the coach can analyse (its title comes from `codeLens/resolve`,
 * so listing lenses costs no analysis).
 */
export function coachLensStubs(analysis: Analysis, uri: string): CodeLens[] {
  const out: CodeLens[] = [];
  const events = analysis.parsed.file.events;
  for (let i = 0; i < analysis.replay.turns.length; i++) {
    if (!coachable(analysis, i)) continue;
    const line = events[i].line;
    const data: CoachLensData = { coach: true, uri, index: i };
    out.push({ range: { start: { line, character: 0 }, end: { line, character: 0 } }, data });
  }
  return out;
}

/** The title of a coach lens once resolved (the best move, or why there is none). */
export function coachLensText(answer: CoachAnswer | CoachSkipped | undefined, lang: Language): string {
  if (!answer) return uiText('ui.coach.lensSkipped', lang, { reason: '—' });
  if ('reason' in answer) return uiText('ui.coach.lensSkipped', lang, { reason: answer.reason });
  return coachLensTitle(answer.turn, lang);
}

/** A tile a move would put on the board, as the board view previews it. */
interface PreviewTile {
  readonly row: number;
  readonly col: number;
  /** 'H8'. */
  readonly name: string;
  /** The face ('A', 'CH'); for a blank, the letter it stands for. */
  readonly letter: string;
  readonly blank: boolean;
  /** 0 for a blank (art. 10.2). */
  readonly value: number;
}

/** The tiles `m` puts on the board (none for an exchange or the pass), in the word's order. */
export function previewTiles(m: Move): PreviewTile[] {
  const set = TILE_SETS.spanish;
  return newTiles(m).map((t) => ({
    row: t.row,
    col: t.col,
    name: squareName(t.row, t.col),
    letter: t.letter,
    blank: t.blank,
    value: t.blank ? 0 : set.value(t.letter),
  }));
}

/** One row of the board view's list. */
export interface BoardMoveRow {
  /** Place by equity (1-based; 1 + the moves of strictly higher equity for the move played). */
  readonly rank: number;
  readonly kind: MoveKind;
  /** '8D' (empty for an exchange or the pass). */
  readonly position: string;
  /** The whole word in bracket notation; the tiles exchanged for an exchange; '' for the pass. */
  readonly word: string;
  /** As a coach names it: '8D CAMINO +26', 'cambio AE', 'pasa'. */
  readonly name: string;
  readonly score: number;
  /** Tiles kept, bracket notation ('E?'). */
  readonly leave: string;
  readonly equity: number;
  /** This row is the move played. */
  readonly played: boolean;
  readonly preview: readonly PreviewTile[];
  /** The same word at the same place with other letters for its blanks, folded into this row: those letters ('R', 'R·T'). */
  readonly variants: readonly string[];
  /** Its words that the official list would not accept (with an extra list set), upper case. */
  readonly notOfficial: readonly string[];
}

/** What the board view lists for the turn under the cursor. */
export interface BoardCoachModel {
  /** The turn shown (-1 before the first event), as `turnAtLine` gives it. */
  readonly turnIndex: number;
  /** Why there is no list (in the user's language); no rows then. */
  readonly reason?: string;
  /** The best moves, best first. */
  readonly rows: readonly BoardMoveRow[];
  /** The move played when it is not among the rows (ranked below them, or not legal: rank 0). */
  readonly playedBelow?: BoardMoveRow;
  /** Whether the move played is legal, and the equity it lost against the best. */
  readonly legal: boolean;
  /** Not legal only because the built-in open list lacks these words (TurnAnalysis.unlisted). */
  readonly unlisted?: readonly string[];
  /** The rack audit's caveat (TurnAnalysis.missingTiles), in the user's language. */
  readonly caveat?: string;
  readonly playedRank?: number;
  readonly equityLost?: number;
  /** The list the moves come from. */
  readonly list?: ListInUse;
  /** With an extra list: the official list's name (rows' `notOfficial` are judged by it). */
  readonly officialName?: string;
}

/** The same move (exchanges compared as multisets of tiles). */
export function sameMove(a: Move, b: Move): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'exchange') return [...moveWord(a)].sort().join('') === [...moveWord(b)].sort().join('');
  if (a.kind === 'pass') return true;
  return a.row === b.row && a.col === b.col && a.direction === b.direction && a.squares.join(',') === b.squares.join(',');
}

function rowOf(
  m: Move,
  rank: number,
  played: boolean,
  lang: Language,
  variants: readonly Move[] = [],
  notOfficial: readonly string[] = [],
): BoardMoveRow {
  return {
    variants: variants.map(blankLetters),
    notOfficial,
    rank,
    kind: m.kind,
    position: movePosition(m),
    word: moveWord(m),
    name: moveName(m, lang),
    score: m.score,
    leave: moveLeave(m),
    equity: m.equity,
    played,
    preview: previewTiles(m),
  };
}

/**
 * The board view's list for the turn at a 0-based line: the best `BOARD_TOP` moves of that turn
 * (from the cache when the position was analysed for the same list), the move played marked or
 * added below, or the reason there is none. Throws `AnalysisCancelled` once `cancellation` is set.
 */
export function boardCoachModel(
  analysis: Analysis,
  line: number,
  lexicon: Lexicon | undefined,
  cache: CoachCache,
  lang: Language,
  cancellation?: { readonly isCancellationRequested: boolean },
): BoardCoachModel {
  const turnIndex = turnAtLine(analysis.replay, line);
  if (turnIndex < 0) return { turnIndex, reason: uiText('ui.board.coach.start', lang), rows: [], legal: false };
  const answer = coachTurn(analysis, turnIndex, lexicon, cache, lang, cancellation, BOARD_FETCH);
  if (!answer) return { turnIndex, reason: uiText('ui.board.coach.notMove', lang), rows: [], legal: false };
  if ('reason' in answer) return { turnIndex, reason: answer.reason, rows: [], legal: false };
  const t = answer.turn;
  const played = t.played;
  const legal = t.legal === true;
  const official = officialCheck(lexicon);
  const best = t.best ?? [];
  let found = false;
  const rows = coachGroups(t, BOARD_TOP).map((g) => {
    const m = g.head;
    const isPlayed = legal && !found && played !== undefined && sameMove(m, played);
    if (isPlayed) found = true;
    return rowOf(m, best.indexOf(m) + 1, isPlayed, lang, g.variants, notOfficialWords(t.position, m, official));
  });
  const playedBelow =
    played && !found ? rowOf(played, legal ? (t.rank ?? 0) : 0, true, lang, [], notOfficialWords(t.position, played, official)) : undefined;
  return {
    turnIndex,
    rows,
    ...(lexicon ? { list: listInUse(lexicon) } : {}),
    ...(official ? { officialName: official.name } : {}),
    ...(playedBelow ? { playedBelow } : {}),
    legal,
    ...(t.unlisted ? { unlisted: t.unlisted } : {}),
    ...(t.missingTiles ? { caveat: missingTilesText(t.missingTiles, lang) } : {}),
    ...(legal && t.rank !== undefined ? { playedRank: t.rank } : {}),
    ...(t.equityLost !== undefined ? { equityLost: t.equityLost } : {}),
  };
}
