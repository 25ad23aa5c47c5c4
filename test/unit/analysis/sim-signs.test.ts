/**
 * The signs of the coach's figures, small and seeded so the fast loop runs them: a playout's value
 * is the mover's points minus the opponent's plus the leave terms (recomputed here from the moves
 * of the playout); its win % is the table's chance for the side to move at the horizon, turned
 * round when that side is the opponent; a candidate with no reply is worth its static equity; the
 * deep analysis's win % after a move (the opponent to move) rises with the move's value and gives
 * the opponent the edge of the next turn. test/unit/architecture/sign-mutations.test.ts flips
 * each of these signs in a copy of the built modules and checks that this file then fails.
 */
import { strict as assert } from 'node:assert';
import { loadDefaultLexicon } from '../../../server/src/lexicon/load';
import type { Lexicon } from '../../../server/src/lexicon/types';
import { builtinLeaves } from '../../../server/src/analysis/leave-files';
import type { LeaveEvaluator } from '../../../server/src/analysis/leaves';
import type { Move } from '../../../server/src/analysis/move';
import type { Position } from '../../../server/src/analysis/position';
import { PlayoutRunner, simCandidates, simulate, type PlayoutTrace } from '../../../server/src/analysis/sim';
import { winProbability } from '../../../server/src/analysis/win-pct';
import { winAfter } from '../../../server/src/analysis/deep-game';
import { TILE_SETS } from '../../../server/src/engine/tilesets';
import { playGame, type Chooser } from '../../../server/src/training/selfplay';
import { chooserFor } from '../../../server/src/training/strategies';

const rackValue = (rack: readonly string[]): number => rack.reduce((s, f) => s + TILE_SETS.spanish.value(f), 0);
const spreadOf = (p: Position): number => p.scores[0] - p.scores[1];

/** The value of a playout recomputed from its moves: + for the mover, − for the opponent. */
function valueOf(trace: PlayoutTrace): number {
  const sign = (side: 0 | 1): number => (side === 0 ? 1 : -1);
  let value = 0;
  const last: [Move | undefined, Move | undefined] = [undefined, undefined];
  for (const step of trace.steps) {
    value += sign(step.side) * step.move.score;
    last[step.side] = step.move;
  }
  const finisher = trace.steps[trace.steps.length - 1].side;
  if (trace.end === 'out') return value + sign(finisher) * 2 * rackValue(trace.racks[1 - finisher]);
  if (trace.end !== 'horizon') return value - rackValue(trace.racks[0]) + rackValue(trace.racks[1]);
  const term = (m: Move | undefined): number => (m ? m.equity - m.score : 0);
  return value + term(last[0]) - term(last[1]);
}

