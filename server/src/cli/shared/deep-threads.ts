/**
 * The deep analysis of a game on worker threads (`planilla analyze --deep --jobs N`, `report
 * --deep`; docs/deep-analysis.md "Threads"): N workers, started once per command, each load the
 * word list and the leaves, then grade whole turns of the game they are sent (analysis/deep-game.ts
 * `deepAnalyzeTurn`: the static list, the simulation of a close turn in that thread, the endgame
 * and pre-endgame searches), N turns at a time in turn order (`deepAnalyzeGame` with this pool's
 * runner). This thread only hands out turns and collects the answers.
 *
 * Invariants: a turn's answer is the one this thread would give (the same record text, settings
 * and seeded simulation: sim.ts gives a seed's answer whatever thread plays it; the endgame is
 * limited by nodes), so the output does not depend on N unless a time limit is reached; a worker
 * that cannot start or dies costs nothing but speed: its turn is graded here, and it gets no more.
 * A turn's time limit reaches a worker as milliseconds of its own clock.
 *
 * Example:
 *   const pool = await DeepPool.start({ lexiconSpec, leavesPath, top: 5 }, 2);
 *   const game = await deepAnalyzeGame(replay, options, onTurn, pool.runner(replay, text, options));
 *   pool.close();
 */
import type { MessagePort, Worker } from 'node:worker_threads';
import { deepAnalyzeTurn, simulateHere, type DeepOptions, type DeepTurn, type DeepTurnRunner } from '../../analysis/deep-game';
import { loadLeavesOrBuiltin } from '../../analysis/leave-files';
import type { LeaveEvaluator } from '../../analysis/leaves';
import type { Replay } from '../../engine/types';
import { workerLexicon } from './reading';
import { workerScript } from './worker-script';
import { analyze, type AnalysisSettings } from '../../service/document';

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

type ToWorker =
  | { readonly type: 'game'; readonly game: number; readonly text: string }
  | { readonly type: 'turn'; readonly id: number; readonly game: number; readonly index: number; readonly timeLimitMs?: number };
type FromWorker =
  | { readonly type: 'ready' }
  | { readonly type: 'turn'; readonly id: number; readonly turn: DeepTurn | undefined }
  | { readonly type: 'failed'; readonly id: number };

interface Slot {
  readonly worker: Worker;
  alive: boolean;
  busy: boolean;
  /** The game whose text this worker holds. */
  game: number;
  pending: Map<number, (turn: { turn: DeepTurn | undefined } | undefined) => void>;
}

function startSlot(script: string, settings: DeepWorkerSettings): Promise<Slot | undefined> {
  const { Worker } = require('node:worker_threads') as typeof import('node:worker_threads');
  let worker: Worker;
  try {
    worker = new Worker(script, { workerData: { deep: settings } });
  } catch {
    return Promise.resolve(undefined);
  }
  const slot: Slot = { worker, alive: true, busy: false, game: -1, pending: new Map() };
  return new Promise<Slot | undefined>((resolve) => {
    const dead = (): void => {
      slot.alive = false;
      for (const settle of slot.pending.values()) settle(undefined);
      slot.pending.clear();
      resolve(undefined);
    };
    worker.on('message', (m: FromWorker) => {
      if (m.type === 'ready') resolve(slot);
      else {
        const settle = slot.pending.get(m.id);
        slot.pending.delete(m.id);
        settle?.(m.type === 'turn' ? { turn: m.turn } : undefined);
      }
    });
    worker.on('error', dead);
    worker.on('exit', dead);
  });
}

/** Worker threads that grade turns of a game (module header). */
export class DeepPool {
  private games = 0;
  private ids = 0;

  private constructor(private readonly slots: readonly Slot[]) {}

  /**
   * Starts `threads` workers (none for one thread: then every turn is graded here) and waits until
   * each has loaded the word list and the leaves; a worker that cannot start is left out.
   */
  static async start(settings: DeepWorkerSettings, threads: number, script = workerScript()): Promise<DeepPool> {
    if (threads <= 1) return new DeepPool([]);
    const started = await Promise.all(Array.from({ length: threads }, () => startSlot(script, settings)));
    return new DeepPool(started.filter((s): s is Slot => s !== undefined));
  }

  /** Workers running. */
  get workers(): number {
    return this.slots.filter((s) => s.alive).length;
  }

  /**
   * The runner of one game for `deepAnalyzeGame`: as many turns at once as there are workers (one
   * without any); `text` is the record `replay` was read from (each worker reads it again).
   * A turn no worker grades is graded here with `options` (close turns simulated in this thread).
   */
  runner(replay: Replay, text: string, options: DeepOptions): DeepTurnRunner {
    const game = this.games++;
    const here = (index: number, limit: number | undefined): Promise<DeepTurn | undefined> =>
      deepAnalyzeTurn(replay, index, options, limit);
    return {
      threads: Math.max(1, this.workers),
      run: async (index, limit) => {
        const slot = this.slots.find((s) => s.alive && !s.busy);
        if (!slot) return here(index, limit);
        slot.busy = true;
        try {
          const answer = await this.ask(slot, game, text, index, limit);
          return answer ? answer.turn : await here(index, limit);
        } finally {
          slot.busy = false;
        }
      },
    };
  }

  private ask(
    slot: Slot,
    game: number,
    text: string,
    index: number,
    limit: number | undefined,
  ): Promise<{ turn: DeepTurn | undefined } | undefined> {
    const id = this.ids++;
    return new Promise((resolve) => {
      slot.pending.set(id, resolve);
      try {
        if (slot.game !== game) {
          const load: ToWorker = { type: 'game', game, text };
          slot.worker.postMessage(load);
          slot.game = game;
        }
        const message: ToWorker = { type: 'turn', id, game, index, ...(limit !== undefined ? { timeLimitMs: limit } : {}) };
        slot.worker.postMessage(message);
      } catch {
        slot.pending.delete(id);
        resolve(undefined);
      }
    });
  }

  /** Ends the workers. */
  close(): void {
    for (const s of this.slots) void s.worker.terminate();
  }
}

/**
 * A deep-analysis worker (worker.ts hands over here): loads the word list and the leaves, then
 * grades the turns it is sent of the game it was last sent. A word list or leave table that fails
 * to load falls back to the built-in one (this thread has already said so on stderr).
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
  let game: { readonly id: number; readonly replay: Replay } | undefined;
  port.on('message', (m: ToWorker) => {
    if (m?.type === 'game') {
      game = { id: m.game, replay: analyze(m.text, { ...settings.settings, lexicon }).replay };
      return;
    }
    if (m?.type !== 'turn') return;
    const fail = (): void => port.postMessage({ type: 'failed', id: m.id } satisfies FromWorker);
    if (!game || game.id !== m.game) return fail();
    deepAnalyzeTurn(game.replay, m.index, options, m.timeLimitMs).then(
      (turn) => port.postMessage({ type: 'turn', id: m.id, turn } satisfies FromWorker),
      fail,
    );
  });
  port.postMessage({ type: 'ready' } satisfies FromWorker);
}
