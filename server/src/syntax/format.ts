/**
 * format(file) → canonical GCG text (NOTATION.md, "Canonical output").
 *
 * Output: `#character-encoding UTF-8` first; then every line in its original order — pragmas with
 * canonical spacing and lower-case names, events as `>NICK: RACK POS PLAY +SCORE TOTAL` with the
 * columns aligned, each `#note` with its continuation lines where it was (right after its event),
 * Quackle cross-words kept after the total. Blank lines are dropped; a line the parser could not
 * read is kept verbatim (a blank line goes before it when a note precedes it, so it does not
 * become part of the note). The original `#character-encoding` and `#tile-notation` lines are
 * replaced by what the output needs. Pragmas stay where they were because some are positional
 * (`#challenge valid` follows its placement, `#rack1` closes an Elise file); in an ordinary file
 * that is "header pragmas, then events".
 *
 * Tile notation (the information question). Bracket notation is canonical, but turning a PLAIN
 * file into brackets would have to decide what only the engine can decide: whether an upper-case
 * pair in a rack (`DEIORRX`) is one digraph tile or two letters, whether a lower-case `ll` in a
 * play is the real LL tile or a blank, and whether `CH` in a play is one tile (Spanish) or two
 * (English, read through `singles`). So:
 * - a file in bracket notation is written in brackets (`[CH]` digraph, `[ch]` blank digraph,
 *   lower-case letter = blank; legacy digits become `[CH]` `[LL]` `[RR]`);
 * - a plain file in which no piece is ambiguous (every rack has one reading, every play's tiles
 *   equal its singles — all English files, most Spanish ones) is written the same way: both
 *   notations read it identically, so nothing is lost;
 * - a plain file with an ambiguous piece keeps plain notation (pieces written as they were,
 *   NFC-normalised) under an explicit `#tile-notation plain`, so every reading survives.
 * - a bracket file with tokens the replay read in plain notation (a mixed file) is written with
 *   those tokens as the replay read them (`OtherReadings`), so every token comes out in brackets.
 * Hence `parse(format(parse(x)))` reads exactly as `parse(x)` (same events, tiles and readings,
 * coordinates, numbers, pragmas, notes, errors), which the unit tests check over the corpus.
 *
 * Invariants: pure; never throws; output ends with one line break; no trailing blank space.
 *
 * Example:
 *   formatDocument('>Ana:ABILORS   8d LIBRO +16 16')
 *   // '#character-encoding UTF-8\n>Ana: ABILORS 8D LIBRO +16 16\n'
 */
import { parse } from './parse';
import type { CoordNode, EventNode, GcgFile, NoteNode, Piece, PlayNode, PragmaNode, RackNode, TileNotation, TileRef } from './types';

function sameTiles(a: readonly TileRef[], b: readonly TileRef[]): boolean {
  return (
    a.length === b.length &&
    a.every((t, i) => {
      const u = b[i];
      return t.letter === u.letter && t.blank === u.blank && t.through === u.through && !t.lowerDigraph && !u.lowerDigraph;
    })
  );
}

function racksOf(file: GcgFile): RackNode[] {
  const racks: RackNode[] = [];
  for (const e of file.events) {
    for (const r of [e.rack, e.exchanged, e.endRack]) if (r) racks.push(r);
  }
  for (const p of file.pragmas) if (p.name === 'rack1' || p.name === 'rack2') racks.push(p.rack);
  return racks;
}

/** True when writing this plain-notation file in brackets loses nothing. */
function plainIsUnambiguous(file: GcgFile): boolean {
  const racksOk = racksOf(file).every((r) => r.readings.length === 1 && sameTiles(r.readings[0], r.singles));
  const playsOk = file.events.every((e) => !e.play || sameTiles(e.play.tiles, e.play.singles));
  return racksOk && playsOk;
}

/**
 * True when a bracket file has a token the replay may read in plain notation (a letter pair such
 * as `rr`): only then does `format` need the replay's readings (`OtherReadings`).
 */
export function hasOtherReadings(file: GcgFile): boolean {
  if (file.notation !== 'brackets') return false;
  return racksOf(file).some((r) => r.otherFrom !== undefined) || file.events.some((e) => e.play?.other !== undefined);
}

/**
 * The tokens the replay read in the other notation (NOTATION.md, `#tile-notation`), by the offset
 * where each starts, with its tiles as read in bracket notation (Replay.otherNotation): `format`
 * writes each so, and the whole file comes out in one notation.
 */
