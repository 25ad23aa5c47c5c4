/**
 * The one argument parser of the `planilla` command and the shape of a command. Every command
 * (and `lexicon`'s sub-commands) reads its arguments here, with `node:util` `parseArgs`: long
 * options `--name value` / `--name=value`, one-letter aliases `-o value` / `-o=value` / `-ovalue`,
 * boolean flags, positionals in order, `--` ends the options.
 *
 * Invariants: never throws; the first problem (an unknown option, a value missing or empty, a
 * value given to a flag) comes back as data, and the caller prints it in the user's language;
 * values are keyed by the long name without dashes (`values.get('rules')`); the last of a
 * repeated option wins.
 *
 * Example:
 *   const r = parseCommandArgs(['partida.gcg', '-o', 'x.svg', '--svg'], { output: { type: 'string', short: 'o' }, svg: { type: 'boolean' } });
 *   r.ok && r.args.values.get('output');   // 'x.svg'
 *   r.ok && r.args.flags.has('svg');       // true
 */
import { parseArgs } from 'node:util';
import { t, type CliIo } from './io';

/** One option of a command: a value (`string`) or a flag (`boolean`), with an optional one-letter alias. */
export interface OptionSpec {
  readonly type: 'string' | 'boolean';
  readonly short?: string;
}

/** A command's options by long name (without the dashes). */
export type OptionSpecs = Readonly<Record<string, OptionSpec>>;

export interface ParsedArgs {
  readonly positionals: readonly string[];
  /** Where each positional stands in argv (main() finds the command's name so). */
  readonly positionalAt: readonly number[];
  /** Values of `string` options, by long name. */
  readonly values: ReadonlyMap<string, string>;
  /** `boolean` options that were given, by long name. */
  readonly flags: ReadonlySet<string>;
  /** How each option given was written (`-j` or `--jobs`), by long name: messages name it so. */
  readonly written: ReadonlyMap<string, string>;
}

/** Why the arguments were refused: a message id of the CLI catalogue and the option as written. */
export interface ArgsProblem {
  readonly messageId: 'cli.unknown-option' | 'cli.missing-value' | 'cli.flag-value';
  readonly option: string;
}

export type ArgsResult =
  { readonly ok: true; readonly args: ParsedArgs } | { readonly ok: false; readonly problem: ArgsProblem; readonly args: ParsedArgs };

/**
 * Options every command takes besides its own (the message language and help); main() reads
 * `--lang` wherever it is written.
 */
export const GLOBAL_OPTIONS: OptionSpecs = {
  lang: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
};

/** Parses `argv` against `specs`; never throws. */
export function parseCommandArgs(argv: readonly string[], specs: OptionSpecs): ArgsResult {
  const positionals: string[] = [];
  const values = new Map<string, string>();
  const flags = new Set<string>();
  const written = new Map<string, string>();
  const positionalAt: number[] = [];
  const args: ParsedArgs = { positionals, positionalAt, values, flags, written };
  let problem: ArgsProblem | undefined;
  // Non-strict: unknown options come back as tokens (with the name as written) instead of an
  // exception whose text we would have to take apart.
  const { tokens } = parseArgs({
    args: [...argv],
    options: specs,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  for (const token of tokens) {
    if (token.kind === 'positional') {
      positionals.push(token.value);
      positionalAt.push(token.index);
      continue;
    }
    if (token.kind !== 'option') continue;
    // After a problem the rest is still read (main() wants `--lang` to say it in the right language).
    const spec = Object.hasOwn(specs, token.name) ? specs[token.name] : undefined;
    if (!spec) {
      problem ??= { messageId: 'cli.unknown-option', option: token.rawName };
    } else if (spec.type === 'boolean') {
      if (token.value !== undefined) problem ??= { messageId: 'cli.flag-value', option: token.rawName };
      else {
        flags.add(token.name);
        written.set(token.name, token.rawName);
      }
    } else {
      // `-o=OUT` reads as `-o` with the value `=OUT`: the `=` is the separator, as in `--output=OUT`.
      const short = !token.rawName.startsWith('--');
      const value = short && token.inlineValue && token.value?.startsWith('=') ? token.value.slice(1) : token.value;
      if (value === undefined || value === '') problem ??= { messageId: 'cli.missing-value', option: token.rawName };
      else {
        values.set(token.name, value);
        written.set(token.name, token.rawName);
      }
    }
  }
  return problem ? { ok: false, problem, args } : { ok: true, args };
}

/**
 * A `planilla` command. To add one: write a module that exports a `Command`, and add one line to
 * `COMMANDS` in `table.ts` (and its lines to `cli.usage` in the CLI catalogue, its own help to
 * text/cli-help.ts). The runner parses the arguments with `options` plus GLOBAL_OPTIONS, prints a
 * refused argument as one line (exit 2) and answers `--help` with the command's own help; `run`
 * gets the parsed arguments.
 */
export interface Command {
  /**
   * The message id of this command's own help (`planilla <command> --help`): its usage, what it
   * does and every option of `options`, in both languages (text/cli-help.ts).
   */
  readonly help: string;
  readonly options: OptionSpecs;
  /** Resolves to the exit code (0 fine, 1 findings, 2 bad usage or unreadable input); never rejects for user input. */
  run(args: ParsedArgs, io: CliIo): Promise<number>;
}

/** The one line that says why the arguments were refused. */
export function argsProblemMessage(problem: ArgsProblem, lang: CliIo['lang']): string {
  return t(lang, problem.messageId, { option: problem.option });
}

/**
 * Runs `command` on parsed arguments: a refused argument is one line and exit 2; `--help` (when
 * the command does not answer it itself) prints the command's own help and exits 0.
 */
export async function runParsed(command: Command, parsed: ArgsResult, io: CliIo): Promise<number> {
  if (!parsed.ok) {
    io.err(argsProblemMessage(parsed.problem, io.lang));
    return 2;
  }
  if (parsed.args.flags.has('help') && !Object.hasOwn(command.options, 'help')) {
    io.out(t(io.lang, command.help));
    return 0;
  }
  return command.run(parsed.args, io);
}

/** Parses `argv` with the command's options (and the global ones) and runs it. */
export function runCommand(command: Command, argv: readonly string[], io: CliIo): Promise<number> {
  return runParsed(command, parseCommandArgs(argv, { ...GLOBAL_OPTIONS, ...command.options }), io);
}
