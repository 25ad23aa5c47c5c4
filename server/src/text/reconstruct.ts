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
  'cgp.svg-and-cgp': { es: '--svg y --cgp no van juntos', en: '--svg and --cgp do not go together' },
};
