/**
 * `planilla/fixAll`: the edits that fix every finding with a sure fix in an open record, and a
 * message saying how many were made and how many are left (or why none was tried). The edits
 * are for the editor's copy, so a record that is not open is told so (not "could not read"); the
 * answer names the document version they were computed for (the client applies them to no other).
 */
import type { CancellationToken } from 'vscode-languageserver';
import { fixAllEdits } from '../../service/actions';
import { fixAll as fixAllFindings } from '../../service/fix-all';
import { uiText } from '../../service/i18n';
import type { FixAllParams, FixAllResult } from '../../shared/protocol';
import type { ServerState } from '../state';

export async function fixAll(state: ServerState, params: FixAllParams, token: CancellationToken): Promise<FixAllResult> {
  if (!state.documents.get(params.uri))
    return { error: uiText('ui.command.fixAll.notOpen', state.languageOf(await state.settingsFor(params.uri)), { uri: params.uri }) };
  const cur = await state.currentAnalysis(params.uri, token);
  if (!cur)
    return { error: uiText('ui.command.export.unreadable', state.languageOf(await state.settingsFor(params.uri)), { uri: params.uri }) };
  const lang = state.languageOf(cur.settings);
  const result = fixAllFindings(cur.analysis, state.analysisSettingsFor(cur.analysis.parsed.file.text, cur.settings));
  if (result.refused) return { error: uiText(`ui.command.fixAll.refused.${result.refused}`, lang) };
  const edits = fixAllEdits(result);
  const message =
    edits.length === 0
      ? uiText('ui.command.fixAll.nothing', lang)
      : uiText('ui.command.fixAll.done', lang, { count: edits.length, left: result.remaining.length });
  return { edits, message, version: cur.version };
}
