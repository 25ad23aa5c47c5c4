/**
 * `planilla moves FILE --line L --sim` and the `"sim"` field of `moves --stdin`
 * (docs/deep-analysis.md "Simulation"): the flags and their one-line errors, the text and JSON of
 * a simulation, and the progress bar on stderr. commands/moves.ts calls `readSimFlags`, `simMoves` and
 * `simField`; the simulation is analysis/sim.ts, its threads sim-runner.ts.
 *
 * Invariants: a bad flag is one line on stderr (exit 2), a bad `"sim"` field answers
 * `"sim": {"error": …}` beside the moves; never a stack trace. The progress bar is drawn only on a
 * terminal, only once the run has lasted a second, and is wiped before the answer is printed.
 *
 * Example:
 *   planilla moves partida.gcg --line 12 --sim --plies 2 --iterations 500 --seed 7 --threads 2
 */
import type { Lexicon } from '../../lexicon/types';
import { formatNumber } from '../../rules/messages';
import { moveJson, moveLeave, type Move, type Position } from '../../analysis';
import type { LeaveEvaluator } from '../../analysis/leaves';
import { simulate, type SimCandidate, type SimOptions, type SimProgress, type SimResult } from '../../analysis/sim';
import { t, type CliIo } from './io';
import type { ParsedArgs } from './args';
import { simulateOnThreads } from './sim-runner';
import { inferLeaves, INFERENCE_TEMPERATURE } from '../../analysis/inference';
import { capToCores, SECONDS_RANGE, secondsOption, validSeconds } from './limits';
import { moveText, positionJson } from './positions';
import { jsonForTerminal } from './terminal';

/** The value options of `--sim` (none is a flag but `--sim` itself). */
export const SIM_OPTIONS = {
  sim: { type: 'boolean' },
  plies: { type: 'string' },
  iterations: { type: 'string' },
  time: { type: 'string' },
  seed: { type: 'string' },
  threads: { type: 'string' },
  infer: { type: 'boolean' },
} as const;

const VALUE_FLAGS = ['plies', 'iterations', 'time', 'seed', 'threads'] as const;

export const MAX_PLIES = 8;
export const MAX_ITERATIONS = 1_000_000;
export const MAX_THREADS = 64;
/** Default candidates when `--top` is not given. */
export const SIM_CANDIDATES = 15;

export interface SimFlags {
  readonly plies: number;
  readonly iterations: number;
  readonly timeLimitMs?: number;
  readonly seed: number;
  readonly threads: number;
  /** `--infer`: the opponent's deals weighted by its last play (analysis/inference.ts). */
  readonly infer: boolean;
}

const INTEGER = /^\s*\d{1,10}\s*$/;

/** An integer flag in [min, max]; undefined when absent; null (one line said) when bad. */
function intFlag(args: ParsedArgs, io: CliIo, name: string, min: number, max: number): number | undefined | null {
  const value = args.values.get(name);
  if (value === undefined) return undefined;
  if (!INTEGER.test(value) || Number(value) < min || Number(value) > max) {
    io.err(t(io.lang, 'cli.bad-value', { option: `--${name}`, value, allowed: `${min}–${max}` }));
    return null;
  }
  return Number(value);
}

/**
 * The `--sim` flags: undefined without `--sim` (then none of its options may be given: one line),
 * null when a value is bad (one line said), else the settings.
 */
export function readSimFlags(args: ParsedArgs, io: CliIo): SimFlags | undefined | null {
  if (!args.flags.has('sim')) {
    const stray = VALUE_FLAGS.find((f) => args.values.has(f)) ?? (args.flags.has('infer') ? 'infer' : undefined);
    if (stray) {
      io.err(t(io.lang, 'sim.needs-sim', { option: `--${stray}` }));
      return null;
    }
    return undefined;
  }
  if (args.flags.has('stdin')) {
    io.err(t(io.lang, 'sim.not-stdin'));
    return null;
  }
  const plies = intFlag(args, io, 'plies', 1, MAX_PLIES);
  if (plies === null) return null;
  const iterations = intFlag(args, io, 'iterations', 1, MAX_ITERATIONS);
  if (iterations === null) return null;
  const seed = intFlag(args, io, 'seed', 0, 4294967295);
  if (seed === null) return null;
  const threads = intFlag(args, io, 'threads', 1, MAX_THREADS);
  if (threads === null) return null;
  const time = secondsOption(args, io, 'time');
  if (time === null) return null;
  const timeLimitMs = time !== undefined ? time * 1000 : undefined;
  return {
    plies: plies ?? 2,
    iterations: iterations ?? 1000,
    ...(timeLimitMs !== undefined ? { timeLimitMs } : {}),
    seed: seed ?? 1,
    threads: threads === undefined ? 1 : capToCores(threads, '--threads', io),
    infer: args.flags.has('infer'),
  };
}

