/**
 * `planilla event FOLDER [--results CARDS.csv] [--json] [-o OUT.html] [--export tsh|csv -o OUT]
 * [--jobs N] [--equity] [--rules …] [--tile-set …] [--lexicon …]`: the tournament desk. Every record below
 * FOLDER (any depth) is checked as `check` checks it (the same reading, shared/reading.ts), kept as plain
 * data (service/event-sheet.ts), and the event is audited (service/event.ts): the games, the
 * standings from the replayed results, one finding per discrepancy. Output: the findings round by
 * round and the standings; `--json` `{event, standings, findings, games, counts}`; `-o OUT.html`
 * the printable report (links relative to where it is written); `--export tsh|csv -o OUT` the
 * files the directors' programs read. `--equity` adds each player's static equity lost per turn
 * over the full records (the coach's analysis without the endgame search; it costs the most).
 *
 * Many files are checked on worker threads (`--jobs N`, at most the number of cores; the default
 * follows the files and the cores as in `check`), with a progress bar on a terminal. A file that
 * cannot be read or is not a record is a finding, never a stop; only the sheets' plain data stays
 * in memory.
 *
 * Exit codes: 0 no error found; 1 some error; 2 bad usage, no folder, no record, unreadable cards,
 * unwritable output.
 *
 * Example:
 *   planilla event torneo/ --results tarjetas.csv -o informe.html
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parentPort as ParentPort } from 'node:worker_threads';
import { listGcg, readRecord, t, terminalStderr, writeResult, type CliIo, type WriteInputs } from '../shared/io';
import { jsonForTerminal, terminalLines } from '../shared/terminal';
import { type Command, type ParsedArgs } from '../shared/args';
import { READING_OPTIONS, readingSettings } from '../shared/reading';
import {
  defaultJobs,
  jobsOption,
  runFiles,
  terminalProgress,
  type ProgressSink,
  type WorkerMessage,
  type WorkerSettings,
  type CheckRequest,
} from '../shared/batch';
import { analyze, type AnalysisSettings } from '../../service/document';
import { eventSheet, unusableSheet, type EventSheet, type SheetEquityOptions } from '../../service/event-sheet';
import { builtinLeaves } from '../../analysis/leave-files';
import { auditEvent, parseCards, type CardsFile } from '../../service/event';
import { eventLines, eventToCsv, eventToTsh, renderEventHtml } from '../../report/event';
import { readRegularFile } from '../../files/read';
import { loadDefaultLexicon, loadLexicon } from '../../lexicon/load';
import type { Language } from '../../rules/types';

/** A file costs the desk a few milliseconds: a worker earns its start from this many files. */
const EVENT_FILES_PER_WORKER = 400;
const MAX_CARDS_BYTES = 16 * 1024 * 1024;

export interface EventOptions {
  readonly progress?: ProgressSink;
  readonly workerScript?: string;
}

const EVENT_OPTIONS = {
  ...READING_OPTIONS,
  results: { type: 'string' },
  json: { type: 'boolean' },
  output: { type: 'string', short: 'o' },
  export: { type: 'string' },
  jobs: { type: 'string', short: 'j' },
  equity: { type: 'boolean' },
} as const;

export function eventCommand(options: EventOptions = {}): Command {
  return { help: 'cli.help.event', options: EVENT_OPTIONS, run: (args, io) => runEvent(args, io, options) };
}

/** Reads and checks one sheet of the event; never throws. `root` is the folder paths are shown from. */
export function checkEventSheet(
  file: string,
  root: string,
  settings: AnalysisSettings,
  lang: Language,
  equity?: SheetEquityOptions,
): EventSheet {
  const shown = path.relative(root, file).split(path.sep).join('/') || path.basename(file);
  const read = readRecord(file, lang);
  if ('error' in read) return unusableSheet(shown, read.error);
  try {
    return eventSheet(shown, analyze(read.bytes, settings), lang, equity);
  } catch (e) {
    return unusableSheet(shown, t(lang, 'cli.internal-error', { path: shown, detail: e instanceof Error ? e.message : String(e) }));
  }
}

/** A worker thread of the desk (../worker.ts hands over here when its settings carry `event`). */
export function serveEvent(port: NonNullable<typeof ParentPort>, options: WorkerSettings): void {
  const loaded = loadLexicon(options.lexiconSpec);
  let lexicon = loaded.ok ? loaded.lexicon : undefined;
  if (!lexicon) {
    try {
      lexicon = loadDefaultLexicon();
    } catch {
      lexicon = undefined;
    }
  }
  const settings: AnalysisSettings = { rules: options.rules, tileSet: options.tileSet, ...(lexicon ? { lexicon } : {}) };
  const root = options.event?.root ?? '.';
  const equity = options.event?.equity && lexicon ? { lexicon, leaves: builtinLeaves().leaves } : undefined;
  port.on('message', (request: CheckRequest) => {
    if (request?.type !== 'check') return;
    for (const item of request.items) {
      const result: WorkerMessage<EventSheet> = {
        type: 'result',
        index: item.index,
        outcome: checkEventSheet(item.path, root, settings, options.lang, equity),
      };
      port.postMessage(result);
    }
  });
  const ready: WorkerMessage<EventSheet> = { type: 'ready' };
  port.postMessage(ready);
}

