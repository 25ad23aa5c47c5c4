/**
 * `textDocument/codeLens`: the record's lenses (totals, findings per turn) and, analysis on, one
 * unresolved coach lens per move (resolved by `codeLens/resolve`, never with the list) and the
 * move's "Analizar a fondo" action (its figures once analysed for this version, service/deep.ts).
 */
import type { CancellationToken, CodeLens, CodeLensParams } from 'vscode-languageserver';
import { coachLensStubs } from '../../service/coach';
import { deepLenses } from '../../service/deep';
import { getCodeLenses } from '../../service/lenses';
import type { ServerState } from '../state';

export async function codeLens(state: ServerState, params: CodeLensParams, token: CancellationToken): Promise<CodeLens[]> {
  const uri = params.textDocument.uri;
  const cur = await state.scheduledAnalysis(uri, token);
  if (!cur) return [];
  const lang = state.languageOf(cur.settings);
  const lenses = getCodeLenses(cur.analysis, lang);
  if (!cur.settings.analysisEnabled) return lenses;
  const lexicon = state.lexiconFor(cur.analysis.parsed.file.text, cur.settings).lexicon;
  const stubs = coachLensStubs(cur.analysis, uri);
  const lines = stubs.map((l) => l.range.start.line);
  return [...lenses, ...stubs, ...deepLenses(cur.analysis, lines, { uri, version: cur.version }, state.deepCache, lang, lexicon)];
}
