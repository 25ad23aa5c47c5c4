/**
 * `analyze --deep` is bounded: a legal record that never ends (exchanges at 0–0, as long as one
 * likes) costs at most the game's time, the turns left are named as not graded; each turn's
 * simulation and endgame searches get what is left of the turn's time and of the game's. The
 * clock is injected (it moves only when a turn is done), so the test counts turns, never time.
 * On a runner of N threads (cli/shared/deep-threads.ts), N turns are graded at once, started in turn
 * order, and the game's time stops the turns not started.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { deepAnalyzeGame, type DeepSimulate } from '../../../server/src/analysis/deep-game';
import { analyze } from '../../../server/src/service/document';
import { deepText, deepJson, DEEP_GAME_SECONDS, DEEP_TURN_SECONDS } from '../../../server/src/cli/shared/analyze-deep';
import { validSeconds } from '../../../server/src/cli/shared/limits';
import { formatMessage } from '../../../server/src/rules/messages';
import { runCli } from '../../support/cli-capture';
import { defaultLexicon, removeTempDir, samplePath, tempDir } from '../../support/fixtures';

/** A legal record that does not end: both players exchange their whole rack at 0–0, `turns` times. */
function endless(turns: number): string {
  const lines = ['#player1 Ana Ana', '#player2 Beto Beto', '#rules fise'];
  for (let i = 0; i < turns; i++) {
    const [nick, rack] = i % 2 === 0 ? ['Ana', 'AEIOUUU'] : ['Beto', 'BCDFGHL'];
    lines.push(`>${nick}: ${rack} -${rack} +0 0`);
  }
  return `${lines.join('\n')}\n`;
}

describe('analysis: the deep analysis keeps its time limits', function () {
  this.timeout(120000);
  const lexicon = defaultLexicon();
  // analysed in a hook, not when the file loads: a failure fails this suite's tests only
  let r: ReturnType<typeof analyze>['replay'];
  before(() => {
    r = analyze(endless(2000), { lexicon }).replay;
  });

  it('stops a never-ending record at the game time, naming the turns left', async () => {
    let clock = 0;
    const limits: (number | undefined)[] = [];
    const simulate: DeepSimulate = (_p, moves, _passes, timeLimitMs) => {
      limits.push(timeLimitMs);
      return moves.map((move) => ({ move, equity: move.equity, iterations: 10 }));
    };
    const game = await deepAnalyzeGame(
      r,
      { lexicon, top: 5, simulate, turnTimeMs: 30_000, gameTimeMs: 100_000, now: () => clock },
      () => (clock += 7_000), // each turn "takes" 7 s of the clock
    );
    // 100 s at 7 s a turn: 15 turns graded, the 16th not started.
    assert.equal(game.turns.length, 15);
    assert.ok(game.stopped);
    assert.equal(game.stopped.index, 15);
    assert.equal(game.stopped.left, r.turns.length - 15);
    // Each simulation got the turn's limit, or what was left of the game's when less.
    assert.ok(limits.length > 0);
    for (const l of limits) assert.ok(l !== undefined && l <= 30_000);
    assert.equal(limits[limits.length - 1], 100_000 - 14 * 7_000);
    const text = deepText('endless.gcg', r, game, 'en');
    assert.match(text.join('\n'), /analysis stopped at line 19: the game's time ran out \(--game-time\); 1,985 events are left ungraded/);
    const json = deepJson('endless.gcg', r, game) as { stopped?: { line: number; reason: string; turnsLeft: number } };
    assert.deepEqual(json.stopped, { line: 19, reason: 'game-time', turnsLeft: 1985 });
  });

  it('a move the time left unsimulated is not among the figures', async () => {
    const simulate: DeepSimulate = (_p, moves) =>
      moves.map((move, i) => ({ move, equity: i === 0 ? 500 : move.equity, iterations: i === 0 ? 0 : 5 }));
    const game = await deepAnalyzeGame(r, {
      lexicon,
      top: 5,
      simulate,
      gameTimeMs: 1,
      now: (
        (t) => () =>
          (t += 0)
      )(0),
    });
    // gameTimeMs 1 on a clock that never moves: every turn is graded, none by the unplayed move's 500.
    for (const t of game.turns.filter((x) => x.method === 'sim')) assert.ok((t.bestValue ?? 0) < 500);
  });

  it('the command takes --turn-time and --game-time, with defaults inside their range', async () => {
    assert.ok(validSeconds(DEEP_TURN_SECONDS) && validSeconds(DEEP_GAME_SECONDS));
    // The defaults the help text states are the command's.
    for (const lang of ['es', 'en'] as const) {
      const usage = formatMessage('cli.usage', {}, lang);
      assert.ok(usage.includes(`${DEEP_TURN_SECONDS} s`) && usage.includes(`${DEEP_GAME_SECONDS} s`), lang);
      assert.match(usage, /--turn-time S\] \[--game-time S\]/);
    }
    const dir = tempDir('deep-limits');
    try {
      const file = path.join(dir, 'endless.gcg');
      fs.writeFileSync(file, endless(400));
      // A tenth of a second for the game: far less than 400 turns of analysis.
      const c = await runCli(['analyze', '--deep', '--game-time', '0.1', '--turn-time', '0.1', file]);
      assert.equal(c.code, 0);
      assert.match(c.out, /analysis stopped at line \d+: the game's time ran out/);
      const bad = await runCli(['analyze', '--deep', '--game-time', '0', file]);
      assert.equal(bad.code, 2);
      assert.match(bad.err, /--game-time/);
      const alone = await runCli(['analyze', '--turn-time', '5', file]);
      assert.equal(alone.code, 2);
      assert.match(alone.err, /--turn-time goes with --deep/);
    } finally {
      removeTempDir(dir);
    }
  });

  it('grades as many turns at once as the runner has threads, in turn order, and stops at the game time', async () => {
    const text = fs.readFileSync(samplePath('partida-completa.gcg'), 'utf8');
    const r = analyze(text, { lexicon }).replay;
    let clock = 0;
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const game = await deepAnalyzeGame(r, { lexicon, top: 5, gameTimeMs: 10, now: () => clock }, undefined, {
      threads: 3,
      run: async (index) => {
        started.push(index);
        most = Math.max(most, ++running);
        await new Promise((resolve) => setTimeout(resolve, 1 + (index % 3)));
        running--;
        clock++; // each turn done costs one unit of the game's 10
        return { index, player: 0, coach: { index, player: 0 }, method: 'static', equityLost: 1, winLost: 0 };
      },
    });
    assert.equal(most, 3);
    assert.deepEqual(
      started,
      started.map((_, i) => i),
    );
    // 10 turns done spend the game's time; the turns started by then are graded, the rest are not.
    assert.ok(started.length >= 10 && started.length <= 12, `${started.length}`);
    assert.deepEqual(
      game.turns.map((t) => t.index),
      started,
    );
    assert.deepEqual(game.stopped, { index: started.length, left: r.turns.length - started.length });
    assert.equal(game.summary[0].turns, started.length);
  });
});
