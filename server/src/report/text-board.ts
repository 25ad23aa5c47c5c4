/**
 * The board as monospaced text, for `planilla board` and the Markdown report: columns A–O and rows
 * 1–15, premium squares marked, blanks in lower case, a digraph tile as one cell ('CH'), the tiles
 * of the event shown in parentheses, then the legend, racks, totals, bag and unseen tiles.
 *
 * Invariants: pure; every row of the grid has the same width (cells are four characters, right
 * aligned, so 'CH' and '(CH)' fit); premium marks follow the legend of `board.legend`
 * (= TW, - DW, " TL, ' DL, * centre); an occupied square shows its tile, never its premium.
 *
 * Example:
 *   renderGrid(boardModel(replay, 0))[8];   // row 8 after LIBRO at 8D:
 *   // '  8   =   .   . (L) (I) (B) (R) (O)   .   .   .   \'   .   .   ='
 *   renderTextBoard(boardModel(replay, 0), 'es');   // heading, grid, legend, racks, totals, …
 */
import { BOARD_SIZE, squareIndex } from '../engine/board';
import { formatMessage } from '../rules/messages';
import type { Language } from '../rules/types';
import type { BoardModel, SquareModel } from '../service/board-model';
import { boardFooter, boardHeading } from './labels';

const CELL = 4;
const COLUMNS = 'ABCDEFGHIJKLMNO';
const PREMIUM_MARK: Readonly<Record<string, string>> = { TW: '=', DW: '-', TL: '"', DL: "'" };

/** The text of one square: its tile (lower case for a blank, in parentheses when just placed) or its mark. */
export function cellText(square: SquareModel): string {
  const tile = square.tile;
  if (tile) {
    const face = tile.blank ? tile.letter.toLowerCase() : tile.letter;
    return square.lastMove ? `(${face})` : face;
  }
  if (square.star) return '*';
  return square.premium ? PREMIUM_MARK[square.premium] : '.';
}

/** The 15×15 grid with coordinates: a header row of columns and one line per row. */
export function renderGrid(model: BoardModel): string[] {
  const pad = (s: string): string => s.padStart(CELL);
  const lines = [`   ${[...COLUMNS].map(pad).join('')}`];
  for (let row = 0; row < BOARD_SIZE; row++) {
    let line = String(row + 1).padStart(3);
    for (let col = 0; col < BOARD_SIZE; col++) line += pad(cellText(model.squares[squareIndex(row, col)]));
    lines.push(line);
  }
  return lines;
}

/** Heading, grid, legend and the lines about racks, totals, bag and unseen tiles. */
export function renderTextBoard(model: BoardModel, lang: Language): string {
  return [
    boardHeading(model, lang),
    '',
    ...renderGrid(model),
    '',
    formatMessage('board.legend', {}, lang),
    formatMessage('report.board.legend-last', {}, lang),
    '',
    ...boardFooter(model, lang),
  ].join('\n');
}
