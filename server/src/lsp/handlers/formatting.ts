/**
 * `textDocument/formatting`: the record rewritten in the canonical layout. Honours cancellation
 * between its steps (the pending messages go first, then the token is read before and after the
 * analysis and the rewriting): a cancelled request does no further work and answers RequestCancelled.
 */
import type { CancellationToken, DocumentFormattingParams, TextEdit } from 'vscode-languageserver';
import { getFormattingEdits } from '../../service/editing';
import { stopIfCancelled } from '../guard';
import { yieldToMessages, type ServerState } from '../state';

export async function formatting(state: ServerState, params: DocumentFormattingParams, token: CancellationToken): Promise<TextEdit[]> {
  await yieldToMessages();
  stopIfCancelled(token);
  const cur = await state.currentAnalysis(params.textDocument.uri, token);
  stopIfCancelled(token);
  if (!cur) return [];
  const edits = getFormattingEdits(cur.analysis);
  stopIfCancelled(token);
  return edits;
}
