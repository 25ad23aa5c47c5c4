/**
 * What a command reads before it works, the same way for every command: the single FILE argument,
 * the word list of `--lexicon`, the replay settings, the record read and analysed as the editor
 * does (service/document.ts), and for the commands that ask the engine (`moves`, `endgame`,
 * `analyze`) their options and the leave table of `--leaves PATH`.
 *
 * One reading of a sheet for every command that replays it: `check`, `compare`, `fix`, `board`
 * and `report` (and `--ruling`) take the same `--rules`, `--tile-set` and `--lexicon` options and
 * turn them into the same replay settings here. The word list matters beyond judging words: the
 * replay reads a coordinate written the other way round (8D for D8, art. 20) only when that
 * reading gives the sheet's score with accepted words, so a command replaying without the list
 * `check` uses could read a play through a non-word that `check` refuses. Every command that
 * shows or changes a sheet therefore loads the list here, as `check` does.
 *
 * Invariants: never throws; undefined only after one line on stderr (a bad `--rules` or
 * `--tile-set`, no file or several, an unreadable file, an internal error named with the file); a
 * list that cannot be loaded falls back to the built-in one, with one line saying so, as in
 * `check`; undefined for a word list only when not even the built-in list is there (a broken
 * installation), in which case words are simply not judged and a line says so.
 *
 * Example:
 *   const settings = readingSettings(args, io);   // { rules?, tileSet?, lexicon }
 *   const file = singleFile(args, 'board', io);
 *   const analysis = file === undefined || !settings ? undefined : analyzeFile(file, settings, io);
 */
import { loadDefaultLexicon, loadLexicon, LexiconLoadError } from '../../lexicon/load';
import type { Lexicon } from '../../lexicon/types';
import { formatMessage } from '../../rules/messages';
import { readRecord, t, type CliIo } from './io';
import type { OptionSpecs, ParsedArgs } from './args';
import { analyze, type Analysis, type AnalysisSettings } from '../../service/document';
import { EDITIONS, type Edition } from '../../rules/types';
import { positionBefore, type Position } from '../../analysis';
import type { Replay } from '../../engine/types';
import { terminalText } from './terminal';
import { formatLeaveMessage, loadLeavesOrBuiltin } from '../../analysis/leave-files';
import type { LeaveEvaluator } from '../../analysis/leaves';

/** The options that choose the reading of a sheet (every command that replays one takes them). */
export const READING_OPTIONS = {
  rules: { type: 'string' },
  'tile-set': { type: 'string' },
  lexicon: { type: 'string' },
} as const satisfies OptionSpecs;

/** The options `board` and `report` share: the reading of the sheet (above) and where to write. */
export const REPLAY_OPTIONS = {
  ...READING_OPTIONS,
  output: { type: 'string', short: 'o' },
} as const satisfies OptionSpecs;

/** The options `moves`, `endgame` and `analyze` share. */
export const COMMON = {
  rules: { type: 'string' },
  'tile-set': { type: 'string' },
  lexicon: { type: 'string' },
  leaves: { type: 'string' },
  json: { type: 'boolean' },
  top: { type: 'string' },
} as const;

/** `--rules` and `--tile-set` checked; undefined after printing the reason. No word list. */
export function replaySettings(args: ParsedArgs, io: CliIo): AnalysisSettings | undefined {
  const rules = args.values.get('rules');
  if (rules !== undefined && !(EDITIONS as readonly string[]).includes(rules)) {
    io.err(t(io.lang, 'cli.bad-value', { option: '--rules', value: rules, allowed: EDITIONS.join(', ') }));
    return undefined;
  }
  const tileSet = args.values.get('tile-set');
  if (tileSet !== undefined && tileSet !== 'spanish' && tileSet !== 'english') {
    io.err(t(io.lang, 'cli.bad-value', { option: '--tile-set', value: tileSet, allowed: 'spanish, english' }));
    return undefined;
  }
  return {
    ...(rules !== undefined ? { rules: rules as Edition } : {}),
    ...(tileSet !== undefined ? { tileSet } : {}),
  };
}

