/**
 * `planilla fix FILE [--write]` (with `--rules`, `--tile-set` as in `check`): every wrong score and
 * total of the record set to the computed one at once (service/fix-all.ts). Without `--write` the
 * fixed record goes to standard output and the list of changes to standard error; with `--write`
 * the file is replaced atomically (files/write.ts), in its own encoding, only if it still holds what
 * was read, and the changes are listed once it is written.
 *
 * Fix and check read the sheet alike (shared/reading.ts: the same edition, tile set and word list); a
 * number `check` finds right is never changed, and a line the two would read differently is left
 * as written with one line saying why (service/fix-all.ts `held`).
 *
 * Exit codes: 0 the record has no score or total finding left (fixed, or nothing to fix); 1 some
 * remain that only a change beyond the numbers can cure, a line was held, or unfinished lines were left
 * (numbers fixed only before the first); 2 bad usage, an unreadable record, one
 * with unreadable lines or read only in part (not fixed), or a file not written (unwritable,
 * read-only, hard-linked, or changed on disk while the command worked).
 *
 * Example:
 *   planilla fix mesa-12-luis.gcg            # the fixed record on stdout, the changes on stderr
 *   planilla fix mesa-12-luis.gcg --write
 */
import { readRecord, t, writeData, writeResult, type CliIo } from '../shared/io';
import { runCommand, type Command, type ParsedArgs } from '../shared/args';
import { singleFile, READING_OPTIONS, readingSettings } from '../shared/reading';
import { analyze, MAX_CONTENT_LINES } from '../../service/document';
import { fixAll } from '../../service/fix-all';
import { encodeText } from '../../syntax/encoding';

export const fixCommand: Command = {
  help: 'cli.help.fix',
  options: { ...READING_OPTIONS, write: { type: 'boolean' } },
  run: fix,
};

export function runFix(argv: readonly string[], io: CliIo): Promise<number> {
  return runCommand(fixCommand, argv, io);
}

async function fix(args: ParsedArgs, io: CliIo): Promise<number> {
  const settings = readingSettings(args, io);
  if (!settings) return 2;
  const file = singleFile(args, 'fix', io);
  if (file === undefined) return 2;
  const read = readRecord(file, io.lang);
  if ('error' in read) {
    io.err(read.error);
    return 2;
  }
  const analysis = analyze(read.bytes, settings);
  const result = fixAll(analysis, settings);
  if (result.refused) {
    io.err(t(io.lang, 'fix.unreadable-record', { path: file, max: MAX_CONTENT_LINES }));
    return 2;
  }
  const write = args.flags.has('write');
  if (!write) writeData(io, result.text);
  // The file first: nothing is said to be corrected before it is on disk (a full disk, a file
  // changed meanwhile or a read-only one is then the only line).
  if (write && result.changes.length > 0) {
    const encoded = encodeText(result.text, analysis.parsed.file.encoding, read.bytes);
    const failure = writeResult({ rewrite: file, read: read.bytes }, encoded, io.lang);
    if (failure) {
      io.err(failure);
      return 2;
    }
  }
  for (const c of result.changes) {
    io.err(t(io.lang, 'fix.change', { line: c.line, what: t(io.lang, `fix.what.${c.which}`), from: c.from, to: c.to }));
  }
  for (const h of result.held) {
    const what = t(io.lang, `fix.what.${h.which}`);
    io.err(t(io.lang, 'fix.held', { line: h.line, what, from: h.from, to: h.to, why: t(io.lang, `fix.why.${h.reason}`) }));
  }
  const scores = result.changes.filter((c) => c.which === 'score').length;
  const totals = result.changes.length - scores;
  io.err(
    result.changes.length === 0 ? t(io.lang, 'fix.nothing', { path: file }) : t(io.lang, 'fix.summary', { path: file, scores, totals }),
  );
  if (result.remaining.length > 0) io.err(t(io.lang, 'fix.left', { path: file, count: result.remaining.length }));
  for (const line of result.unfinished ?? []) io.err(t(io.lang, 'fix.unfinished', { line, first: result.unfinished![0] }));
  if (write && result.changes.length > 0) io.err(t(io.lang, 'cli.written', { path: file }));
  return result.remaining.length > 0 || result.held.length > 0 || (result.unfinished?.length ?? 0) > 0 ? 1 : 0;
}
