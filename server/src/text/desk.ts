/**
 * Messages of the arbiter's desk: the notice that plays were not checked on a
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

  /* {word}: the headword the rulebook names ('REFUNDAR', 'NOES'). */
  'related.named-word-refused': {
    es: 'el reglamento no acepta {word}: lo nombra entre las palabras que no valen',
    en: 'the rulebook does not accept {word}: it names it among the words that are not valid',
  },

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
  'fix.why.undecided': {
    es: 'una jugada anterior quedó sin decidir porque su puntuación puede estar mal copiada; desde ella, los números los decide el árbitro',
    en: 'an earlier play was left undecided because its score may be miscopied; from it on, the arbiter decides the numbers',
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
  /* {n}: turn; {player}: the mover. */
  'compare.turn': { es: 'Turno {n} ({player}):', en: 'Turn {n} ({player}):' },
  'compare.turn-carried': {
    es: 'Turno {n} ({player}), arrastra la diferencia anterior:',
    en: 'Turn {n} ({player}), carrying the earlier difference:',
  },
  /* {score}: signed; {total}; {words}: 'ZARPEMOS 11 × 3 = 33, …'. */
  'compare.board': {
    es: 'El tablero da {score} ({words}), total {total}.',
    en: 'The board gives {score} ({words}), total {total}.',
  },
  /* {bingo}: the bonus. */
  'compare.board.bingo': {
    es: 'El tablero da {score} ({words}, más {bingo} por colocar las siete fichas), total {total}.',
    en: 'The board gives {score} ({words}, plus {bingo} for placing all seven tiles), total {total}.',
  },
  'compare.board.unchecked': {
    es: 'La jugada no consta en ninguna planilla: se toma {score}, total {total}, de la planilla de referencia.',
    en: 'Neither sheet writes the play: {score}, total {total}, is taken from the reference sheet.',
  },
  'compare.right.a': { es: 'Tiene razón A.', en: 'A is right.' },
  'compare.right.b': { es: 'Tiene razón B.', en: 'B is right.' },
  'compare.right.both': { es: 'Las dos anotan lo cierto.', en: 'Both write the truth.' },
  'compare.right.neither': { es: 'Ninguna de las dos anota lo cierto.', en: 'Neither sheet writes the truth.' },
  /* {n}: differing turns; {changed}: how many changed the result; {turns}: their numbers. */
  'compare.summary': {
    es: '{n, plural, one {Difiere # turno} other {Difieren # turnos}}; {changed}.',
    en: '{n, plural, one {# turn differs} other {# turns differ}}; {changed}.',
  },
  'compare.summary.none': { es: 'ninguno cambia el resultado', en: 'none changes the result' },
  /* {count}: turns that changed the result; {turns}: their numbers. */
  'compare.summary.changed': {
    es: '{count, plural, one {cambia el resultado el turno} other {cambian el resultado los turnos}} {turns} (los demás arrastran esa diferencia)',
    en: '{count, plural, one {turn} other {turns}} {turns} {count, plural, one {changes} other {change}} the result (the others carry that difference)',
  },
  /* {a1}, {a2}: A's nicks; {b1}, {b2}: B's, in A's order. */
  'compare.problem.players': {
    es: 'Aviso: los jugadores no coinciden (A: {a1}, {a2}; B: {b1}, {b2}); ¿son planillas de la misma partida? Se alinean por orden de juego.',
    en: 'Warning: the players differ (A: {a1}, {a2}; B: {b1}, {b2}); are these sheets of one game? They are aligned by order of play.',
  },
  'compare.problem.plays': {
    es: 'Aviso: las jugadas difieren en la mayoría de los turnos; ¿son planillas de la misma partida?',
    en: 'Warning: the plays differ on most turns; are these sheets of one game?',
  },
  'compare.problem.nicks': {
    es: 'Aviso: B llama a los jugadores de otro modo ({a1} = {b1}, {a2} = {b2}); se muestran con los nombres de A.',
    en: "Warning: B names the players otherwise ({a1} = {b1}, {a2} = {b2}); they are shown with A's names.",
  },
  /* {path}. */
  'compare.empty': {
    es: 'planilla compare: «{path}» no tiene ninguna jugada; no es una planilla que comparar',
    en: 'planilla compare: "{path}" has no turn; it is not a sheet to compare',
  },
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
  /* Words only the built-in open list lacks, left out of the findings. {words}: 'XIS (línea 22), …' (ruling.unjudged.word each). */
  'ruling.unjudged': {
    es: 'Sin juzgar, por no estar en la lista abierta incorporada, que no es la oficial (compruébense en la lista oficial): {words}',
    en: 'Not judged, because the built-in open list, which is not the official one, lacks them (check them in the official list): {words}',
  },
  /* {word}: the word (or words of one line); {line}: 1-based. */
  'ruling.unjudged.word': { es: '{word} (línea {line})', en: '{word} (line {line})' },
  /* {n}: findings not listed. */
  /* {n}: findings not listed; {command}: the command that lists them all. */
  'ruling.more': {
    es: '… y {n, plural, one {# hallazgo más} other {# hallazgos más}}: «{command}» los lista todos',
    en: '… and {n, plural, one {# more finding} other {# more findings}}: "{command}" lists them all',
  },
  'ruling.lexicon': { es: 'Léxico', en: 'Word list' },
  'ruling.lexicon.none': { es: 'ninguno (no se juzgaron las palabras)', en: 'none (the words were not judged)' },
  'ruling.lexicon.english': {
    es: 'ninguno (fichas inglesas: las palabras no se juzgan)',
    en: 'none (English tiles: the words are not judged)',
  },
  /* {article}: 'art. 37.4' (the edition's), or empty. */
  'ruling.ending.gcg': {
    es: 'Por qué el resultado corregido difiere de lo anotado: la planilla cierra con +2R (costumbre GCG, el doble del atril del rival en una línea); el reglamento suma R a quien cierra y resta R al rival, con la misma diferencia ({article}).',
    en: "Why the corrected result differs from what is written: the sheet ends with +2R (the GCG habit, twice the opponent's rack in one line); the rules add R to the player who went out and take R off the opponent, the same spread ({article}).",
  },
  'ruling.ending.missing': {
    es: 'Por qué el resultado corregido difiere de lo anotado: falta un ajuste de final de partida, que el resultado corregido aplica ({article}).',
    en: 'Why the corrected result differs from what is written: an end-of-game adjustment is missing, and the corrected result applies it ({article}).',
  },
  /* {result}: 'Ana 364 – Beto 332'. */
  'ruling.written': { es: 'Resultado que anota esta planilla: {result}', en: 'Result this sheet writes: {result}' },
  'ruling.comparison': { es: 'Las dos planillas', en: 'The two sheets' },
  'ruling.result': { es: 'Resultado corregido', en: 'Corrected result' },
  'ruling.decision': { es: 'Decisión del árbitro', en: "Arbiter's decision" },
  'ruling.date': { es: 'Fecha y hora', en: 'Date and time' },
  'ruling.signature': { es: 'Firma del árbitro', en: "Arbiter's signature" },
  'ruling.table': { es: 'Mesa', en: 'Table' },
  /* {name}: the player's name or nick. */
  'ruling.signature.player': { es: 'Firma de {name}', en: "{name}'s signature" },
  /* {n}: differing turns not on the first page. */
  'ruling.comparison.annex': {
    es: '… y {n, plural, one {# turno más} other {# turnos más}} en que difieren: la lista completa, en el anexo (página 2)',
    en: '… and {n, plural, one {# more differing turn} other {# more differing turns}}: the full list is in the annex (page 2)',
  },
  'ruling.annex': { es: 'Anexo: todos los turnos en que difieren las dos planillas', en: 'Annex: every turn where the two sheets differ' },
  /* {count}: files given. */
  'ruling.files': {
    es: 'planilla report --ruling: una o dos planillas (se dieron {count})',
    en: 'planilla report --ruling: one or two sheets ({count} given)',
  },
};
