/**
 * "Analizar a fondo" (service/deep.ts, service/verdict-view.ts): the move of a line and its
 * reasons, the time limit, and the turn's verdict: `turnVerdict` gives the verdict the whole-game
 * grading gives (deep-game.ts, as `analyze --deep` and the commented game), for a simulated turn
 * and a turn with the bag empty; the lens, the hover and the board view say it in both languages,
 * with its method; the cache answers only for the version it was made for.
 */
import { strict as assert } from 'node:assert';
import { positionBefore } from '../../../server/src/analysis';
import { deepAnalyzeGame, simulateHere } from '../../../server/src/analysis/deep-game';
import { verdictOf } from '../../../server/src/analysis/verdict';
import { loadDefaultLexicon } from '../../../server/src/lexicon/load';
import { deepSettings, deepTarget } from '../../../server/src/service/deep';
import { analyze } from '../../../server/src/service/document';
import { boardModel } from '../../../server/src/service/board-model';
import { turnVerdict, verdictHoverMarkdown, verdictLensTitle, VerdictCache, type HeldVerdict } from '../../../server/src/service/verdict-view';
import { renderDeepBoard } from '../../../server/src/report/deep-board';
import { generateGame } from '../../support/generator';
import { EXAMPLE_6, analyzeRecord } from './fixtures';

const lexicon = loadDefaultLexicon();

describe('service: deep analysis in the editor is the turn verdict', function () {
  this.timeout(600000);
  const game = generateGame({ seed: 3, lexicon });
  const analysis = analyze(game.text, { lexicon });
  const replay = analysis.replay;
  const bagOf = (i: number): number => {
    const got = positionBefore(replay, i);
    return 'position' in got ? got.position.bag : -1;
  };
  let whole: Awaited<ReturnType<typeof deepAnalyzeGame>>;
  before(async () => {
    whole = await deepAnalyzeGame(replay, { lexicon, top: 5, simulate: simulateHere(lexicon) });
  });

  it('gives, turn by turn, the verdict of the whole-game grading (simulated, static, pre-endgame and endgame turns)', async () => {
    const methods = new Set<string>();
    for (const t of whole.turns) {
      const v = verdictOf(replay, t);
      if (!v) continue;
      // the simulated turns, the bag-empty turns, and the first static turn
      if (v.method === 'static' && methods.has('static')) continue;
      methods.add(v.method);
      const got = await turnVerdict(replay, t.index, lexicon, simulateHere(lexicon));
      assert.ok('held' in got, `turn ${t.index}`);
      assert.deepEqual(got.held.verdict, v, `line ${v.line}`);
      if (v.method === 'sim') assert.ok((got.held.sims ?? []).length >= 2, 'the moves simulated are kept');
    }
    assert.ok(methods.has('endgame') && methods.has('static'), [...methods].join(','));
  });

  it('says the verdict in the lens, the hover and the board view, with its method, in both languages', () => {
    const t = whole.turns.find((x) => x.method === 'static' && verdictOf(replay, x) && !verdictOf(replay, x)!.playedIsBest);
    assert.ok(t, 'a static turn where the move played is not the best');
    const v = verdictOf(replay, t)!;
    const held: HeldVerdict = { verdict: v };
    assert.match(verdictLensTitle(held, 'es'), /^a fondo \(estática\): mejor \S+ \S+ \+\d+; la jugada hecha pierde [\d,]+ y [\d,]+ % de victoria$/);
    assert.match(verdictLensTitle(held, 'en'), /^deep \(static\): best \S+ \S+ \+\d+; the move played loses [\d.]+ and [\d.]+% of winning$/);
    assert.match(verdictHoverMarkdown(held, 'es'), /^\*\*A fondo \(estática\):\*\* mejor /);
    const section = renderDeepBoard(held, boardModel(replay, t.index), 'en', 4);
    assert.match(section.html, new RegExp(`data-line="${v.line}" data-best="${v.code}" data-loss="${v.loss}" data-method="static"`));
    assert.equal(section.count, 1);
    assert.match(section.previews, /data-move="4"/);
    const end = whole.turns.find((x) => x.method === 'endgame' && verdictOf(replay, x));
    assert.ok(end);
    assert.match(verdictLensTitle({ verdict: verdictOf(replay, end)! }, 'es'), /^a fondo \(final (exacto|, búsqueda limitada)\): /);
    const sim = whole.turns.find((x) => x.method === 'sim' && verdictOf(replay, x));
    if (sim) assert.match(verdictLensTitle({ verdict: verdictOf(replay, sim)! }, 'en'), /^deep \(simulated ± [\d.]+, \d+ iterations\): /);
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
