/**
 * The word lists the server judges with, loaded once per (list, extra, banned) triple and kept
 * until the settings change. A list that cannot be loaded falls back to the built-in one, and the
 * problem is kept so the server can say so once.
 *
 * Invariants: `get` never throws; `lexicon` is undefined only when not even the built-in list is
 * installed (then words are not judged). Entries are keyed by each file's real path (symbolic
 * links resolved) and its identity on disk (device, inode, size, modification and change times:
 * an edit that keeps the size and the modification time still changes the change time), so two
 * names of one file share an entry and an edited file is read again; at most MAX_LISTS entries
 * are kept, the least recently used leaving first.
 *
 * Example:
 *   const cache = new LexiconCache();
 *   const { lexicon, problem } = cache.get('', '', '');   // the built-in list
 */
import * as fs from 'node:fs';
import { loadDefaultLexicon, loadLexicon, LexiconLoadError, type LexiconProblem } from '../lexicon/load';
import type { Lexicon } from '../lexicon/types';

export interface LoadedLexicon {
  readonly lexicon?: Lexicon;
  /** Why the requested list was not used (the built-in one was). */
  readonly problem?: LexiconProblem;
  /** Problems with the extra or banned lists, which were left out. */
  readonly warnings: readonly LexiconProblem[];
}

/** How many loaded lists the server keeps (a list can take tens of MB). */
export const MAX_LISTS = 4;

/** A file's real path and identity on disk, or the spec itself when it is not a readable file. */
function fileKey(spec: string): string {
  if (spec === '') return '';
  try {
    const real = fs.realpathSync(spec);
    const st = fs.statSync(real);
    return `${real}|${st.dev}:${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}`;
  } catch {
    return spec;
  }
}

export class LexiconCache {
  private readonly entries = new Map<string, LoadedLexicon>();

  get(spec: string, extra: string, banned: string): LoadedLexicon {
    const key = JSON.stringify([fileKey(spec), fileKey(extra), fileKey(banned)]);
    const cached = this.entries.get(key);
    if (cached) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached;
    }
    const loaded = load(spec, extra, banned);
    this.entries.set(key, loaded);
    while (this.entries.size > MAX_LISTS) this.entries.delete(this.entries.keys().next().value as string);
    return loaded;
  }

  /** How many lists are held (for tests). */
  get size(): number {
    return this.entries.size;
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
