/**
 * Messages of the deep analysis (docs/deep-analysis.md): the endgame solver and its command, in
 * Spanish and English.
 *
 * Invariants: every id starts with `deep.`; both languages carry the same placeholders.
 *
 * Example:
 *   formatMessage('deep.endgame-bag', { bag: 3 }, 'en');   // 'the bag still holds 3 tiles: …'
 */
import type { Catalog } from './types';

export const DEEP_MESSAGES: Catalog = {
  'deep.endgame-bag': {
    es: 'la bolsa aún tiene {bag, plural, one {# ficha} other {# fichas}}: el final exacto necesita la bolsa vacía',
    en: 'the bag still holds {bag, plural, one {# tile} other {# tiles}}: the exact endgame needs an empty bag',
  },
  'deep.pre-endgame-bag': {
    es: 'la bolsa tiene {bag, plural, one {# ficha} other {# fichas}}: el prefinal necesita una o dos fichas en la bolsa y alguna en el atril contrario',
    en: "the bag holds {bag, plural, one {# tile} other {# tiles}}: the pre-endgame needs one or two tiles in the bag and some on the opponent's rack",
  },
  'deep.pre-endgame-heading': {
    es: '{player}, línea {line}: prefinal con {bag, plural, one {# ficha} other {# fichas}} en la bolsa, atril {rack}; sin ver {unseen} ({orderings, plural, one {# orden} other {# órdenes}} de la bolsa)',
    en: '{player}, line {line}: pre-endgame with {bag, plural, one {# tile} other {# tiles}} in the bag, rack {rack}; unseen {unseen} ({orderings, plural, one {# ordering} other {# orderings}} of the bag)',
  },
  'deep.pre-endgame-row': {
    es: '{rank}. {move} {score}: diferencial medio {spread, number}, gana {wins, number} %, empata {draws, number} %; {solved} de {cases} casos resueltos, {timedOut} en el límite',
    en: '{rank}. {move} {score}: mean spread {spread, number}, wins {wins, number}%, draws {draws, number}%; {solved} of {cases} cases solved, {timedOut} at the limit',
  },
  'deep.pre-endgame-played': {
    es: 'jugada hecha: {move}, diferencial medio {spread, number}; pierde {lost, number}',
    en: 'move played: {move}, mean spread {spread, number}; loses {lost, number}',
  },
  'deep.pre-endgame-progress': {
    es: 'prefinal: {done} de {total} casos',
    en: 'pre-endgame: {done} of {total} cases',
  },
  'deep.endgame-heading': {
    es: '{player}, línea {line}: final con la bolsa vacía, atril {rack} contra {opponent} ({opponentRack})',
    en: '{player}, line {line}: endgame with the bag empty, rack {rack} against {opponent} ({opponentRack})',
  },
  'deep.endgame-step': { es: '{n}. {player}: {move} {score}', en: '{n}. {player}: {move} {score}' },
  'deep.endgame-spread': {
    es: 'diferencial hasta el final {spread} ({end}; resuelto a {depth} jugadas, {nodes} nodos)',
    en: 'spread to the end {spread} ({end}; solved at {depth} plies, {nodes} nodes)',
  },
  'deep.endgame-spread-partial': {
    es: 'diferencial {spread} sin resolver del todo (límite alcanzado; búsqueda completa a {depth} jugadas, {nodes} nodos)',
    en: 'spread {spread}, not fully solved (limit reached; complete search at {depth} plies, {nodes} nodes)',
  },
  'deep.endgame-played': {
    es: 'jugada hecha: {move}, diferencial {spread}; pierde {lost}',
    en: 'move played: {move}, spread {spread}; loses {lost}',
  },
  'deep.end.out': { es: 'un jugador se queda sin fichas{article}', en: 'a player goes out{article}' },
  'deep.end.passes': { es: 'pases seguidos{article}', en: 'passes in a row{article}' },
  'deep.end.scoreless': { es: 'turnos sin puntuar{article}', en: 'scoreless turns{article}' },
  'deep.end.horizon': { es: 'sin llegar al final', en: 'the end not reached' },
  'deep.json.endgame': {
    es: '"endgame" es un objeto: {"opponentRack": "…", "passes": N, "time": S, "nodes": N, "top": N}',
    en: '"endgame" is an object: {"opponentRack": "…", "passes": N, "time": S, "nodes": N, "top": N}',
  },
  'deep.json.opponent-rack': { es: '"opponentRack" es un texto de fichas', en: '"opponentRack" is a text of tiles' },
  'deep.json.opponent-rack-size': {
    es: '"opponentRack" tiene {n} fichas; un atril tiene de 1 a {max}',
    en: '"opponentRack" holds {n} tiles; a rack holds 1 to {max}',
  },
  'deep.json.opponent-rack-pool': {
    es: '"opponentRack" {rack} no puede ser: lleva {tile} × {n} y fuera del tablero y del atril solo quedan {left} (quedan {unseen})',
    en: '"opponentRack" {rack} cannot be: it holds {tile} × {n} and only {left} are off the board and the rack (left: {unseen})',
  },
  'deep.json.opponent-rack-exact': {
    es: '"opponentRack" {rack} no puede ser: con la bolsa vacía el rival tiene justo las fichas que no están en el tablero ni en el atril, {unseen}',
    en: '"opponentRack" {rack} cannot be: with the bag empty the opponent holds exactly the tiles not on the board nor on the rack, {unseen}',
  },
  'deep.endgame-progress': {
    es: 'final: búsqueda completa a {depth} jugadas, {nodes} nodos',
    en: 'endgame: complete search at {depth} plies, {nodes} nodes',
  },
};
