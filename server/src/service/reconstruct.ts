/**
 * "Reconstruir desde el tablero final…" / `planilla reconstruct`: a score sheet (score-only lines,
 * and whatever words, coordinates and racks it holds) plus the game's final board → the sheet
 * with every turn that has one possible play written as a full placement line, and a note under
 * every turn that has several (the candidates and what tells them apart). The search itself is
 * analysis/reconstruct.ts; this module reads the sheet into its turns and writes the answer.
 *
 * Which lines are turns: score-only, word and placement lines (a placement with a score of 0, or
 * one taken back by the next line `--`, is a scoreless turn), passes and exchanges (scoreless).
 * End-of-game, penalty and challenge-bonus lines are not turns and are left as they are.
 *
 * Invariants: pure; never invents (a line is rewritten only when every way of fitting the whole
 * sheet gives it the same play); the edits touch only the rewritten lines and the added notes; a
 * record read only in part is refused (writing it back would lose its tail).
 *
 * Example:
 *   const r = reconstructSheet(analyze(text, { lexicon }), finalBoard, { lexicon, lang: 'es' });
 *   r.text;        // the sheet with its plays written
 *   r.lines[0];    // { line: 8, status: 'decided', play: { coord: '8D', play: 'CASAS', … } }
 */
import type { TextEdit } from 'vscode-languageserver-types';
import type { Analysis } from './document';
import { signed } from './i18n';
import { reconstructSteps, type FoundPlay, type ReconstructResult, type SheetTurn, type TurnStatus } from '../analysis/reconstruct';
import { formatMessage } from '../rules/messages';
import type { Language } from '../rules/types';
import type { BoardCells } from '../engine/types';
import type { Lexicon } from '../lexicon/types';
import type { EventNode, TileRef } from '../syntax/types';
import { knownRacks, tilesOffBoard, writeRack, type RackTurn } from '../engine/known-racks';
import { RACK_SIZE, TILE_SETS } from '../engine/tilesets';
import { rackFace, sameTiles } from '../engine/racks';
import { playInNotation } from '../syntax/tiles';

export interface ReconstructLine {
  /** 1-based line of the sheet. */
  readonly line: number;
  readonly nick: string;
  readonly score: number;
  readonly status: TurnStatus;
  /** decided: the play written. */
  readonly play?: FoundPlay;
  /** decided: the rack written before it, when every fitting game gives the same (faces, '?' a blank). */
  readonly rack?: readonly string[];
  /** ambiguous: the candidates. */
  readonly candidates?: readonly FoundPlay[];
  readonly more?: number;
  /** ambiguous: what tells the candidates apart; impossible / zero: why (in the requested language). */
  readonly reason?: string;
}

interface ReconstructSheetResult {
  /** Set when the sheet was read only in part: nothing is done. */
  readonly refused: boolean;
  readonly text: string;
  readonly edits: readonly TextEdit[];
  readonly lines: readonly ReconstructLine[];
  readonly search: ReconstructResult;
  /** The first line where sheet and board stop fitting (impossible), 1-based. */
  readonly stopLine?: number;
  /** Why they do not fit, in the requested language (impossible). */
  readonly stopReason?: string;
}

interface ReconstructSheetOptions {
  readonly lexicon?: Lexicon;
  readonly lang: Language;
  readonly timeLimitMs?: number;
  readonly onProgress?: (fraction: number) => void;
  readonly cancelled?: () => boolean;
}

const PLAY_KINDS = new Set(['score-only', 'placement', 'word']);
const ZERO_KINDS = new Set(['pass', 'exchange']);

function tilesOf(tiles: readonly TileRef[]): { letter: string | null; blank: boolean }[] {
  return tiles.map((t) => ({ letter: t.through ? null : t.letter, blank: t.blank }));
}

