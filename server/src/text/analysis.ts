/**
 * Messages of the coach's analysis (`planilla moves`, `planilla analyze`, the `--stdin` engine
 * interface) in Spanish and English. Placeholders `{name}` are filled by `formatMessage`.
 *
 * Invariants: every id starts with `analysis.`; both languages carry the same placeholders.
 *
 * Example:
 *   formatMessage('analysis.pass', {}, 'en');  // 'pass'
 */
import type { Catalog } from './types';

export const ANALYSIS_MESSAGES: Catalog = {
  'analysis.no-line': {
    es: 'planilla: falta --line N (la línea de la jugada cuyas alternativas se listan) o --stdin',
    en: 'planilla: --line N (the line of the move whose alternatives are listed) or --stdin is needed',
  },
  'analysis.no-event-on-line': {
    es: 'planilla: la línea {line} de «{path}» no es una jugada',
    en: 'planilla: line {line} of "{path}" is not a move',
  },
  'analysis.cannot-list': {
    es: 'planilla: no se pueden listar las jugadas de la línea {line} de «{path}»: {reason}',
    en: 'planilla: cannot list the moves of line {line} of "{path}": {reason}',
  },
  'analysis.top-and-all': {
    es: 'planilla: --top y --all se excluyen',
    en: 'planilla: --top and --all exclude each other',
  },
  'analysis.reason.no-rack': { es: 'la planilla no da el atril', en: 'the sheet does not give the rack' },
  'analysis.reason.partial-rack': { es: 'la planilla da solo parte del atril', en: 'the sheet gives only part of the rack' },
  'analysis.reason.impossible-rack': {
    es: 'el atril no puede existir: con el tablero suma más comodines o copias de una ficha de las que tiene el juego',
    en: 'the rack cannot exist: with the board it holds more blanks or copies of a tile than the set has',
  },
  'analysis.caveat.missing-tiles': {
    es: 'aviso: el atril de la planilla tiene fichas que ya no quedan en el juego ({tiles}); se analiza con el resto del atril',
    en: "caveat: the sheet's rack holds tiles no longer left in the set ({tiles}); analysed with the rest of the rack",
  },
  'analysis.reason.unknown-player': { es: 'el jugador no es ninguno de los dos', en: 'the player is neither of the two' },
  'analysis.reason.unknown-exchange': { es: 'no se sabe qué fichas cambió', en: 'the tiles exchanged are not known' },
  'analysis.reason.unreadable-play': {
    es: 'la jugada no forma una palabra en una línea',
    en: 'the play does not make one word along a line',
  },
  'analysis.spanish-only': {
    es: 'las jugadas se listan solo con las fichas españolas (las listas de palabras son españolas)',
    en: 'moves are listed for the Spanish tile set only (the word lists are Spanish)',
  },
  'analysis.no-graph': { es: 'esta lista de palabras no permite listar jugadas', en: 'this word list cannot list moves' },
  'analysis.foreign-tile': { es: '«{tile}» no es una ficha del juego español', en: '"{tile}" is no tile of the Spanish set' },
  'analysis.rack-size': { es: 'el atril tiene de 1 a {max} fichas', en: 'a rack holds 1 to {max} tiles' },
  // JSON positions of `planilla moves --stdin`.
  'analysis.json.not-json': { es: 'la línea no es JSON válido', en: 'the line is not valid JSON' },
  'analysis.json.not-json-at': {
    es: 'la línea no es JSON válido (falla en la columna {column})',
    en: 'the line is not valid JSON (it fails at column {column})',
  },
  'analysis.json.not-json-token': {
    es: 'la línea no es JSON válido («{token}» inesperado)',
    en: 'the line is not valid JSON (unexpected "{token}")',
  },
  'analysis.json.not-json-end': {
    es: 'la línea no es JSON válido (se corta antes de terminar)',
    en: 'the line is not valid JSON (it ends too soon)',
  },
  'analysis.json.not-object': { es: 'una posición debe ser un objeto JSON', en: 'a position must be a JSON object' },
  'analysis.json.board': { es: '"board" debe ser una lista de 15 cadenas', en: '"board" must be an array of 15 strings' },
  'analysis.json.board-row': { es: '"board", fila {row}: {detail}', en: '"board" row {row}: {detail}' },
  'analysis.json.row-length': { es: 'tiene {n} casillas, no 15', en: 'it has {n} squares, not 15' },
  'analysis.json.not-string': { es: 'no es una cadena', en: 'it is not a string' },
  'analysis.json.board-blank': {
    es: 'un comodín del tablero se escribe con la letra que representa, en minúscula',
    en: 'a blank on the board is written as the lower-case letter it stands for',
  },
  'analysis.json.unclosed': { es: '«[» sin cerrar', en: 'unclosed "["' },
  'analysis.json.rack': { es: '"rack": {detail}', en: '"rack": {detail}' },
  'analysis.json.rack-type': { es: '"rack" debe ser una cadena de fichas', en: '"rack" must be a string of tiles' },
  'analysis.json.rack-blank': { es: 'un comodín del atril se escribe «?»', en: 'a blank on the rack is written "?"' },
  'analysis.json.rules': { es: '"rules" debe ser una de: {allowed}', en: '"rules" must be one of {allowed}' },
  'analysis.json.too-many': {
    es: 'el tablero y el atril tienen {n} × {tile}; la bolsa completa trae {max}',
    en: 'the board and the rack hold {n} × {tile}; the set has {max}',
  },
  'analysis.json.bag': {
    es: '"bag" debe ser un número de fichas (de {min} a {max}: el rival tiene como mucho 7) o una cadena de tantas fichas',
    en: '"bag" must be a number of tiles ({min} to {max}: the opponent holds at most 7) or a string of as many tiles',
  },
  'analysis.json.scores': { es: '"scores" debe ser [mías, suyas]', en: '"scores" must be [mine, theirs]' },
  'analysis.json.top': { es: '"top" debe ser un número entero de 1 a {max}', en: '"top" must be a whole number from 1 to {max}' },
  'analysis.json.all': { es: '"all" debe ser true o false', en: '"all" must be true or false' },
  'analysis.json.sort': { es: '"sort" debe ser "equity" o "score"', en: '"sort" must be "equity" or "score"' },
  'analysis.json.count': { es: '"count" debe ser true o false', en: '"count" must be true or false' },
  // Text output.
  'analysis.stdin-no-file': {
    es: 'planilla: moves --stdin lee las posiciones de la entrada estándar; no lleva ARCHIVO ni --line',
    en: 'planilla: moves --stdin reads the positions from standard input; it takes no FILE and no --line',
  },
  'analysis.moves-heading': {
    es: '{player}, línea {line}: atril {rack}, bolsa {bag}; {count, plural, one {# jugada legal} other {# jugadas legales}}',
    en: '{player}, line {line}: rack {rack}, bag {bag}; {count, plural, one {# legal move} other {# legal moves}}',
  },
  'analysis.moves-heading-uncounted': {
    es: '{player}, línea {line}: atril {rack}, bolsa {bag}',
    en: '{player}, line {line}: rack {rack}, bag {bag}',
  },
  'analysis.move-row': {
    es: '{rank}. {move} {score} · deja {leave} · equidad {equity}',
    en: '{rank}. {move} {score} · leaves {leave} · equity {equity}',
  },
  'analysis.exchange': { es: 'cambio {tiles}', en: 'exchange {tiles}' },
  'analysis.pass': { es: 'pasa', en: 'pass' },
  'analysis.nothing': { es: '—', en: '—' },
  'analysis.no-turns': { es: '{path}: ninguna jugada que analizar', en: '{path}: no moves to analyse' },
  'analysis.file-heading': { es: '{path}: {players}', en: '{path}: {players}' },
  'analysis.turn-row': {
    es: 'línea {line} {player}: {move} {score}, equidad {equity, number}, puesto {rank}; mejor {best} {bestScore} ({bestEquity, number}); pierde {lost, number}',
    en: 'line {line} {player}: {move} {score}, equity {equity, number}, rank {rank}; best {best} {bestScore} ({bestEquity, number}); loses {lost, number}',
  },
  'analysis.turn-illegal': {
    es: 'línea {line} {player}: {move} {score} no es una jugada válida; mejor {best} {bestScore} ({bestEquity, number}); pierde {lost, number}',
    en: 'line {line} {player}: {move} {score} is not a legal move; best {best} {bestScore} ({bestEquity, number}); loses {lost, number}',
  },
  /* A turn with the bag empty, graded by the endgame search: spreads are points to the end of the game. */
  'analysis.turn-endgame': {
    es: 'línea {line} {player}: {move} {score}, {playedSpread} hasta el final; mejor {best} {bestScore} ({bestSpread} hasta el final); pierde {lost, number} · {search}',
    en: 'line {line} {player}: {move} {score}, {playedSpread} to the end; best {best} {bestScore} ({bestSpread} to the end); loses {lost, number} · {search}',
  },
  /* A move whose words only the built-in open list lacks; {words}: those words; the rest as analysis.turn-illegal. */
  'analysis.turn-unlisted': {
    es: 'línea {line} {player}: {move} {score} forma {words}, que no está en la lista abierta (no es la oficial: por comprobar); mejor {best} {bestScore} ({bestEquity, number}); pierde {lost, number}',
    en: 'line {line} {player}: {move} {score} forms {words}, not in the open list (not the official one: to be checked); best {best} {bestScore} ({bestEquity, number}); loses {lost, number}',
  },
  'analysis.turn-endgame-illegal': {
    es: 'línea {line} {player}: {move} {score} no es una jugada válida (vale lo que pasar: {playedSpread} hasta el final); mejor {best} {bestScore} ({bestSpread} hasta el final); pierde {lost, number} · {search}',
    en: 'line {line} {player}: {move} {score} is not a legal move (worth a pass: {playedSpread} to the end); best {best} {bestScore} ({bestSpread} to the end); loses {lost, number} · {search}',
  },
  'analysis.endgame-exact': { es: 'final exacto', en: 'exact endgame' },
  'analysis.endgame-depth': {
    es: 'final visto a {depth, plural, one {# jugada} other {# jugadas}}',
    en: 'endgame searched {depth, plural, one {# ply} other {# plies}} deep',
  },
  'analysis.turn-skipped': { es: 'línea {line} {player}: sin analizar, {reason}', en: 'line {line} {player}: not analysed, {reason}' },
  'analysis.player-summary': {
    es: '{player}: pierde {lost, number} en {turns, plural, one {# turno} other {# turnos}} ({perTurn, number} por turno); errores: {small, plural, one {# leve} other {# leves}}, {medium, plural, one {# medio} other {# medios}}, {large, plural, one {# grave} other {# graves}}',
    en: '{player}: loses {lost, number} over {turns, plural, one {# turn} other {# turns}} ({perTurn, number} a turn); mistakes: {small} small, {medium} medium, {large} large',
  },
};
