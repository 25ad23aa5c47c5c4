/**
 * Messages of the annotator's tools: where a word without a coordinate went (its diagnostics and
 * quick fixes), `planilla fill` and the "Completar la planilla" command. Spanish and English,
 * `{name}` placeholders; the comment above an entry lists the arguments its producer passes.
 *
 * Example:
 *   formatMessage('sheet.word.located', { word: 'LAMiNAN', coord: '8B', play: 'LAMiNAN', score: '+69' }, 'en');
 *   // 'LAMiNAN went at 8B (LAMiNAN +69): the only placement with that score'
 */
import type { Catalog } from './types';

export const SHEET_MESSAGES: Catalog = {
  /* {word}: as written; {coord}, {play}: the placement; {score}: signed. */
  'sheet.word.located': {
    es: '{word} va en {coord} ({play} {score}): la única colocación con esa puntuación',
    en: '{word} went at {coord} ({play} {score}): the only placement with that score',
  },
  /* {word}; {score}: signed; {candidates}: 'COORD PLAY' joined by ' · '. */
  'sheet.word.ambiguous': {
    es: '{word} suma {score} en varios sitios y las líneas siguientes no deciden cuál: {candidates}',
    en: '{word} scores {score} in several places and the later lines do not tell which: {candidates}',
  },
  /* {word}: as written. */
  'sheet.word.unknown-board': {
    es: '{word}: no se puede situar porque el tablero no se conoce (hay una línea anterior solo con la puntuación)',
    en: '{word}: it cannot be placed because the board is not known (an earlier line holds only a score)',
  },
  /* {word}: as written; {line}: the 1-based line of the undecided word the board waits on. */
  'sheet.word.after-undecided': {
    es: '{word}: no se puede situar todavía: el tablero depende de la línea {line}, que no se pudo decidir (su colocación más probable no deja sitio a esta palabra)',
    en: '{word}: it cannot be placed yet: the board depends on line {line}, which could not be decided (its likeliest placement leaves no room for this word)',
  },
  /* {word}: as written; {line}: the 1-based line of the word that could not be placed. */
  'sheet.word.after-unplaced': {
    es: '{word}: no se puede situar: el tablero no se conoce desde la línea {line}, cuya palabra no se pudo situar',
    en: '{word}: it cannot be placed: the board is not known after line {line}, whose word could not be placed',
  },
  /* {word}; {coord}, {play}: the placement written (across); {score}: signed; {mirror}: the same move down. */
  'sheet.word.located-mirror': {
    es: '{word} va en {coord} ({play} {score}) o en {mirror}: la planilla no dice si la primera palabra fue horizontal o vertical; se escribe horizontal, y la partida en vertical sería la misma reflejada en la diagonal',
    en: '{word} went at {coord} ({play} {score}) or at {mirror}: the sheet does not say whether the first word went across or down; it is written across, and the game down would be the same mirrored across the diagonal',
  },
  /* {word}: as written. */
  /* One tile string before the score (NOTATION.md): {word} the string, {score} the line's score. */
  'sheet.word.as-rack': {
    es: '{word}: se lee como el atril de una línea solo con la puntuación (ninguna colocación de esa palabra suma {score})',
    en: '{word}: read as the rack of a score-only line (no placement of that word scores {score})',
  },
  'sheet.word.or-rack': {
    es: '{word} se toma como la palabra jugada, aunque también podría ser el atril de una línea solo con la puntuación',
    en: '{word} is taken as the word played, though it could also be the rack of a score-only line',
  },
  'sheet.word.no-score': {
    es: '{word}: falta la puntuación y los totales no la dicen',
    en: '{word}: the score is missing and the totals do not tell it',
  },
  /* planilla fill: {line} 1-based; {text} what was written; {candidates} 'COORD PLAY · …'; {reason}. */
  'fill.line.filled': { es: 'línea {line}: completada con {text}', en: 'line {line}: filled with {text}' },
  'fill.line.ambiguous': {
    es: 'línea {line}: varias colocaciones posibles, se deja como está: {candidates}',
    en: 'line {line}: several placements fit, left as it is: {candidates}',
  },
  'fill.line.impossible': { es: 'línea {line}: no se puede completar: {reason}', en: 'line {line}: cannot be filled: {reason}' },
  /* {reason}: why the line stays open (the finding's text). */
  'fill.line.doubtful': { es: 'línea {line}: se deja como está: {reason}', en: 'line {line}: left as it is: {reason}' },
  'fill.line.pending': { es: 'línea {line}: se deja como está: {reason}', en: 'line {line}: left as it is: {reason}' },
  /* {text}: what was written; {reason}: what the sheet cannot tell and what was chosen. */
  'fill.line.filled-note': {
    es: 'línea {line}: completada con {text} ({reason})',
    en: 'line {line}: filled with {text} ({reason})',
  },
  /* {mirror}: the first move down ('H4 SENTI'). */
  'fill.note.mirror': {
    es: 'la planilla no dice si la primera palabra fue horizontal o vertical: se escribe horizontal; en vertical sería {mirror}, con toda la partida reflejada en la diagonal',
    en: 'the sheet does not say whether the first word went across or down: it is written across; down it would be {mirror}, with the whole game mirrored across the diagonal',
  },
  'fill.line.unfinished': {
    es: 'línea {line}: línea sin terminar, se deja como está ({reason})',
    en: 'line {line}: unfinished line, left as it is ({reason})',
  },
  /* {path}; {filled}, {open}: line counts. */
  'fill.summary': {
    es: '{path}: {filled, plural, one {# línea completada} other {# líneas completadas}}, {open, plural, one {# abierta} other {# abiertas}}',
    en: '{path}: {filled, plural, one {# line filled} other {# lines filled}}, {open} open',
  },
  /* The editor's source action; {filled}, {open}: line counts. */
  'sheet.fill.title': {
    es: 'Completar la planilla ({filled, plural, one {# línea} other {# líneas}}; {open, plural, one {# queda abierta} other {# quedan abiertas}})',
    en: 'Complete the sheet ({filled, plural, one {# line} other {# lines}}; {open} left open)',
  },
  /* {coord}, {play}: the placement written by the fix. */
  'sheet.fix.writePlacement': {
    es: 'Escribir la colocación: {coord} {play}',
    en: 'Write the placement: {coord} {play}',
  },
  /* planilla fix: {line} an unfinished line (1-based); {first} the first of them. */
  'fix.unfinished': {
    es: 'línea {line}: sin terminar, se deja como está (los números desde la línea {first} no se corrigen)',
    en: 'line {line}: unfinished, left as it is (the numbers from line {first} on are not corrected)',
  },
  /* Quick fix of an exchange typed without its numbers; {total}: the player's total, unchanged by it. */
  'sheet.fix.exchangeScore': {
    es: 'Completar el cambio: +0 {total}',
    en: 'Complete the exchange: +0 {total}',
  },
};
