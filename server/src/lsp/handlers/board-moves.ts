/**
 * `planilla/boardMoves`: the board view's best moves (asked apart from the board, after it): null
 * with analysis off; the same cache as the hover and the lenses; yields to pending messages first,
 * and a request cancelled before or during the walk answers RequestCancelled. A turn with a
 * verdict for this version has it in a section under the list (report/deep-board.ts).
 */
import type { CancellationToken } from 'vscode-languageserver';
import { AnalysisCancelled } from '../../analysis';
import { boardModel } from '../../service/board-model';
import { boardCoachModel } from '../../service/coach';
import { renderBoardMoves } from '../../report/board-body';
import { renderDeepBoard } from '../../report/deep-board';
import type { BoardMovesParams, BoardMovesResult } from '../../shared/protocol';
import { cancelledError, stopIfCancelled } from '../guard';
import { yieldToMessages, type ServerState } from '../state';

export async function boardMoves(state: ServerState, params: BoardMovesParams, token: CancellationToken): Promise<BoardMovesResult | null> {
  const line = Number.isFinite(params.line) ? params.line : 0;
  const cur = await state.analysisForLine(params.uri, line, token);
  if (!cur || !cur.settings.analysisEnabled) return null;
  const lang = state.languageOf(cur.settings);
  await yieldToMessages();
  stopIfCancelled(token);
  const lexicon = state.lexiconFor(cur.analysis.parsed.file.text, cur.settings).lexicon;
  let model;
  try {
    model = boardCoachModel(cur.analysis, line, lexicon, state.coachCache, lang, token);
  } catch (error) {
    if (error instanceof AnalysisCancelled) throw cancelledError();
    throw error;
  }
  const board = boardModel(cur.analysis.replay, model.turnIndex);
  const moves = renderBoardMoves(model, board, lang);
  const held = state.verdictCache.get(params.uri, cur.version, model.turnIndex);
  if (!held) return moves;
  const section = renderDeepBoard(held, board, lang, moves.count);
  return { ...moves, html: moves.html + section.html, previews: moves.previews + section.previews, count: moves.count + section.count };
}
