// The start-up ratios against `node -e 0` (docs/performance.md "Start-up"), by the method of
// `bench peers --skip-generator`: `planilla check FILE`, `planilla check --lexicon USER.kwg
// FILE` (the pinned list as a .kwg, its cache made by a first run) and `planilla moves FILE
// --line L` (FILE: the first generated game of `bench peers`, seed 500). CPU time (user + system)
// of the waited-for children; a sample is the mean of 10 processes run one after the other; the
// figure is the median of the samples; every case and every checkout interleaved inside a
// sample. Prints figures and the load average; asserts nothing.
//
// With `--old DIR` (another built checkout, or a copy of one: bin/, dist/, data/, package.json)
// the same cases run for it too, interleaved with this one, and the ratios are printed side by
// side. Both share one temporary cache folder (PLANILLA_CACHE_DIR), warmed before timing.
//
// Usage: node scripts/bench.mjs startup [--old DIR] [--samples N]   (after npm run build)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import { join, resolve } from 'node:path';
import { childCpuMs, load, median, say } from '../lib/bench.mjs';
import { commandLine, require, root } from '../lib/command-line.mjs';
import { userKwg } from '../lib/user-kwg.mjs';

const { option, count, die } = commandLine('bench startup');
const SAMPLES = count('--samples', 7);
const BATCH = 10;
const old = option('--old', undefined) ? resolve(option('--old', undefined)) : undefined;
if (!existsSync('/proc/self/stat')) die('needs /proc (the children’s CPU time)');
for (const checkout of [root, old].filter(Boolean))
  if (!existsSync(join(checkout, 'dist', 'cli.js'))) die(`${checkout} is not built (npm run build)`);

const { loadDefaultLexicon } = require(join(root, 'out/server/src/lexicon/load.js'));
const { generateGame } = require(join(root, 'out/test/support/generator.js'));
const lexicon = loadDefaultLexicon({ dataDir: join(root, 'data') });
const game = generateGame({ seed: 500, notation: 'brackets', lexicon });

const dir = mkdtempSync(join(os.tmpdir(), 'planilla-bench-startup-'));
try {
  const file = join(dir, 'one.gcg');
  writeFileSync(file, game.text);
  const line = String(game.text.split('\n').findIndex((l) => l.startsWith('>')) + 1);
  const kwg = join(dir, 'user.kwg');
  writeFileSync(kwg, userKwg(root));
  const env = { ...process.env, PLANILLA_CACHE_DIR: join(dir, 'cache') };
  const trees = [['this', root], ...(old ? [['old', old]] : [])];
  const cases = [['node -e 0', () => ['-e', '0']]];
  for (const [name, tree] of trees) {
    const bin = join(tree, 'bin', 'planilla.js');
    cases.push(
      [`${name}: planilla check FILE`, () => [bin, 'check', file]],
      [`${name}: planilla check --lexicon USER.kwg FILE`, () => [bin, 'check', '--lexicon', kwg, file]],
      [`${name}: planilla moves FILE --line L`, () => [bin, 'moves', file, '--line', line]],
    );
  }
  const run = (argv) => {
    try {
      execFileSync(process.execPath, argv, { stdio: 'ignore', env });
    } catch {
      // a finding exits 1: its CPU time counts the same
    }
  };
  say(`bench-startup: ${SAMPLES} samples of ${BATCH} processes per case, interleaved; node ${process.version}; load ${load()}`);
  // A first run of each: the user's list compiled into its cache (then found by path, size and time).
  for (const [, argv] of cases) run(argv());
  const cpu = cases.map(() => []);
  for (let sample = 0; sample < SAMPLES; sample++)
    cases.forEach(([, argv], k) => {
      const args = argv();
      const c0 = childCpuMs();
      for (let i = 0; i < BATCH; i++) run(args);
      cpu[k].push((childCpuMs() - c0) / BATCH);
    });
  const base = median(cpu[0]);
  cases.forEach(([name], k) =>
    say(
      `${name}: ${median(cpu[k]).toFixed(1)} ms CPU${k > 0 ? `, ${(median(cpu[k]) / base).toFixed(2)}× node -e 0` : ''} (samples ${cpu[k].map((x) => x.toFixed(0)).join(' ')})`,
    ),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
say(`load at the end: ${load()}`);
