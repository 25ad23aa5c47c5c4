/**
 * Rack inference (analysis/inference.ts): a leave with which the opponent's last play was far
 * below its rack's best move is weighted down, the simulation deals the leaves by their weights,
 * the same seed gives the same inference and deals, and the temperature fit finds the temperature
 * that made the observations.
 */
import { strict as assert } from 'node:assert';
import { replay } from '../../../server/src/engine/replay';
import { parse } from '../../../server/src/syntax/parse';
import type { BoardCells, PlacedTile } from '../../../server/src/engine/types';
import { loadDefaultLexicon } from '../../../server/src/lexicon/load';
import { builtinLeaves } from '../../../server/src/analysis/leave-files';
import { positionBefore, type OpponentPlay, type Position } from '../../../server/src/analysis/position';
import { PlayoutRunner, simCandidates } from '../../../server/src/analysis/sim';
import { mulberry32 } from '../../../server/src/analysis/seeded-bag';
import { playGame, type PlayedTurn } from '../../../server/src/training/selfplay';
import { chooserFor } from '../../../server/src/training/strategies';
import {
  fitTemperature,
  inferLeaves,
  leaveDeficit,
  logLikelihoodGain,
  pickLeave,
  weightsOf,
  type InferenceObservation,
} from '../../../server/src/analysis/inference';

const lexicon = loadDefaultLexicon();
const leaves = builtinLeaves().leaves;

const EMPTY = new Array<PlacedTile | null>(225).fill(null) as BoardCells;

/** The opponent opened 8D MANTOS (22) with the bag full; the mover now holds CEIORTU. */
function afterMantos(): Position {
  const board = EMPTY.slice();
  'MANTOS'.split('').forEach((letter, i) => (board[7 * 15 + 3 + i] = { letter, blank: false, turn: 0 }));
  const play: OpponentPlay = { board: EMPTY, tiles: 'MANTOS'.split(''), score: 22, bag: 86 };
  return { board, rack: 'CEIORTU'.split(''), bag: 80, scores: [0, 22], rules: 'fise', tileSet: 'spanish', opponentPlay: play };
}

