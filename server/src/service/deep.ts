/**
 * "Analizar a fondo" in the editor (docs/deep-analysis.md "In the editor"): the deep analysis of
 * one move of the open record, worked in small steps so the language server can serve other
 * messages between them (lsp/handlers/deep-analysis.ts runs the steps in slices of about 20 ms).
 *
 * - Tiles in the bag: the best static candidates (analysis/sim.ts `simCandidates`) and the move
 *   played, when it is legal and not among them, are simulated (sim.ts `Simulation` and
 *   `PlayoutRunner`: a batch is played candidate by candidate in chunks of `PLAYOUT_CHUNK`
 *   iterations, each chunk one step; the values go into the batch exactly where
 *   `PlayoutRunner.run` of the whole batch puts them, so the answer is `simulate`'s for the same
 *   moves, options and seed).
 * - The bag empty: the exact endgame (analysis/endgame.ts `solveEndgame`, which cannot be cut
 *   into slices). Where the server can start a worker thread it runs there in one call
 *   (`solveEndgameJob`, lsp/endgame-thread.ts: the request's time, 60 % for the best line and the
 *   rest for the move played). Elsewhere (VS Code for the Web) it is searched here one depth per
 *   step (`deepSteps`), each step a fresh search to that depth with a time limit of
 *   `ENDGAME_STEP_MS`, so the event loop is never held longer than that; the steps stop when a
 *   search is exact (solved to the end of the game), when a step could not finish its depth in
 *   its time (the deepest finished search is the answer, marked not exact), or at the request's
 *   time limit.
 *
 * The answers are kept per document version and event line (`DeepCache`); the hover, the lens and
 * the board view read them from there (`deepHoverMarkdown`, `deepLensTitle`, report/deep-board.ts).
 *
 * Invariants: pure apart from the cache (the clock is injected); never throws for a line that is
 * not an analysable move (a reason, in the user's language); texts from the registry (`ui.deep.*`).
 *
 * Example:
 *   const target = deepTarget(analysis, 12, lexicon, undefined, 'es');
 *   if (!('reason' in target)) for (const step = deepSteps(target, { lexicon, seed: 1 }); ; ) { … }
 */
import { analyzeTurn } from '../analysis/coach';
import { runsBefore } from '../analysis/endgame-grade';
import { endgameMoveValue, solveEndgame, type EndgameResult } from '../analysis/endgame';
import type { LeaveEvaluator } from '../analysis/leaves';
import { AnalysisUnsupported, positionBefore, unseenTiles, type Move, type Position } from '../analysis';
import { afterBatch, NOT_PLAYED, PlayoutRunner, Simulation, simCandidates, type SimOptions, type SimResult } from '../analysis/sim';
import type { Lexicon } from '../lexicon/types';
import { formatMessage } from '../rules/messages';
import { formatNumber } from '../rules/template';
import type { Language } from '../rules/types';
import type { CodeLens } from 'vscode-languageserver-types';
import type { DeepAnalysisAnswer, DeepMoveFigures } from '../shared/protocol';
import { turnAtLine } from './board-model';
import { equityText, moveName, sameMove } from './coach';
import type { Analysis } from './document';
import { uiText } from './i18n';

/** Defaults of a request (the seed is fixed, so the same request gives the same answer). */
export const DEEP_DEFAULTS = { plies: 2, iterations: 1000, seconds: 30, seed: 1, candidates: 15 } as const;
/** The request's limits (larger values are cut to these). */
export const DEEP_LIMITS = { plies: 8, iterations: 100_000, seconds: 600, candidates: 40 } as const;
/** Iterations of one candidate played in one step. */
export const PLAYOUT_CHUNK = 8;
/** Longest time one endgame step may hold the thread (ms). */
export const ENDGAME_STEP_MS = 120;
/** The share of an endgame's time (on a thread) the best line's search may take; the move played has the rest. */
const ENDGAME_BEST_SHARE = 0.6;
/** Deepest endgame search tried (plies). */
const ENDGAME_MAX_DEPTH = 64;

export interface DeepOptions {
  readonly lexicon: Lexicon;
  readonly leaves?: LeaveEvaluator;
  readonly plies?: number;
  readonly iterations?: number;
  readonly seconds?: number;
  readonly seed?: number;
  readonly candidates?: number;
  readonly now?: () => number;
}

