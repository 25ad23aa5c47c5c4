/**
 * `planilla compare A.gcg B.gcg [--json]` (with `--rules`, `--tile-set` as in `check`): the two
 * score sheets of one game aligned turn by turn (service/compare.ts): where they agree, the first
 * turn where they disagree and whose addition is right there, and the result each implies against
 * the true one. `--json` prints exactly `{"a", "b", "turns": [{"n", "player", "a": {"score",
 * "total"}, "b": {"score", "total"}, "agree"}], "firstDisagreement", "result": {"a", "b", "true"}}`.
 *
 * Exit codes: 0 the sheets agree on every turn; 1 they disagree; 2 bad usage or an unreadable sheet.
 *
 * Example:
 *   planilla compare mesa-12-ana.gcg mesa-12-beto.gcg
 */
import { jsonForTerminal, terminalText } from './terminal';
import { t, type CliIo } from './io';
import { runCommand, type Command, type ParsedArgs } from './args';
import { analyzeFile } from './board';
import { READING_OPTIONS, readingSettings } from './reading';
import { compareSheets, comparisonLines } from '../service/compare';

export const compareCommand: Command = {
  options: { ...READING_OPTIONS, json: { type: 'boolean' } },
  run: compare,
};

export function runCompare(argv: readonly string[], io: CliIo): Promise<number> {
  return runCommand(compareCommand, argv, io);
}

async function compare(args: ParsedArgs, io: CliIo): Promise<number> {
  const settings = readingSettings(args, io);
  if (!settings) return 2;
  if (args.positionals.length !== 2) {
    io.err(t(io.lang, 'compare.two-files', { count: args.positionals.length }));
    return 2;
  }
  const [fileA, fileB] = args.positionals as [string, string];
  const a = analyzeFile(fileA, settings, io);
  if (!a) return 2;
  const b = analyzeFile(fileB, settings, io);
  if (!b) return 2;
  const c = compareSheets({ name: fileA, analysis: a }, { name: fileB, analysis: b });
  if (args.flags.has('json')) io.out(jsonForTerminal(JSON.stringify(c, null, 2)));
  else io.out(comparisonLines(c, io.lang, terminalText).join('\n'));
  return c.firstDisagreement ? 1 : 0;
}
