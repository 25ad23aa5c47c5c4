/**
 * One message's template in one language, from the merged table of the catalogues
 * (`catalogs.ts`). This is the form the editor's server and the compiled modules use; the CLI
 * bundle replaces this module at build time (`scripts/bundles.mjs`) by the same table as data,
 * one JSON text per language parsed on the first message (`message-json.ts`), so that a command
 * does not evaluate the catalogues at start.
 *
 * Invariants: both forms give the same template for every id and language (a unit test compares
 * them); an unknown id gives undefined; never throws.
 *
 * Example:
 *   messageTemplate('cli.count.error', 'en');   // '{n, plural, one {# error} other {# errors}}'
 *   messageTemplate('no-such-id', 'es');        // undefined
 */
import { MESSAGES } from './catalogs';
import type { Language } from './types';

export function messageTemplate(id: string, lang: Language): string | undefined {
  const text = MESSAGES.get(id);
  return text === undefined ? undefined : lang === 'en' ? text.en : text.es;
}