/** A move to analyse deeply. */
export interface DeepTarget {
  readonly kind: 'sim' | 'endgame';
  readonly index: number;
  /** 0-based line of the move's event. */
  readonly line: number;
  readonly position: Position;
  readonly played: Move;
  readonly legal: boolean;
  /** Not legal only because the built-in open list lacks these words (TurnAnalysis.unlisted). */
  readonly unlisted?: readonly string[];
  /** Passes in a row just before the move (37.2). */
  readonly passes: number;
}

export interface DeepSimOutcome {
  readonly kind: 'sim';
  readonly result: SimResult;
  readonly played: Move;
  readonly legal: boolean;
  readonly unlisted?: readonly string[];
}

export interface DeepEndgameOutcome {
  readonly kind: 'endgame';
  readonly result: EndgameResult;
  readonly played: Move;
  /** The move played's value to the end (undefined when its search could not finish a depth). */
  readonly playedValue?: { readonly spread: number; readonly exact: boolean };
}

export type DeepOutcome = DeepSimOutcome | DeepEndgameOutcome;

/**
 * The move at a 0-based line (the turn shown there, as the board view takes it) and how it is
 * analysed, or why it cannot be.
 */
export function deepTarget(
  analysis: Analysis,
  line: number,
  lexicon: Lexicon | undefined,
  leaves: LeaveEvaluator | undefined,
  lang: Language,
): DeepTarget | { readonly reason: string } {
  const replay = analysis.replay;
  const index = turnAtLine(replay, line);
  const turn = replay.turns[index];
  if (!turn || (turn.kind !== 'placement' && turn.kind !== 'exchange' && turn.kind !== 'pass'))
    return { reason: uiText('ui.deep.notMove', lang) };
  if (!lexicon) return { reason: uiText('ui.coach.noLexicon', lang) };
  const got = positionBefore(replay, index);
  if (!('position' in got)) return { reason: formatMessage(`analysis.reason.${got.reason}`, {}, lang) };
  try {
    const coach = analyzeTurn(replay, index, { lexicon, top: 1, endgameNodes: 0, ...(leaves ? { leaves } : {}) });
    if (!coach || coach.reason || !coach.position || !coach.played)
      return { reason: coach?.reason ? formatMessage(`analysis.reason.${coach.reason}`, {}, lang) : uiText('ui.deep.notMove', lang) };
    const position = coach.position;
    const kind = position.bag === 0 ? 'endgame' : 'sim';
    if (kind === 'endgame' && coach.played.kind === 'exchange') return { reason: uiText('ui.deep.notMove', lang) };
    return {
      kind,
      index,
      line: turn.event.line,
      position,
      played: coach.played,
      legal: coach.legal === true,
      ...(coach.unlisted ? { unlisted: coach.unlisted } : {}),
      passes: runsBefore(replay, index).passes,
    };
  } catch (error) {
    if (error instanceof AnalysisUnsupported) return { reason: formatMessage(error.reason.messageId, error.reason.args, lang) };
    throw error;
  }
}

const clampInt = (v: number | undefined, fallback: number, min: number, max: number): number =>
  typeof v === 'number' && Number.isFinite(v) ? Math.min(max, Math.max(min, Math.floor(v))) : fallback;

/** The request's settings with the defaults and limits applied. */
export function deepSettings(o: Omit<DeepOptions, 'lexicon' | 'leaves' | 'now'>): {
  plies: number;
  iterations: number;
  seconds: number;
  seed: number;
  candidates: number;
} {
  const seconds =
    typeof o.seconds === 'number' && o.seconds > 0 && Number.isFinite(o.seconds)
      ? Math.min(o.seconds, DEEP_LIMITS.seconds)
      : DEEP_DEFAULTS.seconds;
  return {
    plies: clampInt(o.plies, DEEP_DEFAULTS.plies, 1, DEEP_LIMITS.plies),
    iterations: clampInt(o.iterations, DEEP_DEFAULTS.iterations, 1, DEEP_LIMITS.iterations),
    seconds,
    seed: clampInt(o.seed, DEEP_DEFAULTS.seed, 0, 4294967295),
    candidates: clampInt(o.candidates, DEEP_DEFAULTS.candidates, 1, DEEP_LIMITS.candidates),
  };
}

