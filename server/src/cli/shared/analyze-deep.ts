/**
 * `planilla analyze FILE... --deep [--jobs N] [--json]` (docs/deep-analysis.md "analyze --deep"):
 * every turn graded by analysis/deep-game.ts — the exact endgame with the bag empty, the
 * simulation (analysis/sim.ts) where the static best moves are close, static equity elsewhere —
 * with the equity lost and the win % lost (win-pct.ts table).
 *
 * Invariants: files are analysed one after the other in file order; with `--jobs N` (N > 1) the
 * turns of a game are graded N at a time on N worker threads (cli/shared/deep-threads.ts, at most one per
 * core), with one thread here; the simulation is seeded (seed 1, the same answer on any thread),
 * the endgame limited by nodes, so the output does not depend on `--jobs` or
 * on the machine's speed unless a time limit is reached: a turn takes at most `--turn-time`
 * seconds (default 30) and a game `--game-time` (default 300), after which its turns left are not
 * graded and one line says so; a file that cannot be read costs one line on stderr and exit code
 * 2, the others go on.
 *
 * Example:
 *   planilla analyze partida.gcg --deep --jobs 2
 */
import * as os from 'node:os';
import { moveJson } from '../../analysis';
import {
  CLOSE_EQUITY,
  DEEP_SIM,
  deepAnalyzeGame,
  simulateHere,
  type DeepGame,
  type DeepSimulate,
  type DeepTurn,
} from '../../analysis/deep-game';
import { missingTilesText } from '../../analysis/coach';
import { verdictMethodText, verdictOf } from '../../analysis/verdict';
import type { Lexicon } from '../../lexicon/types';
import type { LeaveEvaluator } from '../../analysis/leaves';
import { AnalysisUnsupported } from '../../analysis/moves';
import type { Replay } from '../../engine/types';
import type { Language } from '../../rules/types';
import type { ParsedArgs } from './args';
import { jobsOption, terminalProgress, type ProgressSink } from './batch';
import { analyzeFile, replaySettings, resolveEngine } from './reading';
import { batchInputs, t, terminalStderr, type CliIo } from './io';
import { moveText, render, shown, signed } from './positions';
import { DeepPool, replayOnly } from './deep-threads';
import type { AnalysisSettings } from '../../service/document';
import { secondsOption, positiveInt } from './limits';
import { jsonForTerminal } from './terminal';

/** Plies, most iterations and seed of the simulation of a close turn (deep-game.ts `DEEP_SIM`). */
export const DEEP_SIM_PLIES = DEEP_SIM.plies;
export const DEEP_SIM_ITERATIONS = DEEP_SIM.iterations;
export const DEEP_SIM_SEED = DEEP_SIM.seed;
/** Seconds a turn and a game may take by default (`--turn-time`, `--game-time`). */
export const DEEP_TURN_SECONDS = 30;
export const DEEP_GAME_SECONDS = 300;

const pct = (x: number | undefined): number => Math.round((x ?? 0) * 1000) / 10;

/** What a test may inject into `analyze --deep`: the clock of the time limits. */
export interface DeepRunOptions {
  readonly now?: () => number;
}

/** Runs `analyze --deep` (commands/analyze.ts hands over when `--deep` is given). */
export async function analyzeDeepRun(args: ParsedArgs, io: CliIo, options: DeepRunOptions = {}): Promise<number> {
  const settings = replaySettings(args, io);
  if (!settings) return 2;
  const top = positiveInt(args.values.get('top'), '--top', io);
  if (top === null) return 2;
  const jobs = jobsOption(args, io);
  if (jobs === null) return 2;
  const turnTime = secondsOption(args, io, 'turn-time');
  if (turnTime === null) return 2;
  const gameTime = secondsOption(args, io, 'game-time');
  if (gameTime === null) return 2;
  const turnTimeMs = (turnTime ?? DEEP_TURN_SECONDS) * 1000;
  const gameTimeMs = (gameTime ?? DEEP_GAME_SECONDS) * 1000;
  const inputs = batchInputs(args.positionals, io);
  if (!inputs) return 2;
  const { files, problems } = inputs;
  const engine = resolveEngine(args, io);
  if (!engine) return 2;
  const { lexicon, leaves } = engine;
  const lexiconSpec = args.values.get('lexicon');
  const json = args.flags.has('json');
  const threads = jobs ?? Math.max(1, Math.min(2, os.availableParallelism()));
  const leavesPath = args.values.get('leaves');
  const simulate = simulateHere(lexicon, leaves);
  // The turns of each game are graded on `threads` worker threads at once (none for one thread).
  const pool = await DeepPool.start(
    {
      ...(lexiconSpec !== undefined ? { lexiconSpec } : {}),
      ...(leavesPath !== undefined ? { leavesPath } : {}),
      settings: replayOnly(settings),
      top: top ?? 5,
      simulate: true,
    },
    threads,
  );
  try {
    return await deepFiles(
      files,
      problems > 0,
      pool,
      { settings, lexicon, leaves, top: top ?? 5, simulate, json, turnTimeMs, gameTimeMs },
      io,
      options,
    );
  } finally {
    pool.close();
  }
}

