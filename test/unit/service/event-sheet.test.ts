/**
 * What a `#round` line says (service/event-sheet.ts `roundLine`): the round's number first, the
 * table only from a line that holds the round and the table alone; a line that could name two
 * rounds names none.
 */
import * as assert from 'node:assert/strict';
import { roundLine } from '../../../server/src/service/event-sheet';

describe('event sheet: the round line', () => {
  it('reads the round, and the table when the line names only the two', () => {
    const cases: [string, number | null, string | undefined][] = [
      ['3', 3, undefined],
      ['3 · mesa 12', 3, '12'],
      ['Ronda 3, mesa 7', 3, '7'],
      ['round 5 table 9', 5, '9'],
      ['3 mesa 12', 3, '12'],
      ['3 (final)', 3, undefined],
      ['3 · mesa 12 (final)', 3, undefined],
      ['3; sala B', 3, undefined],
      ['3-4', null, undefined],
      ['tercera', null, undefined],
      ['12b', null, undefined],
      ['', null, undefined],
    ];
    for (const [text, round, table] of cases) {
      const r = roundLine(text);
      assert.equal(r.round, round, text);
      assert.equal(r.table, table, text);
    }
  });
});
