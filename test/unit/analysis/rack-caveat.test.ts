/**
 * A rack the audit finds impossible (it holds a tile the set no longer has, counting the board)
 * is analysed with the tiles that still exist (position.ts `positionBefore`, coach.ts
 * `missingTiles`), and every view of the analysis says so: the coach's turn, the lens and the
 * hover, the board view (static and deep verdict), the commented game (HTML and Markdown) and
 * `analyze` (text, JSON, `--deep`). A rack with no tile left that exists is still skipped.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { positionBefore } from '../../../server/src/analysis';
import { analyzeTurn } from '../../../server/src/analysis/coach';
import { simulateHere } from '../../../server/src/analysis/deep-game';
import { runAnalyze } from '../../../server/src/cli/commands/analyze';
import { loadDefaultLexicon } from '../../../server/src/lexicon/load';
import { buildAudit, coachGame } from '../../../server/src/report/audit';
import { renderBoardMoves } from '../../../server/src/report/board-body';
import { renderHtmlReport } from '../../../server/src/report/html';
import { renderMarkdownReport } from '../../../server/src/report/markdown';
import { boardModel } from '../../../server/src/service/board-model';
import { CoachCache, boardCoachModel, coachHoverParts, coachLensTitle, coachTurn } from '../../../server/src/service/coach';
import { turnVerdict, verdictHoverMarkdown, verdictLensTitle } from '../../../server/src/service/verdict-view';
import { removeTempDir, tempDir } from '../../support/fixtures';
import { captureIo } from '../report/helpers';
import { HEADER, analyzeRecord, lineOf } from '../service/fixtures';

// The set has one Ñ: Ana plays it, then Beto's rack is written with another.
const RECORD = [...HEADER, '#incomplete', '>Ana: AEÑOST? 8G AÑO +20 20', '>Beto: ADEIMNÑ - +0 0', ''].join('\n');
const CAVEAT_ES = /aviso: el atril de la planilla tiene fichas que ya no quedan en el juego \(Ñ\); se analiza con el resto del atril/;
const CAVEAT_EN = /caveat: the sheet's rack holds tiles no longer left in the set \(Ñ\); analysed with the rest of the rack/;

describe('analysis: a rack with tiles that no longer exist is analysed with a caveat', function () {
  // The deep analysis simulates its close turn to its full count of iterations: seconds, more on a loaded machine.
  this.timeout(120000);
  const lexicon = loadDefaultLexicon();

  it('analyses the turn with the tiles left, and lists the missing ones', () => {
    const analysis = analyzeRecord(RECORD);
    assert.deepEqual(positionBefore(analysis.replay, 1), { reason: 'impossible-rack' }, 'refused by default (moves, endgame)');
    const t = analyzeTurn(analysis.replay, 1, { lexicon, top: 3 });
    assert.ok(t);
    assert.equal(t.reason, undefined);
    assert.deepEqual(t.missingTiles, ['Ñ']);
    assert.deepEqual([...(t.position?.rack ?? [])].sort(), ['A', 'D', 'E', 'I', 'M', 'N']);
    assert.ok((t.best?.length ?? 0) > 0 && t.equityLost !== undefined);
    // The missing tile is one still unseen: counted with the bag, so the deals add up.
    assert.equal(t.position?.bag, analysis.replay.turns[0].bag + 1);
    const first = analyzeTurn(analysis.replay, 0, { lexicon, top: 3 });
    assert.equal(first?.missingTiles, undefined, 'a possible rack has no caveat');
  });

  it('still skips a rack none of whose tiles exists', () => {
    const analysis = analyzeRecord([...HEADER, '#incomplete', '>Ana: AEÑOST? 8G AÑO +20 20', '>Beto: ÑÑÑÑÑÑÑ - +0 0', ''].join('\n'));
    assert.equal(analyzeTurn(analysis.replay, 1, { lexicon, top: 3 })?.reason, 'impossible-rack');
  });

  it('says so in the lens, the hover and the board view', () => {
    const analysis = analyzeRecord(RECORD);
    const cache = new CoachCache();
    const got = coachTurn(analysis, 1, lexicon, cache, 'es');
    assert.ok(got && 'turn' in got, 'analysed, not skipped');
    assert.match(coachLensTitle(got.turn, 'es'), CAVEAT_ES);
    assert.match(coachLensTitle(got.turn, 'en'), CAVEAT_EN);
    assert.match(coachHoverParts(got.turn, 'en', lexicon).summary, /caveat: the sheet's rack holds tiles no longer left in the set/);
    const line = lineOf(RECORD, '>Beto:');
    const model = boardCoachModel(analysis, line, lexicon, cache, 'es');
    assert.equal(model.reason, undefined);
    assert.ok(model.rows.length > 0);
    assert.match(renderBoardMoves(model, boardModel(analysis.replay, model.turnIndex), 'es').html, CAVEAT_ES);
  });

  it('says so in the deep verdict of the lens, the hover and the board view', async () => {
    const analysis = analyzeRecord(RECORD);
    const answer = await turnVerdict(analysis.replay, 1, lexicon, simulateHere(lexicon));
    assert.ok('held' in answer, 'graded, not skipped');
    assert.match(verdictLensTitle(answer.held, 'en'), CAVEAT_EN);
    assert.match(verdictHoverMarkdown(answer.held, 'es'), /aviso: el atril de la planilla tiene fichas/);
  });

  it('says so in the commented game (HTML and Markdown)', () => {
    const analysis = analyzeRecord(RECORD);
    const coach = coachGame(analysis, lexicon);
    assert.ok(coach);
    const audit = buildAudit({ path: 'a.gcg', analysis, lexicon, lang: 'es', coach });
    assert.equal(typeof audit.turns[1].equityLost, 'number');
    assert.match(renderHtmlReport(audit, analysis.replay), CAVEAT_ES);
    assert.match(renderMarkdownReport(audit, analysis.replay), CAVEAT_ES);
    assert.equal(audit.turns[0].caveat, undefined);
  });

  it('says so in analyze (text, JSON and --deep)', async () => {
    const dir = tempDir('rack-caveat');
    try {
      const file = path.join(dir, 'g.gcg');
      fs.writeFileSync(file, RECORD);
      const text = captureIo('en');
      assert.equal(await runAnalyze([file], text.io), 0);
      const row = text.out.find((l) => l.includes('line 8 Beto'));
      assert.ok(row && /loses/.test(row) && CAVEAT_EN.test(row), text.out.join('\n'));
      const json = captureIo('en');
      assert.equal(await runAnalyze([file, '--json'], json.io), 0);
      const doc = JSON.parse(json.out.join('\n')) as { files: { turns: Record<string, unknown>[] }[] };
      const turn = doc.files[0].turns[1];
      assert.equal(turn.reason, undefined);
      assert.deepEqual(turn.missingTiles, ['Ñ']);
      assert.match(String(turn.caveat), CAVEAT_EN);
      assert.equal(typeof turn.equityLost, 'number');
      const deep = captureIo('en');
      assert.equal(await runAnalyze([file, '--deep'], deep.io), 0, deep.err.join('\n'));
      const graded = deep.out.find((l) => l.includes('line 8 Beto'));
      assert.ok(graded && /loses/.test(graded) && CAVEAT_EN.test(graded), deep.out.join('\n'));
    } finally {
      removeTempDir(dir);
    }
  });
});
