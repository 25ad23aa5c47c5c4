/**
 * Texts of the editor features (hovers, lenses, fix titles, command messages) from the UI
 * catalogue (`text/ui.ts`, then the client's `text/client.ts`), in Spanish or
 * English, with `{name}` placeholders filled.
 *
 * Invariants: never throws; an id missing from the catalogue renders as the id itself (a unit
 * test checks that every id the service uses exists in both languages).
 *
 * Example:
 *   uiText('ui.lens.totals', 'es', { p1: 'Ana', t1: 134, p2: 'Luis', t2: 98 });  // 'tras la jugada: Ana 134 · Luis 98'
 */
import { CLIENT_MESSAGES } from '../text/client';
import { UI_MESSAGES } from '../text/ui';
import { fillTemplate } from '../rules/template';
import type { Language, MessageArgs } from '../rules/types';

export function uiText(id: string, lang: Language, args: MessageArgs = {}): string {
  const has = (catalog: typeof UI_MESSAGES): boolean => Object.prototype.hasOwnProperty.call(catalog, id);
  const entry = has(UI_MESSAGES) ? UI_MESSAGES[id] : has(CLIENT_MESSAGES) ? CLIENT_MESSAGES[id] : undefined;
  if (!entry) return id;
  return fillTemplate(lang === 'en' ? entry.en : entry.es, args, lang);
}

/** A signed score as a sheet writes it: '+24', '-13', '+0'. */
export function signed(n: number): string {
  return n < 0 ? `${n}` : `+${n}`;
}
