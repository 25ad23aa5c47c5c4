/**
 * The lexicon interface the engine asks: is this word accepted? Words are passed normalised:
 * lower case, accents and diaeresis dropped, ñ kept, digraph tiles written as their two letters
 * ('ch', 'll', 'rr'); in Spanish a C before an H is always the CH tile (art. 11), so the string
 * maps to tiles one way only.
 *
 * Example:
 *   const lex: Lexicon = ...;
 *   lex.has('chuletas'); // true
 */
export interface LexiconInfo {
  /** Human name: 'es-open (an-array-of-spanish-words 2.0.0)', or the user's file name. */
  readonly name: string;
  /** Number of words in the list. */
  readonly words: number;
  /** SHA-256 (hex) of the word list's contents (the sorted, normalised words, one per line). */
  readonly sha256: string;
  /** Where it came from: 'builtin' or the path of the user's file. */
  readonly source: string;
}

/** `LexiconInfo.source` of the built-in open list (not an official list). */
export const BUILTIN_SOURCE = 'builtin';

export interface Lexicon {
  readonly info: LexiconInfo;
  /** Whether the normalised word is accepted. */
  has(word: string): boolean;
}
