/**
 * Messages of the syntax layer (grammar/gcg.peggy, server/src/syntax/): the `messageId` of every
 * `ErrorLine` and of the `syntax-error` / hint problems, in Spanish and English. `{text}` is the
 * offending token as written, `{max}` a length limit.
 *
 * Invariants: ids are unique across catalogues; `unknown-pragma` and `encoding-fallback` live in
 * findings.ts (they are finding codes too) and the parser uses them with the arguments that
 * catalogue expects (`{pragma}`, `{encoding}`).
 *
 * Example:
 *   SYNTAX_MESSAGES['expected-score'].es  // 'se esperaba la puntuación, p. ej. +24'
 */
import type { Catalog } from './types';

export const SYNTAX_MESSAGES: Catalog = {
  'unexpected-line': {
    es: 'línea no reconocida: se esperaba una directiva (#…), una jugada (>NOMBRE: …) o una línea en blanco',
    en: 'unrecognised line: expected a pragma (#…), an event (>NICK: …) or a blank line',
  },
  'line-too-long': {
    es: 'línea demasiado larga para ser una jugada (más de {max, number} caracteres)',
    en: 'line too long to be an event (more than {max, number} characters)',
  },
  'too-many-lines': {
    es: 'Planilla lee como máximo {max, number} líneas por archivo (sin contar las líneas en blanco ni las que continúan un comentario) y se detiene aquí: lo que sigue no se comprueba. Una partida tiene menos de doscientas.',
    en: 'Planilla reads at most {max, number} lines per file (not counting blank lines or the lines that continue a note) and stops here: what follows is not checked. A game has fewer than two hundred.',
  },
  'expected-nick': {
    es: 'se esperaba el nombre del jugador tras «>», p. ej. >Ana:',
    en: 'expected the player\'s nick after ">", e.g. >Ana:',
  },
  'expected-colon': {
    es: 'se esperaban dos puntos tras el nombre del jugador, p. ej. >Ana:',
    en: "expected a colon after the player's nick, e.g. >Ana:",
  },
  'expected-move': {
    es: 'se esperaba la jugada: coordenada y palabra (8D CASA), - (pasa), -LETRAS (cambio), -- (jugada retirada) o (…)',
    en: 'expected the move: coordinate and word (8D CASA), - (pass), -TILES (exchange), -- (withdrawn play) or (…)',
  },
  'bad-rack': {
    es: 'atril no válido «{text}»: se esperaban letras, ? (comodín) o [CH]',
    en: 'invalid rack "{text}": expected letters, ? (blank) or [CH]',
  },
  'expected-coord': {
    es: 'se esperaba la coordenada antes de «{text}», p. ej. 8D (horizontal) o D8 (vertical)',
    en: 'expected the coordinate before "{text}", e.g. 8D (across) or D8 (down)',
  },
  'bad-coord': {
    es: 'coordenada no válida «{text}»: se esperaba p. ej. 8D (horizontal) o D8 (vertical)',
    en: 'invalid coordinate "{text}": expected e.g. 8D (across) or D8 (down)',
  },
  'expected-play': {
    es: 'se esperaba la palabra jugada tras la coordenada, p. ej. CASA',
    en: 'expected the word played after the coordinate, e.g. CASA',
  },
  'bad-play': {
    es: 'jugada no válida «{text}»: se esperaban letras (minúscula = comodín), . (ficha ya en el tablero) o [CH]',
    en: 'invalid play "{text}": expected letters (lower case = blank), . (tile already on the board) or [CH]',
  },
  'bad-exchange': {
    es: '«{text}» no se entiende: se esperaba - (pasa), -- (jugada retirada), -LETRAS o -N (cambio)',
    en: '"{text}" is not understood: expected - (pass), -- (withdrawn play), -TILES or -N (exchange)',
  },
  'bad-parenthesized': {
    es: '«{text}» no se entiende: se esperaba (ATRIL), (challenge), (time) o (penalty)',
    en: '"{text}" is not understood: expected (RACK), (challenge), (time) or (penalty)',
  },
  'expected-score': {
    es: 'se esperaba la puntuación, p. ej. +24',
    en: 'expected the score, e.g. +24',
  },
  'bad-score': {
    es: 'puntuación no válida «{text}»: se esperaba p. ej. +24 o -13',
    en: 'invalid score "{text}": expected e.g. +24 or -13',
  },
  'unsigned-score': {
    es: 'a la puntuación «{text}» le falta el signo: +{text}',
    en: 'the score "{text}" lacks its sign: +{text}',
  },
  'expected-total': {
    es: 'se esperaba el total acumulado tras la puntuación, p. ej. +24 130',
    en: 'expected the running total after the score, e.g. +24 130',
  },
  'bad-total': {
    es: 'total no válido «{text}»: se esperaba un número, p. ej. 130',
    en: 'invalid total "{text}": expected a number, e.g. 130',
  },
  'unexpected-text': {
    es: 'texto de más: «{text}»',
    en: 'unexpected text: "{text}"',
  },
  'expected-player': {
    es: 'se esperaba el nombre corto del jugador y su nombre completo, p. ej. #player1 Ana Ana García',
    en: "expected the player's nick and full name, e.g. #player1 Ana Ana García",
  },
  'expected-rack': {
    es: 'se esperaba el atril, p. ej. #rack1 AEIRST?',
    en: 'expected the rack, e.g. #rack1 AEIRST?',
  },
  'expected-rules': {
    es: 'se esperaba el reglamento: fise, fise-2004, fise-2001 o naspa',
    en: 'expected the rulebook: fise, fise-2004, fise-2001 or naspa',
  },
  'bad-rules': {
    es: 'reglamento desconocido «{text}»: se esperaba fise, fise-2004, fise-2001 o naspa',
    en: 'unknown rulebook "{text}": expected fise, fise-2004, fise-2001 or naspa',
  },
  'expected-tile-notation': {
    es: 'se esperaba la notación de fichas: brackets o plain',
    en: 'expected the tile notation: brackets or plain',
  },
  'bad-tile-notation': {
    es: 'notación de fichas desconocida «{text}»: se esperaba brackets o plain',
    en: 'unknown tile notation "{text}": expected brackets or plain',
  },
  'expected-clock': {
    es: 'se esperaba el jugador y su tiempo restante, p. ej. #clock Ana -01:30',
    en: 'expected the player and the time left, e.g. #clock Ana -01:30',
  },
  'expected-clock-time': {
    es: 'se esperaba el tiempo restante como [-]MM:SS, p. ej. -01:30',
    en: 'expected the time left as [-]MM:SS, e.g. -01:30',
  },
  'bad-clock-time': {
    es: 'tiempo no válido «{text}»: se esperaba [-]MM:SS, p. ej. -01:30',
    en: 'invalid time "{text}": expected [-]MM:SS, e.g. -01:30',
  },
  'expected-challenge-ruling': {
    es: 'se esperaba el fallo de la impugnación y las palabras, p. ej. #challenge valid CASA',
    en: 'expected the challenge ruling and the words, e.g. #challenge valid CASA',
  },
  'bad-challenge-ruling': {
    es: 'fallo de impugnación desconocido «{text}»: se esperaba valid (una jugada impugnada y no válida se anota con --)',
    en: 'unknown challenge ruling "{text}": expected valid (a play challenged off is written with --)',
  },
  'bad-game-end-reason': {
    es: 'motivo de final desconocido «{text}»: se esperaba time o blocked',
    en: 'unknown reason for the end "{text}": expected time or blocked',
  },
  'expected-game-end-reason': {
    es: 'se esperaba el motivo del final: time o blocked',
    en: 'expected the reason the game ended: time or blocked',
  },
  'expected-tile': {
    es: 'se esperaba la ficha, p. ej. #tile [CH] [ch]',
    en: 'expected the tile, e.g. #tile [CH] [ch]',
  },
  'empty-pragma': {
    es: 'directiva sin nombre tras «#»: se ignora',
    en: 'pragma without a name after "#": ignored',
  },
  'encoding-fallback-declared': {
    es: 'el archivo declara #character-encoding UTF-8 pero no es UTF-8 válido; se ha leído como {encoding}',
    en: 'the file declares #character-encoding UTF-8 but is not valid UTF-8; it was read as {encoding}',
  },
};
