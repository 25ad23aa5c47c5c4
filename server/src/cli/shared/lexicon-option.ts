/**
 * The CLI's `--lexicon PATH` option: loads the user's list (compiled once and cached), or the
 * built-in open list, and says on stderr — one line — when it had to fall back.
 *
 * Invariants: never throws; returns undefined only when not even the built-in list is there
 * (a broken installation), in which case words are simply not judged and a line says so.
 *
 * Example:
 *   const lexicon = resolveLexicon(args.values.get('--lexicon'), io);
 */
import { loadDefaultLexicon, loadLexicon, LexiconLoadError } from '../../lexicon/load';
import { formatMessage } from '../../rules/messages';
import type { Lexicon } from '../../lexicon/types';
import type { CliIo } from './io';

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
