/**
 * "Analizar a fondo" keeps its time (`seconds`) inside the first batch too: on a clock that moves
 * a millisecond each time it is read, the simulation stops within a step of the limit (counted in
 * playouts, not in time), and the moves the cut left without a deal are not shown.
 */
import { strict as assert } from 'node:assert';
import { positionBefore } from '../../../server/src/analysis';
import { loadDefaultLexicon } from '../../../server/src/lexicon/load';
import { deepSteps, deepTarget, PLAYOUT_CHUNK, type DeepOutcome, type DeepTarget } from '../../../server/src/service/deep';
import { analyze } from '../../../server/src/service/document';
import { generateGame } from '../../support/generator';

const lexicon = loadDefaultLexicon();

function run(target: DeepTarget, options: Parameters<typeof deepSteps>[1]): DeepOutcome {
  const steps = deepSteps(target, options);
  for (;;) {
    const s = steps.next();
    if (s.done) return s.value;
  }
}

describe('service: the deep analysis keeps its time in the first batch', function () {
  this.timeout(120000);
  it('stops within a step of the limit, and shows only the moves simulated', () => {
    const analysis = analyze(generateGame({ seed: 11, lexicon }).text, { lexicon });
    const turns = analysis.replay.turns;
    const mid = turns.findIndex((t, i) => {
      const got = positionBefore(analysis.replay, i);
      return t.kind === 'placement' && 'position' in got && got.position.bag > 30;
    });
    const target = deepTarget(analysis, turns[mid].event.line, lexicon, undefined, 'en');
    assert.ok(!('reason' in target));
    let t = 0;
    const now = (): number => t++;
    // 0.05 s = 50 readings of the clock, one per step of PLAYOUT_CHUNK playouts.
    const outcome = run(target, { lexicon, iterations: 1000, seed: 1, candidates: 15, seconds: 0.05, now });
    assert.equal(outcome.kind, 'sim');
    if (outcome.kind !== 'sim') return;
    assert.equal(outcome.result.stopped, 'time');
    // Without the check inside the batch: 100 deals of 15 or 16 moves (1 500 playouts or more).
    assert.ok(outcome.result.playouts <= 50 * PLAYOUT_CHUNK, `${outcome.result.playouts} playouts`);
    assert.ok(outcome.result.candidates.length > 0);
    assert.ok(outcome.result.candidates.every((c) => c.iterations > 0 && Number.isFinite(c.interval[1])));
  });
});
