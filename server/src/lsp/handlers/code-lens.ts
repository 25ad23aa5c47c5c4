/**
 * `textDocument/codeLens`: the record's lenses (totals, findings per turn) and, analysis on, one
 * unresolved coach lens per move (resolved by `codeLens/resolve`, never with the list).
 */
import type { CancellationToken, CodeLens, CodeLensParams } from 'vscode-languageserver';
import { coachLensStubs } from '../../service/coach';
import { getCodeLenses } from '../../service/lenses';
import type { ServerState } from '../state';

export async function codeLens(state: ServerState, params: CodeLensParams, token: CancellationToken): Promise<CodeLens[]> {
  const uri = params.textDocument.uri;
  const cur = await state.scheduledAnalysis(uri, token);
  if (!cur) return [];
  const lenses = getCodeLenses(cur.analysis, state.languageOf(cur.settings));
  return cur.settings.analysisEnabled ? [...lenses, ...coachLensStubs(cur.analysis, uri)] : lenses;
}
