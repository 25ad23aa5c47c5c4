/**
 * The options of the commands that ask the engine (`moves`, `endgame`, `analyze`): the reading
 * options, `--leaves`, `--json` and `--top`, and how a count (`--top`, `--line`), a leave table
 * (`--leaves PATH`) and the engine's word list and leaves together are read.
 *
 * Invariants: never throws; a refused value is one line on stderr (undefined or null comes back,
 * as each function says).
 *
 * Example:
 *   const top = positiveInt(args.values.get('top'), '--top', io);   // number, undefined (not given) or null (refused)
 */
import { t, type CliIo } from './io';
import type { ParsedArgs } from './args';
import { terminalText } from './terminal';
import { resolveLexicon } from './reading';
import { formatLeaveMessage, loadLeavesOrBuiltin } from '../../analysis/leave-files';
import type { LeaveEvaluator } from '../../analysis/leaves';
import type { Lexicon } from '../../lexicon/types';

/** The options `moves`, `endgame` and `analyze` share. */
export const COMMON = {
  rules: { type: 'string' },
  'tile-set': { type: 'string' },
  lexicon: { type: 'string' },
  leaves: { type: 'string' },
  json: { type: 'boolean' },
  top: { type: 'string' },
} as const;

/**
 * The leave values of `--leaves PATH` (default the built-in table); undefined, with one line on
 * stderr, when the file cannot be used (the command then stops: no analysis with other values).
 */
export function resolveLeaves(args: ParsedArgs, io: CliIo): LeaveEvaluator | undefined {
  const r = loadLeavesOrBuiltin(args.values.get('leaves'));
  if (r.warning) {
    // the path is the user's: shown with its control characters escaped (terminal.ts)
    const args = 'path' in r.warning.args ? { ...r.warning.args, path: terminalText(String(r.warning.args.path)) } : r.warning.args;
    io.err(`planilla: ${formatLeaveMessage({ ...r.warning, args }, io.lang)}`);
    return r.warning.messageId === 'leaves.builtin-missing' ? r.leaves : undefined;
  }
  return r.leaves;
}

/** What the engine plays with: the word list and the leave values. */
export interface Engine {
  readonly lexicon: Lexicon;
  readonly leaves: LeaveEvaluator;
}

/**
 * The word list of `--lexicon` and the leaves of `--leaves`, read once for the whole command;
 * undefined after one line on stderr when either cannot be used.
 */
export function resolveEngine(args: ParsedArgs, io: CliIo): Engine | undefined {
  const lexicon = resolveLexicon(args.values.get('lexicon'), io);
  if (!lexicon) return undefined;
  const leaves = resolveLeaves(args, io);
  return leaves ? { lexicon, leaves } : undefined;
}

/** `--line L` (required); undefined after one line on stderr when missing or not a line number. */
export function lineOption(args: ParsedArgs, io: CliIo): number | undefined {
  const lineArg = args.values.get('line');
  if (lineArg === undefined) {
    io.err(t(io.lang, 'analysis.no-line'));
    return undefined;
  }
  return positiveInt(lineArg, '--line', io) ?? undefined;
}

export function positiveInt(value: string | undefined, option: string, io: CliIo): number | undefined | null {
  if (value === undefined) return undefined;
  if (!/^\s*\d{1,6}\s*$/.test(value) || Number(value) < 1) {
    io.err(t(io.lang, 'cli.bad-value', { option, value, allowed: '1–999999' }));
    return null;
  }
  return Number(value);
}
