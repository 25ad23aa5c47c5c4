/**
 * A fast reader for the common, well-formed lines of a record: the lines a game is made of
 * (placements, exchanges, passes, end-of-game racks) and the usual pragmas (`#player1`, `#note`,
 * `#rules`, `#tile-notation`, the simple ones). It gives exactly the value the grammar
 * (grammar/gcg.peggy, the only definition of the notation) gives for such a line, or `undefined`
 * — "ask the grammar" — for anything else: every error, every rare form, every doubt.
 *
 * Why: one call of the generated parser costs microseconds of set-up (its rules are closures made
 * anew on each call) and a line takes tens of regular-expression tests; a file of 40 lines paid
 * about a millisecond. This reader walks the line once, by character codes.
 *
 * How it stays equal to the grammar: each function below mirrors one grammar rule and follows
 * its PEG semantics (ordered choice that commits to the first alternative that matches, greedy
 * repetition without backtracking, the same character classes, `Number(text) || 0` for numbers,
 * the same objects with their keys in the same order). Where the grammar would go on to an
 * alternative this reader does not mirror, it returns `undefined`. A unit test
 * (test/unit/syntax/fast-line.test.ts) compares both readers on every line of the corpus, the
 * samples, generated games and random mutations of them.
 *
 * Invariants: pure; never throws; a defined result is deep-equal (keys in the same order) to
 * `generated.parse(text, { startRule: 'Line', line, offset })`. Equal positions within a line are
 * one shared (read-only) object.
 *
 * Example:
 *   readCommonLine('>Ana: ABILORS 8D LIBRO +16 16', 0, 0);   // the grammar's RawEvent
 *   readCommonLine('>Ana: ABILORS 8D LIBRO +16', 0, 0);      // undefined (missing total)
 */
import type { RawEvent, RawLine, RawPragma, RawTiles } from './raw';
import type { CoordNode, EventKind, NumberToken, Piece, PieceKind, Pos, Span, Token } from './types';
import { ARGUMENT_PRAGMAS, EDITION_NAMES, isEventKeyword, SIMPLE_PRAGMAS, TILE_NOTATIONS } from './vocabulary';

