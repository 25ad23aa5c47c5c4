/**
 * The worker thread of the editor's endgame ("Analizar a fondo" with the bag empty,
 * endgame-thread.ts): the solver (analysis/endgame.ts) cannot be cut into slices, so the
 * language server runs it here, where it may take seconds without holding the server's messages.
 * Started with the job and the word list's settings as its data: loads the same list the server
 * judges the record with (service/lexicons.ts), posts each finished depth, then the outcome.
 *
 * Invariants: runs only as a worker's entry script; posts exactly one `done` or `error`; the
 * outcome is `solveEndgameJob`'s, the same the server would compute in its own thread.
 *
 * Example (lsp/endgame-thread.ts):
 *   new Worker(script, { workerData: { job, spec: '', extra: '', banned: '', timeLimitMs: 30000 } });
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { solveEndgameJob } from '../service/deep';
import { LexiconCache } from '../service/lexicons';
import type { EndgameThreadData, EndgameThreadMessage } from './endgame-thread';

function serve(port: NonNullable<typeof parentPort>, data: EndgameThreadData): void {
  const post = (m: EndgameThreadMessage): void => port.postMessage(m);
  try {
    const lexicon = new LexiconCache().get(data.spec, data.extra, data.banned).lexicon;
    if (!lexicon) {
      post({ type: 'error', message: 'no word list' });
      return;
    }
    const outcome = solveEndgameJob(data.job, lexicon, data.timeLimitMs, (depth) => post({ type: 'depth', depth }));
    post({ type: 'done', outcome });
  } catch (error) {
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
}

if (!isMainThread && parentPort) serve(parentPort, workerData as EndgameThreadData);
