/**
 * `planilla/compare`: two sheets of one game (open or read from disk) compared turn by turn, as a
 * summary, a title naming both files, and the turn-by-turn table the comparison view shows.
 */
import type { CancellationToken } from 'vscode-languageserver';
import { renderCompareBody } from '../../report/compare-table';
import { compareSheets, comparisonSummary } from '../../service/compare';
import type { Analysis } from '../../service/document';
import { uiText } from '../../service/i18n';
import type { CompareParams, CompareResult } from '../../shared/protocol';
import { fileNameOf, type ServerState } from '../state';

export async function compare(state: ServerState, params: CompareParams, _token: CancellationToken): Promise<CompareResult> {
  const settings = await state.settingsFor(params.a);
  const lang = state.languageOf(settings);
  const sheetOf = async (uri: string): Promise<Analysis | undefined> => {
    const open = state.documents.get(uri);
    if (open) return (await state.analysisOf(open)).analysis;
    const input = await state.readRecord(uri);
    return input === undefined ? undefined : state.analyzeText(input, await state.settingsFor(uri));
  };
  const a = await sheetOf(params.a);
  const b = await sheetOf(params.b);
  if (!a || !b) return { error: uiText('ui.command.export.unreadable', lang, { uri: !a ? params.a : params.b }) };
  const c = compareSheets({ name: fileNameOf(params.a), analysis: a }, { name: fileNameOf(params.b), analysis: b });
  return {
    summary: comparisonSummary(c, lang),
    title: uiText('ui.command.compare.title', lang, { a: fileNameOf(params.a), b: fileNameOf(params.b) }),
    html: renderCompareBody(c, a.replay.rules, lang),
  };
}
