/**
 * Typed access to the generated Peggy parser (grammar/gcg.peggy → generated/gcg-parser.js).
 *
 * The grammar reads one line at a time and composes no tiles: racks and plays come out as
 * `RawTiles` (text, span, pieces); parse.ts turns them into `RackNode`/`PlayNode` once the file's
 * notation is known. These `Raw*` shapes are what the grammar's actions build; keep them in step
 * with the grammar.
 *
 * Invariants: `parseLine` never throws (the `Line` rule always succeeds; a thrown parser error,
 * which would be a grammar bug, still becomes an `unexpected-line` error value).
 *
 * Example:
 *   const raw = parseLine('>Ana: ABILORS 8D LIBRO +16 16', 0, 0);   // raw.type === 'event'
 *   const score = parseRule('Score', '+24');                      // { text: '+24', value: 24, span }
 */
import * as generated from './generated/gcg-parser';
import { readCommonLine } from './fast-line';
import type { CoordNode, EventKind, NumberToken, Piece, PragmaName, Span, Token } from './types';

/** The pieces of a rack or play as written, before tiles are composed. */
export interface RawTiles {
  readonly text: string;
  readonly span: Span;
  readonly pieces: readonly Piece[];
}

export interface RawEvent {
  readonly type: 'event';
  readonly kind: EventKind;
  readonly span: Span;
  readonly line: number;
  readonly nick: Token;
  readonly rack?: RawTiles;
  readonly coord?: CoordNode;
  readonly play?: RawTiles;
  readonly exchanged?: RawTiles;
  readonly exchangedCount?: NumberToken;
  readonly endRack?: RawTiles;
  readonly keyword?: Token;
  readonly score?: NumberToken;
  readonly total?: NumberToken;
  readonly trailing?: Token;
  /** A placement without its score or total: what is missing and where it should be. */
  readonly missing?: { readonly messageId: string; readonly at: Span };
}

export interface RawPragma {
  readonly type: 'pragma';
  readonly name: PragmaName | 'unknown';
  readonly span: Span;
  readonly line: number;
  readonly nameToken: Token;
  readonly args: Token;
  readonly nick?: Token;
  readonly fullName?: string;
  readonly rack?: RawTiles;
  readonly edition?: Token;
  readonly notation?: Token;
  readonly seconds?: NumberToken;
  readonly ruling?: Token;
  readonly words?: readonly Token[];
  readonly reason?: Token;
  readonly upper?: Token;
  readonly lower?: Token;
}

export interface RawError {
  readonly type: 'error';
  readonly span: Span;
  readonly line: number;
  readonly at: Span;
  readonly messageId: string;
  readonly args: Readonly<Record<string, string | number>>;
}

export interface RawBlank {
  readonly type: 'blank';
  readonly span: Span;
  readonly line: number;
}

export type RawLine = RawEvent | RawPragma | RawError | RawBlank;

/** Start rules a test or tool may call directly. */
export type StartRule =
  | 'Line'
  | 'Pragma'
  | 'Event'
  | 'EventBody'
  | 'Rack'
  | 'Play'
  | 'Coord'
  | 'Score'
  | 'Total'
  | 'Count'
  | 'Nick'
  | 'Keyword'
  | 'ClockTime';

function lineSpan(text: string, line: number, offset: number): Span {
  return {
    start: { line, column: 0, offset },
    end: { line, column: text.length, offset: offset + text.length },
  };
}

/**
 * Parses one line (no line terminator) that starts at absolute `offset` on 0-based `line`. The
 * common well-formed lines are read by fast-line.ts (the same value, faster); the rest go to the
 * generated parser.
 */
export function parseLine(text: string, line: number, offset: number): RawLine {
  const common = readCommonLine(text, line, offset);
  if (common) return common;
  return grammarLine(text, line, offset);
}

/** The generated parser's `Line` value, without the fast reader (for tests and comparisons). */
export function grammarLine(text: string, line: number, offset: number): RawLine {
  try {
    return generated.parse(text, { startRule: 'Line', line, offset }) as RawLine;
  } catch {
    const span = lineSpan(text, line, offset);
    return { type: 'error', span, line, at: span, messageId: 'unexpected-line', args: { text: text.slice(0, 40) } };
  }
}

/**
 * Runs one start rule on a whole string; returns the rule's value, or `undefined` when the string
 * is not exactly one such piece (for tests and tools; `parse` never uses this).
 */
export function parseRule(rule: StartRule, text: string): unknown {
  try {
    return generated.parse(text, { startRule: rule, line: 0, offset: 0 }) as unknown;
  } catch {
    return undefined;
  }
}