/**
 * The settings `check` replays with: the edition, the tile set and the word list (`--lexicon`,
 * else the built-in list). Undefined after printing the reason.
 */
export function readingSettings(args: ParsedArgs, io: CliIo): AnalysisSettings | undefined {
  const settings = replaySettings(args, io);
  if (!settings) return undefined;
  const lexicon = resolveLexicon(args.values.get('lexicon'), io);
  return lexicon ? { ...settings, lexicon } : settings;
}

/**
 * The word list of `--lexicon SPEC`: the user's list (compiled once and cached), or the built-in
 * open list, with one line on stderr when it had to fall back.
 */
export function resolveLexicon(spec: string | undefined, io: CliIo): Lexicon | undefined {
  const result = loadLexicon(spec);
  if (result.ok) {
    for (const w of result.report.warnings) io.err(formatMessage(w.messageId, w.args, io.lang));
    return result.lexicon;
  }
  const message = formatMessage(result.error.messageId, result.error.args, io.lang);
  try {
    const fallback = loadDefaultLexicon();
    io.err(formatMessage('cli.lexicon-fallback', { message }, io.lang));
    return fallback;
  } catch (e) {
    const detail = e instanceof LexiconLoadError ? formatMessage(e.problem.messageId, e.problem.args, io.lang) : String(e);
    io.err(`planilla: ${message}; ${detail}`);
    return undefined;
  }
}

/**
 * The word list of a worker thread: the user's list, else the built-in one, without a word (the
 * main thread has already said why it fell back); undefined only without even the built-in list.
 */
export function workerLexicon(spec: string | undefined): Lexicon | undefined {
  const loaded = loadLexicon(spec);
  if (loaded.ok) return loaded.lexicon;
  try {
    return loadDefaultLexicon();
  } catch {
    return undefined;
  }
}

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

/**
 * The record's bytes, the settings with the `--lexicon` word list, and the record analysed with
 * them (`fill`, `reconstruct`: they rewrite or reread those bytes); undefined after one line on
 * stderr when the file cannot be read.
 */
export function readSheet(
  file: string,
  settings: AnalysisSettings,
  args: ParsedArgs,
  io: CliIo,
): { readonly bytes: Uint8Array; readonly settings: AnalysisSettings; readonly analysis: Analysis } | undefined {
  const read = readRecord(file, io.lang);
  if ('error' in read) {
    io.err(read.error);
    return undefined;
  }
  const lexicon = resolveLexicon(args.values.get('lexicon'), io);
  const reading = lexicon ? { ...settings, lexicon } : settings;
  return { bytes: read.bytes, settings: reading, analysis: analyze(read.bytes, reading) };
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

/** The turn a command asks about by its line (`moves`, `endgame`), and the position before it. */
export interface TurnAtLine {
  readonly index: number;
  readonly turn: Replay['turns'][number];
  readonly position: Position;
}

/**
 * The turn of the event on line `line` (1-based) of `file`, of one of `kinds`, and the position
 * its player saw; undefined after one line on stderr (no such event, or no position to list).
 */
export function turnAtLine(replay: Replay, line: number, file: string, kinds: readonly string[], io: CliIo): TurnAtLine | undefined {
  const index = replay.turns.findIndex((turn) => turn.event.line === line - 1);
  const turn = replay.turns[index];
  if (!turn || !kinds.includes(turn.kind)) {
    io.err(t(io.lang, 'analysis.no-event-on-line', { line, path: terminalText(file) }));
    return undefined;
  }
  const got = positionBefore(replay, index);
  if (!('position' in got)) {
    const reason = t(io.lang, `analysis.reason.${got.reason}`);
    io.err(t(io.lang, 'analysis.cannot-list', { line, path: terminalText(file), reason }));
    return undefined;
  }
  return { index, turn, position: got.position };
}

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
