/**
 * `codeLens/resolve`: the coach's lens of one move (its best move and the equity lost), from the
 * coach's cache; a lens that is not the coach's, or a request cancelled before or during the
 * walk, comes back as it was.
 */
import type { CancellationToken, CodeLens } from 'vscode-languageserver';
import { AnalysisCancelled } from '../../analysis';
import { HOVER_FETCH, coachLensText, coachTurn, isCoachLensData } from '../../service/coach';
import { yieldToMessages, type ServerState } from '../state';

export async function codeLensResolve(state: ServerState, lens: CodeLens, token: CancellationToken): Promise<CodeLens> {
  const data: unknown = lens.data;
  if (lens.command || !isCoachLensData(data)) return lens;
  const cur = await state.currentAnalysis(data.uri);
  if (!cur) return lens;
  const lang = state.languageOf(cur.settings);
  await yieldToMessages();
  if (token.isCancellationRequested) return lens;
  const lexicon = state.lexiconFor(cur.analysis.parsed.file.text, cur.settings).lexicon;
  try {
    const answer = coachTurn(cur.analysis, data.index, lexicon, state.coachCache, lang, token, HOVER_FETCH);
    return { ...lens, command: { title: coachLensText(answer, lang), command: '' } };
  } catch (error) {
    if (error instanceof AnalysisCancelled) return lens;
    throw error;
  }
}
