/**
 * The batch behind `planilla check` (and `planilla analyze`, through `runFiles`): every file read
 * and checked, either in this thread or spread over worker threads (`--jobs N`), its outcome handed
 * back in the order of the files, and a progress bar on a terminal.
 *
 * Invariants:
 * - Same outcomes in the same order whatever the number of jobs: a file's outcome depends only on
 *   its bytes and the settings, and `runBatch` calls `emit` strictly in file order.
 * - Workers get the lexicon's spec, not the object: each loads it once (`../worker.ts`).
 * - A worker that dies (uncaught error, out of memory, exit) costs only the file it was checking,
 *   which is reported as an internal error; its other files go to a fresh worker, the batch goes on.
 *   A worker that cannot start costs no file: when none is left, this thread checks the rest.
 * - Batches smaller than `MIN_PARALLEL_FILES` and `--jobs 1` stay in this thread.
 * - Nothing here throws for user input.
 *
 * Example:
 *   await runBatch(files, { jobs: 2, lexiconSpec: undefined, settings: {}, lang: 'es' }, lexicon,
 *     (index, outcome) => print(outcome));
 */
import { workerScript } from './worker-script';
import type { Worker } from 'node:worker_threads';
import { analyzeRecord, internalErrorReport, type CheckSettings, type JsonFile } from './record';
import { readRecord, t, type CliIo } from './io';
import type { ParsedArgs } from './args';
import { capToCores } from './limits';
import { formatMessage } from '../../rules/messages';
import type { Edition, Language, Severity } from '../../rules/types';
import type { Lexicon } from '../../lexicon/types';
import type { TileSetName } from '../../engine/types';

/** Fewer files than this are checked in this thread: starting workers would cost more. */
export const MIN_PARALLEL_FILES = 8;
/**
 * Files a worker must be given to earn its start: each one loads the modules and the lexicon and
 * warms the JIT up again (a few hundred milliseconds), while a warm thread checks a file in well
 * under a millisecond.
 */
export const FILES_PER_WORKER = 2000;

/**
 * The default `--jobs`: one worker per core but one (this thread reads the files' outcomes and
 * prints them), and no more workers than `filesPerWorker`-sized shares of the work (FILES_PER_WORKER
 * for `check`; `analyze` passes its own, a file costing it far more); fewer than two workers is
 * this thread alone. So on two cores the default is always 1 (measured: `--jobs 2`
 * there is slower than `--jobs 1`, docs/performance.md).
 */
export function defaultJobs(files: number, cores: number, filesPerWorker: number = FILES_PER_WORKER): number {
  const workers = Math.min(cores - 1, Math.floor(files / filesPerWorker));
  return workers >= 2 ? workers : 1;
}

/** The largest `--jobs` accepted. */
export const MAX_JOBS = 256;

/** A `--jobs` value: a whole number from 1 to MAX_JOBS, else undefined. */
export function parseJobs(text: string): number | undefined {
  if (!/^\d{1,3}$/.test(text.trim())) return undefined;
  const n = Number(text.trim());
  return n >= 1 && n <= MAX_JOBS ? n : undefined;
}

/**
 * The `--jobs` option of `check` and `analyze`: the number asked for, at most the cores (a larger
 * request is said in one line on stderr), undefined when not given (the command chooses), or null
 * after printing the one-line refusal of a bad value.
 */
export function jobsOption(args: ParsedArgs, io: CliIo): number | undefined | null {
  const text = args.values.get('jobs');
  if (text === undefined) return undefined;
  const jobs = parseJobs(text);
  // More threads than cores only share the cores and cost memory: capped, said once (limits.ts).
  if (jobs !== undefined) return capToCores(jobs, args.written.get('jobs') ?? '--jobs', io);
  io.err(
    t(io.lang, 'cli.bad-value', {
      option: args.written.get('jobs') ?? '--jobs',
      value: text,
      allowed: t(io.lang, 'batch.jobs-allowed', { max: MAX_JOBS }),
    }),
  );
  return null;
}

/** What one file gave: its report (the parts that cross threads), or the one-line read error. */
export type FileOutcome =
  | {
      readonly kind: 'report';
      readonly json: JsonFile;
      readonly counts: Record<Severity, number>;
      readonly summary: string;
      /** Notices of the record as terminal lines (record.ts `RecordReport.notes`). */
      readonly notes?: readonly string[];
    }
  | { readonly kind: 'unreadable'; readonly error: string };

/** What a worker of `analyze` needs besides the lexicon spec and the rules (commands/analyze.ts). */
export interface AnalyzeWorkerSettings {
  /** `--leaves` as typed (undefined: the built-in table). */
  readonly leavesSpec?: string;
  readonly top: number;
  readonly json: boolean;
  /** `--endgame-nodes` (undefined: the coach's default). */
  readonly endgameNodes?: number;
}