interface DeepRun {
  readonly settings: AnalysisSettings;
  readonly lexicon: Lexicon;
  readonly leaves: LeaveEvaluator;
  readonly top: number;
  readonly simulate: DeepSimulate;
  readonly json: boolean;
  readonly turnTimeMs: number;
  readonly gameTimeMs: number;
}

async function deepFiles(
  files: readonly string[],
  problems: boolean,
  pool: DeepPool,
  run: DeepRun,
  io: CliIo,
  options: DeepRunOptions,
): Promise<number> {
  const { settings, lexicon, leaves, top, simulate, json, turnTimeMs, gameTimeMs } = run;
  const out: Record<string, unknown>[] = [];
  let failed = problems;
  const bar = json ? undefined : deepProgress(terminalStderr(), io.lang);
  for (const file of files) {
    const analysis = analyzeFile(file, { ...settings, lexicon }, io);
    if (!analysis) {
      failed = true;
      continue;
    }
    const r = analysis.replay;
    let game: DeepGame;
    try {
      const limits = { turnTimeMs, gameTimeMs, ...(options.now ? { now: options.now } : {}) };
      const deep = { lexicon, leaves, top, simulate, ...limits };
      const runner = pool.runner(r, analysis.parsed.file.text, deep);
      game = await deepAnalyzeGame(r, deep, (done, total) => bar?.update(done, total), runner);
    } catch (e) {
      bar?.clear();
      if (e instanceof AnalysisUnsupported) io.err(`${shown(file)}: ${render(e.reason, io.lang)}`);
      else io.err(t(io.lang, 'cli.internal-error', { path: file, detail: e instanceof Error ? e.message : String(e) }));
      failed = true;
      continue;
    }
    bar?.clear();
    if (json) out.push(deepJson(file, r, game));
    else for (const line of deepText(file, r, game, io.lang)) io.out(line);
  }
  if (json) io.out(jsonForTerminal(JSON.stringify({ files: out })));
  return failed ? 2 : 0;
}

/** The bar of `analyze --deep` on a terminal: it counts the turns of the game being analysed. */
export function deepProgress(
  stream: NodeJS.WriteStream | undefined,
  lang: Language,
  now: () => number = Date.now,
): ProgressSink | undefined {
  return terminalProgress(stream, lang, now, 'turns');
}

function methodText(game: DeepGame, lang: Language): string {
  return game.simulated ? t(lang, 'winpct.method.sim', { plies: DEEP_SIM_PLIES, close: CLOSE_EQUITY }) : t(lang, 'winpct.method.table', {});
}

function nickOf(r: Replay, x: DeepTurn): string {
  return x.player >= 0 ? r.players[x.player].nick : r.turns[x.index].event.nick.value;
}

