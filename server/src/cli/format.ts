/**
 * `planilla format FILE [--write]` (the canonical form of NOTATION.md) and
 * `planilla export --for woogles FILE [-o OUT]` (GCG that Macondo and Woogles read).
 *
 * Invariants: a file is only rewritten when its canonical form differs; unreadable input is one
 * line on stderr and exit 2.
 *
 * Example:
 *   planilla format partida.gcg --write
 *   planilla export --for woogles partida.gcg -o partida-woogles.gcg
 */
import * as fs from 'node:fs';
import { parse } from '../syntax/parse';
import { format } from '../syntax/format';
import { analyze } from '../service/analysis';
import { exportForWoogles } from '../service/export';
import { parseArgs, readRecord, t, type CliIo } from './io';
import { resolveLexicon } from './lexicon-option';

export async function runFormat(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, { values: [], flags: ['--write'] }, io.lang);
  if (args.error) {
    io.err(args.error);
    return 2;
  }
  if (args.positionals.length === 0) {
    io.err(t(io.lang, 'cli.no-files'));
    return 2;
  }
  const write = args.flags.has('--write');
  let status = 0;
  for (const file of args.positionals) {
    const read = readRecord(file, io.lang);
    if ('error' in read) {
      io.err(read.error);
      status = 2;
      continue;
    }
    const formatted = format(parse(read.bytes).file);
    if (!write) {
      io.out(formatted);
      continue;
    }
    if (Buffer.from(formatted, 'utf8').equals(Buffer.from(read.bytes))) continue;
    try {
      fs.writeFileSync(file, formatted, 'utf8');
      io.err(t(io.lang, 'cli.written', { path: file }));
    } catch (e) {
      io.err(t(io.lang, 'cli.unreadable', { path: file, reason: (e as NodeJS.ErrnoException).code ?? String(e) }));
      status = 2;
    }
  }
  return status;
}

export async function runExport(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, { values: ['--for', '-o', '--output', '--lexicon'], flags: [] }, io.lang);
  if (args.error) {
    io.err(args.error);
    return 2;
  }
  const target = args.values.get('--for');
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
  const lexicon = resolveLexicon(args.values.get('--lexicon'), io);
  const text = exportForWoogles(analyze(read.bytes, { lexicon }), io.lang);
  const output = args.values.get('-o') ?? args.values.get('--output');
  if (!output) {
    io.out(text);
    return 0;
  }
  try {
    fs.writeFileSync(output, text, 'utf8');
    io.err(t(io.lang, 'cli.written', { path: output }));
    return 0;
  } catch (e) {
    io.err(t(io.lang, 'cli.unreadable', { path: output, reason: (e as NodeJS.ErrnoException).code ?? String(e) }));
    return 2;
  }
}
