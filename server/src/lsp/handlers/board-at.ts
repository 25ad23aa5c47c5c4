/**
 * `planilla/boardAt`: the board view of an open record at a line (the board, racks, scores of
 * that turn); the best moves come apart (`planilla/boardMoves`). Answered from the newest
 * analysis held when the record changed only after that line (state.analysisForLine).
 */
import type { CancellationToken } from 'vscode-languageserver';
import { boardViewAt } from '../../report/board-body';
import type { BoardAtParams, BoardAtResult } from '../../shared/protocol';
import type { ServerState } from '../state';

export async function boardAt(state: ServerState, params: BoardAtParams, token: CancellationToken): Promise<BoardAtResult | null> {
  const line = Number.isFinite(params.line) ? params.line : 0;
  const cur = await state.analysisForLine(params.uri, line, token);
  if (!cur) return null;
  return boardViewAt(cur.analysis.replay, line, state.languageOf(cur.settings), { coach: cur.settings.analysisEnabled });
}
