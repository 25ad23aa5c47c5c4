/**
 * `planilla export --for woogles FILE [-o OUT]`: the record as GCG that Macondo and Woogles read
 * (service/export.ts).
 *
 * Invariants: unreadable input, and a file with more content lines than the analysis reads
 * (service/document.ts MAX_CONTENT_LINES), is one line on stderr and exit 2: it never writes a
 * part of a file as if it were all; the output never replaces the record (shared/io.ts `writeResult`).
 *
 * Example:
 *   planilla export --for woogles partida.gcg -o partida-woogles.gcg
 */
import { analyze, MAX_CONTENT_LINES } from '../../service/document';
import { exportForWoogles, hasScoreOnlyLines } from '../../service/export';
import { readRecord, t, writeData, writeResult, type CliIo } from '../shared/io';
import type { Command, ParsedArgs } from '../shared/args';
import { resolveLexicon } from '../shared/reading';

export const exportCommand: Command = {
  help: 'cli.help.export',
  options: { for: { type: 'string' }, output: { type: 'string', short: 'o' }, lexicon: { type: 'string' } },
  run: exportRecord,
};

async function exportRecord(args: ParsedArgs, io: CliIo): Promise<number> {
  const target = args.values.get('for');
  if (target !== 'woogles' && target !== 'macondo') {
    io.err(t(io.lang, 'cli.export-target'));
    return 2;
  }
  if (args.positionals.length !== 1) {
    io.err(t(io.lang, 'cli.no-files'));
    return 2;
  }
  const file = args.positionals[0];
  const read = readRecord(file, io.lang);
  if ('error' in read) {
    io.err(read.error);
    return 2;
  }
  const lexicon = resolveLexicon(args.values.get('lexicon'), io);
  const analysis = analyze(read.bytes, { lexicon });
  if (analysis.parsed.file.truncated) {
    io.err(t(io.lang, 'cli.too-many-lines', { path: file, max: MAX_CONTENT_LINES }));
    return 2;
  }
  if (hasScoreOnlyLines(analysis)) {
    io.err(t(io.lang, 'cli.export-score-only', { path: file }));
    return 2;
  }
  const text = exportForWoogles(analysis, io.lang);
  const output = args.values.get('output');
  if (!output) {
    writeData(io, text);
    return 0;
  }
  const failure = writeResult({ output, inputs: [{ file, role: 'record' }] }, text, io.lang);
  if (failure) {
    io.err(failure);
    return 2;
  }
  io.err(t(io.lang, 'cli.written', { path: output }));
  return 0;
}
