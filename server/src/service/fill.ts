/**
 * "Completar la planilla" / `planilla fill`: every line of a record that can be completed without
 * guessing, from what the replay computed: a word without a coordinate that has one placement gets
 * its coordinate and GCG play (service/word-line.ts), a line without its score gets the score its
 * play makes on the board (or, for a word, the one the totals give), a line without its total gets
 * the previous total plus its score, and the racks the end of the game forces (once the bag is
 * empty). What stays open is listed: a word with several placements
 * (`ambiguous`, with the candidates), one that makes its score only through a word the list refuses
 * (`ambiguous` and `doubtful`: a phony or a miscopied score, with the nearest clean placements), one
 * with none (`impossible`, with the reason), one that waits on an earlier undecided word
 * (`pending`), and the lines the grammar cannot read yet (left alone). What the sheet cannot tell
 * and was chosen (the first move written across) is said in the filled line's `note`.
 *
 * Invariants: pure; never invents (only values the replay derived from the sheet and the board);
 * the edits touch only what they fill, so applying them to the text changes nothing else; a
 * record read only in part is refused (writing it back would lose its tail).
 *
 * Example:
 *   const r = fillRecord(analyze(text, { lexicon }), 'es');
 *   r.text;        // the completed record
 *   r.lines[0];    // { line: 5, status: 'filled', what: 'placement', text: '8F BEFAN' }
 */
import type { CodeAction, TextEdit } from 'vscode-languageserver-types';
import { analyze, type Analysis, type AnalysisSettings } from './document';
import { signed } from './i18n';
import { toRange } from './locate';
import { placementEdits } from './word-line';
import { formatMessage, renderFinding } from '../rules/messages';
import { TILE_SETS } from '../engine/tilesets';
import { knownRacks, tilesOffBoard, writeRack } from '../engine/known-racks';
import type { Language } from '../rules/types';
import { rackInNotation } from '../syntax/tiles';
import type { EventNode } from '../syntax/types';

export interface FillLine {
  /** 1-based line. */
  readonly line: number;
  /**
   * `pending`: a word that cannot be placed yet because the board depends on an earlier word
   * still undecided (never called impossible: the guess before it may be what is wrong).
   */
  readonly status: 'filled' | 'ambiguous' | 'impossible' | 'pending' | 'unfinished';
  /** What was (or could not be) filled. */
  readonly what: 'placement' | 'score' | 'total' | 'line' | 'end' | 'rack';
  /** The text written (filled). */
  readonly text?: string;
  /** The placements a word may have had (ambiguous), likeliest first. */
  readonly candidates?: readonly { readonly coord: string; readonly play: string; readonly score: number }[];
  /** Why nothing can be filled (impossible, pending, unfinished, a doubtful ambiguous line), in the requested language. */
  readonly reason?: string;
  /**
   * `ambiguous` only: the candidates make the score only through a word the list refuses (a phony
   * nobody challenged, or a miscopied score); `nearest` holds the clean placements with their scores.
   */
  readonly doubtful?: boolean;
  readonly nearest?: readonly { readonly coord: string; readonly play: string; readonly score: number }[];
  /** `filled` only: what the sheet cannot tell and what was chosen (the first move's direction). */
  readonly note?: string;
}

export interface FillResult {
  /** Set when the record was read only in part: nothing is filled. */
  readonly refused: boolean;
  readonly text: string;
  readonly edits: readonly TextEdit[];
  readonly lines: readonly FillLine[];
  /** 0-based lines of words the filled plays let the replay place (the swap pair of a line filled from its note). */
  readonly unblocked?: readonly number[];
}

