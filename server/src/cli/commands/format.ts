/**
 * `planilla format FILE [--write]`: the canonical form of NOTATION.md.
 *
 * Invariants: a file is only rewritten when its canonical form differs, and only if it still holds
 * what was read (files/write.ts: a change made meanwhile is kept, exit 2); unreadable input, and a
 * file with more content lines than the analysis reads (service/document.ts MAX_CONTENT_LINES),
 * is one line on stderr and exit 2: it never writes a part of a file as if it were all.
 *
 * Example:
 *   planilla format partida.gcg --write
 */
import { parse } from '../../syntax/parse';
import { format, formatRefusal, hasOtherReadings } from '../../syntax/format';
import { replay } from '../../engine/replay';
import { otherReadings } from '../../service/editing';
import { MAX_CONTENT_LINES } from '../../service/document';
import { readRecord, t, writeData, writeResult, type CliIo } from '../shared/io';
import type { Command, ParsedArgs } from '../shared/args';

export const formatCommand: Command = { help: 'cli.help.format', options: { write: { type: 'boolean' } }, run: formatRecords };

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
