/**
 * Messages the rules engine needs beyond the findings catalogue (findings.ts): a finding variant
 * the engine produces, and the note on a plain-notation rack that could be read in several ways
 * (TurnState.rackReading), which the service shows as a hint. Spanish and English, `{name}`
 * placeholders; the comment above each entry lists the arguments the engine passes.
 *
 * Example:
 *   ENGINE_MESSAGES['engine.rack-reading'].en;  // 'rack {rack} read as {chosen} …'
 */
import type { Catalog } from './types';

export const ENGINE_MESSAGES: Catalog = {
  /* Variant of end-rack-mismatch. {declared}: the amount written on the end-of-game line. */
  'end-rack-mismatch-no-end': {
    es: 'ajuste final {declared}, pero aquí no corresponde ninguno: nadie ha agotado su atril con la bolsa vacía ni la partida ha terminado por pases',
    en: 'end-of-game adjustment {declared}, but none belongs here: nobody has emptied the rack with the bag empty and the game has not ended by passes',
  },
  /* {rack}: the rack as written; {chosen}: the tiles read; {alternatives}: other readings that fit. */
  'engine.rack-reading': {
    es: 'el atril {rack} se ha leído como {chosen}; también encajaría {alternatives}. Escribir [RR], rr o las letras por separado evita la duda',
    en: 'rack {rack} read as {chosen}; {alternatives} would also fit. Writing [RR], rr or the letters apart removes the doubt',
  },
};
