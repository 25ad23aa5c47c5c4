/**
 * The lexicon's public surface: load the built-in or a user's word list, look words up, and guess
 * why a word is not accepted.
 *
 * Invariants: see the modules re-exported here; loading never throws for user input.
 *
 * Example:
 *   import { loadLexiconOrDefault, explainRejection } from '../lexicon';
 *   const { lexicon, error } = loadLexiconOrDefault(settings.lexicon, { extra: settings.lexiconExtra });
 *   if (!lexicon.has('dame')) explainRejection(lexicon, 'dame', 'fise');
 */
export type { Lexicon, LexiconInfo } from './types';
export {
  compileListFile,
  DawgLexicon,
  DEFAULT_MAX_BYTES,
  isBuiltinSpec,
  LexiconLoadError,
  loadDefaultLexicon,
  loadLexicon,
  loadLexiconOrDefault,
  OverlayLexicon,
  type LexiconLoadResult,
  type LexiconProblem,
  type LexiconReport,
  type LoadOptions,
  type OverlayReport,
} from './load';
export { explainRejection, type RejectionHint } from './reasons';
export { normalizeQuery, tokenize, tileCount } from './normalize';
export { DIGRAPH_MODES, type DigraphMode, type WordListReport } from './wordlist';
