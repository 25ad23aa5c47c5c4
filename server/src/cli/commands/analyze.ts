/**
 * `planilla analyze FILE|FOLDER... [--json] [--top N] [--jobs N] [--endgame-nodes N] [--deep]`
 * (docs/coach.md; `--deep`: shared/analyze-deep.ts, docs/deep-analysis.md):
 * for every turn with a known full rack, the move played (score, equity, rank), the best moves and
 * the equity lost; per player the totals. A turn with the bag empty is graded by the endgame
 * search (analysis/coach.ts, method 'endgame': points to the end of the game, exact or the depth
 * reached), each search bounded by `--endgame-nodes` (default `ANALYZE_ENDGAME_NODES`; 0: static
 * equity only). Takes `--lexicon`, `--rules`, `--tile-set`, `--lang` and
 * `--leaves` as `moves` does, and `--jobs` as `check` does: many files are spread over worker
 * threads (shared/batch.ts `runFiles`; the default from `defaultJobs`, with the share of files a worker
 * must get to pay its start measured for analysis, `ANALYZE_FILES_PER_WORKER`).
 *
 * Invariants:
 * - The output is the same, byte for byte and in the same order, whatever `--jobs`: each file's
 *   outcome (its lines for stdout and stderr, or its JSON object) is made by `analyzeOne`, in this
 *   thread or in a worker (`serveAnalysis`, started by ../worker.ts), and printed in file order.
 * - A file that cannot be read or analysed costs one line on stderr and exit code 2; the other
 *   files go on. Nothing here throws for user input.
 *
 * Exit codes: 0 every file analysed; 2 bad usage, or a file unreadable or not analysable.
 *
 * Example:
 *   planilla analyze --json torneo/ > analisis.json
 *   planilla analyze --jobs 2 torneo/
 */
import * as os from 'node:os';
import type { Replay } from '../../engine/types';
import { AnalysisUnsupported, moveJson, type Move } from '../../analysis';
import { ANALYZE_ENDGAME_NODES, analyzeGame, missingTilesText, type GameAnalysis, type TurnAnalysis } from '../../analysis/coach';
import { loadLeavesOrBuiltin } from '../../analysis/leave-files';
import type { LeaveEvaluator } from '../../analysis/leaves';
import { loadDefaultLexicon, loadLexicon } from '../../lexicon/load';
import type { Lexicon } from '../../lexicon/types';
import { formatMessage } from '../../rules/messages';
import type { Language } from '../../rules/types';
import { runCommand, type Command, type ParsedArgs } from '../shared/args';
import {
  defaultJobs,
  jobsOption,
  runFiles,
  terminalProgress,
  type CheckRequest,
  type ProgressSink,
  type WorkerMessage,
  type WorkerSettings,
} from '../shared/batch';
import { analyzeFile, replaySettings, COMMON, resolveEngine } from '../shared/reading';
import { positiveInt } from '../shared/limits';
import type { AnalysisSettings } from '../../service/document';
import { batchInputs, t, terminalStderr, type CliIo } from '../shared/io';
import { moveText, render, shown, signed } from '../shared/positions';
import { jsonForTerminal } from '../shared/terminal';

/**
 * Files a worker of `analyze` must be given to pay its start: a worker loads the modules, the
 * lexicon and the leave table and warms the JIT up (about 0.3–0.4 s), while a game takes about
 * 30–70 ms to analyse (docs/performance.md).
 */
export const ANALYZE_FILES_PER_WORKER = 16;

/** One file's outcome: lines for stderr, then lines for stdout (human form) or its JSON object. */
export interface AnalyzeOutcome {
  readonly err: readonly string[];
  readonly out: readonly string[];
  readonly json?: Record<string, unknown>;
  /** The file could not be read or analysed (exit code 2). */
  readonly failed: boolean;
}

export interface AnalyzeOptions {
  /** Progress bar sink (default: a bar on stderr when it is a terminal and the output is not JSON). */
  readonly progress?: ProgressSink;
  /** Worker script for `--jobs` (default: `worker.js`, shared/worker-script.ts). */
  readonly workerScript?: string;
}

