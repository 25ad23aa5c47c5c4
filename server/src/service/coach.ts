/**
 * The coach's analysis in the editor (issue 13, item 4): the best moves of a turn and the equity
 * the move played lost, for the hover on a move and the code lens "mejor: 8D CAMINO +26 (−4,5)".
 * Computed on demand for one turn (never with the diagnostics), cancellable, and cached per
 * position in a bounded cache (`CoachCache`).
 *
 * Invariants:
 * - Pure apart from the cache: `coachTurn` never throws except `AnalysisCancelled` (when the token
 *   is set); a turn that cannot be analysed (no full rack, no word list, a tile set other than the
 *   Spanish) gives a reason, not a guess.
 * - Cache key: the lexicon's identity, the position (`positionKey`) and the move played; at most
 *   `COACH_CACHE_ENTRIES` answers are kept (least recently used go first).
 * - Texts from the registry (`ui.coach.*`), numbers written for the language (decimal comma in
 *   Spanish), plurals through the template's plural syntax.
 *
 * Example:
 *   const cache = new CoachCache();
 *   const turn = coachTurn(analysis, 0, lexicon, cache);
 *   if (turn && !('reason' in turn)) coachLensTitle(turn, 'es');   // 'mejor: 8D CAMINO +26 (−4,5)'
 */
import type { CodeLens } from 'vscode-languageserver-types';
import { AnalysisUnsupported, moveLeave, movePosition, moveWord, positionBefore, positionKey, type Move } from '../analysis';
import { analyzeTurn, type TurnAnalysis } from '../analysis/coach';
import type { Lexicon } from '../lexicon/types';
import { formatMessage } from '../rules/messages';
import { formatNumber } from '../rules/template';
import type { Language } from '../rules/types';
import type { Analysis } from './analysis';
import { signed, uiText } from './i18n';
import { RecentCache } from './recent-cache';
import { md } from './hover';

/** Best moves listed in the hover. */
export const HOVER_TOP = 5;
/** Answers kept (one per position and move; a few kilobytes each). */
export const COACH_CACHE_ENTRIES = 256;

export interface CoachAnswer {
  readonly turn: TurnAnalysis;
}
export interface CoachSkipped {
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
export function coachable(analysis: Analysis, index: number): boolean {
  const turn = analysis.replay.turns[index];
  if (!turn || (turn.kind !== 'placement' && turn.kind !== 'exchange' && turn.kind !== 'pass')) return false;
  return 'position' in positionBefore(analysis.replay, index);
}

/**
 * The analysis of the turn at `index` (the best `HOVER_TOP` moves, the move played and its rank),
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
): CoachAnswer | CoachSkipped | undefined {
  const replay = analysis.replay;
  const turn = replay.turns[index];
  if (!turn || (turn.kind !== 'placement' && turn.kind !== 'exchange' && turn.kind !== 'pass')) return undefined;
  const got = positionBefore(replay, index);
  if (!('position' in got)) return { reason: formatMessage(`analysis.reason.${got.reason}`, {}, lang) };
  if (!lexicon) return { reason: uiText('ui.coach.noLexicon', lang) };
  const placed = turn.kind === 'placement' ? turn.placed.map((t) => `${t.row},${t.col},${t.letter},${t.blank ? 1 : 0}`).join(';') : '';
  const exchanged = turn.kind === 'exchange' ? (turn.event.exchanged?.text ?? '') : '';
  const key = `${lexiconId(lexicon)}|${turn.kind}|${placed}|${exchanged}|${positionKey(got.position)}`;
  const hit = cache.get(key);
  if (hit) return { turn: hit };
  try {
    const answer = analyzeTurn(replay, index, { lexicon, top: HOVER_TOP, ...(cancellation ? { cancellation } : {}) });
    if (!answer) return undefined;
    if (answer.reason) return { reason: formatMessage(`analysis.reason.${answer.reason}`, {}, lang) };
    cache.set(key, answer);
    return { turn: answer };
  } catch (error) {
    if (error instanceof AnalysisUnsupported) return { reason: formatMessage(error.reason.messageId, error.reason.args, lang) };
    throw error;
  }
}

/** A number of points of equity for `lang` (one decimal at most: '4,5', '12'). */
export function equityText(n: number, lang: Language): string {
  return formatNumber(Math.round(n * 10) / 10, lang);
}

/** A move as a coach names it: '8D CAMINO +26', 'cambio AE', 'pasa'. */
export function moveName(m: Move, lang: Language): string {
  if (m.kind === 'pass') return uiText('ui.coach.pass', lang);
  if (m.kind === 'exchange') return uiText('ui.coach.exchange', lang, { tiles: moveWord(m) });
  return `${movePosition(m)} ${moveWord(m)} ${signed(m.score)}`;
}

/** The code lens title: 'mejor: 8D CAMINO +26 (−4,5)', or that the move played was the best. */
export function coachLensTitle(t: TurnAnalysis, lang: Language): string {
  const best = t.best?.[0];
  if (!best) return uiText('ui.coach.lensNone', lang);
  const lost = t.equityLost ?? 0;
  if (t.legal && (t.rank === 1 || lost === 0)) return uiText('ui.coach.lensBestPlayed', lang, { move: moveName(best, lang) });
  if (!t.legal) return uiText('ui.coach.lensIllegal', lang, { move: moveName(best, lang) });
  return uiText('ui.coach.lens', lang, { move: moveName(best, lang), lost: equityText(lost, lang) });
}

/** The hover's analysis section: the best moves as a table, then the move played's rank. */
export function coachHoverMarkdown(t: TurnAnalysis, lang: Language): string {
  const best = t.best ?? [];
  if (best.length === 0) return `**${uiText('ui.coach.heading', lang)}** ${uiText('ui.coach.lensNone', lang)}`;
  const head = ['#', 'ui.coach.col.move', 'ui.coach.col.word', 'ui.coach.col.score', 'ui.coach.col.leave', 'ui.coach.col.equity'].map(
    (id) => (id === '#' ? '#' : uiText(id, lang)),
  );
  const rows = best.map((m, i) => {
    const mark = t.legal && t.rank === i + 1 ? ' ◀' : '';
    const where =
      m.kind === 'play' ? movePosition(m) : m.kind === 'exchange' ? uiText('ui.coach.exchangeShort', lang) : uiText('ui.coach.pass', lang);
    const word = m.kind === 'pass' ? '' : md(moveWord(m));
    const leave = moveLeave(m);
    return `| ${i + 1}${mark} | ${where} | ${word} | ${m.kind === 'play' ? signed(m.score) : ''} | ${leave === '' ? '—' : md(leave)} | ${equityText(m.equity, lang)} |`;
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
  const lost = equityText(t.equityLost ?? 0, lang);
  if (!t.legal || t.rank === undefined) {
    lines.push(uiText('ui.coach.playedIllegal', lang, { lost }));
  } else if (t.rank === 1) {
    lines.push(uiText('ui.coach.playedBest', lang));
  } else if (t.rank <= best.length) {
    lines.push(uiText('ui.coach.playedRank', lang, { rank: t.rank, lost }));
  } else {
    lines.push(
      uiText('ui.coach.playedBelow', lang, {
        more: t.rank - best.length - 1,
        rank: t.rank,
        move: played ? md(moveName(played, lang)) : '',
        equity: played ? equityText(played.equity, lang) : '',
        lost,
      }),
    );
  }
  return lines.join('\n');
}

/** What an unresolved coach lens carries to `codeLens/resolve`. */
export interface CoachLensData {
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
