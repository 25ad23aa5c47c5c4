/**
 * `planilla compare A.gcg B.gcg [--json]` (with `--rules`, `--tile-set`, `--lexicon` as in
 * `check`, the same reading: shared/reading.ts): the two score sheets of one game aligned turn by turn
 * (service/compare.ts): where they agree, every turn where they differ with each sheet's addition,
 * what the board gives word by word and which sheet is right, how many turns differ and which
 * changed the result, and the result each implies against the true one. `--json` prints `{"a", "b",
 * "turns": [{"n", "player", "a": {"score", "total"}, "b": {"score", "total"}, "agree"}],
 * "firstDisagreement", "disagreements", "summary", "problems", "result": {"a", "b", "true"}}`.
 *
 * Exit codes: 0 the sheets agree on every turn; 1 they disagree, or may not record one game
 * (a warning first); 2 bad usage, an unreadable sheet, or one with no turn (empty, not a record).
 *
 * Example:
 *   planilla compare mesa-12-ana.gcg mesa-12-beto.gcg
 */
import { jsonForTerminal, terminalText } from '../shared/terminal';
import { t, type CliIo } from '../shared/io';
import { type Command, type ParsedArgs } from '../shared/args';
import { analyzeFile, READING_OPTIONS, readingSettings } from '../shared/reading';
import { compareSheets, comparisonLines } from '../../service/compare';

export const compareCommand: Command = {
  help: 'cli.help.compare',
  options: { ...READING_OPTIONS, json: { type: 'boolean' } },
  run: compare,
};

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
  for (const [file, analysis] of [
    [fileA, a],
    [fileB, b],
  ] as const) {
    // Empty, or bytes that are not a record: nothing to compare (never "agree on every turn").
    if (analysis.replay.turns.length === 0) {
      io.err(t(io.lang, 'compare.empty', { path: terminalText(file) }));
      return 2;
    }
  }
  const c = compareSheets({ name: fileA, analysis: a }, { name: fileB, analysis: b });
  if (args.flags.has('json')) io.out(jsonForTerminal(JSON.stringify(c, null, 2)));
  else io.out(comparisonLines(c, io.lang, terminalText).join('\n'));
  return c.disagreements.length > 0 || c.problems.length > 0 ? 1 : 0;
}
