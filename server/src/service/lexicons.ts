/**
 * The word lists the server judges with, loaded once per (list, extra, banned) triple and kept
 * until the settings change. A list that cannot be loaded falls back to the built-in one, and the
 * problem is kept so the server can say so once.
 *
 * Invariants: `get` never throws; `lexicon` is undefined only when not even the built-in list is
 * installed (then words are not judged).
 *
 * Example:
 *   const cache = new LexiconCache();
 *   const { lexicon, problem } = cache.get('', '', '');   // the built-in list
 */
import { loadDefaultLexicon, loadLexicon, LexiconLoadError, type LexiconProblem } from '../lexicon/load';
import type { Lexicon } from '../lexicon/types';

export interface LoadedLexicon {
  readonly lexicon?: Lexicon;
  /** Why the requested list was not used (the built-in one was). */
  readonly problem?: LexiconProblem;
  /** Problems with the extra or banned lists, which were left out. */
  readonly warnings: readonly LexiconProblem[];
}

export class LexiconCache {
  private readonly entries = new Map<string, LoadedLexicon>();

  get(spec: string, extra: string, banned: string): LoadedLexicon {
    const key = JSON.stringify([spec, extra, banned]);
    const cached = this.entries.get(key);
    if (cached) return cached;
    const loaded = load(spec, extra, banned);
    this.entries.set(key, loaded);
    return loaded;
  }

  clear(): void {
    this.entries.clear();
  }
}

function load(spec: string, extra: string, banned: string): LoadedLexicon {
  const result = loadLexicon(spec === '' ? undefined : spec, {
    ...(extra ? { extra } : {}),
    ...(banned ? { banned } : {}),
  });
  if (result.ok) return { lexicon: result.lexicon, warnings: result.report.warnings };
  try {
    return { lexicon: loadDefaultLexicon(), problem: result.error, warnings: [] };
  } catch (e) {
    if (e instanceof LexiconLoadError) return { problem: e.problem, warnings: [] };
    return { problem: result.error, warnings: [] };
  }
}
