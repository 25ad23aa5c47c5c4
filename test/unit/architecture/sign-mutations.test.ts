/**
 * The fast loop (`npm run test:unit`) catches the coach's sign errors: each mutation below flips
 * one sign of the simulation's value or of the win % given for the opponent in a copy of the built
 * module (test/support/mutate-module.ts), and the seeded fast tests of those signs
 * (test/unit/analysis/sim-signs.test.ts, a suite of the fast loop) must then fail; run unmutated,
 * they pass. Each mutated text must be in the built module exactly once, so a change to the code
 * that makes a mutation stale fails here instead of passing silently.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { repoRoot } from '../../support/fixtures';
import { occurrences, type ModuleMutation } from '../../support/mutate-module';

const SIM = 'out/server/src/analysis/sim.js';
const DEEP = 'out/server/src/analysis/deep-game.js';
const FAST_TESTS = 'out/test/unit/analysis/sim-signs.test.js';

const MUTATIONS: readonly (ModuleMutation & { readonly name: string })[] = [
  { name: 'the sides’ signs swapped', file: SIM, from: 'SIDE_SIGN = [1, -1]', to: 'SIDE_SIGN = [-1, 1]' },
  { name: 'a move’s points counted against its player', file: SIM, from: 'value += sign * m.score', to: 'value -= sign * m.score' },
  { name: 'the leave terms the wrong way round', file: SIM, from: 'value += terms[0] - terms[1]', to: 'value += terms[1] - terms[0]' },
  {
    name: 'the mover’s win % at the horizon of the wrong sign',
    file: SIM,
    from: 'next === 0 ? (0, win_pct_1.winProbability)(spread, unseen)',
    to: 'next === 0 ? (0, win_pct_1.winProbability)(-spread, unseen)',
  },
  {
    name: 'the opponent’s win % not turned round',
    file: SIM,
    from: ': 1 - (0, win_pct_1.winProbability)(-spread, unseen)',
    to: ': (0, win_pct_1.winProbability)(-spread, unseen)',
  },
  {
    name: 'the opponent’s win % from the mover’s spread',
    file: SIM,
    from: ': 1 - (0, win_pct_1.winProbability)(-spread, unseen)',
    to: ': 1 - (0, win_pct_1.winProbability)(spread, unseen)',
  },
  {
    name: 'the deep analysis’s win % after a move not turned round',
    file: DEEP,
    from: 'return 1 - (0, win_pct_1.winProbability)(-(spread + equity)',
    to: 'return (0, win_pct_1.winProbability)(-(spread + equity)',
  },
  {
    name: 'the deep analysis’s win % after a move from the mover’s spread',
    file: DEEP,
    from: 'return 1 - (0, win_pct_1.winProbability)(-(spread + equity)',
    to: 'return 1 - (0, win_pct_1.winProbability)((spread + equity)',
  },
];

interface Run {
  readonly status: number | null;
  readonly passes: number;
  readonly failures: number;
  readonly output: string;
}

/** The fast sign tests in a child mocha, with `mutation` applied to a copy of its module. */
function runFastTests(mutation?: ModuleMutation): Run {
  const r = spawnSync(
    process.execPath,
    [
      path.join(repoRoot, 'node_modules/mocha/bin/mocha.js'),
      '--no-config',
      '--reporter',
      'json',
      '--timeout',
      '120000',
      '--require',
      'out/test/support/fast-check-seed.js',
      '--require',
      'out/test/support/mutate-module.js',
      FAST_TESTS,
    ],
    { cwd: repoRoot, encoding: 'utf8', env: { ...process.env, PLANILLA_MUTATION: mutation ? JSON.stringify(mutation) : '' } },
  );
  const output = `${r.stdout}\n${r.stderr}`;
  const start = r.stdout.indexOf('{');
  let stats = { passes: 0, failures: 0 };
  if (start >= 0) {
    try {
      stats = (JSON.parse(r.stdout.slice(start)) as { stats: typeof stats }).stats;
    } catch {
      // not a mocha report: the counts stay 0 and the assertions below say so with the output
    }
  }
  return { status: r.status, passes: stats.passes, failures: stats.failures, output };
}

describe('architecture: the fast loop fails on a flipped sign of the coach', function () {
  this.timeout(600000);

  it('the fast sign tests are a suite of the fast loop', () => {
    const unit = require(path.join(repoRoot, '.mocharc.unit.cjs')) as { SLOW_SUITES: readonly string[] };
    assert.ok(!unit.SLOW_SUITES.includes(FAST_TESTS));
    assert.ok(fs.existsSync(path.join(repoRoot, FAST_TESTS)));
  });

  it('unmutated, the fast sign tests pass', () => {
    const r = runFastTests();
    assert.equal(r.status, 0, r.output);
    assert.equal(r.failures, 0, r.output);
    assert.ok(r.passes >= 5, r.output);
  });

  for (const m of MUTATIONS) {
    it(`mutated (${m.name}), the fast sign tests fail`, () => {
      const source = fs.readFileSync(path.join(repoRoot, m.file), 'utf8');
      assert.equal(occurrences(source, m.from), 1, `"${m.from}" is not in ${m.file} exactly once: update the mutation`);
      const r = runFastTests(m);
      assert.notEqual(r.status, 3, r.output);
      assert.ok(r.failures >= 1, `no test failed:\n${r.output.slice(0, 2000)}`);
      assert.notEqual(r.status, 0);
    });
  }
});
