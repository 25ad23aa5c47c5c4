/**
 * Quick fixes, checked by applying them and analysing again: the finding they fix is gone and
 * nothing new appears. Also: the +2R ending becomes exactly the FISE two-line ending of the
 * worked examples (14 from 15).
 */
import { strict as assert } from 'node:assert';
import type { CodeAction, Diagnostic, Range, TextEdit } from 'vscode-languageserver-types';
import { getCodeActions } from '../../../server/src/service/actions';
import { fixAll } from '../../../server/src/service/fix-all';
import { getDiagnostics } from '../../../server/src/service/diagnostics';
import { EXAMPLE_6, GAME_A, GAME_A_GCG_ENDING, analyzeRecord, applyEdits, settings, LISTED, withLine } from './fixtures';

const URI = 'file:///game.gcg';
const WHOLE: Range = { start: { line: 0, character: 0 }, end: { line: 1000, character: 0 } };

function actionsFor(text: string, range: Range = WHOLE, lang: 'es' | 'en' = 'es'): { actions: CodeAction[]; diagnostics: Diagnostic[] } {
  const analysis = analyzeRecord(text);
  const diagnostics = getDiagnostics(analysis, URI, lang, settings(LISTED));
  return { actions: getCodeActions(analysis, URI, range, diagnostics, lang, settings(LISTED)), diagnostics };
}

function apply(text: string, action: CodeAction): string {
  const edits: TextEdit[] = action.edit?.changes?.[URI] ?? [];
  assert.ok(edits.length > 0, 'the fix edits the document');
  return applyEdits(text, edits);
}

const codes = (text: string): string[] => analyzeRecord(text).findings.map((f) => f.code);

describe('service: quick fixes', () => {
  it('sets a wrong score (and total) to the computed ones', () => {
    const text = withLine(EXAMPLE_6, 6, '>Ana: ABILORS 8D LIBRO +18 18');
    const { actions, diagnostics } = actionsFor(text);
    const score = actions.find((a) => a.title === 'Poner la puntuación calculada: +16');
    assert.ok(score, JSON.stringify(actions.map((a) => a.title)));
    assert.equal(score.kind, 'quickfix');
    assert.deepEqual(score.diagnostics, diagnostics);
    assert.deepEqual(codes(apply(text, score)), ['cumulative-mismatch']);
    const both = actions.find((a) => a.title === 'Poner la puntuación calculada +16 y el total real 16');
    assert.ok(both);
    const fixed = apply(text, both);
    assert.equal(fixed, EXAMPLE_6);
    assert.deepEqual(codes(fixed), []);
  });

  it("sets the sheet's total to the true one", () => {
    const text = withLine(EXAMPLE_6, 7, '>Beto: ADEIMNT 7G IDEA +13 14');
    const { actions } = actionsFor(text, undefined, 'en');
    const fix = actions.find((a) => a.title === 'Set the true total: 13');
    assert.ok(fix, JSON.stringify(actions.map((a) => a.title)));
    assert.equal(apply(text, fix), EXAMPLE_6);
  });

  it('converts a GCG +2R ending into the FISE two-line form', () => {
    const { actions } = actionsFor(GAME_A_GCG_ENDING);
    const fix = actions.find((a) => a.title.startsWith('Escribir el final en dos líneas'));
    assert.ok(fix, JSON.stringify(actions.map((a) => a.title)));
    const fixed = apply(GAME_A_GCG_ENDING, fix);
    assert.equal(fixed, GAME_A);
    assert.deepEqual(codes(fixed), []);
  });

  it('fills in a missing score and total', () => {
    for (const line of ['>Ana: ABILORS 8D LIBRO', '>Ana: ABILORS 8D LIBRO  ', '>Ana: ABILORS 8D LIBRO +16']) {
      const text = withLine(EXAMPLE_6, 6, line);
      assert.deepEqual(codes(text), ['syntax-error']);
      const { actions } = actionsFor(text);
      const fix = actions.find((a) => a.title === 'Completar la puntuación (+16) y el total (16)');
      assert.ok(fix, `${line}: ${JSON.stringify(actions.map((a) => a.title))}`);
      assert.equal(apply(text, fix), EXAMPLE_6, line);
    }
  });

  it('adds the encoding header when the record has none, and only then', () => {
    const text = EXAMPLE_6.replace('#character-encoding UTF-8\n', '');
    const { actions } = actionsFor(text, { start: { line: 0, character: 0 }, end: { line: 0, character: 3 } }, 'en');
    const fix = actions.find((a) => a.title === 'Add "#character-encoding UTF-8"');
    assert.ok(fix);
    assert.equal(apply(text, fix), EXAMPLE_6);
    assert.equal(actionsFor(EXAMPLE_6, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }).actions.length, 0);
  });

  it('offers nothing outside the range of a finding', () => {
    const text = withLine(EXAMPLE_6, 6, '>Ana: ABILORS 8D LIBRO +18 18');
    assert.deepEqual(actionsFor(text, { start: { line: 7, character: 0 }, end: { line: 7, character: 5 } }).actions, []);
  });
});

describe('service: half-typed lines', () => {
  const rec = (...lines: string[]): string =>
    ['#character-encoding UTF-8', '#player1 Ana Ana', '#player2 Beto Beto', ...lines, ''].join('\n');

  it('completes an exchange typed without its numbers with +0 and the unchanged total', () => {
    const text = rec('>Ana: ABCDEFG 8D BEFA +20 20', '>Beto: ACDEPRV 9E CAPE +12 12', '>Ana: -CG');
    const { actions } = actionsFor(text);
    const exchange = actions.find((a) => a.title === 'Completar el cambio: +0 20');
    assert.ok(exchange, actions.map((a) => a.title).join(' | '));
    const fixed = apply(text, exchange);
    assert.match(fixed, /^>Ana: -CG \+0 20$/m);
    assert.ok(!codes(fixed).includes('syntax-error'));
    // A withdrawal being typed is no exchange.
    assert.ok(!actionsFor(rec('>Ana: ABCDEFG 8D BEFA +20 20', '>Ana: --')).actions.some((a) => a.title.startsWith('Completar el cambio')));
  });

  it('fix corrects the numbers before an unfinished line and lists it, instead of refusing the record', () => {
    const text = rec('>Ana: ABCDEFG 8D BEFA +20 21', '>Beto: ACDEPRV 9E CAPE +12 12', '>Ana: -CG');
    const result = fixAll(analyzeRecord(text));
    assert.equal(result.refused, undefined);
    assert.deepEqual(result.unfinished, [6]);
    assert.match(result.text, /^>Ana: ABCDEFG 8D BEFA \+20 20$/m);
    assert.match(result.text, /^>Ana: -CG$/m);
  });
});
