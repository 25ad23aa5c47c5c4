/**
 * "Analizar a fondo" (service/deep.ts, service/verdict-view.ts): the move of a line and its
 * reasons, the time limit; the lens, the hover and the board view say a turn's verdict in both
 * languages, with its method; the cache answers only for the version it was made for. (That
 * `turnVerdict` gives the whole-game grading's verdict: test/unit/analysis/verdict-turn.test.ts.)
 */
import { strict as assert } from 'node:assert';
import { positionBefore } from '../../../server/src/analysis';
import { deepAnalyzeTurn, type DeepTurn } from '../../../server/src/analysis/deep-game';
import { verdictOf } from '../../../server/src/analysis/verdict';
import { loadDefaultLexicon } from '../../../server/src/lexicon/load';
import { deepSettings, deepTarget } from '../../../server/src/service/deep';
import { analyze, type Analysis } from '../../../server/src/service/document';
import { boardModel } from '../../../server/src/service/board-model';
import { verdictHoverMarkdown, verdictLensTitle, VerdictCache, type HeldVerdict } from '../../../server/src/service/verdict-view';
import { renderDeepBoard } from '../../../server/src/report/deep-board';
import { generateGame } from '../../support/generator';
import { EXAMPLE_6, analyzeRecord } from './fixtures';

const lexicon = loadDefaultLexicon();

describe('service: deep analysis in the editor is the turn verdict', function () {
  this.timeout(600000);
  // made and analysed in the hook below, not when the file loads
  let analysis: Analysis;
  let replay: Analysis['replay'];
  const bagOf = (i: number): number => {
    const got = positionBefore(replay, i);
    return 'position' in got ? got.position.bag : -1;
  };
  // A few turns graded (without simulation: the simulated verdict's text is built by hand below):
  // mid-game ones, and the last placement (the bag empty, a small endgame).
  const whole: { turns: DeepTurn[] } = { turns: [] };
  before(async () => {
    analysis = analyze(generateGame({ seed: 3, lexicon }).text, { lexicon });
    replay = analysis.replay;
    const last = replay.turns.map((t, i) => (t.kind === 'placement' ? i : -1)).reduce((a, b) => Math.max(a, b));
    for (const i of [1, 2, 3, 4, 5, 6, last]) {
      const t = await deepAnalyzeTurn(replay, i, { lexicon, top: 5 });
      if (t) whole.turns.push(t);
    }
  });

  it('says the verdict in the lens, the hover and the board view, with its method, in both languages', () => {
    const t = whole.turns.find((x) => x.method === 'static' && verdictOf(replay, x) && !verdictOf(replay, x)!.playedIsBest);
    assert.ok(t, 'a static turn where the move played is not the best');
    const v = verdictOf(replay, t)!;
    const held: HeldVerdict = { verdict: v };
    assert.match(
      verdictLensTitle(held, 'es'),
      /^a fondo \(estática\): mejor \S+ \S+ \+\d+; la jugada hecha pierde [\d,]+ y [\d,]+ % de victoria$/,
    );
    assert.match(
      verdictLensTitle(held, 'en'),
      /^deep \(static\): best \S+ \S+ \+\d+; the move played loses [\d.]+ and [\d.]+% of winning$/,
    );
    assert.match(verdictHoverMarkdown(held, 'es'), /^\*\*A fondo \(estática\):\*\* mejor /);
    const section = renderDeepBoard(held, boardModel(replay, t.index), 'en', 4);
    assert.match(section.html, new RegExp(`data-line="${v.line}" data-best="${v.code}" data-loss="${v.loss}" data-method="static"`));
    assert.equal(section.count, 1);
    assert.match(section.previews, /data-move="4"/);
    const end = whole.turns.find((x) => x.method === 'endgame' && verdictOf(replay, x));
    assert.ok(end);
    assert.match(verdictLensTitle({ verdict: verdictOf(replay, end)! }, 'es'), /^a fondo \(final (exacto|, búsqueda limitada)\): /);
    const simulated = { ...v, method: 'sim' as const, margin: 3.94, iterations: 300 };
    assert.match(verdictLensTitle({ verdict: simulated }, 'en'), /^deep \(simulated, ± 3\.9, 300 iterations\): best /);
    assert.match(verdictLensTitle({ verdict: simulated }, 'es'), /^a fondo \(simulada, ± 3,9, 300 iteraciones\): mejor /);
  });

  it('the cache answers only for the version it was made for, and keeps the newest version', () => {
    const t = whole.turns.find((x) => verdictOf(replay, x));
    const v = verdictOf(replay, t!)!;
    const cache = new VerdictCache();
    cache.set('u', 2, [{ verdict: v }]);
    assert.ok(cache.get('u', 2, v.index));
    assert.ok(cache.atLine('u', 2, v.line - 1));
    assert.equal(cache.get('u', 3, v.index), undefined);
    cache.set('u', 1, [{ verdict: v }]); // an older version is ignored
    assert.ok(cache.get('u', 2, v.index));
    cache.set('u', 3, []);
    assert.equal(cache.get('u', 2, v.index), undefined);
    cache.forget('u');
    assert.equal(cache.get('u', 3, v.index), undefined);
  });

  it('a line that is no move, or no word list, is a reason in the user language', () => {
    const small = analyzeRecord(EXAMPLE_6);
    const none = deepTarget(small, 0, lexicon, undefined, 'es');
    assert.ok('reason' in none);
    assert.match(none.reason, /no hay una jugada/);
    const noList = deepTarget(small, small.replay.turns[1].event.line, undefined, undefined, 'en');
    assert.ok('reason' in noList);
    assert.match(noList.reason, /word list/);
    assert.ok(bagOf(0) > 0);
  });

  it('the time: 30 s by default, at most 600', () => {
    assert.deepEqual(deepSettings({}), { seconds: 30 });
    assert.deepEqual(deepSettings({ seconds: 1e9 }), { seconds: 600 });
    assert.deepEqual(deepSettings({ seconds: -1 }), { seconds: 30 });
  });
});