/** The events of the sheet that are turns, with what the search is told of each. */
function sheetTurns(analysis: Analysis): { event: EventNode; index: number; turn: SheetTurn }[] {
  const events = analysis.parsed.file.events;
  const r = analysis.replay;
  const english = r.tileSet === 'english';
  const out: { event: EventNode; index: number; turn: SheetTurn }[] = [];
  events.forEach((e, i) => {
    const t = r.turns[i];
    if (!t) return;
    const player = t.player;
    if (ZERO_KINDS.has(e.kind)) {
      out.push({ event: e, index: i, turn: { player, kind: 'zero', score: 0 } });
      return;
    }
    if (!PLAY_KINDS.has(e.kind)) return;
    const score = e.score?.value ?? t.computedScore;
    const taken = events[i + 1]?.kind === 'withdrawn' && events[i + 1]?.nick.value === e.nick.value;
    if (score <= 0 || taken) {
      out.push({ event: e, index: i, turn: { player, kind: 'zero', score: Math.max(0, score) } });
      return;
    }
    const rack = t.rackBefore && t.rackBefore.complete && t.rackBefore.tiles.length > 0 ? t.rackBefore.tiles : undefined;
    // One tile string before the score read as a rack, or on a board that could not tell: no word
    // to search for (the rack, when whole, still tells the tiles).
    const status = t.wordSearch?.status;
    const undecided = status === 'rack' || (status === 'unknown-board' && t.wordSearch?.alsoRack === true);
    const written = e.kind === 'placement' ? e.play : e.kind === 'word' && !undecided ? e.word : undefined;
    const word = written ? tilesOf(english ? written.singles : written.tiles) : undefined;
    out.push({
      event: e,
      index: i,
      turn: {
        player,
        kind: 'play',
        score,
        ...(e.kind === 'placement' && e.coord ? { coord: { row: e.coord.row, col: e.coord.col, direction: e.coord.direction } } : {}),
        ...(word ? { word } : {}),
        ...(rack ? { rack } : {}),
      },
    });
  });
  return out;
}

/** The player the sheet's end line `(RACK) +N` names as having gone out (37.4 / 40.3), if any. */
function finisherOf(analysis: Analysis): number | undefined {
  const events = analysis.parsed.file.events;
  for (let i = events.length - 1; i >= 0; i--) {
    if (events[i].kind !== 'end-rack') continue;
    const player = analysis.replay.turns[i]?.player;
    return player === 0 || player === 1 ? player : undefined;
  }
  return undefined;
}

/**
 * The racks certain on the answer's lines (engine/known-racks.ts): index of the sheet turn → the
 * rack its player held before it. A player's rack is certain from the turn before which the bag is
 * empty in every fitting game, when every later turn of that player is decided and the end rack is
 * known: none for the player the end line names as having gone out, the tiles off the final board
 * for the other (none each when every tile is on the board), or the racks both end lines
 * `RACK (RACK) -N` give. The bag before a turn is the set's tiles less the 14 of the first racks
 * and those on the board by then (art. 3): by then, the fewest over every fitting game (the search
 * gives it), or, after a search cut short, the count when the tiles of every turn before it (or of
 * every turn from it on) are known.
 */
function certainRacks(
  list: readonly { turn: SheetTurn }[],
  search: ReconstructResult,
  finalBoard: BoardCells,
  tileSet: 'spanish' | 'english',
  finisher: number | undefined,
  stated: readonly [readonly (readonly string[])[], readonly (readonly string[])[]],
): (string[] | undefined)[] {
  const none = list.map(() => undefined);
  if (search.mismatch || search.stoppedAt !== undefined || search.solutions === 0) return none;
  const leftover = tilesOffBoard(finalBoard, tileSet);
  if (!leftover) return none;
  const ends: [readonly string[] | null, readonly string[] | null] =
    finisher === 0 ? [[], leftover] : finisher === 1 ? [leftover, []] : leftover.length === 0 ? [[], []] : statedEnds(stated, leftover);
  const tiles = list.map((_x, k): readonly string[] | null => {
    const a = search.turns[k];
    if (a.status === 'zero') return [];
    return a.status === 'decided' ? a.candidates[0].tiles : null;
  });
  // Tiles each turn put down, where every fitting game agrees on the number.
  const sizes = list.map((_x, k): number | null => {
    const a = search.turns[k];
    const t = tiles[k];
    if (t) return t.length;
    if (a.status !== 'ambiguous' || a.more || a.candidates.length === 0) return null;
    const n = a.candidates[0].tiles.length;
    return a.candidates.every((c) => c.tiles.length === n) ? n : null;
  });
  const onBoard = finalBoard.filter((c) => c !== null).length;
  const firstBag = TILE_SETS[tileSet].total - 2 * RACK_SIZE;
  let before: number | null = 0;
  const turns: RackTurn[] = list.map((x, k) => {
    let after: number | null = null;
    if (sizes.slice(k).every((n) => n !== null)) after = sizes.slice(k).reduce((s: number, n) => s + (n ?? 0), 0);
    const counted = before !== null ? before : after !== null ? onBoard - after : null;
    // Over every fitting game (a search run to its end), the fewest tiles on the board by then.
    const count = search.turns[k].placedBefore?.min ?? counted;
    const n = sizes[k];
    before = before !== null && n !== null ? before + n : null;
    return { player: x.turn.player, tiles: tiles[k], bagBefore: count === null ? null : Math.max(0, firstBag - count) };
  });
  return knownRacks(turns, ends);
}

