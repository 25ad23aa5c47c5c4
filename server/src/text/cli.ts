/**
 * Messages of the `planilla` command line (usage, summaries, board labels), in Spanish and English.
 * Placeholders `{name}` are filled by `formatMessage` (../messages.ts).
 *
 * Example:
 *   formatMessage('cli.unreadable', { path: 'x.gcg', reason: 'no existe' }, 'es');
 */
import type { Catalog } from './types';

export const CLI_MESSAGES: Catalog = {
  'cli.usage': {
    es: [
      'Uso: planilla <orden> [opciones] ARCHIVO...',
      '',
      'Órdenes:',
      '  check [--json] [--rules EDICIÓN] [--tile-set spanish|english] [--lexicon RUTA] [--jobs N] ARCHIVO|CARPETA...',
      '        comprueba planillas: jugadas, puntuaciones, totales y final de partida;',
      '        --jobs N: hilos en paralelo (por omisión, según los archivos y los núcleos)',
      '  board ARCHIVO [--turn N] [--svg] [-o SALIDA] [--rules EDICIÓN] [--tile-set spanish|english] [--lexicon RUTA]',
      '        el tablero tras la jugada N (0 = vacío; por omisión, el final), en texto o SVG',
      '  report ARCHIVO [--format html|md] [--diagrams] [-o SALIDA] [--rules EDICIÓN] [--lexicon RUTA]',
      '        informe de auditoría para árbitros; con --diagrams, partida comentada con diagramas;',
      '        report --ruling A.gcg [B.gcg]: el acta del árbitro (una página A4)',
      '  format ARCHIVO [--write]           la planilla en forma canónica',
      '  fix ARCHIVO [--write] [--lexicon RUTA]   corrige de una vez todas las puntuaciones y los totales',
      '  fill ARCHIVO [--write] [--json]    completa lo que la planilla permite deducir (coordenadas, puntuaciones, totales)',
      '  compare A.gcg B.gcg [--json] [--lexicon RUTA]   compara las dos planillas de una partida, turno a turno',
      '  export --for woogles ARCHIVO        GCG que lee Macondo/Woogles',
      '  lexicon info|check|compile ...      el léxico (véase «planilla lexicon --help»)',
      '  leaves info|export ...              los valores de atril (véase «planilla leaves --help»)',
      '  moves ARCHIVO --line L [--top N | --all] [--sort equity|score] [--count] [--json] [--lexicon RUTA] [--leaves RUTA]',
      '        las jugadas posibles del turno de la línea L, por equidad (puntos + valor de lo que queda)',
      '  moves ARCHIVO --line L --sim [--top K] [--plies N] [--iterations N] [--time S] [--seed N] [--threads N] [--json]',
      '        simula las K mejores jugadas N jugadas más allá: equidad simulada, intervalo y % de victoria',
      '  moves --stdin [--lexicon RUTA] [--leaves RUTA]   una posición JSON por línea → una respuesta JSON por línea',
      '  endgame ARCHIVO --line L [--json] [--time S] [--lexicon RUTA]   el final exacto con la bolsa vacía',
      '  analyze ARCHIVO|CARPETA... [--json] [--top N] [--lexicon RUTA] [--leaves RUTA] [--jobs N]',
      '        cada turno: la jugada hecha, su puesto, las mejores y la equidad perdida',
      '  lsp                                el servidor de lenguaje por stdio, para cualquier editor',
      '',
      'Opciones comunes: --lang es|en (idioma de los mensajes), --help, --version',
      'Ediciones: fise (vigente), fise-2004, fise-2001, naspa',
    ].join('\n'),
    en: [
      'Usage: planilla <command> [options] FILE...',
      '',
      'Commands:',
      '  check [--json] [--rules EDITION] [--tile-set spanish|english] [--lexicon PATH] [--jobs N] FILE|FOLDER...',
      '        check game records: moves, scores, totals and end of game;',
      '        --jobs N: parallel threads (default: from the number of files and of cores)',
      '  board FILE [--turn N] [--svg] [-o OUT] [--rules EDITION] [--tile-set spanish|english] [--lexicon PATH]',
      '        the board after event N (0 = empty; default: the end), as text or SVG',
      '  report FILE [--format html|md] [--diagrams] [-o OUT] [--rules EDITION] [--lexicon PATH]',
      '        audit report for arbiters; with --diagrams, a commented game with diagrams;',
      "        report --ruling A.gcg [B.gcg]: the arbiter's ruling sheet (one A4 page)",
      '  format FILE [--write]              the record in canonical form',
      '  fix FILE [--write] [--lexicon PATH]   every score and total corrected at once',
      '  fill FILE [--write] [--json]       completes what the sheet lets be worked out (coordinates, scores, totals)',
      '  compare A.gcg B.gcg [--json] [--lexicon PATH]   compare the two sheets of one game, turn by turn',
      '  export --for woogles FILE          GCG that Macondo/Woogles read',
      '  lexicon info|check|compile ...     the word list (see "planilla lexicon --help")',
      '  leaves info|export ...             the leave values (see "planilla leaves --help")',
      '  moves FILE --line L [--top N | --all] [--sort equity|score] [--count] [--json] [--lexicon PATH] [--leaves PATH]',
      '        the moves open on the turn of line L, by equity (points + value of the tiles kept)',
      '  moves FILE --line L --sim [--top K] [--plies N] [--iterations N] [--time S] [--seed N] [--threads N] [--json]',
      '        simulates the K best moves N plies ahead: simulated equity, interval and win %',
      '  moves --stdin [--lexicon PATH] [--leaves PATH]   one JSON position per line → one JSON answer per line',
      '  endgame FILE --line L [--json] [--time S] [--lexicon PATH]   the exact endgame with the bag empty',
      '  analyze FILE|FOLDER... [--json] [--top N] [--lexicon PATH] [--leaves PATH] [--jobs N]',
      '        each turn: the move played, its rank, the best moves and the equity lost',
      '  lsp                                the language server over stdio, for any editor',
      '',
      'Common options: --lang es|en (message language), --help, --version',
      'Editions: fise (current), fise-2004, fise-2001, naspa',
    ].join('\n'),
  },
  'cli.lsp.usage': {
    es: [
      'Uso: planilla lsp [--stdio | --node-ipc | --socket=PUERTO | --pipe=NOMBRE]',
      '',
      'El servidor de lenguaje de Planilla (Language Server Protocol), por stdio si no se indica otro canal.',
      'Los ajustes (la sección «planilla»: language, rules, lexicon, lexiconExtra, severity, …) llegan en',
      'initializationOptions, por workspace/configuration o con workspace/didChangeConfiguration.',
    ].join('\n'),
    en: [
      'Usage: planilla lsp [--stdio | --node-ipc | --socket=PORT | --pipe=NAME]',
      '',
      'The Planilla language server (Language Server Protocol), over stdio unless another channel is given.',
      'Settings (the "planilla" section: language, rules, lexicon, lexiconExtra, severity, …) come in',
      'initializationOptions, through workspace/configuration or with workspace/didChangeConfiguration.',
    ].join('\n'),
  },
  'cli.unknown-command': {
    es: 'planilla: orden desconocida «{command}» (pruebe «planilla --help»)',
    en: 'planilla: unknown command "{command}" (try "planilla --help")',
  },
  'cli.unknown-option': {
    es: 'planilla: opción desconocida «{option}»',
    en: 'planilla: unknown option "{option}"',
  },
  'cli.missing-value': {
    es: 'planilla: la opción {option} necesita un valor',
    en: 'planilla: option {option} needs a value',
  },
  'cli.flag-value': {
    es: 'planilla: la opción {option} no lleva valor',
    en: 'planilla: option {option} takes no value',
  },
  'cli.lsp.one-transport': {
    es: 'planilla lsp: un solo canal (--stdio, --node-ipc, --socket o --pipe)',
    en: 'planilla lsp: one channel only (--stdio, --node-ipc, --socket or --pipe)',
  },
  'cli.lsp.no-ipc': {
    es: 'planilla lsp: --node-ipc necesita un proceso padre con canal IPC (un editor que lo lance con fork)',
    en: 'planilla lsp: --node-ipc needs a parent process with an IPC channel (an editor that forks it)',
  },
  'cli.bad-value': {
    es: 'planilla: valor no válido para {option}: «{value}» (se admite: {allowed})',
    en: 'planilla: invalid value for {option}: "{value}" (allowed: {allowed})',
  },
  'cli.no-files': {
    es: 'planilla: no se indicó ningún archivo',
    en: 'planilla: no file given',
  },
  'cli.too-many-lines': {
    es: 'planilla: «{path}» tiene más de {max, number} líneas con contenido; no parece una planilla y no se reescribe ni se exporta',
    en: 'planilla: "{path}" has more than {max, number} content lines; it does not look like a game record and is neither rewritten nor exported',
  },
  'cli.export-score-only': {
    es: 'planilla: «{path}» tiene líneas con solo la puntuación, que GCG no sabe expresar; no se exporta',
    en: 'planilla: "{path}" has score-only lines, which GCG cannot express; it is not exported',
  },
  'cli.format-refused.replacement-character': {
    es: 'planilla: «{path}» contiene U+FFFD (bytes que no se pudieron descodificar); no se reformatea',
    en: 'planilla: "{path}" holds U+FFFD (bytes that could not be decoded); it is not reformatted',
  },
  'cli.format-refused.unreadable': {
    es: 'planilla: «{path}»: ninguna línea se lee como jugada o directiva (¿otra codificación, u otro tipo de archivo?); no se reformatea',
    en: 'planilla: "{path}": no line reads as an event or a pragma (another encoding, or not a record?); it is not reformatted',
  },
  'cli.unreadable': {
    es: 'planilla: no se puede leer «{path}»: {reason}',
    en: 'planilla: cannot read "{path}": {reason}',
  },
  'cli.reason.not-found': { es: 'no existe', en: 'no such file' },
  'cli.reason.is-directory': { es: 'es una carpeta', en: 'is a folder' },
  'cli.reason.not-file': { es: 'no es un archivo normal', en: 'is not a regular file' },
  'cli.reason.too-large': {
    es: 'es demasiado grande ({size, number} MB; máximo {max, number} MB)',
    en: 'is too large ({size, number} MB; at most {max, number} MB)',
  },
  'cli.reason.permission': { es: 'permiso denegado', en: 'permission denied' },
  'cli.reason.other': { es: '{detail}', en: '{detail}' },
  'cli.cannot-write': {
    es: 'planilla: no se puede escribir «{path}»: {reason}',
    en: 'planilla: cannot write "{path}": {reason}',
  },
  'cli.reason.no-space': { es: 'no queda espacio en el disco', en: 'no space left on the device' },
  'cli.reason.no-space-kept': {
    es: 'no queda espacio en el disco (un archivo anterior, si lo había, sigue intacto)',
    en: 'no space left on the device (any previous file is untouched)',
  },
  'cli.cannot-write-stdout': {
    es: 'planilla: no se puede escribir en la salida estándar: {reason}',
    en: 'planilla: cannot write to standard output: {reason}',
  },
  'cli.reason.no-folder': { es: 'la carpeta no existe', en: 'the folder does not exist' },
  'cli.reason.read-only': { es: 'el sistema de archivos es de solo lectura', en: 'the file system is read-only' },
  'cli.skipped-link': {
    es: 'planilla: se omite «{path}»: el enlace simbólico no lleva a ningún archivo (roto o en bucle)',
    en: 'planilla: skipping "{path}": the symbolic link leads to no file (broken or a loop)',
  },
  'cli.skipped-loop': {
    es: 'planilla: se omite «{path}»: el enlace simbólico lleva a una carpeta ya leída (un bucle)',
    en: 'planilla: skipping "{path}": the symbolic link leads back to a folder already read (a loop)',
  },
  'cli.no-gcg-in-folder': {
    es: 'planilla: la carpeta «{path}» no contiene archivos .gcg',
    en: 'planilla: folder "{path}" holds no .gcg files',
  },
  /* {headline}: the record's headline (service/headline.ts); {lexicon}: which list judged the words. */
  'cli.summary': {
    es: '{path}: {counts} · {edition} · {tileSet} · {lexicon} · {headline}',
    en: '{path}: {counts} · {edition} · {tileSet} · {lexicon} · {headline}',
  },
  /* {name}: the word list's name. */
  'cli.summary.lexicon': { es: 'palabras juzgadas con {name}', en: 'words judged with {name}' },
  'cli.summary.no-lexicon': { es: 'palabras sin juzgar (ningún léxico)', en: 'words not judged (no lexicon)' },
  'cli.severity.error': { es: 'error', en: 'error' },
  'cli.severity.warning': { es: 'aviso', en: 'warning' },
  'cli.severity.information': { es: 'info', en: 'info' },
  'cli.severity.hint': { es: 'sugerencia', en: 'hint' },
  'cli.summary.clean': { es: 'sin problemas', en: 'no problems' },
  'cli.count.error': { es: '{n, plural, one {# error} other {# errores}}', en: '{n, plural, one {# error} other {# errors}}' },
  'cli.count.warning': { es: '{n, plural, one {# aviso} other {# avisos}}', en: '{n, plural, one {# warning} other {# warnings}}' },
  'cli.count.information': {
    es: '{n, plural, one {# nota informativa} other {# notas informativas}}',
    en: '{n, plural, one {# information note} other {# information notes}}',
  },
  'cli.count.hint': { es: '{n, plural, one {# sugerencia} other {# sugerencias}}', en: '{n, plural, one {# hint} other {# hints}}' },
  'cli.total-summary': {
    es: '{files, plural, one {# archivo} other {# archivos}}: {withErrors, number} con errores, {errors, plural, one {# error} other {# errores}}, {warnings, plural, one {# aviso} other {# avisos}}',
    en: '{files, plural, one {# file} other {# files}}: {withErrors, number} with errors, {errors, plural, one {# error} other {# errors}}, {warnings, plural, one {# warning} other {# warnings}}',
  },
  'cli.lexicon-fallback': {
    es: 'planilla: aviso: {message}; se usa el léxico por omisión',
    en: 'planilla: warning: {message}; using the default word list',
  },
  'cli.lexicon-used': {
    es: 'léxico: {name} · {words, plural, one {# palabra} other {# palabras}} · SHA-256 {sha256}',
    en: 'word list: {name} · {words, plural, one {# word} other {# words}} · SHA-256 {sha256}',
  },
  'cli.turn-out-of-range': {
    es: 'planilla: el turno {turn} no existe (la planilla tiene {count, plural, one {# jugada} other {# jugadas}})',
    en: 'planilla: turn {turn} does not exist (the record has {count, plural, one {# event} other {# events}})',
  },
  'cli.export-target': {
    es: 'planilla: export necesita --for woogles',
    en: 'planilla: export needs --for woogles',
  },
  'cli.written': { es: 'escrito: {path}', en: 'written: {path}' },
  'cli.internal-error': {
    es: 'planilla: error interno al procesar «{path}»: {detail} (por favor, infórmenos)',
    en: 'planilla: internal error while processing "{path}": {detail} (please report it)',
  },
  'export.arbiter-penalty-note': {
    es: 'la línea anterior es una penalización del árbitro de {amount, plural, one {# punto} other {# puntos}} (art. {article}), no una penalización por tiempo: GCG no tiene línea para ella',
    en: 'the line above is an arbiter penalty of {amount, plural, one {# point} other {# points}} (art. {article}), not a time penalty: GCG has no line for it',
  },
  'board.after-turn': {
    es: 'Tablero tras la jugada {turn} de {count} (línea {line}: {event})',
    en: 'Board after event {turn} of {count} (line {line}: {event})',
  },
  'board.start': { es: 'Tablero inicial (ninguna jugada)', en: 'Initial board (no events)' },
  'board.rack': { es: 'Atril de {nick}: {rack}', en: "{nick}'s rack: {rack}" },
  'board.rack-unknown': { es: '(desconocido)', en: '(unknown)' },
  'board.rack-partial': { es: '(parcial)', en: '(partial)' },
  'board.totals': { es: 'Totales: {totals}', en: 'Totals: {totals}' },
  'board.bag': { es: 'Bolsa: {n, plural, one {# ficha} other {# fichas}}', en: 'Bag: {n, plural, one {# tile} other {# tiles}}' },
  'board.unseen': { es: 'Fichas por salir ({n}): {tiles}', en: 'Unseen tiles ({n}): {tiles}' },
  'board.legend': {
    es: 'Leyenda: = triple palabra · - doble palabra · " triple letra · \' doble letra · * centro · minúscula = comodín',
    en: 'Legend: = triple word · - double word · " triple letter · \' double letter · * centre · lower case = blank',
  },
  'board.game-over': { es: 'Partida terminada: {reason} (art. {article})', en: 'Game over: {reason} (art. {article})' },
  'end.out': { es: 'un jugador se quedó sin fichas con la bolsa vacía', en: 'a player went out with the bag empty' },
  'end.passes': { es: 'ambos jugadores pasaron dos veces seguidas', en: 'both players passed twice in a row' },
  'end.scoreless': { es: 'doce turnos seguidos sin puntuar', en: 'twelve scoreless turns in a row' },
  'end.blocked': { es: 'nadie podía jugar', en: 'nobody could play' },
  'end.time': { es: 'se agotó el tiempo total', en: 'total time ran out' },
  'end.naspa-zeros': { es: 'seis turnos seguidos sin puntuar', en: 'six scoreless turns in a row' },
};
