/**
 * Reading the one record a command works on: the single FILE argument (`board`, `report`, `fix`,
 * `fill`, `moves`, `endgame`, `reconstruct`) and the record read and analysed as the editor does
 * (service/document.ts).
 *
 * Invariants: never throws; undefined only after one line on stderr (no file or several, an
 * unreadable file, an internal error named with the file).
 *
 * Example:
 *   const file = singleFile(args, 'board', io);
 *   const analysis = file === undefined ? undefined : analyzeFile(file, settings, io);
 */
import { analyze, type Analysis, type AnalysisSettings } from '../../service/document';
import { readRecord, t, type CliIo } from './io';
import type { ParsedArgs } from './args';

/** The one input file of `command`; undefined after printing the reason. */
export function singleFile(args: ParsedArgs, command: string, io: CliIo): string | undefined {
  if (args.positionals.length === 0) {
    io.err(t(io.lang, 'cli.no-files'));
    return undefined;
  }
  if (args.positionals.length > 1) {
    io.err(t(io.lang, 'report.one-file', { command, count: args.positionals.length }));
    return undefined;
  }
  return args.positionals[0];
}

/** Reads and analyses the record; undefined after printing one line (unreadable, internal error). */
export function analyzeFile(file: string, settings: AnalysisSettings, io: CliIo): Analysis | undefined {
  const read = readRecord(file, io.lang);
  if ('error' in read) {
    io.err(read.error);
    return undefined;
  }
  try {
    return analyze(read.bytes, settings);
  } catch (e) {
    io.err(t(io.lang, 'cli.internal-error', { path: file, detail: e instanceof Error ? e.message : String(e) }));
    return undefined;
  }
}