/** Settings a worker needs, all plain data (structured-clone safe). */
export interface WorkerSettings {
  /** The `--lexicon` value as typed (undefined: the built-in list). */
  readonly lexiconSpec?: string;
  readonly rules?: Edition;
  readonly tileSet?: TileSetName;
  readonly lang: Language;
  /** Set for `planilla analyze --jobs`: the worker analyses files instead of checking them (commands/analyze.ts). */
  readonly analyze?: AnalyzeWorkerSettings;
  /** Set for `planilla event --jobs`: the worker keeps each sheet for the desk (commands/event.ts); paths shown from `root`. */
  readonly event?: { readonly root: string; readonly equity?: boolean };
}

/** Main thread → worker: check these files (indices into the batch). */
export interface CheckRequest {
  readonly type: 'check';
  readonly items: readonly { readonly index: number; readonly path: string }[];
}

/** Worker → main thread: ready (its lexicon loaded), then one outcome per file as soon as known. */
export type WorkerMessage<O = FileOutcome> =
  { readonly type: 'ready' } | { readonly type: 'result'; readonly index: number; readonly outcome: O };

/** Reads and checks one file; never throws (analyzeRecord catches lower-layer errors). */
export function checkFile(file: string, settings: CheckSettings, lang: Language): FileOutcome {
  const read = readRecord(file, lang);
  if ('error' in read) return { kind: 'unreadable', error: read.error };
  const report = analyzeRecord(file, read.bytes, settings, lang);
  return { kind: 'report', json: report.json, counts: report.counts, summary: report.summary, notes: report.notes };
}

/** The outcome reported for a file whose worker died while checking it. */
export function internalErrorOutcome(file: string, settings: WorkerSettings, detail: string): FileOutcome {
  const report = internalErrorReport(file, file, settings, detail, settings.lang);
  return { kind: 'report', json: report.json, counts: report.counts, summary: report.summary };
}

/** Where progress is drawn; `clear` removes the bar before other output is written. */
export interface ProgressSink {
  update(done: number, total: number): void;
  clear(): void;
}

export interface BatchOptions {
  /** Worker threads to use (1: this thread). */
  readonly jobs: number;
  readonly settings: WorkerSettings;
  readonly progress?: ProgressSink;
  /** The worker's script (default: `worker.js`, worker-script.ts). */
  readonly workerScript?: string;
}

/**
 * Checks `files`, calling `emit(index, outcome)` once per file in file order. `lexicon` is the one
 * already loaded in this thread, used when the batch stays here.
 */
export async function runBatch(
  files: readonly string[],
  options: BatchOptions,
  lexicon: Lexicon | undefined,
  emit: (index: number, outcome: FileOutcome) => void,
): Promise<void> {
  const settings: CheckSettings = { rules: options.settings.rules, tileSet: options.settings.tileSet, lexicon };
  const checkHere = (file: string): FileOutcome => checkFile(file, settings, options.settings.lang);
  const failed = (file: string, detail: string): FileOutcome => internalErrorOutcome(file, options.settings, detail);
  await runFiles(files, options, checkHere, failed, emit);
}

/**
 * The batch for any work done file by file (`check`, `analyze`): `here(file)` in this thread, or
 * spread over workers (`options.workerScript` answers with what `here` would give, the protocol
 * above); `failed(file, detail)` is the outcome of a file whose worker died on it. `emit` is called
 * once per file, in file order.
 */
export async function runFiles<O>(
  files: readonly string[],
  options: BatchOptions,
  here: (file: string) => O,
  failed: (file: string, detail: string) => O,
  emit: (index: number, outcome: O) => void,
): Promise<void> {
  const { progress } = options;
  const inOrder = orderedEmitter(files.length, emit, progress);
  if (options.jobs <= 1 || files.length < MIN_PARALLEL_FILES) {
    for (let i = 0; i < files.length; i++) inOrder.put(i, here(files[i]));
  } else {
    await runWorkers(files, options, inOrder.put, here, failed);
  }
  progress?.clear();
}

/** Buffers outcomes that arrive early and releases each run of consecutive ones. */
function orderedEmitter<O>(
  total: number,
  emit: (index: number, outcome: O) => void,
  progress: ProgressSink | undefined,
): { put: (index: number, outcome: O) => void } {
  const pending = new Map<number, O>();
  let next = 0;
  let received = 0;
  return {
    put(index, outcome) {
      if (index < next || pending.has(index)) return;
      pending.set(index, outcome);
      received++;
      if (pending.has(next)) {
        progress?.clear();
        for (let o = pending.get(next); o !== undefined; o = pending.get(next)) {
          pending.delete(next);
          emit(next, o);
          next++;
        }
      }
      progress?.update(received, total);
    },
  };
}

interface WorkerSlot {
  worker: Worker;
  /** Whether the worker said it is ready (its lexicon loaded): a death before that is a failed start. */
  ready: boolean;
  /** Files sent to this worker and not yet answered, in the order it checks them. */
  inFlight: { index: number; path: string }[];
  failure?: string;
  finished: boolean;
}

/**
 * Spreads the files over worker threads. A worker that cannot start (no thread, or it dies before
 * it is ready) blames no file: its files go back to the queue, and when no worker is left the
 * rest is checked in this thread with `checkHere`.
 */