/** The moves a simulation of the target plays out: the static best, and the move played when legal and not among them. */
export function deepSimMoves(target: DeepTarget, options: DeepOptions): Move[] {
  const { candidates } = deepSettings(options);
  const moves = simCandidates(target.position, {
    lexicon: options.lexicon,
    candidates,
    ...(options.leaves ? { leaves: options.leaves } : {}),
  });
  if (target.legal && !moves.some((m) => sameMove(m, target.played))) moves.push(target.played);
  return moves;
}

/**
 * The deep analysis of `target` in steps: yields the part done (0..1) after each step, returns
 * the outcome. Throws `AnalysisUnsupported` as the simulation does (no word graph).
 */
export function* deepSteps(target: DeepTarget, options: DeepOptions): Generator<number, DeepOutcome, void> {
  return target.kind === 'sim' ? yield* simSteps(target, options) : yield* endgameSteps(target, options);
}

function* simSteps(target: DeepTarget, options: DeepOptions): Generator<number, DeepSimOutcome, void> {
  const s = deepSettings(options);
  const now = options.now ?? Date.now;
  const moves = deepSimMoves(target, options);
  const simOptions: Omit<SimOptions, 'lexicon'> & Pick<SimOptions, 'lexicon'> = {
    lexicon: options.lexicon,
    ...(options.leaves ? { leaves: options.leaves } : {}),
    moves,
    plies: s.plies,
    maxIterations: s.iterations,
    seed: s.seed,
    passes: target.passes,
  };
  const sim = new Simulation(moves, simOptions);
  const runner = new PlayoutRunner(target.position, moves, simOptions);
  const start = now();
  const limitMs = s.seconds * 1000;
  for (let batch = sim.next(); batch; batch = sim.next()) {
    const n = batch.to - batch.from;
    const width = batch.active.length;
    // Not played until played (NOT_PLAYED): the time limit may cut the batch after any step.
    const values = new Float64Array(2 * n * width).fill(NOT_PLAYED);
    steps: for (let k = 0; k < width; k++) {
      for (let from = batch.from; from < batch.to; from += PLAYOUT_CHUNK) {
        if (now() - start >= limitMs) break steps;
        const to = Math.min(batch.to, from + PLAYOUT_CHUNK);
        const got = runner.run({ from, to, active: [batch.active[k]] });
        for (let j = 0; j < to - from; j++) {
          const at = 2 * ((from - batch.from + j) * width + k);
          values[at] = got[2 * j];
          values[at + 1] = got[2 * j + 1];
        }
        yield (batch.from + ((k + (to - batch.from) / n) / width) * n) / sim.maxIterations;
      }
    }
    sim.record(batch, values);
    if (afterBatch(sim, start, now, { timeLimitMs: limitMs })) break;
  }
  // A move the time limit left without a deal has no figures to show: it is left out.
  const result = sim.result();
  const simulated = result.candidates.filter((c) => c.iterations > 0);
  return {
    kind: 'sim',
    result: { ...result, candidates: simulated },
    played: target.played,
    legal: target.legal,
    ...(target.unlisted ? { unlisted: target.unlisted } : {}),
  };
}

/** The opponent's rack with the bag empty: every tile the mover cannot see (tile tracking). */
function endgameOpponent(position: Position): string[] {
  const opponent: string[] = [];
  for (const [face, n] of unseenTiles(position)) for (let k = 0; k < n; k++) opponent.push(face);
  return opponent;
}

/** What an endgame search needs of its target (plain data: it crosses to a worker thread). */
export type EndgameJob = Pick<DeepTarget, 'position' | 'passes' | 'played' | 'legal'>;

