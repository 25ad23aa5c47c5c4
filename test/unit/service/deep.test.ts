/**
 * "Analizar a fondo" (service/deep.ts): the stepped simulation gives `simulate`'s figures for the
 * same moves and seed, the stepped endgame and the one-call endgame (a worker's) give the solver's value, the target
 * of a line, the settings' limits, the texts in both languages, and the cache per version.
 */
import { strict as assert } from 'node:assert';
import { positionBefore, simulate, unseenTiles } from '../../../server/src/analysis';
import { solveEndgame } from '../../../server/src/analysis/endgame';
import { loadDefaultLexicon } from '../../../server/src/lexicon/load';
import {
  DeepCache,
  deepAnswer,
  deepHoverMarkdown,
  deepLensTitle,
  deepSettings,
  deepSimMoves,
  deepSteps,
  deepTarget,
  solveEndgameJob,
  type DeepOutcome,
  type DeepTarget,
} from '../../../server/src/service/deep';
import { analyze } from '../../../server/src/service/document';
import { boardModel } from '../../../server/src/service/board-model';
import { renderDeepBoard } from '../../../server/src/report/deep-board';
import { generateGame } from '../../support/generator';
import { EXAMPLE_6, analyzeRecord } from './fixtures';

const lexicon = loadDefaultLexicon();

function run(target: DeepTarget, options: Parameters<typeof deepSteps>[1]): { outcome: DeepOutcome; steps: number; fractions: number[] } {
  const steps = deepSteps(target, options);
  const fractions: number[] = [];
  for (;;) {
    const s = steps.next();
    if (s.done) return { outcome: s.value, steps: fractions.length, fractions };
    fractions.push(s.value);
  }
}

