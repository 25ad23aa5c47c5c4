/**
 * How the engine's answers are written for a person or a program, one way for every command
 * (`moves`, `moves --cgp`, `moves --sim`, `endgame`, `analyze`, `analyze --deep`): a move as
 * `H8 CASA`, a score as `+12`, an analysis message in the user's language, a position as the JSON
 * `moves --stdin` reads (so an answer can be fed back), text of a record with its control
 * characters escaped.
 *
 * Example:
 *   moveText(move, 'es');       // 'H8 CASA'
 *   signed(-3);                 // '-3'
 *   positionJson(position);     // { board: [...15 rows], rack: 'AEI[CH]?', bag, scores, rules }
 */
import { BOARD_SIZE } from '../../engine/board';
import { formatMessage } from '../../rules/messages';
import { movePosition, moveWord, type Move, type Position } from '../../analysis';
import type { AnalysisMessage } from '../../analysis/position';
import { terminalText } from './terminal';
import type { CliIo } from './io';

/** Text a record supplies (nicks, paths), shown with its control characters as escapes (terminal.ts). */
export const shown = terminalText;

export function render(m: AnalysisMessage, lang: CliIo['lang']): string {
  const args: Record<string, string | number> = { ...m.args };
  if (m.detail) args.detail = render(m.detail, lang);
  return formatMessage(m.messageId, args, lang);
}

/** The JSON of a position, in the `--stdin` input form (so an answer can be fed back). */
export function positionJson(p: Position): Record<string, unknown> {
  const board: string[] = [];
  for (let r = 0; r < BOARD_SIZE; r++) {
    let row = '';
    for (let c = 0; c < BOARD_SIZE; c++) {
      const cell = p.board[r * BOARD_SIZE + c];
      if (!cell) row += '.';
      else {
        const face = cell.blank ? cell.letter.toLowerCase() : cell.letter;
        row += face.length > 1 ? `[${face}]` : face;
      }
    }
    board.push(row);
  }
  return { board, rack: rackText(p.rack), bag: p.bag, scores: p.scores, rules: p.rules };
}

/** A rack as it is written: `AEI[CH]?` (a two-letter tile in brackets). */
export function rackText(rack: readonly string[]): string {
  return rack.map((f) => (f.length > 1 ? `[${f}]` : f)).join('');
}

export function moveText(m: Move, lang: CliIo['lang']): string {
  if (m.kind === 'pass') return formatMessage('analysis.pass', {}, lang);
  if (m.kind === 'exchange') return formatMessage('analysis.exchange', { tiles: moveWord(m) }, lang);
  return `${movePosition(m)} ${moveWord(m)}`;
}

export const signed = (n: number): string => (n >= 0 ? `+${n}` : String(n));
