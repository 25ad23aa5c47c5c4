/**
 * `textDocument/inlayHint`: the running totals and rack hints in a range.
 */
import type { CancellationToken, InlayHint, InlayHintParams } from 'vscode-languageserver';
import { getInlayHints } from '../../service/editing';
import type { ServerState } from '../state';

export async function inlayHint(state: ServerState, params: InlayHintParams, token: CancellationToken): Promise<InlayHint[]> {
  const cur = await state.scheduledAnalysis(params.textDocument.uri, token);
  return cur ? getInlayHints(cur.analysis, params.range, state.languageOf(cur.settings)) : [];
}
