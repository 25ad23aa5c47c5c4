/**
 * The syntax layer's public face: parse a GCG record into a tree, write a tree back as canonical
 * GCG, and the tree's types. Nothing here knows about editors or the engine.
 *
 * Invariants: `parse` never throws; `parse(format(parse(x)).file)` reads the same as `parse(x)`.
 *
 * Example:
 *   import { parse, format } from './syntax';
 *   const text = format(parse(bytes).file);
 */
export * from './types';
export { parse, splitLines, syntaxErrors, MAX_EVENT_LINE } from './parse';
export { format, formatDocument, formatRefusal } from './format';
export { decode, type Decoded, type Encoding } from './encoding';
export { composePlay, composeRack, canonicalLetter, isLowerCase, playInNotation, rackInNotation, READINGS_CAP, DIGRAPHS } from './tiles';
export { parseRule, type StartRule } from './grammar';
