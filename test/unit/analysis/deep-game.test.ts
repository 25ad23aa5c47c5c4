/**
 * The deep analysis of a game (analysis/deep-game.ts) and the commented game's figures
 * (report/win-graph.ts): on the full sample game every analysed turn gets a method, an equity
 * lost ≥ 0 and a win % lost in [0, 1]; empty-bag turns go to the exact endgame; close turns are
 * simulated when a simulation is given (here one that returns the static equity, so the figures
 * must equal the static ones); the graph and the better moves in the HTML report.
 */
import * as assert from 'node:assert/strict';
import { deepAnalyzeGame, deepAnalyzeGameStatic, winAfter, type DeepSimulate } from '../../../server/src/analysis/deep-game';
import { winProbability } from '../../../server/src/analysis/win-pct';
import { analyze } from '../../../server/src/service/document';
import { buildAudit } from '../../../server/src/report/audit';
import { renderHtmlReport } from '../../../server/src/report/html';
import { renderMarkdownReport } from '../../../server/src/report/markdown';
import { betterMoves, gamePoints, winGraphSvg, BETTER_MOVE_THRESHOLD } from '../../../server/src/report/win-graph';
import { defaultLexicon, readSample } from '../../support/fixtures';

describe('analysis: deep analysis of a game', function () {
  this.timeout(300000);
  const lexicon = defaultLexicon();
  const options = { lexicon, top: 5, endgameNodes: 20000 };
  // analysed in a hook, not when the file loads: a failure fails this suite's tests only
  let analysis: ReturnType<typeof analyze>;
  let r: ReturnType<typeof analyze>['replay'];
  let game: ReturnType<typeof deepAnalyzeGameStatic>;
  before(() => {
    analysis = analyze(readSample('partida-completa.gcg'), { lexicon });
    r = analysis.replay;
    game = deepAnalyzeGameStatic(r, options);
  });

  it('grades every analysed turn: empty bag by the endgame, the rest statically; losses within range', () => {
    const graded = game.turns.filter((t) => t.method);
    assert.ok(graded.length >= 25, `${graded.length} turns graded`);
    for (const t of graded) {
      assert.ok(t.equityLost! >= 0, `line ${r.turns[t.index].event.line + 1}`);
      assert.ok(t.winLost! >= 0 && t.winLost! <= 1);
      assert.ok(t.winBest! >= t.winPlayed!);
      const bag = t.coach.position!.bag;
      assert.equal(t.method, bag === 0 ? 'endgame' : bag <= 2 ? 'pre-endgame' : 'static');
      if (t.method === 'endgame') for (const w of [t.winBest, t.winPlayed]) assert.ok(w === 0 || w === 0.5 || w === 1);
    }
    assert.ok(graded.some((t) => t.method === 'endgame'));
    assert.equal(game.simulated, false);
    const s = game.summary[0];
    assert.ok(graded.some((t) => t.method === 'pre-endgame'));
    assert.equal(s.turns, s.byMethod.static + s.byMethod.sim + s.byMethod['pre-endgame'] + s.byMethod.endgame);
  });

  it('the win % after a move is the table’s for the opponent at the position after it', () => {
    const t = game.turns.find((x) => x.method === 'static' && x.coach.played?.kind === 'play')!;
    const p = t.coach.position!;
    const m = t.coach.played!;
    const drawn = Math.min(m.used, p.bag);
    const expected = 1 - winProbability(-(p.scores[0] - p.scores[1] + m.equity), p.bag - drawn + p.rack.length - m.used + drawn);
    assert.equal(winAfter(p, m, m.equity), expected);
    assert.equal(t.winPlayed, expected);
  });

  it('close turns are simulated when a simulation is given; a simulation that returns the static equity changes no figure', async () => {
    let calls = 0;
    const echo: DeepSimulate = (_position, moves) => {
      calls++;
      return moves.map((move) => ({ move, equity: move.equity, iterations: 7 }));
    };
    const sim = await deepAnalyzeGame(r, { ...options, simulate: echo });
    assert.ok(calls > 0, 'the sample has close turns');
    assert.equal(sim.turns.filter((t) => t.method === 'sim').length, calls);
    assert.equal(sim.simulated, true);
    sim.turns.forEach((t, i) => {
      const s = game.turns[i];
      if (t.method !== 'sim') return assert.deepEqual({ ...t, coach: null }, { ...s, coach: null });
      assert.ok(t.close);
      assert.equal(t.iterations, 7);
      assert.ok(Math.abs(t.equityLost! - s.equityLost!) < 0.011, `line ${r.turns[t.index].event.line + 1}`);
      assert.ok(Math.abs(t.winPlayed! - s.winPlayed!) < 1e-12);
    });
  });

  it('the commented game: the graph has one point per graded turn and the end; better moves above the threshold', () => {
    const points = gamePoints(game, r);
    assert.equal(points.length, game.turns.filter((t) => t.winBefore !== undefined).length + 1);
    const last = r.turns[r.turns.length - 1].totals;
    assert.deepEqual(points[points.length - 1].spread, last[0] - last[1]);
    const svg = winGraphSvg(points, ['Sofía', 'Ramón'], 'es');
    assert.equal((svg.match(/<circle /g) ?? []).length, points.length);
    assert.ok(!/ id=|<style|<script|href/.test(svg));
    const better = betterMoves(game, r);
    assert.ok(better.length > 0 && better.every((b) => b.equityLost > BETTER_MOVE_THRESHOLD));
    const audit = buildAudit({ path: 'p.gcg', analysis, lexicon, lang: 'es', deep: game });
    const html = renderHtmlReport(audit, r, { diagrams: true, deep: game });
    assert.ok(html.includes('<svg class="win-graph"'));
    // each better move names the move played as a reader writes it (not the record's line) and carries its verdict
    assert.equal(
      (
        html.match(
          /<li data-line="\d+" data-best="[^"]+" data-loss="[\d.]+" data-method="[a-z-]+">Jugada \d+ \(línea \d+\) · [^:<]+: [^<]+: Mejor: /g,
        ) ?? []
      ).length,
      better.length,
    );
    assert.ok(!renderHtmlReport(audit, r, { diagrams: true }).includes('win-graph'), 'no deep analysis, no graph');
    const md = renderMarkdownReport(audit, r, { diagrams: true, deep: game });
    assert.equal((md.match(/^- Jugada .*Mejor: /gm) ?? []).length, better.length);
  });
});