const ANALYZE_OPTIONS = {
  ...COMMON,
  jobs: { type: 'string', short: 'j' },
  deep: { type: 'boolean' },
  'endgame-nodes': { type: 'string' },
  'game-time': { type: 'string' }, // --deep only (shared/analyze-deep.ts)
  'turn-time': { type: 'string' },
} as const;

/** Most nodes `--endgame-nodes` takes. */
const MAX_ENDGAME_NODES = 100_000_000;

export function analyzeCommand(options: AnalyzeOptions = {}): Command {
  return { help: 'cli.help.analyze', options: ANALYZE_OPTIONS, run: (args, io) => analyzeRun(args, io, options) };
}

export function runAnalyze(argv: readonly string[], io: CliIo, options: AnalyzeOptions = {}): Promise<number> {
  return runCommand(analyzeCommand(options), argv, io);
}

/** What analysing one file takes, in the thread that does it. */
interface AnalyzeContext {
  readonly settings: AnalysisSettings;
  readonly lexicon: Lexicon;
  readonly leaves: LeaveEvaluator;
  readonly top: number;
  readonly json: boolean;
  readonly lang: Language;
  /** Nodes of each endgame search (0: static equity only). */
  readonly endgameNodes: number;
}

/** `--endgame-nodes N`: 0 to 100 000 000, undefined when absent, null (after one line on stderr) when bad. */
function endgameNodesOption(value: string | undefined, io: CliIo): number | undefined | null {
  if (value === undefined) return undefined;
  if (!/^\s*\d{1,9}\s*$/.test(value) || Number(value) > MAX_ENDGAME_NODES) {
    io.err(t(io.lang, 'cli.bad-value', { option: '--endgame-nodes', value, allowed: `0–${MAX_ENDGAME_NODES}` }));
    return null;
  }
  return Number(value);
}

async function analyzeRun(args: ParsedArgs, io: CliIo, options: AnalyzeOptions): Promise<number> {
  if (args.flags.has('deep'))
    return (require('../shared/analyze-deep') as typeof import('../shared/analyze-deep')).analyzeDeepRun(args, io);
  const deepOnly = ['game-time', 'turn-time'].find((name) => args.values.has(name));
  if (deepOnly) {
    io.err(t(io.lang, 'cli.deep-only', { option: `--${deepOnly}` }));
    return 2;
  }
  const settings = replaySettings(args, io);
  if (!settings) return 2;
  const top = positiveInt(args.values.get('top'), '--top', io);
  if (top === null) return 2;
  const chosenJobs = jobsOption(args, io);
  if (chosenJobs === null) return 2;
  const endgameNodes = endgameNodesOption(args.values.get('endgame-nodes'), io);
  if (endgameNodes === null) return 2;
  const inputs = batchInputs(args.positionals, io);
  if (!inputs) return 2;
  const { files, problems } = inputs;
  const engine = resolveEngine(args, io);
  if (!engine) return 2;
  const { lexicon, leaves } = engine;
  const lexiconSpec = args.values.get('lexicon');
  const json = args.flags.has('json');
  const context: AnalyzeContext = {
    settings,
    lexicon,
    leaves,
    top: top ?? 5,
    json,
    lang: io.lang,
    endgameNodes: endgameNodes ?? ANALYZE_ENDGAME_NODES,
  };
  const jobs = chosenJobs ?? defaultJobs(files.length, os.availableParallelism(), ANALYZE_FILES_PER_WORKER);
  const workerSettings: WorkerSettings = {
    lexiconSpec,
    rules: settings.rules,
    tileSet: settings.tileSet,
    lang: io.lang,
    analyze: { leavesSpec: args.values.get('leaves'), top: context.top, json, endgameNodes: context.endgameNodes },
  };
  const progress = json ? undefined : 'progress' in options ? options.progress : terminalProgress(terminalStderr(), io.lang);
  const out: Record<string, unknown>[] = [];
  let failed = problems > 0;
  await runFiles(
    files,
    { jobs, settings: workerSettings, progress, workerScript: options.workerScript },
    (file) => analyzeOne(file, context),
    (file, detail) => ({ err: [t(io.lang, 'cli.internal-error', { path: file, detail })], out: [], failed: true }),
    (_index, outcome) => {
      for (const line of outcome.err) io.err(line);
      for (const line of outcome.out) io.out(line);
      if (outcome.json) out.push(outcome.json);
      if (outcome.failed) failed = true;
    },
  );
  if (json) io.out(jsonForTerminal(JSON.stringify({ files: out })));
  return failed ? 2 : 0;
}

