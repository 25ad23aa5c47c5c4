/**
 * Texts of the editor features (hovers, lenses, fix titles, command messages) from the UI
 * catalogue (`text/ui.ts`) and the client's (`text/client.ts`), in Spanish or English, with
 * `{name}` placeholders filled; looked up in the merged table (`rules/message-table.ts`, whose ids
 * are unique across catalogues), so that the CLI bundle reads them as data like every message.
 *
 * Invariants: never throws; an id missing from the catalogue renders as the id itself (a unit
 * test checks that every id the service uses exists in both languages).
 *
 * Example:
 *   uiText('ui.lens.totals', 'es', { p1: 'Ana', t1: 134, p2: 'Luis', t2: 98 });  // 'tras la jugada: Ana 134 · Luis 98'
 */
import { messageTemplate } from '../rules/message-table';
import { fillTemplate } from '../rules/template';
import type { Language, MessageArgs } from '../rules/types';

export function uiText(id: string, lang: Language, args: MessageArgs = {}): string {
  const template = messageTemplate(id, lang === 'en' ? 'en' : 'es');
  return template === undefined ? id : fillTemplate(template, args, lang);
}

/** A signed score as a sheet writes it: '+24', '-13', '+0'. */
export function signed(n: number): string {
  return n < 0 ? `${n}` : `+${n}`;
}