export type OtherReadings = ReadonlyMap<number, string>;

/** Renders tiles and pieces in the output notation; remembers whether a bracket was written. */
class TileWriter {
  wroteBracket = false;
  constructor(
    readonly notation: TileNotation,
    private readonly other: OtherReadings = new Map(),
  ) {}

  /** The replay's reading of a token read in the other notation, written in brackets. */
  private otherText(span: { start: { offset: number } }): string | undefined {
    const text = this.notation === 'brackets' ? this.other.get(span.start.offset) : undefined;
    if (text !== undefined && text.includes('[')) this.wroteBracket = true;
    return text;
  }

  private tile(t: TileRef): string {
    if (t.through) return '.';
    const letter = t.letter ?? '.';
    if (letter === '?') return '?';
    if ([...letter].length > 1) {
      this.wroteBracket = true;
      return `[${t.blank ? letter.toLowerCase() : letter}]`;
    }
    return t.blank ? letter.toLowerCase() : letter;
  }

  private piece(p: Piece): string {
    if (p.kind === 'bracket') this.wroteBracket = true;
    return p.text.normalize('NFC');
  }

  rack(r: RackNode): string {
    if (this.notation === 'plain') return r.pieces.map((p) => this.piece(p)).join('');
    return this.otherText(r.span) ?? (r.readings[0] ?? r.singles).map((t) => this.tile(t)).join('');
  }

  play(p: PlayNode): string {
    if (this.notation === 'plain') return p.pieces.map((x) => this.piece(x)).join('');
    return this.otherText(p.span) ?? p.tiles.map((t) => this.tile(t)).join('');
  }
}

function coordText(c: CoordNode): string {
  const col = String.fromCharCode(65 + c.col);
  return c.direction === 'across' ? `${c.row + 1}${col}` : `${col}${c.row + 1}`;
}

function signed(n: number): string {
  return n < 0 ? String(n) : `+${n}`;
}

function clockText(seconds: number): string {
  const abs = Math.abs(seconds);
  const mm = String(Math.floor(abs / 60)).padStart(2, '0');
  const ss = String(abs % 60).padStart(2, '0');
  return `${seconds < 0 ? '-' : ''}${mm}:${ss}`;
}

const KEYWORD_TEXT: Partial<Record<EventNode['kind'], string>> = {
  'challenge-bonus': '(challenge)',
  'time-penalty': '(time)',
  'arbiter-penalty': '(penalty)',
};

interface EventColumns {
  readonly nick: string;
  readonly rack: string;
  readonly coord: string;
  readonly move: string;
  readonly score: string;
  readonly total: string;
  readonly trailing: string;
}

function eventColumns(e: EventNode, w: TileWriter): EventColumns {
  let coord = '';
  let move = '';
  switch (e.kind) {
    case 'placement':
      coord = e.coord ? coordText(e.coord) : '';
      move = e.play ? w.play(e.play) : '';
      break;
    case 'word':
      move = e.word ? w.play(e.word) : '';
      break;
    case 'pass':
      move = '-';
      break;
    case 'withdrawn':
      move = '--';
      break;
    case 'exchange':
      move = e.exchanged ? `-${w.rack(e.exchanged)}` : `-${e.exchangedCount?.value ?? 0}`;
      break;
    case 'end-rack':
    case 'rack-deduction':
      move = e.endRack ? `(${w.rack(e.endRack)})` : '()';
      break;
    default:
      move = KEYWORD_TEXT[e.kind] ?? '';
  }
  return {
    nick: `>${e.nick.text}:`,
    rack: e.rack ? w.rack(e.rack) : '',
    coord,
    move,
    score: e.score ? signed(e.score.value) : '',
    total: e.total ? String(e.total.value) : '',
    trailing: e.trailing?.text ?? '',
  };
}

/** Columns are aligned up to this width; a longer cell just pushes its own line to the right. */
const MAX_COLUMN = 40;

function width(values: readonly string[]): number {
  return values.reduce((m, v) => (v.length > MAX_COLUMN ? m : Math.max(m, v.length)), 0);
}

function noteLines(note: NoteNode): string[] {
  const [first = '', ...rest] = note.text.split('\n');
  return [first === '' ? '#note' : `#note ${first}`, ...rest];
}

function withArgs(head: string, args: string): string {
  return args === '' ? head : `${head} ${args}`;
}

