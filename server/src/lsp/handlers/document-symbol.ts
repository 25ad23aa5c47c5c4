/**
 * `textDocument/documentSymbol`: the outline of a record (header, turns, notes).
 */
import type { CancellationToken, DocumentSymbol, DocumentSymbolParams } from 'vscode-languageserver';
import { getDocumentSymbols } from '../../service/editing';
import type { ServerState } from '../state';

export async function documentSymbol(
  state: ServerState,
  params: DocumentSymbolParams,
  token: CancellationToken,
): Promise<DocumentSymbol[]> {
  const cur = await state.scheduledAnalysis(params.textDocument.uri, token);
  return cur ? getDocumentSymbols(cur.analysis) : [];
}
