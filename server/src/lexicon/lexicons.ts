/**
 * The lexicons the loader makes, as plain objects on a graph (no file is read here, so the pure
 * layers may use them): `DawgLexicon`, a DAWG's words, and `OverlayLexicon`, a base list with
 * extra words added and banned words removed. lexicon/load.ts makes them from files.
 *
 * Invariants: lookups never throw; `info` describes the list as it is looked up (for an overlay,
 * the word count and SHA-256 of the resulting list, computed once on first use).
 *
 * Example:
 *   const lexicon = new DawgLexicon(buildDawg(['casa', 'perro']), 'mini', 'test');
 *   lexicon.has('casa');   // true
 */
import type { Dawg } from './dawg';
import { tokenize } from './normalize';
import type { Lexicon, LexiconInfo } from './types';

/** `node:crypto`, loaded when first used (for an overlay's hash): loading it costs a start several milliseconds. */
function crypto(): typeof import('node:crypto') {
  return require('node:crypto') as typeof import('node:crypto');
}

/** A lexicon backed by a DAWG: lookups, and the words in tile order. */
export class DawgLexicon implements Lexicon {
  readonly info: LexiconInfo;
  constructor(
    readonly dawg: Dawg,
    name: string,
    source: string,
  ) {
    this.info = { name, words: dawg.wordCount, sha256: dawg.sha256, source };
  }
  has(word: string): boolean {
    return this.dawg.has(word);
  }
  words(): Iterable<string> {
    return this.dawg.enumerate();
  }
}

/**
 * A base DAWG lexicon with extra words added and banned words removed. Its word count and
 * SHA-256 describe the resulting list (computed on first use of `info`, by one pass over the base).
 */
export class OverlayLexicon implements Lexicon {
  private computed: LexiconInfo | undefined;
  constructor(
    readonly base: DawgLexicon,
    /** Normalised words added. */
    readonly extra: ReadonlySet<string>,
    /** Normalised words removed. */
    readonly banned: ReadonlySet<string>,
    private readonly name: string,
  ) {}
  /** The list's name ('fise.txt + extra.txt'), known without computing `info`. */
  get listName(): string {
    return this.name;
  }
  has(word: string): boolean {
    // The graph first: its lookup costs less than hashing the word for a Set, which an empty set skips.
    if (this.base.has(word)) return this.banned.size === 0 || !this.banned.has(word);
    return this.extra.size !== 0 && this.extra.has(word) && !this.banned.has(word);
  }
  get info(): LexiconInfo {
    if (!this.computed) {
      const hash = crypto().createHash('sha256');
      let words = 0;
      const added = [...this.extra].filter((w) => !this.banned.has(w) && !this.base.has(w));
      const addedKeys = added.map((w) => ({ w, k: tileOrderKey(w) })).sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0));
      let next = 0;
      let pending = '';
      const emit = (w: string): void => {
        words++;
        pending += `${w}\n`;
        if (pending.length > 1 << 16) {
          hash.update(pending, 'utf8');
          pending = '';
        }
      };
      for (const w of this.base.words()) {
        if (next < addedKeys.length) {
          const k = tileOrderKey(w);
          while (next < addedKeys.length && addedKeys[next].k < k) emit(addedKeys[next++].w);
        }
        if (!this.banned.has(w)) emit(w);
      }
      while (next < addedKeys.length) emit(addedKeys[next++].w);
      hash.update(pending, 'utf8');
      this.computed = { name: this.name, words, sha256: hash.digest('hex'), source: this.base.info.source };
    }
    return this.computed;
  }
}

function tileOrderKey(word: string): string {
  return String.fromCharCode(...(tokenize(word) ?? []).map((t) => t + 64));
}