/** The grammar's blank space: space, tab, form feed, vertical tab, no-break space, U+FEFF. */
function isBlank(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0c || code === 0x0b || code === 0xa0 || code === 0xfeff;
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

function isAsciiLetter(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

/** The grammar's `[\p{L}]u` and `[\p{M}]u`, tested the way the generated parser does. */
const LETTER = /^[\p{L}]/u;
const MARK = /^[\p{M}]/u;
/** No combining mark lies below U+0300. */
const FIRST_MARK = 0x300;

/** The rack and tile pieces a line is made of; the kinds a rack (or a play) accepts. */
const RACK = 0;
const PLAY = 1;

/** Pragma names whose arguments the grammar takes as they come (`.*`) (vocabulary.ts). */
const SIMPLE: ReadonlySet<string> = new Set(SIMPLE_PRAGMAS);
const PLAYER: ReadonlySet<string> = new Set(ARGUMENT_PRAGMAS.player);
const NOTE: ReadonlySet<string> = new Set(ARGUMENT_PRAGMAS.note);
const RULES: ReadonlySet<string> = new Set(ARGUMENT_PRAGMAS.rules);
const TILE_NOTATION: ReadonlySet<string> = new Set(ARGUMENT_PRAGMAS.tileNotation);
/** Pragmas with arguments of their own that this reader leaves to the grammar. */
const LEFT_TO_GRAMMAR: ReadonlySet<string> = new Set([
  ...ARGUMENT_PRAGMAS.rack,
  ...ARGUMENT_PRAGMAS.clock,
  ...ARGUMENT_PRAGMAS.challenge,
  ...ARGUMENT_PRAGMAS.gameEnd,
  ...ARGUMENT_PRAGMAS.tile,
]);
const EDITIONS: ReadonlySet<string> = new Set(EDITION_NAMES);
const NOTATIONS: ReadonlySet<string> = new Set(TILE_NOTATIONS);

/** The tokens between the rack and the score of an event line (all but one absent). */
interface EventFields {
  readonly coord?: CoordNode;
  readonly play?: RawTiles;
  readonly exchanged?: RawTiles;
  readonly endRack?: RawTiles;
}

/** Score, total and any trailing text of an event line. */
interface EventTail {
  readonly score: NumberToken;
  readonly total: NumberToken;
  readonly trailing?: Token;
}

const NO_FIELDS: EventFields = {};

interface Located<T> {
  readonly value: T;
  readonly end: number;
}

/**
 * The positions table of the line being read, for lines shorter than it (nearly all): made once,
 * not once per line. Only the reader of one line uses it at a time (reading is synchronous and a
 * reader does not outlive `readCommonLine`); `sharedInUse` says how far the last line filled it.
 */
const SHARED_POSITIONS: (Pos | undefined)[] = new Array<Pos | undefined>(256).fill(undefined);
let sharedInUse = 0;

/** One line being read: its text and where it sits in the file. */
class LineReader {
  constructor(
    private readonly s: string,
    private readonly line: number,
    private readonly base: number,
  ) {
    // One table for every line that fits in it (emptied of the previous line's positions first),
    // else one sized for this line: filling a growing array at scattered columns would reallocate it.
    if (s.length < SHARED_POSITIONS.length) {
      SHARED_POSITIONS.fill(undefined, 0, sharedInUse);
      sharedInUse = s.length + 1;
      this.positions = SHARED_POSITIONS;
    } else {
      this.positions = new Array<Pos | undefined>(s.length + 1);
    }
  }

  // -------------------------------------------------------------------------------------------
  // Positions and tokens (the grammar's `pos`, `span`, `tok`, `piece`)

  /** Positions made so far, by column: a position is shared by the tokens that meet there. */
  private readonly positions: (Pos | undefined)[];

  private pos(at: number): Pos {
    return (this.positions[at] ??= { line: this.line, column: at, offset: this.base + at });
  }

  private span(from: number, to: number): Span {
    return { start: this.pos(from), end: this.pos(to) };
  }

  private tok<T>(value: T, from: number, to: number): Token<T> {
    return { text: this.s.slice(from, to), value, span: this.span(from, to) };
  }

  // -------------------------------------------------------------------------------------------
  // Terminals: each returns the end of the match, or -1

  /** `_`: blank space, possibly none. */
  private blanks(i: number): number {
    const s = this.s;
    while (i < s.length && isBlank(s.charCodeAt(i))) i++;
    return i;
  }

  /** `__`: at least one blank. */
  private blanks1(i: number): number {
    return i < this.s.length && isBlank(this.s.charCodeAt(i)) ? this.blanks(i + 1) : -1;
  }

  /** `TokenEnd`: a blank follows, or the line ends. */
  private tokenEnd(i: number): boolean {
    return i >= this.s.length || isBlank(this.s.charCodeAt(i));
  }

  /** `_ !.`: only blank space up to the end. */
  private restIsBlank(i: number): boolean {
    return this.blanks(i) === this.s.length;
  }

  /** `Letter = [\p{L}]u [\p{M}]u*`. */
  private letter(i: number): number {
    const s = this.s;
    if (i >= s.length) return -1;
    const code = s.charCodeAt(i);
    let j: number;
    if (isAsciiLetter(code)) j = i + 1;
    else if (code < 0x80) return -1;
    else {
      const ch = String.fromCodePoint(s.codePointAt(i)!);
      if (!LETTER.test(ch)) return -1;
      j = i + ch.length;
    }
    while (j < s.length && s.charCodeAt(j) >= FIRST_MARK) {
      const mark = String.fromCodePoint(s.codePointAt(j)!);
      if (!MARK.test(mark)) break;
      j += mark.length;
    }
    return j;
  }

  /** `$[A-Za-z]+`: just after a run of ASCII letters from `i` (`i` itself when there is none). */
  private asciiLetters(i: number): number {
    let j = i;
    while (j < this.s.length && isAsciiLetter(this.s.charCodeAt(j))) j++;
    return j;
  }

  /** `Keyword`'s `$[a-z]+ &{ isEventKeyword }` at `i` (just after the `(`), before any `)`. */
  private keywordAt(i: number): boolean {
    let j = i;
    while (j < this.s.length) {
      const code = this.s.charCodeAt(j);
      if (code < 0x61 || code > 0x7a) break;
      j++;
    }
    return j > i && isEventKeyword(this.s.slice(i, j));
  }

  /** A run of characters that are neither blank nor in `stop` (`Word`, `Nick`, `PragmaName`). */
  private run(i: number, colonStops: boolean): number {
    const s = this.s;
    let j = i;
    while (j < s.length) {
      const code = s.charCodeAt(j);
      if (isBlank(code) || (colonStops && code === 0x3a)) break;
      j++;
    }
    return j;
  }

  /** Just after the last non-blank character at or after `i`. */
  private contentEnd(i: number): number {
    let end = this.s.length;
    while (end > i && isBlank(this.s.charCodeAt(end - 1))) end--;
    return end;
  }

  // -------------------------------------------------------------------------------------------
  // Tokens of an event

  /** `Rack` (RackPiece+) or `Play` (PlayPiece+); null when not even one piece matches. */
  private tiles(i: number, kind: typeof RACK | typeof PLAY): Located<RawTiles> | null {
    const s = this.s;
    const pieces: Piece[] = [];
    let j = i;
    for (;;) {
      const code = s.charCodeAt(j);
      let end = -1;
      let pieceKind: PieceKind = 'letter';
      if (code === 0x5b) {
        // BracketPiece: "[" Letter+ "]"
        let k = this.letter(j + 1);
        if (k >= 0) {
          for (let next = this.letter(k); next >= 0; next = this.letter(k)) k = next;
          if (s.charCodeAt(k) === 0x5d) {
            end = k + 1;
            pieceKind = 'bracket';
          }
        }
      } else if (code === 0x31 || code === 0x32 || code === 0x33) {
        end = j + 1;
        pieceKind = 'digit';
      } else if (kind === RACK && code === 0x3f) {
        end = j + 1;
        pieceKind = 'blank';
      } else if (kind === PLAY && code === 0x2e) {
        end = j + 1;
        pieceKind = 'through';
      } else {
        end = this.letter(j);
      }
      if (end < 0) break;
      pieces.push({ kind: pieceKind, text: s.slice(j, end), span: this.span(j, end) });
      j = end;
    }
    if (pieces.length === 0) return null;
    return { value: { text: s.slice(i, j), span: this.span(i, j), pieces }, end: j };
  }

  /** `Coord`: `8D` (across) or `D8` (down). */
  private coord(i: number): Located<CoordNode> | null {
    const s = this.s;
    let j = i;
    while (j < i + 2 && isDigit(s.charCodeAt(j))) j++;
    let direction: 'across' | 'down';
    let rowText: string;
    let colChar: string;
    let end: number;
    if (j > i && isAsciiLetter(s.charCodeAt(j))) {
      direction = 'across';
      rowText = s.slice(i, j);
      colChar = s[j]!;
      end = j + 1;
    } else if (isAsciiLetter(s.charCodeAt(i))) {
      let k = i + 1;
      while (k < i + 3 && isDigit(s.charCodeAt(k))) k++;
      if (k === i + 1) return null;
      direction = 'down';
      rowText = s.slice(i + 1, k);
      colChar = s[i]!;
      end = k;
    } else {
      return null;
    }
    const value: CoordNode = {
      text: s.slice(i, end),
      span: this.span(i, end),
      row: Number(rowText) - 1,
      col: colChar.toUpperCase().charCodeAt(0) - 65,
      direction,
    };
    return { value, end };
  }

  /** `Score` (sign required) or `Total` (sign optional): up to 9 digits, then a token end. */
  private number(i: number, signRequired: boolean): Located<NumberToken> | null {
    const s = this.s;
    const sign = s.charCodeAt(i);
    let j = i;
    if (sign === 0x2b || sign === 0x2d) j++;
    else if (signRequired) return null;
    const digits = j;
    let magnitude = 0;
    for (let code = s.charCodeAt(j); j < digits + 9 && isDigit(code); code = s.charCodeAt(++j)) magnitude = magnitude * 10 + (code - 0x30);
    if (j === digits || !this.tokenEnd(j)) return null;
    // The grammar's Number(text) || 0: a minus sign before zero still gives 0, not -0.
    const value = sign === 0x2d ? 0 - magnitude || 0 : magnitude;
    return { value: { text: s.slice(i, j), value, span: this.span(i, j) }, end: j };
  }

  /** `PlacementHead = Coord __ Play TokenEnd`. */
  private placementHead(i: number): Located<{ coord: CoordNode; play: RawTiles }> | null {
    const coord = this.coord(i);
    if (!coord) return null;
    const at = this.blanks1(coord.end);
    if (at < 0) return null;
    const play = this.tiles(at, PLAY);
    if (!play || !this.tokenEnd(play.end)) return null;
    return { value: { coord: coord.value, play: play.value }, end: play.end };
  }

  /** `__ Score __ Total`, the part both tails share; null when it does not match. */
  private scoreAndTotal(i: number): { score: NumberToken; total: Located<NumberToken> } | null {
    const scoreAt = this.blanks1(i);
    if (scoreAt < 0) return null;
    const score = this.number(scoreAt, true);
    if (!score) return null;
    const totalAt = this.blanks1(score.end);
    if (totalAt < 0) return null;
    const total = this.number(totalAt, false);
    return total ? { score: score.value, total } : null;
  }

  /** First alternative of `PlacementTail`: `__ Score __ Total (__ Rest)? _ !.`; null otherwise. */
  private placementTail(i: number): EventTail | null {
    const numbers = this.scoreAndTotal(i);
    if (!numbers) return null;
    const { score, total } = numbers;
    const restAt = this.blanks(total.end);
    if (restAt === this.s.length) return { score, total: total.value };
    const end = this.contentEnd(restAt);
    const trailing = this.tok(this.s.slice(restAt, end), restAt, end);
    return { score, total: total.value, trailing };
  }

  /** First alternative of `OtherTail`: `__ Score __ Total _ !.`; null otherwise. */
  private otherTail(i: number): EventTail | null {
    const numbers = this.scoreAndTotal(i);
    if (!numbers || !this.restIsBlank(numbers.total.end)) return null;
    return { score: numbers.score, total: numbers.total.value };
  }

  /** First alternative of `ScoreOnlyTail`: `Score __ Total _ !.` at `i`; null otherwise. */
  private scoreOnlyTail(i: number): EventTail | null {
    const score = this.number(i, true);
    if (!score) return null;
    const totalAt = this.blanks1(score.end);
    if (totalAt < 0) return null;
    const total = this.number(totalAt, false);
    if (!total || !this.restIsBlank(total.end)) return null;
    return { score: score.value, total: total.value };
  }

  /**
   * `OtherHead`: pass, exchange of tiles, end-of-game rack. null when no alternative matches;
   * undefined for the alternatives left to the grammar (withdrawal `--`, `-N`, keywords).
   */
  private otherHead(i: number): Located<{ kind: EventKind; fields: EventFields }> | null | undefined {
    const s = this.s;
    const code = s.charCodeAt(i);
    if (code === 0x2d) {
      const next = s.charCodeAt(i + 1);
      if (next === 0x2d || isDigit(next)) return undefined;
      if (this.tokenEnd(i + 1)) return { value: { kind: 'pass', fields: {} }, end: i + 1 };
      const exchanged = this.tiles(i + 1, RACK);
      if (exchanged && this.tokenEnd(exchanged.end))
        return { value: { kind: 'exchange', fields: { exchanged: exchanged.value } }, end: exchanged.end };
      return null;
    }
    if (code === 0x28) {
      if (this.keywordAt(i + 1)) return undefined; // `(time)` and the like: the grammar's Keyword
      const endRack = this.tiles(i + 1, RACK);
      if (endRack && s.charCodeAt(endRack.end) === 0x29 && this.tokenEnd(endRack.end + 1)) {
        return { value: { kind: 'end-rack', fields: { endRack: endRack.value } }, end: endRack.end + 1 };
      }
      return null;
    }
    return null;
  }

  /**
   * `event(kind, fields, tail)` of the grammar, without the error case: the same keys in the same
   * order, copied one by one (Object.assign over objects of varied shapes is a slow generic call,
   * and this runs once per event line).
   */
  private event(kind: EventKind, rack: RawTiles | undefined, fields: EventFields, tail: EventTail): Record<string, unknown> {
    const node: Record<string, unknown> = { type: 'event', kind };
    if (rack) node['rack'] = rack;
    if (fields.coord) node['coord'] = fields.coord;
    if (fields.play) node['play'] = fields.play;
    if (fields.exchanged) node['exchanged'] = fields.exchanged;
    if (fields.endRack) node['endRack'] = fields.endRack;
    node['score'] = tail.score;
    node['total'] = tail.total;
    if (tail.trailing) node['trailing'] = tail.trailing;
    return node;
  }

  /** `EventBody`, for its clean alternatives; undefined for everything else. */
  private eventBody(i: number): Record<string, unknown> | undefined {
    // 1. Rack __ PlacementHead PlacementTail
    const rack = this.tiles(i, RACK);
    const afterRack = rack ? this.blanks1(rack.end) : -1;
    if (rack && afterRack >= 0) {
      const head = this.placementHead(afterRack);
      if (head) {
        const tail = this.placementTail(head.end);
        return tail ? this.event('placement', rack.value, head.value, tail) : undefined;
      }
    }
    // 2. PlacementHead PlacementTail
    const head = this.placementHead(i);
    if (head) {
      const tail = this.placementTail(head.end);
      return tail ? this.event('placement', undefined, head.value, tail) : undefined;
    }
    // 3. Rack __ OtherHead OtherTail
    if (rack && afterRack >= 0) {
      const other = this.otherHead(afterRack);
      if (other === undefined) return undefined;
      if (other) {
        const tail = this.otherTail(other.end);
        if (!tail) return undefined;
        const kind = other.value.kind === 'end-rack' ? 'rack-deduction' : other.value.kind;
        return this.event(kind, rack.value, other.value.fields, tail);
      }
    }
    // 4. OtherHead OtherTail
    const other = this.otherHead(i);
    if (other === undefined) return undefined;
    if (other) {
      const tail = this.otherTail(other.end);
      return tail ? this.event(other.value.kind, undefined, other.value.fields, tail) : undefined;
    }
    // A word without a coordinate (`>Ana: ?AALMNN LAMiNAN +69 69`, `>Ana: LAMiNAN 69`) comes
    // before the score-only alternatives in the grammar: a rack that could be a word is left to it.
    if (rack && rack.value.pieces.every((p) => p.kind === 'letter' || p.kind === 'bracket')) return undefined;
    // 5. Rack __ ScoreOnlyTail, 6. ScoreOnlyTail: a score-only line (`>Ana: +26 26`).
    if (rack && afterRack >= 0) {
      const tail = this.scoreOnlyTail(afterRack);
      if (tail) return this.event('score-only', rack.value, NO_FIELDS, tail);
    }
    const tail = this.scoreOnlyTail(i);
    if (tail) return this.event('score-only', undefined, NO_FIELDS, tail);
    return undefined;
  }

  /** `Event = _ ">" EventAfterMark`, with `i` just after the `>`. */
  readEvent(i: number): RawEvent | undefined {
    const s = this.s;
    const nickEnd = this.run(i, true);
    if (nickEnd === i || s.charCodeAt(nickEnd) !== 0x3a) return undefined;
    const nick = this.tok(s.slice(i, nickEnd), i, nickEnd);
    const body = this.eventBody(this.blanks(nickEnd + 1));
    if (!body) return undefined;
    body['nick'] = nick;
    body['span'] = this.span(0, s.length);
    body['line'] = this.line;
    return body as unknown as RawEvent;
  }

  // -------------------------------------------------------------------------------------------
  // Pragmas

  /** The grammar's `argsAfter`: everything after the name, trimmed. */
  private argsAfter(nameEnd: number): Token {
    const from = this.blanks(nameEnd);
    const end = this.contentEnd(from);
    const text = this.s.slice(from, end);
    const at = text.length === 0 ? nameEnd : from;
    return { text, value: text, span: this.span(at, at + text.length) };
  }

  private pragma(nameToken: Token, name: string, fields: object): Record<string, unknown> {
    return Object.assign({ type: 'pragma', name, nameToken, args: this.argsAfter(nameToken.span.end.column) }, fields);
  }

  /** `Pragma = _ "#" PragmaBody`, with `i` just after the `#`. */
  readPragma(i: number): RawPragma | undefined {
    const s = this.s;
    if (s.charCodeAt(i) === 0x2d) return undefined; // CommentPragma
    const nameEnd = this.run(i, false);
    if (nameEnd === i) return undefined; // EmptyPragma
    const name = s.slice(i, nameEnd);
    const nameToken = this.tok(name, i, nameEnd);
    const lower = name.toLowerCase();
    let node: Record<string, unknown> | undefined;
    if (PLAYER.has(lower)) node = this.playerArgs(nameToken, lower, nameEnd);
    else if (NOTE.has(lower)) node = this.pragma(nameToken, 'note', {});
    else if (RULES.has(lower)) node = this.rulesArgs(nameToken, nameEnd);
    else if (TILE_NOTATION.has(lower)) node = this.tileNotationArgs(nameToken, nameEnd);
    else if (LEFT_TO_GRAMMAR.has(lower)) node = undefined;
    else if (SIMPLE.has(lower)) node = this.pragma(nameToken, lower, {});
    else node = this.pragma(nameToken, 'unknown', {});
    if (!node) return undefined;
    return Object.assign(node, { span: this.span(0, s.length), line: this.line }) as unknown as RawPragma;
  }

  /** `PlayerArgs`, first alternative: `__ Word (__ Rest)? _ !.`. */
  private playerArgs(nameToken: Token, name: string, nameEnd: number): Record<string, unknown> | undefined {
    const at = this.blanks1(nameEnd);
    if (at < 0) return undefined;
    const nickEnd = this.run(at, false);
    if (nickEnd === at) return undefined;
    const nick = this.tok(this.s.slice(at, nickEnd), at, nickEnd);
    const restAt = this.blanks(nickEnd);
    const fullName = restAt === this.s.length ? '' : this.s.slice(restAt, this.contentEnd(restAt));
    return this.pragma(nameToken, name, { nick, fullName });
  }

  /** `RulesArgs`, first alternative: `__ Word _ !.`. */
  private rulesArgs(nameToken: Token, nameEnd: number): Record<string, unknown> | undefined {
    const at = this.blanks1(nameEnd);
    if (at < 0) return undefined;
    const end = this.run(at, false);
    if (end === at || !this.restIsBlank(end)) return undefined;
    if (!EDITIONS.has(this.s.slice(at, end).toLowerCase())) return undefined; // the grammar's error
    const edition = this.tok(this.s.slice(at, end), at, end);
    return this.pragma(nameToken, 'rules', { edition: Object.assign(edition, { value: edition.text.toLowerCase() }) });
  }

  /** `TileNotationArgs`, first alternative: `__ NotationName _ !.`. */
  private tileNotationArgs(nameToken: Token, nameEnd: number): Record<string, unknown> | undefined {
    const at = this.blanks1(nameEnd);
    if (at < 0) return undefined;
    const end = this.asciiLetters(at);
    const written = this.s.slice(at, end).toLowerCase();
    if (!NOTATIONS.has(written) || !this.tokenEnd(end) || !this.restIsBlank(end)) return undefined;
    const notation = this.tok(written, at, end);
    return this.pragma(nameToken, 'tile-notation', { notation });
  }
}

/**
 * The grammar's `Line` value for a common well-formed event or pragma line, or `undefined` when
 * the line must go to the grammar (see the header). Same arguments as `parseLine`.
 */
export function readCommonLine(text: string, line: number, offset: number): RawLine | undefined {
  let i = 0;
  while (i < text.length && isBlank(text.charCodeAt(i))) i++;
  const code = text.charCodeAt(i);
  if (code === 0x3e) return new LineReader(text, line, offset).readEvent(i + 1);
  if (code === 0x23) return new LineReader(text, line, offset).readPragma(i + 1);
  return undefined;
}
