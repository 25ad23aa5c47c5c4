/**
 * The deep analysis of a game on worker threads (`planilla analyze --deep --jobs N`, `report
 * --deep`; docs/deep-analysis.md "Threads"): N workers, started once per command, each load the
 * word list and the leaves, then grade whole turns of the game they are sent (analysis/deep-game.ts
 * `deepAnalyzeTurn`: the static list, the simulation of a close turn in that thread, the endgame
 * searches), N turns at a time in turn order (`deepAnalyzeGame` with this pool's runner). A turn
 * graded by the pre-endgame is spread over every worker: its worker answers with the number of
 * its cases (candidate × ordering of the bag, pre-endgame.ts `PreEndgameCases`), this thread
 * hands out ranges of them to whichever worker is free, and a worker grades the turn with all the
 * values (`deepGradeTurn` with `pre`). A whole turn is handed out before a range of cases, so a
 * long turn starts early and the cases fill the threads around it. This thread only hands out work
 * and collects the answers.
 *
 * Invariants: a turn's answer is the one this thread would give (the same record text, settings
 * and seeded simulation: sim.ts gives a seed's answer whatever thread plays it; a pre-endgame case's
 * value does not depend on the thread or the cases valued before it, and the values are combined in
 * case order; the endgame is limited by nodes), so the output does not depend on N unless a time
 * limit is reached; a worker that cannot start or dies costs nothing but speed: its work is done
 * here, and it gets no more. A turn's time limit reaches a worker as milliseconds of its own clock.
 *
 * Example:
 *   const pool = await DeepPool.start({ lexiconSpec, leavesPath, top: 5 }, 2);
 *   const game = await deepAnalyzeGame(replay, options, onTurn, pool.runner(replay, text, options));
 *   pool.close();
 */
import type { MessagePort, Worker } from 'node:worker_threads';
import {
  deepGradeTurn,
  deepPreEndgameCases,
  deepStaticTurn,
  simulateHere,
  type DeepOptions,
  type DeepTurn,
  type DeepTurnRunner,
  type PreEndgameValues,
} from '../../analysis/deep-game';
import type { TurnAnalysis } from '../../analysis/coach';
import { loadLeavesOrBuiltin } from '../../analysis/leave-files';
import type { LeaveEvaluator } from '../../analysis/leaves';
import type { PreEndgameCase, PreEndgameCases } from '../../analysis/pre-endgame';
import type { Replay } from '../../engine/types';
import { workerLexicon } from './reading';
import { workerScript } from './worker-script';
import { analyze, type AnalysisSettings } from '../../service/document';

/** Ranges of a pre-endgame's cases per worker: enough for the threads to end together, few enough to cost nothing. */
const RANGES_PER_WORKER = 12;

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

/** The values of a range of cases, and the endgames solved for them. */
interface CaseValues {
  readonly values: readonly PreEndgameCase[];
  readonly solves: number;
  readonly timedOutSolves: number;
}

type ToWorker =
  | { readonly type: 'game'; readonly game: number; readonly text: string }
  | {
      readonly type: 'turn';
      readonly id: number;
      readonly game: number;
      readonly index: number;
      readonly timeLimitMs?: number;
      /** A pre-endgame turn answers with its cases (`cases`) instead of solving them. */
      readonly split?: boolean;
      /** The values of every case of the turn's pre-endgame. */
      readonly pre?: CaseValues;
    }
  | {
      readonly type: 'cases';
      readonly id: number;
      readonly game: number;
      readonly index: number;
      readonly from: number;
      readonly to: number;
    };
type FromWorker =
  | { readonly type: 'ready' }
  | { readonly type: 'turn'; readonly id: number; readonly turn: DeepTurn | undefined }
  | { readonly type: 'cases'; readonly id: number; readonly total: number }
  | ({ readonly type: 'values'; readonly id: number } & CaseValues)
  | { readonly type: 'failed'; readonly id: number };
type Answer = Exclude<FromWorker, { type: 'ready' } | { type: 'failed' }>;

interface Slot {
  readonly worker: Worker;
  alive: boolean;
  busy: boolean;
  /** The game whose text this worker holds. */
  game: number;
  /** Pre-endgame cases this worker valued. */
  cases: number;
  pending: Map<number, (answer: Answer | undefined) => void>;
}

