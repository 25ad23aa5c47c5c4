/**
 * `planilla check`: replays each record and reports its findings like a compiler
 * (`file:line:col: error score-mismatch: … (art. 15)`), a summary per file with the true final
 * scores, or the JSON document of docs/cli.md with `--json`.
 *
 * Exit codes: 0 no errors, 1 some file has errors, 2 bad usage or an unreadable file.
 *
 * Many files are spread over worker threads (`--jobs N`; the default follows the number of files
 * and of cores, shared/batch.ts `defaultJobs`)
 * with the same output, in the same order, as one thread; a progress bar is drawn on stderr when
 * it is a terminal and the output is not JSON.
 *
 * Example:
 *   planilla check --rules fise samples/*.gcg
 *   planilla check --json partida.gcg | jq '.files[0].final'
 *   planilla check --jobs 4 torneo/
 */
import * as os from 'node:os';
import type { CheckSettings } from '../shared/record';
import { expandInputs, t, terminalStderr, type CliIo } from '../shared/io';
import { jsonForTerminal, terminalLines, terminalText } from '../shared/terminal';
import { runCommand, type Command, type ParsedArgs } from '../shared/args';
import { readingSettings, replaySettings } from '../shared/reading';
import { defaultJobs, jobsOption, runBatch, terminalProgress, type FileOutcome, type ProgressSink } from '../shared/batch';
import { citeArticle } from '../../rules/messages';
import { youngGenerationCap, type YoungGenerationCap } from '../shared/young-generation';

export interface CheckOptions {
  /** Progress bar sink (default: a bar on stderr when it is a terminal). */
  readonly progress?: ProgressSink;
  /** Worker script for `--jobs` (default: `worker.js`, shared/worker-script.ts). */
  readonly workerScript?: string;
}

type ReportOutcome = Extract<FileOutcome, { kind: 'report' }>;

const CHECK_OPTIONS = {
  rules: { type: 'string' },
  'tile-set': { type: 'string' },
  lexicon: { type: 'string' },
  jobs: { type: 'string', short: 'j' },
  json: { type: 'boolean' },
} as const;

/** `planilla check`, with test hooks (progress sink, worker script). */
export function checkCommand(options: CheckOptions = {}): Command {
  return { help: 'cli.help.check', options: CHECK_OPTIONS, run: (args, io) => check(args, io, options) };
}

export function runCheck(argv: readonly string[], io: CliIo, options: CheckOptions = {}): Promise<number> {
  return runCommand(checkCommand(options), argv, io);
}

async function check(args: ParsedArgs, io: CliIo, options: CheckOptions): Promise<number> {
  // From the start: reading the word list and listing thousands of files grow it too (shared/young-generation.ts).
  const young = youngGenerationCap();
  try {
    return await checkFiles(args, io, options, young);
  } finally {
    young.release();
  }
}

async function checkFiles(args: ParsedArgs, io: CliIo, options: CheckOptions, young: YoungGenerationCap): Promise<number> {
  const reading = replaySettings(args, io);
  if (!reading) return 2;
  const chosenJobs = jobsOption(args, io);
  if (chosenJobs === null) return 2;
  if (args.positionals.length === 0) {
    io.err(t(io.lang, 'cli.no-files'));
    return 2;
  }
  // The same reading as every other command (shared/reading.ts); the spec goes to the workers as well.
  const lexiconSpec = args.values.get('lexicon');
  const { lexicon } = readingSettings(args, io) ?? {};
  young.tick();
  const settings: CheckSettings = { rules: reading.rules, tileSet: reading.tileSet, lexicon };
  const json = args.flags.has('json');
  const { files, problems } = expandInputs(args.positionals, io);
  const jobs = chosenJobs ?? defaultJobs(files.length, os.availableParallelism());
  // Workers share V8's flags: theirs must grow as usual.
  if (jobs > 1) young.release();
  else young.tick();
  let unreadable = problems;
  // JSON needs every file's object at the end; the human form only the tally, so a large batch
  // does not keep each report alive until the end.
  const reports: ReportOutcome[] = [];
  const tally = { files: 0, withErrors: 0, errors: 0, warnings: 0 };
  const progress = json ? undefined : 'progress' in options ? options.progress : terminalProgress(terminalStderr(), io.lang);
  await runBatch(
    files,
    {
      jobs,
      settings: { lexiconSpec, rules: settings.rules, tileSet: settings.tileSet, lang: io.lang },
      progress,
      workerScript: options.workerScript,
    },
    lexicon,
    (_index, outcome) => {
      if (outcome.kind === 'unreadable') {
        io.err(outcome.error);
        unreadable++;
        return;
      }
      tally.files++;
      tally.errors += outcome.counts.error;
      tally.warnings += outcome.counts.warning;
      if (outcome.counts.error > 0) tally.withErrors++;
      if (json) reports.push(outcome);
      else printHuman(outcome, io);
      young.tick();
    },
  );
  if (json) {
    io.out(jsonForTerminal(JSON.stringify({ files: reports.map((r) => r.json) }, null, 2)));
  } else if (tally.files > 1) {
    io.out(t(io.lang, 'cli.total-summary', tally));
  }
  if (unreadable > 0) return 2;
  return tally.withErrors > 0 ? 1 : 0;
}

function printHuman(report: ReportOutcome, io: CliIo): void {
  for (const d of report.json.diagnostics) {
    // Cited as the editor cites it ('art. 33, anexo XII', 'anexo XII §18'): one style everywhere.
    const article = d.article ? ` (${citeArticle(d.article, io.lang)})` : '';
    const where = `${terminalText(report.json.path)}:${d.line}:${d.column}`;
    io.out(`${where}: ${t(io.lang, `cli.severity.${d.severity}`)} ${d.code}: ${terminalText(d.message)}${article}`);
  }
  for (const note of report.notes ?? []) io.out(terminalLines(note));
  io.out(terminalLines(report.summary));
}