function pragmaText(p: PragmaNode, w: TileWriter): string {
  switch (p.name) {
    case 'player1':
    case 'player2':
      return withArgs(`#${p.name} ${p.nick.text}`, p.fullName);
    case 'rack1':
    case 'rack2':
      return `#${p.name} ${w.rack(p.rack)}`;
    case 'rules':
      return `#rules ${p.edition.value}`;
    case 'clock':
      return `#clock ${p.nick.text} ${clockText(p.seconds.value)}`;
    case 'challenge':
      return withArgs(`#challenge ${p.ruling.value}`, p.words.map((t) => t.text).join(' '));
    case 'game-end':
      return `#game-end ${p.reason.value}`;
    case 'tile':
      return withArgs(`#tile ${p.upper.text}`, p.lower?.text ?? '');
    case 'comment':
      return withArgs('#-', p.args.text);
    case 'unknown':
      return p.nameToken.text === '' ? withArgs('#', p.args.text) : withArgs(`#${p.nameToken.text}`, p.args.text);
    case 'note':
    case 'tile-notation':
      return '';
    default:
      return withArgs(`#${p.name}`, p.args.text);
  }
}

/**
 * Why a file must not be rewritten into its canonical form, or undefined when it may be:
 * - 'replacement-character': the text holds U+FFFD, the mark of bytes an editor could not decode
 *   (a wrong guess of the encoding): rewriting would make the loss permanent;
 * - 'unreadable': it has content lines and none of them reads as an event or a pragma (not a
 *   record, or a record decoded with the wrong encoding): its "canonical form" would be garbage.
 */
export function formatRefusal(file: GcgFile): 'replacement-character' | 'unreadable' | undefined {
  if (file.text.includes('\uFFFD')) return 'replacement-character';
  let content = 0;
  for (const line of file.lines) {
    if (line.type === 'blank' || line.type === 'note-continuation') continue;
    if (line.type !== 'error') return undefined;
    content++;
  }
  return content > 0 ? 'unreadable' : undefined;
}

export function format(file: GcgFile, other?: OtherReadings): string {
  const notation: TileNotation = file.notation === 'brackets' || plainIsUnambiguous(file) ? 'brackets' : 'plain';
  const writer = new TileWriter(notation, other);
  const columns = new Map<EventNode, EventColumns>();
  for (const e of file.events) columns.set(e, eventColumns(e, writer));
  const all = [...columns.values()];
  const nickW = width(all.map((c) => c.nick));
  const rackW = width(all.map((c) => c.rack));
  const anyRack = all.some((c) => c.rack !== '');
  const coordW = width(all.map((c) => c.coord));
  const moveW = width(all.map((c) => (c.coord === '' ? c.move : `${c.coord.padEnd(coordW)} ${c.move}`)));
  const scoreW = width(all.map((c) => c.score));
  const totalW = width(all.map((c) => c.total));

  const eventLine = (c: EventColumns): string => {
    const move = c.coord === '' ? c.move : `${c.coord.padEnd(coordW)} ${c.move}`;
    const cells = [c.nick.padEnd(nickW)];
    if (anyRack) cells.push(c.rack.padEnd(rackW));
    cells.push(move.padEnd(moveW), c.score.padStart(scoreW), c.total.padStart(totalW));
    const line = cells.join(' ').trimEnd();
    return c.trailing === '' ? line : `${line}  ${c.trailing}`;
  };

  const body: string[] = [];
  let afterNote = false;
  for (const node of file.lines) {
    switch (node.type) {
      case 'blank':
      case 'note-continuation':
        break;
      case 'error':
        if (afterNote) body.push('');
        body.push(file.text.slice(node.span.start.offset, node.span.end.offset).trimEnd());
        afterNote = false;
        break;
      case 'event':
        body.push(eventLine(columns.get(node)!));
        afterNote = false;
        break;
      case 'pragma':
        if (node.name === 'note') {
          body.push(...noteLines(node.note));
          afterNote = true;
        } else if (node.name !== 'character-encoding' && node.name !== 'tile-notation') {
          body.push(pragmaText(node, writer));
          afterNote = false;
        }
        break;
    }
  }

  const header = ['#character-encoding UTF-8'];
  const hasTilePragma = file.pragmas.some((p) => p.name === 'tile');
  if (notation === 'plain') header.push('#tile-notation plain');
  else if (file.notation === 'brackets' && !hasTilePragma && !writer.wroteBracket) header.push('#tile-notation brackets');
  return [...header, ...body].join('\n') + '\n';
}

/** Parses and formats in one go (text or bytes). */
export function formatDocument(input: string | Uint8Array): string {
  return format(parse(input).file);
}
