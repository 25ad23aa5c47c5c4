/**
 * Messages of CGP positions (reading and writing the one-line position format) and of the
 * reconstruction of a game from a score-only sheet and its final board, in Spanish and English.
 *
 * Invariants: every id starts with `cgp.` or `reconstruct.`; both languages carry the same
 * placeholders.
 *
 * Example:
 *   formatMessage('cgp.rows', { n: 14 }, 'en');   // 'a CGP board has 15 rows separated by "/"; this one has 14'
 */
import type { Catalog } from './types';

export const RECONSTRUCT_MESSAGES: Catalog = {
  'cgp.fields': {
    es: 'no es una posición CGP: hacen falta cuatro campos separados por espacios (tablero, atriles, puntuaciones, turnos sin puntos)',
    en: 'not a CGP position: four space-separated fields are needed (board, racks, scores, scoreless turns)',
  },
  'cgp.too-long': { es: 'la posición CGP es demasiado larga', en: 'the CGP position is too long' },
  'cgp.rows': {
    es: 'un tablero CGP tiene 15 filas separadas por «/»; este tiene {n}',
    en: 'a CGP board has 15 rows separated by "/"; this one has {n}',
  },
  'cgp.row': { es: 'fila {row} del tablero CGP: {detail}', en: 'row {row} of the CGP board: {detail}' },
  'cgp.row-length': { es: 'tiene {n} casillas y no 15', en: 'it has {n} squares, not 15' },
  'cgp.bad-run': { es: '«{run}» no es un número de casillas vacías (1 a 15)', en: '"{run}" is not a number of empty squares (1 to 15)' },
  'cgp.unclosed': { es: 'falta el «]» de una ficha doble', en: 'a two-letter tile lacks its "]"' },
  'cgp.foreign-tile': {
    es: '«{tile}» no es una ficha del juego {set} (las fichas dobles van entre corchetes: [CH], [LL], [RR])',
    en: '"{tile}" is not a tile of the {set} set (two-letter tiles go in brackets: [CH], [LL], [RR])',
  },
  'cgp.rack-lower': {
    es: 'en un atril CGP el comodín es «?»; «{tile}» en minúscula solo vale en el tablero',
    en: 'on a CGP rack the blank is "?"; a lower-case "{tile}" belongs on the board only',
  },
  'cgp.racks': {
    es: 'el campo de atriles de una posición CGP es ATRIL1/ATRIL2 (uno puede estar vacío)',
    en: 'the racks field of a CGP position is RACK1/RACK2 (either may be empty)',
  },
  'cgp.rack-size': { es: 'el atril «{rack}» tiene más de {max} fichas', en: 'the rack "{rack}" holds more than {max} tiles' },
  'cgp.scores': {
    es: 'las puntuaciones de una posición CGP son dos números, P1/P2; aquí: «{scores}»',
    en: 'the scores of a CGP position are two numbers, P1/P2; here: "{scores}"',
  },
  'cgp.zeros': {
    es: 'el cuarto campo de una posición CGP es el número de turnos seguidos sin puntos; aquí: «{zeros}»',
    en: 'the fourth field of a CGP position is the number of scoreless turns in a row; here: "{zeros}"',
  },
  'cgp.unknown-distribution': {
    es: 'distribución de fichas «{name}» desconocida (se conocen spanish y english)',
    en: 'unknown letter distribution "{name}" (known: spanish, english)',
  },
  'cgp.too-many': {
    es: 'hay {n} fichas {tile} en el tablero y los atriles, y el juego solo tiene {max}',
    en: 'there are {n} {tile} tiles on the board and racks, and the set holds only {max}',
  },
  'cgp.no-rack': {
    es: 'la posición CGP no da el atril del jugador que mueve (primer atril vacío)',
    en: 'the CGP position gives no rack for the player to move (first rack empty)',
  },
  'cgp.and-file': {
    es: '--cgp da la posición: no se lee además un archivo ni --line ni --stdin',
    en: '--cgp gives the position: no file, --line or --stdin is read with it',
  },
  'cgp.moves-heading': {
    es: 'Jugadas con {rack} (bolsa: {bag}):',
    en: 'Moves with {rack} (bag: {bag}):',
  },
  'cgp.board-text': {
    es: 'el tablero final es una línea CGP o 15 filas de 15 casillas («.» vacía); aquí hay {n} líneas',
    en: 'the final board is one CGP line or 15 rows of 15 squares ("." empty); here there are {n} lines',
  },
  'cgp.text-row': { es: 'fila {row} del tablero: {detail}', en: 'row {row} of the board: {detail}' },
  'cgp.svg-and-cgp': { es: '--svg y --cgp no van juntos', en: '--svg and --cgp do not go together' },
  'reconstruct.apart-word': { es: 'las distingue la palabra', en: 'the word tells them apart' },
  'reconstruct.apart-coord': {
    es: 'forman la misma palabra en sitios distintos: solo la coordenada las distingue',
    en: 'they form the same word in different places: only the coordinate tells them apart',
  },
  'reconstruct.apart-both': {
    es: 'las distingue la palabra y, entre las de la misma palabra, la coordenada',
    en: 'the word tells them apart and, among those of one word, the coordinate',
  },
  'reconstruct.apart-swap': {
    es: 'la línea {lines} tiene la misma puntuación y las mismas jugadas posibles: encajan en cualquier orden, y la palabra, la coordenada o el atril de una de ellas decide las dos',
    en: 'line {lines} has the same score and the same possible plays: they fit in either order, and the word, coordinate or rack of either decides both',
  },
  'reconstruct.note-ambiguous': {
    es: 'Reconstrucción: {n} jugadas posibles con el tablero final: {candidates}; {apart}.',
    en: 'Reconstruction: {n} plays fit the final board: {candidates}; {apart}.',
  },
  'reconstruct.stops': {
    es: 'la planilla y el tablero final dejan de cuadrar en la línea {line} ({score}): ninguna jugada de esa puntuación encaja (las {fit} jugadas anteriores sí)',
    en: 'the sheet and the final board stop fitting at line {line} ({score}): no play of that score fits (the {fit} plays before it do)',
  },
  'reconstruct.zero': {
    es: 'turno sin puntos: pase, cambio o jugada retirada (el tablero no dice cuál)',
    en: 'scoreless turn: a pass, an exchange or a withdrawn play (the board does not tell which)',
  },
  'reconstruct.too-few-tiles': {
    es: 'el tablero final tiene {tiles} fichas y la planilla {turns} jugadas con puntos: cada jugada pone al menos una',
    en: 'the final board holds {tiles} tiles and the sheet {turns} scoring plays: each play puts down at least one',
  },
  'reconstruct.too-many-tiles': {
    es: 'el tablero final tiene {tiles} fichas y la planilla solo {turns} jugadas con puntos: no caben (siete como mucho por jugada)',
    en: 'the final board holds {tiles} tiles and the sheet only {turns} scoring plays: they do not fit (seven at most a play)',
  },
  'reconstruct.line.decided': { es: 'línea {line}: {play}', en: 'line {line}: {play}' },
  'reconstruct.line.ambiguous': {
    es: 'línea {line} (+{score}): varias jugadas posibles: {candidates}; {reason}',
    en: 'line {line} (+{score}): several plays fit: {candidates}; {reason}',
  },
  'reconstruct.line.impossible': { es: 'línea {line}: {reason}', en: 'line {line}: {reason}' },
  'reconstruct.line.zero': { es: 'línea {line}: {reason}', en: 'line {line}: {reason}' },
  'reconstruct.line.unknown': {
    es: 'línea {line} (+{score}): sin decidir (se acabó el tiempo)',
    en: 'line {line} (+{score}): not settled (the time ran out)',
  },
  'reconstruct.progress': { es: '{percent} % reconstruido', en: '{percent} % reconstructed' },
  'reconstruct.no-board': {
    es: 'falta --board TABLERO: el tablero final (una posición CGP, o un archivo con ella o con 15 filas)',
    en: 'missing --board BOARD: the final board (a CGP position, or a file with one or with 15 rows)',
  },
  'reconstruct.board-tile-set': {
    es: 'el tablero final es del juego de fichas {board} y la planilla del {sheet}',
    en: 'the final board is of the {board} tile set and the sheet of the {sheet} one',
  },
  'reconstruct.timed-out': {
    es: 'se acabó el tiempo ({seconds} s): se da lo decidido hasta ahora (--time S para dar más)',
    en: 'the time ran out ({seconds} s): what is decided so far is given (--time S gives more)',
  },
  'reconstruct.lexicon-set-aside': {
    es: 'con el léxico no encaja ninguna partida: la reconstrucción admite palabras que el léxico no tiene',
    en: 'no game fits with the word list: the reconstruction admits words the list lacks',
  },
  'reconstruct.summary': {
    es: '{path}: {decided} jugadas decididas, {open} sin decidir',
    en: '{path}: {decided} plays decided, {open} open',
  },
  'reconstruct.editor-done': {
    es: 'Planilla: reconstrucción hecha: {decided} jugadas escritas, {open} sin decidir (con una nota cada una).',
    en: 'Planilla: reconstruction done: {decided} plays written, {open} left open (a note under each).',
  },
};
