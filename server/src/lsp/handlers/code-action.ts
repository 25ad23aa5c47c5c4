/**
 * `textDocument/codeAction`: the quick fixes of the findings in a range and the fix-all action,
 * each only when the client's `only` asks for its kind (or asks for none); where the host can
 * write files, "add this word to my extra list" for a word the list does not accept. Every edit
 * names the document version it was computed for (lsp/versioned.ts).
 */
import type { CancellationToken, CodeAction, CodeActionParams } from 'vscode-languageserver';
import { FIX_ALL_KIND, getCodeActions, getFixAllAction } from '../../service/actions';
import { extraListActions } from '../../service/extra-list';
import { FILL_KIND, getFillAction } from '../../service/fill';
import type { ServerState } from '../state';
import { versionedActions } from '../versioned';

export async function codeAction(state: ServerState, params: CodeActionParams, token: CancellationToken): Promise<CodeAction[]> {
  const cur = await state.currentAnalysis(params.textDocument.uri, token);
  if (!cur) return [];
  const only = params.context.only;
  const wants = (kind: string): boolean => !only || only.some((k) => kind === k || kind.startsWith(`${k}.`));
  const lang = state.languageOf(cur.settings);
  const quick = wants('quickfix')
    ? getCodeActions(cur.analysis, params.textDocument.uri, params.range, params.context.diagnostics, lang, cur.settings)
    : [];
  const all = wants(FIX_ALL_KIND)
    ? getFixAllAction(cur.analysis, params.textDocument.uri, lang, state.analysisSettingsFor(cur.analysis.parsed.file.text, cur.settings))
    : undefined;
  const extra =
    wants('quickfix') && state.host.appendToList
      ? extraListActions(cur.analysis, params.range, params.context.diagnostics, cur.settings, lang)
      : [];
  const filling = wants(FILL_KIND) ? getFillAction(cur.analysis, params.textDocument.uri, lang) : undefined;
  return versionedActions([...quick, ...extra, ...(all ? [all] : []), ...(filling ? [filling] : [])], cur.version, state.documentChanges);
}
