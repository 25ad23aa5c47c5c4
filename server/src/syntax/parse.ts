/**
 * parse(text | bytes) → { file, problems }: the syntax tree of a GCG record (types.ts).
 *
 * How: decode the bytes (encoding.ts), split the text into lines (LF, CRLF, CR, mixed), run the
 * grammar's `Line` rule on each line with its absolute offset, then — once the whole file is seen —
 * settle the digraph notation and compose every rack and play (tiles.ts), fold `#note`
 * continuation lines into their note and attach each note to the event before it.
 *
 * Invariants:
 * - Never throws; `file.lines[i]` is the node of line i; a line the grammar cannot read is an
 *   `ErrorLine` in the tree and every other line still gets its own node.
 * - `problems` holds what is not an `ErrorLine`: a placement without its score or total (the event
 *   stays in the tree with `score`/`total` undefined, so the engine can replay it and the editor
 *   can fill the numbers in; a `syntax-error` problem with message `expected-score` or
 *   `expected-total` points at the end of the line), unknown pragmas (hint) and the Latin-1
 *   fallback (hint). `syntaxErrors()` lists both kinds of syntax error in line order.
 * - A note continuation is a non-blank line that follows a `#note` line or another continuation
 *   and does not start (after blank space) with `#` or `>`; a blank line ends the note.
 * - Notation: `#tile-notation` wins (the first one); else brackets when there is a `#tile` pragma
 *   or any `[..]` tile; else plain.
 * - Event lines longer than MAX_EVENT_LINE characters are not run through the grammar (no game
 *   needs them) and get a `line-too-long` error.
 * - With `maxContentLines`, reading stops before the first content line over the limit (a line
 *   with text that does not continue a note): `file.text` and `file.lines` end there, the
 *   file is marked `truncated` and a `too-many-lines` syntax error sits at the cut. Nothing is
 *   lost: the tree is a faithful prefix and its spans are the whole text's.
 *
 * Example:
 *   const { file, problems } = parse('#player1 Ana Ana\n>Ana: ABILORS 8D LIBRO +16 16\n');
 *   file.events[0].score?.value === 16 && problems.length === 0
 */
import { decode } from './encoding';
import { parseLine } from './grammar';
import type { RawEvent, RawLine, RawPragma, RawTiles } from './raw';
import { composePlay, composeRack } from './tiles';
import type {
  ErrorLine,
  EventNode,
  GcgFile,
  LineNode,
  NoteNode,
  ParseResult,
  Pos,
  PragmaNode,
  Span,
  SyntaxProblem,
  TileNotation,
} from './types';

/** Longest event line the grammar is asked to read. */
export const MAX_EVENT_LINE = 100_000;

export interface SourceLine {
  readonly text: string;
  readonly offset: number;
}

/**
 * Calls `visit` for each line (LF, CRLF, CR); a text ending in a line break has a last, empty
 * line. A visit that returns `false` stops the walk there.
 */
export function forEachLine(text: string, visit: (src: SourceLine, line: number) => boolean | void): void {
  let start = 0;
  let line = 0;
  for (;;) {
    let i = start;
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 0x0a || c === 0x0d) break;
      i++;
    }
    if (visit({ text: text.slice(start, i), offset: start }, line) === false) return;
    if (i >= text.length) return;
    start = text.charCodeAt(i) === 0x0d && text.charCodeAt(i + 1) === 0x0a ? i + 2 : i + 1;
    line++;
  }
}

/** The lines of a text (see forEachLine). */
export function splitLines(text: string): SourceLine[] {
  const lines: SourceLine[] = [];
  forEachLine(text, (src) => {
    lines.push(src);
  });
  return lines;
}

function pos(line: number, column: number, offset: number): Pos {
  return { line, column, offset };
}

function lineSpan(line: number, src: SourceLine): Span {
  return { start: pos(line, 0, src.offset), end: pos(line, src.text.length, src.offset + src.text.length) };
}

const TRAILING_BLANK = /[ \t\f\v\u00A0\uFEFF]+$/;

/**
 * One line of a note without its trailing blanks, except a Markdown hard line break (two or more
 * trailing spaces), which is kept as exactly two spaces so formatting does not join the lines.
 */
function noteLineText(line: string): string {
  const stripped = line.replace(TRAILING_BLANK, '');
  return stripped !== '' && / {2,}$/.test(line) ? `${stripped}  ` : stripped;
}

/** The characters from `offset` to the end of its line (no line break). */
function restOfLine(text: string, offset: number): string {
  let end = offset;
  while (end < text.length && text[end] !== '\n' && text[end] !== '\r') end++;
  return text.slice(offset, end);
}

/** The grammar's blank space: space, tab, form feed, vertical tab, no-break space, U+FEFF. */
function isBlankChar(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0c || code === 0x0b || code === 0xa0 || code === 0xfeff;
}

/** Index of the first non-blank character (the length when there is none). */
function firstNonBlank(text: string): number {
  let i = 0;
  while (i < text.length && isBlankChar(text.charCodeAt(i))) i++;
  return i;
}

