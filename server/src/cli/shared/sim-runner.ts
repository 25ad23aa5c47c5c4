/**
 * The simulation on worker threads (docs/deep-analysis.md "Simulation", "Threads"): the decisions
 * of `analysis/sim.ts` (`Simulation`: batches, statistics, the stopping rule) stay in this thread;
 * each batch of iterations is cut into as many contiguous ranges as there are threads, this thread
 * plays one range out and the workers the others (`PlayoutRunner` in each), and the values are put
 * back in iteration order before the rule is applied.
 *
 * Invariants: the answer for a seed is the same with any number of threads (a playout's value
 * depends only on the position, the candidate, the seed and its iteration index; the batches do
 * not depend on the threads), unless a time limit stops it; a worker that cannot start or dies
 * costs nothing but speed: its range is played here, and it gets no more. Workers run
 * `worker.js` (the script of `check --jobs`), which hands a `sim` start over to `serveSim`. The
 * time limit reaches the workers as a deadline on the wall clock with each range: every thread
 * looks at it before every playout, so a batch, the first one too, ends within a playout of it.
 *
 * Example:
 *   const r = await simulateOnThreads(position, { lexicon, seed: 1, maxIterations: 500 }, { threads: 2 });
 */
import { workerScript } from './worker-script';
import type { MessagePort, Worker } from 'node:worker_threads';
import { workerLexicon } from './reading';
import { loadLeavesOrBuiltin } from '../../analysis/leave-files';
import type { Move } from '../../analysis/move';
import type { InferredLeaves } from '../../analysis/inference';
import type { Position } from '../../analysis/position';
import {
  afterBatch,
  PlayoutRunner,
  playoutStop,
  Simulation,
  simCandidates,
  type SimBatch,
  type SimOptions,
  type SimResult,
} from '../../analysis/sim';

/** What a simulation worker is started with (plain data). */
export interface SimWorkerSettings {
  /** The `--lexicon` spec (undefined: the default list), loaded once by the worker. */
  readonly lexiconSpec: string | undefined;
  /** The `--leaves` path (undefined: the built-in table). */
  readonly leavesPath: string | undefined;
  readonly position: Position;
  readonly candidates: readonly Move[];
  readonly plies: number;
  readonly seed: number;
  readonly passes: number;
  readonly scoreless: number;
  /** The opponent's inferred leaves (analysis/inference.ts), when the deals use them. */
  readonly inferred?: InferredLeaves;
}

/** A range to play; `deadline` (Date.now's clock): the playouts not started by then are left NaN (analysis/sim.ts). */
type ToWorker = { readonly type: 'run'; readonly id: number; readonly batch: SimBatch; readonly deadline?: number };
type FromWorker = { readonly type: 'ready' } | { readonly type: 'values'; readonly id: number; readonly values: Float64Array };

export interface ThreadOptions {
  /** Threads in all, this one included (default 1). */
  readonly threads?: number;
  readonly lexiconSpec?: string;
  readonly leavesPath?: string;
  /** The worker's script (default: `worker.js`, worker-script.ts). */
  readonly workerScript?: string;
}

/** Cuts [from, to) into `parts` contiguous ranges (the first ones one longer); empty ranges left out. */
export function splitBatch(batch: SimBatch, parts: number): SimBatch[] {
  const n = batch.to - batch.from;
  const out: SimBatch[] = [];
  let at = batch.from;
  for (let k = 0; k < parts; k++) {
    const size = Math.floor(n / parts) + (k < n % parts ? 1 : 0);
    if (size > 0) out.push({ from: at, to: at + size, active: batch.active });
    at += size;
  }
  return out;
}

interface Slot {
  readonly worker: Worker;
  ready: Promise<boolean>;
  alive: boolean;
  pending: Map<number, (values: Float64Array | undefined) => void>;
}

function startWorker(script: string, settings: SimWorkerSettings): Slot | undefined {
  const { Worker } = require('node:worker_threads') as typeof import('node:worker_threads');
  let worker: Worker;
  try {
    worker = new Worker(script, { workerData: { sim: settings } });
  } catch {
    return undefined;
  }
  const slot: Slot = { worker, ready: Promise.resolve(false), alive: true, pending: new Map() };
  const dead = (): void => {
    slot.alive = false;
    for (const settle of slot.pending.values()) settle(undefined);
    slot.pending.clear();
  };
  slot.ready = new Promise<boolean>((resolve) => {
    worker.on('message', (m: FromWorker) => {
      if (m.type === 'ready') resolve(true);
      else if (m.type === 'values') {
        const settle = slot.pending.get(m.id);
        slot.pending.delete(m.id);
        settle?.(m.values);
      }
    });
    worker.on('error', () => {
      dead();
      resolve(false);
    });
    worker.on('exit', () => {
      dead();
      resolve(false);
    });
  });
  return slot;
}

