/**
 * The deep analysis of a game on worker threads, for the CLI (`analyze --deep --jobs N`, `report
 * --deep`: cli/shared/deep-threads.ts) and the editor (the commented game's deep analysis:
 * lsp/handlers/audit-report.ts); docs/deep-analysis.md "Threads". N workers, started once, each
 * with the word list and the leaves its caller's script loads, grade whole turns of the game they
 * are sent (analysis/deep-game.ts: the static list, the simulation of a close turn in that thread,
 * the endgame searches), N turns at a time in turn order (`deepAnalyzeGame` with this pool's
 * runner). A turn graded by the pre-endgame is spread over every worker: its worker answers with
 * the number of its cases (candidate × ordering of the bag, pre-endgame.ts `PreEndgameCases`), this
 * thread hands out ranges of them (a candidate over every ordering) to whichever worker is free,
 * and a worker grades the turn with all the values (`deepGradeTurn` with `pre`). The turns with
 * the bag empty all go to one worker, in turn order: the search of the move played at one is the
 * best line's search of the next (endgame-grade.ts keeps it), which another worker would make
 * again. The longest work goes first, so that what is left at the end is short turns that the
 * threads finish together: the turns with the bag empty (the first one's first search is the
 * longest work of a game that cannot be split) and the cases of each pre-endgame turn are started
 * at once, ahead of the turns before them and of whole turns; their answers are taken when their
 * turn comes. Then whole turns in turn order, before the ranges of cases of a pre-endgame met in
 * turn order. This thread only hands out work and collects the answers.
 *
 * Invariants: a turn's answer is the one this thread would give (the same record text, settings
 * and seeded simulation: sim.ts gives a seed's answer whatever thread plays it; a pre-endgame case's
 * value does not depend on the thread or the cases valued before it, and the values are combined in
 * case order; the endgame is limited by nodes), so the output does not depend on N unless a time
 * limit is reached; a worker that cannot start or dies costs nothing but speed: its work is done
 * here, and it gets no more. Once the pool is closed (a cancelled request), the runner's turns
 * reject with `DeepPoolClosed` and nothing more is done, here or there. A turn's time limit
 * reaches a worker as milliseconds of its own clock.
 *
 * Example:
 *   const pool = await DeepGamePool.start(script, { deep: settings }, 2);
 *   const game = await deepAnalyzeGame(replay, options, onTurn, pool.runner(replay, text, options));
 *   pool.close();
 */
import type { MessagePort, Worker } from 'node:worker_threads';
import {
  deepGradeTurn,
  deepPreEndgameCases,
  deepStaticTurn,
  type DeepOptions,
  type DeepTurn,
  type DeepTurnRunner,
  type PreEndgameValues,
  type SimulatedMove,
} from '../analysis/deep-game';
import type { TurnAnalysis } from '../analysis/coach';
import { PRE_ENDGAME_MAX_BAG, type PreEndgameCase, type PreEndgameCases } from '../analysis/pre-endgame';
import type { Replay } from '../engine/types';

/** The pool was closed while a turn was graded: nothing more is done. */
export class DeepPoolClosed extends Error {
  constructor() {
    super('deep analysis pool closed');
  }
}

/** The values of a range of cases, and the endgames solved for them. */
interface CaseValues {
  readonly values: readonly PreEndgameCase[];
  readonly solves: number;
  readonly timedOutSolves: number;
}
const emptyValues: CaseValues = { values: [], solves: 0, timedOutSolves: 0 };

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
  | { readonly type: 'turn'; readonly id: number; readonly turn: DeepTurn | undefined; readonly sims?: readonly SimulatedMove[] }
  | { readonly type: 'cases'; readonly id: number; readonly total: number; readonly orderings: number }
  | ({ readonly type: 'values'; readonly id: number } & CaseValues)
  | { readonly type: 'failed'; readonly id: number };
type Answer = Exclude<FromWorker, { type: 'ready' } | { type: 'failed' }>;

/** Who waits for a free worker, served in this order: the work started ahead, whole turns, ranges of cases. */
type Kind = 'early' | 'turns' | 'cases';

/** A turn started ahead of its place (`runner`): the first answer, and a pre-endgame's values or what stopped them. */
interface Early {
  readonly first: Answer | undefined;
  readonly pre?: CaseValues;
  readonly error?: unknown;
}

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

