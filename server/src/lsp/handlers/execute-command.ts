/**
 * `workspace/executeCommand`: "add this word to my extra list" (service/extra-list.ts). Only the
 * extra list the settings name (the pushed ones or an open record's) is ever written; the word
 * must be letters only. Answers whether the list changed (then every record is checked again).
 */
import type { CancellationToken, ExecuteCommandParams } from 'vscode-languageserver';
import { ADD_TO_EXTRA_LIST_COMMAND } from '../../service/extra-list';
import { uiText } from '../../service/i18n';
import type { ServerState } from '../state';

export async function executeCommand(state: ServerState, params: ExecuteCommandParams, _token: CancellationToken): Promise<boolean> {
  if (params.command !== ADD_TO_EXTRA_LIST_COMMAND || !state.host.appendToList) return false;
  const [word, list] = (params.arguments ?? []) as unknown[];
  const lang = state.languageOf(state.pushedSettings);
  if (typeof word !== 'string' || typeof list !== 'string' || !/^\p{L}+$/u.test(word)) return false;
  const lists = new Set([state.pushedSettings.lexiconExtra]);
  for (const doc of state.documents.all()) lists.add((await state.settingsFor(doc.uri)).lexiconExtra);
  if (list === '' || !lists.has(list)) {
    void state.connection.window.showWarningMessage(uiText('ui.extraList.notSet', lang));
    return false;
  }
  const name = list.replace(/^.*[\\/]/, '');
  try {
    await state.host.appendToList(list, word);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    void state.connection.window.showErrorMessage(uiText('ui.extraList.failed', lang, { list: name, error: detail }));
    return false;
  }
  void state.connection.window.showInformationMessage(uiText('ui.extraList.added', lang, { word, list: name }));
  return true;
}
