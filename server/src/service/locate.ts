/**
 * Where things are: syntax-tree spans as LSP ranges, and what lies under a cursor position (which
 * event and turn, which token of it, which pragma or note). Every feature that answers "at this
 * position" goes through `locate`.
 *
 * Invariants: pure; never throws; positions outside the text give `{ kind: 'none' }`.
 *
 * Example:
 *   const at = locate(analysis, { line: 4, character: 22 });
 *   if (at.kind === 'event' && at.part === 'score') at.turn?.computedScore;
 */
import type { Position, Range } from 'vscode-languageserver-types';
import type { Analysis } from './document';
import type { TurnState } from '../engine/types';
import type { EventNode, NoteNode, Piece, PragmaNode, Span, TileRef } from '../syntax/types';

export function toRange(span: Span): Range {
  return { start: { line: span.start.line, character: span.start.column }, end: { line: span.end.line, character: span.end.column } };
}

/** Whether `pos` lies in `span` (both ends included, so a cursor right after a token still hits it). */
export function spanContains(span: Span, pos: Position): boolean {
  const afterStart = pos.line > span.start.line || (pos.line === span.start.line && pos.character >= span.start.column);
  const beforeEnd = pos.line < span.end.line || (pos.line === span.end.line && pos.character <= span.end.column);
  return afterStart && beforeEnd;
}

/** Whether two ranges share at least one position. */
export function rangesTouch(a: Range, b: Range): boolean {
  const before = (p: Position, q: Position): boolean => p.line < q.line || (p.line === q.line && p.character < q.character);
  return !before(a.end, b.start) && !before(b.end, a.start);
}

type EventPart = 'nick' | 'rack' | 'coord' | 'play' | 'exchanged' | 'end-rack' | 'keyword' | 'score' | 'total' | 'line';

export type Located =
  | { readonly kind: 'none' }
  | {
      readonly kind: 'event';
      readonly event: EventNode;
      /** Index of the event in file.events (and of its turn). */
      readonly index: number;
      readonly turn?: TurnState;
      readonly part: EventPart;
      /** The tile under the cursor, for rack and play parts. */
      readonly tile?: TileRef;
      readonly piece?: Piece;
    }
  | { readonly kind: 'pragma'; readonly pragma: PragmaNode; readonly onName: boolean }
  | { readonly kind: 'note'; readonly note: NoteNode };

/** The tile of a composed list whose span holds `pos`. */
function tileAt(tiles: readonly TileRef[], pos: Position): TileRef | undefined {
  return tiles.find((t) => spanContains(t.span, pos) && pos.character < t.span.end.column) ?? tiles.find((t) => spanContains(t.span, pos));
}

function pieceAt(pieces: readonly Piece[], pos: Position): Piece | undefined {
  return (
    pieces.find((p) => spanContains(p.span, pos) && pos.character < p.span.end.column) ?? pieces.find((p) => spanContains(p.span, pos))
  );
}

/** Every note of the file (header notes and notes attached to events). */
export function allNotes(analysis: Analysis): NoteNode[] {
  const file = analysis.parsed.file;
  return [...file.headerNotes, ...file.events.flatMap((e) => e.notes)];
}

export function locate(analysis: Analysis, pos: Position): Located {
  const file = analysis.parsed.file;
  const line = file.lines[pos.line];
  if (!line) return { kind: 'none' };
  if (line.type === 'event') {
    const index = file.events.indexOf(line);
    const turn = analysis.replay.turns[index];
    const base = { kind: 'event' as const, event: line, index, ...(turn ? { turn } : {}) };
    const parts: [EventPart, Span | undefined][] = [
      ['score', line.score?.span],
      ['total', line.total?.span],
      ['coord', line.coord?.span],
      ['keyword', line.keyword?.span],
      ['nick', line.nick.span],
    ];
    for (const [part, span] of parts) if (span && spanContains(span, pos)) return { ...base, part };
    if (line.play && spanContains(line.play.span, pos)) {
      const tile = tileAt(line.play.tiles, pos);
      const piece = pieceAt(line.play.pieces, pos);
      return { ...base, part: 'play', ...(tile ? { tile } : {}), ...(piece ? { piece } : {}) };
    }
    const racks: [EventPart, typeof line.rack][] = [
      ['rack', line.rack],
      ['exchanged', line.exchanged],
      ['end-rack', line.endRack],
    ];
    for (const [part, rack] of racks) {
      if (rack && spanContains(rack.span, pos)) {
        const tile = tileAt(rack.readings[0] ?? rack.singles, pos);
        const piece = pieceAt(rack.pieces, pos);
        return { ...base, part, ...(tile ? { tile } : {}), ...(piece ? { piece } : {}) };
      }
    }
    return { ...base, part: 'line' };
  }
  if (line.type === 'pragma') {
    if (line.name === 'note') return { kind: 'note', note: line.note };
    return {
      kind: 'pragma',
      pragma: line,
      onName: spanContains(line.nameToken.span, pos) || pos.character <= line.nameToken.span.start.column,
    };
  }
  if (line.type === 'note-continuation') {
    const note = allNotes(analysis).find((n) => n.firstLine <= pos.line && pos.line <= n.lastLine);
    return note ? { kind: 'note', note } : { kind: 'none' };
  }
  return { kind: 'none' };
}