describe('service: deep analysis in the editor', () => {
  const game = generateGame({ seed: 11, lexicon });
  const analysis = analyze(game.text, { lexicon });
  const turns = analysis.replay.turns;
  const bagOf = (i: number): number => {
    const got = positionBefore(analysis.replay, i);
    return 'position' in got ? got.position.bag : -1;
  };
  const mid = turns.findIndex((t, i) => t.kind === 'placement' && bagOf(i) > 30);

  it('simulates in steps to the same figures as simulate() for the same moves and seed', () => {
    const target = deepTarget(analysis, turns[mid].event.line, lexicon, undefined, 'en');
    assert.ok(!('reason' in target));
    assert.equal(target.kind, 'sim');
    const options = { lexicon, iterations: 60, plies: 2, seed: 7, candidates: 5, seconds: 600 };
    const { outcome, fractions } = run(target, options);
    assert.equal(outcome.kind, 'sim');
    assert.ok(fractions.length > 5, 'many steps');
    for (let i = 1; i < fractions.length; i++) assert.ok(fractions[i] >= fractions[i - 1] && fractions[i] <= 1);
    const moves = deepSimMoves(target, options);
    const want = simulate(target.position, { lexicon, moves, plies: 2, maxIterations: 60, seed: 7, passes: target.passes });
    if (outcome.kind !== 'sim') return;
    assert.equal(outcome.result.iterations, want.iterations);
    assert.equal(outcome.result.stopped, want.stopped);
    assert.deepEqual(
      outcome.result.candidates.map((c) => [c.move.squares.join(','), c.equity, c.winPct, c.iterations, c.interval, c.pruned]),
      want.candidates.map((c) => [c.move.squares.join(','), c.equity, c.winPct, c.iterations, c.interval, c.pruned]),
    );
    // The move played is simulated: its figures are named in the hover, both languages.
    const answer = deepAnswer(target, outcome, 1, 'en');
    assert.equal(answer.sim?.moves.filter((m) => m.played).length, 1);
    assert.match(deepHoverMarkdown(outcome, 'en'), /^\*\*Deep: simulation 2 moves ahead, 60 iterations, seed 7\*\*/);
    assert.match(deepHoverMarkdown(outcome, 'es'), /equidad simulada -?\d+(,\d)? ± \d+(,\d)? · gana \d+(,\d)? %/);
    assert.match(deepLensTitle(outcome, 'en'), /^deep: the move played wins \d+(\.\d)?% · simulated equity/);
    // The board view's section: one row and one preview per simulated move, numbered after the list's own.
    const section = renderDeepBoard(outcome, boardModel(analysis.replay, target.index), 'es', 10);
    assert.equal(section.count, outcome.result.candidates.length);
    assert.deepEqual(
      [...section.html.matchAll(/class="move[^"]*" role="listitem" data-move="(\d+)"/g)].map((m) => Number(m[1])),
      outcome.result.candidates.map((_, i) => 10 + i),
    );
    assert.equal((section.previews.match(/<g class="preview" data-move="\d+">/g) ?? []).length, section.count);
    assert.match(section.html, /<span class="win">\d+(,\d)? %<\/span>/);
    assert.equal((section.html.match(/◀/g) ?? []).length, 1, 'the move played marked');
  });

  it('a different seed deals other racks: other figures', () => {
    const target = deepTarget(analysis, turns[mid].event.line, lexicon, undefined, 'en');
    assert.ok(!('reason' in target));
    const a = run(target, { lexicon, iterations: 40, seed: 1, candidates: 3 }).outcome;
    const b = run(target, { lexicon, iterations: 40, seed: 2, candidates: 3 }).outcome;
    assert.ok(a.kind === 'sim' && b.kind === 'sim');
    assert.notDeepEqual(
      a.result.candidates.map((c) => c.equity),
      b.result.candidates.map((c) => c.equity),
    );
  });

  it('with the bag empty searches the endgame in steps; solved, it is the solver value, as on a thread', () => {
    // A game whose first bag-empty position is solved within the steps' time.
    const small = analyze(generateGame({ seed: 3, lexicon }).text, { lexicon });
    const at = small.replay.turns.findIndex((t, i) => {
      const got = positionBefore(small.replay, i);
      return t.kind === 'placement' && 'position' in got && got.position.bag === 0;
    });
    assert.ok(at >= 0, 'the generated game reaches an empty bag');
    const target = deepTarget(small, small.replay.turns[at].event.line, lexicon, undefined, 'en');
    assert.ok(!('reason' in target));
    assert.equal(target.kind, 'endgame');
    const { outcome } = run(target, { lexicon, seconds: 20, now: () => 0 }); // a clock that stands still: no step runs out of time;
    assert.equal(outcome.kind, 'endgame');
    if (outcome.kind !== 'endgame') return;
    assert.ok(outcome.result.line.length > 0);
    const opponent: string[] = [];
    for (const [face, n] of unseenTiles(target.position)) for (let k = 0; k < n; k++) opponent.push(face);
    assert.equal(outcome.result.exact, true);
    const solved = solveEndgame(target.position, opponent, { lexicon, passes: target.passes });
    assert.equal(outcome.result.spread, solved.spread);
    const whole = solveEndgameJob(target, lexicon, 60000, undefined, () => 0);
    assert.equal(whole.result.spread, solved.spread);
    assert.deepEqual(whole.playedValue, outcome.playedValue);
    const answer = deepAnswer(target, outcome, 3, 'es');
    assert.equal(answer.kind, 'endgame');
    assert.equal(answer.endgame?.line.length, outcome.result.line.length);
    assert.match(deepHoverMarkdown(outcome, 'es'), /^\*\*Final/);
    assert.match(deepLensTitle(outcome, 'en'), /^deep: the (move played|best) gives [-+]?\d+ (to the end )?/);
    // The board view draws the line: the preview of row k holds the tiles of the line's placements up to k.
    const section = renderDeepBoard(outcome, boardModel(small.replay, target.index), 'en', 0);
    assert.equal(section.count, outcome.result.line.length);
    const tilesIn = [...section.previews.matchAll(/<g class="preview" data-move="\d+">(.*?)<\/g>/g)].map(
      (m) => (m[1].match(/class="preview-tile"/g) ?? []).length,
    );
    let placed = 0;
    assert.deepEqual(
      tilesIn,
      outcome.result.line.map((m) => (placed += m.kind === 'play' ? m.used : 0)),
    );
    assert.match(section.html, /Endgame line/);
  });

  it('a line that is no move, or no word list, is a reason in the user language', () => {
    const small = analyzeRecord(EXAMPLE_6);
    const none = deepTarget(small, 0, lexicon, undefined, 'es');
    assert.ok('reason' in none);
    assert.match(none.reason, /no hay una jugada/);
    const noList = deepTarget(small, small.replay.turns[1].event.line, undefined, undefined, 'en');
    assert.ok('reason' in noList);
    assert.match(noList.reason, /word list/);
  });

  it('settings: defaults with a fixed seed, limits applied', () => {
    assert.deepEqual(deepSettings({}), { plies: 2, iterations: 1000, seconds: 30, seed: 1, candidates: 15 });
    const cut = deepSettings({ plies: 99, iterations: -4, seconds: 1e9, seed: 2.7, candidates: 0 });
    assert.deepEqual(cut, { plies: 8, iterations: 1, seconds: 600, seed: 2, candidates: 1 });
  });

  it('the cache answers only for the version it was made for, and keeps the newest version', () => {
    const cache = new DeepCache();
    const target = deepTarget(analysis, turns[mid].event.line, lexicon, undefined, 'en');
    assert.ok(!('reason' in target));
    const outcome = run(target, { lexicon, iterations: 4, candidates: 2 }).outcome;
    const entry = (version: number) => ({ version, line: target.line, outcome, answer: deepAnswer(target, outcome, version, 'en') });
    cache.set('u', entry(2));
    assert.ok(cache.get('u', 2, target.line));
    assert.equal(cache.get('u', 3, target.line), undefined);
    assert.equal(cache.get('u', 2, target.line + 1), undefined);
    cache.set('u', entry(1)); // an older answer finishing late is not kept
    assert.equal(cache.get('u', 1, target.line), undefined);
    assert.ok(cache.get('u', 2, target.line));
    cache.set('u', entry(3));
    assert.equal(cache.get('u', 2, target.line), undefined);
    cache.forget('u');
    assert.equal(cache.get('u', 3, target.line), undefined);
  });
});
