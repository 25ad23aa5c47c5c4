/**
 * `textDocument/semanticTokens/full`: blanks, digraph tiles and phonies marked for the editor's
 * colouring (service/semantic-tokens.ts; the legend is declared at initialize).
 */
import type { CancellationToken, SemanticTokens, SemanticTokensParams } from 'vscode-languageserver';
import { semanticTokens as tokensOf } from '../../service/semantic-tokens';
import type { ServerState } from '../state';

export async function semanticTokens(state: ServerState, params: SemanticTokensParams, token: CancellationToken): Promise<SemanticTokens> {
  const cur = await state.currentAnalysis(params.textDocument.uri, token);
  return cur ? tokensOf(cur.analysis) : { data: [] };
}
