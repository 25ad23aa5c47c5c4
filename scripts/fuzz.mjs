// Long fuzz run: the suite of test/fuzz/ (compiled to out/test/fuzz/) with many more runs and a
// fresh seed, printed first so that a failure can be replayed. Needs the build (`npm run build`).
// Usage: node scripts/fuzz.mjs [--runs N] [--seed S] [--time-ms T] [-- MOCHA-OPTIONS (e.g. --grep analyze)]
//   env PLANILLA_FUZZ_RUNS / PLANILLA_FUZZ_SEED / PLANILLA_FUZZ_TIME_MS work as well (flags win).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './lib/command-line.mjs';

if (!existsSync(join(root, 'out/test/fuzz'))) {
  process.stderr.write('fuzz: build first (npm run build)\n');
  process.exit(2);
}
const flag = (name) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const runs = flag('--runs') ?? process.env.PLANILLA_FUZZ_RUNS ?? '2000';
const seed = flag('--seed') ?? process.env.PLANILLA_FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
const timeMs = flag('--time-ms') ?? process.env.PLANILLA_FUZZ_TIME_MS ?? '600000';
process.stdout.write(`fuzz: seed ${seed}, ${runs} runs per property, at most ${timeMs} ms per property\n`);
const mocha = join(root, 'node_modules', 'mocha', 'bin', 'mocha.js');
const passThrough = process.argv.includes('--') ? process.argv.slice(process.argv.indexOf('--') + 1) : [];
const result = spawnSync(
  process.execPath,
  [mocha, '--no-config', '--timeout', '0', '--reporter', 'spec', ...passThrough, 'out/test/fuzz/**/*.test.js'],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PLANILLA_FUZZ_RUNS: runs, PLANILLA_FUZZ_SEED: seed, PLANILLA_FUZZ_TIME_MS: timeMs },
  },
);
if (result.status !== 0) process.stdout.write(`fuzz: failed; replay with: node scripts/fuzz.mjs --seed ${seed} --runs ${runs}\n`);
process.exit(result.status ?? 1);
