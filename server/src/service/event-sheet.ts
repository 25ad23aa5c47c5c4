/**
 * One sheet of an event as plain data: what the event desk (service/event.ts) needs of a record
 * once it has been checked as `planilla check` checks it — the pragmas that place it in the event
 * (`#event`, `#round`, `#player1/2`, `#sheet-of`), the replayed result, its findings as sentences,
 * each player's figures (bingos, the highest play) and the parts the comparison of two sheets
 * reads (service/compare.ts `ComparableAnalysis`); on request, each player's static equity lost on a
 * full record (analysis/coach.ts, no endgame search). Plain data, so that a worker thread can check a
 * sheet and send it back, and a large event keeps only this, never the replays.
 *
 * Invariants: pure, never throws for any analysis; `findings` holds only errors and warnings,
 * lines 1-based; a sheet that could not be read carries `error` and empty figures.
 *
 * Example:
 *   const s = eventSheet('ronda-1/ana.gcg', analyze(bytes, settings), 'es');
 *   s.round;      // '1'
 *   s.result;     // [412, 377]
 */
import type { Analysis } from './document';
import type { ComparableAnalysis, ComparableTurn } from './compare';
import { renderFinding } from '../rules/messages';
import { analyzeGame } from '../analysis/coach';
import type { LeaveEvaluator } from '../analysis/leaves';
import type { Lexicon } from '../lexicon/types';
import type { Language } from '../rules/types';

/** What a `#round` line says: the round's number and, when it names one, the table. */
interface RoundLine {
  /** The round: the number that comes first; null when the line names none ("3-4", "tercera"). */
  readonly round: number | null;
  /** The table, when the line is the round and the table alone ("3 · mesa 12", "Round 3, table 7"). */
  readonly table?: string;
}

/**
 * Reads a `#round` line: its number alone ("3"), or the number first and then what the sheet adds
 * after a separator ("3 · mesa 12", "3 (final)", "3, mesa 7", "Ronda 3 · mesa 12"). Anything else
 * ("3-4", "tercera", "12b") names no round: the desk never guesses one. The table is read only
 * from a line that holds the round and the table and nothing more.
 */
