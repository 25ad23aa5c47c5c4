/**
 * `workspace/symbol`: players, events and rounds of the open records and of the records in the
 * workspace folders (where the host can list them), matched against the query
 * (service/workspace-symbols.ts).
 */
import type { CancellationToken, SymbolInformation, WorkspaceSymbolParams } from 'vscode-languageserver';
import { workspaceSymbols, type RecordText } from '../../service/workspace-symbols';
import { stopIfCancelled } from '../guard';
import type { ServerState } from '../state';

export async function workspaceSymbol(
  state: ServerState,
  params: WorkspaceSymbolParams,
  token: CancellationToken,
): Promise<SymbolInformation[]> {
  const open = state.documents.all().map((d): RecordText => ({ uri: d.uri, text: d.getText() }));
  const seen = new Set(open.map((r) => r.uri));
  const records: RecordText[] = [...open];
  for (const uri of (await state.host.listRecords?.(state.workspaceFolders)) ?? []) {
    stopIfCancelled(token);
    if (seen.has(uri)) continue;
    const bytes = await state.host.readFile(uri).catch(() => undefined);
    if (bytes) records.push({ uri, text: bytes });
  }
  return workspaceSymbols(records, params.query, state.languageOf(state.pushedSettings));
}
