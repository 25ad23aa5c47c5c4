/**
 * Words without a coordinate in the editor: the diagnostic that says where the word went, the
 * quick fix that writes the coordinate and the play (and the score the totals give), one fix per
 * candidate when the later lines do not decide; applying a fix leaves a record with the same totals.
 */
import { strict as assert } from 'node:assert';
import type { CodeAction, Range, TextEdit } from 'vscode-languageserver-types';
import { getCodeActions } from '../../../server/src/service/actions';
import { getDiagnostics } from '../../../server/src/service/diagnostics';
import { WORD_AMBIGUOUS_CODE, WORD_LOCATED_CODE } from '../../../server/src/service/word-line';
import { analyzeRecord, applyEdits, settings, LISTED } from './fixtures';

const URI = 'file:///game.gcg';
const WHOLE: Range = { start: { line: 0, character: 0 }, end: { line: 1000, character: 0 } };
const HEAD = ['#character-encoding UTF-8', '#player1 Ana Ana', '#player2 Beto Beto'];
const rec = (...lines: string[]): string => [...HEAD, ...lines, ''].join('\n');

function actionsFor(text: string, lang: 'es' | 'en' = 'es'): { actions: CodeAction[]; codes: string[] } {
  const analysis = analyzeRecord(text);
  const diagnostics = getDiagnostics(analysis, URI, lang, settings(LISTED));
  return {
    actions: getCodeActions(analysis, URI, WHOLE, diagnostics, lang, settings(LISTED)),
    codes: diagnostics.map((d) => String(d.code)),
  };
}

const edits = (a: CodeAction): TextEdit[] => a.edit?.changes?.[URI] ?? [];

describe('service: words without a coordinate', () => {
  it('offers the one placement as the preferred fix, and the fixed line replays the same', () => {
    const text = rec('>Ana: ABEFNNQ BEFAN +20 20', '>Beto: AHOOORZ F6 ZA.RO +38 38');
    const { actions, codes } = actionsFor(text);
    assert.ok(codes.includes(WORD_LOCATED_CODE));
    const fixes = actions.filter((a) => a.title.startsWith('Escribir la colocación'));
    assert.equal(fixes.length, 1);
    assert.equal(fixes[0].title, 'Escribir la colocación: 8F BEFAN');
    assert.equal(fixes[0].isPreferred, true);
    const fixed = applyEdits(text, edits(fixes[0]));
    assert.match(fixed, /^>Ana: ABEFNNQ 8F BEFAN \+20 20$/m);
    const after = analyzeRecord(fixed);
    assert.deepEqual(after.replay.final, analyzeRecord(text).replay.final);
    assert.deepEqual(
      after.findings.map((f) => f.code),
      [],
    );
  });

  it('writes the score the totals give when the sheet has only the total', () => {
    const text = rec('>Ana: BEFAN 20', '>Beto: AHOOORZ F6 ZA.RO +38 38');
    const fix = actionsFor(text, 'en').actions.find((a) => a.title === 'Write the placement: 8F BEFAN');
    assert.ok(fix);
    assert.match(applyEdits(text, edits(fix)), /^>Ana: 8F BEFAN \+20 20$/m);
  });

  it('offers one fix per candidate, none preferred, when the later lines do not decide', () => {
    const text = rec('>Ana: BEFAN +20 20', '>Beto: AHOOORZ H4 ZO. +14 14');
    const analysis = analyzeRecord(text);
    const search = analysis.replay.turns[0].wordSearch;
    assert.equal(search?.status, 'ambiguous');
    const { actions, codes } = actionsFor(text);
    assert.ok(codes.includes(WORD_AMBIGUOUS_CODE));
    const fixes = actions.filter((a) => a.title.startsWith('Escribir la colocación'));
    assert.equal(fixes.length, search.candidates.length);
    assert.ok(fixes.length >= 2 && fixes.every((f) => !f.isPreferred));
  });

  it('is no longer a syntax error', () => {
    const { codes } = actionsFor(rec('>Ana: ?AALMNN LAMiNAN +66 66'));
    assert.ok(!codes.includes('syntax-error'));
  });
});
