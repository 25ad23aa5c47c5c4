/**
 * `planilla check`: replays each record and reports its findings like a compiler
 * (`file:line:col: error score-mismatch: … (art. 15)`), a summary per file with the true final
 * scores, or the JSON document of the issue with `--json`.
 *
 * Exit codes: 0 no errors, 1 some file has errors, 2 bad usage or an unreadable file.
 *
 * Example:
 *   planilla check --rules fise samples/*.gcg
 *   planilla check --json partida.gcg | jq '.files[0].final'
 */
import { analyzeRecord, type RecordReport, type CheckSettings } from './record';
import { expandInputs, parseArgs, readRecord, t, type CliIo } from './io';
import { resolveLexicon } from './lexicon-option';
import { EDITIONS, type Edition } from '../rules/types';
import type { TileSetName } from '../engine/types';

export async function runCheck(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, { values: ['--rules', '--tile-set', '--lexicon'], flags: ['--json'] }, io.lang);
  if (args.error) {
    io.err(args.error);
    return 2;
  }
  const rules = args.values.get('--rules');
  if (rules !== undefined && !(EDITIONS as readonly string[]).includes(rules)) {
    io.err(t(io.lang, 'cli.bad-value', { option: '--rules', value: rules, allowed: EDITIONS.join(', ') }));
    return 2;
  }
  const tileSet = args.values.get('--tile-set');
  if (tileSet !== undefined && tileSet !== 'spanish' && tileSet !== 'english') {
    io.err(t(io.lang, 'cli.bad-value', { option: '--tile-set', value: tileSet, allowed: 'spanish, english' }));
    return 2;
  }
  if (args.positionals.length === 0) {
    io.err(t(io.lang, 'cli.no-files'));
    return 2;
  }
  const lexicon = resolveLexicon(args.values.get('--lexicon'), io);
  const settings: CheckSettings = {
    rules: rules as Edition | undefined,
    tileSet: tileSet as TileSetName | undefined,
    lexicon,
  };
  const json = args.flags.has('--json');
  const { files, problems } = expandInputs(args.positionals, io);
  let unreadable = problems;
  const reports: RecordReport[] = [];
  for (const file of files) {
    const read = readRecord(file, io.lang);
    if ('error' in read) {
      io.err(read.error);
      unreadable++;
      continue;
    }
    const report = analyzeRecord(file, read.bytes, settings, io.lang);
    reports.push(report);
    if (!json) printHuman(report, io);
  }
  if (json) {
    io.out(JSON.stringify({ files: reports.map((r) => r.json) }, null, 2));
  } else if (reports.length > 1) {
    const errors = reports.reduce((n, r) => n + r.counts.error, 0);
    const warnings = reports.reduce((n, r) => n + r.counts.warning, 0);
    io.out(
      t(io.lang, 'cli.total-summary', {
        files: reports.length,
        withErrors: reports.filter((r) => r.counts.error > 0).length,
        errors,
        warnings,
      }),
    );
  }
  if (unreadable > 0) return 2;
  return reports.some((r) => r.counts.error > 0) ? 1 : 0;
}

function printHuman(report: RecordReport, io: CliIo): void {
  for (const d of report.json.diagnostics) {
    const article = d.article ? ` (${t(io.lang, 'cli.article', { article: d.article })})` : '';
    io.out(`${report.json.path}:${d.line}:${d.column}: ${t(io.lang, `cli.severity.${d.severity}`)} ${d.code}: ${d.message}${article}`);
  }
  io.out(report.summary);
}