/** A progress bar on a terminal stream, shown once the run has lasted `after` ms; nothing when not a TTY. */
export function simProgressBar(
  stream: NodeJS.WriteStream,
  lang: CliIo['lang'],
  now: () => number = Date.now,
  after = 1000,
): { readonly update: (p: SimProgress) => void; readonly clear: () => void } | undefined {
  if (!stream.isTTY) return undefined;
  const start = now();
  let shown = false;
  let last = -Infinity;
  return {
    update(p) {
      const time = now();
      if (time - start < after || time - last < 100) return;
      last = time;
      const label = t(lang, 'sim.progress', { done: p.iterations, total: p.maxIterations, active: p.active });
      const width = Math.max(0, Math.min(40, (stream.columns ?? 80) - label.length - 4));
      const filled = p.maxIterations > 0 ? Math.round((width * p.iterations) / p.maxIterations) : width;
      stream.write(`\r${width > 0 ? `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ` : ''}${label}\x1b[K`);
      shown = true;
    },
    clear() {
      if (shown) stream.write('\r\x1b[K');
      shown = false;
    },
  };
}

const round2 = (x: number): number => Math.round(x * 100) / 100;

/** The `"sim"` member of a move in JSON (a move the time limit left unsimulated: null figures, 0 iterations). */
export function candidateJson(c: SimCandidate): Record<string, unknown> {
  if (c.iterations === 0) return { equity: null, interval: null, stdev: null, winPct: null, iterations: 0 };
  return {
    equity: round2(c.equity),
    interval: [round2(c.interval[0]), round2(c.interval[1])],
    stdev: round2(c.stdev),
    winPct: Math.round(c.winPct * 10000) / 100,
    iterations: c.iterations,
    ...(c.pruned ? { pruned: true } : {}),
  };
}

/** The summary of a simulation in JSON. */
export function summaryJson(r: SimResult): Record<string, unknown> {
  return { plies: r.plies, seed: r.seed, iterations: r.iterations, playouts: r.playouts, stopped: r.stopped, confidence: r.confidence };
}

/** The simulation's moves, best first, in JSON (each move with its `"sim"`). */
export function simMovesJson(r: SimResult): Record<string, unknown>[] {
  return r.candidates.map((c) => ({ ...moveJson(c.move), sim: candidateJson(c) }));
}

export interface SimRun {
  readonly position: Position;
  readonly lexicon: Lexicon;
  readonly leaves: LeaveEvaluator;
  readonly candidates: number;
  readonly flags: SimFlags;
  readonly lexiconSpec?: string;
  readonly leavesPath?: string;
}

/** Runs the simulation of `moves --sim` with its progress bar on stderr (when a terminal). */
export async function runSim(run: SimRun, io: CliIo, stderr: NodeJS.WriteStream = process.stderr): Promise<SimResult> {
  const bar = simProgressBar(stderr, io.lang);
  // --infer: the opponent's leave inferred from its last play, at the fitted temperature.
  const inferred = run.flags.infer
    ? inferLeaves(run.position, { lexicon: run.lexicon, leaves: run.leaves, temperature: INFERENCE_TEMPERATURE, seed: run.flags.seed })
    : undefined;
  const options: SimOptions = {
    lexicon: run.lexicon,
    leaves: run.leaves,
    candidates: run.candidates,
    plies: run.flags.plies,
    maxIterations: run.flags.iterations,
    seed: run.flags.seed,
    ...(inferred ? { inferred } : {}),
    ...(run.flags.timeLimitMs !== undefined ? { timeLimitMs: run.flags.timeLimitMs } : {}),
    ...(bar ? { onProgress: (p: SimProgress) => bar.update(p) } : {}),
  };
  try {
    return await simulateOnThreads(run.position, options, {
      threads: run.flags.threads,
      ...(run.lexiconSpec !== undefined ? { lexiconSpec: run.lexiconSpec } : {}),
      ...(run.leavesPath !== undefined ? { leavesPath: run.leavesPath } : {}),
    });
  } finally {
    bar?.clear();
  }
}

/** What `moves FILE --line L --sim` prints besides the simulation: the heading's figures, and text or JSON. */
export interface SimPrint {
  /** A record's turn (player and line), or a CGP position (neither). */
  readonly heading: { readonly player?: string; readonly line?: number; readonly rack: string; readonly bag: number };
  readonly json: boolean;
}

