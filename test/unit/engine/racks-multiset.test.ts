/**
 * The multiset helpers of racks.ts (rewritten for speed with a bit mask of used copies) against
 * the plain definition — copy, find the first copy, cut it out — on random lists of faces, short
 * (a rack) and long (past the bit mask), with fast-check and a fixed seed.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { mergeTiles, missingFrom, removeTiles, sameTiles } from '../../../server/src/engine/racks';

function referenceMissing(have: readonly string[], need: readonly string[]): string[] {
  const pool = have.slice();
  const missing: string[] = [];
  for (const t of need) {
    const i = pool.indexOf(t);
    if (i >= 0) pool.splice(i, 1);
    else missing.push(t);
  }
  return missing;
}

function referenceRemove(from: readonly string[], tiles: readonly string[]): string[] {
  const rest = from.slice();
  for (const t of tiles) {
    const i = rest.indexOf(t);
    if (i >= 0) rest.splice(i, 1);
  }
  return rest;
}

const face: fc.Arbitrary<string> = fc.constantFrom('A', 'E', 'CH', 'RR', 'Ñ', '?', '');
const list = fc.oneof(fc.array(face, { maxLength: 9 }), fc.array(face, { minLength: 28, maxLength: 40 }));

describe('rack multisets', () => {
  it('missingFrom, removeTiles, mergeTiles and sameTiles match their definitions', () => {
    fc.assert(
      fc.property(list, list, (a, b) => {
        assert.deepEqual(missingFrom(a, b), referenceMissing(a, b));
        assert.deepEqual(removeTiles(a, b), referenceRemove(a, b));
        assert.deepEqual(mergeTiles(a, b), a.concat(referenceMissing(a, b)));
        assert.equal(sameTiles(a, b), a.length === b.length && referenceMissing(a, b).length === 0);
      }),
      { numRuns: 3000, seed: 11 },
    );
  });

  it('keeps the order of the lists it is given', () => {
    assert.deepEqual(removeTiles(['A', 'B', 'A', 'C'], ['A']), ['B', 'A', 'C']);
    assert.deepEqual(missingFrom(['A', 'B'], ['A', 'A', 'C']), ['A', 'C']);
  });
});
