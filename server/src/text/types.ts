/**
 * The shape of a message catalogue: every text a user reads exists in Spanish and English.
 * Templates use `{name}` placeholders filled from the message arguments.
 * Each area of the project owns one catalogue file beside this one (syntax.ts, findings.ts,
 * lexicon.ts, cli.ts, ui.ts); `../messages.ts` merges them and renders.
 *
 * Example:
 *   export const SYNTAX_MESSAGES: Catalog = {
 *     'expected-score': { es: 'se esperaba la puntuación, p. ej. +24', en: 'expected the score, e.g. +24' },
 *   };
 */
export interface LocalizedText {
  readonly es: string;
  readonly en: string;
}

export type Catalog = Readonly<Record<string, LocalizedText>>;
