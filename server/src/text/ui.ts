/**
 * Texts of the editor: hovers, code lenses, inlay hints, completion details, quick-fix titles,
 * the server's answers to commands and its log lines, in Spanish and English (the client's own
 * texts are in `client.ts`). `{name}` placeholders are
 * filled by `service/i18n.ts` (or `formatMessage`). Markdown is allowed in hover texts.
 *
 * Invariants: every id starts with `ui.`; every entry has both languages with the same
 * placeholders (checked by test/unit/service/catalog.test.ts).
 *
 * Example:
 *   UI_MESSAGES['ui.lens.totals'].es;   // 'tras la jugada: {p1} {t1} · {p2} {t2}'
 */
import type { Catalog } from './types';

export const UI_MESSAGES: Catalog = {
  // Code lenses
  'ui.lens.totals': { es: 'tras la jugada: {p1} {t1} · {p2} {t2}', en: 'after the move: {p1} {t1} · {p2} {t2}' },
  'ui.lens.sheetDiffers': { es: '⚠ la planilla dice {declared}', en: '⚠ the sheet says {declared}' },
  /* {name}: the list the record names (#lexicon). */
  'ui.lexicon.notConfigured': {
    es: 'No hay ninguna lista configurada para «{name}» (planilla.lexicons): las palabras se juzgan con la lista abierta incorporada, que no es la oficial',
    en: 'No list is set up for "{name}" (planilla.lexicons): words are judged with the built-in open list, which is not the official one',
  },
  'ui.encoding.replacementCharacter': {
    es: 'El archivo contiene caracteres que no se pudieron descodificar (U+FFFD): probablemente se abrió con una codificación equivocada. Vuelva a abrirlo con la codificación correcta; Planilla no lo formateará',
    en: 'The file holds characters that could not be decoded (U+FFFD): it was probably opened with the wrong encoding. Reopen it with the right encoding; Planilla will not format it',
  },
  'ui.fix.chooseLexicon': { es: 'Elegir el archivo de la lista «{name}»…', en: 'Choose the file of the "{name}" list…' },
  /* The record's headline (service/headline.ts): lens, CLI summary, report, board view. */
  'ui.headline.final': { es: 'Resultado final: {p1} {t1} – {p2} {t2}', en: 'Final result: {p1} {t1} – {p2} {t2}' },
  'ui.headline.provisional': {
    es: 'marcador provisional (partida sin terminar): {p1} {t1} – {p2} {t2}',
    en: 'provisional score (game not finished): {p1} {t1} – {p2} {t2}',
  },
  'ui.headline.empty': { es: 'ninguna jugada anotada', en: 'no moves recorded' },
  'ui.headline.player': { es: 'jugador {n}', en: 'player {n}' },
  'ui.headline.sheet': { es: '(la planilla: {t1}–{t2})', en: '(the sheet: {t1}–{t2})' },
  'ui.lens.rules': { es: '{edition} · {tileSet}', en: '{edition} · {tileSet}' },
  'ui.tileSet.spanish': { es: 'fichas españolas (FISE)', en: 'Spanish tiles (FISE)' },
  'ui.tileSet.english': { es: 'fichas inglesas', en: 'English tiles' },

  // Hovers: the move
  'ui.hover.moveTitle': { es: '**{n}. {nick}** — {what}', en: '**{n}. {nick}** — {what}' },
  'ui.event.placement': { es: 'jugada', en: 'play' },
  'ui.event.pass': { es: 'pasa', en: 'pass' },
  'ui.event.exchange': { es: 'cambio de fichas', en: 'exchange' },
  'ui.event.withdrawn': { es: 'jugada retirada tras la impugnación', en: 'play withdrawn after a challenge' },
  'ui.event.challenge-bonus': { es: 'bonificación por impugnación fallida', en: 'bonus for a failed challenge' },
  'ui.event.end-rack': { es: 'puntos del atril del rival al final', en: "points of the opponent's rack at the end" },
  'ui.event.rack-deduction': { es: 'resta del atril propio al final', en: 'own rack deducted at the end' },
  'ui.event.time-penalty': { es: 'penalización por tiempo', en: 'time penalty' },
  'ui.event.arbiter-penalty': { es: 'penalización del árbitro', en: "arbiter's penalty" },
  'ui.hover.moveHead': { es: '{title}: {score}', en: '{title}: {score}' },
  'ui.hover.crossWord': { es: '**{word}** (cruzada): {terms} = **{score}**', en: '**{word}** (cross word): {terms} = **{score}**' },
  'ui.hover.crossWordMultiplied': {
    es: '**{word}** (cruzada): ({terms}) × {multiplier} = **{score}**',
    en: '**{word}** (cross word): ({terms}) × {multiplier} = **{score}**',
  },
  'ui.hover.col.square': { es: 'casilla', en: 'square' },
  'ui.hover.col.tile': { es: 'ficha', en: 'tile' },
  'ui.hover.col.value': { es: 'valor', en: 'value' },
  'ui.hover.col.premium': { es: 'premio', en: 'premium' },
  'ui.hover.col.points': { es: 'puntos', en: 'points' },
  'ui.premium.DL': { es: 'doble letra ×2', en: 'double letter ×2' },
  'ui.premium.TL': { es: 'triple letra ×3', en: 'triple letter ×3' },
  'ui.premium.DW': { es: 'doble palabra ×2', en: 'double word ×2' },
  'ui.premium.TW': { es: 'triple palabra ×3', en: 'triple word ×3' },
  'ui.premium.short.DL': { es: 'DL', en: 'DL' },
  'ui.premium.short.TL': { es: 'TL', en: 'TL' },
  'ui.premium.short.DW': { es: 'DP', en: 'DW' },
  'ui.premium.short.TW': { es: 'TP', en: 'TW' },
  'ui.hover.wordSum': { es: '{word} = **{score}**', en: '{word} = **{score}**' },
  'ui.hover.wordSumMultiplied': { es: '{word} = {sum} × {multiplier} = **{score}**', en: '{word} = {sum} × {multiplier} = **{score}**' },
  'ui.hover.bingo': { es: 'Premio por usar las 7 fichas: **+{bonus}**', en: 'Bonus for using all 7 tiles: **+{bonus}**' },
  'ui.hover.scoreIllegal': {
    es: '**jugada ilegal**: {reason}; la planilla anota {declared}',
    en: '**illegal play**: {reason}; the sheet writes {declared}',
  },
  'ui.hover.illegal': { es: '**Jugada ilegal**: {reason} ({squares}).', en: '**Illegal play**: {reason} ({squares}).' },
  'ui.illegal.placement-gap': { es: 'queda una casilla vacía entre sus fichas', en: 'an empty square is left between its tiles' },
  'ui.illegal.square-occupied': { es: 'pone una ficha en una casilla ocupada', en: 'it puts a tile on an occupied square' },
  'ui.illegal.off-board': { es: 'se sale del tablero', en: 'it runs off the board' },
  'ui.illegal.through-tile-mismatch': {
    es: 'la letra anotada no es la que hay en el tablero',
    en: 'the letter written is not the one on the board',
  },
  'ui.illegal.not-connected': { es: 'no toca ninguna ficha del tablero', en: 'it touches no tile on the board' },
  'ui.illegal.first-move-center': {
    es: 'la primera jugada no pasa por la casilla central',
    en: 'the first move does not cover the centre square',
  },
  'ui.illegal.first-move-single-tile': { es: 'la primera jugada pone una sola ficha', en: 'the first move places a single tile' },
  'ui.illegal.direction-mismatch': { es: 'la coordenada no nombra la palabra entera', en: 'the coordinate does not name the whole word' },
  'ui.illegal.tile-not-in-rack': { es: 'usa una ficha que no está en el atril', en: 'it uses a tile that is not on the rack' },
  'ui.illegal.tile-not-in-set': { es: 'usa una letra que no tiene el juego de fichas', en: 'it uses a letter the tile set lacks' },
  'ui.illegal.blank-k-w': { es: 'un comodín no puede ser K ni W', en: 'a blank cannot be K or W' },
  'ui.illegal.separate-digraph': { es: 'forma CH, LL o RR con dos fichas sueltas', en: 'it spells CH, LL or RR with two loose tiles' },
  'ui.hover.scoreMatches': { es: '**{computed}**, como en la planilla', en: '**{computed}**, as on the sheet' },
  'ui.hover.scoreDiffers': {
    es: 'calculada **{computed}** · la planilla dice {declared} ⚠',
    en: 'computed **{computed}** · the sheet says {declared} ⚠',
  },
  'ui.hover.scoreNoSheet': { es: 'calculada **{computed}** (la planilla no la anota)', en: 'computed **{computed}** (not on the sheet)' },
  'ui.hover.trueTotals': {
    es: 'Totales reales tras la jugada: {p1} **{t1}** · {p2} **{t2}**',
    en: 'True totals after the move: {p1} **{t1}** · {p2} **{t2}**',
  },
  'ui.hover.sheetTotals': { es: 'En la planilla: {p1} {t1} · {p2} {t2}', en: 'On the sheet: {p1} {t1} · {p2} {t2}' },
  'ui.hover.gameOver': { es: 'La partida termina aquí (art. {article}).', en: 'The game ends here (art. {article}).' },

  // Hovers: coordinates, tiles, pragmas, findings
  'ui.direction.across': { es: 'horizontal', en: 'across' },
  'ui.direction.down': { es: 'vertical', en: 'down' },
  'ui.hover.coordTitle': { es: '**{coord}**: {direction}, {line}', en: '**{coord}**: {direction}, {line}' },
  'ui.hover.coordRow': { es: 'fila {row}', en: 'row {row}' },
  'ui.hover.coordColumn': { es: 'columna {column}', en: 'column {column}' },
  'ui.hover.coordSquares': { es: 'Casillas: {squares}', en: 'Squares: {squares}' },
  'ui.hover.offBoard': { es: 'fuera del tablero', en: 'off the board' },
  'ui.hover.blankName': { es: 'comodín', en: 'blank' },
  'ui.hover.tileUnseen': {
    es: '**{tile}**: quedan **{count}** sin ver tras este turno (bolsa: {bag, plural, one {# ficha} other {# fichas}}, más el atril del rival)',
    en: "**{tile}**: **{count}** still unseen after this turn (bag: {bag, plural, one {# tile} other {# tiles}}, plus the opponent's rack)",
  },
  'ui.hover.unseenGroups': {
    es: 'Fichas que {nick} no ve ({n}), por letra: {tiles}',
    en: 'Tiles unseen by {nick} ({n}), by letter: {tiles}',
  },
  'ui.hover.tileInSet': {
    es: 'El juego tiene {count} × {tile}, de {value, plural, one {# punto} other {# puntos}}.',
    en: 'The set has {count} × {tile}, worth {value, plural, one {# point} other {# points}}.',
  },
  'ui.hover.rulesInForce': { es: 'Reglamento aplicado: {edition}', en: 'Rules applied: {edition}' },
  'ui.hover.player': { es: 'Apodo **{nick}**, nombre {name}', en: 'Nick **{nick}**, name {name}' },
  'ui.hover.citation': { es: '**{citation}** — {title} · _{edition}_', en: '**{citation}** — {title} · _{edition}_' },

  // Pragmas (hover and completion)
  'ui.pragma.character-encoding': {
    es: 'Codificación del archivo. `UTF-8` es la estándar; sin ella, un archivo que no sea UTF-8 se lee como ISO-8859-1.',
    en: 'Encoding of the file. `UTF-8` is standard; without it, a file that is not UTF-8 is read as ISO-8859-1.',
  },
  'ui.pragma.player1': {
    es: 'Primer jugador: apodo (el que usan las jugadas) y nombre completo.',
    en: 'First player: nick (as the moves use it) and full name.',
  },
  'ui.pragma.player2': { es: 'Segundo jugador: apodo y nombre completo.', en: 'Second player: nick and full name.' },
  'ui.pragma.title': { es: 'Título de la partida.', en: 'Title of the game.' },
  'ui.pragma.description': { es: 'Descripción libre de la partida.', en: 'Free description of the game.' },
  'ui.pragma.id': {
    es: 'Identificador: autoridad e id (p. ej. `io.woogles abc123`).',
    en: 'Identifier: authority and id (e.g. `io.woogles abc123`).',
  },
  'ui.pragma.lexicon': {
    es: 'Léxico con el que se jugó; elige el juego de fichas y, con `planilla.lexicons`, la lista de palabras.',
    en: 'Lexicon the game was played with; picks the tile set and, through `planilla.lexicons`, the word list.',
  },
  'ui.pragma.game-type': { es: 'Tipo de partida (informativo).', en: 'Game type (informational).' },
  'ui.pragma.board-layout': { es: 'Disposición del tablero (informativo).', en: 'Board layout (informational).' },
  'ui.pragma.tile-distribution': { es: 'Juego de fichas: `spanish` o `english`.', en: 'Tile set: `spanish` or `english`.' },
  'ui.pragma.tile': {
    es: 'Declara una ficha de varias letras, p. ej. `#tile [CH] [ch]`.',
    en: 'Declares a multi-letter tile, e.g. `#tile [CH] [ch]`.',
  },
  'ui.pragma.rack1': { es: 'Atril final del primer jugador.', en: "First player's final rack." },
  'ui.pragma.rack2': { es: 'Atril final del segundo jugador.', en: "Second player's final rack." },
  'ui.pragma.incomplete': { es: 'La planilla no llega al final de la partida.', en: 'The record stops before the end of the game.' },
  'ui.pragma.note': {
    es: 'Nota (Markdown) sobre la jugada anterior; las líneas siguientes la continúan.',
    en: 'Note (Markdown) on the move before it; the following lines continue it.',
  },
  'ui.pragma.tile-set': { es: 'Juego de fichas (informativo).', en: 'Tile set (informational).' },
  'ui.pragma.game-board': { es: 'Tablero (informativo).', en: 'Board (informational).' },
  'ui.pragma.comment': { es: 'Comentario: se ignora.', en: 'Comment: ignored.' },
  'ui.pragma.rules': {
    es: 'Reglamento que juzga la partida: `fise` (vigente), `fise-2004`, `fise-2001` o `naspa`.',
    en: 'Rulebook that judges the game: `fise` (current), `fise-2004`, `fise-2001` or `naspa`.',
  },
  'ui.pragma.tile-notation': {
    es: 'Cómo se escriben CH, LL y RR: `brackets` (`[CH]`) o `plain` (`CH`).',
    en: 'How CH, LL and RR are written: `brackets` (`[CH]`) or `plain` (`CH`).',
  },
  'ui.pragma.clock': {
    es: 'Tiempo que le quedó a un jugador (`-MM:SS` si se pasó); sirve para comprobar la penalización por tiempo (art. 32).',
    en: "Time left on a player's clock (`-MM:SS` when over); used to check the time penalty (art. 32).",
  },
  'ui.pragma.challenge': {
    es: 'Tras una jugada: se impugnó y las palabras se declararon válidas (sin penalización en FISE).',
    en: 'After a play: it was challenged and the words were ruled valid (no penalty under FISE).',
  },
  'ui.pragma.game-end': {
    es: 'Final que la planilla no deja deducir: `time` (se acabó el tiempo) o `blocked` (nadie puede jugar).',
    en: 'An end the record cannot show by itself: `time` (time ran out) or `blocked` (nobody can play).',
  },
  'ui.pragma.unknown': { es: 'Pragma desconocido `#{name}`: se ignora.', en: 'Unknown pragma `#{name}`: ignored.' },

  // Inlay hints
  'ui.inlay.score': { es: '→ {computed}', en: '→ {computed}' },
  'ui.inlay.scoreTooltip': {
    es: 'Puntuación calculada {computed}; la planilla dice {declared}',
    en: 'Computed score {computed}; the sheet says {declared}',
  },
  'ui.inlay.total': { es: '→ {computed}', en: '→ {computed}' },
  'ui.inlay.totalTooltip': {
    es: 'Total real {computed}; la planilla dice {declared}',
    en: 'True total {computed}; the sheet says {declared}',
  },

  // Completion
  'ui.completion.player': { es: 'jugador', en: 'player' },
  'ui.completion.nextToMove': { es: 'le toca jugar', en: 'next to move' },
  'ui.completion.keptRack': { es: 'fichas que conserva de su turno anterior ({count})', en: 'tiles kept from the previous turn ({count})' },
  'ui.completion.across': { es: 'horizontal desde {square}', en: 'across from {square}' },
  'ui.completion.down': { es: 'vertical desde {square}', en: 'down from {square}' },
  'ui.completion.touches': {
    es: '{direction} · toca el tablero con {n, plural, one {# ficha} other {# fichas}}',
    en: '{direction} · reaches the board with {n, plural, one {# tile} other {# tiles}}',
  },

  // Quick fixes
  'ui.fix.setScore': { es: 'Poner la puntuación calculada: {computed}', en: 'Set the computed score: {computed}' },
  'ui.fix.setScoreAndTotal': {
    es: 'Poner la puntuación calculada {computed} y el total real {total}',
    en: 'Set the computed score {computed} and the true total {total}',
  },
  'ui.fix.setTotal': { es: 'Poner el total real: {total}', en: 'Set the true total: {total}' },
  'ui.fix.fiseEnding': {
    es: 'Escribir el final en dos líneas, como pide el reglamento FISE',
    en: 'Write the ending as two lines, as the FISE rulebook does',
  },
  'ui.fix.fillScore': {
    es: 'Completar la puntuación ({score}) y el total ({total})',
    en: 'Fill in the score ({score}) and the total ({total})',
  },
  'ui.fix.all': {
    es: 'Corregir todas las puntuaciones y los totales ({count, plural, one {# número} other {# números}})',
    en: 'Fix all scores and totals ({count, plural, one {# number} other {# numbers}})',
  },
  'ui.command.fixAll.done': {
    es: 'Planilla: {count, plural, one {# número corregido} other {# números corregidos}}{left, plural, =0 {.} one {; queda # hallazgo que los números no arreglan.} other {; quedan # hallazgos que los números no arreglan.}}',
    en: 'Planilla: {count, plural, one {# number corrected} other {# numbers corrected}}{left, plural, =0 {.} one {; # finding remains that numbers cannot fix.} other {; # findings remain that numbers cannot fix.}}',
  },
  /* {uri}: the record asked for. Fix all edits an open document; a record only on disk is opened first. */
  'ui.command.fixAll.notOpen': {
    es: 'Planilla: {uri} no está abierta en el editor; ábrala para corregir sus números.',
    en: 'Planilla: {uri} is not open in the editor; open it to correct its numbers.',
  },
  'ui.command.fixAll.nothing': {
    es: 'Planilla: no hay puntuaciones ni totales que corregir.',
    en: 'Planilla: no score or total to correct.',
  },
  'ui.command.fixAll.refused.syntax': {
    es: 'Planilla: la planilla tiene líneas ilegibles; corríjalas antes de corregir los números.',
    en: 'Planilla: the record has unreadable lines; mend them before correcting the numbers.',
  },
  'ui.command.fixAll.refused.truncated': {
    es: 'Planilla: la planilla no se ha leído entera; no se corrige.',
    en: 'Planilla: the record was not read in full; it is not corrected.',
  },
  /* {a}, {b}: the two file names. */
  'ui.command.compare.title': { es: '{a} ↔ {b} (planillas comparadas)', en: '{a} ↔ {b} (sheets compared)' },
  /* {folder}: the event's folder name. */
  'ui.command.event.title': { es: 'Auditoría: {folder}', en: 'Audit: {folder}' },
  'ui.command.event.noRecords': {
    es: 'Planilla: la carpeta «{folder}» no contiene planillas (.gcg).',
    en: 'Planilla: the folder "{folder}" holds no records (.gcg).',
  },
  'ui.command.event.cancelled': { es: 'Planilla: auditoría del torneo cancelada.', en: 'Planilla: event audit cancelled.' },
  'ui.fix.addEncoding': { es: 'Añadir «#character-encoding UTF-8»', en: 'Add "#character-encoding UTF-8"' },

  // Commands (what the server answers; the client's own notices are in client.ts)
  'ui.command.export.notWritten': {
    es: 'Planilla: no se ha escrito {name}: el editor no pudo crearlo (¿ya existe?). Indique otro archivo.',
    en: 'Planilla: {name} was not written: the editor could not create it (is it there already?). Name another file.',
  },
  'ui.command.checkWorkspace.noFolders': {
    es: 'Planilla: aquí no se pueden recorrer las carpetas; compruebe cada planilla abriéndola.',
    en: 'Planilla: folders cannot be walked here; open each record to check it.',
  },
  'ui.command.export.unreadable': { es: 'No se pudo leer {uri}.', en: 'Could not read {uri}.' },
  'ui.command.export.tooLong': {
    es: 'Esta planilla tiene más de {max, number} líneas con contenido y Planilla no la ha leído entera: no se exporta.',
    en: 'This record has more than {max, number} content lines and Planilla has not read all of it: it is not exported.',
  },

  // Board view: the body the server renders (the page and its notices are in client.ts)
  'ui.board.steps': { es: 'Recorrer la partida', en: 'Step through the game' },
  'ui.board.step.first': { es: 'Primera jugada (Inicio)', en: 'First event (Home)' },
  'ui.board.step.previous': { es: 'Jugada anterior (←)', en: 'Previous event (←)' },
  'ui.board.step.next': { es: 'Jugada siguiente (→)', en: 'Next event (→)' },
  'ui.board.step.last': { es: 'Última jugada (Fin)', en: 'Last event (End)' },
  'ui.board.turn': { es: 'Jugada {n} de {count} · línea {line}', en: 'Event {n} of {count} · line {line}' },
  'ui.board.start': {
    es: 'Antes de la primera jugada (la planilla tiene {count, plural, one {# jugada} other {# jugadas}})',
    en: 'Before the first event (the record has {count, plural, one {# event} other {# events}})',
  },
  'ui.board.noEvent': {
    es: 'Tablero vacío: mueva el cursor a una jugada o use los botones.',
    en: 'Empty board: move the cursor to an event or use the buttons.',
  },
  /* An illegal play. {reason}: one of ui.illegal.*; {declared}: the sheet's score; {squares}: 'H3, H8'. */
  'ui.board.scoreIllegal': {
    es: 'Jugada ilegal: {reason}. La planilla anota {declared}.',
    en: 'Illegal play: {reason}. The sheet writes {declared}.',
  },
  'ui.board.illegalSquares': { es: 'Casillas en falta: {squares}', en: 'Squares at fault: {squares}' },
  'ui.board.scoreMatches': { es: 'Puntuación: {computed} (coincide con la planilla)', en: 'Score: {computed} (matches the sheet)' },
  'ui.board.scoreDiffers': {
    es: 'Puntuación calculada: {computed} · la planilla dice {declared}',
    en: 'Computed score: {computed} · the sheet says {declared}',
  },
  'ui.board.scoreNoSheet': {
    es: 'Puntuación calculada: {computed} (la planilla no la anota)',
    en: 'Computed score: {computed} (not on the sheet)',
  },
  'ui.board.words': { es: 'Palabras:', en: 'Words:' },
  'ui.board.unaccepted': { es: 'no aceptada por el léxico', en: 'not accepted by the word list' },
  'ui.board.bingo': { es: '+{bonus} por colocar las siete fichas', en: '+{bonus} for placing all seven tiles' },
  'ui.board.lastMove': { es: 'Fichas de esta jugada (resaltadas): {squares}', en: 'Tiles of this event (highlighted): {squares}' },
  'ui.board.trueTotal': { es: 'Total real:', en: 'True total:' },
  'ui.board.sheetTotal': { es: '(la planilla dice {total})', en: '(the sheet says {total})' },
  'ui.board.rack': { es: 'Atril de {nick}', en: "{nick}'s rack" },
  'ui.board.rackUnknown': { es: 'atril desconocido', en: 'rack unknown' },
  'ui.board.rackEmpty': { es: 'atril vacío', en: 'rack empty' },
  'ui.board.rackPartial': { es: '(en parte)', en: '(in part)' },
  'ui.board.blankTile': { es: 'comodín', en: 'blank' },
  'ui.board.bag': { es: 'Bolsa: {n, plural, one {# ficha} other {# fichas}}', en: 'Bag: {n, plural, one {# tile} other {# tiles}}' },
  'ui.board.unseenFor': { es: 'Fichas que {nick} no ve ({n})', en: 'Tiles unseen by {nick} ({n})' },
  'ui.board.unseenAll': { es: 'Fichas del juego ({n})', en: 'Tiles of the set ({n})' },
  'ui.board.keys': {
    es: 'Teclas: ← → jugada anterior y siguiente · Inicio y Fin primera y última. El cursor del editor sigue al tablero.',
    en: 'Keys: ← → previous and next event · Home and End first and last. The editor cursor follows the board.',
  },
  // The board view's list of best moves (report/board-body.ts, service/coach.ts).
  'ui.board.coach.pending': { es: 'Calculando las mejores jugadas…', en: 'Working out the best moves…' },
  'ui.board.coach.list': { es: 'Mejores jugadas de este turno', en: 'Best moves of this turn' },
  'ui.board.coach.start': {
    es: 'Sitúe el cursor en una jugada para ver las mejores de ese turno.',
    en: 'Put the cursor on a move to see the best ones of that turn.',
  },
  'ui.board.coach.notMove': {
    es: 'Este evento no es una jugada: no hay jugadas con que compararlo.',
    en: 'This event is not a move: there are no moves to compare it with.',
  },
  /* {reason}: why the turn is not analysed (analysis.reason.*, ui.coach.noLexicon). */
  'ui.board.coach.skipped': { es: 'Sin análisis de este turno: {reason}.', en: 'No analysis of this turn: {reason}.' },
  'ui.board.coach.playedRow': { es: 'la jugada hecha', en: 'the move played' },
  'ui.board.coach.hint': {
    es: 'Señale una jugada (o llévele el foco con Tab) para verla en el tablero, sin las fichas de la jugada hecha.',
    en: 'Point at a move (or Tab to it) to see it on the board, without the tiles of the move played.',
  },
  /* {rank}: 1-based place; {move}: '8D CAMINO +26'; {equity}: its equity. */
  'ui.board.coach.rowTitle': {
    es: '{rank}.ª: {move}, equidad {equity}',
    en: 'No. {rank}: {move}, equity {equity}',
  },

  // Server log and notices
  'ui.server.outputOverflow': {
    es: 'planilla lsp: el cliente no lee lo que el servidor le envía ({messages} mensajes, {mb} MB esperan); se cierra la conexión.',
    en: 'planilla lsp: the client does not read what the server sends it ({messages} messages, {mb} MB waiting); closing the connection.',
  },
  'ui.server.handlerFailed': { es: 'Error interno en {handler}: {error}', en: 'Internal error in {handler}: {error}' },
  'ui.server.untrustedPathRefused': {
    es: 'Espacio de trabajo no fiable: el ajuste {setting} ({path}) apunta fuera de las carpetas del espacio de trabajo y no se usa.',
    en: 'Untrusted workspace: the setting {setting} ({path}) points outside the workspace folders and is not used.',
  },
  'ui.server.lexiconFallback': {
    es: 'No se pudo cargar el léxico {path} ({problem}); se usa la lista incluida.',
    en: 'Could not load the lexicon {path} ({problem}); using the built-in list.',
  },
  'ui.server.timing': { es: '{uri} v{version}: análisis en {ms} ms', en: '{uri} v{version}: analysed in {ms} ms' },

  // Score-only lines, #event and #round (the arbiter's desk)
  'ui.event.score-only': { es: 'solo la puntuación (jugada no anotada)', en: 'score only (play not written)' },
  'ui.event.word': { es: 'palabra sin coordenada', en: 'word without a coordinate' },
  'ui.pragma.event': {
    es: 'Torneo o evento, para los informes y el acta del árbitro.',
    en: 'Tournament or event, for reports and the ruling sheet.',
  },
  'ui.pragma.round': {
    es: 'Ronda del torneo, para los informes y el acta del árbitro.',
    en: 'Tournament round, for reports and the ruling sheet.',
  },
  'ui.pragma.sheet-of': {
    es: 'De quién es esta planilla (el apodo de un jugador): en un torneo, cada jugador lleva la suya y se comparan.',
    en: 'Whose sheet this is (a player’s nick): at an event each player keeps one and they are compared.',
  },
  /* {article}: 'art. 5.1'. */
  'ui.hover.playNotChecked': {
    es: 'Jugada sin comprobar: la planilla solo anota los números de este turno (o el tablero ya no se conoce tras una línea así); la puntuación se da por buena y se comprueban las sumas ({article}).',
    en: 'Play not checked: the sheet holds only the numbers of this turn (or the board is no longer known after such a line); the score is taken as written and the additions are checked ({article}).',
  },
  'ui.command.export.scoreOnly': {
    es: 'Esta planilla tiene líneas con solo la puntuación, que GCG no sabe expresar: no se exporta.',
    en: 'This record has score-only lines, which GCG cannot express: it is not exported.',
  },
  'ui.lens.notChecked': { es: '(jugada sin comprobar)', en: '(play not checked)' },
  /* {count}: turns not checked. */
  'ui.lens.playsNotChecked': {
    es: '{count, plural, one {# jugada sin comprobar} other {# jugadas sin comprobar}}: solo números (art. 5.1)',
    en: '{count, plural, one {# play not checked} other {# plays not checked}}: numbers only (art. 5.1)',
  },

  // The coach's analysis (service/coach.ts): hover section and code lens of a move.
  'ui.coach.heading': { es: 'Mejores jugadas (equidad estática)', en: 'Best moves (static equity)' },
  'ui.coach.col.move': { es: 'jugada', en: 'move' },
  'ui.coach.col.word': { es: 'palabra', en: 'word' },
  'ui.coach.col.score': { es: 'puntos', en: 'score' },
  'ui.coach.col.leave': { es: 'deja', en: 'leave' },
  'ui.coach.col.equity': { es: 'equidad', en: 'equity' },
  'ui.coach.pass': { es: 'pasa', en: 'pass' },
  'ui.coach.exchange': { es: 'cambio {tiles}', en: 'exchange {tiles}' },
  'ui.coach.exchangeShort': { es: 'cambio', en: 'exch.' },
  'ui.coach.noLexicon': { es: 'sin lista de palabras no se listan jugadas', en: 'moves are not listed without a word list' },
  'ui.coach.lens': { es: 'mejor (estática): {move} (-{lost})', en: 'best (static): {move} (-{lost})' },
  'ui.coach.lensBestPlayed': { es: 'mejor (estática): la jugada hecha ({move})', en: 'best (static): the move played ({move})' },
  'ui.coach.lensIllegal': {
    es: 'mejor (estática): {move} (la jugada hecha no es legal)',
    en: 'best (static): {move} (the move played is not legal)',
  },
  /* The move played forms words the built-in open list lacks and breaks no other rule. {move}: the best; {words}: those words ('XIS'). */
  'ui.coach.lensUnlisted': {
    es: 'mejor (estática): {move} (la jugada hecha forma {words}, que la lista abierta no tiene: por comprobar en la oficial)',
    en: 'best (static): {move} (the move played forms {words}, not in the open list: to be checked in the official one)',
  },
  'ui.coach.lensNone': { es: 'no hay jugadas legales', en: 'no legal moves' },
  /* A turn with the bag empty, graded by the endgame search. {move}: the endgame's best move; {lost}: points to the end lost; {search}: ui.coach.endgameExact or ui.coach.endgameDepth. */
  'ui.coach.lensEndgame': { es: 'final: mejor {move} (-{lost}; {search})', en: 'endgame: best {move} (-{lost}; {search})' },
  'ui.coach.lensEndgameBest': {
    es: 'final: la jugada hecha es la mejor ({move}, {spread} hasta el final; {search})',
    en: 'endgame: the move played is the best ({move}, {spread} to the end; {search})',
  },
  'ui.coach.endgameExact': { es: 'exacto', en: 'exact' },
  'ui.coach.endgameDepth': {
    es: 'visto a {depth, plural, one {# jugada} other {# jugadas}}',
    en: 'searched {depth, plural, one {# ply} other {# plies}} deep',
  },
  'ui.coach.lensSkipped': { es: 'sin análisis: {reason}', en: 'no analysis: {reason}' },
  'ui.coach.playedBest': { es: 'La jugada hecha es la mejor (◀).', en: 'The move played is the best (◀).' },
  /* {rank}: the move played's place by equity; {lost}: equity lost, written for the language. */
  'ui.coach.playedRank': {
    es: 'La jugada hecha es la {rank}.ª (◀): pierde {lost} de equidad.',
    en: 'The move played ranks {rank} (◀): it loses {lost} of equity.',
  },
  /* {more}: moves between the list and the move played. */
  'ui.coach.playedBelow': {
    es: '{more, plural, =0 {} one {+# más… } other {+# más… }}La jugada hecha es la {rank}.ª: {move}, equidad {equity}; pierde {lost}.',
    en: '{more, plural, =0 {} one {+# more… } other {+# more… }}The move played ranks {rank}: {move}, equity {equity}; it loses {lost}.',
  },
  'ui.coach.playedIllegal': {
    es: 'La jugada hecha no es legal: frente a la mejor pierde {lost} de equidad.',
    en: 'The move played is not legal: against the best it loses {lost} of equity.',
  },
  /* {words}: the move played's words the built-in open list lacks; {lost}: equity lost. */
  'ui.coach.playedUnlisted': {
    es: 'La jugada hecha forma {words}, que no está en la lista abierta incorporada; esa lista no es la oficial, así que la jugada queda sin juzgar. Frente a la mejor pierde {lost} de equidad.',
    en: 'The move played forms {words}, which is not in the built-in open list; that list is not the official one, so the move is left unjudged. Against the best it loses {lost} of equity.',
  },
  // Renaming a nick, workspace symbols, the extra-list quick fix
  'ui.rename.notNick': {
    es: 'Solo se puede renombrar el apodo de un jugador (en #player1, #player2, #clock o al principio de una jugada)',
    en: "Only a player's nick can be renamed (in #player1, #player2, #clock or at the start of a move)",
  },
  'ui.rename.invalid': {
    es: 'Un apodo no puede tener espacios ni «:»',
    en: 'A nick cannot hold blank space or ":"',
  },
  'ui.rename.taken': {
    es: 'Ese apodo ya es el del otro jugador',
    en: "That nick is already the other player's",
  },
  /* {round}: the round as the #round line writes it. */
  'ui.symbol.round': { es: 'Ronda {round}', en: 'Round {round}' },
  /* {word}: the refused word; {list}: the extra list's file name. */
  'ui.fix.addToExtraList': {
    es: 'Añadir {word} a mi lista de palabras añadidas ({list})',
    en: 'Add {word} to my extra word list ({list})',
  },
  'ui.extraList.added': {
    es: '{word} está ahora en su lista de palabras añadidas ({list})',
    en: '{word} is now in your extra word list ({list})',
  },
  'ui.extraList.failed': {
    es: 'No se pudo escribir en la lista de palabras añadidas {list}: {error}',
    en: 'Could not write to the extra word list {list}: {error}',
  },
  'ui.extraList.notSet': {
    es: 'Esa no es la lista de palabras añadidas configurada (planilla.lexiconExtra)',
    en: 'That is not the extra word list that is set (planilla.lexiconExtra)',
  },
  /* {path}: the extra (or banned) word list; {problem}: why it could not be read. */
  'ui.server.extraListLeftOut': {
    es: 'No se pudo leer la lista de palabras añadidas {path} ({problem}); se juzga sin ella.',
    en: 'Could not read the extra word list {path} ({problem}); words are judged without it.',
  },
  'ui.server.bannedListLeftOut': {
    es: 'No se pudo leer la lista de palabras excluidas {path} ({problem}); se juzga sin ella.',
    en: 'Could not read the banned word list {path} ({problem}); words are judged without it.',
  },
  // The coach's lists: the hover's summary, blank variants, the list in use, words outside the official list
  'ui.coach.summaryHeading': { es: 'Análisis:', en: 'Analysis:' },
  /* The hover's summary of a turn graded by static equity (not the endgame). */
  'ui.coach.summaryHeadingStatic': { es: 'Análisis (estática):', en: 'Analysis (static):' },
  /* One line that fits a hover's width. {rank}: the move played's place; {lost}: equity it loses; {move}: the best move; {equity}: its equity. */
  'ui.coach.summaryRank': {
    es: 'puesto {rank}, pierde {lost} · mejor {move} (eq. {equity})',
    en: 'rank {rank}, loses {lost} · best {move} (eq. {equity})',
  },
  /* A turn with the bag empty. {played} / {best}: the mover's spread to the end of the game after the move played / the best line. */
  'ui.coach.summaryEndgame': {
    es: 'final ({search}): {played} hasta el final, pierde {lost} · mejor {move} ({best} hasta el final)',
    en: 'endgame ({search}): {played} to the end, loses {lost} · best {move} ({best} to the end)',
  },
  'ui.coach.summaryEndgameBest': {
    es: 'final ({search}): la mejor, {move} ({best} hasta el final)',
    en: 'endgame ({search}): the best, {move} ({best} to the end)',
  },
  'ui.coach.summaryBest': {
    es: 'la mejor: {move} (eq. {equity})',
    en: 'the best: {move} (eq. {equity})',
  },
  'ui.coach.summaryIllegal': {
    es: 'no es legal, pierde {lost} · mejor {move} (eq. {equity})',
    en: 'not legal, loses {lost} · best {move} (eq. {equity})',
  },
  /* {words}: the move played's words the built-in open list lacks; {lost}, {move}, {equity} as above. */
  'ui.coach.summaryUnlisted': {
    es: '{words} no está en la lista abierta (no es la oficial), pierde {lost} · mejor {move} (eq. {equity})',
    en: '{words} not in the open list (not the official one), loses {lost} · best {move} (eq. {equity})',
  },
  /* {n}: other letters for the blank at the same place; {letters}: those letters. */
  'ui.coach.variants': {
    es: '{n, plural, one {+# variante} other {+# variantes}} ({letters})',
    en: '{n, plural, one {+# variant} other {+# variants}} ({letters})',
  },
  'ui.coach.variantsShort': {
    es: '{n, plural, one {+# variante} other {+# variantes}}',
    en: '{n, plural, one {+# variant} other {+# variants}}',
  },
  /* {name}: the word list's name; {official}: the list under the extra one. */
  'ui.coach.listBuiltin': {
    es: 'Lista: {name} (la abierta incorporada, no la oficial)',
    en: 'List: {name} (the built-in open list, not the official one)',
  },
  'ui.coach.listUser': { es: 'Lista: {name}', en: 'List: {name}' },
  'ui.coach.listExtra': {
    es: 'Lista: {name} (oficial: {official}, más la lista de palabras añadidas)',
    en: 'List: {name} (official: {official}, plus the extra word list)',
  },
  /* {mark}: the mark beside such words. */
  'ui.coach.notOfficialLegend': {
    es: '{mark} no está en la lista oficial ({official}): solo la acepta la lista de palabras añadidas',
    en: '{mark} not in the official list ({official}): only the extra word list accepts it',
  },
  'ui.board.coach.blankLetter': { es: 'comodín como {letter}', en: 'blank as {letter}' },
  /* {words}: the words the official list would not accept. */
  'ui.board.coach.notOfficialRow': { es: 'no está en la lista oficial: {words}', en: 'not in the official list: {words}' },
  'ui.board.coach.variantsTitle': {
    es: 'La misma palabra en el mismo sitio con otra letra para el comodín: {letters}',
    en: 'The same word at the same place with another letter for the blank: {letters}',
  },
  // The arbiter's comparison of two sheets (a table in a view of its own)
  'ui.compare.documentTitle': { es: 'Comparación de planillas', en: 'Sheets compared' },
  /* {a}, {b}: the two files' names. */
  'ui.compare.panelTitle': { es: 'Comparación: {a} ↔ {b}', en: 'Compared: {a} ↔ {b}' },
  'ui.compare.col.turn': { es: 'turno', en: 'turn' },
  'ui.compare.col.player': { es: 'jugador', en: 'player' },
  /* {sheet}: A or B; {name}: that sheet's file name. */
  'ui.compare.col.sheet': { es: 'planilla {sheet} ({name})', en: 'sheet {sheet} ({name})' },
  'ui.compare.col.board': { es: 'tablero', en: 'board' },
  'ui.compare.col.verdict': { es: 'veredicto', en: 'verdict' },
  'ui.compare.agree': { es: 'coinciden', en: 'agree' },
  'ui.compare.right.a': { es: 'tiene razón A', en: 'A is right' },
  'ui.compare.right.b': { es: 'tiene razón B', en: 'B is right' },
  'ui.compare.right.both': { es: 'las dos anotan lo cierto', en: 'both write the truth' },
  'ui.compare.right.neither': { es: 'ninguna anota lo cierto', en: 'neither writes the truth' },
  'ui.compare.carried': { es: '(arrastra una diferencia anterior)', en: '(carries an earlier difference)' },
  'ui.compare.noTruth': { es: 'sin jugada que comprobar', en: 'no play to check' },
  'ui.compare.unchecked': { es: 'jugada sin comprobar (planilla solo de puntos)', en: 'play not checked (a score-only sheet)' },
  /* {bonus}: the bingo bonus. */
  'ui.compare.bingo': { es: '+ {bonus} por las siete fichas', en: '+ {bonus} for all seven tiles' },
  /* {n}: turns compared; {differing}: turns where the sheets differ. */
  'ui.compare.counts': {
    es: '{n, plural, one {# turno comparado} other {# turnos comparados}}; {differing, plural, =0 {ninguno difiere} one {# difiere} other {# difieren}}.',
    en: '{n, plural, one {# turn compared} other {# turns compared}}; {differing, plural, =0 {none differs} one {# differs} other {# differ}}.',
  },
  // "Analizar a fondo" (service/deep.ts): the hover, the lens and the notice.
  'ui.deep.notMove': {
    es: 'aquí no hay una jugada que analizar a fondo (una colocación, un cambio o un pase)',
    en: 'there is no move here to analyse deeply (a placement, an exchange or a pass)',
  },
  'ui.deep.lensAction': { es: 'Analizar a fondo', en: 'Deep analysis' },
  // The shared verdict of a turn (service/verdict-view.ts). {how}: the method in words (winpct.how.*); {move}: the move named best.
  'ui.verdict.lens': { es: 'a fondo ({how}): {verdict}', en: 'deep ({how}): {verdict}' },
  'ui.verdict.heading': { es: 'A fondo ({how}):', en: 'Deep ({how}):' },
  'ui.verdict.playedBest': { es: 'la jugada hecha es la mejor ({move})', en: 'the move played is the best ({move})' },
  /* {loss}: points lost against the move named best; {win}: win % lost against it. */
  'ui.verdict.loses': {
    es: 'mejor {move}; la jugada hecha pierde {loss} y {win} % de victoria',
    en: 'best {move}; the move played loses {loss} and {win}% of winning',
  },
  /* One simulated move of the verdict: {equity} ± {half}, its simulated equity and half its 95 % interval. */
  'ui.verdict.simMove': {
    es: '{move}: equidad simulada {equity} ± {half} · gana {win} %',
    en: '{move}: simulated equity {equity} ± {half} · wins {win}%',
  },
  'ui.deep.lensSim': {
    es: 'a fondo: la jugada hecha gana {win} % · eq. simulada {equity} (mejor {best}: {bestEquity})',
    en: 'deep: the move played wins {win}% · simulated equity {equity} (best {best}: {bestEquity})',
  },
  'ui.deep.lensSimNone': {
    es: 'a fondo: mejor {best} · eq. simulada {bestEquity} · gana {bestWin} %',
    en: 'deep: best {best} · simulated equity {bestEquity} · wins {bestWin}%',
  },
  'ui.deep.lensEndgame': {
    es: 'a fondo: la jugada hecha da {spread} hasta el final (lo mejor, {best})',
    en: 'deep: the move played gives {spread} to the end (the best, {best})',
  },
  'ui.deep.lensEndgameNone': { es: 'a fondo: lo mejor da {best} hasta el final', en: 'deep: the best gives {best} to the end' },
  /* {equity} ± {half}: the simulated equity and half its 95 % interval; {static}: the static equity. */
  'ui.deep.simFigures': {
    es: 'equidad simulada {equity} ± {half} · gana {win} % · estática {static}',
    en: 'simulated equity {equity} ± {half} · wins {win}% · static {static}',
  },
  'ui.deep.simHeading': {
    es: 'A fondo: simulación a {plies, plural, one {# jugada} other {# jugadas}}, {iterations, plural, one {# iteración} other {# iteraciones}}, semilla {seed}',
    en: 'Deep: simulation {plies, plural, one {# move} other {# moves}} ahead, {iterations, plural, one {# iteration} other {# iterations}}, seed {seed}',
  },
  'ui.deep.simBest': { es: 'mejor simulada: {move}: {figures}', en: 'best simulated: {move}: {figures}' },
  'ui.deep.simPlayed': { es: 'la jugada hecha: {figures}', en: 'the move played: {figures}' },
  'ui.deep.simPlayedBest': {
    es: 'la jugada hecha es la mejor simulada: {figures}',
    en: 'the move played is the best simulated: {figures}',
  },
  'ui.deep.simPlayedNone': { es: 'la jugada hecha no es legal: no se simula', en: 'the move played is not legal: not simulated' },
  'ui.deep.endgameHeading': { es: 'Final exacto (bolsa vacía)', en: 'Exact endgame (bag empty)' },
  'ui.deep.endgameHeadingDepth': {
    es: 'Final (bolsa vacía), buscado a {depth, plural, one {# jugada} other {# jugadas}}: no resuelto hasta el final',
    en: 'Endgame (bag empty), searched {depth, plural, one {# move} other {# moves}} deep: not solved to the end',
  },
  /* {spread}: the mover's points minus the opponent's from here to the end. */
  'ui.deep.endgameBest': { es: 'lo mejor: {move}, diferencia hasta el final {spread}', en: 'best: {move}, spread to the end {spread}' },
  'ui.deep.endgameBestDepth': {
    es: 'lo mejor hallado: {move}, diferencia {spread} a {depth, plural, one {# jugada} other {# jugadas}}',
    en: 'best found: {move}, spread {spread} {depth, plural, one {# move} other {# moves}} deep',
  },
  'ui.deep.endgamePlayed': { es: 'la jugada hecha: {spread} (pierde {lost})', en: 'the move played: {spread} (loses {lost})' },
  'ui.deep.endgamePlayedBest': { es: 'la jugada hecha es la mejor', en: 'the move played is the best' },
  'ui.deep.endgamePlayedNone': {
    es: 'la jugada hecha no se pudo valorar en el tiempo de un paso',
    en: 'the move played could not be valued within one step',
  },
  'ui.deep.endgameLine': { es: 'línea: {line}', en: 'line: {line}' },
  'ui.board.deep.heading': { es: 'A fondo', en: 'Deep analysis' },
  'ui.board.deep.lineHeading': { es: 'Línea del final', en: 'Endgame line' },
  'ui.board.deep.lineStep': { es: '{n}. {move}', en: '{n}. {move}' },
  'ui.board.deep.col.sim': { es: 'eq. sim.', en: 'sim. eq.' },
  'ui.board.deep.col.win': { es: 'gana', en: 'wins' },
  'ui.board.deep.col.static': { es: 'estática', en: 'static' },
};
