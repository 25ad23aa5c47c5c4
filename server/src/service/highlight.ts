/**
 * Document highlight (LSP textDocument/documentHighlight) on a move: the move's word is marked
 * (kind Write), and so is every tile of another move that lies on one of that word's squares
 * (kind Read): the earlier moves whose tiles the word uses, and the later moves that play
 * through or beside it on the same squares.
 *
 * Invariants: pure; never throws; answers only on a placement line (its play, coordinate or
 * nick); a tile's square is its play's coordinate stepped along the direction by its index
 * (played-through tiles `.` included), as the notation writes it.
 *
 * Example:
 *   documentHighlights(analysis, { line: 5, character: 14 });
 *   // [{ range: 'ZA.RO', kind: 3 }, { range: the 'A' of 'BEFAN' on line 4, kind: 2 }]
 */
import { DocumentHighlightKind, type DocumentHighlight, type Position } from 'vscode-languageserver-types';
import type { Analysis } from './document';
import { toRange } from './locate';
import type { EventNode } from '../syntax/types';

const key = (row: number, col: number): number => row * 64 + col;

/** The squares of each tile of a placement as written (index = tile index). */
function tileSquares(event: EventNode): number[] {
  const coord = event.coord;
  const play = event.play;
  if (!coord || !play) return [];
  return play.tiles.map((_, i) => (coord.direction === 'across' ? key(coord.row, coord.col + i) : key(coord.row + i, coord.col)));
}

export function documentHighlights(analysis: Analysis, pos: Position): DocumentHighlight[] {
  const file = analysis.parsed.file;
  const line = file.lines[pos.line];
  if (!line || line.type !== 'event' || line.kind !== 'placement' || !line.play || !line.coord) return [];
  const index = file.events.indexOf(line);
  const turn = analysis.replay.turns[index];
  const main = turn?.words.find((w) => w.main) ?? turn?.words[0];
  const squares = new Set<number>(
    main ? main.squares.map((s) => key(s.row, s.col)) : tileSquares(line).filter((_, i) => !line.play!.tiles[i].through),
  );
  if (squares.size === 0) return [];
  const out: DocumentHighlight[] = [{ range: toRange(line.play.span), kind: DocumentHighlightKind.Write }];
  file.events.forEach((other, i) => {
    if (i === index || other.kind !== 'placement' || !other.play) return;
    // A move the replay could not place (off the board, an illegal shape) marks nothing.
    if (analysis.replay.turns[i]?.illegal) return;
    const at = tileSquares(other);
    other.play.tiles.forEach((tile, t) => {
      if (squares.has(at[t])) out.push({ range: toRange(tile.span), kind: DocumentHighlightKind.Read });
    });
  });
  return out;
}
