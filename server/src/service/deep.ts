/**
 * "Analizar a fondo" in the editor (docs/deep-analysis.md "In the editor"): which move of the
 * open record a request means (the turn shown at a line, as the board view takes it) and why it
 * cannot be analysed, and the request's time limit. The analysis itself is the turn's verdict,
 * graded as every other surface grades it (service/verdict-view.ts `turnVerdict`, run by
 * lsp/handlers/deep-analysis.ts).
 *
 * Invariants: pure; never throws for a line that is not an analysable move (a reason, in the
 * user's language); texts from the registry (`ui.deep.*`, `analysis.reason.*`).
 *
 * Example:
 *   const target = deepTarget(analysis, 12, lexicon, undefined, 'es');
 *   if (!('reason' in target)) target.index;   // the turn to grade
 */
import { analyzeTurn } from '../analysis/coach';
import { runsBefore } from '../analysis/endgame-grade';
import type { LeaveEvaluator } from '../analysis/leaves';
import { AnalysisUnsupported, positionBefore, type Move, type Position } from '../analysis';
import type { Lexicon } from '../lexicon/types';
import { formatMessage } from '../rules/messages';
import type { Language } from '../rules/types';
import { turnAtLine } from './board-model';
import type { Analysis } from './document';
import { uiText } from './i18n';

/** Default seconds of a request. */
const DEEP_DEFAULTS = { seconds: 30 } as const;
/** The request's limit (a larger value is cut to it). */
const DEEP_LIMITS = { seconds: 600 } as const;

/** A move to analyse deeply. */
interface DeepTarget {
  readonly kind: 'sim' | 'endgame';
  readonly index: number;
  /** 0-based line of the move's event. */
  readonly line: number;
  readonly position: Position;
  readonly played: Move;
  readonly legal: boolean;
  /** Not legal only because the built-in open list lacks these words (TurnAnalysis.unlisted). */
  readonly unlisted?: readonly string[];
  /** Passes in a row just before the move (37.2). */
  readonly passes: number;
}

/**
 * The move at a 0-based line (the turn shown there, as the board view takes it) and how it is
 * analysed, or why it cannot be.
 */
export function deepTarget(
  analysis: Analysis,
  line: number,
  lexicon: Lexicon | undefined,
  leaves: LeaveEvaluator | undefined,
  lang: Language,
): DeepTarget | { readonly reason: string } {
  const replay = analysis.replay;
  const index = turnAtLine(replay, line);
  const turn = replay.turns[index];
  if (!turn || (turn.kind !== 'placement' && turn.kind !== 'exchange' && turn.kind !== 'pass'))
    return { reason: uiText('ui.deep.notMove', lang) };
  if (!lexicon) return { reason: uiText('ui.coach.noLexicon', lang) };
  const got = positionBefore(replay, index, undefined, true);
  if (!('position' in got)) return { reason: formatMessage(`analysis.reason.${got.reason}`, {}, lang) };
  try {
    const coach = analyzeTurn(replay, index, { lexicon, top: 1, endgameNodes: 0, ...(leaves ? { leaves } : {}) });
    if (!coach || coach.reason || !coach.position || !coach.played)
      return { reason: coach?.reason ? formatMessage(`analysis.reason.${coach.reason}`, {}, lang) : uiText('ui.deep.notMove', lang) };
    const position = coach.position;
    const kind = position.bag === 0 ? 'endgame' : 'sim';
    if (kind === 'endgame' && coach.played.kind === 'exchange') return { reason: uiText('ui.deep.notMove', lang) };
    return {
      kind,
      index,
      line: turn.event.line,
      position,
      played: coach.played,
      legal: coach.legal === true,
      ...(coach.unlisted ? { unlisted: coach.unlisted } : {}),
      passes: runsBefore(replay, index).passes,
    };
  } catch (error) {
    if (error instanceof AnalysisUnsupported) return { reason: formatMessage(error.reason.messageId, error.reason.args, lang) };
    throw error;
  }
}

/** The request's time limit with the default and the limit applied. */
export function deepSettings(o: { readonly seconds?: number }): { seconds: number } {
  const seconds =
    typeof o.seconds === 'number' && o.seconds > 0 && Number.isFinite(o.seconds)
      ? Math.min(o.seconds, DEEP_LIMITS.seconds)
      : DEEP_DEFAULTS.seconds;
  return { seconds };
}
