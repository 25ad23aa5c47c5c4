/**
 * Texts of the editor features (hovers, lenses, fix titles, command messages) from the UI
 * catalogue (`rules/catalog/ui.ts`), in Spanish or English, with `{name}` placeholders filled
 * (plural forms and numbers for the language: see `fillTemplate` in rules/messages.ts).
 *
 * Invariants: never throws; an id missing from the catalogue renders as the id itself (a unit
 * test checks that every id the service uses exists in both languages).
 *
 * Example:
 *   uiText('ui.lens.totals', 'es', { p1: 'Ana', t1: 134, p2: 'Luis', t2: 98 });  // 'tras la jugada: Ana 134 · Luis 98'
 *   uiText('ui.board.bag', 'es', { n: 1 });                                      // 'Bolsa: 1 ficha'
 */
import { UI_MESSAGES } from '../rules/catalog/ui';
import { fillTemplate } from '../rules/messages';
import type { Language, MessageArgs } from '../rules/types';

export function uiText(id: string, lang: Language, args: MessageArgs = {}): string {
  const entry = Object.prototype.hasOwnProperty.call(UI_MESSAGES, id) ? UI_MESSAGES[id] : undefined;
  if (!entry) return id;
  return fillTemplate(lang === 'en' ? entry.en : entry.es, args, lang);
}

/** A signed score as a sheet writes it: '+24', '-13', '+0'. */
export function signed(n: number): string {
  return n < 0 ? `${n}` : `+${n}`;
}
