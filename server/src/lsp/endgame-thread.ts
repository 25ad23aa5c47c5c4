/**
 * The editor's endgame on a worker thread (the script `endgame-worker.js`, lsp/endgame-worker.ts,
 * beside the server's bundle): the exact solver runs there with the request's time limit, while
 * the server keeps serving typing, diagnostics and other requests. A cancelled request ends the
 * thread at once. Where no thread can start (VS Code for the Web, a missing script), the caller
 * falls back to the search in steps (service/deep.ts).
 *
 * Invariants: resolves to the outcome, or to undefined when the thread could not start or died
 * (then nothing was kept); rejects with RequestCancelled when the token is cancelled; the thread
 * is always ended.
 *
 * Example:
 *   const outcome = await endgameOnThread(script, data, token, (depth) => progress(depth));
 */
import type { CancellationToken } from 'vscode-languageserver';
import type { DeepEndgameOutcome, EndgameJob } from '../service/deep';
import { cancelledError } from './guard';

/** What the thread is started with. */
export interface EndgameThreadData {
  readonly job: EndgameJob;
  /** The word list's settings, as the server's lexicon cache takes them. */
  readonly spec: string;
  readonly extra: string;
  readonly banned: string;
  readonly timeLimitMs: number;
}

export type EndgameThreadMessage =
  | { readonly type: 'depth'; readonly depth: number }
  | { readonly type: 'done'; readonly outcome: DeepEndgameOutcome }
  | { readonly type: 'error'; readonly message: string };

export function endgameOnThread(
  script: string,
  data: EndgameThreadData,
  token: CancellationToken,
  onDepth: (depth: number) => void,
): Promise<DeepEndgameOutcome | undefined> {
  // Loaded only here: the browser server has no threads (server/src/web/ stands in for the module).
  const { Worker } = require('node:worker_threads') as typeof import('node:worker_threads');
  return new Promise((resolve, reject) => {
    let worker: import('node:worker_threads').Worker;
    try {
      worker = new Worker(script, { workerData: data });
    } catch {
      resolve(undefined);
      return;
    }
    let settled = false;
    const finish = (settle: () => void): void => {
      if (settled) return;
      settled = true;
      cancel.dispose();
      void worker.terminate();
      settle();
    };
    const cancel = token.onCancellationRequested(() => finish(() => reject(cancelledError())));
    worker.on('message', (m: EndgameThreadMessage) => {
      if (m.type === 'depth') onDepth(m.depth);
      else if (m.type === 'done') finish(() => resolve(m.outcome));
      else finish(() => resolve(undefined));
    });
    worker.on('error', () => finish(() => resolve(undefined)));
    worker.on('exit', () => finish(() => resolve(undefined)));
    if (token.isCancellationRequested) finish(() => reject(cancelledError()));
  });
}
