/**
 * Typed access to the generated Peggy parser (grammar/gcg.peggy → generated/gcg-parser.js).
 *
 * The grammar reads one line at a time and composes no tiles: racks and plays come out as
 * `RawTiles` (text, span, pieces; raw.ts); parse.ts turns them into `RackNode`/`PlayNode` once the
 * file's notation is known.
 *
 * Invariants: `parseLine` never throws (the `Line` rule always succeeds; a thrown parser error,
 * which would be a grammar bug, still becomes an `unexpected-line` error value).
 *
 * Example:
 *   const raw = parseLine('>Ana: ABILORS 8D LIBRO +16 16', 0, 0);   // raw.type === 'event'
 *   const score = parseRule('Score', '+24');                      // { text: '+24', value: 24, span }
 */
import { readCommonLine } from './fast-line';
import type { RawLine } from './raw';
import type { Span } from './types';

type GeneratedParser = typeof import('./generated/gcg-parser');
let generatedParser: GeneratedParser | undefined;

/**
 * The generated parser, loaded on first use: evaluating it makes a few hundred objects and
 * closures, which a record whose every line the fast reader reads never needs.
 */
function generated(): GeneratedParser {
  return (generatedParser ??= require('./generated/gcg-parser') as GeneratedParser);
}

/** Start rules a test or tool may call directly. */
export type StartRule =
  'Line' | 'Pragma' | 'Event' | 'EventBody' | 'Rack' | 'Play' | 'Coord' | 'Score' | 'Total' | 'Count' | 'Nick' | 'Keyword' | 'ClockTime';

function lineSpan(text: string, line: number, offset: number): Span {
  return {
    start: { line, column: 0, offset },
    end: { line, column: text.length, offset: offset + text.length },
  };
}

/**
 * Whether the fast line reader is used: yes, unless the environment says
 * `PLANILLA_FAST_READER=off` (read once, when this module loads). CI runs the whole suite once
 * with it off, so every test also checks the grammar alone.
 */
const FAST_READER: boolean = !(typeof process !== 'undefined' && process.env?.PLANILLA_FAST_READER === 'off');

/**
 * Parses one line (no line terminator) that starts at absolute `offset` on 0-based `line`. The
 * common well-formed lines are read by fast-line.ts (the same value, faster); the rest go to the
 * generated parser.
 */
export function parseLine(text: string, line: number, offset: number): RawLine {
  if (FAST_READER) {
    const common = readCommonLine(text, line, offset);
    if (common) return common;
  }
  return grammarLine(text, line, offset);
}

/** The generated parser's `Line` value, without the fast reader (for tests and comparisons). */
export function grammarLine(text: string, line: number, offset: number): RawLine {
  try {
    return generated().parse(text, { startRule: 'Line', line, offset }) as RawLine;
  } catch {
    const span = lineSpan(text, line, offset);
    return { type: 'error', span, line, at: span, messageId: 'unexpected-line', args: { text: text.slice(0, 40) } };
  }
}

/**
 * Runs one start rule on a whole string; returns the rule's value, or `undefined` when the string
 * is not exactly one such piece (for tests and tools; `parse` never uses this).
 */
export function parseRule(rule: StartRule, text: string): unknown {
  try {
    return generated().parse(text, { startRule: rule, line: 0, offset: 0 }) as unknown;
  } catch {
    return undefined;
  }
}