function runWorkers<O>(
  files: readonly string[],
  options: BatchOptions,
  put: (index: number, outcome: O) => void,
  checkHere: (file: string) => O,
  failed: (file: string, detail: string) => O,
): Promise<void> {
  const { settings } = options;
  // Loaded here, not with this module: a batch in this thread never needs it.
  const { Worker } = require('node:worker_threads') as typeof import('node:worker_threads');
  const script = options.workerScript ?? workerScript();
  const count = Math.min(options.jobs, files.length);
  // Small chunks keep every worker busy to the end; several files per message spare round trips.
  const chunk = Math.max(1, Math.min(16, Math.floor(files.length / (count * 8))));
  const queue: { index: number; path: string }[] = files.map((p, index) => ({ index, path: p }));
  let queueAt = 0;
  let done = 0;
  let live = 0;

  return new Promise<void>((resolve) => {
    const settle = (): void => {
      if (done === files.length && live === 0) resolve();
    };
    const answer = (index: number, outcome: O): void => {
      done++;
      put(index, outcome);
    };
    // A worker holds at most two chunks: the one it checks and the next, so it never waits.
    const feed = (slot: WorkerSlot): void => {
      if (slot.finished) return;
      if (queueAt < queue.length) {
        if (slot.inFlight.length > chunk) return;
        const items = queue.slice(queueAt, queueAt + chunk);
        queueAt += items.length;
        slot.inFlight.push(...items);
        const request: CheckRequest = { type: 'check', items };
        slot.worker.postMessage(request);
      } else if (slot.inFlight.length === 0) {
        slot.finished = true;
        void slot.worker.terminate();
      }
    };
    const finishHere = (): void => {
      for (; queueAt < queue.length; queueAt++) answer(queue[queueAt].index, checkHere(queue[queueAt].path));
    };
    const start = (): void => {
      let worker: Worker;
      try {
        worker = new Worker(script, { workerData: settings });
      } catch {
        if (live === 0) finishHere();
        settle();
        return;
      }
      live++;
      const slot: WorkerSlot = { worker, ready: false, inFlight: [], finished: false };
      worker.on('message', (message: WorkerMessage<O>) => {
        if (message?.type === 'ready') {
          slot.ready = true;
          return;
        }
        if (message?.type !== 'result') return;
        const at = slot.inFlight.findIndex((item) => item.index === message.index);
        if (at < 0) return;
        slot.inFlight.splice(at, 1);
        answer(message.index, message.outcome);
        feed(slot);
      });
      worker.on('error', (e: Error) => {
        slot.failure = formatMessage('batch.worker-error', { detail: e.message }, settings.lang);
      });
      worker.on('exit', (code: number) => {
        live--;
        const died = !slot.finished;
        slot.finished = true;
        if (!slot.ready) {
          // It never started: no file is to blame; its files go back, and the others carry on.
          queue.splice(queueAt, 0, ...slot.inFlight);
          slot.inFlight = [];
          if (live === 0) finishHere();
        } else if (slot.inFlight.length > 0) {
          // The worker checks its files in order: the first unanswered one is where it died.
          const [culprit, ...rest] = slot.inFlight;
          slot.inFlight = [];
          const detail = slot.failure ?? formatMessage('batch.worker-exit', { code }, settings.lang);
          answer(culprit.index, failed(culprit.path, detail));
          queue.splice(queueAt, 0, ...rest);
        }
        // A worker that was ready dies with a file in hand (it holds some while the queue is not
        // empty), so each replacement follows an answered file and the batch ends.
        if (died && slot.ready && queueAt < queue.length) start();
        settle();
      });
      feed(slot);
      feed(slot);
    };
    for (let i = 0; i < count; i++) start();
  });
}

/** A progress bar on a terminal stream, redrawn at most every 100 ms; nothing when not a TTY. */
export function terminalProgress(
  stream: NodeJS.WriteStream | undefined,
  lang: Language,
  now: () => number = Date.now,
  unit: ProgressUnit = 'files',
): ProgressSink | undefined {
  if (!stream?.isTTY) return undefined;
  let shown = false;
  let last = -Infinity;
  return {
    update(done, total) {
      const time = now();
      if (done < total && time - last < 100) return;
      last = time;
      stream.write(`\r${progressLine(done, total, stream.columns ?? 80, lang, unit)}\x1b[K`);
      shown = true;
    },
    clear() {
      if (!shown) return;
      stream.write('\r\x1b[K');
      shown = false;
      last = -Infinity;
    },
  };
}

/** What a progress bar counts: the files of a batch, or the turns of `analyze --deep`. */
export type ProgressUnit = 'files' | 'turns';

/** `[########------------] 120/300 files` (or `… turns`), fitted to `columns`. */
export function progressLine(done: number, total: number, columns: number, lang: Language, unit: ProgressUnit = 'files'): string {
  const label = t(lang, unit === 'turns' ? 'batch.progress-turns' : 'batch.progress', { done, total });
  const width = Math.max(0, Math.min(40, columns - label.length - 4));
  const filled = total > 0 ? Math.round((width * done) / total) : width;
  return width > 0 ? `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${label}` : label;
}
