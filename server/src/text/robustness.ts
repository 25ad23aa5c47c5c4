/**
 * Messages of the guards on files and streams (docs/robustness.md): a rewrite refused (the file
 * changed while the command worked, is read-only, belongs to another user, has hard links; an
 * output that is a file the command reads), a file that is not a record, what a folder expansion
 * skipped, and the `moves --stdin` line limits.
 * Ids start with `files.` or `stream.`; placeholders are the same in both languages.
 *
 * Example:
 *   formatMessage('files.refused.read-only', { path: 'partida.gcg' }, 'es');
 *   // 'planilla: no se escribe «partida.gcg»: el archivo es de solo lectura…'
 */
import type { Catalog } from './types';

export const ROBUSTNESS_MESSAGES: Catalog = {
  'files.refused.changed': {
    es: 'planilla: no se escribe «{path}»: el archivo cambió en el disco mientras se trabajaba en él (otro programa lo escribió); no se ha escrito nada; vuelva a ejecutar la orden',
    en: 'planilla: not writing "{path}": the file changed on disk while the command worked on it (another program wrote it); nothing was written; run the command again',
  },
  'files.refused.read-only': {
    es: 'planilla: no se escribe «{path}»: el archivo es de solo lectura (sus permisos no le dejan escribirlo); no se ha escrito nada',
    en: 'planilla: not writing "{path}": the file is read-only (its permissions do not let you write it); nothing was written',
  },
  'files.refused.other-owner': {
    es: 'planilla: no se escribe «{path}»: el archivo es de otro usuario y reemplazarlo le cambiaría el dueño; no se ha escrito nada',
    en: 'planilla: not writing "{path}": the file belongs to another user and replacing it would change its owner; nothing was written',
  },
  'files.refused.hard-links': {
    es: 'planilla: no se escribe «{path}»: el archivo tiene {count, number} enlaces duros ({names}) y reescribirlo los separaría; no se ha escrito nada',
    en: 'planilla: not writing "{path}": the file has {count, number} hard links ({names}) and rewriting it would split them; nothing was written',
  },
  'files.refused.input': {
    es: 'planilla: no se escribe «{path}»: es {what}, que la orden lee; elija otro archivo de salida; no se ha escrito nada',
    en: 'planilla: not writing "{path}": it is {what}, which the command reads; choose another output file; nothing was written',
  },
  'files.input.record': { es: 'la propia planilla', en: 'the record itself' },
  'files.input.board': { es: 'el archivo del tablero final', en: 'the final board file' },
  'files.input.list': { es: 'la lista de palabras de entrada', en: 'the input word list' },
  'files.input.leaves': { es: 'el archivo de valores de atril de entrada', en: 'the input leave file' },
  'files.input.cards': { es: 'el archivo de resultados del torneo', en: 'the results file of the event' },
  'files.links-elsewhere': { es: 'los demás, fuera de su carpeta', en: 'the others outside its folder' },
  'files.not-a-record': {
    es: 'planilla: «{path}» no es una planilla: es un archivo binario',
    en: 'planilla: "{path}" is not a game record: it is a binary file',
  },
  'files.skipped-special': {
    es: 'planilla: se omite «{path}»: no es un archivo normal sino {kind}',
    en: 'planilla: skipping "{path}": it is not a regular file but {kind}',
  },
  'files.kind.fifo': { es: 'una tubería (FIFO)', en: 'a pipe (FIFO)' },
  'files.kind.device': { es: 'un dispositivo', en: 'a device' },
  'files.kind.socket': { es: 'un socket', en: 'a socket' },
  'files.kind.other': { es: 'algo que no se lee', en: 'something that is not read' },
  'stream.too-deep': {
    es: 'la línea anida el JSON más de {max, number} niveles; una posición no necesita tantos',
    en: 'the line nests its JSON more than {max, number} levels deep; a position needs far fewer',
  },
  'stream.too-long': {
    es: 'la línea tiene más de {max, number} bytes; una posición cabe en mucho menos',
    en: 'the line is longer than {max, number} bytes; a position fits in far fewer',
  },
};
