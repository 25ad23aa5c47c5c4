/**
 * The texts the VS Code client shows by itself (command progress and notices, the board view's
 * page and its waiting messages, the audit report panel), in Spanish and English. Kept apart from
 * the other catalogues so the client bundle carries these few texts and not the rules catalogue:
 * the client reads them through `shared/text.ts`; `../messages.ts` merges them with the rest.
 *
 * Invariants: every id starts with `ui.`; both languages, same placeholders (checked by
 * test/unit/service/catalog.test.ts); imports nothing but the catalogue type.
 *
 * Example:
 *   CLIENT_MESSAGES['ui.board.panelTitle'].en;   // 'Board · {name}'
 */
import type { Catalog } from './types';

export const CLIENT_MESSAGES: Catalog = {
  'ui.command.checkWorkspace.progressTitle': { es: 'Planilla: comprobando planillas', en: 'Planilla: checking records' },
  'ui.command.checkWorkspace.progress': { es: '{done} de {total}', en: '{done} of {total}' },
  'ui.command.checkWorkspace.done': {
    es: 'Planilla: {files, plural, one {# planilla comprobada} other {# planillas comprobadas}} — {errors, plural, one {# error} other {# errores}}, {warnings, plural, one {# aviso} other {# avisos}}, {others, plural, one {# nota} other {# notas}}.',
    en: 'Planilla: {files, plural, one {# record checked} other {# records checked}} — {errors, plural, one {# error} other {# errors}}, {warnings, plural, one {# warning} other {# warnings}}, {others, plural, one {# note} other {# notes}}.',
  },
  'ui.command.checkWorkspace.unreadable': {
    es: '{count, plural, one {# no se pudo leer.} other {# no se pudieron leer.}}',
    en: '{count, plural, one {# could not be read.} other {# could not be read.}}',
  },
  'ui.command.fixAll.noRecord': {
    es: 'Abra una planilla .gcg para corregir sus números.',
    en: 'Open a .gcg record to correct its numbers.',
  },
  'ui.command.compare.noRecord': {
    es: 'Abra una planilla .gcg para compararla con otra.',
    en: 'Open a .gcg record to compare it with another.',
  },
  'ui.command.compare.pick': { es: 'Comparar con esta planilla', en: 'Compare with this sheet' },
  'ui.command.event.pick': { es: 'Auditar este torneo', en: 'Audit this event' },
  'ui.command.event.noFolder': {
    es: 'Abra una carpeta con las planillas del torneo para auditarlo.',
    en: 'Open a folder with the event’s records to audit it.',
  },
  'ui.command.event.progress': { es: 'Auditando el torneo…', en: 'Auditing the event…' },
  /* {name}: the list the record names (#lexicon); {path}: the file chosen. */
  'ui.command.chooseLexicon.title': { es: 'Archivo de la lista «{name}»', en: 'File of the "{name}" list' },
  'ui.command.chooseLexicon.open': { es: 'Usar esta lista', en: 'Use this list' },
  'ui.command.chooseLexicon.done': {
    es: 'La lista «{name}» es ahora {path} (planilla.lexicons, ajustes de usuario).',
    en: 'The "{name}" list is now {path} (planilla.lexicons, user settings).',
  },
  'ui.command.export.noRecord': { es: 'Abra una planilla .gcg para exportarla.', en: 'Open a .gcg record to export it.' },
  'ui.command.export.done': {
    es: '{name} exportada para Woogles: revísela y guárdela.',
    en: '{name} exported for Woogles: review it and save it.',
  },
  'ui.board.documentTitle': { es: 'Tablero de Planilla', en: 'Planilla board' },
  'ui.board.panelTitle': { es: 'Tablero · {name}', en: 'Board · {name}' },
  'ui.board.noRecord': { es: 'Abra una planilla .gcg para ver su tablero.', en: 'Open a .gcg record to see its board.' },
  'ui.board.waiting': { es: 'Calculando el tablero…', en: 'Working out the board…' },
  'ui.board.unavailable': {
    es: 'El servidor de Planilla no ha dado el tablero de este documento.',
    en: 'The Planilla server gave no board for this document.',
  },
  'ui.report.panelTitle': { es: 'Informe · {name}', en: 'Audit · {name}' },
  'ui.sample.unreadable': {
    es: 'No se pudo leer la planilla de ejemplo: {detail}',
    en: 'The sample record could not be read: {detail}',
  },
  'ui.report.noRecord': { es: 'Abra una planilla .gcg para su informe de arbitraje.', en: 'Open a .gcg record for its audit report.' },
  'ui.report.refresh': { es: 'Actualizar', en: 'Refresh' },
  'ui.report.toolbar': { es: 'Acciones del informe', en: 'Report actions' },
  'ui.report.live': {
    es: 'Sigue los cambios de {name} · al día a las {time}',
    en: 'Follows the edits of {name} · up to date at {time}',
  },
  'ui.report.onDisk': {
    es: '{name} no está abierta: el informe muestra el archivo guardado tal como estaba a las {time} («Actualizar» lo vuelve a leer)',
    en: '{name} is not open: the report shows the saved file as it was at {time} ("Refresh" reads it again)',
  },
  'ui.report.save': { es: 'Guardar como HTML…', en: 'Save as HTML…' },
  'ui.report.saved': { es: 'Informe guardado: {path}', en: 'Report saved: {path}' },
  'ui.report.cannotSave': {
    es: 'No se pudo guardar el informe en {path} ({detail}); el archivo anterior, si lo había, sigue intacto',
    en: 'Could not save the report to {path} ({detail}); the previous file, if any, is untouched',
  },
  'ui.report.fileSuffix': { es: 'informe', en: 'audit' },
  // "Reconstruir desde el tablero final…" (client/src/common.ts)
  'ui.command.reconstruct.pick': { es: 'Tablero final', en: 'Final board' },
  'ui.command.reconstruct.pickTitle': {
    es: 'El tablero final de la partida (una línea CGP o 15 filas)',
    en: "The game's final board (one CGP line or 15 rows)",
  },
  'ui.command.reconstruct.progress': {
    es: 'Reconstruyendo la partida desde el tablero final',
    en: 'Reconstructing the game from the final board',
  },
  'ui.command.reconstruct.noRecord': {
    es: 'Planilla: abra una planilla (.gcg) para reconstruirla.',
    en: 'Planilla: open a game record (.gcg) to reconstruct it.',
  },
  'ui.command.changedMeanwhile': {
    es: 'Planilla: la planilla cambió mientras se calculaba; no se ha aplicado nada. Vuelva a ejecutar la orden.',
    en: 'Planilla: the record changed while this was computed; nothing was applied. Run the command again.',
  },
  'ui.command.reconstruct.unreadable': { es: 'Planilla: no se puede leer {name}.', en: 'Planilla: cannot read {name}.' },
  'ui.report.commentedSuffix': { es: 'comentada', en: 'commented' },
  'ui.report.commentedDeep': {
    es: 'A fondo: simula los turnos reñidos (tarda; como planilla report --deep)',
    en: 'Deep: simulates the close turns (takes a while; as planilla report --deep)',
  },
  'ui.report.commentedQuick': {
    es: 'Rápida: final, prefinal y equidad estática (como planilla report --diagrams)',
    en: 'Quick: endgame, pre-endgame and static equity (as planilla report --diagrams)',
  },
  'ui.report.commentedPick': { es: 'Análisis de la partida comentada', en: 'Analysis of the commented game' },
  'ui.report.commentedProgress': { es: 'Planilla: analizando la partida comentada', en: 'Planilla: analysing the commented game' },
  // "Analizar a fondo" (client/src/deep.ts)
  'ui.command.deep.progress': {
    es: 'Planilla: analizando a fondo la jugada de la línea {line}',
    en: 'Planilla: deep analysis of the move on line {line}',
  },
  'ui.command.deep.noRecord': {
    es: 'Planilla: ponga el cursor en una jugada de una planilla (.gcg) para analizarla a fondo.',
    en: 'Planilla: put the cursor on a move of a game record (.gcg) to analyse it deeply.',
  },
  'ui.command.deep.analysisOff': {
    es: 'Planilla: el análisis está desactivado (planilla.analysis.enabled).',
    en: 'Planilla: analysis is off (planilla.analysis.enabled).',
  },
};
