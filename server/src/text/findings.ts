/**
 * Messages of the findings (one per finding code, plus variants) and the labels the UI and the
 * CLI need about rules: edition names, severities, "artículo"/"article", related-information
 * texts. Spanish and English; `{name}` placeholders are filled by `formatMessage` (../messages.ts).
 *
 * Invariants (tested): every FindingCode has a template with the same id; every variant id starts
 * with its code and is listed in the registry (`RuleEntry.messageIds`); es and en use the same
 * placeholders. Argument values are language-neutral: numbers, coordinates ('8D'), tiles and
 * words as written ('CASA', '[CH]'), nicks, and lists already joined ('CASA 24, AS 3').
 * The comment above each entry lists the arguments the producer passes.
 *
 * Example:
 *   formatMessage('score-mismatch', { declared: 24, computed: 26, words: 'CASA 26' }, 'en');
 *   // 'declared score 24, computed 26 (CASA 26)'
 */
import type { Catalog } from './types';

export const FINDING_MESSAGES: Catalog = {
  /* No arguments: the parser normally reports a more precise message id of its own catalogue. */
  'syntax-error': {
    es: 'línea ilegible: no sigue la notación GCG',
    en: 'unreadable line: it does not follow GCG notation',
  },
  /* {nick}: the nick on the line; {player1}, {player2}: the nicks of the two players. */
  'unknown-player': {
    es: '«{nick}» no es ninguno de los dos jugadores ({player1}, {player2})',
    en: '"{nick}" is neither of the two players ({player1}, {player2})',
  },
  /* {nick}: who moves on this line; {expected}: whose turn it is. */
  'out-of-turn': {
    es: 'fuera de turno: juega {nick}, pero le toca a {expected}',
    en: "out of turn: {nick} moves, but it is {expected}'s turn",
  },
  /* {coordinate}: the move's coordinate as written. */
  'first-move-center': {
    es: 'la primera jugada ({coordinate}) no cubre la casilla central H8',
    en: 'the first move ({coordinate}) does not cover the centre square H8',
  },
  /* {word}: the move as written. */
  'first-move-single-tile': {
    es: 'la primera jugada ({word}) coloca una sola ficha; hacen falta dos o más',
    en: 'the first move ({word}) places a single tile; it needs two or more',
  },
  /* {word}: the main word; {coordinate}: its coordinate. */
  'not-connected': {
    es: '{word} en {coordinate} no toca ninguna ficha del tablero',
    en: '{word} at {coordinate} touches no tile on the board',
  },
  /* {squares}: the squares placed, e.g. 'H8, I9'. */
  'placement-not-in-line': {
    es: 'las fichas colocadas ({squares}) no están en una misma fila o columna',
    en: 'the tiles placed ({squares}) are not in one row or column',
  },
  /* {square}: the empty square inside the word, e.g. 'H10'. */
  'placement-gap': {
    es: 'hueco en la jugada: la casilla {square} queda vacía dentro de la palabra',
    en: 'gap in the move: square {square} is left empty inside the word',
  },
  /* {square}: the square; {occupant}: the tile already on it; {letter}: the tile written for it. */
  'square-occupied': {
    es: 'la casilla {square} ya tiene la ficha {occupant}; no se puede colocar {letter} encima',
    en: 'square {square} already holds {occupant}; {letter} cannot be placed on it',
  },
  /* {word}: the move as written; {coordinate}: its coordinate; {length}: tiles in the move. */
  'off-board': {
    es: '{word} ({length} fichas) no cabe en el tablero desde {coordinate}',
    en: '{word} ({length} tiles) does not fit on the board from {coordinate}',
  },
  /* {square}: the square; {written}: the letter on the sheet; {onBoard}: the tile on the board. */
  'through-tile-mismatch': {
    es: 'en {square} el tablero tiene {onBoard}, pero la planilla anota {written}',
    en: 'square {square} holds {onBoard}, but the sheet writes {written}',
  },
  /* {coordinate}: the coordinate as written; {word}: the move as written. */
  'direction-mismatch': {
    es: 'la coordenada {coordinate} no encaja con {word}: fila primero (8D) es horizontal, columna primero (D8) vertical',
    en: 'coordinate {coordinate} does not fit {word}: row first (8D) is across, column first (D8) is down',
  },
  /* {tile}: the tile played; {rack}: the rack as written. */
  'tile-not-in-rack': {
    es: 'la ficha {tile} no está en el atril {rack}',
    en: 'tile {tile} is not on the rack {rack}',
  },
  /* {rack}: the rack as written; {count}: its number of tiles. */
  'rack-too-large': {
    es: 'el atril {rack} tiene {count} fichas; el máximo es 7',
    en: 'the rack {rack} has {count} tiles; the maximum is 7',
  },
  /* {tile}: the tile; {count}: copies on the rack; {unseen}: copies not yet seen. */
  'rack-not-in-bag': {
    es: 'el atril tiene {count} × {tile}, pero solo quedan {unseen} por ver',
    en: 'the rack holds {count} × {tile}, but only {unseen} remain unseen',
  },
  /* {missing}: tiles missing, e.g. 'A, S'; {leave}: what the previous turn left on the rack. */
  'rack-inconsistent': {
    es: 'el atril no conserva lo que quedó del turno anterior ({leave}): falta {missing}',
    en: 'the rack does not keep what the previous turn left ({leave}): {missing} missing',
  },
  /* {letter}: 'K' or 'W'. */
  'blank-k-w': {
    es: 'un comodín no puede representar la {letter}: el juego español no la tiene',
    en: 'a blank cannot stand for {letter}: the Spanish set has no such letter',
  },
  /* {letter}: the letter as written. */
  'tile-not-in-set': {
    es: 'la letra {letter} no existe en este juego de fichas',
    en: 'the letter {letter} does not exist in this tile set',
  },
  /* {digraph}: 'CH', 'LL' or 'RR'; {word}: the word formed. */
  'separate-digraph': {
    es: '{digraph} con dos fichas sueltas en {word}: el dígrafo es una sola ficha',
    en: '{digraph} made of two loose tiles in {word}: the digraph is a single tile',
  },
  /* {word}: the word; {lexicon}: the lexicon's name. */
  'unaccepted-word': {
    es: '{word} no está en el léxico {lexicon}',
    en: '{word} is not in the lexicon {lexicon}',
  },
  /* {words}: the words, e.g. 'CASOTA, ASX'; {lexicon}: the lexicon's name. */
  'unaccepted-word-list': {
    es: 'palabras que no están en el léxico {lexicon}: {words}',
    en: 'words not in the lexicon {lexicon}: {words}',
  },
  /* Variant: a word the rulebook refuses by name (rules/named-words.ts), whether or not the list has it.
     {word}: the word as played; {headword}: the word the rulebook names ('REFUNDAR', 'FIGO'); {lexicon}. */
  'unaccepted-word-named': {
    es: '{word} no vale: el reglamento nombra {headword} entre lo que no se acepta, lo tenga o no el léxico {lexicon}',
    en: '{word} is not valid: the rulebook names {headword} among what it does not accept, whether or not the lexicon {lexicon} has it',
  },
  /* Variant: several words, one at least refused by name. {words}; {lexicon}. */
  'unaccepted-word-list-named': {
    es: 'palabras que no valen (por el léxico {lexicon} o por el reglamento): {words}',
    en: 'words that are not valid (by the lexicon {lexicon} or by the rulebook): {words}',
  },
  /* Variant: judged only by the built-in open list, which is not the official one. {word}; {lexicon}. */
  'unaccepted-word-open': {
    es: '{word} no está en la lista abierta incorporada {lexicon}, que no es la oficial: la palabra queda por comprobar en la lista oficial',
    en: '{word} is not in the built-in open list {lexicon}, which is not the official one: the word is left to be checked in the official list',
  },
  /* Variant: several words, judged only by the built-in open list. {words}; {lexicon}. */
  'unaccepted-word-list-open': {
    es: 'palabras que no están en la lista abierta incorporada {lexicon}, que no es la oficial: {words}; quedan por comprobar en la lista oficial',
    en: 'words not in the built-in open list {lexicon}, which is not the official one: {words}; they are left to be checked in the official list',
  },
  /*
   * A word without a coordinate that makes its score only through a refused cross word: {word};
   * {declared}: the sheet's score; {candidates}: those coordinates; {phony}: the refused words;
   * {lexicon}; {clean}: the nearest clean placements with their scores, e.g. '9G 69, 9F 64'.
   */
  'unaccepted-word-doubtful': {
    es: '{word} suma {declared} solo en {candidates}, formando {phony}, que no está en el léxico {lexicon}: o nadie impugnó esa palabra o la puntuación está mal copiada; sin palabras rechazadas: {clean}. La línea se deja sin decidir',
    en: '{word} scores {declared} only at {candidates}, forming {phony}, which is not in the lexicon {lexicon}: either nobody challenged that word or the score is miscopied; without refused words: {clean}. The line is left undecided',
  },
  /* {declared}, {computed}: the scores; {words}: each word with its score, e.g. 'CASA 24, AS 3'. */
  'score-mismatch': {
    es: 'puntuación declarada {declared}, calculada {computed} ({words})',
    en: 'declared score {declared}, computed {computed} ({words})',
  },
  /* a word without a coordinate: {word} as written, {declared} the score searched, {nearest} the
     closest placements with their scores ('9G 72, H4 66'). */
  'score-mismatch-word': {
    es: '{word} no suma {declared} en ningún sitio; lo más cercano: {nearest}',
    en: '{word} scores {declared} nowhere; nearest: {nearest}',
  },
  /* a word without a coordinate that fits nowhere on the board with the tiles left: {word}. */
  'score-mismatch-word-unplaceable': {
    es: '{word} no cabe en el tablero con las fichas que quedan',
    en: '{word} fits nowhere on the board with the tiles left',
  },
  /* as score-mismatch, plus {bingo}: the bonus for all seven tiles (50). */
  'score-mismatch-bingo': {
    es: 'puntuación declarada {declared}, calculada {computed} ({words} + {bingo} por colocar las siete fichas)',
    en: 'declared score {declared}, computed {computed} ({words} + {bingo} for placing all seven tiles)',
  },
  /* {computed}, {words}: the play's score and its words; the sheet wrote no score. */
  'score-mismatch-missing': {
    es: 'falta la puntuación; calculada {computed} ({words})',
    en: 'the score is missing; computed {computed} ({words})',
  },
  /* {declared}: the amount written on a pass or exchange line, which scores 0. */
  'score-mismatch-scoreless': {
    es: 'un pase o un cambio no puntúa: declarado {declared}, debe ser 0',
    en: 'a pass or an exchange scores nothing: declared {declared}, it must be 0',
  },
  /* {declared}: the total written; {previous}: the player's previous declared total;
     {amount}: this line's declared amount (signed); {expected}: previous + amount. */
  'cumulative-mismatch': {
    es: 'total declarado {declared}, pero el total anterior {previous} con lo anotado en esta línea ({amount}) da {expected}',
    en: "declared total {declared}, but the previous total {previous} with this line's amount ({amount}) gives {expected}",
  },
  /* {tiles}: the tiles exchanged that are missing; {rack}: the rack as written. */
  'exchange-not-in-rack': {
    es: 'se cambian {tiles}, que no están en el atril {rack}',
    en: 'exchanging {tiles}, which are not on the rack {rack}',
  },
  /* {bag}: tiles in the bag; {minimum}: the minimum for an exchange. */
  'exchange-bag-too-small': {
    es: 'cambio con {bag, plural, one {# ficha} other {# fichas}} en la bolsa; hacen falta al menos {minimum}',
    en: 'exchange with {bag, plural, one {# tile} other {# tiles}} in the bag; at least {minimum} are needed',
  },
  /* {count}: tiles exchanged; {bag}: tiles in the bag. */
  'exchange-bag-too-small-count': {
    es: '{count, plural, one {se cambia # ficha} other {se cambian # fichas}}, pero en la bolsa {bag, plural, one {solo queda #} other {solo quedan #}}',
    en: 'exchanging {count, plural, one {# tile} other {# tiles}}, but only {bag, plural, one {# is} other {# are}} left in the bag',
  },
  /* {declared}: the amount on the withdrawal line; {expected}: minus the withdrawn play's score. */
  'phony-withdrawn-mismatch': {
    es: 'la retirada debe descontar lo anotado por la jugada retirada: {expected}, no {declared}',
    en: 'the withdrawal must take back what the withdrawn play scored: {expected}, not {declared}',
  },
  /* {nick}: the player. */
  'phony-withdrawn-without-play': {
    es: 'jugada retirada, pero {nick} no tiene una jugada anterior que retirar',
    en: 'withdrawn play, but {nick} has no previous play to take back',
  },
  /* Variant. {nick}: the player who withdraws; {opponent}: who has played since (art. 34). */
  'phony-withdrawn-without-play-late': {
    es: 'retirada tardía: {opponent} ya ha jugado después de la jugada de {nick}, que se mantiene con sus puntos',
    en: "late withdrawal: {opponent} has already played after {nick}'s play, which stands with its points",
  },
  /* {amount}: the bonus as written. */
  'challenge-bonus-not-fise': {
    es: 'bonificación por cuestionamiento ({amount}): el reglamento FISE no la contempla',
    en: 'challenge bonus ({amount}): the FISE rules have none',
  },
  /* {words}: the withdrawn play's words, all in the lexicon. */
  'withdrawn-play-was-valid': {
    es: 'se retiró una jugada válida: todas sus palabras están en el léxico ({words})',
    en: 'a valid play was withdrawn: all its words are in the lexicon ({words})',
  },
  /* {word}: the word the ruling accepted. */
  'valid-ruling-not-in-lexicon': {
    es: 'el fallo da por válida {word}, que no está en el léxico',
    en: 'the ruling accepts {word}, which is not in the lexicon',
  },
  /* {declared}: the amount written; {expected}: the right amount; {rack}: the rack; {value}: its value. */
  'end-rack-mismatch': {
    es: 'ajuste final {declared}: el atril {rack} vale {value}, así que corresponde {expected}',
    en: 'end-of-game adjustment {declared}: the rack {rack} is worth {value}, so it should be {expected}',
  },
  /* Variant of end-rack-mismatch. {declared}: the amount written on the end-of-game line. */
  'end-rack-mismatch-no-end': {
    es: 'ajuste final {declared}, pero aquí no corresponde ninguno: nadie ha agotado su atril con la bolsa vacía ni la partida ha terminado por pases',
    en: 'end-of-game adjustment {declared}, but none belongs here: nobody has emptied the rack with the bag empty and the game has not ended by passes',
  },
  /* {rack}: the rack written on the end line; {expected}: the tiles actually left. */
  'end-rack-mismatch-rack': {
    es: 'el atril final anotado {rack} no coincide con las fichas que quedaban: {expected}',
    en: 'the final rack written {rack} does not match the tiles left: {expected}',
  },
  /* {amount}: the earlier +2R line's amount. */
  'end-rack-mismatch-after-2r': {
    es: 'la línea {amount} (el doble del atril, al estilo GCG) ya hizo el ajuste final; esta línea sobra',
    en: 'the {amount} line (twice the rack, GCG style) already made the final adjustment; this line is redundant',
  },
  /* {nick}: who went out; {opponent}: the other player; {rack}: the opponent's rack; {value}: its value. */
  'missing-end-adjustment': {
    es: '{nick} agotó su atril con la bolsa vacía, pero falta el ajuste por el atril de {opponent} ({rack}, {value, plural, one {# punto} other {# puntos}})',
    en: "{nick} went out with the bag empty, but the adjustment for {opponent}'s rack ({rack}, {value, plural, one {# point} other {# points}}) is missing",
  },
  /* Variant. {nicks}: the players whose own-rack line is missing; {ending}: the article of the ending. */
  /* {nick}: the player owed the turn; {turns1}, {turns2}: turns played; {nick1}, {nick2}. */
  'missing-end-adjustment-time-turns': {
    es: 'la partida terminó por tiempo con turnos desiguales ({nick1} {turns1}, {nick2} {turns2}): {nick} debía jugar el turno que los iguala antes de cerrar las puntuaciones',
    en: 'the game ended by time with unequal turns ({nick1} {turns1}, {nick2} {turns2}): {nick} was owed the turn that evens them before the scores are closed',
  },
  'missing-end-adjustment-own': {
    es: 'la partida terminó (art. {ending}) y cada jugador debe restar el valor de su atril: falta la línea de {nicks}',
    en: 'the game ended (art. {ending}) and each player must subtract the value of their own rack: the line of {nicks} is missing',
  },
  /* {amount}: the +2R amount written; {value}: the rack's value; {player1}, {player2}: the nicks;
     {final1}, {final2}: the final scores under FISE. */
  'end-rack-gcg-convention': {
    es: 'ajuste al estilo GCG ({amount}, el doble del atril); según FISE se suma {value} a quien termina y se resta {value} al oponente: {player1} {final1} – {player2} {final2}',
    en: 'GCG-style adjustment ({amount}, twice the rack); under FISE the finisher adds {value} and the opponent loses {value}: {player1} {final1} – {player2} {final2}',
  },
  /* {line}: the 1-based line where the game ended. */
  'move-after-game-end': {
    es: 'jugada después del final de la partida (terminó en la línea {line})',
    en: 'move after the end of the game (it ended at line {line})',
  },
  /* Variant. {line}: the 1-based line of the first move after the pragma. */
  'move-after-game-end-pragma': {
    es: '#game-end declara el final de la partida, pero la línea {line} y otras siguen con jugadas: va después de la última jugada',
    en: '#game-end declares the end of the game, but line {line} and others go on with moves: it belongs after the last move',
  },
  /* {line}: the 1-based line of the twelfth scoreless turn. */
  'scoreless-turns-end': {
    es: 'la partida terminó tras doce turnos seguidos sin puntos (línea {line}); esta jugada ya no cuenta',
    en: 'the game ended after twelve scoreless turns in a row (line {line}); this move no longer counts',
  },
  /* {declared}: the penalty written; {expected}: the right penalty; {overtime}: the overtime, e.g. '01:05'. */
  'time-penalty-mismatch': {
    es: 'penalización por tiempo {declared}; con {overtime} de exceso corresponde {expected} (10 puntos por minuto o fracción)',
    en: 'time penalty {declared}; {overtime} over the limit means {expected} (10 points per minute or part of one)',
  },
  /* {declared}: the penalty written. */
  'time-penalty-mismatch-multiple': {
    es: 'penalización por tiempo {declared}: debe restar un múltiplo de 10 (10 puntos por minuto o fracción)',
    en: 'time penalty {declared}: it must take off a multiple of 10 (10 points per minute or part of one)',
  },
  /* Variant. {nick}: the player; {expected}: the penalty due; {overtime}: the overtime on the clock. */
  'time-penalty-mismatch-missing': {
    es: 'el reloj de {nick} marca {overtime} de exceso y no hay línea (time): corresponde {expected}, que el total real ya descuenta',
    en: "{nick}'s clock shows {overtime} over the limit and there is no (time) line: {expected} is due, and the true total takes it off",
  },
  /* Variant. {declared}: the penalty written; {nick}: the player; {line}: the line of the first penalty. */
  'time-penalty-mismatch-twice': {
    es: 'penalización por tiempo {declared} repetida: la de {nick} ya se anotó en la línea {line} y solo se descuenta una vez',
    en: "time penalty {declared} written again: {nick}'s was already written on line {line} and is taken off only once",
  },
  /* {declared}: the penalty written; {expected}: -30. */
  'arbiter-penalty-mismatch': {
    es: 'penalización del árbitro {declared}: son 30 puntos ({expected})',
    en: 'arbiter penalty {declared}: it is 30 points ({expected})',
  },
  /* {encoding}: the encoding used, e.g. 'ISO-8859-1'. */
  'encoding-fallback': {
    es: 'el archivo no es UTF-8 válido; se ha leído como {encoding}',
    en: 'the file is not valid UTF-8; it was read as {encoding}',
  },
  /* {pragma}: the directive's name as written, without '#'. */
  'unknown-pragma': {
    es: 'directiva desconocida #{pragma}: se ignora',
    en: 'unknown directive #{pragma}: ignored',
  },
  /* {text}: the first token read the other way; {line}: its line; {count}: how many tokens. */
  'mixed-tile-notation': {
    es: 'notación de fichas mezclada: el archivo está en notación con corchetes, pero {count, plural, one {# grupo solo encaja} other {# grupos solo encajan}} en su turno leídos sin corchetes (el primero, {text}, en la línea {line}); cada uno se lee así solo en su línea',
    en: 'mixed tile notation: the file is in bracket notation, but {count, plural, one {# token fits} other {# tokens fit}} its turn only when read in plain notation (the first, {text}, on line {line}); each is read so on its own line only',
  },
  /* {text}: the first token written in brackets; {line}: its line. */
  'mixed-tile-notation-plain': {
    es: 'notación de fichas mezclada: el archivo dice #tile-notation plain, pero {text} (línea {line}) escribe una ficha con corchetes; cada grupo se lee tal como está escrito',
    en: 'mixed tile notation: the file says #tile-notation plain, but {text} (line {line}) writes a tile in brackets; each token is read as written',
  },

  /* Related information (RelatedInfo.messageId). */
  'related.withdrawn-play': { es: 'la jugada retirada', en: 'the withdrawn play' },
  /* {nick}: the player. */
  'related.previous-turn': { es: 'turno anterior de {nick}', en: "{nick}'s previous turn" },
  /* {nick}, {total}: the player's previous declared total. */
  'related.previous-total': { es: 'total anterior de {nick}: {total}', en: "{nick}'s previous total: {total}" },
  'related.game-end': { es: 'aquí terminó la partida', en: 'the game ended here' },
  'related.time-penalty': { es: 'la penalización por tiempo ya anotada', en: 'the time penalty already written' },
  'related.gcg-end-line': { es: 'el ajuste final al estilo GCG (+2R)', en: 'the GCG-style final adjustment (+2R)' },
  /* {letter}: the tile; {nick}: who placed it. */
  'related.tile-placed': { es: '{nick} colocó aquí {letter}', en: '{nick} placed {letter} here' },

  /* Labels about rules. */
  'edition.fise': { es: 'Reglamento FISE vigente', en: 'current FISE rulebook' },
  'edition.fise-2004': { es: 'FISE 2004', en: 'FISE 2004' },
  'edition.fise-2001': { es: 'FISE 2001', en: 'FISE 2001' },
  'edition.naspa': { es: 'NASPA', en: 'NASPA' },
  'severity.error': { es: 'error', en: 'error' },
  'severity.warning': { es: 'aviso', en: 'warning' },
  'severity.information': { es: 'información', en: 'information' },
  'severity.hint': { es: 'sugerencia', en: 'hint' },
  'rule.article': { es: 'artículo', en: 'article' },
  'rule.articles': { es: 'artículos', en: 'articles' },
  'rule.article-abbrev': { es: 'art.', en: 'art.' },
  'rule.annex': { es: 'anexo', en: 'annex' },
  /* {citation}: e.g. 'art. 37.4'; {title}: the article's title. */
  'rule.citation': { es: '{citation} · {title}', en: '{citation} · {title}' },
  'rule.no-article': { es: 'sin artículo', en: 'no article' },
  'rule.title-ours': { es: 'título descriptivo nuestro', en: 'our descriptive title' },
  'rule.title-nearest-edition': {
    es: 'título tomado de la edición más cercana',
    en: 'title taken from the nearest edition',
  },
  /* {edition}: the edition's label. */
  'rule.naspa-no-articles': {
    es: 'Con {edition} no se citan artículos del reglamento FISE.',
    en: 'Under {edition} no FISE article is cited.',
  },
  'rule.explanation': { es: 'Explicación', en: 'Explanation' },
};
