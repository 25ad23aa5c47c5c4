/**
 * The deep analysis of one game on worker threads (cli/shared/deep-threads.ts `DeepPool`, the runner of
 * analysis/deep-game.ts `deepAnalyzeGame`): on two worker threads a game gets, turn for turn, the
 * answer of this thread (simulated close turns included); a pre-endgame turn's cases are valued
 * by every worker and give the grade of this thread; a worker that cannot start costs nothing but
 * speed; the longest work goes out first (the pre-endgame's cases before the turns ahead of it). A slow suite (.mocharc.unit.cjs): it simulates the close turns of a record
 * twice.
 */
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { deepAnalyzeGame, deepAnalyzeTurn, simulateHere, type DeepOptions } from '../../../server/src/analysis/deep-game';
import { deepJson } from '../../../server/src/cli/shared/analyze-deep';
import { DeepPool } from '../../../server/src/cli/shared/deep-threads';
import { DeepGamePool } from '../../../server/src/service/deep-pool';
import { PRE_ENDGAME_MAX_BAG } from '../../../server/src/analysis/pre-endgame';
import { analyze } from '../../../server/src/service/document';
import { defaultLexicon, readSample, removeTempDir, samplePath, tempDir } from '../../support/fixtures';
import * as fs from 'node:fs';

