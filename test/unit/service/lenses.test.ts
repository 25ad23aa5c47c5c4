/**
 * Code lenses: true running totals on every event line (marked where the sheet differs), the
 * final result and the rules edition with the tile set on the first line.
 */
import { strict as assert } from 'node:assert';
import { getCodeLenses } from '../../../server/src/service/lenses';
import { EXAMPLE_6, GAME_A, GAME_A_GCG_ENDING, analyzeRecord, lineOf, withLine } from './fixtures';

function titles(text: string, lang: 'es' | 'en'): Map<number, string[]> {
  const byLine = new Map<number, string[]>();
  for (const lens of getCodeLenses(analyzeRecord(text), lang)) {
    assert.equal(lens.command?.command, '', 'a lens is a label');
    const list = byLine.get(lens.range.start.line) ?? [];
    list.push(lens.command?.title ?? '');
    byLine.set(lens.range.start.line, list);
  }
  return byLine;
}

describe('service: code lenses', () => {
  it('puts the true totals of both players on every event line', () => {
    const lenses = titles(EXAMPLE_6, 'es');
    assert.deepEqual(lenses.get(6), ['tras la jugada: Ana 16 · Beto 0']);
    assert.deepEqual(lenses.get(7), ['tras la jugada: Ana 16 · Beto 13']);
  });

  it('marks a line whose declared total differs, and keeps the true totals going', () => {
    const text = withLine(EXAMPLE_6, 6, '>Ana: ABILORS 8D LIBRO +18 18');
    const lenses = titles(text, 'en');
    assert.deepEqual(lenses.get(6), ['after the move: Ana 16 · Beto 0  ⚠ the sheet says 18']);
    assert.deepEqual(lenses.get(7), ['after the move: Ana 16 · Beto 13']);
  });

  it('shows the final result, the edition and the tile set on the first line', () => {
    assert.deepEqual(titles(GAME_A, 'es').get(0), [
      'Resultado final: Ana 364 – Beto 322',
      'Reglamento FISE vigente · fichas españolas (FISE)',
    ]);
    assert.deepEqual(titles(EXAMPLE_6, 'en').get(0)?.[0], 'provisional score (game not finished): Ana 16 – Beto 13');
    assert.deepEqual(titles(EXAMPLE_6, 'es').get(0)?.[0], 'marcador provisional (partida sin terminar): Ana 16 – Beto 13');
    const gcg = titles(GAME_A_GCG_ENDING, 'en');
    // The result under FISE (±R, 37.4), with the sheet's +2R totals beside it.
    assert.deepEqual(gcg.get(0)?.[0], 'Final result: Ana 364 – Beto 322 (the sheet: 381–339)');
    assert.deepEqual(gcg.get(lineOf(GAME_A_GCG_ENDING, '>Ana: (C[CH]')), ['after the move: Ana 381 · Beto 339']);
  });

  it('names the edition a #rules line selects', () => {
    const text = EXAMPLE_6.replace('#incomplete', '#rules fise-2001\n#incomplete');
    assert.match(titles(text, 'es').get(0)?.[1] ?? '', /2001/);
  });
});
