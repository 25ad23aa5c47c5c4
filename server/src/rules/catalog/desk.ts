/**
 * Messages of the arbiter's desk (issue 15): the notice that plays were not checked on a
 * score-only sheet, `planilla fix` and the "fix all" action, `planilla compare` and the compare
 * command, and the ruling sheet (`planilla report --ruling`). Spanish and English, `{name}`
 * placeholders; the comment above an entry lists the arguments its producer passes.
 *
 * Example:
 *   formatMessage('notice.plays-not-checked', { count: 12 }, 'en');
 *   // '12 plays were not checked: …'
 */
import type { Catalog } from './types';

export const DESK_MESSAGES: Catalog = {
  /* {count}: turns whose play was not checked. */
  'notice.plays-not-checked': {
    es: '{count, plural, one {# jugada sin comprobar} other {# jugadas sin comprobar}}: la planilla solo anota puntuaciones, así que se comprueban las sumas, el orden de los turnos, los ajustes finales y las penalizaciones, no las jugadas',
    en: '{count, plural, one {# play not checked} other {# plays not checked}}: the sheet holds only scores, so the additions, the turn order, the end-of-game adjustments and the penalties are checked, not the plays',
  },
  'notice.plays-not-checked.explanation': {
    es: 'Cada jugador lleva su propia planilla; en papel a menudo solo constan los números de cada turno. Sin la jugada no se puede rehacer el tablero ni calcular la puntuación, así que se da por buena la anotada y se comprueba lo que los números dicen.',
    en: 'Each player keeps a score sheet; on paper it often holds only the numbers of each turn. Without the play the board cannot be rebuilt nor the score computed, so the written score is taken as it is and what the numbers tell is checked.',
  },
  'severity.notice': { es: 'nota', en: 'note' },

  // planilla fix / "Fix all"
  /* {path}; {scores}, {totals}: numbers changed. */
  'fix.summary': {
    es: '{path}: {scores, plural, one {# puntuación corregida} other {# puntuaciones corregidas}} y {totals, plural, one {# total corregido} other {# totales corregidos}}',
    en: '{path}: {scores, plural, one {# score} other {# scores}} and {totals, plural, one {# total} other {# totals}} corrected',
  },
  /* {path} */
  'fix.nothing': { es: '{path}: nada que corregir', en: '{path}: nothing to correct' },
  /* {line}: 1-based line; {what}: 'puntuación'/'score' or 'total'; {from}, {to}: the numbers. */
  'fix.change': { es: 'línea {line}: {what} {from} → {to}', en: 'line {line}: {what} {from} → {to}' },
  'fix.what.score': { es: 'puntuación', en: 'score' },
  'fix.what.total': { es: 'total', en: 'total' },
  /* {path}; {count}: score or total findings still there after the fix. */
  'fix.left': {
    es: '{path}: {count, plural, one {queda # hallazgo de puntuación o total que solo se arregla} other {quedan # hallazgos de puntuación o total que solo se arreglan}} cambiando algo más que los números',
    en: '{path}: {count, plural, one {# score or total finding remains} other {# score or total findings remain}} that only a change beyond the numbers can fix',
  },
  'fix.unreadable-record': {
    es: 'planilla: «{path}» tiene líneas ilegibles o más de {max} líneas; no se corrige',
    en: 'planilla: "{path}" has unreadable lines or more than {max} lines; it is not corrected',
  },
};
