/**
 * The win-percentage table (analysis/win-pct.ts, data/win-pct-es.json): non-decreasing in the
 * spread at every unseen count; exact at 0 unseen; the player to move's edge bounded; the data
 * file and the generated module the same table, with its provenance.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { WIN_PCT_MAX_UNSEEN, WIN_PCT_PROVENANCE, winProbability } from '../../../server/src/analysis/win-pct';
import { WIN_PCT_DATA } from '../../../server/src/analysis/win-pct-table';
import { repoRoot } from '../../support/fixtures';

const SPREADS = Array.from({ length: 1201 }, (_, i) => i - 600);

describe('analysis: win percentage', () => {
  it('is a probability, non-decreasing in the spread, for every unseen count', () => {
    for (let u = 0; u <= WIN_PCT_MAX_UNSEEN + 5; u++) {
      let last = -1;
      for (const s of SPREADS) {
        const p = winProbability(s, u);
        assert.ok(p >= 0 && p <= 1, `p(${s}, ${u}) = ${p}`);
        assert.ok(p >= last, `p(${s}, ${u}) = ${p} < p(${s - 1}, ${u}) = ${last}`);
        last = p;
      }
    }
  });

  it('is strictly increasing while the game is open, and goes to 0 and 1 at the ends', () => {
    for (let u = 1; u <= WIN_PCT_MAX_UNSEEN; u++) {
      assert.ok(winProbability(10, u) > winProbability(-10, u), `unseen ${u}`);
      assert.ok(winProbability(600, u) > 0.99, `p(+600, ${u}) = ${winProbability(600, u)}`);
      assert.ok(winProbability(-600, u) < 0.01, `p(−600, ${u}) = ${winProbability(-600, u)}`);
    }
  });

  it('is exact when nothing is unseen (the game is over)', () => {
    assert.equal(winProbability(1, 0), 1);
    assert.equal(winProbability(0, 0), 0.5);
    assert.equal(winProbability(-1, 0), 0);
    assert.equal(winProbability(-1, -3), 0);
  });

  it('a lead counts for more as fewer tiles are unseen', () => {
    assert.ok(winProbability(30, 7) > winProbability(30, 50));
    assert.ok(winProbability(-30, 7) < winProbability(-30, 50));
  });

  // Not symmetric: the player to move has the next turn (docs/deep-analysis.md "Win percentage"
  // gives the measured edge), so p(s) + p(−s) − 1 is ≥ 0; it is below 0.6 (a level position is
  // never nearly won: p(0) < 0.8) and largest at a level spread.
  it('the player to move has an edge, bounded: 0 ≤ p(s) + p(−s) − 1 < 0.6, largest at a level spread', () => {
    for (let u = 1; u <= WIN_PCT_MAX_UNSEEN; u++) {
      const edge = (s: number): number => winProbability(s, u) + winProbability(-s, u) - 1;
      for (const s of [0, 5, 20, 50, 100, 200]) {
        assert.ok(edge(s) >= -1e-12 && edge(s) < 0.6, `unseen ${u}, spread ±${s}: edge ${edge(s)}`);
        assert.ok(edge(s) <= edge(0) + 1e-12, `unseen ${u}: edge at ±${s} above the level one`);
      }
    }
  });

  it('odd input: a spread that is not a number counts as level; unseen beyond the table uses its last row', () => {
    assert.equal(winProbability(Number.NaN, 30), winProbability(0, 30));
    assert.equal(winProbability(25, 200), winProbability(25, WIN_PCT_MAX_UNSEEN));
    assert.equal(winProbability(25, 12.4), winProbability(25, 12));
  });

  it('the data file and the generated module hold the same table and provenance', () => {
    const file = JSON.parse(fs.readFileSync(path.join(repoRoot, 'data/win-pct-es.json'), 'utf8')) as typeof WIN_PCT_DATA;
    assert.deepEqual(file, JSON.parse(JSON.stringify(WIN_PCT_DATA)));
    assert.equal(file.format, 'planilla-win-pct');
    assert.equal(file.rows.length, 94); // 0 … 93 tiles unseen (100 − 7 on the own rack)
    for (const [, b] of file.rows) assert.ok(b > 0);
    const p = WIN_PCT_PROVENANCE;
    assert.match(p.commit, /^[0-9a-f]{40}$/);
    assert.ok(p.games >= 1 && p.positions > p.games, `${p.games} games, ${p.positions} positions`);
    assert.equal(p.seeds[1] - p.seeds[0] + 1, p.games);
    assert.match(p.leaves, /^data\/leaves-es\.plv sha256 [0-9a-f]{64}$/);
    assert.match(file.licence, /MIT/);
    assert.equal(p.script, 'scripts/train-win-pct.mjs');
    assert.ok(fs.existsSync(path.join(repoRoot, p.script)));
  });
});