/** The move played's value, searched as deep as the best line (less one ply: the move itself). */
function playedEndgameValue(
  job: EndgameJob,
  opponent: readonly string[],
  best: EndgameResult,
  options: { readonly lexicon: Lexicon; readonly now: () => number; readonly timeLimitMs?: number },
): DeepEndgameOutcome['playedValue'] {
  const first = best.line[0];
  if (first && job.legal && sameMove(first, job.played)) return { spread: best.spread, exact: best.exact };
  // an illegal move played (a phony) is valued as the pass it amounted to
  const move: Move = job.legal ? job.played : { ...job.played, kind: 'pass', squares: [], score: 0 };
  try {
    const v = endgameMoveValue(job.position, opponent, move, {
      lexicon: options.lexicon,
      passes: job.passes,
      now: options.now,
      maxDepth: Math.max(1, best.depth - 1),
      ...(options.timeLimitMs !== undefined ? { timeLimitMs: options.timeLimitMs } : {}),
    });
    return { spread: v.spread, exact: v.exact };
  } catch (error) {
    // The reply's first depth did not finish within the time: no value for the move played.
    if (!(error instanceof Error) || !error.message.includes('first iteration')) throw error;
    return undefined;
  }
}

/**
 * The endgame in one call, as a worker thread runs it (lsp/endgame-thread.ts): the solver to the
 * end of the game, or to 60 % of `timeLimitMs` with the deepest search finished, then the move
 * played in the time left.
 * `onDepth` is told each finished depth.
 */
export function solveEndgameJob(
  job: EndgameJob,
  lexicon: Lexicon,
  timeLimitMs: number,
  onDepth?: (depth: number) => void,
  now: () => number = Date.now,
): DeepEndgameOutcome {
  const start = now();
  const opponent = endgameOpponent(job.position);
  const best = solveEndgame(job.position, opponent, {
    lexicon,
    passes: job.passes,
    now,
    // Part of the time is kept for the move played, searched as deep as the best line.
    timeLimitMs: Math.max(1, Math.floor(timeLimitMs * ENDGAME_BEST_SHARE)),
    ...(onDepth ? { onIteration: (i: { depth: number }) => onDepth(i.depth) } : {}),
  });
  const left = Math.max(1, timeLimitMs - (now() - start));
  const playedValue = playedEndgameValue(job, opponent, best, { lexicon, now, timeLimitMs: left });
  return { kind: 'endgame', result: best, played: job.played, ...(playedValue ? { playedValue } : {}) };
}

/** Tiles on both racks with the bag empty (the progress of an endgame is told in depths of this). */
export function endgameTiles(position: Position): number {
  return position.rack.length + endgameOpponent(position).length;
}

function* endgameSteps(target: DeepTarget, options: DeepOptions): Generator<number, DeepEndgameOutcome, void> {
  const s = deepSettings(options);
  const now = options.now ?? Date.now;
  const start = now();
  const position = target.position;
  const opponent = endgameOpponent(position);
  const base = { lexicon: options.lexicon, passes: target.passes, now };
  const tiles = position.rack.length + opponent.length;
  // Depth 1 is one move generation: it always finishes.
  let best = solveEndgame(position, opponent, { ...base, maxDepth: 1 });
  yield 1 / (tiles + 2);
  for (let depth = 2; !best.exact && depth <= ENDGAME_MAX_DEPTH && now() - start < s.seconds * 1000; depth++) {
    const r = solveEndgame(position, opponent, { ...base, maxDepth: depth, timeLimitMs: ENDGAME_STEP_MS });
    if (r.depth >= best.depth) best = r;
    if (r.depth < depth) break; // this depth does not fit in a step
    yield Math.min(0.95, depth / (tiles + 2));
  }
  yield 0.97;
  const playedValue = playedEndgameValue(target, opponent, best, { lexicon: options.lexicon, now, timeLimitMs: ENDGAME_STEP_MS });
  return { kind: 'endgame', result: best, played: target.played, ...(playedValue ? { playedValue } : {}) };
}

const round2 = (x: number): number => Math.round(x * 100) / 100;

