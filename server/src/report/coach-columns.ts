/**
 * The coach's columns of the audit report, written once for both formats (report/html.ts and
 * report/markdown.ts): the per-player summary's headings and cells, and a turn's equity-lost cell.
 * Cells are plain text; each format escapes them its own way.
 *
 * Invariants: numbers are written for the language (decimal comma in Spanish, rules/template.ts
 * `formatNumber`); a summary row has one cell per COACH_SUMMARY_COLUMNS entry, the nick first.
 *
 * Example:
 *   coachSummaryCells(audit.coach.players[0], 'es');   // ['Ana', '12,5', '9', '1,4', '2', '1', '0']
 *   equityLostText(audit.turns[0], 'es');               // '4,5' ('—' for a turn not analysed)
 */
import { formatNumber } from '../rules/template';
import type { Language } from '../rules/types';
import type { AuditCoachPlayer, AuditTurn } from './audit';

/** The columns of the coach's per-player summary (message ids), in order; both report formats use them. */
export const COACH_SUMMARY_COLUMNS = [
  'report.coach.player',
  'report.coach.total',
  'report.coach.turns',
  'report.coach.per-turn',
  'report.coach.small',
  'report.coach.medium',
  'report.coach.large',
] as const;

/** One player's row of the coach's summary as plain text (not escaped), in COACH_SUMMARY_COLUMNS order. */
export function coachSummaryCells(p: AuditCoachPlayer, lang: Language): string[] {
  return [
    p.nick,
    formatNumber(p.equityLost, lang),
    String(p.turns),
    formatNumber(p.perTurn, lang),
    String(p.small),
    String(p.medium),
    String(p.large),
  ];
}

/**
 * A turn's equity-lost cell as plain text: undefined when the report has no coach's column, '—'
 * for a turn not analysed, else the number written for the language.
 */
export function equityLostText(turn: AuditTurn, lang: Language): string | undefined {
  if (turn.equityLost === undefined) return undefined;
  return turn.equityLost === null ? '—' : formatNumber(turn.equityLost, lang);
}
