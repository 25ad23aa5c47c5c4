/**
 * Messages of the win percentage and of `analyze --deep` (docs/deep-analysis.md "Win percentage",
 * "analyze --deep"), and of the commented game's better moves and graph, in Spanish and English.
 *
 * Invariants: every id starts with `winpct.`; both languages carry the same placeholders; a win
 * percentage is passed already multiplied by 100 and shown with `{…, number}` and ' %'.
 *
 * Example:
 *   formatMessage('winpct.how.static', {}, 'en');   // 'static'
 */
import type { Catalog } from './types';

export const WINPCT_MESSAGES: Catalog = {
  'winpct.deep-stopped': {
    es: 'análisis detenido en la línea {line}: se agotó el tiempo de la partida (--game-time); {left, plural, one {queda # evento} other {quedan # eventos}} sin evaluar',
    en: "analysis stopped at line {line}: the game's time ran out (--game-time); {left, plural, one {# event is} other {# events are}} left ungraded",
  },
  'winpct.deep-heading': { es: '{path}: {players} (análisis a fondo: {method})', en: '{path}: {players} (deep analysis: {method})' },
  'winpct.method.sim': {
    es: 'simulación a {plies} jugadas en los turnos reñidos (la segunda mejor jugada estática a {close} puntos o menos de la primera), prefinal con 1 o 2 fichas en la bolsa, final exacto con la bolsa vacía, equidad estática en el resto; % de victoria de la tabla de Planilla (partidas entre bots: optimista para el que va detrás frente a un rival fuerte)',
    en: '{plies}-ply simulation on close turns (the second best static move within {close} points of the first), pre-endgame with 1 or 2 tiles in the bag, exact endgame with the bag empty, static equity elsewhere; win % from Planilla’s table (bot games: optimistic for the side behind against a strong opponent)',
  },
  'winpct.method.table': {
    es: 'equidad estática y % de victoria de la tabla de Planilla (partidas entre bots: optimista para el que va detrás frente a un rival fuerte) tras cada jugada, prefinal con 1 o 2 fichas en la bolsa, final exacto con la bolsa vacía; sin simulación',
    en: 'static equity and win % from Planilla’s table (bot games: optimistic for the side behind against a strong opponent) after each move, pre-endgame with 1 or 2 tiles in the bag, exact endgame with the bag empty; no simulation',
  },
  'winpct.turn-row': {
    es: 'línea {line} {player}: {move} {score} ({how}); mejor {best} {bestScore}; pierde {lost, number} y {winLost, number} % de victoria ({winPlayed, number} % frente a {winBest, number} %)',
    en: 'line {line} {player}: {move} {score} ({how}); best {best} {bestScore}; loses {lost, number} and {winLost, number} % win ({winPlayed, number} % against {winBest, number} %)',
  },
  'winpct.how.static': { es: 'estática', en: 'static' },
  'winpct.how.static-close': { es: 'estática, reñida', en: 'static, close' },
  'winpct.how.sim': {
    es: 'simulada, {iterations, plural, one {# iteración} other {# iteraciones}}',
    en: 'simulated, {iterations, plural, one {# iteration} other {# iterations}}',
  },
  'winpct.how.sim-margin': {
    es: 'simulada, ± {margin, number}, {iterations, plural, one {# iteración} other {# iteraciones}}',
    en: 'simulated, ± {margin, number}, {iterations, plural, one {# iteration} other {# iterations}}',
  },
  'winpct.how.pre-endgame': {
    es: 'prefinal, {solved} de {cases, plural, one {# orden de la bolsa resuelto} other {# órdenes de la bolsa resueltos}}',
    en: 'pre-endgame, {solved} of {cases, plural, one {# bag ordering solved} other {# bag orderings solved}}',
  },
  'winpct.short.static': { es: 'estática', en: 'static' },
  'winpct.short.sim': { es: 'simulada', en: 'simulated' },
  'winpct.short.pre-endgame': { es: 'prefinal', en: 'pre-endgame' },
  'winpct.short.endgame': { es: 'final', en: 'endgame' },
  'winpct.how.endgame': { es: 'final exacto', en: 'exact endgame' },
  'winpct.how.endgame-partial': { es: 'final, búsqueda limitada', en: 'endgame, search limited' },
  'winpct.player-summary': {
    es: '{player}: pierde {lost, number} y {winLost, number} % de victoria en {turns, plural, one {# turno} other {# turnos}} ({static, plural, one {# estático} other {# estáticos}}, {sim, plural, one {# simulado} other {# simulados}}, {preEndgame} de prefinal, {endgame} de final)',
    en: '{player}: loses {lost, number} and {winLost, number} % win over {turns, plural, one {# turn} other {# turns}} ({static} static, {sim} simulated, {preEndgame} pre-endgame, {endgame} endgame)',
  },
  'winpct.report.better': {
    es: 'Mejor: {best} {bestScore} ({how}); la jugada hecha pierde {lost, number} puntos y {winLost, number} % de victoria',
    en: 'Better: {best} {bestScore} ({how}); the move played loses {lost, number} points and {winLost, number} % win',
  },
  'winpct.graph.title': { es: 'Victoria y diferencial a lo largo de la partida', en: 'Win chance and spread over the game' },
  'winpct.graph.win': { es: '% de victoria de {player}', en: '{player}’s win %' },
  'winpct.graph.spread': { es: 'diferencial de {player}', en: '{player}’s spread' },
  'winpct.graph.turn': { es: 'turno', en: 'turn' },
  'winpct.graph.point': {
    es: 'turno {turn}: {player} {win, number} % de victoria, diferencial {spread}',
    en: 'turn {turn}: {player} {win, number} % win, spread {spread}',
  },
};
