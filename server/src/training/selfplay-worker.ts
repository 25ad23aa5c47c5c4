/**
 * A worker thread of self-play (selfplay-run.ts `runPool`): plays each chunk of seeds it is sent
 * with `runSeeds` and posts the result, or the error's message.
 *
 * Invariants: results are exactly what `runSeeds` gives in the main thread for the same seeds;
 * runs only as a worker's entry script.
 *
 * Example (selfplay-run.ts):
 *   const w = new Worker(path.join(__dirname, 'selfplay-worker.js'));
 *   w.postMessage({ req, seeds: [1, 2, 3] });
 */
import { isMainThread, parentPort } from 'node:worker_threads';
import { runSeeds, type RunRequest } from './selfplay-run';

if (!isMainThread && parentPort && require.main === module) {
  const port = parentPort;
  port.on('message', (m: { req: RunRequest; seeds: number[] }) => {
    try {
      port.postMessage({ ok: true, result: runSeeds(m.req, m.seeds), count: m.seeds.length });
    } catch (e) {
      port.postMessage({ ok: false, error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
    }
  });
}
