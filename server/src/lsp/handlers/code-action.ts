/**
 * `textDocument/codeAction`: the quick fixes of the findings in a range, the fix-all action and
 * "Completar la planilla" (a source action, and a quick fix on each line it completes), each only
 * when the client's `only` asks for its kind (or asks for none). Fix-all and fill are computed once
 * per analysis held (`state.derivedFrom`): the editor asks at every cursor move. Where the host can
 * write files, "add this word to my extra list" for a word the list does not accept. Every edit
 * names the document version it was computed for (lsp/versioned.ts).
 */
import type { CancellationToken, CodeAction, CodeActionParams } from 'vscode-languageserver';
import { FIX_ALL_KIND, getCodeActions, getFixAllAction } from '../../service/actions';
import { extraListActions } from '../../service/extra-list';
import { FILL_KIND, fillAction, fillRecord, fillsBetween, type FillResult } from '../../service/fill';
import type { ServerState } from '../state';
import { versionedActions } from '../versioned';

export async function codeAction(state: ServerState, params: CodeActionParams, token: CancellationToken): Promise<CodeAction[]> {
  const uri = params.textDocument.uri;
  const cur = await state.currentAnalysis(uri, token);
  if (!cur) return [];
  const only = params.context.only;
  const wants = (kind: string): boolean => !only || only.some((k) => kind === k || kind.startsWith(`${k}.`));
  const lang = state.languageOf(cur.settings);
  const quick = wants('quickfix') ? getCodeActions(cur.analysis, uri, params.range, params.context.diagnostics, lang, cur.settings) : [];
  // Fix-all and fill read the whole record (fix-all replays it again): computed once per analysis.
  const all = wants(FIX_ALL_KIND)
    ? state.derivedFrom(cur.analysis, `fixAll:${uri}:${lang}`, () =>
        getFixAllAction(cur.analysis, uri, lang, state.analysisSettingsFor(cur.analysis.parsed.file.text, cur.settings)),
      )
    : undefined;
  const extra =
    wants('quickfix') && state.host.appendToList
      ? extraListActions(cur.analysis, params.range, params.context.diagnostics, cur.settings, lang)
      : [];
  const fill = (): FillResult => state.derivedFrom(cur.analysis, `fill:${lang}`, () => fillRecord(cur.analysis, lang));
  const filling = wants(FILL_KIND) ? fillAction(fill(), uri, lang) : undefined;
  // In the light bulb of a line it completes, the same action as a quick fix.
  const fillHere =
    wants('quickfix') && fillsBetween(fill(), params.range.start.line, params.range.end.line)
      ? fillAction(fill(), uri, lang, 'quickfix')
      : undefined;
  const actions = [...quick, ...(fillHere ? [fillHere] : []), ...extra, ...(all ? [all] : []), ...(filling ? [filling] : [])];
  return versionedActions(actions, cur.version, state.documentChanges);
}
