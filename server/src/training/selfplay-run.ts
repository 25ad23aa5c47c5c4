/**
 * Running self-play in batches, in this thread or in worker threads: the matches of
 * `npm run selfplay` and the training games of `scripts/train-leaves.mjs`.
 *
 * A match request plays each deal twice, strategy A first and then strategy B first, on the
 * same seeded deal (selfplay.ts); a training request plays one game per seed, both seats with
 * the same strategy, and returns the leave statistics (leave-training.ts) of its games.
 * `runPool` spreads seeds over `jobs` worker threads (selfplay-worker.ts) in chunks and merges
 * what they return; results are sorted by seed, so they do not depend on the number of jobs.
 *
 * Invariants: a request names its leave table by bytes (a `.plv` or `.klv2`), so every worker
 * plays with the same values; the lexicon is the built-in one unless `lexiconSpec` names another;
 * a worker that fails rejects the whole run with its message.
 *
 * Example:
 *   const r = await runPool({ mode: 'match', a: 'equity', b: 'greedy' }, seeds(1, 500), 2);
 *   summarize(r.deals);   // { wins, draws, losses, rate, low, high, spread }
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { loadDefaultLexicon, loadLexicon } from '../lexicon/load';
import type { Lexicon } from '../lexicon/types';
import { builtinLeaves, parseLeaveBytes } from '../analysis/leave-files';
import { LeaveStats, creditGame, type SerializedStats } from './leave-training';
import type { LeaveEvaluator } from '../analysis/leaves';
import { playGame, toGcg, type Chooser } from './selfplay';
import { WinPctCounts, type SerializedCounts } from './win-pct-training';
import { chooserFor, type StrategyName } from './strategies';

export interface RunRequest {
  /** match: A against B, seats swapped; train: leave statistics; winpct: win-percentage counts (A both seats). */
  readonly mode: 'match' | 'train' | 'winpct';
  readonly a: StrategyName;
  readonly b: StrategyName;
  /** A leave file's bytes and name; default the built-in table. */
  readonly leaves?: { readonly name: string; readonly bytes: Uint8Array };
  readonly lexiconSpec?: string;
  /** Write each game as GCG into this folder (match mode). */
  readonly gcgDir?: string;
}

/** One deal of a match: final scores [A, B] with A first, and with B first. */
export interface DealOutcome {
  readonly seed: number;
  readonly aFirst: readonly [number, number];
  readonly bFirst: readonly [number, number];
  readonly turns: number;
}

export interface RunResult {
  readonly deals: DealOutcome[];
  /** Training mode: final scores of each game ([first, second]). */
  readonly games: { readonly seed: number; readonly final: readonly [number, number] }[];
  readonly stats?: SerializedStats;
  /** Win-percentage mode: the positions counted (win-pct-training.ts). */
  readonly winPct?: SerializedCounts;
  readonly turns: number;
}

interface Context {
  readonly lexicon: Lexicon;
  readonly leaves: LeaveEvaluator;
  readonly a: Chooser;
  readonly b: Chooser;
}

const contexts = new Map<string, Context>();

function contextFor(req: RunRequest): Context {
  const key = `${req.lexiconSpec ?? ''}|${req.leaves?.name ?? ''}|${req.leaves?.bytes.length ?? 0}|${req.a}|${req.b}`;
  const hit = contexts.get(key);
  if (hit) return hit;
  let lexicon: Lexicon;
  if (req.lexiconSpec) {
    const r = loadLexicon(req.lexiconSpec);
    if (!r.ok) throw new Error(`lexicon ${req.lexiconSpec}: ${r.error.messageId}`);
    lexicon = r.lexicon;
  } else lexicon = loadDefaultLexicon();
  let leaves: LeaveEvaluator;
  if (req.leaves) {
    const r = parseLeaveBytes(req.leaves.bytes, req.leaves.name);
    if (!r.ok) throw new Error(`leave file ${req.leaves.name} refused: ${r.error.detail?.messageId ?? r.error.messageId}`);
    leaves = r.leaves;
  } else leaves = builtinLeaves().leaves;
  const ctx = { lexicon, leaves, a: chooserFor(req.a, { lexicon, leaves }), b: chooserFor(req.b, { lexicon, leaves }) };
  if (contexts.size > 8) contexts.clear();
  contexts.set(key, ctx);
  return ctx;
}

/** Plays the seeds of a request in this thread. */
export function runSeeds(req: RunRequest, seeds: readonly number[]): RunResult {
  const ctx = contextFor(req);
  const deals: DealOutcome[] = [];
  const games: { seed: number; final: readonly [number, number] }[] = [];
  let turns = 0;
  if (req.mode === 'match') {
    for (const seed of seeds) {
      const g1 = playGame(seed, [ctx.a, ctx.b], { nicks: [`A_${req.a}`, `B_${req.b}`] });
      const g2 = playGame(seed, [ctx.b, ctx.a], { nicks: [`B_${req.b}`, `A_${req.a}`] });
      turns += g1.turns.length + g2.turns.length;
      deals.push({
        seed,
        aFirst: [g1.final[0], g1.final[1]],
        bFirst: [g2.final[1], g2.final[0]],
        turns: g1.turns.length + g2.turns.length,
      });
      if (req.gcgDir) {
        fs.writeFileSync(path.join(req.gcgDir, `${seed}-a.gcg`), toGcg(g1));
        fs.writeFileSync(path.join(req.gcgDir, `${seed}-b.gcg`), toGcg(g2));
      }
    }
    return { deals, games, turns };
  }
  if (req.mode === 'winpct') {
    const counts = new WinPctCounts();
    for (const seed of seeds) {
      const g = playGame(seed, [ctx.a, ctx.a]);
      turns += g.turns.length;
      counts.addGame(g);
      games.push({ seed, final: g.final });
    }
    return { deals, games, winPct: counts.serialize(), turns };
  }
  const stats = new LeaveStats();
  for (const seed of seeds) {
    const g = playGame(seed, [ctx.a, ctx.b]);
    turns += g.turns.length;
    creditGame(g, ctx.leaves, stats);
    games.push({ seed, final: g.final });
  }
  return { deals, games, stats: stats.serialize(), turns };
}