function startSlot(script: string, workerData: unknown): Promise<Slot | undefined> {
  const { Worker } = require('node:worker_threads') as typeof import('node:worker_threads');
  let worker: Worker;
  try {
    worker = new Worker(script, { workerData });
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
export class DeepGamePool {
  private games = 0;
  private ids = 0;
  /** Who waits for a free worker (`Kind`). */
  private readonly waiting: Record<Kind, ((slot: Slot | undefined) => void)[]> = { early: [], turns: [], cases: [] };
  /** Who waits for one worker (the bag-empty turns of a game go to one worker, module header). */
  private pinnedWaiting: { readonly slot: Slot; readonly take: (slot: Slot | undefined) => void }[] = [];

  private closed = false;

  private constructor(private readonly slots: readonly Slot[]) {}

  /**
   * Starts `threads` workers running `script` with `workerData` (none for one thread: then every
   * turn is graded here) and waits until each has loaded the word list and the leaves (its `ready`);
   * a worker that cannot start is left out.
   */
  static async start(script: string, workerData: unknown, threads: number): Promise<DeepGamePool> {
    if (threads <= 1) return new DeepGamePool([]);
    const started = await Promise.all(Array.from({ length: threads }, () => startSlot(script, workerData)));
    return new DeepGamePool(started.filter((s): s is Slot => s !== undefined));
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
   * `onSims` is told the moves a close turn simulated on a worker (by its index).
   */
  runner(
    replay: Replay,
    text: string,
    options: DeepOptions,
    onSims?: (index: number, sims: readonly SimulatedMove[]) => void,
  ): DeepTurnRunner {
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
    // The worker of this game's bag-empty turns: the search of the move played at one is the next one's (endgame-grade.ts memo).
    const endgames: { slot: Slot | undefined } = { slot: undefined };
    const turn = (index: number, limit: number | undefined, split: boolean, pre?: CaseValues): Promise<Answer | undefined> =>
      this.task(
        'turns',
        (slot) =>
          this.ask(slot, game, text, (id) => ({
            type: 'turn',
            id,
            game,
            index,
            ...(limit !== undefined ? { timeLimitMs: limit } : {}),
            ...(split ? { split } : {}),
            ...(pre ? { pre } : {}),
          })),
        index > 0 && replay.turns[index - 1].bag === 0 ? endgames : undefined,
      );
    // A pre-endgame's cases in ranges over every worker (`kind`: their place in the queue), then
    // the turn graded with all the values, within `limit`.
    const spread = async (index: number, total: number, orderings: number, kind: Kind): Promise<CaseValues> => {
      // A range is one candidate over every ordering: the orderings of one candidate meet the same
      // endgames (two tiles drawn in either order), which the worker valuing them solves once.
      const size = Math.max(1, orderings);
      const ranges: Promise<CaseValues>[] = [];
      for (let from = 0; from < total; from += size) {
        const to = Math.min(total, from + size);
        ranges.push(
          this.task(kind, async (slot) => {
            const got = await this.ask(slot, game, text, (id) => ({ type: 'cases', id, game, index, from, to }));
            if (got?.type === 'values') slot.cases += got.values.length;
            return got;
          }).then((got) =>
            got?.type === 'values' && got.values.length === to - from ? got : this.closed ? emptyValues : valuesHere(index, from, to),
          ),
        );
      }
      const parts = await Promise.all(ranges);
      return {
        values: parts.flatMap((p) => p.values),
        solves: parts.reduce((n, p) => n + p.solves, 0),
        timedOutSolves: parts.reduce((n, p) => n + p.timedOutSolves, 0),
      };
    };
    const graded = async (index: number, limit: number | undefined, pre: CaseValues): Promise<DeepTurn | undefined> => {
      if (this.closed) throw new DeepPoolClosed();
      const got = await turn(index, limit, false, pre);
      if (this.closed) throw new DeepPoolClosed();
      return got?.type === 'turn' ? got.turn : here(index, limit, pre);
    };
    // Started at once, ahead of the turns before them (the longest work first, so that the turns
    // left at the end are short ones): the turns with the bag empty (the first one's first search
    // is the game's longest work that cannot be split; the others follow it on its worker) and
    // the cases of each pre-endgame turn (ahead of whole turns). An answer is taken when its turn comes with the same time limit (else
    // the turn is graded again); a pre-endgame's values carry no limit, its grade is asked then.
    const early = new Map<number, { readonly limit: number | undefined; readonly answer: Promise<Early> }>();
    if (this.workers > 1) {
      const limit = options.turnTimeMs;
      // The turns with the bag empty, asked for in turn order of their worker (the first one's).
      const firstEndgame = replay.turns.findIndex((_, i) => i > 0 && replay.turns[i - 1].bag === 0);
      for (let i = Math.max(0, firstEndgame); firstEndgame > 0 && i < replay.turns.length; i++)
        early.set(i, { limit, answer: turn(i, limit, true).then((first) => ({ first })) });
      replay.turns.forEach((_, i) => {
        const bag = i > 0 ? replay.turns[i - 1].bag : 0;
        if (bag < 1 || bag > PRE_ENDGAME_MAX_BAG) return;
        const answer = turn(i, limit, true).then(async (first): Promise<Early> => {
          if (first?.type !== 'cases') return { first };
          // Kept, not thrown: nobody may ask for this turn (the game's time ran out before it).
          return spread(i, first.total, first.orderings, 'early').then(
            (pre) => ({ first, pre }),
            (error: unknown) => ({ first, error }),
          );
        });
        early.set(i, { limit, answer });
      });
    }
    return {
      threads: Math.max(1, this.workers),
      run: async (index, limit) => {
        const ahead = early.get(index);
        early.delete(index);
        const started = ahead ? await ahead.answer : undefined;
        if (this.closed) throw new DeepPoolClosed();
        if (started?.first?.type === 'cases') {
          if ('error' in started) throw started.error;
          return graded(index, limit, started.pre!);
        }
        const first = started && ahead!.limit === limit ? started.first : await turn(index, limit, true);
        if (this.closed) throw new DeepPoolClosed();
        if (!first) return here(index, limit);
        if (first.type === 'turn') {
          if (first.sims) onSims?.(index, first.sims);
          return first.turn;
        }
        if (first.type !== 'cases') return here(index, limit);
        return graded(index, limit, await spread(index, first.total, first.orderings, 'cases'));
      },
    };
  }

  /** Runs `work` on the first free worker (in the order of `Kind`); undefined when no worker is left. */
  private async task(
    kind: Kind,
    work: (slot: Slot) => Promise<Answer | undefined>,
    pin?: { slot: Slot | undefined },
  ): Promise<Answer | undefined> {
    const slot = await this.acquire(kind, pin);
    if (slot && pin) pin.slot = slot;
    if (!slot) return undefined;
    try {
      return await work(slot);
    } finally {
      this.release(slot);
    }
  }

  /** A free worker, or a promise of the next one; `pin`: the worker asked for, else set to the one found free (at once, so that work asked for next waits for it). */
  private acquire(kind: Kind, pin?: { slot: Slot | undefined }): Promise<Slot | undefined> {
    if (this.closed) return Promise.resolve(undefined);
    const pinned = pin?.slot;
    if (pinned?.alive) {
      if (!pinned.busy) {
        pinned.busy = true;
        return Promise.resolve(pinned);
      }
      return new Promise((take) => this.pinnedWaiting.push({ slot: pinned, take }));
    }
    const free = this.slots.find((s) => s.alive && !s.busy);
    if (free) {
      free.busy = true;
      if (pin) pin.slot = free;
      return Promise.resolve(free);
    }
    if (!this.slots.some((s) => s.alive)) return Promise.resolve(undefined);
    return new Promise((take) => this.waiting[kind].push(take));
  }

  private release(slot: Slot): void {
    slot.busy = false;
    if (!this.slots.some((s) => s.alive)) {
      // No worker left: whoever waits does the work here.
      for (const take of this.allWaiting()) take(undefined);
      return;
    }
    if (!slot.alive) {
      // What waits for this worker alone is done here; the live workers serve the rest when they are free.
      for (const w of this.pinnedWaiting.filter((x) => x.slot === slot)) w.take(undefined);
      this.pinnedWaiting = this.pinnedWaiting.filter((x) => x.slot !== slot);
      return;
    }
    const pinned = this.pinnedWaiting.findIndex((x) => x.slot === slot);
    if (pinned >= 0) {
      const [w] = this.pinnedWaiting.splice(pinned, 1);
      slot.busy = true;
      w.take(slot);
      return;
    }
    const next = this.waiting.early.shift() ?? this.waiting.turns.shift() ?? this.waiting.cases.shift();
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

  /** Ends the workers; the turns being graded reject with `DeepPoolClosed`. */
  close(): void {
    this.closed = true;
    for (const s of this.slots) void s.worker.terminate();
    for (const take of this.allWaiting()) take(undefined);
  }

  /** Everyone waiting, taken off the queues. */
  private allWaiting(): ((slot: Slot | undefined) => void)[] {
    const pinned = this.pinnedWaiting.map((w) => w.take);
    this.pinnedWaiting = [];
    return [...pinned, ...this.waiting.early.splice(0), ...this.waiting.turns.splice(0), ...this.waiting.cases.splice(0)];
  }
}

/**
 * The worker's side of the pool (its script calls this once its word list and leaves are loaded):
 * grades the turns it is sent of the game it was last sent (`replayOf` reads the record as its
 * caller does), with `options` (close turns simulated by `options.simulate`), and values ranges of
 * a pre-endgame turn's cases (its static analysis and cases kept for the game). Posts `ready`.
 */
export function serveDeepGame(port: MessagePort, options: DeepOptions, replayOf: (text: string) => Replay): void {
  const simulate = options.simulate;
  // The moves the turn being graded simulated (one turn at a time in a worker).
  const last: { sims: readonly SimulatedMove[] | undefined } = { sims: undefined };
  const graded: DeepOptions = simulate
    ? {
        ...options,
        simulate: async (position, moves, passes, timeLimitMs) => (last.sims = await simulate(position, moves, passes, timeLimitMs)),
      }
    : options;
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
    if (cases && m.split && !m.pre) return { type: 'cases', id: m.id, total: cases.total, orderings: cases.orderings.length };
    const pre: PreEndgameValues | undefined = cases && m.pre ? { cases, ...m.pre } : undefined;
    last.sims = undefined;
    const turn = await deepGradeTurn(replay, coach, graded, m.timeLimitMs, pre, start);
    const sims = (last.sims as readonly SimulatedMove[] | undefined)?.filter((x) => x.iterations > 0);
    return { type: 'turn', id: m.id, turn, ...(sims ? { sims } : {}) };
  };
  port.on('message', (m: ToWorker) => {
    if (m?.type === 'game') {
      game = { id: m.game, replay: replayOf(m.text) };
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