function readCards(file: string, io: CliIo): CardsFile | undefined {
  const r = readRegularFile(file, MAX_CARDS_BYTES);
  if (!r.ok) {
    const reason =
      r.reason === 'too-large'
        ? t(io.lang, 'cli.reason.too-large', { size: Math.ceil(r.size / 1048576), max: MAX_CARDS_BYTES / 1048576 })
        : t(io.lang, `cli.reason.${r.reason}`, { detail: r.code ?? '' });
    io.err(t(io.lang, 'cli.unreadable', { path: file, reason }));
    return undefined;
  }
  return parseCards(new TextDecoder('utf-8').decode(r.bytes), file, io.lang);
}

async function runEvent(args: ParsedArgs, io: CliIo, options: EventOptions): Promise<number> {
  const settings = readingSettings(args, io);
  if (!settings) return 2;
  const chosenJobs = jobsOption(args, io);
  if (chosenJobs === null) return 2;
  if (args.positionals.length !== 1) {
    io.err(t(io.lang, 'event.one-folder', { count: args.positionals.length }));
    return 2;
  }
  const exportFormat = args.values.get('export');
  if (exportFormat !== undefined && exportFormat !== 'tsh' && exportFormat !== 'csv') {
    io.err(t(io.lang, 'cli.bad-value', { option: '--export', value: exportFormat, allowed: 'tsh, csv' }));
    return 2;
  }
  const output = args.values.get('output');
  if (exportFormat !== undefined && (output === undefined || output === '')) {
    io.err(t(io.lang, 'event.export-needs-output', { format: exportFormat }));
    return 2;
  }
  const folder = args.positionals[0];
  let isDir = false;
  try {
    isDir = fs.statSync(folder).isDirectory();
  } catch {
    isDir = false;
  }
  if (!isDir) {
    io.err(t(io.lang, 'event.not-a-folder', { path: folder }));
    return 2;
  }
  const resultsFile = args.values.get('results');
  const cards = resultsFile !== undefined ? readCards(resultsFile, io) : undefined;
  if (resultsFile !== undefined && !cards) return 2;

  // Entries that are not files to read (a pipe, a broken link, a loop) become findings.
  const skipped: EventSheet[] = [];
  const files = listGcg(folder, (entry, why) => {
    const shown = path.relative(folder, entry).split(path.sep).join('/') || entry;
    const kind =
      why === 'loop' || why === 'broken'
        ? t(io.lang, why === 'loop' ? 'cli.skipped-loop' : 'cli.skipped-link', { path: shown })
        : t(io.lang, `files.kind.${why}`);
    skipped.push(unusableSheet(shown, why === 'loop' || why === 'broken' ? kind : t(io.lang, 'event.skipped', { path: shown, why: kind })));
  });
  if (files.length === 0 && skipped.length === 0) {
    io.err(t(io.lang, 'event.no-records', { path: folder }));
    return 2;
  }
  const cores = os.availableParallelism();
  const jobs = Math.min(chosenJobs ?? defaultJobs(files.length, cores, EVENT_FILES_PER_WORKER), Math.max(1, cores));
  const json = args.flags.has('json');
  const progress = json ? undefined : 'progress' in options ? options.progress : terminalProgress(terminalStderr(), io.lang);
  const sheets: EventSheet[] = [...skipped];
  const root = path.resolve(folder);
  const wantEquity = args.flags.has('equity');
  let equity: SheetEquityOptions | undefined;
  if (wantEquity) {
    const lexicon = settings.lexicon ?? loadDefaultLexicon();
    equity = { lexicon, leaves: builtinLeaves().leaves };
  }
  await runFiles<EventSheet>(
    files.map((f) => path.resolve(f)),
    {
      jobs,
      settings: {
        lexiconSpec: args.values.get('lexicon'),
        rules: settings.rules,
        tileSet: settings.tileSet,
        lang: io.lang,
        event: { root, equity: wantEquity },
      },
      progress,
      workerScript: options.workerScript,
    },
    (file) => checkEventSheet(file, root, settings, io.lang, equity),
    (file, detail) =>
      unusableSheet(path.relative(root, file).split(path.sep).join('/'), t(io.lang, 'cli.internal-error', { path: file, detail })),
    (_index, sheet) => sheets.push(sheet),
  );
  const audit = auditEvent(sheets, cards, io.lang);
  // The report or the export never goes over a sheet of the event or the results file.
  const inputs: WriteInputs = [
    ...files.map((file) => ({ file, role: 'record' as const })),
    ...(resultsFile !== undefined ? [{ file: resultsFile, role: 'cards' as const }] : []),
  ];

  if (exportFormat !== undefined) {
    const failure = writeResult({ output: output!, inputs }, exportFormat === 'tsh' ? eventToTsh(audit) : eventToCsv(audit), io.lang);
    if (failure) {
      io.err(failure);
      return 2;
    }
    io.err(t(io.lang, 'cli.written', { path: output! }));
  } else if (output !== undefined && output !== '-') {
    // Links relative to the report: the sheets open from where it is written.
    const base = path.dirname(path.resolve(output));
    const link = (p: string, line?: number): string => {
      const rel = path.relative(base, path.join(root, p)).split(path.sep).map(encodeURIComponent).join('/');
      return line ? `${rel}#L${line}` : rel;
    };
    const failure = writeResult({ output, inputs }, renderEventHtml(audit, io.lang, link), io.lang);
    if (failure) {
      io.err(failure);
      return 2;
    }
    io.err(t(io.lang, 'cli.written', { path: output }));
  }
  if (json) io.out(jsonForTerminal(JSON.stringify(audit, null, 2)));
  else if (exportFormat === undefined) io.out(terminalLines(eventLines(audit, io.lang).join('\n')));
  return audit.counts.errors > 0 ? 1 : 0;
}
