/**
 * One reading of a sheet for every command that replays it: `check`, `compare`, `fix`, `board`
 * and `report` (and `--ruling`) take the same `--rules`, `--tile-set` and `--lexicon` options and
 * turn them into the same replay settings here. The word list matters beyond judging words: the
 * replay reads a coordinate written the other way round (8D for D8, art. 20) only when that
 * reading gives the sheet's score with accepted words, so a command replaying without the list
 * `check` uses could read a play through a non-word that `check` refuses. Every command that
 * shows or changes a sheet therefore loads the list here, as `check` does.
 *
 * Invariants: never throws; undefined only after one line on stderr (a bad `--rules` or
 * `--tile-set`); a list that cannot be loaded falls back to the built-in one (lexicon-option.ts),
 * as in `check`.
 *
 * Example:
 *   const settings = readingSettings(args, io);   // { rules?, tileSet?, lexicon }
 *   if (settings) analyze(bytes, settings);
 */
import { resolveLexicon } from './lexicon-option';
import { t, type CliIo } from './io';
import type { OptionSpecs, ParsedArgs } from './args';
import type { AnalysisSettings } from '../../service/document';
import { EDITIONS, type Edition } from '../../rules/types';

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