/**
 * The racks the end lines `RACK (RACK) -N` give each player (a game ended without anyone going
 * out, 37.2 / 37.3): every reading of each player's rack (plain notation may read a pair two ways).
 */
function statedRacks(analysis: Analysis): [string[][], string[][]] {
  const out: [string[][], string[][]] = [[], []];
  const english = analysis.replay.tileSet === 'english';
  analysis.parsed.file.events.forEach((e, i) => {
    const p = analysis.replay.turns[i]?.player;
    if (e.kind !== 'rack-deduction' || !e.endRack || (p !== 0 && p !== 1) || out[p].length > 0) return;
    const readings = english ? [e.endRack.singles] : e.endRack.readings;
    out[p] = readings.map((r) => r.map(rackFace));
  });
  return out;
}

/**
 * The end racks the sheet states, when both players' lines are there and exactly one way of
 * reading them shares out the tiles off the final board; else unknown.
 */
function statedEnds(
  stated: readonly [readonly (readonly string[])[], readonly (readonly string[])[]],
  leftover: readonly string[],
): [readonly string[] | null, readonly string[] | null] {
  const fits: [readonly string[], readonly string[]][] = [];
  for (const a of stated[0]) for (const b of stated[1]) if (sameTiles([...a, ...b], leftover)) fits.push([a, b]);
  const one = fits.every((f) => sameTiles(f[0], fits[0][0]) && sameTiles(f[1], fits[0][1]));
  return fits.length > 0 && one ? fits[0] : [null, null];
}

/** What tells candidates apart, in words. */
function apart(candidates: readonly FoundPlay[], lang: Language): string {
  const words = new Set(candidates.map((c) => c.words[0] ?? ''));
  const id =
    words.size === candidates.length ? 'reconstruct.apart-word' : words.size === 1 ? 'reconstruct.apart-coord' : 'reconstruct.apart-both';
  return formatMessage(id, {}, lang);
}

const candidateKeys = (c: readonly FoundPlay[]): string =>
  c
    .map((p) => p.squares.join(','))
    .sort()
    .join('|');

const playText = (p: FoundPlay): string => `${p.coord} ${p.play} ${signed(p.score)}`;

