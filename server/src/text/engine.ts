/**
 * Messages the rules engine needs beyond the findings catalogue (findings.ts): the note on a plain-notation rack that could be read in several ways
 * (TurnState.rackReading), which the service shows as a hint. Spanish and English, `{name}`
 * placeholders; the comment above each entry lists the arguments the engine passes.
 *
 * Example:
 *   ENGINE_MESSAGES['engine.rack-reading'].en;  // 'rack {rack} read as {chosen} …'
 */
import type { Catalog } from './types';

export const ENGINE_MESSAGES: Catalog = {
  /* {rack}: the rack as written; {chosen}: the tiles read; {alternatives}: other readings that fit. */
  'engine.rack-reading': {
    es: 'el atril {rack} se ha leído como {chosen}; también encajaría {alternatives}. Escribir [RR], rr o las letras por separado evita la duda',
    en: 'rack {rack} read as {chosen}; {alternatives} would also fit. Writing [RR], rr or the letters apart removes the doubt',
  },
};
