/**
 * The plain analysis grades the turns with the bag empty by the endgame search
 * (analysis/coach.ts, endgame-grade.ts): the figures equal `solveEndgame` / `endgameMoveValue`
 * called directly; a move that is the endgame's best loses 0 even when its static equity is
 * lower; `planilla analyze` says the method in its JSON and its lines (the same with `--jobs 2`:
 * test/unit/cli/jobs.test.ts); `--endgame-nodes 0` grades statically; the runs of passes are counted as the engine counts them.
 */
import * as assert from 'node:assert/strict';
import { analyzeGame, analyzeTurn } from '../../../server/src/analysis/coach';
import { endgameMoveValue, solveEndgame } from '../../../server/src/analysis/endgame';
import { opponentRack, runsBefore } from '../../../server/src/analysis/endgame-grade';
import { analyze } from '../../../server/src/service/document';
import { coachLensTitle } from '../../../server/src/service/coach';
import { generateGame } from '../../support/generator';
import { analyzeJson, analyzeLogged } from '../report/helpers';
import { defaultLexicon, readSample, samplePath } from '../../support/fixtures';

describe('analysis: turns with the bag empty graded by the endgame', function () {
  this.timeout(300000);
  const lexicon = defaultLexicon();

  it('gives, on the sample game, the spreads that solveEndgame and endgameMoveValue give directly', () => {
    const r = analyze(readSample('partida-completa.gcg'), { lexicon }).replay;
    const nodes = 50_000;
    const game = analyzeGame(r, { lexicon, top: 5, endgameNodes: nodes });
    const endgame = game.turns.filter((t) => t.method === 'endgame');
    assert.ok(endgame.length >= 5, `${endgame.length} endgame turns`);
    let exact = 0;
    for (const t of game.turns) {
      if (!t.position || t.equityLost === undefined) continue;
      assert.equal(t.method, t.position.bag === 0 ? 'endgame' : 'static', `line ${r.turns[t.index].event.line + 1}`);
      const eg = t.endgame;
      if (!eg) continue;
      assert.equal(t.equityLost, eg.lost);
      assert.equal(eg.lost, Math.max(0, eg.bestSpread - eg.playedSpread));
      if (!eg.exact) continue;
      exact++;
      const runs = runsBefore(r, t.index);
      const opts = { lexicon, passes: runs.passes, scoreless: runs.scoreless };
      const opponent = opponentRack(t.position);
      const solved = solveEndgame(t.position, opponent, opts);
      assert.equal(eg.bestSpread, solved.spread);
      assert.equal(eg.playedSpread, endgameMoveValue(t.position, opponent, t.played!, opts).spread);
      assert.equal(eg.best.kind, solved.line[0].kind);
    }
    assert.ok(exact >= 3, `${exact} exact turns`);
  });

  it('gives, with a small node limit, the figures of searches made one by one (a search the next turn repeats is made once)', () => {
    // The position after the move played is the next turn's: one search answers both, even when the
    // move played is looked at to a depth bound only (`maxDepth`, the best line not proven).
    const nodes = 300;
    let bounded = 0;
    let compared = 0;
    for (const seed of [500, 501, 502, 503]) {
      const r = analyze(generateGame({ seed, notation: 'brackets', lexicon }).text, { lexicon }).replay;
      for (const t of analyzeGame(r, { lexicon, top: 1, endgameNodes: nodes }).turns) {
        const eg = t.endgame;
        if (!eg || !t.position || !t.played) continue;
        const runs = runsBefore(r, t.index);
        const opts = { lexicon, maxNodes: nodes, tableBits: 12, passes: runs.passes, scoreless: runs.scoreless };
        const opponent = opponentRack(t.position);
        const solved = solveEndgame(t.position, opponent, opts);
        assert.equal(eg.bestSpread, solved.spread);
        assert.equal(eg.exact && solved.exact, eg.exact);
        assert.equal(eg.depth, solved.depth);
        assert.deepEqual(eg.best.squares, solved.line[0].squares);
        const move = t.legal ? t.played : { ...t.played, kind: 'pass' as const, squares: [], score: 0, used: 0 };
        if (
          eg.best.kind === move.kind &&
          eg.best.row === move.row &&
          eg.best.col === move.col &&
          eg.best.squares.join() === move.squares.join()
        )
          continue;
        const horizon = solved.exact ? undefined : solved.depth;
        if (horizon === 1) continue; // its points alone (or the end): no search
        if (horizon !== undefined) bounded++;
        const mine = endgameMoveValue(t.position, opponent, move, horizon === undefined ? opts : { ...opts, maxDepth: horizon - 1 });
        assert.equal(eg.playedSpread, mine.spread, `line ${r.turns[t.index].event.line + 1}`);
        assert.equal(eg.exact, solved.exact && mine.exact);
        compared++;
      }
    }
    assert.ok(compared >= 10 && bounded >= 3, `${compared} moves played compared, ${bounded} to a depth bound`);
  });

  it('shows 0 lost for the endgame-best move played even though its static equity was lower', () => {
    const r = analyze(readSample('final-de-club.gcg'), { lexicon }).replay;
    const found = analyzeGame(r, { lexicon, top: 5 }).turns.filter(
      (t) => t.method === 'endgame' && t.legal && t.best && t.played && t.best[0].equity > t.played.equity && t.equityLost === 0,
    );
    assert.ok(found.length > 0, 'a turn whose endgame-best move was not the static best');
    for (const t of found) {
      const staticTurn = analyzeTurn(r, t.index, { lexicon, top: 5, endgameNodes: 0 })!;
      assert.equal(staticTurn.method, 'static');
      assert.ok(staticTurn.equityLost! > 0);
      assert.match(coachLensTitle(t, 'en'), /^endgame: the move played is the best/);
    }
  });

  it('counts a withdrawn play as a pass and an exchange as scoreless, as the engine does', () => {
    const text = readSample('partida-completa.gcg');
    const r = analyze(text, { lexicon }).replay;
    for (let i = 0; i < r.turns.length; i++) {
      const runs = runsBefore(r, i);
      assert.ok(runs.scoreless >= runs.passes);
      if (i > 0 && r.turns[i - 1].kind === 'placement' && r.turns[i].kind !== 'withdrawn')
        assert.deepEqual(runs, { passes: 0, scoreless: 0 });
    }
  });

  describe('planilla analyze', () => {
    it('says the method per turn in JSON, with the spreads and exact for the endgame turns, and in its lines', async () => {
      const j = await analyzeLogged([samplePath('partida-completa.gcg'), '--json'], 'en');
      assert.equal(j.code, 0);
      const turns = analyzeJson(j.log).files[0].turns;
      const eg = turns.filter((t) => t.method === 'endgame');
      assert.ok(eg.length >= 5);
      for (const t of eg) {
        const e = t.endgame as { bestSpread: number; playedSpread: number; exact: boolean; depth: number };
        assert.equal(typeof e.exact, 'boolean');
        assert.equal(t.equityLost, Math.max(0, e.bestSpread - e.playedSpread));
      }
      assert.ok(turns.some((t) => t.method === 'static'));
      const text = await analyzeLogged([samplePath('partida-completa.gcg')], 'en');
      assert.ok(text.log.some((l) => / to the end; best .* · (exact endgame|endgame searched)/.test(l)));
      const none = await analyzeLogged([samplePath('partida-completa.gcg'), '--json', '--endgame-nodes', '0'], 'en');
      assert.ok(analyzeJson(none.log).files[0].turns.every((t) => t.method !== 'endgame' && t.endgame === undefined));
      const bad = await analyzeLogged([samplePath('partida-completa.gcg'), '--endgame-nodes', 'many'], 'en');
      assert.equal(bad.code, 2);
      assert.equal(bad.log.length, 1);
      assert.match(bad.log[0], /^err .*--endgame-nodes/);
    });
  });
});
