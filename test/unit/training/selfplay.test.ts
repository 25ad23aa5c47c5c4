/**
 * Self-play: games between the strategies, written as GCG, replay through the
 * engine with no finding, the engine's totals and end of game equal the self-play's; the same
 * deal gives the same game; seats swapped share the deal; tiles are conserved; the match summary
 * counts and its interval; the training mode credits leaves.
 */
import * as assert from 'node:assert/strict';
import { loadDefaultLexicon } from '../../../server/src/lexicon/load';
import { parse } from '../../../server/src/syntax/parse';
import { replay } from '../../../server/src/engine/replay';
import { builtinLeaves } from '../../../server/src/analysis/leave-files';
import { playGame, toGcg, type SelfPlayGame } from '../../../server/src/training/selfplay';
import { runSeeds, summarize } from '../../../server/src/training/selfplay-run';
import { chooserFor } from '../../../server/src/training/strategies';

const lexicon = loadDefaultLexicon();
const leaves = builtinLeaves().leaves;
const greedy = chooserFor('greedy', { lexicon, leaves });
const equity = chooserFor('equity', { lexicon, leaves });
const tiles = chooserFor('tiles', { lexicon, leaves });

function check(game: SelfPlayGame): void {
  const r = replay(parse(toGcg(game)).file, { lexicon });
  assert.deepEqual(
    r.findings.map((f) => `${f.code} line ${f.span.start.line + 1}`),
    [],
    toGcg(game),
  );
  assert.deepEqual(r.final, game.final);
  assert.equal(r.gameEnd?.reason, game.end);
  // tiles conserved: the board, both racks and the bag hold the 100 tiles after every turn
  let onBoard = 0;
  for (const t of game.turns) {
    if (t.move.kind === 'place') onBoard += t.move.tiles.length;
  }
  assert.equal(onBoard + game.racks[0].length + game.racks[1].length + game.turns.at(-1)!.bagAfter, 100);
}

describe('leaves: self-play', () => {
  it('plays games that the engine replays with no finding (greedy, equity, tiles)', function () {
    this.timeout(60000);
    const pairs = [
      [greedy, equity],
      [equity, greedy],
      [tiles, equity],
      [equity, equity],
    ] as const;
    let seed = 11;
    for (const pair of pairs) {
      for (let i = 0; i < 2; i++) check(playGame(seed++, pair));
    }
  });

  it('is reproducible, and swapping the seats replays the same deal', () => {
    const a = playGame(42, [greedy, equity]);
    const b = playGame(42, [greedy, equity]);
    assert.equal(toGcg(a), toGcg(b));
    const swapped = playGame(42, [equity, greedy]);
    assert.deepEqual(swapped.turns[0].rack, a.turns[0].rack); // the first rack of the deal
    assert.deepEqual(swapped.turns[1].rack, a.turns[1].rack);
  });

  it('summarises a match: games, wins, draws, losses and a 95 % interval', function () {
    this.timeout(60000);
    const r = runSeeds({ mode: 'match', a: 'equity', b: 'greedy' }, [1, 2, 3]);
    assert.equal(r.deals.length, 3);
    const s = summarize(r.deals);
    assert.equal(s.games, 6);
    assert.equal(s.wins + s.draws + s.losses, 6);
    assert.ok(s.low <= s.rate && s.rate <= s.high);
    const byHand = summarize([
      { seed: 1, aFirst: [400, 300], bFirst: [350, 350], turns: 0 },
      { seed: 2, aFirst: [300, 400], bFirst: [500, 300], turns: 0 },
    ]);
    assert.deepEqual([byHand.wins, byHand.draws, byHand.losses], [2, 1, 1]);
    assert.equal(byHand.rate, 2.5 / 4);
    assert.equal(byHand.spread, (100 + 0 - 100 + 200) / 4);
  });

  it('training mode credits the kept leaves of its games', function () {
    this.timeout(60000);
    const r = runSeeds({ mode: 'train', a: 'equity', b: 'equity' }, [5, 6]);
    assert.equal(r.games.length, 2);
    assert.ok(r.stats && r.stats.n > 10 && r.stats.n < r.turns);
    assert.equal(r.stats.counts.reduce((s, c) => s + c, 0) <= r.stats.n, true);
  });
});