/**
 * Simulates on `threads` threads (module header); with one thread, or when no worker can start,
 * everything runs here. Progress, cancellation and the time limit as `simulate`: after every
 * batch (`onProgress` is called on this thread), and the limit and cancellation before every
 * playout as well.
 */
export async function simulateOnThreads(position: Position, options: SimOptions, threads: ThreadOptions = {}): Promise<SimResult> {
  const candidates = options.moves ? options.moves.slice() : simCandidates(position, options);
  const sim = new Simulation(candidates, options);
  const here = new PlayoutRunner(position, candidates, options);
  const count = Math.max(1, Math.floor(threads.threads ?? 1));
  const settings: SimWorkerSettings = {
    lexiconSpec: threads.lexiconSpec,
    leavesPath: threads.leavesPath,
    position,
    candidates,
    plies: options.plies ?? 2,
    seed: options.seed ?? 1,
    passes: options.passes ?? 0,
    scoreless: options.scoreless ?? options.passes ?? 0,
    ...(options.inferred ? { inferred: options.inferred } : {}),
  };
  const script = threads.workerScript ?? workerScript();
  const slots: Slot[] = [];
  const now = options.now ?? Date.now;
  const start = now();
  const stop = playoutStop(start, now, options);
  try {
    if (count > 1 && sim.next() !== undefined) {
      for (let k = 1; k < count; k++) {
        const slot = startWorker(script, settings);
        if (slot) slots.push(slot);
      }
      // Each worker loads the word list and the leaves first (a worker that cannot is left out).
      await Promise.all(slots.map((s) => s.ready));
    }
    let id = 0;
    for (let batch = sim.next(); batch; batch = sim.next()) {
      // The workers' deadline, on their clock (Date.now): what is left of the limit on `now`.
      const deadline = options.timeLimitMs !== undefined ? Date.now() + (start + options.timeLimitMs - now()) : undefined;
      const live = slots.filter((s) => s.alive);
      const parts = splitBatch(batch, live.length + 1);
      const answers = parts.slice(1).map((part, k) => {
        const slot = live[k];
        const myId = id++;
        return new Promise<Float64Array | undefined>((resolve) => {
          slot.pending.set(myId, resolve);
          const message: ToWorker = { type: 'run', id: myId, batch: part, ...(deadline !== undefined ? { deadline } : {}) };
          try {
            slot.worker.postMessage(message);
          } catch {
            slot.pending.delete(myId);
            resolve(undefined);
          }
        });
      });
      const mine = parts.length > 0 ? here.run(parts[0], stop) : new Float64Array(0);
      const theirs = await Promise.all(answers);
      const values = new Float64Array(2 * (batch.to - batch.from) * batch.active.length);
      values.set(mine, 0);
      let at = mine.length;
      for (let k = 1; k < parts.length; k++) {
        const got = theirs[k - 1] ?? here.run(parts[k], stop); // a worker that died: played here
        values.set(got, at);
        at += got.length;
      }
      sim.record(batch, values);
      if (afterBatch(sim, start, now, options)) break;
    }
  } finally {
    for (const s of slots) void s.worker.terminate();
  }
  return sim.result();
}

/** A simulation worker (../worker.ts hands over here): loads the word list and leaves, then plays the ranges it is sent. */
export function serveSim(port: MessagePort, settings: SimWorkerSettings): void {
  const lexicon = workerLexicon(settings.lexiconSpec);
  if (!lexicon) {
    process.exit(1);
    return;
  }
  const { leaves } = loadLeavesOrBuiltin(settings.leavesPath);
  const runner = new PlayoutRunner(settings.position, settings.candidates, {
    lexicon,
    leaves,
    plies: settings.plies,
    seed: settings.seed,
    passes: settings.passes,
    scoreless: settings.scoreless,
    ...(settings.inferred ? { inferred: settings.inferred } : {}),
  });
  port.on('message', (m: ToWorker) => {
    if (m?.type !== 'run') return;
    const deadline = m.deadline;
    const values = runner.run(m.batch, deadline === undefined ? undefined : () => Date.now() >= deadline);
    const answer: FromWorker = { type: 'values', id: m.id, values };
    port.postMessage(answer, [values.buffer as ArrayBuffer]);
  });
  const ready: FromWorker = { type: 'ready' };
  port.postMessage(ready);
}
