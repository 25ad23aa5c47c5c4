/**
 * The client's texts (`text/client.ts`) in Spanish or English, and the choice of language,
 * without the rest of the message system: what the VS Code client and the board view's page need.
 *
 * Invariants: never throws; an id missing from the client catalogue renders as the id itself (a
 * unit test checks that every id the client uses is there, in both languages).
 *
 * Example:
 *   clientText('ui.board.panelTitle', 'en', { name: 'partida.gcg' });   // 'Board · partida.gcg'
 */
import { CLIENT_MESSAGES } from '../text/client';
import { fillTemplate } from '../rules/template';
import type { Language, MessageArgs } from '../rules/types';

export { resolveLanguage } from '../rules/template';
export type { Language } from '../rules/types';

export function clientText(id: string, lang: Language, args: MessageArgs = {}): string {
  const entry = Object.prototype.hasOwnProperty.call(CLIENT_MESSAGES, id) ? CLIENT_MESSAGES[id] : undefined;
  if (!entry) return id;
  return fillTemplate(lang === 'en' ? entry.en : entry.es, args, lang);
}