/** The protocol's answer for an outcome (figures unrounded, as sim.ts and endgame.ts give them). */
export function deepAnswer(target: DeepTarget, outcome: DeepOutcome, version: number, lang: Language): DeepAnalysisAnswer {
  const base = { line: target.line, version, turnIndex: target.index };
  if (outcome.kind === 'sim') {
    const r = outcome.result;
    const moves: DeepMoveFigures[] = r.candidates.map((c) => ({
      name: moveName(c.move, lang),
      staticEquity: c.staticEquity,
      equity: c.equity,
      interval: [c.interval[0], c.interval[1]],
      winPct: c.winPct,
      iterations: c.iterations,
      pruned: c.pruned,
      played: outcome.legal && sameMove(c.move, outcome.played),
    }));
    return {
      ...base,
      kind: 'sim',
      message: deepSummaryText(outcome, lang),
      sim: { plies: r.plies, seed: r.seed, iterations: r.iterations, playouts: r.playouts, stopped: r.stopped, moves },
    };
  }
  const r = outcome.result;
  return {
    ...base,
    kind: 'endgame',
    message: deepSummaryText(outcome, lang),
    endgame: {
      spread: r.spread,
      exact: r.exact,
      depth: r.depth,
      nodes: r.nodes,
      end: r.end,
      line: r.line.map((m) => moveName(m, lang)),
      ...(outcome.playedValue ? { played: outcome.playedValue } : {}),
    },
  };
}

const pct = (p: number, lang: Language): string => formatNumber(Math.round(p * 1000) / 10, lang, 1);
const num = (x: number, lang: Language): string => equityText(round2(x), lang);
const spreadText = (n: number): string => (n > 0 ? `+${n}` : String(n));

/** The simulated figures of one candidate: 'equidad simulada 12,3 ± 1,2 · gana 54,1 % · estática 15,0'. */
function simFigures(c: SimResult['candidates'][number], lang: Language): string {
  return uiText('ui.deep.simFigures', lang, {
    equity: num(c.equity, lang),
    half: num((c.interval[1] - c.interval[0]) / 2, lang),
    win: pct(c.winPct, lang),
    static: num(c.staticEquity, lang),
  });
}

function playedCandidate(o: DeepSimOutcome): SimResult['candidates'][number] | undefined {
  return o.legal ? o.result.candidates.find((c) => sameMove(c.move, o.played)) : undefined;
}

/** What is said of a move played that was not simulated: not legal, or outside the open list. */
function playedNone(o: DeepSimOutcome, lang: Language): string {
  return o.unlisted ? uiText('ui.deep.simPlayedUnlisted', lang, { words: o.unlisted.join(', ') }) : uiText('ui.deep.simPlayedNone', lang);
}

/** The one-line message shown when the analysis ends. */
export function deepSummaryText(o: DeepOutcome, lang: Language): string {
  if (o.kind === 'sim') {
    const best = o.result.candidates[0];
    if (!best) return uiText('ui.coach.lensNone', lang);
    const mine = playedCandidate(o);
    const bestPart = uiText('ui.deep.simBest', lang, { move: moveName(best.move, lang), figures: simFigures(best, lang) });
    if (mine === best) return uiText('ui.deep.simPlayedBest', lang, { figures: simFigures(best, lang) });
    const playedPart = mine ? uiText('ui.deep.simPlayed', lang, { figures: simFigures(mine, lang) }) : playedNone(o, lang);
    return `${bestPart} · ${playedPart}`;
  }
  return endgameText(o, lang);
}

function endgameText(o: DeepEndgameOutcome, lang: Language): string {
  const r = o.result;
  const first = r.line[0];
  const bestPart = uiText(r.exact ? 'ui.deep.endgameBest' : 'ui.deep.endgameBestDepth', lang, {
    move: first ? moveName(first, lang) : '—',
    spread: spreadText(r.spread),
    depth: r.depth,
  });
  const v = o.playedValue;
  if (!v) return `${bestPart} · ${uiText('ui.deep.endgamePlayedNone', lang)}`;
  if (first && sameMove(first, o.played) && v.spread === r.spread) return `${bestPart} · ${uiText('ui.deep.endgamePlayedBest', lang)}`;
  return `${bestPart} · ${uiText('ui.deep.endgamePlayed', lang, { spread: spreadText(v.spread), lost: Math.max(0, r.spread - v.spread) })}`;
}