function startSlot(script: string, settings: DeepWorkerSettings): Promise<Slot | undefined> {
  const { Worker } = require('node:worker_threads') as typeof import('node:worker_threads');
  let worker: Worker;
  try {
    worker = new Worker(script, { workerData: { deep: settings } });
  } catch {
    return Promise.resolve(undefined);
  }
  const slot: Slot = { worker, alive: true, busy: false, game: -1, cases: 0, pending: new Map() };
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
        settle?.(m.type === 'failed' ? undefined : m);
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
  /** Who waits for a free worker: whole turns first, then ranges of cases. */
  private readonly waiting = { turns: [] as ((slot: Slot | undefined) => void)[], cases: [] as ((slot: Slot | undefined) => void)[] };

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

  /** Pre-endgame cases each worker started valued (its share of the spread work). */
  get casesValued(): readonly number[] {
    return this.slots.map((s) => s.cases);
  }

  /**
   * The runner of one game for `deepAnalyzeGame`: as many turns at once as there are workers (one
   * without any); `text` is the record `replay` was read from (each worker reads it again).
   * Work no worker does is done here with `options` (close turns simulated in this thread).
   */
  runner(replay: Replay, text: string, options: DeepOptions): DeepTurnRunner {
    const game = this.games++;
    // This thread's own analysis of a turn, made only when a worker failed at it.
    const local = new Map<number, { coach: TurnAnalysis | undefined; cases: PreEndgameCases | undefined }>();
    const localTurn = (index: number): { coach: TurnAnalysis | undefined; cases: PreEndgameCases | undefined } => {
      let got = local.get(index);
      if (!got) {
        const coach = deepStaticTurn(replay, index, options);
        got = { coach, cases: coach ? deepPreEndgameCases(replay, coach, options) : undefined };
        local.set(index, got);
      }
      return got;
    };
    const here = async (index: number, limit: number | undefined, pre?: CaseValues): Promise<DeepTurn | undefined> => {
      const { coach, cases } = localTurn(index);
      if (!coach) return undefined;
      return deepGradeTurn(replay, coach, options, limit, pre && cases ? { cases, ...pre } : undefined);
    };
    const valuesHere = (index: number, from: number, to: number): CaseValues => {
      const cases = localTurn(index).cases!;
      const before = { solves: cases.solves, timedOutSolves: cases.timedOutSolves };
      const values: PreEndgameCase[] = [];
      for (let k = from; k < to; k++) values.push(cases.value(k));
      return { values, solves: cases.solves - before.solves, timedOutSolves: cases.timedOutSolves - before.timedOutSolves };
    };
    const turn = (index: number, limit: number | undefined, split: boolean, pre?: CaseValues): Promise<Answer | undefined> =>
      this.task('turns', (slot) =>
        this.ask(slot, game, text, (id) => ({
          type: 'turn',
          id,
          game,
          index,
          ...(limit !== undefined ? { timeLimitMs: limit } : {}),
          ...(split ? { split } : {}),
          ...(pre ? { pre } : {}),
        })),
      );
    return {
      threads: Math.max(1, this.workers),
      run: async (index, limit) => {
        const first = await turn(index, limit, true);
        if (!first) return here(index, limit);
        if (first.type === 'turn') return first.turn;
        if (first.type !== 'cases') return here(index, limit);
        // A pre-endgame: its cases in ranges over every worker, then graded with all the values.
        const total = first.total;
        const size = Math.max(1, Math.ceil(total / (Math.max(1, this.workers) * RANGES_PER_WORKER)));
        const ranges: Promise<CaseValues>[] = [];
        for (let from = 0; from < total; from += size) {
          const to = Math.min(total, from + size);
          ranges.push(
            this.task('cases', async (slot) => {
              const got = await this.ask(slot, game, text, (id) => ({ type: 'cases', id, game, index, from, to }));
              if (got?.type === 'values') slot.cases += got.values.length;
              return got;
            }).then((got) => (got?.type === 'values' && got.values.length === to - from ? got : valuesHere(index, from, to))),
          );
        }
        const parts = await Promise.all(ranges);
        const pre: CaseValues = {
          values: parts.flatMap((p) => p.values),
          solves: parts.reduce((n, p) => n + p.solves, 0),
          timedOutSolves: parts.reduce((n, p) => n + p.timedOutSolves, 0),
        };
        const graded = await turn(index, limit, false, pre);
        return graded?.type === 'turn' ? graded.turn : here(index, limit, pre);
      },
    };
  }

  /** Runs `work` on the first free worker (whole turns before ranges of cases); undefined when no worker is left. */
  private async task(kind: 'turns' | 'cases', work: (slot: Slot) => Promise<Answer | undefined>): Promise<Answer | undefined> {
    const slot = await this.acquire(kind);
    if (!slot) return undefined;
    try {
      return await work(slot);
    } finally {
      this.release(slot);
    }
  }

  private acquire(kind: 'turns' | 'cases'): Promise<Slot | undefined> {
    const free = this.slots.find((s) => s.alive && !s.busy);
    if (free) {
      free.busy = true;
      return Promise.resolve(free);
    }
    if (!this.slots.some((s) => s.alive)) return Promise.resolve(undefined);
    return new Promise((take) => this.waiting[kind].push(take));
  }

  private release(slot: Slot): void {
    slot.busy = false;
    if (!this.slots.some((s) => s.alive)) {
      // No worker left: whoever waits does the work here.
      for (const take of [...this.waiting.turns.splice(0), ...this.waiting.cases.splice(0)]) take(undefined);
      return;
    }
    if (!slot.alive) return; // the live workers serve the waiting when they are free
    const next = this.waiting.turns.shift() ?? this.waiting.cases.shift();
    if (next) {
      slot.busy = true;
      next(slot);
    }
  }

  private ask(slot: Slot, game: number, text: string, message: (id: number) => ToWorker): Promise<Answer | undefined> {
    const id = this.ids++;
    return new Promise((resolve) => {
      slot.pending.set(id, resolve);
      try {
        if (slot.game !== game) {
          const load: ToWorker = { type: 'game', game, text };
          slot.worker.postMessage(load);
          slot.game = game;
        }
        slot.worker.postMessage(message(id));
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
 * grades the turns it is sent of the game it was last sent, and values ranges of a pre-endgame
 * turn's cases (its static analysis and cases kept for the game). A word list or leave table that
 * fails to load falls back to the built-in one (this thread has already said so on stderr).
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
  // The turns of this game seen here: their static analysis and their pre-endgame's cases (with the endgames met).
  const turns = new Map<number, { coach: TurnAnalysis | undefined; cases: PreEndgameCases | undefined }>();
  const turnOf = (replay: Replay, index: number): { coach: TurnAnalysis | undefined; cases: PreEndgameCases | undefined } => {
    let got = turns.get(index);
    if (!got) {
      const coach = deepStaticTurn(replay, index, options);
      got = { coach, cases: coach ? deepPreEndgameCases(replay, coach, options) : undefined };
      turns.set(index, got);
    }
    return got;
  };
  const answer = async (m: Extract<ToWorker, { type: 'turn' | 'cases' }>, replay: Replay): Promise<FromWorker> => {
    const start = Date.now();
    const { coach, cases } = turnOf(replay, m.index);
    if (m.type === 'cases') {
      if (!cases) return { type: 'failed', id: m.id };
      const before = { solves: cases.solves, timedOutSolves: cases.timedOutSolves };
      const values: PreEndgameCase[] = [];
      for (let k = m.from; k < m.to; k++) values.push(cases.value(k));
      const solves = cases.solves - before.solves;
      return { type: 'values', id: m.id, values, solves, timedOutSolves: cases.timedOutSolves - before.timedOutSolves };
    }
    if (!coach) return { type: 'turn', id: m.id, turn: undefined };
    if (cases && m.split && !m.pre) return { type: 'cases', id: m.id, total: cases.total };
    const pre: PreEndgameValues | undefined = cases && m.pre ? { cases, ...m.pre } : undefined;
    const turn = await deepGradeTurn(replay, coach, options, m.timeLimitMs, pre, start);
    return { type: 'turn', id: m.id, turn };
  };
  port.on('message', (m: ToWorker) => {
    if (m?.type === 'game') {
      game = { id: m.game, replay: analyze(m.text, { ...settings.settings, lexicon }).replay };
      turns.clear();
      return;
    }
    if (m?.type !== 'turn' && m?.type !== 'cases') return;
    const fail = (): void => port.postMessage({ type: 'failed', id: m.id } satisfies FromWorker);
    if (!game || game.id !== m.game) return fail();
    answer(m, game.replay).then((a) => port.postMessage(a), fail);
  });
  port.postMessage({ type: 'ready' } satisfies FromWorker);
}