/** Analyses one file (never throws: an unexpected error is the file's one line). */
export function analyzeOne(file: string, context: AnalyzeContext): AnalyzeOutcome {
  const err: string[] = [];
  const out: string[] = [];
  const lang = context.lang;
  const io: CliIo = { out: (text) => out.push(text), err: (text) => err.push(text), lang, tty: false };
  try {
    const analysis = analyzeFile(file, { ...context.settings, lexicon: context.lexicon }, io);
    if (!analysis) return { err, out: [], failed: true };
    const r = analysis.replay;
    let game: GameAnalysis;
    try {
      game = analyzeGame(r, { lexicon: context.lexicon, leaves: context.leaves, top: context.top, endgameNodes: context.endgameNodes });
    } catch (e) {
      if (!(e instanceof AnalysisUnsupported)) throw e;
      return { err: [`${shown(file)}: ${render(e.reason, lang)}`], out: [], failed: true };
    }
    if (context.json) {
      const json = {
        path: file,
        players: r.players.map((p) => p.nick).filter((nick) => nick !== ''),
        turns: game.turns.map((x) => turnJson(r, x, lang)),
        summary: summaryJson(r, game),
      };
      return { err, out: [], json, failed: false };
    }
    if (game.turns.length === 0) {
      // An empty record (or one with no event): one line, not two summaries of nobody.
      out.push(t(lang, 'analysis.no-turns', { path: shown(file) }));
      return { err, out, failed: false };
    }
    out.push(t(lang, 'analysis.file-heading', { path: shown(file), players: r.players.map((p) => shown(p.nick)).join(' – ') }));
    for (const x of game.turns) out.push(`  ${turnText(r, x, lang)}`);
    r.players.forEach((p, i) => {
      const s = game.summary[i];
      out.push(
        `  ${t(lang, 'analysis.player-summary', { player: shown(p.nick), lost: s.equityLost, turns: s.turns, perTurn: s.perTurn, small: s.mistakes.small, medium: s.mistakes.medium, large: s.mistakes.large })}`,
      );
    });
    return { err, out, failed: false };
  } catch (e) {
    return {
      err: [t(lang, 'cli.internal-error', { path: file, detail: e instanceof Error ? e.message : String(e) })],
      out: [],
      failed: true,
    };
  }
}

function turnJson(r: Replay, t0: TurnAnalysis, lang: Language): Record<string, unknown> {
  const turn = r.turns[t0.index];
  const player = t0.player >= 0 ? r.players[t0.player].nick : turn.event.nick.value;
  const base = { line: turn.event.line + 1, player };
  if (t0.reason) return { ...base, reason: t0.reason, message: formatMessage(`analysis.reason.${t0.reason}`, {}, lang) };
  const played = t0.played ? { ...moveJson(t0.played), legal: t0.legal ?? false, rank: t0.rank ?? null } : null;
  const eg = t0.endgame;
  const endgame = eg
    ? { best: endgameMoveJson(eg.best), bestSpread: eg.bestSpread, playedSpread: eg.playedSpread, exact: eg.exact, depth: eg.depth }
    : undefined;
  return {
    ...base,
    played,
    best: (t0.best ?? []).map(moveJson),
    equityLost: t0.equityLost ?? null,
    method: t0.method ?? null,
    ...(endgame ? { endgame } : {}),
    ...(t0.missingTiles ? { missingTiles: t0.missingTiles, caveat: missingTilesText(t0.missingTiles, lang) } : {}),
  };
}