/** Index just after the last non-blank character at or after `from`. */
function endOfContent(text: string, from: number): number {
  let end = text.length;
  while (end > from && isBlankChar(text.charCodeAt(end - 1))) end--;
  return end;
}

function isContinuationText(text: string): boolean {
  const i = firstNonBlank(text);
  return i < text.length && text[i] !== '#' && text[i] !== '>';
}

/**
 * One line → its raw node. Blank lines and lines that cannot be a pragma or an event (first
 * non-blank character not `#` or `>`) get, without a grammar call, exactly the node the grammar's
 * `BlankLine` / `GarbageLine` rules give (a unit test compares them): a call costs microseconds
 * of set-up, which a 5 MB file of short garbage lines would pay hundreds of thousands of times.
 */
export function readLine(src: SourceLine, line: number): RawLine {
  const span = lineSpan(line, src);
  const from = firstNonBlank(src.text);
  if (from === src.text.length) return { type: 'blank', span, line };
  const first = src.text[from];
  if (first !== '#' && first !== '>') {
    const end = endOfContent(src.text, from);
    const whole = from === 0 && end === src.text.length;
    const at = whole ? span : { start: pos(line, from, src.offset + from), end: pos(line, end, src.offset + end) };
    return { type: 'error', messageId: 'unexpected-line', at, args: { text: src.text.slice(from, Math.min(end, from + 40)) }, span, line };
  }
  if (src.text.length > MAX_EVENT_LINE && first === '>') {
    return { type: 'error', span, line, at: span, messageId: 'line-too-long', args: { max: MAX_EVENT_LINE } };
  }
  return parseLine(src.text, line, src.offset);
}

function hasBracket(tiles: RawTiles | undefined): boolean {
  return tiles !== undefined && tiles.pieces.some((p) => p.kind === 'bracket');
}

function decideNotation(raws: readonly RawLine[]): Pick<GcgFile, 'notation' | 'notationReason'> {
  let tilePragma = false;
  let bracket = false;
  for (const raw of raws) {
    if (raw.type === 'pragma') {
      if (raw.name === 'tile-notation' && raw.notation) {
        return { notation: raw.notation.value as TileNotation, notationReason: 'pragma' };
      }
      if (raw.name === 'tile') tilePragma = true;
      if (hasBracket(raw.rack)) bracket = true;
    } else if (raw.type === 'event') {
      if (hasBracket(raw.rack) || hasBracket(raw.play) || hasBracket(raw.word) || hasBracket(raw.exchanged) || hasBracket(raw.endRack))
        bracket = true;
    }
  }
  if (tilePragma) return { notation: 'brackets', notationReason: 'tile-pragma' };
  if (bracket) return { notation: 'brackets', notationReason: 'bracket-tile' };
  return { notation: 'plain', notationReason: 'default' };
}

type MutableEvent = EventNode & { notes: NoteNode[] };

function buildEvent(raw: RawEvent, notation: TileNotation): MutableEvent {
  const node: Record<string, unknown> = { type: 'event', kind: raw.kind, span: raw.span, line: raw.line, nick: raw.nick };
  if (raw.rack) node['rack'] = composeRack(raw.rack, notation);
  if (raw.coord) node['coord'] = raw.coord;
  if (raw.play) node['play'] = composePlay(raw.play, notation);
  if (raw.word) node['word'] = composePlay(raw.word, notation);
  if (raw.exchanged) node['exchanged'] = composeRack(raw.exchanged, notation);
  if (raw.exchangedCount) node['exchangedCount'] = raw.exchangedCount;
  if (raw.endRack) node['endRack'] = composeRack(raw.endRack, notation);
  if (raw.keyword) node['keyword'] = raw.keyword;
  if (raw.score) node['score'] = raw.score;
  if (raw.total) node['total'] = raw.total;
  if (raw.trailing) node['trailing'] = raw.trailing;
  node['notes'] = [];
  return node as unknown as MutableEvent;
}

function buildPragma(raw: RawPragma, notation: TileNotation, note: NoteNode | undefined): PragmaNode {
  if (raw.name === 'note') return { ...raw, name: 'note', note: note! };
  if (raw.rack) return { ...raw, rack: composeRack(raw.rack, notation) } as unknown as PragmaNode;
  return raw as unknown as PragmaNode;
}

/** From `#` to the end of the arguments (or of the name). */
function pragmaTextSpan(raw: RawPragma): Span {
  const start = raw.nameToken.span.start;
  const hash = pos(start.line, Math.max(0, start.column - 1), Math.max(0, start.offset - 1));
  return { start: hash, end: raw.args.text === '' ? raw.nameToken.span.end : raw.args.span.end };
}

export interface ParseOptions {
  /**
   * Read at most this many content lines (see `isContentLine`): the line after the last one read
   * ends the tree, `file.text` stops there and one `too-many-lines` problem says so. No limit by
   * default; the analysis sets one (service/document.ts).
   */
  readonly maxContentLines?: number;
}

/**
 * Lines that cost the reader and the engine something: every line with text (events, pragmas,
 * notes, unreadable text) except blank lines and the continuation lines of a note, so one long
 * commentary is never cut.
 */
function isContentLine(text: string): boolean {
  return firstNonBlank(text) < text.length;
}

