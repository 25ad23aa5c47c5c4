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

export interface ReconstructLine {
  /** 1-based line of the sheet. */
  readonly line: number;
  readonly nick: string;
  readonly score: number;
  readonly status: TurnStatus;
  /** decided: the play written. */
  readonly play?: FoundPlay;
  /** ambiguous: the candidates. */
  readonly candidates?: readonly FoundPlay[];
  readonly more?: number;
  /** ambiguous: what tells the candidates apart; impossible / zero: why (in the requested language). */
  readonly reason?: string;
}

export interface ReconstructSheetResult {
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

export interface ReconstructSheetOptions {
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
    const written = e.kind === 'placement' ? e.play : e.kind === 'word' ? e.word : undefined;
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
  list.forEach((x, k) => {
    const e = x.event;
    const a = search.turns[k];
    const base = { line: e.line + 1, nick: e.nick.value, score: x.turn.score, status: a.status };
    if (a.status === 'decided') {
      const p = a.candidates[0];
      lines.push({ ...base, play: p });
      if (e.kind !== 'placement') {
        const turn = analysis.replay.turns[x.index];
        const total = e.total?.text ?? String(turn?.computedTotal ?? '');
        const rack = e.rack ? `${e.rack.text} ` : '';
        const text = `>${e.nick.text}: ${rack}${p.coord} ${p.play} ${signed(p.score)} ${total}`;
        const original = lineText(e.line);
        edits.push({
          range: { start: { line: e.line, character: 0 }, end: { line: e.line, character: original.length } },
          newText: text,
        });
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
