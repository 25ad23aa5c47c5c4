/**
 * `planilla format FILE [--write]` (the canonical form of NOTATION.md) and
 * `planilla export --for woogles FILE [-o OUT]` (GCG that Macondo and Woogles read).
 *
 * Invariants: a file is only rewritten when its canonical form differs, and only if it still holds
 * what was read (files/write.ts: a change made meanwhile is kept, exit 2); unreadable input, and a
 * file with more content lines than the analysis reads (service/document.ts MAX_CONTENT_LINES),
 * is one line on stderr and exit 2: neither command writes a part of a file as if it were all.
 *
 * Example:
 *   planilla format partida.gcg --write
 *   planilla export --for woogles partida.gcg -o partida-woogles.gcg
 */
import { parse } from '../syntax/parse';
import { format, formatRefusal, hasOtherReadings } from '../syntax/format';
import { replay } from '../engine/replay';
import { otherReadings } from '../service/editing';
import { analyze, MAX_CONTENT_LINES } from '../service/document';
import { exportForWoogles, hasScoreOnlyLines } from '../service/export';
import { readRecord, t, writeData, writeResult, type CliIo } from './io';
import { runCommand, type Command, type ParsedArgs } from './args';
import { resolveLexicon } from './lexicon-option';

export const formatCommand: Command = { help: 'cli.help.format', options: { write: { type: 'boolean' } }, run: formatRecords };

export function runFormat(argv: readonly string[], io: CliIo): Promise<number> {
  return runCommand(formatCommand, argv, io);
}

async function formatRecords(args: ParsedArgs, io: CliIo): Promise<number> {
  if (args.positionals.length === 0) {
    io.err(t(io.lang, 'cli.no-files'));
    return 2;
  }
  const write = args.flags.has('write');
  let status = 0;
  for (const file of args.positionals) {
    const read = readRecord(file, io.lang);
    if ('error' in read) {
      io.err(read.error);
      status = 2;
      continue;
    }
    const parsed = parse(read.bytes, { maxContentLines: MAX_CONTENT_LINES });
    if (parsed.file.truncated) {
      io.err(t(io.lang, 'cli.too-many-lines', { path: file, max: MAX_CONTENT_LINES }));
      status = 2;
      continue;
    }
    const refusal = formatRefusal(parsed.file);
    if (refusal) {
      io.err(t(io.lang, `cli.format-refused.${refusal}`, { path: file }));
      status = 2;
      continue;
    }
    // A mixed file's tokens are written as the replay read them (every token in one notation).
    const formatted = format(parsed.file, hasOtherReadings(parsed.file) ? otherReadings(replay(parsed.file)) : undefined);
    if (!write) {
      writeData(io, formatted);
      continue;
    }
    if (Buffer.from(formatted, 'utf8').equals(Buffer.from(read.bytes))) continue;
    const failure = writeResult({ rewrite: file, read: read.bytes }, formatted, io.lang);
    if (failure) {
      io.err(failure);
      status = 2;
    } else {
      io.err(t(io.lang, 'cli.written', { path: file }));
    }
  }
  return status;
}

export const exportCommand: Command = {
  help: 'cli.help.export',
  options: { for: { type: 'string' }, output: { type: 'string', short: 'o' }, lexicon: { type: 'string' } },
  run: exportRecord,
};

export function runExport(argv: readonly string[], io: CliIo): Promise<number> {
  return runCommand(exportCommand, argv, io);
}

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
