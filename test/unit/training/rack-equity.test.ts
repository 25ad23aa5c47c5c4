/**
 * The rack-equity training (training/rack-equity.ts): a rack credits each distinct sub-leave of
 * 1–6 tiles once; states add up and survive the disk; the fit gives a well-seen leave its own
 * mean and shrinks a rarely seen one toward the model.
 */
import * as assert from 'node:assert/strict';
import { LeaveIndex } from '../../../server/src/analysis/leave-table';
import {
  creditRack,
  fitLeaveValues,
  mergeState,
  newRackEquityState,
  parseState,
  serializeState,
} from '../../../server/src/training/rack-equity';
import { mulberry32 } from '../../../server/src/analysis/seeded-bag';

// a small bag, so the whole index is cheap: blank, A, E, S, Q, U
const INDEX = new LeaveIndex(['?', 'A', 'E', 'S', 'Q', 'U'], [2, 4, 4, 3, 1, 2], 6);

describe('training: rack-equity leaves', () => {
  it('a rack credits every distinct sub-leave of 1–6 tiles once', () => {
    const s = newRackEquityState(1, INDEX);
    creditRack(s, [1, 1, 2, 3, 3, 3, 0], 30, INDEX); // A A E S S S ?
    // sub-multisets: 3 × 2 × 4 × 2 = 48, minus the empty one and the whole rack
    let leaves = 0;
    for (let r = 0; r < INDEX.size; r++) leaves += s.counts[r];
    assert.equal(leaves, 46);
    assert.equal(s.counts[INDEX.rank(['S', 'S'])], 1);
    assert.equal(s.sums[INDEX.rank(['A', 'S', '?'])], 30);
    assert.equal(s.counts[INDEX.rank(['A', 'A', 'E', 'S', 'S', 'S', '?'])] ?? 0, 0); // 7 tiles: no rank
    assert.equal(s.racks, 1);
  });

  it('states merge and round-trip through their file form', () => {
    const a = newRackEquityState(2, INDEX);
    const b = newRackEquityState(2, INDEX);
    creditRack(a, [1, 2, 3, 4, 5, 0, 0], 12, INDEX);
    creditRack(b, [1, 1, 1, 2, 2, 3, 4], -3, INDEX);
    a.seeds.push([1, 5]);
    b.seeds.push([5, 9]);
    mergeState(a, b);
    assert.equal(a.racks, 2);
    assert.equal(a.total, 9);
    const back = parseState(serializeState(a, { cpuSeconds: 7 }));
    assert.ok(back);
    assert.deepEqual(Array.from(back.state.sums), Array.from(a.sums));
    assert.deepEqual(Array.from(back.state.counts), Array.from(a.counts));
    assert.deepEqual(back.state.seeds, [
      [1, 5],
      [5, 9],
    ]);
    assert.equal(back.extra.cpuSeconds, 7);
    assert.equal(parseState(Buffer.from('not a state\n')), undefined);
    assert.throws(() => mergeState(a, newRackEquityState(1, INDEX)));
  });

  it('fits: a well-seen leave keeps its own mean, Q without U is worse than with it, every value finite', () => {
    // racks valued by a known rule: +8 per blank, +3 per S, −12 for a Q without a U, noise
    const s = newRackEquityState(1, INDEX);
    const rand = mulberry32(7);
    const bag = [0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 4, 5, 5];
    for (let n = 0; n < 4000; n++) {
      const pool = bag.slice();
      const rack: number[] = [];
      for (let i = 0; i < 7; i++) rack.push(pool.splice(Math.floor(rand() * pool.length), 1)[0]);
      const count = (c: number): number => rack.filter((x) => x === c).length;
      const value = 40 + 8 * count(0) + 3 * count(3) - (count(4) > 0 && count(5) === 0 ? 12 : 0) + (rand() - 0.5) * 10;
      creditRack(s, rack, value, INDEX);
    }
    const fit = fitLeaveValues(s, INDEX);
    const v = (faces: string[]): number => fit.values[INDEX.rank(faces)];
    assert.ok(v(['?']) > v(['S']) && v(['S']) > v(['A']), `? ${v(['?'])}, S ${v(['S'])}, A ${v(['A'])}`);
    assert.ok(v(['Q']) < v(['Q', 'U']) - 2, `Q ${v(['Q'])}, QU ${v(['Q', 'U'])}`);
    assert.ok(v(['?', '?']) > v(['?']));
    assert.ok(fit.k > 0 && Number.isFinite(fit.tau2));
    for (const x of fit.values) assert.ok(Number.isFinite(x));
  });
});