export function roundLine(text: string): RoundLine {
  const m = /^\s*(?:ronda|round)?\s*(\d{1,4})\s*(?:$|[\u00b7,;(]|(?:mesa|table)\b)/i.exec(text);
  if (!m) return { round: null };
  const t = /^\s*(?:ronda|round)?\s*\d{1,4}\s*(?:[\u00b7,;]\s*)?(?:mesa|table)\s*(\d{1,4})\s*$/i.exec(text);
  return t ? { round: Number(m[1]), table: t[1] } : { round: Number(m[1]) };
}

/** One of the sheet's own findings (from the check), as the desk reports it. */
interface SheetFinding {
  readonly code: string;
  readonly severity: 'error' | 'warning';
  /** 1-based line. */
  readonly line: number;
  readonly message: string;
}

/** A player's figures on one sheet. */
export interface SideFigures {
  /** Plays with the bingo bonus (art. 19), among the plays the replay checked. */
  readonly bingos: number;
  /** The highest score of a turn that placed tiles (0: none), its word when known, its 1-based line. */
  readonly best: number;
  readonly bestWord: string;
  readonly bestLine: number;
  /** With the equity option: the static equity lost over the turns analysed (full racks only). */
  readonly equityLost?: number;
  readonly equityTurns?: number;
}

/** The analysis the desk may add to a sheet (`planilla event --equity`): static equity lost per turn. */
export interface SheetEquityOptions {
  readonly lexicon: Lexicon;
  readonly leaves: LeaveEvaluator;
}

export interface EventSheet {
  /** How the sheet is named (its path inside the event's folder). */
  readonly path: string;
  /** Why the file could not be used (unreadable, not a record); the rest is then empty. */
  readonly error?: string;
  readonly event: string;
  /** `#round` as written (trimmed; '' when absent). */
  readonly round: string;
  /** `#sheet-of` as written (a nick; '' when absent). */
  readonly sheetOf: string;
  readonly players: readonly [{ readonly nick: string; readonly name: string }, { readonly nick: string; readonly name: string }];
  /** The replayed result under the edition in force. */
  readonly result: readonly [number, number];
  /** The sheet's own last totals. */
  readonly declaredFinal: readonly [number | null, number | null];
  readonly complete: boolean;
  /** Turns whose play was not checked (score-only lines): 0 for a full record. */
  readonly unchecked: number;
  readonly turns: number;
  readonly findings: readonly SheetFinding[];
  readonly figures: readonly [SideFigures, SideFigures];
  readonly comparable: ComparableAnalysis;
}

const NO_FIGURES: SideFigures = { bingos: 0, best: 0, bestWord: '', bestLine: 0 };

/** A sheet that could not be used: its path and the one-line reason. */
export function unusableSheet(path: string, error: string): EventSheet {
  const players = [
    { nick: '', name: '' },
    { nick: '', name: '' },
  ] as const;
  return {
    path,
    error,
    event: '',
    round: '',
    sheetOf: '',
    players,
    result: [0, 0],
    declaredFinal: [null, null],
    complete: false,
    unchecked: 0,
    turns: 0,
    findings: [],
    figures: [NO_FIGURES, NO_FIGURES],
    comparable: { replay: { players, turns: [], declaredFinal: [null, null], result: [0, 0] }, findings: [] },
  };
}

function pragmaText(a: Analysis, name: string): string {
  const p = a.parsed.file.pragmas.find((x) => x.name === name);
  return p ? p.args.text.trim() : '';
}

const PLAYS = new Set(['placement', 'score-only', 'word']);

function figuresOf(a: Analysis, player: number): SideFigures {
  let bingos = 0;
  let best = 0;
  let bestWord = '';
  let bestLine = 0;
  for (const t of a.replay.turns) {
    if (t.player !== player || !PLAYS.has(t.kind)) continue;
    if (!t.playNotChecked && t.bingo > 0) bingos++;
    if (t.computedScore > best) {
      best = t.computedScore;
      bestWord = t.playNotChecked ? '' : (t.words[0]?.word ?? '');
      bestLine = t.event.line + 1;
    }
  }
  return { bingos, best, bestWord, bestLine };
}

function comparableTurn(t: Analysis['replay']['turns'][number]): ComparableTurn {
  const e = t.event;
  return {
    player: t.player,
    kind: t.kind,
    ...(t.declaredScore !== undefined ? { declaredScore: t.declaredScore } : {}),
    ...(t.declaredTotal !== undefined ? { declaredTotal: t.declaredTotal } : {}),
    computedScore: t.computedScore,
    computedTotal: t.computedTotal,
    words: t.words.map((w) => ({ word: w.word, letterSum: w.letterSum, wordMultiplier: w.wordMultiplier, score: w.score })),
    bingo: t.bingo,
    ...(t.playNotChecked ? { playNotChecked: true as const } : {}),
    event: {
      line: e.line,
      nick: { text: e.nick.text },
      ...(e.coord ? { coord: { text: e.coord.text } } : {}),
      ...(e.play ? { play: { text: e.play.text } } : {}),
    },
  };
}

/** Each player's static equity lost and turns analysed (the coach's plain analysis, no endgame search). */
function equityOf(
  a: Analysis,
  options: SheetEquityOptions,
): [{ lost: number; turns: number }, { lost: number; turns: number }] | undefined {
  if ((a.replay.playsNotChecked?.count ?? 0) > 0) return undefined;
  try {
    const game = analyzeGame(a.replay, { lexicon: options.lexicon, leaves: options.leaves, top: 1, endgameNodes: 0 });
    return [
      { lost: game.summary[0].equityLost, turns: game.summary[0].turns },
      { lost: game.summary[1].equityLost, turns: game.summary[1].turns },
    ];
  } catch {
    return undefined;
  }
}

/** The sheet as the event desk keeps it (see the module header); `equity` adds the equity lost. */
export function eventSheet(path: string, a: Analysis, lang: Language, equity?: SheetEquityOptions): EventSheet {
  const r = a.replay;
  const lost = equity ? equityOf(a, equity) : undefined;
  const figures = [figuresOf(a, 0), figuresOf(a, 1)].map((f, i) =>
    lost ? { ...f, equityLost: lost[i].lost, equityTurns: lost[i].turns } : f,
  ) as [SideFigures, SideFigures];
  const players = [
    { nick: r.players[0].nick, name: r.players[0].name.trim() },
    { nick: r.players[1].nick, name: r.players[1].name.trim() },
  ] as const;
  const findings: SheetFinding[] = [];
  for (const f of a.findings) {
    if (f.severity !== 'error' && f.severity !== 'warning') continue;
    findings.push({
      code: f.code,
      severity: f.severity,
      line: f.span.start.line + 1,
      message: renderFinding(f, lang, { withArticle: true }),
    });
  }
  return {
    path,
    event: pragmaText(a, 'event'),
    round: pragmaText(a, 'round'),
    sheetOf: pragmaText(a, 'sheet-of'),
    players,
    result: [r.result[0], r.result[1]],
    declaredFinal: [r.declaredFinal[0], r.declaredFinal[1]],
    complete: r.complete,
    unchecked: r.playsNotChecked?.count ?? 0,
    turns: r.turns.length,
    findings,
    figures,
    comparable: {
      replay: {
        players,
        turns: r.turns.map(comparableTurn),
        declaredFinal: [r.declaredFinal[0], r.declaredFinal[1]],
        result: [r.result[0], r.result[1]],
        ...(r.playsNotChecked ? { playsNotChecked: { count: r.playsNotChecked.count } } : {}),
      },
      findings: findings.map((f) => ({ severity: f.severity })),
    },
  };
}
