/**
 * The values the grammar (grammar/gcg.peggy) gives for one line, before tiles are composed: what
 * its actions build and what the fast line reader (fast-line.ts) builds for the lines it reads.
 * Both parsers import these shapes from here (neither imports the other's module for them).
 *
 * Invariants: types only; keep them in step with the grammar's actions (the differential test
 * compares both parsers' values key by key).
 *
 * Example:
 *   const raw: RawLine = parseLine('>Ana: ABILORS 8D LIBRO +16 16', 0, 0);   // raw.type === 'event'
 */
import type { CoordNode, ErrorLine, EventKind, NumberToken, Piece, PragmaName, Span, Token } from './types';

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
  readonly word?: RawTiles;
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

/** A line neither parser could read: the tree's own error line, as both parsers make it. */
export type RawError = ErrorLine;

interface RawBlank {
  readonly type: 'blank';
  readonly span: Span;
  readonly line: number;
}

export type RawLine = RawEvent | RawPragma | RawError | RawBlank;