export function parse(input: string | Uint8Array, options: ParseOptions = {}): ParseResult {
  const decoded = typeof input === 'string' ? { text: input, encoding: 'utf-8' as const } : decode(input);
  const limit = options.maxContentLines;

  // Pass 1: the grammar, line by line; note continuations need only the previous line's kind.
  const raws: (RawLine | { type: 'note-continuation'; span: Span; line: number })[] = [];
  let inNote = false;
  let content = 0;
  let cut: Pos | undefined;
  forEachLine(decoded.text, (src, line) => {
    if (inNote && isContinuationText(src.text)) {
      raws.push({ type: 'note-continuation', span: lineSpan(line, src), line });
      return true;
    }
    if (limit !== undefined && isContentLine(src.text) && ++content > limit) {
      // The text is cut at the start of this line, which stays in the tree as an empty line.
      cut = pos(line, 0, src.offset);
      raws.push({ type: 'blank', span: { start: cut, end: cut }, line });
      return false;
    }
    const raw = readLine(src, line);
    raws.push(raw);
    inNote = raw.type === 'pragma' && raw.name === 'note';
    return true;
  });
  const text = cut ? decoded.text.slice(0, cut.offset) : decoded.text;

  const { notation, notationReason } = decideNotation(raws.filter((r): r is RawLine => r.type !== 'note-continuation'));

  // Pass 2: notes (a note and its continuations), in line order.
  const notesByLine = new Map<number, NoteNode>();
  for (let i = 0; i < raws.length; i++) {
    const raw = raws[i];
    if (raw.type !== 'pragma' || raw.name !== 'note') continue;
    const parts = [raw.args.text === '' ? '' : noteLineText(raw.args.text + restOfLine(text, raw.args.span.end.offset))];
    let last = i;
    while (raws[last + 1]?.type === 'note-continuation') {
      last++;
      const span = raws[last].span;
      parts.push(noteLineText(text.slice(span.start.offset, span.end.offset)));
    }
    const end = raws[last].span.end;
    notesByLine.set(i, { text: parts.join('\n'), span: { start: raw.span.start, end }, firstLine: i, lastLine: last });
  }

  // Pass 3: the final nodes.
  const lines: LineNode[] = [];
  const events: MutableEvent[] = [];
  const pragmas: PragmaNode[] = [];
  const headerNotes: NoteNode[] = [];
  const problems: SyntaxProblem[] = [];
  if ('fallback' in decoded && decoded.fallback) {
    problems.push({
      code: 'encoding-fallback',
      span: raws[0].span,
      messageId: decoded.fallback,
      args: { encoding: 'Windows-1252 (ISO-8859-1)' },
    });
  }
  if (cut) {
    problems.push({ code: 'syntax-error', span: { start: cut, end: cut }, messageId: 'too-many-lines', args: { max: limit ?? 0 } });
  }
  for (const raw of raws) {
    switch (raw.type) {
      case 'blank':
      case 'note-continuation':
        lines.push(raw);
        break;
      case 'error':
        lines.push(raw);
        break;
      case 'event': {
        const node = buildEvent(raw, notation);
        if (raw.missing) {
          problems.push({
            code: 'syntax-error',
            span: { start: raw.missing.at.start, end: raw.missing.at.end },
            messageId: raw.missing.messageId,
            args: {},
          });
        }
        lines.push(node);
        events.push(node);
        break;
      }
      case 'pragma': {
        const note = notesByLine.get(raw.line);
        const node = buildPragma(raw, notation, note);
        if (note) {
          const owner = events[events.length - 1];
          if (owner) owner.notes.push(note);
          else headerNotes.push(note);
        }
        if (raw.name === 'unknown') {
          const name = raw.nameToken.text;
          problems.push({
            code: 'unknown-pragma',
            span: pragmaTextSpan(raw),
            messageId: name === '' ? 'empty-pragma' : 'unknown-pragma',
            args: { pragma: name },
          });
        }
        lines.push(node);
        pragmas.push(node);
        break;
      }
    }
  }

  const file: GcgFile = {
    lines,
    events,
    pragmas,
    headerNotes,
    notation,
    notationReason,
    text,
    encoding: decoded.encoding,
    ...(cut ? { truncated: { line: cut.line, maxContentLines: limit ?? 0 } } : {}),
  };
  return { file, problems };
}

function compareSpans(a: Span, b: Span): number {
  return a.start.offset - b.start.offset;
}

/**
 * Every syntax error of a parse, in text order: the `ErrorLine` nodes as `syntax-error` problems
 * plus the `syntax-error` problems (missing score or total). Hints are left out.
 */
export function syntaxErrors(result: ParseResult): SyntaxProblem[] {
  const fromLines: SyntaxProblem[] = result.file.lines
    .filter((l): l is ErrorLine => l.type === 'error')
    .map((l) => ({ code: 'syntax-error', span: l.at, messageId: l.messageId, args: l.args }));
  const fromProblems = result.problems.filter((p) => p.code === 'syntax-error');
  return [...fromLines, ...fromProblems].sort((a, b) => compareSpans(a.span, b.span));
}
