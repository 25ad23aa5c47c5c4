/**
 * The win-percentage training (training/win-pct-training.ts): a game's observations (spread and
 * unseen tiles of the player to move, the outcome with draws half), counts that merge, the fit
 * recovering a known curve, and the Brier score worked by hand.
 */
import * as assert from 'node:assert/strict';
import type { SelfPlayGame } from '../../../server/src/training/selfplay';
import { WinPctCounts, calibrate, fitWinPct, observationsOf, probabilityFromRows } from '../../../server/src/training/win-pct-training';
import { mulberry32 } from '../../../server/src/analysis/seeded-bag';

const pass = { kind: 'pass', leave: [], equity: 0 } as const;
const rack7 = ['A', 'B', 'C', 'D', 'E', 'F', 'G'];

// three turns: player 0 scores 20 (bag 86 → 84), player 1 scores 10 (84 → 82), player 0 passes
const GAME: SelfPlayGame = {
  seed: 1,
  nicks: ['a', 'b'],
  turns: [
    { player: 0, rack: rack7, move: pass, score: 20, bagBefore: 86, bagAfter: 84, total: 20 },
    { player: 1, rack: rack7, move: pass, score: 10, bagBefore: 84, bagAfter: 82, total: 10 },
    { player: 0, rack: rack7.slice(0, 5), move: pass, score: 0, bagBefore: 82, bagAfter: 82, total: 20 },
  ],
  end: 'passes',
  racks: [rack7.slice(0, 5), rack7.slice(0, 6)],
  beforeEnd: [20, 10],
  final: [15, 15],
};

describe('training: win percentage', () => {
  it('a game gives one observation per turn, before it: spread, bag + opponent rack, outcome (a draw: half)', () => {
    assert.deepEqual(observationsOf(GAME), [
      { spread: 0, unseen: 86 + 7, outcome: 0.5 },
      { spread: -20, unseen: 84 + 5, outcome: 0.5 }, // player 0 holds 5 tiles at the next turn
      { spread: 10, unseen: 82 + 6, outcome: 0.5 }, // player 1 ends with 6
    ]);
  });

  it('counts merge to the same cells whatever the split', () => {
    const a = new WinPctCounts();
    a.addGame(GAME);
    a.addGame({ ...GAME, final: [16, 15] });
    const b = new WinPctCounts();
    b.addGame(GAME);
    const c = new WinPctCounts();
    c.addGame({ ...GAME, final: [16, 15] });
    b.merge(c.serialize());
    assert.deepEqual(b.serialize(), a.serialize());
    assert.equal(a.positions, 6);
    assert.deepEqual(a.serialize().cells[0], [88, 10, 2, 1, 1]); // player 0 at +10 (third turn): one win, one draw
  });

  it('the fit recovers a known curve and is non-decreasing in the spread', () => {
    const rand = mulberry32(5);
    const counts = new WinPctCounts();
    const truth = (s: number, u: number): number => 1 / (1 + Math.exp(-(0.3 + (0.5 / Math.sqrt(u)) * s * 0.1)));
    for (let k = 0; k < 60000; k++) {
      const u = 1 + Math.floor(rand() * 93);
      const s = Math.round((rand() - 0.5) * 200);
      counts.add({ spread: s, unseen: u, outcome: rand() < truth(s, u) ? 1 : 0 });
    }
    const rows = fitWinPct(counts);
    assert.equal(rows.length, 94);
    for (const u of [5, 30, 70]) {
      for (const s of [-50, 0, 50]) {
        const p = probabilityFromRows(rows, s, u);
        assert.ok(Math.abs(p - truth(s, u)) < 0.05, `u ${u} s ${s}: ${p} vs ${truth(s, u)}`);
      }
      for (let s = -200; s < 200; s++) assert.ok(probabilityFromRows(rows, s + 1, u) >= probabilityFromRows(rows, s, u));
    }
  });

  it('Brier score and reliability bins worked by hand', () => {
    const counts = new WinPctCounts();
    counts.add({ spread: 10, unseen: 5, outcome: 1 });
    counts.add({ spread: 10, unseen: 5, outcome: 0 });
    counts.add({ spread: -10, unseen: 5, outcome: 0.5 });
    const c = calibrate((s) => (s > 0 ? 0.8 : 0.3), counts);
    // (0.8 − 1)² + (0.8 − 0)² + (0.3 − 0.5)² = 0.04 + 0.64 + 0.04
    assert.ok(Math.abs(c.brier - 0.72 / 3) < 1e-12, String(c.brier));
    assert.ok(Math.abs(c.brierHalf - 0.5 / 3) < 1e-12, String(c.brierHalf));
    assert.equal(c.bins[8].positions, 2);
    assert.equal(c.bins[8].observed, 0.5);
    assert.equal(c.bins[3].positions, 1);
  });

  it('calibration by side keeps only the positions where the mover leads, trails or is level', () => {
    const counts = new WinPctCounts();
    counts.add({ spread: 10, unseen: 5, outcome: 1 });
    counts.add({ spread: 10, unseen: 5, outcome: 0 });
    counts.add({ spread: -10, unseen: 5, outcome: 0 });
    counts.add({ spread: -30, unseen: 9, outcome: 1 });
    counts.add({ spread: 0, unseen: 9, outcome: 0.5 });
    const predict = (s: number) => (s > 0 ? 0.8 : s < 0 ? 0.25 : 0.5);
    const lead = calibrate(predict, counts, 10, 'leading');
    assert.equal(lead.positions, 2);
    assert.ok(Math.abs(lead.brier - 0.68 / 2) < 1e-12, String(lead.brier));
    const trail = calibrate(predict, counts, 10, 'trailing');
    assert.equal(trail.positions, 2);
    assert.equal(trail.bins[2].positions, 2);
    assert.equal(trail.bins[2].predicted, 0.25);
    assert.equal(trail.bins[2].observed, 0.5);
    // (0.25 − 0)² + (0.25 − 1)² = 0.0625 + 0.5625
    assert.ok(Math.abs(trail.brier - 0.625 / 2) < 1e-12, String(trail.brier));
    assert.equal(calibrate(predict, counts, 10, 'level').positions, 1);
    assert.equal(calibrate(predict, counts).positions, 5);
  });
});