/** The human form: a heading, one line per turn, one summary per player. */
export function deepText(file: string, r: Replay, game: DeepGame, lang: Language): string[] {
  const out: string[] = [];
  if (game.turns.length === 0) return [t(lang, 'analysis.no-turns', { path: shown(file) })];
  out.push(
    t(lang, 'winpct.deep-heading', {
      path: shown(file),
      players: r.players.map((p) => shown(p.nick)).join(' – '),
      method: methodText(game, lang),
    }),
  );
  for (const x of game.turns) {
    const line = r.turns[x.index].event.line + 1;
    const player = shown(nickOf(r, x));
    const played = x.coach.played;
    const v = verdictOf(r, x);
    if (!v || !played) {
      out.push(
        `  ${t(lang, 'analysis.turn-skipped', { line, player, reason: t(lang, `analysis.reason.${x.reason ?? 'unreadable-play'}`) })}`,
      );
      continue;
    }
    const how = verdictMethodText(v, lang, x.close);
    const caveat = missingTilesText(x.coach.missingTiles, lang);
    out.push(
      `  ${t(lang, 'winpct.turn-row', {
        line,
        player,
        move: moveText(played, lang),
        score: signed(played.score),
        how,
        best: moveText(v.best, lang),
        bestScore: signed(v.best.score),
        lost: v.loss,
        winLost: pct(v.winLost),
        winPlayed: pct(x.winPlayed),
        winBest: pct(x.winBest),
      })}${caveat ? ` (${caveat})` : ''}`,
    );
  }
  if (game.stopped) {
    const at = r.turns[game.stopped.index]?.event.line ?? 0;
    out.push(`  ${t(lang, 'winpct.deep-stopped', { line: at + 1, left: game.stopped.left })}`);
  }
  r.players.forEach((p, i) => {
    const s = game.summary[i];
    if (p.nick === '') return;
    out.push(
      `  ${t(lang, 'winpct.player-summary', { player: shown(p.nick), lost: s.equityLost, winLost: pct(s.winLost), turns: s.turns, static: s.byMethod.static, sim: s.byMethod.sim, preEndgame: s.byMethod['pre-endgame'], endgame: s.byMethod.endgame })}`,
    );
  });
  return out;
}

/** The JSON form of one file (docs/deep-analysis.md "analyze --deep"). */
export function deepJson(file: string, r: Replay, game: DeepGame): Record<string, unknown> {
  const summary: Record<string, unknown> = {};
  r.players.forEach((p, i) => {
    if (p.nick !== '') summary[p.nick] = game.summary[i];
  });
  return {
    path: file,
    players: r.players.map((p) => p.nick).filter((nick) => nick !== ''),
    method: game.simulated
      ? {
          simulation: 'sim',
          plies: DEEP_SIM_PLIES,
          iterations: DEEP_SIM_ITERATIONS,
          seed: DEEP_SIM_SEED,
          closeEquity: CLOSE_EQUITY,
          winPct: 'table',
        }
      : { simulation: 'none', closeEquity: CLOSE_EQUITY, winPct: 'table' },
    turns: game.turns.map((x) => {
      const base = { line: r.turns[x.index].event.line + 1, player: nickOf(r, x) };
      const v = verdictOf(r, x);
      if (!v) return { ...base, reason: x.reason ?? 'unreadable-play' };
      return {
        ...base,
        method: v.method,
        close: x.close ?? false,
        played: x.coach.played ? moveJson(x.coach.played) : null,
        best: moveJson(v.best),
        bestCode: v.code,
        playedIsBest: v.playedIsBest,
        bestValue: x.bestValue,
        playedValue: x.playedValue,
        equityLost: x.equityLost,
        spreadBefore: x.spreadBefore,
        winBefore: x.winBefore,
        winBest: x.winBest,
        winPlayed: x.winPlayed,
        winLost: x.winLost,
        ...(x.exact !== undefined ? { exact: x.exact } : {}),
        ...(x.iterations !== undefined ? { iterations: x.iterations } : {}),
        ...(x.bestMargin !== undefined ? { bestMargin: x.bestMargin } : {}),
        ...(x.playedMargin !== undefined ? { playedMargin: x.playedMargin } : {}),
        ...(x.cases !== undefined ? { cases: x.cases, solved: x.solved } : {}),
        ...(x.coach.missingTiles ? { missingTiles: x.coach.missingTiles } : {}),
      };
    }),
    summary,
    ...(game.stopped
      ? { stopped: { line: (r.turns[game.stopped.index]?.event.line ?? 0) + 1, reason: 'game-time', turnsLeft: game.stopped.left } }
      : {}),
  };
}
