/**
 * Shared vocabulary of the rule registry: finding codes, severities, rules editions, languages.
 * Domain words are `const` arrays with derived union types, so the registry, the engine, the CLI's
 * JSON and the tests all use the same stable codes (RULES.md, "Findings").
 *
 * Example:
 *   import { FINDING_CODES, type FindingCode } from './types';
 *   FINDING_CODES.includes('score-mismatch'); // true
 */
import type { Span } from '../syntax/types';
import { EDITION_NAMES } from '../syntax/vocabulary';

/** The rules editions: the names `#rules` takes (syntax/vocabulary.ts, one list for both parsers). */
export const EDITIONS = EDITION_NAMES;
export type Edition = (typeof EDITIONS)[number];

export const LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export const SEVERITIES = ['error', 'warning', 'information', 'hint'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const FINDING_CODES = [
  'syntax-error',
  'unknown-player',
  'out-of-turn',
  'first-move-center',
  'first-move-single-tile',
  'not-connected',
  'placement-not-in-line',
  'placement-gap',
  'square-occupied',
  'off-board',
  'through-tile-mismatch',
  'direction-mismatch',
  'tile-not-in-rack',
  'rack-too-large',
  'rack-not-in-bag',
  'rack-inconsistent',
  'blank-k-w',
  'tile-not-in-set',
  'separate-digraph',
  'unaccepted-word',
  'score-mismatch',
  'cumulative-mismatch',
  'exchange-not-in-rack',
  'exchange-bag-too-small',
  'phony-withdrawn-mismatch',
  'phony-withdrawn-without-play',
  'challenge-bonus-not-fise',
  'withdrawn-play-was-valid',
  'valid-ruling-not-in-lexicon',
  'end-rack-mismatch',
  'missing-end-adjustment',
  'end-rack-gcg-convention',
  'move-after-game-end',
  'scoreless-turns-end',
  'time-penalty-mismatch',
  'arbiter-penalty-mismatch',
  'encoding-fallback',
  'unknown-pragma',
  'mixed-tile-notation',
] as const;
export type FindingCode = (typeof FINDING_CODES)[number];

/** Message arguments: plain values, rendered by the registry's templates. */
export type MessageArgs = Readonly<Record<string, string | number>>;

/** Another place in the file that a finding involves (LSP related information). */
export interface RelatedInfo {
  readonly span: Span;
  readonly messageId: string;
  readonly args: MessageArgs;
}

/**
 * One finding of the replay: a stable code, its severity (the registry's default unless a
 * setting overrides it), the span of the text at fault, the message id and arguments (rendered
 * in Spanish or English by the registry), and the article of the selected edition it rests on.
 */
export interface Finding {
  readonly code: FindingCode;
  readonly severity: Severity;
  readonly span: Span;
  /** Message id in the registry's catalogue; usually equal to `code`, sometimes a variant. */
  readonly messageId: string;
  readonly args: MessageArgs;
  /** Article number(s) in the selected edition, e.g. '15', '37.4', '12–19', or '' when none. */
  readonly article: string;
  readonly related?: readonly RelatedInfo[];
}
