/**
 * The quick fix "add this word to my extra list": on a move whose word the list does not accept,
 * when an extra list is set (`planilla.lexiconExtra`), one action per refused word runs the
 * server command `planilla.addToExtraList` with the word and the list's path; the server appends
 * the word on a line of its own and checks the open records again with the new list.
 *
 * Invariants: pure (the host writes the file); never throws; offered only when an extra list is
 * set and the host can write it; a word is written in upper case with its digraphs as letters
 * ('CHULETAS'), the plain notation every word list reads.
 *
 * Example:
 *   extraListActions(analysis, range, diags, settings, 'en');
 *   // [{ title: 'Add QUIJO to my extra list (extra.txt)', command: { command: 'planilla.addToExtraList', arguments: ['QUIJO', '/l/extra.txt'] } }]
 */
import { CodeActionKind, type CodeAction, type Diagnostic, type Range } from 'vscode-languageserver-types';
import type { Analysis } from './document';
import { uiText } from './i18n';
import { rangesTouch, toRange } from './locate';
import type { Language } from '../rules/types';
import type { PlanillaSettings } from '../shared/settings';

export const ADD_TO_EXTRA_LIST_COMMAND = 'planilla.addToExtraList';

/** The words of the moves in `range` that the list refused, once each, in order. */
function refusedWordsIn(analysis: Analysis, range: Range): string[] {
  const words: string[] = [];
  analysis.parsed.file.events.forEach((event, i) => {
    if (!rangesTouch(toRange(event.span), range)) return;
    for (const w of analysis.replay.turns[i]?.words ?? []) if (w.accepted === false && !words.includes(w.word)) words.push(w.word);
  });
  return words;
}

/** The text to append to a list whose current text is `current` so `word` stands on its own line. */
export function appendedLine(current: string, word: string): string {
  return `${current === '' || current.endsWith('\n') ? '' : '\n'}${word}\n`;
}

export function extraListActions(
  analysis: Analysis,
  range: Range,
  diagnostics: readonly Diagnostic[],
  settings: PlanillaSettings,
  lang: Language,
): CodeAction[] {
  const list = settings.lexiconExtra;
  if (!list) return [];
  const name = list.replace(/^.*[\\/]/, '');
  const related = diagnostics.filter((d) => d.code === 'unaccepted-word');
  return refusedWordsIn(analysis, range).map((word) => {
    const title = uiText('ui.fix.addToExtraList', lang, { word, list: name });
    return {
      title,
      kind: CodeActionKind.QuickFix,
      ...(related.length > 0 ? { diagnostics: related } : {}),
      command: { title, command: ADD_TO_EXTRA_LIST_COMMAND, arguments: [word, list] },
    };
  });
}
