/**
 * Syntax tree of a GCG game record (NOTATION.md): typed, read-only nodes, each with its source
 * span, so the editor can point at one token (the score, the rack, one tile).
 *
 * Invariants:
 * - `parse(text)` (parse.ts) never throws; a line it cannot read becomes an `ErrorLine` node in
 *   `file.lines`, and every other line still gets its own node.
 * - Positions are 0-based lines and UTF-16 columns (what LSP uses), plus absolute offsets into the
 *   decoded text.
 * - The tree says what is written; it never decides what the engine decides (which reading of an
 *   ambiguous plain-notation rack holds, whether a literal letter in a play is a played-through
 *   tile, which tile set is in force).
 *
 * Example:
 *   const { file } = parse('>Ana: ABILORS 8D LIBRO +16 16\n');
 *   const ev = file.lines[0];   // kind 'event', ev.event.kind === 'placement'
 */

/** A point in the decoded text: 0-based line, 0-based UTF-16 column, absolute offset. */
export interface Pos {
  readonly line: number;
  readonly column: number;
  readonly offset: number;
}

/** A half-open range [start, end) of the decoded text. */
export interface Span {
  readonly start: Pos;
  readonly end: Pos;
}

/** A piece of source text with its span. */
export interface Token<T = string> {
  readonly text: string;
  readonly value: T;
  readonly span: Span;
}

/**
 * One atomic piece of a rack or play as written, before tiles are composed:
 * - `bracket`: `[CH]` (real digraph tile) or `[ch]` (blank standing for it); value is the inner
 *   text as written (e.g. 'CH' or 'ch').
 * - `digit`: legacy `1` `2` `3` = CH LL RR (uppercase real tile).
 * - `letter`: one letter, upper or lower case, any alphabet (`A`, `ñ`, `Ą`): lower case in a
 *   play is a blank designation; in a rack lower case only matters for plain digraphs.
 * - `blank`: `?` (racks only).
 * - `through`: `.` (plays only): a tile already on the board.
 */
export type PieceKind = 'bracket' | 'digit' | 'letter' | 'blank' | 'through';

export interface Piece {
  readonly kind: PieceKind;
  /** Source text of this piece (`[CH]`, `1`, `a`, `?`, `.`). */
  readonly text: string;
  readonly span: Span;
}

/**
 * A tile as the notation reads it. `letter` is the canonical upper-case face: 'A', 'Ñ', 'CH',
 * 'Ą'; '?' for an undesignated blank on a rack; null for a played-through `.`.
 */
export interface TileRef {
  readonly letter: string | null;
  /** A blank (played: standing for `letter`; on a rack: `letter` is '?'). */
  readonly blank: boolean;
  /** Written as `.` in a play. */
  readonly through: boolean;
  /**
   * Plain notation only: a lower-case `ch`/`ll`/`rr` in a play. It is the real digraph tile when
   * the rack holds one that the play does not otherwise use, else a blank (NOTATION.md). The
   * engine decides; `blank` is true here as the default reading.
   */
  readonly lowerDigraph?: boolean;
  /** Source text of this tile (one or two pieces: `[CH]`, `CH` in plain, `a`). */
  readonly text: string;
  readonly span: Span;
}

/** Which digraph convention the file follows (NOTATION.md, "Digraph tiles"). */
export type TileNotation = 'brackets' | 'plain';

/**
 * A rack (or a parenthesised end-of-game rack, or a list of exchanged tiles).
 * `readings` holds every way of composing the pieces into tiles that the notation allows:
 * one reading in bracket notation; in plain notation an upper-case pair CH/LL/RR may be two
 * tiles or the digraph tile, so there may be several. Readings are ordered digraph-first
 * (the engine's tie-break). `readings` is computed for the Spanish digraphs; for a tile set
 * without digraphs the engine uses `singles` (every piece one tile).
 */
export interface RackNode {
  readonly text: string;
  readonly span: Span;
  readonly pieces: readonly Piece[];
  readonly readings: readonly (readonly TileRef[])[];
  /**
   * Bracket notation only, on a rack that holds a letter pair (`rr`, `LL`): `readings` from this
   * index on are the plain notation's readings of it (the pair as the digraph tile), after the
   * file's own. The engine takes one of them only when the file's reading cannot fit the turn
   * (NOTATION.md, `#tile-notation`: a mixed file).
   */
  readonly otherFrom?: number;
  /** Every piece as one tile (no digraph composition except brackets and digits). */
  readonly singles: readonly TileRef[];
}

