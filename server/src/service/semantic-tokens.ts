/**
 * Semantic colouring of a record (LSP semantic tokens), apart from the TextMate grammar: blank
 * tiles (a `?` on a rack, a lower-case letter in a play), digraph tiles (CH, LL, RR as one tile)
 * and the tiles of a play that formed a word the list does not accept (a phony).
 *
 * Legend: the token types `blankTile`, `digraphTile`, `phony`; the modifiers `blank` and
 * `digraph` mark a phony play's tile that is also a blank or a digraph (tokens never overlap).
 * package.json declares the same types (with a super type and TextMate scopes, so every theme
 * colours them).
 *
 * Invariants: pure; never throws; tokens are single-line, sorted, non-overlapping; encoded as the
 * protocol's relative five-number groups.
 *
 * Example:
 *   semanticTokens(analyze('>Ana: ?ABCDEF 8D cASA +6 6\n')).data;   // [0, 6, 1, 0, 0, 0, 11, 1, 0, 0]
 */
import type { SemanticTokens, SemanticTokensLegend } from 'vscode-languageserver-types';
import type { Analysis } from './document';
import type { RackNode, Span, TileRef } from '../syntax/types';

const TOKEN_TYPES = ['blankTile', 'digraphTile', 'phony'] as const;
const TOKEN_MODIFIERS = ['blank', 'digraph'] as const;
export const SEMANTIC_LEGEND: SemanticTokensLegend = { tokenTypes: [...TOKEN_TYPES], tokenModifiers: [...TOKEN_MODIFIERS] };

type TokenType = (typeof TOKEN_TYPES)[number];

/** One token before encoding. */
interface TileToken {
  readonly line: number;
  readonly start: number;
  readonly length: number;
  readonly type: TokenType;
  readonly modifiers: readonly (typeof TOKEN_MODIFIERS)[number][];
}

const isDigraph = (tile: TileRef): boolean => tile.letter !== null && tile.letter !== '?' && [...tile.letter].length > 1;

function tokenOf(span: Span, type: TokenType, modifiers: TileToken['modifiers'] = []): TileToken | undefined {
  if (span.start.line !== span.end.line || span.end.column <= span.start.column) return undefined;
  return { line: span.start.line, start: span.start.column, length: span.end.column - span.start.column, type, modifiers };
}

function rackTokens(rack: RackNode | undefined, out: TileToken[]): void {
  if (!rack) return;
  for (const tile of rack.readings[0] ?? rack.singles) {
    const t = tile.blank ? tokenOf(tile.span, 'blankTile') : isDigraph(tile) ? tokenOf(tile.span, 'digraphTile') : undefined;
    if (t) out.push(t);
  }
}

/** The tokens of the record, in text order. */
function tileTokens(analysis: Analysis): TileToken[] {
  const out: TileToken[] = [];
  const file = analysis.parsed.file;
  const turns = analysis.replay.turns;
  file.events.forEach((event, index) => {
    rackTokens(event.rack, out);
    rackTokens(event.exchanged, out);
    if (event.play) {
      const turn = turns[index];
      const phony = turn !== undefined && turn.words.some((w) => w.accepted === false);
      for (const tile of event.play.tiles) {
        const blank = tile.blank && !tile.through;
        const digraph = !tile.through && isDigraph(tile);
        let t: TileToken | undefined;
        if (phony) {
          t = tokenOf(tile.span, 'phony', [...(blank ? (['blank'] as const) : []), ...(digraph ? (['digraph'] as const) : [])]);
        } else if (blank) t = tokenOf(tile.span, 'blankTile');
        else if (digraph) t = tokenOf(tile.span, 'digraphTile');
        if (t) out.push(t);
      }
    }
    rackTokens(event.endRack, out);
  });
  for (const pragma of file.pragmas) if (pragma.name === 'rack1' || pragma.name === 'rack2') rackTokens(pragma.rack, out);
  return out.sort((a, b) => a.line - b.line || a.start - b.start);
}

/** The protocol's encoding: [deltaLine, deltaStart, length, type, modifier bits] per token. */
function encodeTokens(tokens: readonly TileToken[]): SemanticTokens {
  const data: number[] = [];
  let line = 0;
  let start = 0;
  let lastEnd = -1;
  let lastLine = -1;
  for (const t of tokens) {
    if (t.line === lastLine && t.start < lastEnd) continue; // never overlap
    const bits = t.modifiers.reduce((acc, m) => acc | (1 << TOKEN_MODIFIERS.indexOf(m)), 0);
    data.push(t.line - line, t.line === line ? t.start - start : t.start, t.length, TOKEN_TYPES.indexOf(t.type), bits);
    line = t.line;
    start = t.start;
    lastLine = t.line;
    lastEnd = t.start + t.length;
  }
  return { data };
}

export function semanticTokens(analysis: Analysis): SemanticTokens {
  return encodeTokens(tileTokens(analysis));
}