/** `moves FILE --line L --sim`: runs the simulation and prints it (text or JSON); the exit code. */
export async function simMoves(run: SimRun, print: SimPrint, io: CliIo): Promise<number> {
  const r = await runSim(run, io);
  if (print.json) {
    io.out(jsonForTerminal(JSON.stringify({ position: positionJson(run.position), sim: summaryJson(r), moves: simMovesJson(r) })));
    return 0;
  }
  const h = print.heading;
  io.out(
    h.player !== undefined && h.line !== undefined
      ? t(io.lang, 'sim.heading', { player: h.player, line: h.line, rack: h.rack, bag: h.bag, plies: r.plies, seed: r.seed })
      : t(io.lang, 'sim.heading-cgp', { rack: h.rack, bag: h.bag, plies: r.plies, seed: r.seed }),
  );
  for (const line of simLines(r, io)) io.out(line);
  return 0;
}

/** The text lines of a simulation (after the heading). */
export function simLines(r: SimResult, io: CliIo): string[] {
  const lines = r.candidates.map((c, i) =>
    t(io.lang, c.iterations === 0 ? 'sim.row-unplayed' : 'sim.row', {
      rank: i + 1,
      move: moveText(c.move, io.lang),
      score: c.move.score >= 0 ? `+${c.move.score}` : String(c.move.score),
      leave: moveLeave(c.move) || t(io.lang, 'analysis.nothing'),
      static: formatNumber(c.staticEquity, io.lang, 2),
      equity: formatNumber(round2(c.equity), io.lang, 2),
      half: formatNumber(round2((c.interval[1] - c.interval[0]) / 2), io.lang, 2),
      win: t(io.lang, 'sim.win', { pct: formatNumber(Math.round(c.winPct * 1000) / 10, io.lang, 1) }),
      iterations: c.iterations,
      pruned: c.pruned ? t(io.lang, 'sim.pruned') : '',
    }),
  );
  const stop = t(io.lang, `sim.stop.${r.stopped}`, { confidence: formatNumber(r.confidence * 100, io.lang, 0) });
  lines.push(t(io.lang, 'sim.summary', { iterations: r.iterations, playouts: r.playouts, stop }));
  return lines;
}

/** Limits of the `"sim"` field of `moves --stdin`. */
const FIELD_LIMITS: Readonly<Record<string, readonly [number, number]>> = {
  plies: [1, MAX_PLIES],
  iterations: [1, MAX_ITERATIONS],
  seed: [0, 4294967295],
  candidates: [1, 100],
};

/**
 * The `"sim"` answer of one `moves --stdin` position: `{ summary, byMove }` where `byMove` maps
 * each simulated move (one of `moves`, the answer's list) to its `"sim"` member, or `{ error }`.
 * Undefined when the request has no `"sim"` field. The moves simulated are the first
 * `candidates` (default 15) of the answer's list; this thread only.
 */
export function simField(
  request: unknown,
  position: Position,
  moves: readonly Move[],
  lexicon: Lexicon,
  leaves: LeaveEvaluator | undefined,
  lang: CliIo['lang'],
):
  | { readonly summary: Record<string, unknown>; readonly byMove: Map<Move, Record<string, unknown>> }
  | { readonly error: string }
  | undefined {
  if (typeof request !== 'object' || request === null || !('sim' in request)) return undefined;
  const field = request.sim;
  if (typeof field !== 'object' || field === null || Array.isArray(field)) return { error: t(lang, 'sim.json.sim') };
  const o = field as Record<string, unknown>;
  const got: Record<string, number> = {};
  for (const key of Object.keys(o)) {
    const value = o[key];
    if (key === 'time') {
      if (!validSeconds(value)) return { error: t(lang, 'sim.json.field', { field: key, allowed: SECONDS_RANGE }) };
      got.time = value;
      continue;
    }
    const range = FIELD_LIMITS[key];
    if (!range) return { error: t(lang, 'sim.json.sim') };
    if (typeof value !== 'number' || !Number.isInteger(value) || value < range[0] || value > range[1])
      return { error: t(lang, 'sim.json.field', { field: key, allowed: `${range[0]}–${range[1]}` }) };
    got[key] = value;
  }
  const simulated = moves.slice(0, got.candidates ?? SIM_CANDIDATES);
  const r = simulate(position, {
    lexicon,
    ...(leaves ? { leaves } : {}),
    moves: simulated,
    plies: got.plies ?? 2,
    maxIterations: got.iterations ?? 1000,
    seed: got.seed ?? 1,
    ...(got.time !== undefined ? { timeLimitMs: got.time * 1000 } : {}),
  });
  const byMove = new Map<Move, Record<string, unknown>>();
  for (const c of r.candidates) byMove.set(c.move, candidateJson(c));
  return { summary: summaryJson(r), byMove };
}