describe('analysis: rack inference', () => {
  it('weights down a leave with which the opponent had a much better move', () => {
    const p = afterMantos();
    const play = p.opponentPlay!;
    // With an E kept, the rack AEMNOST had a bingo (8B ENMOSTA, 74): MANTOS was far below it.
    const withE = leaveDeficit(p, play, ['E'], lexicon, leaves);
    // With an S kept, MANTOS keeping S was the rack's best move.
    const withS = leaveDeficit(p, play, ['S'], lexicon, leaves);
    assert.equal(withS, 0);
    assert.ok(withE < -40, `deficit with E: ${withE}`);
    const [wE, wS] = weightsOf([withE, withS], 4);
    assert.ok(wE < 1e-4 * wS, `weights ${wE} and ${wS}`);
    // In the deals: the leave E is dealt far less often than the uniform deal would (E: 11 of the unseen tiles).
    const inferred = inferLeaves(p, { lexicon, leaves, temperature: 4, samples: 64, seed: 3 });
    assert.ok(inferred);
    const rand = mulberry32(5);
    let e = 0;
    for (let k = 0; k < 2000; k++) if (inferred.leaves[pickLeave(inferred, rand())][0] === 'E') e++;
    const prior = inferred.leaves.filter((l) => l[0] === 'E').length / inferred.leaves.length;
    assert.ok(prior > 0.05, `the prior drew E in ${prior} of the samples`);
    assert.ok(e / 2000 < 0.01, `E dealt in ${e} of 2000 deals`);
  });

  it('deals each iteration one inferred leave, drawn by weight, and the same deals for the same seed', () => {
    const p = afterMantos();
    const candidates = simCandidates(p, { lexicon, leaves, candidates: 2 });
    const inferred = { leaves: [['Ñ'], ['X']], cumulative: [0.8, 1], effective: 1.5 };
    const runner = new PlayoutRunner(p, candidates, { lexicon, leaves, plies: 1, seed: 9, inferred });
    const again = new PlayoutRunner(p, candidates, { lexicon, leaves, plies: 1, seed: 9, inferred });
    const plain = new PlayoutRunner(p, candidates, { lexicon, leaves, plies: 1, seed: 9 });
    let n = 0;
    let x = 0;
    let plainN = 0;
    for (let i = 0; i < 200; i++) {
      const rack = runner.playout(candidates[0], i, true).opponentRack;
      assert.equal(rack.length, 7);
      assert.deepEqual(again.playout(candidates[0], i, true).opponentRack, rack);
      // Every deal holds the leave drawn (Ñ four times in five, X once), and maybe the other by chance.
      const hasN = rack.includes('Ñ');
      const hasX = rack.includes('X');
      assert.ok(hasN || hasX, `iteration ${i}: ${rack.join('')}`);
      if (hasN) n++;
      if (hasX) x++;
      if (plain.playout(candidates[0], i, true).opponentRack.includes('Ñ')) plainN++;
    }
    assert.ok(n > 140 && n < 190, `Ñ in ${n} of 200`);
    assert.ok(x > 20 && x < 75, `X in ${x} of 200`);
    assert.ok(plainN < 40, `uniform deals gave Ñ ${plainN} times`);
  });

  it('is the same for the same seed, and undefined when nothing can be inferred', () => {
    const p = afterMantos();
    const a = inferLeaves(p, { lexicon, leaves, temperature: 4, samples: 24, seed: 11 });
    const b = inferLeaves(p, { lexicon, leaves, temperature: 4, samples: 24, seed: 11 });
    const c = inferLeaves(p, { lexicon, leaves, temperature: 4, samples: 24, seed: 12 });
    assert.deepEqual(a, b);
    assert.notDeepEqual(a?.leaves, c?.leaves);
    assert.equal(a?.cumulative.at(-1), 1);
    // No last play, a bingo (nothing kept), tiles known on the opponent's rack.
    const { opponentPlay: _none, ...blind } = p;
    assert.equal(inferLeaves(blind, { lexicon, leaves, temperature: 4 }), undefined);
    const bingo = { ...p, opponentPlay: { ...p.opponentPlay!, tiles: 'MANTOSE'.split('') } };
    assert.equal(inferLeaves(bingo, { lexicon, leaves, temperature: 4 }), undefined);
    assert.equal(inferLeaves({ ...p, opponentTiles: ['E'] }, { lexicon, leaves, temperature: 4 }), undefined);
  });

  it("gives a position its opponent's last placement from the record", () => {
    const r = replay(
      parse(['#player1 Ana Ana', '#player2 Luis Luis', '>Ana: AEMNOST 8D MANTOS +22 22', '>Luis: CEIORTU - +0 0', ''].join('\n')).file,
      { lexicon },
    );
    const got = positionBefore(r, 1);
    assert.ok('position' in got);
    const play = got.position.opponentPlay;
    assert.ok(play);
    assert.deepEqual(play.tiles, 'MANTOS'.split(''));
    assert.equal(play.score, 22);
    assert.equal(play.bag, 86);
    assert.ok(play.board.every((c) => c === null));
    const first = positionBefore(r, 0);
    assert.ok('position' in first && first.position.opponentPlay === undefined);
  });

  it("gives self-play's positions the opponent's last placement, board before it included", () => {
    const equity = chooserFor('equity', { lexicon, leaves });
    let seen = 0;
    const beforeTurn = (p: Position, turns: readonly PlayedTurn[]): void => {
      const last = turns.at(-1);
      if (!last || last.move.kind !== 'place' || last.bagBefore === 0 || p.bag === 0) {
        assert.equal(p.opponentPlay, undefined);
        return;
      }
      const play = p.opponentPlay;
      assert.ok(play);
      const placed = last.move.tiles;
      assert.deepEqual(
        play.tiles,
        placed.map((t) => (t.blank ? '?' : t.letter)),
      );
      assert.equal(play.score, last.score);
      assert.equal(play.bag, last.bagBefore);
      for (const t of placed) {
        assert.equal(play.board[t.row * 15 + t.col], null);
        assert.notEqual(p.board[t.row * 15 + t.col], null);
      }
      seen++;
    };
    playGame(5, [equity, equity], { beforeTurn });
    assert.ok(seen > 5, `${seen} positions with the opponent's last play`);
  });

  it('fits the temperature that made the observations', () => {
    const rand = mulberry32(21);
    const made = (t: number): InferenceObservation[] =>
      Array.from({ length: 400 }, () => {
        const samples = Array.from({ length: 48 }, () => (rand() < 0.2 ? 0 : -40 * rand()));
        // The leave kept, drawn from the samples in proportion to exp(d / t).
        const w = weightsOf(samples, t);
        let u = rand() * w.reduce((s, x) => s + x, 0);
        let k = 0;
        while (k < w.length - 1 && (u -= w[k]) > 0) k++;
        return { kept: samples[k], samples };
      });
    for (const t of [2, 10]) {
      const fit = fitTemperature(made(t));
      assert.ok(fit.temperature > t / 2 && fit.temperature < t * 2, `made at ${t}, fitted ${fit.temperature}`);
      assert.ok(fit.gain > 0);
    }
    // Never above log(K + 1): the kept leave counts among the samples.
    assert.ok(logLikelihoodGain(0, [-50, -50, -50], 0.01) <= Math.log(4) + 1e-12);
  });
});
