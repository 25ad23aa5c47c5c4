/**
 * The simulation keeps its time limit inside a batch, the first one included: with a clock that
 * passes the limit after a few playouts, the simulation stops there (counted in playouts, never in
 * wall-clock time), in one thread, on worker threads and in the `"sim"` field of `moves --stdin`;
 * the candidates the cut left without a deal come last, marked as not simulated.
 */
import { strict as assert } from 'node:assert';
import { Readable } from 'node:stream';
import { loadDefaultLexicon } from '../../../server/src/lexicon/load';
import { builtinLeaves } from '../../../server/src/analysis/leave-files';
import { positionBefore, type Position } from '../../../server/src/analysis/position';
import { simCandidates, simulate } from '../../../server/src/analysis/sim';
import { simulateOnThreads } from '../../../server/src/cli/shared/sim-runner';
import { runMoves } from '../../../server/src/cli/commands/moves';
import { positionJson } from '../../../server/src/cli/shared/positions';
import { replay } from '../../../server/src/engine/replay';
import { parse } from '../../../server/src/syntax/parse';
import { captureIo } from '../report/helpers';
import { readSample, samplePath } from '../../support/fixtures';

const lexicon = loadDefaultLexicon();
const leaves = builtinLeaves().leaves;

/** The position of line 20 of the sample game (34 tiles in the bag). */
function midGame(): Position {
  const r = replay(parse(readSample('partida-completa.gcg')).file, { lexicon });
  const index = r.turns.findIndex((t) => t.event.line === 19);
  const got = positionBefore(r, index);
  assert.ok('position' in got);
  return got.position;
}

/** A clock that moves one millisecond each time it is read: the limit is a count of readings. */
function tickingClock(): { now: () => number; readings: () => number } {
  let t = 0;
  return { now: () => t++, readings: () => t };
}

describe('analysis: the simulation keeps its time limit', function () {
  this.timeout(120000);
  const position = midGame();

  it('cuts the first batch at the limit: a few playouts, not 100 deals of every candidate', () => {
    const clock = tickingClock();
    const r = simulate(position, { lexicon, leaves, candidates: 40, maxIterations: 1000, timeLimitMs: 30, now: clock.now });
    assert.equal(r.stopped, 'time');
    // Before each playout the clock is read once: 30 readings after the start, 29 playouts at most.
    assert.ok(r.playouts > 0 && r.playouts < 30, `${r.playouts} playouts`);
    assert.ok(r.iterations <= 30);
    // The candidates are played one after the other: the first keeps its deals, the rest none.
    const simulated = r.candidates.filter((c) => c.iterations > 0);
    const left = r.candidates.filter((c) => c.iterations === 0);
    assert.ok(simulated.length >= 1 && left.length >= 30);
    assert.equal(r.candidates.length, 40);
    // Those left without a deal come last.
    const firstLeft = r.candidates.findIndex((c) => c.iterations === 0);
    assert.ok(r.candidates.slice(firstLeft).every((c) => c.iterations === 0));
    assert.equal(
      simulated.reduce((n, c) => n + c.iterations, 0),
      r.playouts,
    );
  });

  it('cuts a batch on worker threads too: the workers stop at the same deadline', async () => {
    // A clock past the limit at its second reading: no thread starts a playout.
    let reads = 0;
    const now = (): number => (reads++ === 0 ? 0 : 1000);
    const moves = simCandidates(position, { lexicon, leaves, candidates: 20 });
    const r = await simulateOnThreads(position, { lexicon, leaves, moves, maxIterations: 1000, timeLimitMs: 500, now }, { threads: 2 });
    assert.equal(r.stopped, 'time');
    assert.equal(r.playouts, 0);
    assert.ok(r.candidates.every((c) => c.iterations === 0));
  });

  it("without a limit, the batch is whole (the cut is the limit's alone)", () => {
    const moves = simCandidates(position, { lexicon, leaves, candidates: 3 });
    const r = simulate(position, { lexicon, leaves, moves, maxIterations: 20, minIterations: 20 });
    assert.equal(r.playouts, 60);
    assert.ok(r.candidates.every((c) => c.iterations === 20));
  });

  it('prints a move the limit left unsimulated as such, in text and in JSON', async () => {
    const c = captureIo('en');
    const input = Readable.from([
      `${JSON.stringify({ ...positionJson(position), id: 1, top: 100, sim: { candidates: 100, time: 0.1 } })}\n`,
    ]);
    assert.equal(await runMoves(['--stdin'], c.io, { stdin: input }), 0);
    const answer = JSON.parse(c.out[0]) as {
      sim: { playouts: number; stopped: string };
      moves: { sim?: { equity: number | null; iterations: number } }[];
    };
    assert.equal(answer.sim.stopped, 'time');
    // A tenth of a second is far less than 100 deals of 100 candidates (10 000 playouts).
    assert.ok(answer.sim.playouts < 5000, `${answer.sim.playouts} playouts`);
    const unplayed = answer.moves.filter((m) => m.sim?.iterations === 0);
    assert.ok(unplayed.length > 0);
    assert.ok(unplayed.every((m) => m.sim?.equity === null));
    const text = captureIo('en');
    assert.equal(await runMoves([samplePath('partida-completa.gcg'), '--line', '20', '--sim', '--top', '60', '--time', '0.1'], text.io), 0);
    assert.match(text.out.join('\n'), /· not simulated \(the time ran out\)/);
    assert.match(text.out[text.out.length - 1], /; time limit reached$/);
  });
});
