/**
 * `textDocument/hover`: the turn, the rack, the findings of a line, and (analysis on) the coach's
 * best moves for that turn. Answered from the newest analysis held when the document changed only
 * after the hovered line (state.analysisForLine), so a hover while a long record is typed into
 * does not wait for a new analysis. A request cancelled before the coach's walk, or during it,
 * answers RequestCancelled (or without the coach's part, when the walk stopped). A coach answer
 * already cached (or a reason not to analyse) is given at once; only a hover that needs a search
 * yields to other messages first (a cancellation gets through before the walk starts). A turn
 * with a verdict for this version ("Analizar a fondo", the commented game exported deeply:
 * service/verdict-view.ts) has it at the top, before the coach's static summary and table.
 */
import type { CancellationToken, Hover, HoverParams } from 'vscode-languageserver';
import { AnalysisCancelled } from '../../analysis';
import { COACH_MISS, HOVER_FETCH, coachHoverParts, coachTurn, coachTurnCached, type CoachHoverParts } from '../../service/coach';
import { verdictHoverMarkdown } from '../../service/verdict-view';
import type { TurnAnalysis } from '../../analysis/coach';
import { getHover, type CoachHover } from '../../service/hover';
import { stopIfCancelled } from '../guard';
import { yieldToMessages, type ServerState } from '../state';

export async function hover(state: ServerState, params: HoverParams, token: CancellationToken): Promise<Hover | null> {
  const cur = await state.analysisForLine(params.textDocument.uri, params.position.line, token);
  if (!cur) return null;
  const lang = state.languageOf(cur.settings);
  if (!cur.settings.analysisEnabled) {
    const plain = getHover(cur.analysis, params.position, lang, cur.settings);
    stopIfCancelled(token);
    return plain;
  }
  const lexicon = state.lexiconFor(cur.analysis.parsed.file.text, cur.settings).lexicon;
  const uri = params.textDocument.uri;
  const parts = (turn: TurnAnalysis, index: number): CoachHoverParts => {
    const own = coachHoverParts(turn, lang, lexicon);
    const held = state.verdictCache.get(uri, cur.version, index);
    // the turn's verdict first, at the top of the hover, then the static summary and table
    return held ? { summary: `${verdictHoverMarkdown(held, lang)}\n\n${own.summary}`, table: own.table } : own;
  };
  // First from the cache alone: no timer when the answer is there.
  let missed = false;
  const cached = getHover(cur.analysis, params.position, lang, cur.settings, (index) => {
    const answer = coachTurnCached(cur.analysis, index, lexicon, state.coachCache, lang, HOVER_FETCH);
    if (answer === COACH_MISS) {
      missed = true;
      return undefined;
    }
    return answer && 'turn' in answer ? parts(answer.turn, index) : undefined;
  });
  if (!missed) {
    stopIfCancelled(token);
    return cached;
  }
  await yieldToMessages();
  stopIfCancelled(token);
  const coach: CoachHover = (index) => {
    try {
      const answer = coachTurn(cur.analysis, index, lexicon, state.coachCache, lang, token, HOVER_FETCH);
      return answer && 'turn' in answer ? parts(answer.turn, index) : undefined;
    } catch (error) {
      if (error instanceof AnalysisCancelled) return undefined;
      throw error;
    }
  };
  const result = getHover(cur.analysis, params.position, lang, cur.settings, coach);
  stopIfCancelled(token);
  return result;
}