export function reconstructSheet(analysis: Analysis, finalBoard: BoardCells, options: ReconstructSheetOptions): ReconstructSheetResult {
  const steps = reconstructSheetSteps(analysis, finalBoard, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** The same in steps (analysis/reconstruct.ts `reconstructSteps`): yields the part done, returns the answer. */
export function* reconstructSheetSteps(
  analysis: Analysis,
  finalBoard: BoardCells,
  options: ReconstructSheetOptions,
): Generator<number, ReconstructSheetResult, void> {
  const file = analysis.parsed.file;
  const lang = options.lang;
  const list = sheetTurns(analysis);
  const finisher = finisherOf(analysis);
  const search = yield* reconstructSteps(
    finalBoard,
    list.map((x) => x.turn),
    {
      tileSet: analysis.replay.tileSet,
      ...(options.lexicon && analysis.replay.tileSet === 'spanish' ? { judge: (w: string) => options.lexicon!.has(w) } : {}),
      ...(options.timeLimitMs !== undefined ? { timeLimitMs: options.timeLimitMs } : {}),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      ...(options.cancelled ? { cancelled: options.cancelled } : {}),
      ...(finisher !== undefined ? { finisher } : {}),
    },
  );
  if (file.truncated) return { refused: true, text: file.text, edits: [], lines: [], search };
  const edits: TextEdit[] = [];
  const lines: ReconstructLine[] = [];
  let stopLine: number | undefined;
  let stopReason: string | undefined;
  const lineText = (n: number): string => file.text.split(/\r?\n/)[n] ?? '';
  const eol = file.text.includes('\r\n') ? '\r\n' : '\n';
  const racks = certainRacks(list, search, finalBoard, analysis.replay.tileSet, finisher, statedRacks(analysis));
  // Plays and racks are written in the record's own notation (NOTATION.md, `#tile-notation`): a
  // `[LL]` written into a plain sheet would turn the whole file to brackets and change how its
  // other lines read (an end line's `rr`, say).
  const brackets = file.notation === 'brackets';
  list.forEach((x, k) => {
    const e = x.event;
    const a = search.turns[k];
    const base = { line: e.line + 1, nick: e.nick.value, score: x.turn.score, status: a.status };
    if (a.status === 'decided') {
      const p = a.candidates[0];
      const certain = e.rack ? undefined : racks[k];
      // A placement line of the sheet takes the rack after its colon (where a rack goes).
      const known = certain && (e.kind !== 'placement' || lineText(e.line)[e.nick.span.end.column] === ':') ? certain : undefined;
      lines.push({ ...base, play: p, ...(known ? { rack: known } : {}) });
      const written = known && known.length > 0 ? `${writeRack(known, brackets)} ` : '';
      if (e.kind !== 'placement') {
        const turn = analysis.replay.turns[x.index];
        const total = e.total?.text ?? String(turn?.computedTotal ?? '');
        const rack = e.rack ? `${e.rack.text} ` : written;
        const text = `>${e.nick.text}: ${rack}${p.coord} ${playInNotation(p.play, file.notation)} ${signed(p.score)} ${total}`;
        const original = lineText(e.line);
        edits.push({
          range: { start: { line: e.line, character: 0 }, end: { line: e.line, character: original.length } },
          newText: text,
        });
      } else if (written) {
        const colon = e.nick.span.end;
        const at = { line: colon.line, character: colon.column + 1 };
        edits.push({ range: { start: at, end: at }, newText: ` ${written.trimEnd()}` });
      }
    } else if (a.status === 'ambiguous') {
      // Turns with the same candidates (plays of one score that fit in either order) are a swap.
      const mine = candidateKeys(a.candidates);
      const swaps = list
        .map((y, j) => ({ y, j }))
        .filter(({ j }) => j !== k && search.turns[j].status === 'ambiguous' && candidateKeys(search.turns[j].candidates) === mine)
        .map(({ y }) => y.event.line + 1);
      const reason =
        swaps.length > 0 ? formatMessage('reconstruct.apart-swap', { lines: swaps.join(', ') }, lang) : apart(a.candidates, lang);
      lines.push({ ...base, candidates: a.candidates, ...(a.more ? { more: a.more } : {}), reason });
      const listed = a.candidates.map(playText).join(', ') + (a.more ? ` (+${a.more})` : '');
      const note = formatMessage(
        'reconstruct.note-ambiguous',
        { n: a.candidates.length + (a.more ?? 0), candidates: listed, apart: reason },
        lang,
      );
      const after = e.notes.length > 0 ? e.notes[e.notes.length - 1].lastLine : e.line;
      edits.push({
        range: { start: { line: after, character: lineText(after).length }, end: { line: after, character: lineText(after).length } },
        newText: `${eol}#note ${note}`,
      });
    } else if (a.status === 'impossible') {
      stopLine = e.line + 1;
      const before = list.slice(0, k).filter((y) => y.turn.kind === 'play').length;
      stopReason = formatMessage('reconstruct.stops', { line: e.line + 1, score: signed(x.turn.score), fit: before }, lang);
      lines.push({ ...base, reason: stopReason });
    } else if (a.status === 'zero') {
      lines.push({ ...base, reason: formatMessage('reconstruct.zero', {}, lang) });
    } else lines.push(base);
  });
  if (search.mismatch) {
    stopReason = formatMessage(`reconstruct.${search.mismatch.kind}`, { tiles: search.mismatch.tiles, turns: search.mismatch.turns }, lang);
    stopLine = list[0] ? list[0].event.line + 1 : 1;
  }
  const text = applyEdits(file.text, edits);
  return { refused: false, text, edits, lines, search, ...(stopLine !== undefined ? { stopLine, stopReason } : {}) };
}

/** Applies line-based edits (non-overlapping) to a text. */
function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  const off = (p: { line: number; character: number }): number => (starts[p.line] ?? text.length) + p.character;
  let out = text;
  for (const e of edits.slice().sort((a, b) => off(b.range.start) - off(a.range.start)))
    out = out.slice(0, off(e.range.start)) + e.newText + out.slice(off(e.range.end));
  return out;
}
