/**
 * Messages of the leave values (issue 14): a user's leave file refused and why, the built-in
 * table, and the self-play and training scripts' summaries, in Spanish and English.
 *
 * Invariants: every id starts with `leaves.`; both languages carry the same placeholders.
 *
 * Example:
 *   formatMessage('leaves.refused', { path: 'x.klv2', detail: '…' }, 'en');
 *   // 'the leave file x.klv2 cannot be used: …'
 */
import type { Catalog } from './types';

export const LEAVES_MESSAGES: Catalog = {
  'leaves.refused': {
    es: 'no se puede usar el archivo de valores de atril {path}: {detail}',
    en: 'the leave file {path} cannot be used: {detail}',
  },
  'leaves.unreadable': { es: 'no se puede leer ({detail})', en: 'cannot be read ({detail})' },
  'leaves.too-large': { es: 'demasiado grande: {size} bytes, máximo {max}', en: 'too large: {size} bytes, at most {max}' },
  'leaves.unknown-format': {
    es: 'no es un archivo .klv2, .klv ni .plv',
    en: 'not a .klv2, .klv or .plv file',
  },
  'leaves.too-short': { es: 'demasiado corto', en: 'too short' },
  'leaves.sizes': {
    es: 'los tamaños no cuadran con la longitud del archivo',
    en: 'its sizes do not add up to the file length',
  },
  'leaves.graph': { es: 'el grafo de restos está roto ({where})', en: 'the graph of leaves is broken ({where})' },
  'leaves.count': {
    es: 'anuncia {announced} restos y el grafo tiene {found}',
    en: '{announced} leaves announced, {found} in the graph',
  },
  'leaves.value': { es: 'el resto n.º {n} no tiene un valor finito', en: 'leave {n} has no finite value' },
  'leaves.duplicate': { es: 'un resto aparece dos veces', en: 'a leave appears twice' },
  'leaves.tile': {
    es: 'es de otro alfabeto: la ficha {tile} no existe en el juego español (0–28)',
    en: 'it is for another alphabet: tile {tile} is not in the Spanish set (0–28)',
  },
  'leaves.copies': {
    es: 'es de otro alfabeto: un resto con {n} × {face}, y la bolsa española tiene {max}',
    en: 'it is for another alphabet: a leave holds {n} × {face}; the Spanish bag has {max}',
  },
  'leaves.too-long': {
    es: 'es de otro alfabeto o está dañado: un resto de más de {max} fichas',
    en: 'it is for another alphabet or damaged: a leave of more than {max} tiles',
  },
  'leaves.single-missing': {
    es: 'no es para el juego español: falta el valor de la ficha {face}',
    en: 'it is not for the Spanish set: the tile {face} has no value',
  },
  'leaves.plv': { es: 'tabla .plv dañada: {detail}', en: 'damaged .plv table: {detail}' },
  'leaves.builtin-missing': {
    es: 'falta la tabla de valores de atril incorporada {path}; se usan los valores provisionales',
    en: 'the built-in leave table {path} is missing; using the provisional worths',
  },
  'leaves.selfplay-summary': {
    es: '{a} contra {b}: {games} partidas ({deals} repartos, cada uno dos veces con los asientos cambiados)',
    en: '{a} vs {b}: {games} games ({deals} deals, each played twice with the seats swapped)',
  },
  'leaves.selfplay-result': {
    es: '{a}: {wins} ganadas, {draws} empates, {losses} perdidas; {rate} % de victorias (IC 95 %: {low}–{high} %); diferencia media {spread} puntos',
    en: '{a}: {wins} wins, {draws} draws, {losses} losses; win rate {rate} % (95 % CI {low}–{high} %); mean spread {spread} points',
  },
  'leaves.selfplay-speed': {
    es: '{seconds} s, {rate} partidas/s con {jobs} hilos',
    en: '{seconds} s, {rate} games/s on {jobs} threads',
  },
  'leaves.bad-strategy': {
    es: 'estrategia desconocida {name}; se admiten: {allowed}',
    en: 'unknown strategy {name}; allowed: {allowed}',
  },
  'leaves.bad-number': {
    es: '{option} espera {allowed}',
    en: '{option} expects {allowed}',
  },
};
