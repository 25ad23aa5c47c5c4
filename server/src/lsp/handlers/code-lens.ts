/**
 * `textDocument/codeLens`: the record's lenses (totals, findings per turn) and, analysis on, one
 * unresolved coach lens per move (resolved by `codeLens/resolve`, never with the list) and the
 * move's "Analizar a fondo" action; a turn with a verdict for this version shows it instead of
 * both (service/verdict-view.ts).
 */
import type { CancellationToken, CodeLens, CodeLensParams } from 'vscode-languageserver';
import { coachLensStubs } from '../../service/coach';
import { verdictLenses } from '../../service/verdict-view';
import { getCodeLenses } from '../../service/lenses';
import type { ServerState } from '../state';

export async function codeLens(state: ServerState, params: CodeLensParams, token: CancellationToken): Promise<CodeLens[]> {
  const uri = params.textDocument.uri;
  const cur = await state.scheduledAnalysis(uri, token);
  if (!cur) return [];
  const lang = state.languageOf(cur.settings);
  const lenses = getCodeLenses(cur.analysis, lang);
  if (!cur.settings.analysisEnabled) return lenses;
  const lexicon = state.lexiconFor(cur.analysis.parsed.file.text, cur.settings).lexicon;
  const stubs = coachLensStubs(cur.analysis, uri);
  const lines = stubs.map((l) => l.range.start.line);
  const where = { uri, version: cur.version };
  // A turn with a verdict shows it, not the coach's static lens beside it (a shallower figure never stands beside a deeper one).
  const held = (line: number): boolean => state.verdictCache.atLine(uri, cur.version, line) !== undefined;
  const coach = stubs.filter((l) => !held(l.range.start.line));
  return [...lenses, ...coach, ...verdictLenses(cur.analysis, lines, where, state.verdictCache, lang, lexicon)];
}
