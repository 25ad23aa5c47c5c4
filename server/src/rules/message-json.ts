/**
 * The merged message table read from data: one JSON text per language (`catalogJson` in
 * catalogs.ts, `{"id": "template", …}`), parsed when a message of that language is first asked
 * for. The CLI bundle's `message-table.ts` is made of this and the two texts at build time
 * (`scripts/bundles.mjs`): a JSON parse of one language costs less at start than evaluating
 * every catalogue's object literals and merging them.
 *
 * Invariants: never throws; a text that is not a JSON object (a damaged build) gives an empty
 * table, so every message renders as its id (formatMessage's rule for an unknown id); only own
 * string values count (`__proto__` and the like are ids like any other).
 *
 * Example:
 *   const messageTemplate = jsonMessageTable({ es: () => '{"a":"hola"}', en: () => '{"a":"hello"}' });
 *   messageTemplate('a', 'en');   // 'hello'
 */
import type { Language } from './types';

type MessageTemplate = (id: string, lang: Language) => string | undefined;

export function jsonMessageTable(sources: Readonly<Record<Language, () => string>>): MessageTemplate {
  const tables: Partial<Record<Language, Record<string, unknown>>> = {};
  const tableOf = (lang: Language): Record<string, unknown> => {
    let table = tables[lang];
    if (table === undefined) {
      try {
        const parsed: unknown = JSON.parse(sources[lang]());
        table = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
      } catch {
        table = {};
      }
      tables[lang] = table;
    }
    return table;
  };
  return (id, lang) => {
    const table = tableOf(lang === 'en' ? 'en' : 'es');
    if (!Object.prototype.hasOwnProperty.call(table, id)) return undefined;
    const template = table[id];
    return typeof template === 'string' ? template : undefined;
  };
}
