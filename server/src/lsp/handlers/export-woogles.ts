/**
 * `planilla/exportWoogles`: the record (open, or read from disk) as a Woogles GCG, or why not (a
 * file read only in part, a score-only sheet). Honours cancellation between its steps.
 */
import type { CancellationToken } from 'vscode-languageserver';
import { MAX_CONTENT_LINES, type Analysis } from '../../service/document';
import { exportForWoogles, hasScoreOnlyLines } from '../../service/export';
import { uiText } from '../../service/i18n';
import type { ExportParams, ExportResult } from '../../shared/protocol';
import { stopIfCancelled } from '../guard';
import { yieldToMessages, type ServerState } from '../state';

export async function exportWoogles(state: ServerState, params: ExportParams, token: CancellationToken): Promise<ExportResult> {
  await yieldToMessages();
  stopIfCancelled(token);
  const settings = await state.settingsFor(params.uri);
  stopIfCancelled(token);
  const lang = state.languageOf(settings);
  const open = state.documents.get(params.uri);
  let analysis: Analysis;
  if (open) {
    analysis = (await state.analysisOf(open)).analysis;
  } else {
    const input = await state.readRecord(params.uri);
    stopIfCancelled(token);
    if (input === undefined) return { error: uiText('ui.command.export.unreadable', lang, { uri: params.uri }) };
    analysis = state.analyzeText(input, settings);
  }
  stopIfCancelled(token);
  // A file read only in part is not exported: the export would pass for the whole game.
  if (analysis.parsed.file.truncated) return { error: uiText('ui.command.export.tooLong', lang, { max: MAX_CONTENT_LINES }) };
  if (hasScoreOnlyLines(analysis)) return { error: uiText('ui.command.export.scoreOnly', lang) };
  const text = exportForWoogles(analysis, lang);
  stopIfCancelled(token);
  return { text };
}
