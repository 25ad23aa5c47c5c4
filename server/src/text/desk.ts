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
  /* {line}; {what}: fix.what.*; {from}: as written; {to}: what the fix would write; {why}: fix.why.*. */
  'fix.held': {
    es: 'línea {line}: se deja como está ({what} {from}, no {to}): {why}',
    en: 'line {line}: left as written ({what} {from}, not {to}): {why}',
  },
  'fix.why.check-correct': {
    es: 'planilla check da este número por bueno con la misma lectura y la misma lista de palabras',
    en: 'planilla check finds this number right, with the same reading and the same word list',
  },
  'fix.why.reading': {
    es: 'con el número cambiado la jugada se leería de otro modo que en planilla check; la decide el árbitro',
    en: 'with the number changed the play would be read otherwise than planilla check reads it; the arbiter decides',
  },
  /* {path}; {count}: score or total findings still there after the fix. */
  'fix.left': {
    es: '{path}: {count, plural, one {queda # hallazgo de puntuación o total que solo se arregla} other {quedan # hallazgos de puntuación o total que solo se arreglan}} cambiando algo más que los números',
    en: '{path}: {count, plural, one {# score or total finding remains} other {# score or total findings remain}} that only a change beyond the numbers can fix',
  },
  'fix.unreadable-record': {
    es: 'planilla: «{path}» tiene líneas ilegibles o más de {max} líneas; no se corrige',
    en: 'planilla: "{path}" has unreadable lines or more than {max} lines; it is not corrected',
  },

  // planilla compare / "Compare with another sheet…"
  /* {a}, {b}: the two sheets' names. */
  'compare.title': { es: 'Comparación de planillas: A = {a} · B = {b}', en: 'Score sheets compared: A = {a} · B = {b}' },
  'compare.col.turn': { es: 'turno', en: 'turn' },
  'compare.col.player': { es: 'jugador', en: 'player' },
  'compare.agree': { es: 'Las dos planillas coinciden en todos los turnos.', en: 'The two sheets agree on every turn.' },
  /* {n}: turn; {player}: the mover. */
  'compare.first': { es: 'Primera discrepancia: turno {n} ({player}).', en: 'First disagreement: turn {n} ({player}).' },
  /* {sheet}: 'A' or 'B'; {line}; {previous}; {score}: signed; {total}; {sum}. */
  'compare.adds-up': {
    es: '{sheet} (línea {line}) suma bien: {previous} {score} = {total}',
    en: '{sheet} (line {line}) adds up: {previous} {score} = {total}',
  },
  'compare.misadds': {
    es: '{sheet} (línea {line}) suma mal: {previous} {score} = {sum}, no {total}',
    en: '{sheet} (line {line}) misadds: {previous} {score} = {sum}, not {total}',
  },
  'compare.no-line': { es: '{sheet} no tiene esta línea', en: '{sheet} has no such line' },
  'compare.no-numbers': { es: '{sheet} (línea {line}) no anota los números', en: '{sheet} (line {line}) writes no numbers' },
  /* {score}: signed; {total}. */
  'compare.truth': { es: 'Lo cierto en ese turno: {score}, total {total}.', en: 'The truth at that turn: {score}, total {total}.' },
  /* {a}, {b}, {true}: 'Ana 364 – Beto 322'. */
  'compare.result': {
    es: 'Resultado según A: {a} · según B: {b} · verdadero: {true}',
    en: 'Result by A: {a} · by B: {b} · true: {true}',
  },
  /* {count}: the number of files given. */
  'compare.two-files': {
    es: 'planilla compare: hacen falta dos planillas (se dieron {count})',
    en: 'planilla compare: two sheets are needed ({count} given)',
  },

  // The ruling sheet (planilla report --ruling)
  'ruling.title': { es: 'Acta del árbitro', en: "Arbiter's ruling" },
  'ruling.event': { es: 'Torneo', en: 'Event' },
  'ruling.round': { es: 'Ronda', en: 'Round' },
  'ruling.players': { es: 'Jugadores', en: 'Players' },
  'ruling.rules': { es: 'Reglamento', en: 'Rules' },
  /* {label}: 'A' or 'B'; {name}: the file. */
  'ruling.sheet': { es: 'Planilla {label}: {name}', en: 'Sheet {label}: {name}' },
  /* {line}: 1-based. */
  'ruling.line': { es: 'línea {line}', en: 'line {line}' },
  'ruling.no-findings': { es: 'Sin errores ni avisos.', en: 'No errors or warnings.' },
  /* {n}: findings not listed. */
  'ruling.more': {
    es: '… y {n, plural, one {# hallazgo más} other {# hallazgos más}} (planilla check los lista todos)',
    en: '… and {n, plural, one {# more finding} other {# more findings}} (planilla check lists them all)',
  },
  /* {result}: 'Ana 364 – Beto 332'. */
  'ruling.written': { es: 'Resultado que anota esta planilla: {result}', en: 'Result this sheet writes: {result}' },
  'ruling.comparison': { es: 'Las dos planillas', en: 'The two sheets' },
  'ruling.result': { es: 'Resultado corregido', en: 'Corrected result' },
  'ruling.decision': { es: 'Decisión del árbitro', en: "Arbiter's decision" },
  'ruling.date': { es: 'Fecha y hora', en: 'Date and time' },
  'ruling.signature': { es: 'Firma del árbitro', en: "Arbiter's signature" },
  /* {count}: files given. */
  'ruling.files': {
    es: 'planilla report --ruling: una o dos planillas (se dieron {count})',
    en: 'planilla report --ruling: one or two sheets ({count} given)',
  },
};
