/**
 * `planilla/checkFiles`: checks records (open or not) and publishes their diagnostics; the files
 * checked keep them when closed (state.checkedUris). One file's failure is that file's: the batch
 * goes on and names it among the unreadable. A cancelled batch stops before its next file.
 */
import type { CancellationToken } from 'vscode-languageserver';
import type { Diagnostic } from 'vscode-languageserver-types';
import { getDiagnostics } from '../../service/diagnostics';
import { CHECK_FILES_REQUEST, type CheckFilesParams, type CheckFilesResult } from '../../shared/protocol';
import type { ServerState } from '../state';

export async function checkFiles(state: ServerState, params: CheckFilesParams, token: CancellationToken): Promise<CheckFilesResult> {
  const result = { checked: 0, errors: 0, warnings: 0, others: 0, unreadable: [] as string[] };
  for (const uri of params.uris) {
    if (token.isCancellationRequested) break;
    const input = await state.readRecord(uri);
    if (input === undefined) {
      result.unreadable.push(uri);
      continue;
    }
    let diagnostics: Diagnostic[];
    let open: ReturnType<typeof state.documents.get>;
    try {
      const settings = await state.settingsFor(uri);
      open = state.documents.get(uri);
      const analysis = open ? (await state.analysisOf(open)).analysis : state.analyzeText(input, settings);
      diagnostics = getDiagnostics(analysis, uri, state.languageOf(settings), settings);
    } catch (e) {
      state.connection.console.error(`${CHECK_FILES_REQUEST} ${uri}: ${e instanceof Error ? e.message : String(e)}`);
      result.unreadable.push(uri);
      continue;
    }
    state.checkedUris.add(uri);
    await state.connection.sendDiagnostics({ uri, ...(open ? { version: open.version } : {}), diagnostics });
    result.checked++;
    for (const d of diagnostics) {
      if (d.severity === 1) result.errors++;
      else if (d.severity === 2) result.warnings++;
      else result.others++;
    }
  }
  return result;
}
