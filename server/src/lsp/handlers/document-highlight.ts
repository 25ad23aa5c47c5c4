/**
 * `textDocument/documentHighlight`: a word's squares and the moves that use them
 * (service/highlight.ts).
 */
import type { CancellationToken, DocumentHighlight, DocumentHighlightParams } from 'vscode-languageserver';
import { documentHighlights } from '../../service/highlight';
import type { ServerState } from '../state';

export async function documentHighlight(
  state: ServerState,
  params: DocumentHighlightParams,
  token: CancellationToken,
): Promise<DocumentHighlight[]> {
  const cur = await state.currentAnalysis(params.textDocument.uri, token);
  return cur ? documentHighlights(cur.analysis, params.position) : [];
}
