/**
 * `planilla report FILE [--format html|md] [-o OUT] [--diagrams] [--deep [--jobs N]]` (with `--rules`,
 * `--tile-set`, `--lexicon` as in `check`): the audit report for arbiters — players, rules
 * edition, lexicon (name, word count, SHA-256), every event with declared vs computed score and
 * total, words and findings with their articles, the final result and the final board — as one
 * self-contained HTML page or as Markdown. `--diagrams` adds the commented game: each note and
 * each large mistake with a board diagram, every turn graded once (analysis/deep-game.ts: the
 * endgame, the pre-endgame, static equity); `--deep` also simulates the close turns on N threads,
 * so the page says what `analyze --deep` says (report/commented.ts, shared with the editor).
 *
 * The format is `--format`, else `md` when OUT ends in .md/.markdown, else `html`. Without `-o`
 * the document goes to standard output.
 *
 * `--ruling A.gcg [B.gcg]` makes the arbiter's ruling sheet instead (report/ruling.ts): event,
 * round, players, each sheet's findings with their articles, where two sheets disagree, the
 * corrected result and room for the signature, on one A4 page.
 *
 * Exit codes: 0 the report was produced (whatever the record's findings); 2 bad usage, unreadable
 * record, unwritable output.
 *
 * Example:
 *   planilla report partida.gcg -o informe.html
 *   planilla --lang en report partida.gcg --format md --diagrams > game.md
 */
import * as os from 'node:os';
import { t, terminalStderr, type CliIo } from '../shared/io';
import { jobsOption } from '../shared/batch';
import { deepProgress } from '../shared/analyze-deep';
import { DeepPool, replayOnly } from '../shared/deep-threads';
import { simulateHere, type DeepOptions } from '../../analysis/deep-game';
import { commentedReport } from '../../report/commented';
import { runCommand, type Command, type ParsedArgs } from '../shared/args';
import { analyzeFile, singleFile, REPLAY_OPTIONS, readingSettings } from '../shared/reading';
import { emit } from '../shared/output';
import { buildRuling, renderRulingHtml, renderRulingMarkdown } from '../../report/ruling';
import type { AnalysisSettings } from '../../service/document';
import type { Sheet } from '../../service/compare';
import * as path from 'node:path';

export const REPORT_FORMATS = ['html', 'md'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** The format asked for, or guessed from the output's extension; undefined for an unknown name. */
export function reportFormat(option: string | undefined, output: string | undefined): ReportFormat | undefined {
  if (option !== undefined) {
    const name = option.trim().toLowerCase();
    if (name === 'markdown') return 'md';
    return (REPORT_FORMATS as readonly string[]).includes(name) ? (name as ReportFormat) : undefined;
  }
  return output !== undefined && /\.(md|markdown)$/i.test(output) ? 'md' : 'html';
}

export const reportCommand: Command = {
  help: 'cli.help.report',
  options: {
    ...REPLAY_OPTIONS,
    format: { type: 'string' },
    diagrams: { type: 'boolean' },
    deep: { type: 'boolean' },
    jobs: { type: 'string' },
    ruling: { type: 'boolean' },
  },
  run: report,
};

export function runReport(argv: readonly string[], io: CliIo): Promise<number> {
  return runCommand(reportCommand, argv, io);
}

async function report(args: ParsedArgs, io: CliIo): Promise<number> {
  const output = args.values.get('output');
  const format = reportFormat(args.values.get('format'), output);
  if (!format) {
    io.err(t(io.lang, 'cli.bad-value', { option: '--format', value: args.values.get('format') ?? '', allowed: REPORT_FORMATS.join(', ') }));
    return 2;
  }
  const settings = readingSettings(args, io);
  if (!settings) return 2;
  if (args.flags.has('ruling')) return ruling(args, io, format, output, settings);
  const file = singleFile(args, 'report', io);
  if (file === undefined) return 2;
  const lexicon = settings.lexicon;
  const analysis = analyzeFile(file, settings, io);
  if (!analysis) return 2;
  const deep = args.flags.has('deep');
  const jobs = jobsOption(args, io);
  if (jobs === null) return 2;
  const threads = jobs ?? Math.max(1, Math.min(2, os.availableParallelism()));
  const lexiconSpec = args.values.get('lexicon');
  // the commented game's verdicts: analysis/deep-game.ts, as `analyze --deep` grades them
  // with more than one thread, whole turns are graded on worker threads (deep-threads.ts)
  const pool =
    deep && lexicon && threads > 1
      ? await DeepPool.start(
          {
            ...(lexiconSpec !== undefined ? { lexiconSpec } : {}),
            settings: replayOnly(settings),
            top: 5,
            simulate: true,
            defaultLeaves: true,
          },
          threads,
        )
      : undefined;
  const simulate = deep && lexicon ? simulateHere(lexicon) : undefined;
  const bar = deep ? deepProgress(terminalStderr(), io.lang) : undefined;
  let document: string;
  try {
    ({ document } = await commentedReport(
      { path: file, analysis, ...(lexicon ? { lexicon } : {}), lang: io.lang },
      {
        diagrams: args.flags.has('diagrams'),
        deep,
        ...(simulate ? { simulate } : {}),
        ...(pool ? { runner: (o: DeepOptions) => pool.runner(analysis.replay, analysis.parsed.file.text, o) } : {}),
        ...(bar ? { onTurn: (done: number, total: number) => bar.update(done, total) } : {}),
        format,
      },
    ));
  } finally {
    bar?.clear();
    pool?.close();
  }
  return emit(document, output, [{ file, role: 'record' }], io) ? 0 : 2;
}

/** `--ruling A.gcg [B.gcg]`: the arbiter's ruling sheet, one A4 page (report/ruling.ts). */
function ruling(args: ParsedArgs, io: CliIo, format: ReportFormat, output: string | undefined, settings: AnalysisSettings): number {
  const files = args.positionals;
  if (files.length < 1 || files.length > 2) {
    io.err(t(io.lang, 'ruling.files', { count: files.length }));
    return 2;
  }
  const sheets: Sheet[] = [];
  for (const file of files) {
    const analysis = analyzeFile(file, settings, io);
    if (!analysis) return 2;
    sheets.push({ name: path.basename(file), analysis });
  }
  const r = buildRuling(sheets, io.lang, settings.lexicon?.info.name);
  const document = format === 'md' ? renderRulingMarkdown(r) : renderRulingHtml(r);
  return emit(
    document,
    output,
    files.map((file) => ({ file, role: 'record' as const })),
    io,
  )
    ? 0
    : 2;
}
