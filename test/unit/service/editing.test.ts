/**
 * Editing help: symbols named "N. Nick …", folding of multi-line notes, formatting with the
 * canonical formatter, inlay hints where the sheet's numbers differ.
 */
import { strict as assert } from 'node:assert';
import { getDocumentSymbols, getFoldingRanges, getFormattingEdits, getInlayHints } from '../../../server/src/service/editing';
import { format } from '../../../server/src/syntax/format';
import { EXAMPLE_6, GAME_A, analyzeRecord, applyEdits, withLine } from './fixtures';

const ALL = { start: { line: 0, character: 0 }, end: { line: 1000, character: 0 } };

describe('service: editing help', () => {
  it('names one symbol per turn: number, nick, the move as written and its score', () => {
    const names = getDocumentSymbols(analyzeRecord(GAME_A)).map((s) => s.name);
    assert.equal(names.length, 27);
    assert.equal(names[0], '1. Ana 8F BEFAN +20');
    assert.equal(names[7], '8. Beto H1 CER..S +43');
    assert.equal(names[25], '26. Ana (C[CH]ÑT?) +17');
    assert.equal(names[26], '27. Beto (C[CH]ÑT?) -17');
    const other = withLine(withLine(EXAMPLE_6, 7, '>Beto: ADEIMNT -AEI +0 0'), 8, '>Ana: ACEINOS - +0 16');
    assert.deepEqual(
      getDocumentSymbols(analyzeRecord(other + '\n')).map((s) => s.name),
      ['1. Ana 8D LIBRO +16', '2. Beto -AEI +0', '3. Ana - +0'],
    );
  });

  it('folds notes that span several lines, and their symbol covers them', () => {
    const text = EXAMPLE_6.replace('+16 16\n', '+16 16\n#note first\nsecond\nthird\n#note one line\n');
    const analysis = analyzeRecord(text);
    assert.deepEqual(getFoldingRanges(analysis), [{ startLine: 7, endLine: 9, kind: 'comment' }]);
    const [first] = getDocumentSymbols(analysis);
    assert.equal(first.range.end.line, 10);
    assert.equal(first.selectionRange.end.line, 6);
  });

  it('formats with the canonical formatter, and leaves a canonical text alone', () => {
    const messy = EXAMPLE_6.replace('>Ana: ABILORS 8D LIBRO +16 16', '>Ana:ABILORS   8d LIBRO +16 16');
    const analysis = analyzeRecord(messy);
    const edits = getFormattingEdits(analysis);
    assert.equal(edits.length, 1);
    const formatted = applyEdits(messy, edits);
    assert.equal(formatted, format(analysis.parsed.file));
    assert.deepEqual(getFormattingEdits(analyzeRecord(formatted)), []);
  });

  it('does not format a file read only in part (too many lines): the rest would be lost', () => {
    const messy = EXAMPLE_6.replace('>Ana: ABILORS 8D LIBRO +16 16', '>Ana:ABILORS   8d LIBRO +16 16');
    const long = `${messy}${'>Beto: ACEIMOS - +0 0\n>Ana: ACEIMOS - +0 16\n'.repeat(6)}`;
    assert.equal(getFormattingEdits(analyzeRecord(long)).length, 1);
    const cut = analyzeRecord(long, { maxContentLines: 8 });
    assert.ok(cut.parsed.file.truncated);
    assert.deepEqual(getFormattingEdits(cut), []);
  });

  it('hints the computed score and total where the sheet differs', () => {
    const text = withLine(EXAMPLE_6, 6, '>Ana: ABILORS 8D LIBRO +18 18');
    const hints = getInlayHints(analyzeRecord(text), ALL, 'en');
    assert.deepEqual(
      hints.map((h) => [h.position.line, h.position.character, h.label]),
      [
        [6, 26, '→ +16'],
        [6, 29, '→ 16'],
      ],
    );
    assert.deepEqual(getInlayHints(analyzeRecord(text), { start: { line: 7, character: 0 }, end: { line: 8, character: 0 } }, 'en'), []);
    assert.deepEqual(getInlayHints(analyzeRecord(EXAMPLE_6), ALL, 'en'), []);
  });
});
