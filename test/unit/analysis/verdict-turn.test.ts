/**
 * "Analizar a fondo" on one move gives the verdict the whole-game grading gives that turn
 * (service/verdict-view.ts `turnVerdict` against deep-game.ts `deepAnalyzeGame`, as `analyze --deep`
 * and the commented game grade it): on a generated game, the first three simulated turns, every
 * pre-endgame and endgame turn and the first static one, with the moves simulated kept beside a
 * simulated verdict.
 */
import { strict as assert } from 'node:assert';
import { deepAnalyzeGame, simulateHere } from '../../../server/src/analysis/deep-game';
import { verdictOf } from '../../../server/src/analysis/verdict';
import { loadDefaultLexicon } from '../../../server/src/lexicon/load';
import { analyze } from '../../../server/src/service/document';
import { turnVerdict } from '../../../server/src/service/verdict-view';
import { generateGame } from '../../support/generator';

const lexicon = loadDefaultLexicon();

describe('analysis: one move analysed deeply gets the verdict of the whole game', function () {
  this.timeout(900000);
  // made and analysed in the hook, not when the file loads
  let replay: ReturnType<typeof analyze>['replay'];
  let whole: Awaited<ReturnType<typeof deepAnalyzeGame>>;
  before(async () => {
    replay = analyze(generateGame({ seed: 1, lexicon }).text, { lexicon }).replay;
    whole = await deepAnalyzeGame(replay, { lexicon, top: 5, simulate: simulateHere(lexicon) });
  });

  it('gives, turn by turn, the verdict of the whole-game grading (simulated, static, pre-endgame and endgame turns)', async () => {
    const methods = new Set<string>();
    let simulated = 0;
    for (const t of whole.turns) {
      const v = verdictOf(replay, t);
      if (!v) continue;
      // the simulated turns, the bag-empty turns, and the first static turn
      if (v.method === 'static' && methods.has('static')) continue;
      if (v.method === 'sim' && simulated++ >= 3) continue; // most turns are close: the first three
      methods.add(v.method);
      const got = await turnVerdict(replay, t.index, lexicon, simulateHere(lexicon));
      assert.ok('held' in got, `turn ${t.index}`);
      assert.deepEqual(got.held.verdict, v, `line ${v.line}`);
      if (v.method === 'sim') assert.ok((got.held.sims ?? []).length >= 2, 'the moves simulated are kept');
    }
    assert.ok(methods.has('endgame') && methods.has('static') && methods.has('sim'), [...methods].join(','));
  });
});
