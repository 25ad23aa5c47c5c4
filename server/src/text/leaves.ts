/**
 * Messages of the leave values: a user's leave file refused and why, the built-in
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
  'leaves.csv': {
    es: 'es una tabla CSV de valores de atril (una fila «atril,valor» cada uno), la forma que Planilla escribe para MAGPIE y Macondo pero no lee; dé un .klv2, un .klv o un .plv',
    en: 'it is a CSV of leave values (one "leave,value" row each), the form Planilla writes for MAGPIE and Macondo but does not read; give a .klv2, .klv or .plv',
  },
  'leaves.tile-set': {
    es: 'la tabla es de otro juego de fichas: no da valor a {faces}, fichas del juego español (FISE), el único con que analiza Planilla',
    en: 'the table is for another tile set: it gives no value to {faces}, tiles of the Spanish (FISE) set, the only one Planilla analyses',
  },
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
  'leaves.usage': {
    es: [
      'Uso: planilla leaves <orden> [opciones]',
      '',
      '  info [ARCHIVO]                     qué contiene una tabla de valores de atril (.klv2, .klv, .plv;',
      '                                     por omisión, la incorporada)',
      '  export --format klv2|klv|csv SALIDA [--leaves ARCHIVO]',
      '        escribe la tabla (por omisión, la incorporada) para MAGPIE, Macondo y wolges: .klv2/.klv,',
      '        o CSV con una fila «resto,valor» por cada resto de 1 a 6 fichas ([CH], [LL], [RR] entre corchetes)',
      '',
      'Opciones comunes: --lang es|en (idioma de los mensajes), -h, --help (esta ayuda)',
    ].join('\n'),
    en: [
      'Usage: planilla leaves <command> [options]',
      '',
      '  info [FILE]                        what a leave table holds (.klv2, .klv, .plv; default: the built-in one)',
      '  export --format klv2|klv|csv OUT [--leaves FILE]',
      '        writes the table (default: the built-in one) for MAGPIE, Macondo and wolges: .klv2/.klv,',
      '        or CSV with one "leave,value" row per leave of 1 to 6 tiles ([CH], [LL], [RR] in brackets)',
      '',
      'Common options: --lang es|en (message language), -h, --help (this help)',
    ].join('\n'),
  },
  'leaves.cli.unknown-command': {
    es: 'planilla leaves: orden desconocida {command} (info, export)',
    en: 'planilla leaves: unknown command {command} (info, export)',
  },
  'leaves.cli.bad-format': {
    es: 'planilla leaves export: --format espera klv2, klv o csv (se leyó {value})',
    en: 'planilla leaves export: --format expects klv2, klv or csv (got {value})',
  },
  'leaves.cli.no-output': {
    es: 'planilla leaves export: falta el archivo de salida',
    en: 'planilla leaves export: the output file is missing',
  },
  'leaves.cli.too-many': {
    es: 'planilla leaves: sobran argumentos: {args}',
    en: 'planilla leaves: too many arguments: {args}',
  },
  'leaves.cli.written': {
    es: '{path}: {leaves} restos de 1 a 6 fichas, {bytes} bytes ({format})',
    en: '{path}: {leaves} leaves of 1 to 6 tiles, {bytes} bytes ({format})',
  },
  'leaves.info.name': { es: 'Tabla: {name}', en: 'Table: {name}' },
  'leaves.info.format': { es: 'Formato: {format}', en: 'Format: {format}' },
  'leaves.info.alphabet': { es: 'Alfabeto: {alphabet} ({tiles} fichas distintas)', en: 'Alphabet: {alphabet} ({tiles} kinds of tile)' },
  'leaves.info.leaves': {
    es: 'Restos guardados: {stored} de {total} posibles de 1 a {max} fichas',
    en: 'Leaves stored: {stored} of the {total} possible of 1 to {max} tiles',
  },
  'leaves.info.provenance': { es: 'Origen: {provenance}', en: 'Provenance: {provenance}' },
  'leaves.info.values': { es: 'Algunos valores: {values}', en: 'Some values: {values}' },
};