describe('cli: the deep analysis of a game on threads', function () {
  this.timeout(300000);
  const lexicon = defaultLexicon();

  it('gives on two worker threads the answer of this thread, simulated turns included', async () => {
    // The first five turns of a complete game: two simulated (lines 8, 9), two not close (11, 12).
    const file = samplePath('partida-completa.gcg');
    const text = `${fs.readFileSync(file, 'utf8').split('\n').slice(0, 13).join('\n')}\n`;
    const r = analyze(text, { lexicon }).replay;
    const options: DeepOptions = { lexicon, top: 5, simulate: simulateHere(lexicon) };
    const here = await deepAnalyzeGame(r, options);
    const pool = await DeepPool.start({ settings: {}, top: 5, simulate: true }, 2);
    let done = 0;
    let threaded;
    try {
      assert.equal(pool.workers, 2);
      threaded = await deepAnalyzeGame(r, options, () => done++, pool.runner(r, text, options));
    } finally {
      pool.close();
    }
    assert.equal(done, r.turns.length);
    const methods = new Set(here.turns.map((t) => t.method));
    assert.ok(methods.has('sim') && methods.has('static'), [...methods].join(', '));
    assert.equal(JSON.stringify(deepJson(file, r, threaded)), JSON.stringify(deepJson(file, r, here)));
  });

  it('spreads a pre-endgame over every worker, with the grade of this thread', async () => {
    // The game up to its turn with two tiles in the bag (line 37, 36 counted from 0): no turn after it to grade.
    const text = `${readSample('final-de-club.gcg').split('\n').slice(0, 37).join('\n')}\n`;
    const r = analyze(text, { lexicon }).replay;
    const options: DeepOptions = { lexicon, top: 5, simulate: simulateHere(lexicon) };
    const index = r.turns.findIndex((t) => t.event.line === 36);
    assert.equal(index, r.turns.length - 1);
    const here = await deepAnalyzeTurn(r, index, options);
    assert.equal(here?.method, 'pre-endgame');
    const pool = await DeepPool.start({ settings: {}, top: 5, simulate: true }, 2);
    let threaded;
    try {
      assert.equal(pool.workers, 2);
      threaded = await pool.runner(r, text, options).run(index, undefined);
      const valued = pool.casesValued;
      assert.ok(
        valued.every((n) => n > 0),
        `cases valued by each worker: ${valued.join(', ')}`,
      );
      assert.equal(valued[0] + valued[1], (here?.cases ?? 0) * 7); // 7 candidates, each over every ordering
    } finally {
      pool.close();
    }
    assert.equal(JSON.stringify(threaded), JSON.stringify(here));
  });

  it("hands out the longest work first: the bag-empty turns on one worker, a pre-endgame's cases ahead of the turns before it", async () => {
    // A worker that answers at once and writes down what it was sent: the pool's schedule, not the analysis.
    const dir = tempDir('deep-schedule');
    const script = path.join(dir, 'schedule-worker.js');
    const log = path.join(dir, 'sent.txt');
    fs.writeFileSync(
      script,
      `const { parentPort, threadId, workerData } = require('node:worker_threads');
const fs = require('node:fs');
parentPort.on('message', (m) => {
  if (m.type === 'game') return;
  const values = m.pre ? ' ' + m.pre.values.map((v) => v.k).join(',') : '';
  fs.appendFileSync(workerData.log, threadId + ' ' + m.type + ' ' + m.index + (m.split ? ' split' : '') + values + '\\n');
  setTimeout(() => {
    if (m.type === 'cases') {
      const values = [];
      for (let k = m.from; k < m.to; k++) values.push({ k });
      parentPort.postMessage({ type: 'values', id: m.id, values, solves: 1, timedOutSolves: 0 });
    } else if (m.split && workerData.pre.includes(m.index)) parentPort.postMessage({ type: 'cases', id: m.id, total: 12, orderings: 3 });
    else parentPort.postMessage({ type: 'turn', id: m.id, turn: undefined });
  }, 5);
});
parentPort.postMessage({ type: 'ready' });
`,
    );
    const text = readSample('partida-completa.gcg');
    const r = analyze(text, { lexicon }).replay;
    const pre = r.turns.flatMap((_, i) => (i > 0 && r.turns[i - 1].bag >= 1 && r.turns[i - 1].bag <= PRE_ENDGAME_MAX_BAG ? [i] : []));
    assert.ok(pre.length > 0 && pre[0] > 10, `pre-endgame turns: ${pre.join(', ')}`);
    const pool = await DeepGamePool.start(script, { log, pre }, 2);
    let done = 0;
    try {
      assert.equal(pool.workers, 2);
      await deepAnalyzeGame(r, { lexicon, top: 5 }, () => done++, pool.runner(r, text, { lexicon, top: 5 }));
    } finally {
      pool.close();
    }
    const lines = fs.readFileSync(log, 'utf8').trim().split('\n');
    removeTempDir(dir);
    // What was sent, in the order received, and to which worker.
    const sent = lines.map((line) => line.slice(line.indexOf(' ') + 1));
    const worker = lines.map((line) => line.slice(0, line.indexOf(' ')));
    assert.equal(done, r.turns.length);
    const lastRange = sent.map((line) => line.startsWith('cases ')).lastIndexOf(true);
    assert.equal(sent.filter((line) => line.startsWith('cases ')).length, 4 * pre.length, sent.join(' / '));
    assert.ok(lastRange < sent.indexOf('turn 5 split'), sent.join(' / '));
    for (const index of pre) assert.ok(sent.includes(`turn ${index} 0,1,2,3,4,5,6,7,8,9,10,11`), sent.join(' / '));
    // The turns with the bag empty: at once, all on the first one's worker.
    const endgame = r.turns.flatMap((_, i) => (i > 0 && r.turns[i - 1].bag === 0 ? [i] : []));
    assert.ok(endgame.length > 1, `bag-empty turns: ${endgame.join(', ')}`);
    const at = endgame.map((i) => sent.indexOf(`turn ${i} split`));
    assert.equal(new Set(at.map((k) => worker[k])).size, 1, sent.join(' / '));
    assert.ok(Math.max(...at) < sent.indexOf('turn 12 split'), sent.join(' / '));
  });

  it('grades every turn here when no worker can start', async () => {
    const file = samplePath('planilla-a-mano.gcg');
    const text = fs.readFileSync(file, 'utf8');
    const r = analyze(text, { lexicon }).replay;
    const options: DeepOptions = { lexicon, top: 5 };
    const pool = await DeepPool.start({ settings: {}, top: 5, simulate: false }, 2, path.join(path.dirname(file), 'no-such-worker.js'));
    assert.equal(pool.workers, 0);
    const game = await deepAnalyzeGame(r, options, undefined, pool.runner(r, text, options));
    pool.close();
    assert.equal(JSON.stringify(deepJson(file, r, game)), JSON.stringify(deepJson(file, r, await deepAnalyzeGame(r, options))));
    assert.ok(game.turns.some((t) => t.method));
  });
});
