/**
 * The `planilla` command: checks, shows, formats and exports game records from a terminal,
 * with the same engine and messages as the editor. The commands are the table of cli/table.ts,
 * one module each in cli/commands/, over the helpers of cli/shared/.
 *
 * Invariants: `main` never throws and never prints a stack trace; it resolves to the exit code
 * (0 fine, 1 findings with errors / rejected words, 2 bad usage or unreadable input).
 *
 * Example:
 *   planilla check samples/
 *   planilla --lang en board partida.gcg --turn 12
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { consoleIo, detectLanguage, guardStandardStreams, t, type CliIo } from './cli/shared/io';
import { GLOBAL_OPTIONS, parseCommandArgs, runParsed, type OptionSpecs } from './cli/shared/args';
import { COMMANDS } from './cli/table';
// The Node host's data files (the shipped word list and leave table, a user's files, the private
// cache) for every command, whichever modules it loads: lexicon/data-source.ts is the port.
import './lexicon/data-files';
import type { Language } from './rules/types';

/** The version in package.json: three folders up from out/server/src/, one from the bundle in dist/. */
function version(): string {
  for (const rel of ['../../../package.json', '../package.json']) {
    try {
      const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, rel), 'utf8')) as { name?: string; version?: string };
      if (manifest.name === 'planilla' && typeof manifest.version === 'string') return manifest.version;
    } catch {
      // not this one
    }
  }
  return 'unknown';
}

/** What may come before the command's name: the global options and `--version`. */
const LEADING_OPTIONS: OptionSpecs = { ...GLOBAL_OPTIONS, version: { type: 'boolean', short: 'v' } };

/**
 * For `bin/planilla.js`: installs the standard-stream guards (cli/shared/io.ts) in the language the
 * command line asks for, so a closed pipe or a full disk never ends in a stack trace.
 */
export function guardStreams(argv: readonly string[]): void {
  let lang = detectLanguage(process.env);
  argv.forEach((arg, i) => {
    const value = arg === '--lang' ? argv[i + 1] : arg.startsWith('--lang=') ? arg.slice(7) : undefined;
    if (value === 'es' || value === 'en') lang = value;
  });
  guardStandardStreams(lang);
}

/**
 * The command the last `main` call loaded (`check`, `board`…), for bin/compile-cache.js: a code
 * cache made after a run holds that command's compiled functions.
 */
export let commandRun: string | undefined;

export async function main(argv: readonly string[], io?: CliIo): Promise<number> {
  // The options before the command's name, and the name: the first positional.
  const leading = parseCommandArgs(argv, LEADING_OPTIONS);
  const command = leading.args.positionals[0];
  const at = leading.args.positionalAt[0] ?? argv.length;
  const head = at === argv.length ? leading : parseCommandArgs(argv.slice(0, at), LEADING_OPTIONS);
  const load = command !== undefined && Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  let lang: Language = io?.lang ?? detectLanguage(process.env);
  const early = (text: string): number => {
    (io && io.lang === lang ? io : { ...(io ?? consoleIo(lang)), lang }).err(text);
    return 2;
  };
  try {
    const loaded = load ? load() : undefined;
    if (loaded) commandRun = command;
    const tail = loaded ? parseCommandArgs(argv.slice(at + 1), { ...GLOBAL_OPTIONS, ...loaded.options }) : undefined;
    // `--lang` counts wherever it is written (after the command's name it wins).
    // An unknown command has no options to parse by, so its `--lang` is looked for by name.
    const langValue = (tail ? tail.args.values.get('lang') : langAfter(argv.slice(at + 1))) ?? head.args.values.get('lang');
    if (langValue !== undefined) {
      if (langValue === 'es' || langValue === 'en') lang = langValue;
      else return early(t(lang, 'cli.bad-value', { option: '--lang', value: langValue, allowed: 'es, en' }));
    }
    const out: CliIo = io && io.lang === lang ? io : { ...(io ?? consoleIo(lang)), lang };
    if (!head.ok) return early(t(lang, head.problem.messageId, { option: head.problem.option }));
    if (head.args.flags.has('version')) {
      out.out(version());
      return 0;
    }
    // `planilla help check` and `planilla --help check`: the help of that command.
    const asked = command === 'help' ? leading.args.positionals[1] : undefined;
    const helped =
      asked !== undefined && Object.hasOwn(COMMANDS, asked) ? COMMANDS[asked]() : head.args.flags.has('help') ? loaded : undefined;
    if (helped) {
      out.out(t(lang, helped.help));
      return 0;
    }
    if (command === undefined || command === 'help' || head.args.flags.has('help')) {
      out.out(t(lang, 'cli.usage'));
      return command === undefined && !head.args.flags.has('help') ? 2 : 0;
    }
    if (!loaded || !tail) {
      out.err(t(lang, 'cli.unknown-command', { command }));
      return 2;
    }
    return await runParsed(loaded, tail, out);
  } catch (e) {
    return early(t(lang, 'cli.internal-error', { path: command ?? '', detail: e instanceof Error ? e.message : String(e) }));
  }
}

/** The value of the last `--lang X` or `--lang=X` in `args`, if any. */
function langAfter(args: readonly string[]): string | undefined {
  let value: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--') break;
    if (arg === '--lang' && i + 1 < args.length) value = args[++i];
    else if (arg.startsWith('--lang=')) value = arg.slice('--lang='.length);
  }
  return value;
}
