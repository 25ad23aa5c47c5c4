/**
 * Records and helpers for the service tests: cursor markers (`|` marks the cursor; the marker is
 * removed from the text), analysis with the built-in lexicon, and applying text edits.
 *
 * The records are the worked examples of the shared spec (WORKED-EXAMPLES.md), whose scores and
 * totals were checked by hand, plus small variations with one deliberate mistake each.
 *
 * Example:
 *   const { text, position } = cursor('>Ana: ABILORS 8D LI|BRO +16 16\n');
 *   const a = analyzeRecord(text);
 */
import { strict as assert } from 'node:assert';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Position, TextEdit } from 'vscode-languageserver-types';
import { analyze, type Analysis, type AnalysisSettings } from '../../../server/src/service/document';
import { loadDefaultLexicon } from '../../../server/src/lexicon/load';
import { DEFAULT_SETTINGS, readSettings, type PlanillaSettings } from '../../../server/src/service/settings';
import { APPENDIX_A_FISE_ENDING, APPENDIX_A_MOVES, WORKED_HEADER } from '../../support/worked-examples';

export const HEADER = [...WORKED_HEADER];

/** Worked example 6: LIBRO, then IDEA with two cross words (IR, DO). */
export const EXAMPLE_6 = [...HEADER, '#incomplete', '>Ana: ABILORS 8D LIBRO +16 16', '>Beto: ADEIMNT 7G IDEA +13 13', ''].join('\n');

const GAME_A_MOVES = APPENDIX_A_MOVES;

/** The FISE two-line ending of example 14 (art. 37.4). */
export const FISE_ENDING = APPENDIX_A_FISE_ENDING;

/** Appendix A: a complete game that replays with no finding (example 14's ending). */
export const GAME_A = [...HEADER, ...GAME_A_MOVES, ...FISE_ENDING, ''].join('\n');

/** Example 15: the same game closed in the GCG `+2R` convention. */
export const GAME_A_GCG_ENDING = [...HEADER, ...GAME_A_MOVES, '>Ana: (C[CH]ÑT?) +34 381', ''].join('\n');

/** Removes the `|` cursor marker and returns the text and the marker's position. */
export function cursor(marked: string): { text: string; position: Position } {
  const at = marked.indexOf('|');
  assert.ok(at >= 0, 'the test text has a | cursor marker');
  assert.equal(marked.indexOf('|', at + 1), -1, 'the test text has one cursor marker');
  const before = marked.slice(0, at);
  const lines = before.split('\n');
  return { text: before + marked.slice(at + 1), position: { line: lines.length - 1, character: lines[lines.length - 1].length } };
}

/** Replaces `line` (0-based) of a record. */
export function withLine(text: string, line: number, replacement: string): string {
  const lines = text.split('\n');
  lines[line] = replacement;
  return lines.join('\n');
}

export function analyzeRecord(text: string, extra: AnalysisSettings = {}): Analysis {
  return analyze(text, { lexicon: loadDefaultLexicon(), ...extra });
}

/**
 * Settings with a list set up for the name the worked examples' header gives (`#lexicon FILE2017`),
 * so that tests about other diagnostics do not also get `lexicon-not-configured`.
 */
export const LISTED = { lexicons: { FILE2017: 'FILE2017.txt' } } as const;

export function settings(raw: unknown = {}): PlanillaSettings {
  return raw === undefined ? DEFAULT_SETTINGS : readSettings(raw);
}

export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  return TextDocument.applyEdits(TextDocument.create('file:///t.gcg', 'gcg', 1, text), [...edits]);
}

/** The text a range covers (single-line ranges). */
export function rangeText(text: string, range: { start: Position; end: Position }): string {
  const line = text.split(/\r\n|\r|\n/)[range.start.line] ?? '';
  return line.slice(range.start.character, range.end.character);
}

/** The line index of the first line starting with `prefix`. */
export function lineOf(text: string, prefix: string): number {
  const i = text.split('\n').findIndex((l) => l.startsWith(prefix));
  assert.ok(i >= 0, `no line starts with ${prefix}`);
  return i;
}
