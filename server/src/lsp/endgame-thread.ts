/**
 * The editor's deep analysis of a move on a worker thread (the script `endgame-worker.js`,
 * lsp/endgame-worker.ts, beside the server's bundle): the turn's verdict (analysis/deep-game.ts
 * `deepAnalyzeTurn`, the grading every surface shares: simulation, pre-endgame or exact endgame,
 * none of which can be cut into slices) is computed there, while the server keeps serving typing,
 * diagnostics and other requests. A cancelled request ends the thread at once. Where no thread can
 * start (VS Code for the Web, a missing script), the caller grades the turn in its own thread.
 *
 * Invariants: resolves to the verdict (or the reason the turn has none), or to undefined when the
 * thread could not start or died (then nothing was kept); rejects with RequestCancelled when the
 * token is cancelled; the thread is always ended.
 *
 * Example:
 *   const got = await verdictOnThread(script, data, token);
 */
import type { CancellationToken } from 'vscode-languageserver';
import type { ReplayOptions } from '../engine/types';
import type { VerdictAnswer } from '../service/verdict-view';
import { cancelledError } from './guard';

/** What the thread is started with: the record and how the server reads it, and the turn. */
export interface VerdictThreadData {
  readonly text: string;
  readonly replay: ReplayOptions;
  /** The word list's settings, as the server's lexicon cache takes them. */
  readonly spec: string;
  readonly extra: string;
  readonly banned: string;
  /** The turn (index into the replay's turns). */
  readonly index: number;
  /** Most milliseconds for the turn (the grading's own limit, as `analyze --deep --turn-time`). */
  readonly timeLimitMs: number;
}

/** What a worker of the commented game's deep analysis is started with (`{ deepGame }`): how the server reads the record and its word list. */
export interface DeepGameThreadData {
  readonly replay: ReplayOptions;
  readonly spec: string;
  readonly extra: string;
  readonly banned: string;
}

export type VerdictThreadMessage =
  { readonly type: 'done'; readonly answer: VerdictAnswer } | { readonly type: 'error'; readonly message: string };

export function verdictOnThread(script: string, data: VerdictThreadData, token: CancellationToken): Promise<VerdictAnswer | undefined> {
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
    worker.on('message', (m: VerdictThreadMessage) => {
      if (m.type === 'done') finish(() => resolve(m.answer));
      else finish(() => resolve(undefined));
    });
    worker.on('error', () => finish(() => resolve(undefined)));
    worker.on('exit', () => finish(() => resolve(undefined)));
    if (token.isCancellationRequested) finish(() => reject(cancelledError()));
  });
}
