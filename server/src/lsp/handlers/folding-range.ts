/**
 * `textDocument/foldingRange`: the foldable parts of a record (header, notes, turns).
 */
import type { CancellationToken, FoldingRange, FoldingRangeParams } from 'vscode-languageserver';
import { getFoldingRanges } from '../../service/editing';
import type { ServerState } from '../state';

export async function foldingRange(state: ServerState, params: FoldingRangeParams, token: CancellationToken): Promise<FoldingRange[]> {
  const cur = await state.scheduledAnalysis(params.textDocument.uri, token);
  return cur ? getFoldingRanges(cur.analysis) : [];
}
