/**
 * `textDocument/documentLink`: the paths a record names (`#lexicon` and the other path pragmas)
 * as links (service/links.ts).
 */
import type { CancellationToken, DocumentLink, DocumentLinkParams } from 'vscode-languageserver';
import { documentLinks } from '../../service/links';
import type { ServerState } from '../state';

export async function documentLink(state: ServerState, params: DocumentLinkParams, token: CancellationToken): Promise<DocumentLink[]> {
  const cur = await state.currentAnalysis(params.textDocument.uri, token);
  return cur ? documentLinks(cur.analysis, params.textDocument.uri, cur.settings) : [];
}
