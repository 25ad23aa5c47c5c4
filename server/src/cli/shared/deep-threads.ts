/**
 * The deep analysis of a game on worker threads for the CLI (`planilla analyze --deep --jobs N`,
 * `report --deep`; docs/deep-analysis.md "Threads"): the pool (service/deep-pool.ts) started with
 * the CLI's worker script (`worker.js`, worker-script.ts) and the worker's side, which loads the
 * `--lexicon` word list and the `--leaves` table before serving.
 *
 * Invariants: those of the pool: the output does not depend on the threads unless a time limit is
 * reached; a worker that cannot start or dies costs nothing but speed.
 *
 * Example:
 *   const pool = await DeepPool.start({ lexiconSpec, leavesPath, top: 5 }, 2);
 *   const game = await deepAnalyzeGame(replay, options, onTurn, pool.runner(replay, text, options));
 *   pool.close();
 */
import type { MessagePort } from 'node:worker_threads';
import { simulateHere, type DeepOptions } from '../../analysis/deep-game';
import { loadLeavesOrBuiltin } from '../../analysis/leave-files';
import type { LeaveEvaluator } from '../../analysis/leaves';
import { workerLexicon } from './reading';
import { workerScript } from './worker-script';
import { analyze, type AnalysisSettings } from '../../service/document';
import { DeepGamePool, serveDeepGame } from '../../service/deep-pool';

/** The replay's settings a worker needs (edition, tile set): plain data, never the word list itself. */
export function replayOnly(settings: AnalysisSettings): Pick<AnalysisSettings, 'rules' | 'tileSet'> {
  return {
    ...(settings.rules !== undefined ? { rules: settings.rules } : {}),
    ...(settings.tileSet !== undefined ? { tileSet: settings.tileSet } : {}),
  };
}

/** What a deep-analysis worker is started with (plain data). */
export interface DeepWorkerSettings {
  /** The `--lexicon` spec (undefined: the built-in list). */
  readonly lexiconSpec?: string;
  /** The `--leaves` path (undefined: the built-in table). */
  readonly leavesPath?: string;
  /** No leave table given: the generator's default, as the caller's options without `leaves` (`report --deep`). */
  readonly defaultLeaves?: boolean;
  /** The replay's edition and tile set (`--rules`, `--tile-set`). */
  readonly settings: Pick<AnalysisSettings, 'rules' | 'tileSet'>;
  readonly top: number;
  /** Whether close turns are simulated (else graded by the table, as without `simulate`). */
  readonly simulate: boolean;
}

/** The CLI's pool: `DeepPool.start(settings, threads)` starts `threads` workers of `worker.js` (module header). */
export const DeepPool = {
  start: (settings: DeepWorkerSettings, threads: number, script = workerScript()): Promise<DeepGamePool> =>
    DeepGamePool.start(script, { deep: settings }, threads),
};
export type DeepPool = DeepGamePool;

/**
 * A deep-analysis worker (worker.ts hands over here): loads the word list and the leaves, then
 * serves the pool (service/deep-pool.ts `serveDeepGame`). A word list or leave table that fails to
 * load falls back to the built-in one (this thread has already said so on stderr).
 */
export function serveDeep(port: MessagePort, settings: DeepWorkerSettings): void {
  const lexicon = workerLexicon(settings.lexiconSpec);
  if (!lexicon) {
    process.exit(1);
    return;
  }
  const leaves: LeaveEvaluator | undefined = settings.defaultLeaves ? undefined : loadLeavesOrBuiltin(settings.leavesPath).leaves;
  const options: DeepOptions = {
    lexicon,
    ...(leaves ? { leaves } : {}),
    top: settings.top,
    ...(settings.simulate ? { simulate: simulateHere(lexicon, leaves) } : {}),
  };
  serveDeepGame(port, options, (text) => analyze(text, { ...settings.settings, lexicon }).replay);
}