function applyEdits(text: string, edits: readonly { start: number; end: number; newText: string }[]): string {
  let out = text;
  for (const e of edits.slice().sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.newText + out.slice(e.end);
  return out;
}

/** Offset of an LSP position in `text` (positions come from the same text's spans). */
function offsetOf(lineStarts: readonly number[], pos: { line: number; character: number }): number {
  return (lineStarts[pos.line] ?? 0) + pos.character;
}

/**
 * The end-of-game lines a record lacks after a player went out with the bag empty (37.4 / 40.3):
 * the rack left is the tiles not on the board (the finding the replay made says which and their
 * value). Under fise* two lines, the finisher's `(RACK) +R` and the opponent's `RACK (RACK) -R`;
 * under NASPA one `(RACK) +2R`. Only when the record has no end line yet.
 */
function endLines(analysis: Analysis): string[] {
  const replay = analysis.replay;
  const file = analysis.parsed.file;
  if (file.events.some((e) => e.kind === 'end-rack' || e.kind === 'rack-deduction')) return [];
  const missing = replay.findings.find((f) => f.code === 'missing-end-adjustment' && f.messageId === 'missing-end-adjustment');
  if (!missing || replay.gameEnd?.reason !== 'out') return [];
  const value = Number(missing.args.value);
  const finisherNick = String(missing.args.nick);
  const f = replay.players.findIndex((p) => p.nick === finisherNick);
  if (f < 0 || !Number.isFinite(value)) return [];
  const rack = rackInNotation(String(missing.args.rack), file.notation);
  const totals = replay.final;
  const opponent = replay.players[1 - f].nick;
  if (replay.rules === 'naspa') return [`>${finisherNick}: (${rack}) ${signed(2 * value)} ${totals[f] + 2 * value}`];
  return [
    `>${finisherNick}: (${rack}) ${signed(value)} ${totals[f] + value}`,
    `>${opponent}: ${rack} (${rack}) ${signed(-value)} ${totals[1 - f] - value}`,
  ];
}

/**
 * The racks the end of the game forces (art. 3, 37.4 / 40.3): once the bag is empty and the game
 * ends by a player going out, the rack a player holds before a turn is every tile that player puts
 * on the board from that turn on, plus, for the opponent, the tiles left at the end (those not on
 * the final board). One per turn line without a rack from the first turn with the bag empty: the
 * 0-based line, where `RACK` goes (after the nick's colon), and the rack as written (digraphs in
 * brackets or, in plain notation, in lower case, as racks write them). None while a play is unknown.
 */
function forcedRacks(analysis: Analysis): { line: number; character: number; rack: string; faces: string[] }[] {
  const replay = analysis.replay;
  const end = replay.gameEnd;
  const turns = replay.turns;
  if (end?.reason !== 'out' || end.afterTurn < 0 || end.afterTurn >= turns.length) return [];
  // Every play must be known: a word still without its placement, or a score-only line, leaves the tiles open.
  if (analysis.parsed.file.events.some((e) => e.kind === 'word' || e.kind === 'score-only')) return [];
  const finisher = turns[end.afterTurn].player;
  if (finisher !== 0 && finisher !== 1) return [];
  const board = turns[end.afterTurn].board;
  const leftover = tilesOffBoard(board, replay.tileSet);
  if (!leftover) return [];
  const set = TILE_SETS[replay.tileSet];
  const played = turns.slice(0, end.afterTurn + 1).map((turn, t) => ({
    player: turn.player,
    tiles: turn.placed.flatMap((sq) => {
      const c = board[sq.row * 15 + sq.col];
      return c && c.turn === t ? [c.blank ? '?' : c.letter] : [];
    }),
    bagBefore: t > 0 ? turns[t - 1].bag : set.total - 14,
  }));
  const ends: [string[], string[]] = finisher === 0 ? [[], leftover] : [leftover, []];
  const racks = knownRacks(played, ends);
  const brackets = analysis.parsed.file.notation === 'brackets';
  const out: { line: number; character: number; rack: string; faces: string[] }[] = [];
  racks.forEach((faces, t) => {
    const e = turns[t].event;
    if (!faces || faces.length === 0 || (e.kind !== 'placement' && e.kind !== 'pass') || e.rack) return;
    const colon = e.nick.span.end;
    out.push({ line: colon.line, character: colon.column + 1, rack: writeRack(faces, brackets), faces });
  });
  return out;
}

/** A candidate play the reconstruction's note lists under a line: `8A CE.I +24`. */
interface NotedPlay {
  readonly coord: string;
  readonly play: string;
  readonly score: number;
}

/**
 * The plays a note of the reconstruction (service/reconstruct.ts, `reconstruct.note-ambiguous`, in
 * either language) lists as fitting the final board, when it lists them all; undefined for any
 * other note, or when the list is cut ("(+3)").
 */
function notedPlays(text: string): NotedPlay[] | undefined {
  for (const lang of ['es', 'en'] as const) {
    const sample = formatMessage('reconstruct.note-ambiguous', { n: 2, candidates: '\u0001', apart: '' }, lang);
    const at = sample.indexOf('\u0001');
    const head = new RegExp(
      `^${sample
        .slice(0, at)
        .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        .replace('2', '\\d+')}`,
    );
    const sep = sample.slice(at + 1, at + 3);
    const m = head.exec(text);
    if (!m) continue;
    const end = text.indexOf(sep, m[0].length);
    const listed = text.slice(m[0].length, end < 0 ? undefined : end);
    if (/\(\+\d+\)$/.test(listed)) return undefined;
    const plays = listed.split(', ').map((c) => /^(\d{1,2}[A-O]|[A-O]\d{1,2}) (\S+) \+(\d+)$/.exec(c));
    if (plays.length === 0 || plays.some((p) => !p)) return undefined;
    return plays.map((p) => ({ coord: p![1], play: p![2], score: Number(p![3]) }));
  }
  return undefined;
}

/** Whether a note is one the reconstruction wrote under an undecided line. */
const isReconstructionNote = (text: string): boolean => notedPlays(text) !== undefined;

/**
 * A score-only line under a note of the reconstruction listing the plays that fit the final board
 * (`>Ana: +24 262`, the note `8A CE.I +24, H11 .DORE +24`), once the board before it is known:
 * the one listed play that the replay places there with the sheet's score and no error, and with
 * which every later word of the sheet can still be placed, if exactly one does. So a word written
 * on either line of a swap pair (two lines of one score whose plays fit in either order) decides
 * both. The replay judges each (the record with that play written); undefined otherwise.
 */
function notedPlayThatFits(
  analysis: Analysis,
  index: number,
  settings: AnalysisSettings,
): (NotedPlay & { readonly unblocks: readonly number[] }) | undefined {
  const file = analysis.parsed.file;
  const e = file.events[index];
  if (e.kind !== 'score-only' || !e.score) return undefined;
  const listed = e.notes.map((n) => notedPlays(n.text)).find((p) => p !== undefined);
  if (!listed) return undefined;
  // The board before the line must be known: no earlier line of points without its play (a
  // score-only line, or a word not placed). Only then is each listed play tried.
  const unknown = analysis.replay.turns
    .slice(0, index)
    .some(
      (t) =>
        (t.event.kind === 'score-only' && (t.event.score?.value ?? 0) !== 0) ||
        (t.event.kind === 'word' && t.wordSearch?.status !== 'located'),
    );
  if (unknown) return undefined;
  const at = e.score.span.start.offset;
  // Each listed play of the sheet's score that fits, with how many later words of the sheet it
  // lets the replay place (a word written on the swap pair fits only after the other play).
  const fits: { play: NotedPlay; placed: number; lines: number[] }[] = [];
  for (const p of listed) {
    if (p.score !== e.score.value) continue;
    const tried = analyze(`${file.text.slice(0, at)}${p.coord} ${p.play} ${file.text.slice(at)}`, settings);
    const turn = tried.replay.turns[index];
    const later = tried.replay.turns.slice(index + 1);
    const fitsHere =
      tried.parsed.file.events[index]?.kind === 'placement' &&
      turn !== undefined &&
      !turn.playNotChecked &&
      !turn.illegal &&
      turn.computedScore === p.score &&
      !tried.findings.some((f) => f.severity === 'error' && f.span.start.line === e.line) &&
      later.every((t) => !t.illegal && t.wordSearch?.status !== 'nowhere');
    if (fitsHere) {
      const placed = later
        .filter((t) => t.wordSearch?.status === 'located' || t.wordSearch?.status === 'ambiguous')
        .map((t) => t.event.line);
      fits.push({ play: p, placed: placed.length, lines: placed });
    }
  }
  const most = Math.max(-1, ...fits.map((f) => f.placed));
  const best = fits.filter((f) => f.placed === most);
  return best.length === 1 ? { ...best[0].play, unblocks: best[0].lines } : undefined;
}

/** The edit deleting the reconstruction's notes under `e` (once its line is decided, they are stale). */
function staleNoteEdits(e: EventNode, textLines: readonly string[]): TextEdit[] {
  return e.notes
    .filter((n) => isReconstructionNote(n.text))
    .map((n) => ({
      range:
        n.lastLine + 1 < textLines.length
          ? { start: { line: n.firstLine, character: 0 }, end: { line: n.lastLine + 1, character: 0 } }
          : {
              start: { line: n.firstLine - 1, character: textLines[n.firstLine - 1].length },
              end: { line: n.lastLine, character: textLines[n.lastLine].length },
            },
      newText: '',
    }));
}

export function fillRecord(analysis: Analysis, lang: Language, settings: AnalysisSettings = {}): FillResult {
  const file = analysis.parsed.file;
  if (file.truncated) return { refused: true, text: file.text, edits: [], lines: [] };
  const edits: TextEdit[] = [];
  const lines: FillLine[] = [];
  const findingsByLine = new Map<number, string>();
  for (const f of analysis.findings)
    if (f.messageId.startsWith('score-mismatch-word') || f.messageId === 'unaccepted-word-doubtful')
      findingsByLine.set(f.span.start.line, renderFinding(f, lang));
  const info = (messageId: string, args: Record<string, string | number>): string => formatMessage(messageId, args, lang);
  const turns = analysis.replay.turns;
  const sourceLines = file.text.split(/\r\n|\r|\n/);
  const unblocked: number[] = [];
  file.events.forEach((e, i) => {
    const turn = turns[i];
    if (!turn) return;
    const line = e.line + 1;
    const search = turn.wordSearch;
    if (e.kind === 'word' && search) {
      const word = e.word?.text ?? '';
      if (search.status === 'located') {
        const c = search.candidates[0];
        edits.push(...placementEdits(e, c), ...staleNoteEdits(e, sourceLines));
        const text = `${c.coord} ${c.play}${e.score ? '' : ` ${signed(c.score)}`}`;
        const m = search.mirror;
        const note = m ? info('fill.note.mirror', { mirror: `${m.coord} ${m.play}` }) : undefined;
        lines.push({ line, status: 'filled', what: 'placement', text, ...(note ? { note } : {}) });
      } else if (search.status === 'ambiguous' && search.doubtful) {
        const reason = findingsByLine.get(e.line) ?? '';
        lines.push({
          line,
          status: 'ambiguous',
          what: 'placement',
          candidates: search.candidates,
          doubtful: true,
          nearest: search.nearest,
          reason,
        });
      } else if (search.status === 'ambiguous') {
        lines.push({ line, status: 'ambiguous', what: 'placement', candidates: search.candidates });
      } else if (search.status === 'rack') {
        // The one tile string is the rack of a score-only line: no placement to write.
      } else if (search.status === 'unknown-board' && search.after !== undefined) {
        // The board is unknown from an earlier line that is not a score-only one: this line waits
        // on it (an undecided word's guess, or a word that fit nowhere); nothing says it is impossible.
        const reason = info(`sheet.word.after-${search.afterWhy ?? 'undecided'}`, { word, line: search.after + 1 });
        lines.push({ line, status: 'pending', what: 'placement', reason });
      } else {
        const reason = findingsByLine.get(e.line) ?? info('sheet.word.unknown-board', { word });
        lines.push({ line, status: 'impossible', what: 'placement', reason });
      }
      return;
    }
    if (e.kind === 'score-only') {
      const p = notedPlayThatFits(analysis, i, settings);
      if (!p) return;
      const at = toRange(e.score!.span).start;
      edits.push({ range: { start: at, end: at }, newText: `${p.coord} ${p.play} ` }, ...staleNoteEdits(e, sourceLines));
      lines.push({ line, status: 'filled', what: 'placement', text: `${p.coord} ${p.play}` });
      unblocked.push(...p.unblocks);
      return;
    }
    if (e.kind !== 'placement' || turn.playNotChecked) return;
    // A placement without its numbers: the score its play makes, the total the sheet's addition gives.
    const end = toRange(e.span).end;
    const trimmed = file.text.slice(e.span.start.offset, e.span.end.offset).trimEnd().length;
    const at = { line: end.line, character: toRange(e.span).start.character + trimmed };
    const previous = i > 0 ? turns[i - 1].declaredTotals[turn.player] : null;
    if (!e.score && turn.player >= 0) {
      const score = signed(turn.computedScore);
      const total = (previous ?? 0) + turn.computedScore;
      edits.push({ range: { start: at, end: at }, newText: e.total ? ` ${score}` : ` ${score} ${total}` });
      lines.push({ line, status: 'filled', what: 'score', text: e.total ? score : `${score} ${total}` });
    } else if (e.score && !e.total && turn.player >= 0) {
      const total = String((previous ?? 0) + e.score.value);
      edits.push({ range: { start: at, end: at }, newText: ` ${total}` });
      lines.push({ line, status: 'filled', what: 'total', text: total });
    }
  });
  for (const l of file.lines) {
    if (l.type === 'error' && file.text.slice(l.span.start.offset, l.span.end.offset).trimStart().startsWith('>')) {
      lines.push({
        line: l.line + 1,
        status: 'unfinished',
        what: 'line',
        reason: renderFinding(
          { code: 'syntax-error', severity: 'error', span: l.at, messageId: l.messageId, args: l.args, article: '' },
          lang,
        ),
      });
    }
  }
  lines.sort((a, b) => a.line - b.line);
  const starts: number[] = [0];
  for (let k = 0; k < file.text.length; k++) {
    const c = file.text.charCodeAt(k);
    if (c === 0x0a || (c === 0x0d && file.text.charCodeAt(k + 1) !== 0x0a)) starts.push(k + 1);
  }
  let text = applyEdits(
    file.text,
    edits.map((ed) => ({ start: offsetOf(starts, ed.range.start), end: offsetOf(starts, ed.range.end), newText: ed.newText })),
  );
  // The end lines are written only when the record, filled, still lacks them and they settle it.
  const unfinished = lines.some((l) => l.status === 'unfinished');
  const ends = unfinished ? [] : endLines(analyze(text, settings));
  if (ends.length > 0) {
    const eol = /\r\n|\r|\n/.exec(file.text)?.[0] ?? '\n';
    const sep = file.text.length === 0 || /[\r\n]$/.test(file.text) ? '' : eol;
    const candidate = `${text}${sep}${ends.join(eol)}${eol}`;
    const after = analyze(candidate, settings);
    const settled = !after.findings.some((x) => x.code === 'missing-end-adjustment' || x.code === 'end-rack-mismatch');
    if (settled) {
      // The end of the record as read (positions of the edits are in the original text).
      const last = starts.length - 1;
      const at = { line: last, character: file.text.length - starts[last] };
      const lastLine = sep === '' ? last : last + 1;
      edits.push({ range: { start: at, end: at }, newText: `${sep}${ends.join(eol)}${eol}` });
      ends.forEach((l, k) => lines.push({ line: lastLine + 1 + k, status: 'filled', what: 'end', text: l }));
      text = candidate;
    }
  }
  // The racks the end of the game forces, written only when the record then reads them so and
  // finds nothing new to say.
  if (!unfinished) {
    const filled = analyze(text, settings);
    const racks = forcedRacks(filled);
    const textLines = text.split(/(?<=\r\n|\r|\n)/);
    if (racks.length > 0 && racks.every((r) => textLines[r.line]?.[r.character - 1] === ':')) {
      for (const r of racks) {
        const l = textLines[r.line];
        textLines[r.line] = `${l.slice(0, r.character)} ${r.rack}${l.slice(r.character)}`;
      }
      const candidate = textLines.join('');
      const after = analyze(candidate, settings);
      const loud = (a: Analysis): number => a.findings.filter((f) => f.severity === 'error' || f.severity === 'warning').length;
      const read = racks.every((r) => {
        const i = after.parsed.file.events.findIndex((e) => e.line === r.line);
        const before = after.replay.turns[i]?.rackBefore;
        return before?.complete === true && before.tiles.slice().sort().join(',') === r.faces.slice().sort().join(',');
      });
      if (read && loud(after) <= loud(filled)) {
        for (const r of racks) {
          const at = { line: r.line, character: r.character };
          edits.push({ range: { start: at, end: at }, newText: ` ${r.rack}` });
          lines.push({ line: r.line + 1, status: 'filled', what: 'rack', text: r.rack });
        }
        lines.sort((a, b) => a.line - b.line);
        text = candidate;
      }
    }
  }
  return { refused: false, text, edits, lines, ...(unblocked.length > 0 ? { unblocked } : {}) };
}

/** The code action kind of "Completar la planilla": a source action (the editor's Source Action menu). */
export const FILL_KIND = 'source.planilla.fill';

/** "Completar la planilla": one edit filling every line `fillRecord` can fill; undefined when there is none. */
export function getFillAction(analysis: Analysis, uri: string, lang: Language): CodeAction | undefined {
  return fillAction(fillRecord(analysis, lang), uri, lang);
}

/**
 * The action of a fill result (`kind`: the source action, or `quickfix` for the light bulb of a
 * line it completes); undefined when it fills nothing.
 */
export function fillAction(result: FillResult, uri: string, lang: Language, kind: string = FILL_KIND): CodeAction | undefined {
  const filled = result.lines.filter((l) => l.status === 'filled').length;
  if (result.refused || filled === 0) return undefined;
  const open = result.lines.length - filled;
  return {
    title: formatMessage('sheet.fill.title', { filled, open }, lang),
    kind,
    edit: { changes: { [uri]: [...result.edits] } },
  };
}

/**
 * Whether the fill result completes a line between `first` and `last` (0-based, inclusive), or
 * lets the replay place a word written there (the word on one line of a swap pair).
 */
export function fillsBetween(result: FillResult, first: number, last: number): boolean {
  if (result.refused) return false;
  return (
    result.lines.some((l) => l.status === 'filled' && l.line - 1 >= first && l.line - 1 <= last) ||
    (result.unblocked ?? []).some((l) => l >= first && l <= last)
  );
}
