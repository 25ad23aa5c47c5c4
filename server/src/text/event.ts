/**
 * Messages of the tournament desk (`planilla event` and the "Audit event…" command): every finding
 * about an event (service/event.ts), the report's headings and columns (report/event.ts) and the
 * command's own lines, in Spanish and English with the same placeholders.
 *
 * Invariants: every id starts with `event.`; a finding's message is `event.finding.<code>`.
 *
 * Example:
 *   formatMessage('event.finding.card-without-sheet', { line: 4, a: 'Ana', b: 'Beto', sa: 400, sb: 380 }, 'en');
 */
import type { Catalog } from './types';

export const EVENT_MESSAGES: Catalog = {
  /* {line}: 1-based line of the CSV. */
  'event.card.bad-line': {
    es: 'línea {line}: no es una tarjeta (ronda,jugador1,puntos1,jugador2,puntos2)',
    en: 'line {line}: not a card (round,player1,score1,player2,score2)',
  },

  // Findings. {path}: a sheet's path in the folder; {round}: a round; {player}, {a}, {b}: names.
  /* {path}; {reason}: why it could not be read. */
  'event.finding.unreadable': { es: '{reason}', en: '{reason}' },
  'event.finding.not-a-record': {
    es: '{path} no es la planilla de una partida (sin turnos o sin los dos jugadores); no se cuenta',
    en: '{path} is not the sheet of a game (no turns, or not two players); not counted',
  },
  /* {written}: its #event; {event}: the event's. */
  'event.finding.other-event': {
    es: '{path} dice #event «{written}», no «{event}»; se cuenta en este torneo',
    en: '{path} says #event "{written}", not "{event}"; counted in this event',
  },
  /* {written}: #round as written ('—' none); {round}: where it is counted ('—': nowhere known). */
  'event.finding.no-round': {
    es: '{path} no dice en qué ronda se jugó (#round «{written}»); se cuenta en la ronda {round}',
    en: '{path} does not say which round it was played in (#round "{written}"); counted in round {round}',
  },
  'event.finding.no-round.nowhere': {
    es: '{path} no dice en qué ronda se jugó (#round «{written}») y ninguna otra partida tiene sus jugadores y su resultado; se cuenta sin ronda',
    en: '{path} does not say which round it was played in (#round "{written}") and no other game has its players and result; counted without a round',
  },
  /* {path}: the sheet that decides; {result}: the result as it stands. */
  'event.finding.unfinished': {
    es: 'la partida no llega al final en {path}; se cuenta como queda: {result}',
    en: 'the game does not reach its end on {path}; counted as it stands: {result}',
  },
  /* {line}; {code}: the check's finding; {detail}: its message. */
  'event.finding.sheet-misadds': {
    es: '{path}, línea {line}: la planilla suma mal: {detail}',
    en: '{path}, line {line}: the sheet misadds: {detail}',
  },
  'event.finding.sheet-finding': {
    es: '{path}, línea {line}: {code}: {detail}',
    en: '{path}, line {line}: {code}: {detail}',
  },
  /* {n}: turn; {player}: the mover; {a}, {b}: the sheets; {sa}, {sb}: what each writes; {result}: the counted result. */
  'event.finding.sheets-disagree': {
    es: 'las planillas no coinciden en el turno {n} ({player}): {a} anota {sa}, {b} anota {sb}; se cuenta {result}, como dice {a}',
    en: 'the sheets disagree on turn {n} ({player}): {a} writes {sa}, {b} writes {sb}; counted {result}, as {a} says',
  },
  /* {a}, {b}: the sheets. */
  'event.finding.sheets-not-one-game': {
    es: '{a} y {b} dicen ser la misma partida, pero sus jugadas no coinciden; se cuenta lo que dice {a}',
    en: '{a} and {b} claim to be the same game but their plays differ; counted as {a} says',
  },
  /* {nick}: the #sheet-of nick. */
  'event.finding.sheet-owner': {
    es: '{path}: #sheet-of {nick} no es ninguno de los dos jugadores',
    en: '{path}: #sheet-of {nick} is neither of the two players',
  },
  /* {count}: sheets of the game; {files}. */
  'event.finding.extra-sheet': {
    es: '{count} planillas de la misma partida o dos del mismo jugador ({files}); se cuenta una vez',
    en: '{count} sheets of one game, or two of the same player ({files}); counted once',
  },
  'event.finding.one-sheet': {
    es: 'solo hay una planilla de esta partida ({path})',
    en: 'only one sheet of this game ({path})',
  },
  /* {line}: of the CSV; {card}: the card's result; {result}: the replayed one; {path}: the sheet that decides; {winner}: 1 when the winner differs. */
  'event.finding.card-differs': {
    es: 'la tarjeta (línea {line}) dice {card}; las planillas, {result} ({path}){winner, plural, =1 {: el ganador es otro} other {}}; se cuenta lo que dicen las planillas',
    en: 'the card (line {line}) says {card}; the sheets say {result} ({path}){winner, plural, =1 {: another winner} other {}}; counted as the sheets say',
  },
  /* {line}; {a}, {b}; {sa}, {sb}: the card's scores. */
  'event.finding.card-without-sheet': {
    es: 'la tarjeta de la línea {line} ({a} {sa} – {b} {sb}) no tiene ninguna planilla; se cuenta como dice la tarjeta',
    en: 'the card on line {line} ({a} {sa} – {b} {sb}) has no sheet; counted as the card says',
  },
  /* {result}: the replayed result. */
  'event.finding.game-without-card': {
    es: 'esta partida ({result}) no tiene tarjeta; se cuenta como dicen las planillas',
    en: 'this game ({result}) has no card; counted as the sheets say',
  },
  /* {line}, {other}: the two lines of the CSV. */
  'event.finding.card-twice': {
    es: 'la tarjeta de la línea {line} repite la de la línea {other}; se cuenta una vez',
    en: 'the card on line {line} repeats the one on line {other}; counted once',
  },
  /* {header}: the header expected. */
  'event.finding.bad-card': {
    es: '{path}: no es una tarjeta de resultados (cabecera {header})',
    en: '{path}: not a result card (header {header})',
  },
  /* {player}; {round}; {opponents}: the names it is paired with. */
  'event.finding.paired-twice': {
    es: '{player} juega más de una partida en la ronda {round} (contra {opponents}); se cuentan todas',
    en: '{player} plays more than one game in round {round} (against {opponents}); all are counted',
  },
  /* {written}: #round as written; {round}: where it is counted. */
  'event.finding.wrong-round': {
    es: '{path} dice ronda {written}, pero es la partida de la ronda {round} (mismos jugadores y resultado); se cuenta una vez, en la ronda {round}',
    en: '{path} says round {written}, but it is the game of round {round} (same players and result); counted once, in round {round}',
  },
  /* {written}: the spelling; {player}: the name used; {files}. */
  'event.finding.name-spelling': {
    es: '«{written}» es «{player}» escrito de otro modo ({files}); se cuenta como un solo jugador',
    en: '"{written}" is "{player}" spelt another way ({files}); counted as one player',
  },
  /* {path}: the sheet; {written}: the name it writes; {player}: the name counted. */
  'event.finding.unknown-player.alias': {
    es: '{path} nombra a «{written}», que no juega esta partida: es la de {player} (misma ronda, rival y resultado); se cuenta como {player}',
    en: '{path} names "{written}", who does not play this game: it is the game of {player} (same round, opponent and result); counted as {player}',
  },
  /* {player}; {games}: games it plays. */
  'event.finding.unknown-player.roster': {
    es: '{player} no figura en las tarjetas ({games, plural, one {# partida} other {# partidas}}); se cuenta',
    en: '{player} is on no card ({games, plural, one {# game} other {# games}}); counted',
  },
  'event.finding.unknown-player.once': {
    es: '{player} solo aparece en {games, plural, one {# partida} other {# partidas}}: ¿otro nombre de un jugador? Se cuenta',
    en: '{player} appears in only {games, plural, one {# game} other {# games}}: another name of a player? Counted',
  },

  // The command
  /* {count}: positionals given. */
  'event.one-folder': {
    es: 'planilla event: indique una carpeta (se han dado {count} argumentos)',
    en: 'planilla event: give one folder ({count} arguments given)',
  },
  /* {path} */
  'event.not-a-folder': { es: 'planilla event: «{path}» no es una carpeta', en: 'planilla event: "{path}" is not a folder' },
  'event.no-records': {
    es: 'planilla event: «{path}» no contiene planillas (.gcg)',
    en: 'planilla event: "{path}" holds no records (.gcg)',
  },
  /* {sheets}, {games}, {errors}, {warnings}, {information}. */
  'event.summary': {
    es: '{sheets, plural, one {# planilla} other {# planillas}}, {games, plural, one {# partida} other {# partidas}}: {errors, plural, one {# error} other {# errores}}, {warnings, plural, one {# aviso} other {# avisos}}, {information, plural, one {# nota} other {# notas}}',
    en: '{sheets, plural, one {# sheet} other {# sheets}}, {games, plural, one {# game} other {# games}}: {errors, plural, one {# error} other {# errors}}, {warnings, plural, one {# warning} other {# warnings}}, {information, plural, one {# note} other {# notes}}',
  },
  /* {skipped}: the entry; {why}. */
  'event.skipped': { es: '{path}: no se lee ({why})', en: '{path}: not read ({why})' },
  'event.export-needs-output': {
    es: 'planilla event: --export {format} necesita -o SALIDA',
    en: 'planilla event: --export {format} needs -o OUT',
  },

  // The report
  /* {event}: the event's name ('' none). */
  'event.title': { es: 'Auditoría del torneo {event}', en: 'Event audit {event}' },
  'event.standings': { es: 'Clasificación', en: 'Standings' },
  'event.findings': { es: 'Hallazgos', en: 'Findings' },
  'event.games': { es: 'Partidas', en: 'Games' },
  'event.no-findings': {
    es: 'Ningún hallazgo: las planillas coinciden entre sí y con las tarjetas.',
    en: 'No findings: the sheets agree with each other and with the cards.',
  },
  /* {round} */
  'event.round': { es: 'Ronda {round}', en: 'Round {round}' },
  'event.round-unknown': { es: 'Sin ronda', en: 'No round' },
  'event.col.rank': { es: 'Pto.', en: 'Rank' },
  'event.col.player': { es: 'Jugador', en: 'Player' },
  'event.col.games': { es: 'Part.', en: 'Games' },
  'event.col.wins': { es: 'Gan.', en: 'Wins' },
  'event.col.draws': { es: 'Emp.', en: 'Draws' },
  'event.col.losses': { es: 'Perd.', en: 'Losses' },
  'event.col.spread': { es: 'Dif.', en: 'Spread' },
  'event.col.average': { es: 'Media', en: 'Avg' },
  'event.col.against': { es: 'Media en contra', en: 'Avg against' },
  'event.col.bingos': { es: 'Scrabbles', en: 'Bingos' },
  'event.col.highest': { es: 'Mejor jugada', en: 'Highest play' },
  /* {score}; {word}: '' when the sheet holds only scores; {round}. */
  'event.highest': { es: '{score} {word} (ronda {round})', en: '{score} {word} (round {round})' },
  'event.col.equity': { es: 'Equidad perdida por turno', en: 'Equity lost per turn' },
  'event.col.round': { es: 'Ronda', en: 'Round' },
  'event.col.players': { es: 'Jugadores', en: 'Players' },
  'event.col.result': { es: 'Resultado', en: 'Result' },
  'event.col.sheets': { es: 'Planillas', en: 'Sheets' },
  'event.by-card': { es: 'según la tarjeta', en: 'from the card' },
  'event.tie-break': {
    es: 'Orden: victorias (un empate cuenta ½), diferencia de puntos y, a igualdad, el nombre. Cada resultado es el de las planillas rehechas, nunca el de la tarjeta.',
    en: 'Order: wins (a draw counts ½), spread, then the name. Every result is the replayed one of the sheets, never the card’s.',
  },
  'event.severity.error': { es: 'error', en: 'error' },
  'event.severity.warning': { es: 'aviso', en: 'warning' },
  'event.severity.information': { es: 'nota', en: 'note' },
};
