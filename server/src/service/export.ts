/**
 * Export for Woogles / Macondo: a GCG file their parser reads line by line. Macondo accepts the
 * standard pragmas (#character-encoding first, #player1/#player2 with a real name, #title,
 * #description, #id, #lexicon, #rack1/#rack2, #note with continuation lines) and the standard
 * event lines; any other line is an error for it. So the export:
 * - writes tiles in bracket notation as the replay read them (the reading the engine chose for
 *   an ambiguous plain rack, real or blank for a lower-case plain digraph);
 * - drops the dialect pragmas (#rules, #tile-notation, #clock, #challenge, #game-end) and the
 *   standard ones Macondo rejects (#incomplete, #tile, #tile-distribution, …);
 * - keeps the FISE end-of-game lines as they are: `(RACK) +R` and `RACK (RACK) -R` are standard
 *   end-rack and last-rack-penalty lines;
 * - writes an arbiter penalty, which GCG has no line for, as a time-penalty line of the same
 *   amount followed by a note that says what it really was (the totals stay right);
 * - fills a missing score or total with the computed one;
 * - is refused (by its callers, `hasScoreOnlyLines`) for a record with score-only lines: GCG
 *   has no line for a turn known only by its numbers.
 *
 * Invariants: pure; never throws; the output parses with no syntax error in Planilla.
 *
 * Example:
 *   exportForWoogles(analyze(text, { lexicon }));  // '#character-encoding UTF-8\n#player1 …'
 */
import type { Analysis } from './document';
import type { EventNode, PragmaNode, RackNode, TileRef } from '../syntax/types';
import type { TurnState } from '../engine/types';
import { TILE_SETS } from '../engine/tilesets';
import type { OtherReadings } from '../syntax/format';
import { formatMessage } from '../rules/messages';
import { articleFor } from '../rules/registry';
import type { Language } from '../rules/types';

const KEPT_PRAGMAS = new Set(['player1', 'player2', 'title', 'description', 'id', 'lexicon', 'rack1', 'rack2']);

export function exportForWoogles(analysis: Analysis, lang: Language = 'es'): string {
  const { file } = analysis.parsed;
  const { replay } = analysis;
  const spanish = replay.tileSet === 'spanish';
  // Tokens the replay read in the other tile notation are written as it read them (Replay.otherNotation).
  const other: OtherReadings = new Map(replay.otherNotation.map((t) => [t.span.start.offset, t.brackets]));
  const value = (tiles: readonly TileRef[]): number =>
    tiles.reduce((sum, t) => sum + (t.blank || !t.letter ? 0 : TILE_SETS[replay.tileSet].value(t.letter)), 0);
  const turnByLine = new Map<number, TurnState>();
  for (const turn of replay.turns) turnByLine.set(turn.event.line, turn);
  const out: string[] = ['#character-encoding UTF-8'];
  let inNote = false;
  for (const line of file.lines) {
    if (line.type === 'note-continuation') {
      if (inNote) out.push(sourceLine(file.text, line.span.start.offset, line.span.end.offset).trim());
      continue;
    }
    inNote = false;
    if (line.type === 'blank' || line.type === 'error') continue;
    if (line.type === 'pragma') {
      const text = exportPragma(line);
      if (text !== undefined) {
        out.push(text);
        inNote = line.name === 'note';
      }
      continue;
    }
    const turn = turnByLine.get(line.line);
    out.push(exportEvent(line, turn, spanish, other, value));
    if (line.kind === 'arbiter-penalty') {
      out.push(
        `#note ${formatMessage('export.arbiter-penalty-note', { amount: Math.abs(turn?.computedScore ?? 0), article: articleFor('arbiter-penalty-mismatch', replay.rules) }, lang)}`,
      );
    }
  }
  return `${out.join('\n')}\n`;
}

function sourceLine(text: string, start: number, end: number): string {
  return text.slice(start, end);
}

function exportPragma(p: PragmaNode): string | undefined {
  if (p.name === 'note') return `#note ${p.note.text.split('\n')[0] ?? ''}`.trimEnd();
  if (!KEPT_PRAGMAS.has(p.name)) return undefined;
  if (p.name === 'player1' || p.name === 'player2') {
    const fullName = p.fullName.trim() || p.nick.value;
    return `#${p.name} ${p.nick.value} ${fullName}`;
  }
  if (p.name === 'rack1' || p.name === 'rack2') return `#${p.name} ${rackText(p.rack.readings[0] ?? p.rack.singles)}`;
  return `#${p.name} ${p.args.text}`.trimEnd();
}

/** Bracket notation for one tile: `[CH]` digraph, `[ch]` blank digraph, lower case = blank, `?` undesignated blank. */
function tileText(letter: string, blank: boolean): string {
  if (letter === '?') return '?';
  const face = blank ? letter.toLowerCase() : letter.toUpperCase();
  return letter.length > 1 ? `[${face}]` : face;
}

function rackText(tiles: readonly TileRef[]): string {
  return tiles.map((t) => tileText(t.letter ?? '?', t.blank && t.letter !== '?')).join('');
}

function rackFromState(rack: readonly string[]): string {
  return rack.map((l) => tileText(l, false)).join('');
}

function rackNodeTextOf(
  node: RackNode | undefined,
  spanish: boolean,
  other: OtherReadings,
  amount?: (tiles: readonly TileRef[]) => boolean,
): string {
  if (!node) return '';
  const read = other.get(node.span.start.offset);
  if (read !== undefined) return read;
  if (!spanish) return rackText(node.singles);
  // An end rack: the reading the line's amount tells (a plain `(LLP) +5` is L, L, P), else the first.
  return rackText((amount && node.readings.find(amount)) ?? node.readings[0] ?? node.singles);
}