describe('analysis: the signs of the simulated value and the win % (seeded, small)', function () {
  this.timeout(120000);
  let lexicon: Lexicon;
  let leaves: LeaveEvaluator;
  let mid: Position;
  let candidates: Move[];

  before(() => {
    lexicon = loadDefaultLexicon();
    leaves = builtinLeaves().leaves;
    const equity = chooserFor('equity', { lexicon, leaves });
    let found: Position | undefined;
    const spy: Chooser = {
      name: 'equity',
      choose(p) {
        if (!found && p.bag < 60 && p.bag > 40 && p.scores[0] !== p.scores[1]) found = { ...p, board: p.board.slice() };
        return equity.choose(p);
      },
    };
    playGame(21, [spy, spy]);
    assert.ok(found, 'a mid-game position with a spread');
    mid = found;
    candidates = simCandidates(mid, { lexicon, leaves, candidates: 3 });
    assert.equal(candidates.length, 3);
  });

  it('a playout is worth the mover’s points minus the opponent’s, plus the leave terms', () => {
    for (const plies of [1, 2]) {
      const runner = new PlayoutRunner(mid, candidates, { lexicon, leaves, plies, seed: 5 });
      for (const move of candidates) {
        for (const i of [0, 1]) {
          const trace = runner.playout(move, i, true);
          assert.equal(trace.steps.length, plies + 1);
          assert.ok(Math.abs(trace.value - valueOf(trace)) < 1e-9, `${plies} plies, iteration ${i}: ${trace.value} vs ${valueOf(trace)}`);
        }
      }
    }
  });

  it('the win % of a playout is the chance of the side to move at the horizon, turned round for the opponent', () => {
    for (const plies of [0, 1, 2]) {
      const runner = new PlayoutRunner(mid, candidates, { lexicon, leaves, plies, seed: 9 });
      for (const move of candidates) {
        const trace = runner.playout(move, 0, true);
        assert.equal(trace.end, 'horizon');
        const spread = spreadOf(mid) + trace.value;
        // after an odd number of moves the opponent is to move: it cannot see the mover's rack
        const opponentToMove = (plies + 1) % 2 === 1;
        const unseen = trace.bagLeft + trace.racks[opponentToMove ? 0 : 1].length;
        const expected = opponentToMove ? 1 - winProbability(-spread, unseen) : winProbability(spread, unseen);
        assert.ok(Math.abs(trace.win - expected) < 1e-12, `${plies} plies: ${trace.win} vs ${expected}`);
      }
    }
  });

  it('the win % rises with the value of the playout', () => {
    const runner = new PlayoutRunner(mid, candidates, { lexicon, leaves, plies: 1, seed: 3 });
    const traces = [0, 1, 2, 3, 4, 5].map((i) => runner.playout(candidates[0], i, true));
    let compared = 0;
    for (const a of traces)
      for (const b of traces)
        if (a.value > b.value && a.bagLeft === b.bagLeft && a.racks[1].length === b.racks[1].length) {
          assert.ok(a.win > b.win, `value ${a.value} wins ${a.win}, value ${b.value} wins ${b.win}`);
          compared++;
        }
    assert.ok(compared > 0, 'playouts of different values to compare');
  });

  it('with no reply a candidate is worth its static equity, and its win % is the opponent’s chance turned round', () => {
    const r = simulate(mid, { lexicon, leaves, moves: candidates, plies: 0, maxIterations: 4, minIterations: 4, seed: 2 });
    assert.equal(r.candidates.length, candidates.length);
    for (const c of r.candidates) {
      assert.ok(Math.abs(c.equity - c.staticEquity) < 1e-9, `${c.equity} vs ${c.staticEquity}`);
      const unseen = mid.bag - c.move.used + mid.rack.length;
      const expected = 1 - winProbability(-(spreadOf(mid) + c.equity), unseen);
      assert.ok(Math.abs(c.winPct - expected) < 1e-12, `${c.winPct} vs ${expected}`);
    }
  });

  it('a simulation ranks by value: a candidate simulated higher has the higher mean of its playouts', () => {
    const r = simulate(mid, { lexicon, leaves, moves: candidates, plies: 1, maxIterations: 6, minIterations: 6, seed: 4 });
    const runner = new PlayoutRunner(mid, candidates, { lexicon, leaves, plies: 1, seed: 4 });
    for (const c of r.candidates) {
      let sum = 0;
      for (let i = 0; i < c.iterations; i++) sum += runner.playout(c.move, i).value;
      assert.ok(Math.abs(c.equity - sum / c.iterations) < 1e-9, `${c.equity} vs ${sum / c.iterations}`);
    }
    for (let k = 1; k < r.candidates.length; k++) assert.ok(r.candidates[k - 1].equity >= r.candidates[k].equity);
  });

  it('the deep analysis’s win % after a move rises with its value; at level the opponent, to move, has the edge', () => {
    const move = candidates[0];
    let last = -1;
    for (let equity = -150; equity <= 150; equity += 10) {
      const w = winAfter(mid, move, equity);
      assert.ok(w > last, `win after ${equity}: ${w} ≤ ${last}`);
      last = w;
    }
    const level: Position = { ...mid, scores: [200, 200] };
    assert.ok(winAfter(level, move, 0) < 0.5, `level after the move: ${winAfter(level, move, 0)}`);
    assert.ok(winAfter(level, move, 300) > 0.9 && winAfter(level, move, -300) < 0.1);
  });
});