/** The endgame's best move in JSON: as `moveJson`, without the static leave and equity (not its figures). */
function endgameMoveJson(move: Move): Record<string, unknown> {
  const json: Record<string, unknown> = { ...moveJson(move) };
  delete json.leave;
  delete json.equity;
  return json;
}

function summaryJson(r: Replay, game: GameAnalysis): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  r.players.forEach((p, i) => {
    const s = game.summary[i];
    if (p.nick === '') return; // a player the record never names (an empty file)
    out[p.nick] = { equityLost: s.equityLost, turns: s.turns, perTurn: s.perTurn, mistakes: s.mistakes };
  });
  return out;
}

function turnText(r: Replay, x: TurnAnalysis, lang: Language): string {
  const caveat = missingTilesText(x.missingTiles, lang);
  return caveat ? `${turnBody(r, x, lang)} (${caveat})` : turnBody(r, x, lang);
}

function turnBody(r: Replay, x: TurnAnalysis, lang: Language): string {
  const turn = r.turns[x.index];
  const player = shown(x.player >= 0 ? r.players[x.player].nick : turn.event.nick.value);
  const line = turn.event.line + 1;
  if (x.reason || !x.played)
    return t(lang, 'analysis.turn-skipped', { line, player, reason: t(lang, `analysis.reason.${x.reason ?? 'unreadable-play'}`) });
  const best = x.best?.[0];
  const common = {
    line,
    player,
    move: moveText(x.played, lang),
    score: signed(x.played.score),
    best: best ? moveText(best, lang) : '—',
    bestScore: best ? signed(best.score) : '',
    bestEquity: best ? Math.round(best.equity * 100) / 100 : 0,
    lost: x.equityLost ?? 0,
  };
  const eg = x.endgame;
  if (eg) {
    const search = eg.exact ? t(lang, 'analysis.endgame-exact') : t(lang, 'analysis.endgame-depth', { depth: eg.depth });
    const figures = {
      ...common,
      best: moveText(eg.best, lang),
      bestScore: signed(eg.best.score),
      bestSpread: signed(eg.bestSpread),
      playedSpread: signed(eg.playedSpread),
      search,
    };
    return t(lang, x.legal ? 'analysis.turn-endgame' : 'analysis.turn-endgame-illegal', figures);
  }
  if (!x.legal && x.unlisted) return t(lang, 'analysis.turn-unlisted', { ...common, words: x.unlisted.join(', ') });
  if (!x.legal) return t(lang, 'analysis.turn-illegal', common);
  return t(lang, 'analysis.turn-row', { ...common, equity: Math.round(x.played.equity * 100) / 100, rank: x.rank ?? 0 });
}

/**
 * A worker of `analyze --jobs` (../worker.ts hands over when its settings carry `analyze`): loads the
 * lexicon and the leave table once, says it is ready, then answers each file with `analyzeOne`.
 * A lexicon or leave table that fails to load falls back silently to the built-in one (the main
 * thread has already said so on stderr).
 */
export function serveAnalysis(port: import('node:worker_threads').MessagePort, options: WorkerSettings): void {
  const analyze = options.analyze!;
  const loaded = loadLexicon(options.lexiconSpec);
  const lexicon = loaded.ok ? loaded.lexicon : loadDefaultLexicon();
  const context: AnalyzeContext = {
    settings: {
      ...(options.rules !== undefined ? { rules: options.rules } : {}),
      ...(options.tileSet !== undefined ? { tileSet: options.tileSet } : {}),
    },
    lexicon,
    leaves: loadLeavesOrBuiltin(analyze.leavesSpec).leaves,
    top: analyze.top,
    json: analyze.json,
    lang: options.lang,
    endgameNodes: analyze.endgameNodes ?? ANALYZE_ENDGAME_NODES,
  };
  port.on('message', (request: CheckRequest) => {
    if (request?.type !== 'check') return;
    for (const item of request.items) {
      const result: WorkerMessage<AnalyzeOutcome> = { type: 'result', index: item.index, outcome: analyzeOne(item.path, context) };
      port.postMessage(result);
    }
  });
  const ready: WorkerMessage<AnalyzeOutcome> = { type: 'ready' };
  port.postMessage(ready);
}
