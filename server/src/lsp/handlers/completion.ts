/**
 * `textDocument/completion`: pragmas, players and rack-aware words at the cursor.
 */
import type { CancellationToken, CompletionItem, CompletionParams } from 'vscode-languageserver';
import { getCompletions } from '../../service/completion';
import type { ServerState } from '../state';

export async function completion(state: ServerState, params: CompletionParams, token: CancellationToken): Promise<CompletionItem[]> {
  const cur = await state.currentAnalysis(params.textDocument.uri, token);
  return cur ? getCompletions(cur.analysis, params.position, state.languageOf(cur.settings)) : [];
}