/** The tiles of a placement as written (`CO[CH]eS`, `AB.IDO`, `llORA`). */
export interface PlayNode {
  readonly text: string;
  readonly span: Span;
  readonly pieces: readonly Piece[];
  /** Tiles composed under the file's notation (plain: upper-case CH/LL/RR = one tile). */
  readonly tiles: readonly TileRef[];
  /**
   * Bracket notation only, on a play that holds a letter pair (`ll`, `CH`): its tiles as the plain
   * notation reads them (the pair as the digraph tile). The engine takes them only when the file's
   * reading cannot fit the turn (its rack, its squares, its declared score): a mixed file.
   */
  readonly other?: readonly TileRef[];
  /** Every piece as one tile (for tile sets without digraphs, e.g. English). */
  readonly singles: readonly TileRef[];
}

/** A board coordinate: `8D` (number first = across) or `D8` (letter first = down). */
export interface CoordNode {
  readonly text: string;
  readonly span: Span;
  /** 0-based row (0 = row 1) and column (0 = A); may be off the board (the engine objects). */
  readonly row: number;
  readonly col: number;
  readonly direction: 'across' | 'down';
}

/** A signed number as written (`+24`, `-13`, `0`, `-6`). */
export type NumberToken = Token<number>;

export type EventKind =
  | 'placement'
  | 'pass'
  | 'exchange'
  | 'withdrawn'
  | 'challenge-bonus'
  | 'end-rack'
  | 'rack-deduction'
  | 'time-penalty'
  | 'arbiter-penalty'
  | 'score-only'
  | 'word';

export const EVENT_KINDS: readonly EventKind[] = [
  'placement',
  'pass',
  'exchange',
  'withdrawn',
  'challenge-bonus',
  'end-rack',
  'rack-deduction',
  'time-penalty',
  'arbiter-penalty',
  'score-only',
  'word',
];

/** A note: `#note TEXT` plus its continuation lines, Markdown. Attaches to the event before it. */
export interface NoteNode {
  /** The text with continuation lines joined by '\n' (first line is what follows `#note `). */
  readonly text: string;
  readonly span: Span;
  /** 0-based line numbers the note covers (the `#note` line and its continuations). */
  readonly firstLine: number;
  readonly lastLine: number;
}

/**
 * One `>NICK: ...` line. Which fields are present depends on `kind`:
 * - placement: rack?, coord, play, score, total (score/total may be missing: a syntax problem
 *   is reported and the engine can fill them in)
 * - pass: rack?, score, total
 * - exchange: rack?, exchanged (tiles) or exchangedCount (`-N`), score, total
 * - withdrawn: rack?, score, total (`-- -13 0`, or the old `-- +0 T`)
 * - challenge-bonus: rack?, score, total
 * - end-rack: endRack (the opponent's leftover tiles in parentheses), score, total
 * - rack-deduction: rack?, endRack, score, total
 * - time-penalty / arbiter-penalty: rack?, score, total
 * - score-only (dialect, a paper score sheet's numbers, art. 5.1): rack?, score, total
 * - word (dialect, a word without a coordinate): rack?, word, score?, total (the score may be
 *   left out: the totals tell it); the engine finds where the word went (engine/word-search.ts)
 */
export interface EventNode {
  readonly type: 'event';
  readonly kind: EventKind;
  readonly span: Span;
  /** 0-based line of the event. */
  readonly line: number;
  readonly nick: Token;
  readonly rack?: RackNode;
  readonly coord?: CoordNode;
  readonly play?: PlayNode;
  /** A word without a coordinate: the word written whole, board letters included (kind `word`). */
  readonly word?: PlayNode;
  readonly exchanged?: RackNode;
  readonly exchangedCount?: NumberToken;
  readonly endRack?: RackNode;
  /** `(time)`, `(penalty)`, `(challenge)` keyword token, when present. */
  readonly keyword?: Token;
  readonly score?: NumberToken;
  readonly total?: NumberToken;
  /** Old Quackle cross-words after the total (`BE, ET, DO`), kept verbatim. */
  readonly trailing?: Token;
  /** Notes attached to this event (filled by parse.ts from the `#note` lines after it). */
  readonly notes: readonly NoteNode[];
}

/** Pragma names the tree knows; any other is `unknown` (a hint, not an error). */
export type PragmaName =
  | 'character-encoding'
  | 'player1'
  | 'player2'
  | 'title'
  | 'description'
  | 'id'
  | 'lexicon'
  | 'game-type'
  | 'board-layout'
  | 'tile-distribution'
  | 'tile'
  | 'rack1'
  | 'rack2'
  | 'incomplete'
  | 'note'
  | 'tile-set'
  | 'game-board'
  | 'comment' /* `#- ` */
  | 'rules'
  | 'tile-notation'
  | 'clock'
  | 'challenge'
  | 'game-end'
  | 'event' /* dialect: the tournament */
  | 'round' /* dialect: the round */
  | 'sheet-of'; /* dialect: whose paper sheet this record copies (an event's two sheets of a game) */