/** Seeds `first`, `first + 1`, … (`count` of them). */
export function seedRange(first: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => first + i);
}

/**
 * Plays `seeds` on `jobs` worker threads (1: in this thread), in chunks of `chunk` seeds;
 * `progress` is called with the number of seeds done.
 */
export async function runPool(
  req: RunRequest,
  seeds: readonly number[],
  jobs: number,
  progress?: (done: number) => void,
  chunk = 8,
): Promise<RunResult> {
  const all: RunResult[] = [];
  if (jobs <= 1) {
    let done = 0;
    for (let i = 0; i < seeds.length; i += chunk) {
      const part = seeds.slice(i, i + chunk);
      all.push(runSeeds(req, part));
      done += part.length;
      progress?.(done);
    }
    return mergeResults(all);
  }
  const queue: number[][] = [];
  for (let i = 0; i < seeds.length; i += chunk) queue.push(seeds.slice(i, i + chunk));
  let done = 0;
  const workerFile = path.join(__dirname, 'selfplay-worker.js');
  await Promise.all(
    Array.from(
      { length: Math.min(jobs, queue.length) },
      () =>
        new Promise<void>((resolve, reject) => {
          const w = new Worker(workerFile);
          const next = (): void => {
            const part = queue.shift();
            if (!part) {
              void w.terminate();
              resolve();
              return;
            }
            w.postMessage({ req, seeds: part });
          };
          w.on('message', (m: { ok: true; result: RunResult; count: number } | { ok: false; error: string }) => {
            if (!m.ok) {
              void w.terminate();
              reject(new Error(m.error));
              return;
            }
            all.push(m.result);
            done += m.count;
            progress?.(done);
            next();
          });
          w.on('error', reject);
          next();
        }),
    ),
  );
  return mergeResults(all);
}

function mergeResults(unordered: readonly RunResult[]): RunResult {
  // merge in seed order, so sums do not depend on which worker finished first
  const firstSeed = (p: RunResult): number => p.deals[0]?.seed ?? p.games[0]?.seed ?? 0;
  const parts = [...unordered].sort((x, y) => firstSeed(x) - firstSeed(y));
  const deals = parts.flatMap((p) => p.deals).sort((a, b) => a.seed - b.seed);
  const games = parts.flatMap((p) => p.games).sort((a, b) => a.seed - b.seed);
  let stats: SerializedStats | undefined;
  if (parts.some((p) => p.stats)) {
    const acc = new LeaveStats();
    for (const p of parts) if (p.stats) acc.merge(p.stats);
    stats = acc.serialize();
  }
  let winPct: SerializedCounts | undefined;
  if (parts.some((p) => p.winPct)) {
    const acc = new WinPctCounts();
    for (const p of parts) if (p.winPct) acc.merge(p.winPct);
    winPct = acc.serialize();
  }
  return { deals, games, turns: parts.reduce((s, p) => s + p.turns, 0), ...(stats ? { stats } : {}), ...(winPct ? { winPct } : {}) };
}

export interface MatchSummary {
  readonly games: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  /** Win rate of A, draws counting half, in [0, 1]. */
  readonly rate: number;
  /** 95 % interval of the win rate (normal approximation over games). */
  readonly low: number;
  readonly high: number;
  /** Mean of A's score minus B's, per game. */
  readonly spread: number;
}

/** Wins, draws and losses of A over every game of the deals, the win rate and its interval. */
export function summarize(deals: readonly DealOutcome[]): MatchSummary {
  let wins = 0;
  let draws = 0;
  let losses = 0;
  let spread = 0;
  const points: number[] = [];
  for (const d of deals) {
    for (const [a, b] of [d.aFirst, d.bFirst]) {
      spread += a - b;
      const p = a > b ? 1 : a === b ? 0.5 : 0;
      points.push(p);
      if (p === 1) wins++;
      else if (p === 0) losses++;
      else draws++;
    }
  }
  const n = points.length;
  const rate = n > 0 ? (wins + draws / 2) / n : 0;
  const variance = n > 1 ? points.reduce((s, p) => s + (p - rate) ** 2, 0) / (n - 1) : 0;
  const half = 1.96 * Math.sqrt(variance / Math.max(1, n));
  return {
    games: n,
    wins,
    draws,
    losses,
    rate,
    low: Math.max(0, rate - half),
    high: Math.min(1, rate + half),
    spread: n > 0 ? spread / n : 0,
  };
}
