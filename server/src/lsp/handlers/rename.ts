/**
 * `textDocument/prepareRename` and `textDocument/rename`: a player's nick renamed across the
 * record (service/rename.ts has the rules); a refused name answers InvalidParams with the reason
 * in the user's language. The edit names the document version it is for (lsp/versioned.ts).
 */
import {
  ErrorCodes,
  ResponseError,
  type CancellationToken,
  type PrepareRenameParams,
  type RenameParams,
  type WorkspaceEdit,
} from 'vscode-languageserver';
import { prepareRenameNick, renameNick } from '../../service/rename';
import { uiText } from '../../service/i18n';
import type { ServerState } from '../state';
import { versionedEdit } from '../versioned';

export async function prepareRename(state: ServerState, params: PrepareRenameParams, token: CancellationToken) {
  const cur = await state.currentAnalysis(params.textDocument.uri, token);
  return cur ? (prepareRenameNick(cur.analysis, params.position) ?? null) : null;
}

export async function rename(state: ServerState, params: RenameParams, token: CancellationToken): Promise<WorkspaceEdit | null> {
  const cur = await state.currentAnalysis(params.textDocument.uri, token);
  if (!cur) return null;
  const r = renameNick(cur.analysis, params.textDocument.uri, params.position, params.newName);
  if ('edit' in r) return versionedEdit(r.edit, cur.version, state.documentChanges);
  throw new ResponseError(ErrorCodes.InvalidParams, uiText(r.error, state.languageOf(cur.settings)));
}