export interface PragmaBase {
  readonly type: 'pragma';
  readonly span: Span;
  readonly line: number;
  /** The name as written (without `#`), with its span. */
  readonly nameToken: Token;
  /** Everything after the name, trimmed, with its span (may be empty). */
  readonly args: Token;
}

export interface PlayerPragma extends PragmaBase {
  readonly name: 'player1' | 'player2';
  readonly nick: Token;
  readonly fullName: string;
}
export interface NotePragma extends PragmaBase {
  readonly name: 'note';
  readonly note: NoteNode;
}
export interface RulesPragma extends PragmaBase {
  readonly name: 'rules';
  /** 'fise' | 'fise-2004' | 'fise-2001' | 'naspa', or whatever was written (the engine objects). */
  readonly edition: Token;
}
export interface TileNotationPragma extends PragmaBase {
  readonly name: 'tile-notation';
  readonly notation: Token;
}
export interface ClockPragma extends PragmaBase {
  readonly name: 'clock';
  readonly nick: Token;
  /** Seconds left at the end; negative = overtime. */
  readonly seconds: NumberToken;
}
export interface ChallengePragma extends PragmaBase {
  readonly name: 'challenge';
  /** `valid` (FISE: ruled valid, no penalty) or what was written. */
  readonly ruling: Token;
  readonly words: readonly Token[];
}
export interface GameEndPragma extends PragmaBase {
  readonly name: 'game-end';
  /** `time` or `blocked`, or what was written. */
  readonly reason: Token;
}
export interface RackPragma extends PragmaBase {
  readonly name: 'rack1' | 'rack2';
  readonly rack: RackNode;
}
export interface TilePragma extends PragmaBase {
  readonly name: 'tile';
  readonly upper: Token;
  readonly lower?: Token;
}
export interface SimplePragma extends PragmaBase {
  readonly name: Exclude<
    PragmaName,
    'player1' | 'player2' | 'note' | 'rules' | 'tile-notation' | 'clock' | 'challenge' | 'game-end' | 'rack1' | 'rack2' | 'tile'
  >;
}
export interface UnknownPragma extends PragmaBase {
  readonly name: 'unknown';
}

export type PragmaNode =
  | PlayerPragma
  | NotePragma
  | RulesPragma
  | TileNotationPragma
  | ClockPragma
  | ChallengePragma
  | GameEndPragma
  | RackPragma
  | TilePragma
  | SimplePragma
  | UnknownPragma;

/** A line the grammar could not read. Lives in the tree (not a side list). */
export interface ErrorLine {
  readonly type: 'error';
  readonly span: Span;
  readonly line: number;
  /** The span of the token at fault (or the rest of the line). */
  readonly at: Span;
  /** Message id in the rules registry's catalogue (e.g. 'expected-score'), with its arguments. */
  readonly messageId: string;
  readonly args: Readonly<Record<string, string | number>>;
}

/** A continuation line of a note (its text is folded into the note). */
export interface NoteContinuation {
  readonly type: 'note-continuation';
  readonly span: Span;
  readonly line: number;
}

export interface BlankLine {
  readonly type: 'blank';
  readonly span: Span;
  readonly line: number;
}

export type LineNode = EventNode | PragmaNode | ErrorLine | NoteContinuation | BlankLine;

/** Problems the syntax layer reports (besides ErrorLine nodes): syntax-error, encoding-fallback, unknown-pragma. */
export interface SyntaxProblem {
  readonly code: 'syntax-error' | 'encoding-fallback' | 'unknown-pragma';
  readonly span: Span;
  readonly messageId: string;
  readonly args: Readonly<Record<string, string | number>>;
}

export interface GcgFile {
  /** One node per source line, in order (index = 0-based line number). */
  readonly lines: readonly LineNode[];
  /** The event lines, in order. */
  readonly events: readonly EventNode[];
  /** The pragma lines, in order. */
  readonly pragmas: readonly PragmaNode[];
  /** Notes before the first event (attached to the game as a whole). */
  readonly headerNotes: readonly NoteNode[];
  /** The digraph notation in force and why. */
  readonly notation: TileNotation;
  readonly notationReason: 'pragma' | 'tile-pragma' | 'bracket-tile' | 'default';
  /** The decoded text the spans refer to. */
  readonly text: string;
  /** How the bytes were decoded. */
  readonly encoding: 'utf-8' | 'latin-1' | 'utf-16';
  /**
   * Set when reading stopped at a content-line limit (parse.ts `ParseOptions`): `text` and
   * `lines` end at `line`, whose content was not read. A truncated tree must not be written back
   * (formatting it would drop the rest of the file).
   */
  readonly truncated?: { readonly line: number; readonly maxContentLines: number };
}

export interface ParseResult {
  readonly file: GcgFile;
  readonly problems: readonly SyntaxProblem[];
}
