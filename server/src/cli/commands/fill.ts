/**
 * `planilla fill FILE [--write] [--json] [--lexicon PATH]` (with `--rules`, `--tile-set` as in
 * `check`): every line the record lets Planilla complete without guessing (service/fill.ts). Without
 * `--write` the completed record goes to standard output, as `format` does, and the list of what
 * was filled and what stays open to standard error; `--json` prints that list as JSON instead of
 * the record; with `--write` the file is replaced atomically (files/write.ts), in its own encoding,
 * only if it still holds what was read (a line another program appended meanwhile is kept, exit 2),
 * and only the filled lines change; what was filled is said once the file is written.
 *
 * Exit codes: 0 nothing stays open; 1 some lines stay open (ambiguous, impossible, pending, unfinished);
 * 2 bad usage, an unreadable record or one read only in part, or an unwritable file.
 *
 * Example:
 *   planilla fill planilla-mesa-3.gcg --write
 *   planilla fill planilla-mesa-3.gcg --json
 */
import { t, writeData, writeResult, type CliIo } from '../shared/io';
import { type Command, type ParsedArgs } from '../shared/args';
import { READING_OPTIONS, replaySettings, readSheet, singleFile } from '../shared/reading';
import { MAX_CONTENT_LINES } from '../../service/document';
import { fillRecord, type FillLine } from '../../service/fill';
import { encodeText } from '../../syntax/encoding';

export const fillCommand: Command = {
  help: 'cli.help.fill',
  options: {
    ...READING_OPTIONS,
    write: { type: 'boolean' },
    json: { type: 'boolean' },
  },
  run: fill,
};

function describe(l: FillLine, io: CliIo): string {
  const candidates = (l.candidates ?? []).map((c) => `${c.coord} ${c.play}`).join(' · ');
  const id = l.doubtful ? 'fill.line.doubtful' : l.note ? 'fill.line.filled-note' : `fill.line.${l.status}`;
  return t(io.lang, id, { line: l.line, text: l.text ?? '', candidates, reason: l.reason ?? l.note ?? '' });
}

async function fill(args: ParsedArgs, io: CliIo): Promise<number> {
  const settings = replaySettings(args, io);
  if (!settings) return 2;
  const file = singleFile(args, 'fill', io);
  if (file === undefined) return 2;
  const read = readSheet(file, settings, args, io);
  if (!read) return 2;
  const { analysis } = read;
  const result = fillRecord(analysis, io.lang, read.settings);
  if (result.refused) {
    io.err(t(io.lang, 'fix.unreadable-record', { path: file, max: MAX_CONTENT_LINES }));
    return 2;
  }
  const write = args.flags.has('write');
  const json = args.flags.has('json');
  const filled = result.lines.filter((l) => l.status === 'filled').length;
  const open = result.lines.length - filled;
  // The file first, only if it still holds what was read: nothing is said to be filled before it
  // is on disk (a file changed meanwhile, a read-only one or a full disk is then the only line).
  if (write && filled > 0) {
    const failure = writeResult(
      { rewrite: file, read: read.bytes },
      encodeText(result.text, analysis.parsed.file.encoding, read.bytes),
      io.lang,
    );
    if (failure) {
      io.err(failure);
      return 2;
    }
  }
  if (json) writeData(io, `${JSON.stringify({ path: file, lines: result.lines }, null, 2)}\n`);
  else if (!write) writeData(io, result.text);
  if (!json) for (const l of result.lines) io.err(describe(l, io));
  if (!json) io.err(t(io.lang, 'fill.summary', { path: file, filled, open }));
  if (write && filled > 0 && !json) io.err(t(io.lang, 'cli.written', { path: file }));
  return open > 0 ? 1 : 0;
}