function number(n: number | undefined, fallback: number, signed: boolean): string {
  const v = n ?? fallback;
  return signed && v >= 0 ? `+${v}` : String(v);
}

function exportEvent(
  ev: EventNode,
  turn: TurnState | undefined,
  spanish: boolean,
  other: OtherReadings,
  value: (tiles: readonly TileRef[]) => number,
): string {
  const rackNodeText = (node: RackNode | undefined, amount?: (tiles: readonly TileRef[]) => boolean): string =>
    rackNodeTextOf(node, spanish, other, amount);
  const score = (signedFallback: number): string => number(ev.score?.value, signedFallback, true);
  const total = (): string => number(ev.total?.value, turn?.computedTotal ?? 0, false);
  const rackBefore = turn?.rackBefore ? rackFromState(turn.rackBefore.tiles) : rackNodeText(ev.rack);
  const head = `>${ev.nick.value}:`;
  const computed = turn?.computedScore ?? 0;
  switch (ev.kind) {
    case 'placement': {
      const play = (ev.play && other.get(ev.play.span.start.offset)) ?? playText(ev, turn, spanish);
      const rack = rackBefore || play.replace(/\./g, '');
      return `${head} ${rack} ${ev.coord?.text.toUpperCase() ?? ''} ${play} ${score(computed)} ${total()}`;
    }
    case 'pass':
      return `${head} ${rackBefore || '?'} - +0 ${total()}`;
    case 'exchange': {
      const tiles = ev.exchanged ? rackNodeText(ev.exchanged) : String(ev.exchangedCount?.value ?? '');
      return `${head} ${rackBefore || tiles} -${tiles} +0 ${total()}`;
    }
    case 'withdrawn':
      return `${head} ${rackBefore || '?'} -- ${score(computed)} ${total()}`;
    case 'challenge-bonus':
      return `${head} ${rackBefore} (challenge) ${score(computed)} ${total()}`.replace(':  (', ': (');
    case 'end-rack':
      return `${head} (${rackNodeText(ev.endRack, (t) => value(t) === computed || 2 * value(t) === computed)}) ${score(computed)} ${total()}`;
    case 'rack-deduction': {
      const left = rackNodeText(ev.endRack, (t) => value(t) === -computed);
      return `${head} ${rackBefore || left} (${left}) ${score(computed)} ${total()}`;
    }
    case 'time-penalty':
    case 'arbiter-penalty':
      return `${head} ${rackBefore} (time) ${score(computed)} ${total()}`.replace(':  (', ': (');
    case 'word': {
      // A word without a coordinate: the placement the replay found, else a note as below.
      const found = turn?.wordSearch?.status === 'located' ? turn.wordSearch.candidates[0] : undefined;
      if (found) {
        const play = turn ? wordPlayText(ev, turn, spanish) : '';
        const rack = rackBefore || play.replace(/\./g, '');
        return `${head} ${rack} ${found.coord} ${play} ${score(computed)} ${total()}`;
      }
      return `#note ${head} ${score(computed)} ${total()}`;
    }
    case 'score-only':
      // GCG has no line for a turn known only by its numbers; callers refuse such records
      // (hasScoreOnlyLines), and a note keeps the output readable if one is exported anyway.
      return `#note ${head} ${score(computed)} ${total()}`;
  }
}

/** Whether the record holds score-only lines, which no GCG reader understands (not exported). */
export function hasScoreOnlyLines(analysis: Analysis): boolean {
  return analysis.parsed.file.events.some(
    (e, i) => e.kind === 'score-only' || (e.kind === 'word' && analysis.replay.turns[i]?.wordSearch?.status !== 'located'),
  );
}

/** A located word's play in bracket notation: its new tiles as placed, `.` for the board's. */
function wordPlayText(ev: EventNode, turn: TurnState, spanish: boolean): string {
  const tiles = ev.word ? (spanish ? ev.word.tiles : ev.word.singles) : [];
  const first = turn.placed[0];
  const found = turn.wordSearch?.candidates[0];
  if (!first || !found) return '';
  const down = /^[A-Z]/.test(found.coord);
  const placed = new Map(turn.placed.map((p) => [p.row * 15 + p.col, p]));
  const row0 = down ? Number(found.coord.slice(1)) - 1 : Number(found.coord.slice(0, -1)) - 1;
  const col0 = (down ? found.coord.charCodeAt(0) : found.coord.charCodeAt(found.coord.length - 1)) - 65;
  return tiles
    .map((_, i) => {
      const p = placed.get((row0 + (down ? i : 0)) * 15 + col0 + (down ? 0 : i));
      return p ? tileText(p.letter, p.blank) : '.';
    })
    .join('');
}

/**
 * The play in bracket notation, square by square: a square this turn covered is written as the
 * replay placed it (real or blank, which digraph); any other square of the word is `.` (this also
 * turns the old habit of writing played-through letters into dots).
 */
function playText(ev: EventNode, turn: TurnState | undefined, spanish: boolean): string {
  const tiles = ev.play ? (spanish ? ev.play.tiles : ev.play.singles) : [];
  const coord = ev.coord;
  const placed = new Map((turn?.placed ?? []).map((p) => [p.row * 15 + p.col, p]));
  return tiles
    .map((t, i) => {
      if (coord && placed.size > 0) {
        const row = coord.row + (coord.direction === 'down' ? i : 0);
        const col = coord.col + (coord.direction === 'across' ? i : 0);
        const p = placed.get(row * 15 + col);
        return p ? tileText(p.letter, p.blank) : '.';
      }
      return t.through ? '.' : tileText(t.letter ?? '?', t.blank);
    })
    .join('');
}
