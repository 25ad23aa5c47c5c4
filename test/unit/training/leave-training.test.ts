/**
 * Leave-value training statistics: the per-tile least squares and the
 * per-leave means with shrinkage, worked out by hand on a handful of credits; merging and
 * scaling accumulators.
 */
import * as assert from 'node:assert/strict';
import { LeaveStats } from '../../../server/src/training/leave-training';
import { SPANISH_ALPHABET } from '../../../server/src/analysis/leave-table';

const code = (f: string): number => SPANISH_ALPHABET.indexOf(f);
const close = (a: number | undefined, b: number): void => assert.ok(a !== undefined && Math.abs(a - b) < 1e-9, `${a} ≠ ${b}`);

function sample(): LeaveStats {
  const s = new LeaveStats();
  s.add([code('A')], 4);
  s.add([code('A')], 6);
  s.add([code('E')], 0);
  s.add([], 2);
  return s;
}

describe('leaves: training statistics', () => {
  it('fits per-tile worths to the centred outcomes (worked by hand)', () => {
    const s = sample();
    assert.equal(s.mean(), 3);
    // minimise (1 − wA)² + (3 − wA)² + (−3 − wE)² + wA² + wE²: wA = 4/3, wE = −3/2
    const w = s.fitWorths(1);
    close(w.get('A'), 4 / 3);
    close(w.get('E'), -1.5);
    close(w.get('Z'), 0);
  });

  it('a leave is worth its mean outcome minus the overall mean, shrunk toward its prior', () => {
    const s = sample();
    const w = s.fitWorths(1);
    const raw = s.fit('full', w, { k: 0, minCount: 1 });
    const r = (f: string): number => s.index.rank(f.split(' '));
    close(raw.get(r('A')), 2); // (4 + 6) / 2 − 3
    close(raw.get(r('E')), -3);
    const shrunk = s.fit('full', w, { k: 2, minCount: 1 });
    close(shrunk.get(r('A')), (2 * 2 + 2 * (4 / 3)) / 4);
    close(shrunk.get(r('E')), (1 * -3 + 2 * -1.5) / 3);
    // the per-tile stage stores only the worths
    assert.equal(s.fit('tiles', w).size, 29);
  });

  it('fits longer leaves on the priors of the shorter ones, and respects the stage', () => {
    const s = sample();
    s.add([code('A'), code('E')], 13);
    s.add([code('A'), code('E'), code('S')], 3);
    const w = s.fitWorths(1);
    const r = (f: string): number => s.index.rank(f.split(' '));
    const mean = s.mean(); // (4 + 6 + 0 + 2 + 13 + 3) / 6 = 28 / 6
    const full = s.fit('full', w, { k: 1, minCount: 1 });
    const a = full.get(r('A'))!;
    const e = full.get(r('E'))!;
    // AE: prior = v(A) + v(E) (mean over its two faces of the same sum)
    close(full.get(r('A E')), (13 - mean + (a + e)) / 2);
    assert.ok(full.has(r('A E S')));
    const three = s.fit('three', w, { k: 1, minCount: 1 });
    assert.ok(three.has(r('A E S')));
    const minCount = s.fit('full', w, { k: 1, minCount: 2 });
    assert.ok(!minCount.has(r('A E')));
    assert.ok(minCount.has(r('A')));
  });

  it('merges and scales accumulators as sums', () => {
    const a = sample();
    const b = new LeaveStats();
    b.merge(a.serialize());
    b.merge(a, 1);
    assert.equal(b.n, 8);
    assert.equal(b.counts.get(b.index.rank(['A'])), 4);
    b.scale(0.5);
    assert.equal(b.n, 4);
    assert.equal(b.sums.get(b.index.rank(['A'])), 10);
    close(b.mean(), 3);
  });
});
