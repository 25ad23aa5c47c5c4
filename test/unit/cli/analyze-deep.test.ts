/**
 * `planilla analyze --deep` (cli/shared/analyze-deep.ts): the JSON of a short record (a method per turn,
 * win % in range, the method object), the human form in Spanish, and one clear line with exit code
 * 2 for a file that cannot be read.
 */
import * as assert from 'node:assert/strict';
import { runAnalyze } from '../../../server/src/cli/commands/analyze';
import { samplePath } from '../../support/fixtures';
import { captureIo } from '../report/helpers';

describe('analysis: planilla analyze --deep', function () {
  this.timeout(300000);
  it('grades each turn of a record with its method, equity lost and win % lost (JSON)', async () => {
    const c = captureIo('es');
    assert.equal(
      await runAnalyze([samplePath('planilla-a-mano.gcg'), '--deep', '--json', '--jobs', '1'], c.io, { progress: undefined }),
      0,
    );
    const doc = JSON.parse(c.out.join('\n')) as {
      files: { method: Record<string, unknown>; turns: Record<string, any>[]; summary: Record<string, any> }[];
    };
    const f = doc.files[0];
    assert.equal(f.method.winPct, 'table');
    assert.equal(f.method.closeEquity, 20);
    const graded = f.turns.filter((t) => t.method);
    assert.ok(graded.length >= 3);
    for (const t of graded) {
      assert.ok(['static', 'sim', 'pre-endgame', 'endgame'].includes(t.method as string));
      assert.ok(t.equityLost >= 0 && t.winLost >= 0 && t.winLost <= 1 && t.winBest >= t.winPlayed);
      assert.ok(t.winBefore > 0 && t.winBefore < 1);
    }
    assert.deepEqual(Object.keys(f.summary).sort(), ['Lucía', 'Tomás']);
  });

  it('writes one line per turn and a summary per player (Spanish)', async () => {
    const c = captureIo('es');
    assert.equal(await runAnalyze([samplePath('planilla-a-mano.gcg'), '--deep', '--jobs', '1'], c.io, { progress: undefined }), 0);
    assert.match(c.out[0], /análisis a fondo/);
    assert.ok(c.out.some((l) => /^ {2}línea \d+ .*% de victoria/.test(l)));
    assert.ok(c.out.some((l) => /^ {2}Lucía: pierde .* % de victoria en \d+ turnos/.test(l)));
  });

  it('a file that cannot be read: one line, exit code 2', async () => {
    const c = captureIo('en');
    assert.equal(await runAnalyze(['no-such-file.gcg', '--deep'], c.io, { progress: undefined }), 2);
    assert.equal(c.err.length, 1);
    assert.ok(!c.err[0].includes('    at '));
  });
});
