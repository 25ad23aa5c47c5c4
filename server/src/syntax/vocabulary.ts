/**
 * The notation's words, in one place for both parsers: the Peggy grammar (grammar/gcg.peggy loads
 * this module in its `{{ }}` initializer: `require('../vocabulary')` from `generated/`) and the fast
 * line reader (fast-line.ts). A word added or removed here is added or removed in both, so the two
 * cannot drift (NOTATION.md lists them; rules/types.ts takes its editions from here).
 *
 * Invariants: plain data, no imports (the generated parser is CommonJS and loads this file alone);
 * every value is lower case; the keywords and the tile notations are ASCII letters only (both
 * parsers read a run of letters and then look it up); no name of one list is a prefix of another
 * name of the same list.
 *
 * Example:
 *   EDITION_NAMES.includes('fise-2004');          // true
 *   EVENT_KEYWORDS.time;                          // 'time-penalty' (the event kind of `(time)`)
 */

/** The rules editions `#rules` takes (any case). */
export const EDITION_NAMES = ['fise', 'fise-2004', 'fise-2001', 'naspa'] as const;

/** The values of `#tile-notation` (any case). */
export const TILE_NOTATIONS = ['brackets', 'plain'] as const;

/** The reasons `#game-end` takes (any case). */
export const GAME_END_REASONS = ['time', 'blocked'] as const;

/** The rulings `#challenge` takes (any case). */
export const CHALLENGE_RULINGS = ['valid'] as const;

/** Pragmas whose arguments are taken as they come (any text). */
export const SIMPLE_PRAGMAS = [
  'character-encoding',
  'title',
  'description',
  'id',
  'lexicon',
  'game-type',
  'board-layout',
  'tile-distribution',
  'incomplete',
  'tile-set',
  'game-board',
  'event',
  'round',
  'sheet-of',
] as const;

/** Pragmas whose arguments have a grammar of their own, by the grammar rule that reads them. */
export const ARGUMENT_PRAGMAS = {
  player: ['player1', 'player2'],
  rack: ['rack1', 'rack2'],
  note: ['note'],
  rules: ['rules'],
  tileNotation: ['tile-notation'],
  clock: ['clock'],
  challenge: ['challenge'],
  gameEnd: ['game-end'],
  tile: ['tile'],
} as const;

/** `(challenge)`, `(time)`, `(penalty)`: written in lower case; the event kind each one makes. */
export const EVENT_KEYWORDS = {
  challenge: 'challenge-bonus',
  time: 'time-penalty',
  penalty: 'arbiter-penalty',
} as const;

/** Whether `word` (as written) is one of the event keywords. */
export function isEventKeyword(word: string): word is keyof typeof EVENT_KEYWORDS {
  return Object.prototype.hasOwnProperty.call(EVENT_KEYWORDS, word);
}