/** The lens on a move once analysed deeply (its action analyses it again). */
export function deepLensTitle(o: DeepOutcome, lang: Language): string {
  if (o.kind === 'sim') {
    const mine = playedCandidate(o);
    const best = o.result.candidates[0];
    if (!best) return uiText('ui.deep.lensAction', lang);
    return uiText(mine ? 'ui.deep.lensSim' : 'ui.deep.lensSimNone', lang, {
      win: mine ? pct(mine.winPct, lang) : '',
      equity: mine ? num(mine.equity, lang) : '',
      best: moveName(best.move, lang),
      bestEquity: num(best.equity, lang),
      bestWin: pct(best.winPct, lang),
    });
  }
  const v = o.playedValue;
  return uiText(v ? 'ui.deep.lensEndgame' : 'ui.deep.lensEndgameNone', lang, {
    spread: v ? spreadText(v.spread) : '',
    best: spreadText(o.result.spread),
  });
}

/** The hover's paragraph on the move's deep analysis (after the coach's table). */
export function deepHoverMarkdown(o: DeepOutcome, lang: Language): string {
  if (o.kind === 'sim') {
    const r = o.result;
    const heading = uiText('ui.deep.simHeading', lang, { plies: r.plies, iterations: r.iterations, seed: r.seed });
    const best = r.candidates[0];
    const mine = playedCandidate(o);
    const lines = [`**${heading}**`];
    if (best && mine === best) lines.push(uiText('ui.deep.simPlayedBest', lang, { figures: simFigures(best, lang) }));
    else {
      if (best) lines.push(uiText('ui.deep.simBest', lang, { move: moveName(best.move, lang), figures: simFigures(best, lang) }));
      lines.push(mine ? uiText('ui.deep.simPlayed', lang, { figures: simFigures(mine, lang) }) : playedNone(o, lang));
    }
    return lines.join('  \n');
  }
  const r = o.result;
  const heading = uiText(r.exact ? 'ui.deep.endgameHeading' : 'ui.deep.endgameHeadingDepth', lang, { depth: r.depth });
  const line = r.line.map((m) => moveName(m, lang)).join(', ');
  return [`**${heading}**`, endgameText(o, lang), uiText('ui.deep.endgameLine', lang, { line: line || '—' })].join('  \n');
}

/** The client command a deep lens runs (client/src/deep.ts), with the record's URI and the move's line. */
export const DEEP_COMMAND = 'planilla.deepAnalysis';

/**
 * One lens per move the coach can analyse (`lines`: the 0-based lines of its lenses): "Analizar
 * a fondo", or, once the move is analysed for this version, its figures; either way it runs the
 * analysis (again) when clicked. None without a word list or with a tile set other than the
 * Spanish (the analysis could not run).
 */
export function deepLenses(
  analysis: Analysis,
  lines: readonly number[],
  where: { readonly uri: string; readonly version: number },
  cache: DeepCache,
  lang: Language,
  lexicon: Lexicon | undefined,
): CodeLens[] {
  if (!lexicon || analysis.replay.tileSet !== 'spanish') return [];
  return lines.map((line) => {
    const held = cache.get(where.uri, where.version, line);
    const title = held ? deepLensTitle(held.outcome, lang) : uiText('ui.deep.lensAction', lang);
    return {
      range: { start: { line, character: 0 }, end: { line, character: 0 } },
      command: { title, command: DEEP_COMMAND, arguments: [where.uri, line] },
    };
  });
}

/** One deep answer kept: for the document version and the move's event line. */
export interface DeepEntry {
  readonly version: number;
  readonly line: number;
  readonly outcome: DeepOutcome;
  readonly answer: DeepAnalysisAnswer;
}

/** Deep answers per document: only those of one version are kept (a change makes them stale). */
export class DeepCache {
  private readonly byUri = new Map<string, { version: number; byLine: Map<number, DeepEntry> }>();

  set(uri: string, entry: DeepEntry): void {
    let held = this.byUri.get(uri);
    if (!held || held.version !== entry.version) {
      if (held && held.version > entry.version) return;
      held = { version: entry.version, byLine: new Map() };
      this.byUri.set(uri, held);
    }
    held.byLine.set(entry.line, entry);
  }

  /** The answer for the move at `line` (0-based event line) of exactly this version. */
  get(uri: string, version: number, line: number): DeepEntry | undefined {
    const held = this.byUri.get(uri);
    return held && held.version === version ? held.byLine.get(line) : undefined;
  }

  forget(uri: string): void {
    this.byUri.delete(uri);
  }

  clear(): void {
    this.byUri.clear();
  }
}
