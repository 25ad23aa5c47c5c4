/**
 * A worker thread of `planilla check --jobs N` (see shared/batch.ts): loads the lexicon named by the
 * spec it was started with, once, says it is ready, then checks each file it is sent and posts
 * each outcome as soon as it has it, in the order received. Started for `planilla analyze --jobs N`
 * (its settings carry `analyze`), it hands over to commands/analyze.ts `serveAnalysis`, which does the same
 * with the analysis of each file; started for `planilla moves --sim --threads N` (its data carry
 * `sim`), it plays simulation batches (shared/sim-runner.ts `serveSim`); started for `analyze --deep --jobs N`
 * (its data carry `deep`), it grades turns of a game (shared/deep-threads.ts `serveDeep`); started for
 * `planilla event --jobs N` (its settings carry `event`), it keeps each sheet for the desk
 * (commands/event.ts `serveEvent`).
 *
 * Invariants: outcomes are what the main thread would compute for the same file (both call
 * `checkFile`); a lexicon that fails to load falls back to the built-in one silently (the main
 * thread has already said so on stderr); runs only as a worker's entry script.
 *
 * Example (shared/batch.ts):
 *   new Worker(path.join(__dirname, 'worker.js'), { workerData: { lang: 'es', lexiconSpec } });
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { workerLexicon } from './shared/reading';
import { checkFile, type CheckRequest, type WorkerMessage, type WorkerSettings } from './shared/batch';
import type { CheckSettings } from './shared/record';
import type { SimWorkerSettings } from './shared/sim-runner';
import type { DeepWorkerSettings } from './shared/deep-threads';

function serve(port: NonNullable<typeof parentPort>, options: WorkerSettings): void {
  const settings: CheckSettings = { rules: options.rules, tileSet: options.tileSet, lexicon: workerLexicon(options.lexiconSpec) };
  port.on('message', (request: CheckRequest) => {
    if (request?.type !== 'check') return;
    for (const item of request.items) {
      const result: WorkerMessage = { type: 'result', index: item.index, outcome: checkFile(item.path, settings, options.lang) };
      port.postMessage(result);
    }
  });
  const ready: WorkerMessage = { type: 'ready' };
  port.postMessage(ready);
}

if (!isMainThread && parentPort && require.main === module) {
  const options = workerData as WorkerSettings;
  // `analyze --jobs` uses the same workers; its modules are loaded only then.
  const sim = (workerData as { sim?: SimWorkerSettings }).sim;
  // `moves --sim --threads` too (shared/sim-runner.ts).
  // `analyze --deep --jobs` and `report --deep --jobs` grade whole turns (shared/deep-threads.ts).
  const deep = (workerData as { deep?: DeepWorkerSettings }).deep;
  if (sim) (require('./shared/sim-runner') as typeof import('./shared/sim-runner')).serveSim(parentPort, sim);
  else if (deep) (require('./shared/deep-threads') as typeof import('./shared/deep-threads')).serveDeep(parentPort, deep);
  else if (options.analyze) (require('./commands/analyze') as typeof import('./commands/analyze')).serveAnalysis(parentPort, options);
  else if (options.event) (require('./commands/event') as typeof import('./commands/event')).serveEvent(parentPort, options);
  else serve(parentPort, options);
}
