// The command line's figures (docs/performance.md "The command line"): one
// file, one file with a user's .kwg, 1 200 generated games and 10 000 files, each measured with
// hyperfine (`-N`, no shell) for this checkout and, with `--old DIR`, another built checkout side
// by side in the same run. Prints a table: median wall time and mean CPU time (user + system, all
// threads) per command, with the load average before and after. Nothing asserts on the figures.
//
// The inputs are made once in the work folder (default $TMPDIR/planilla-bench-cli): games of
// seeds 200000–201199 (out/test/support/generate-cli.js), 10 000 files made of those games
// repeated, and user.kwg: the 636 598 words of the pinned word list written as a Woogles graph
// (a plain trie of 4.3 MB, the shape the lexicon tests write). Both builds share one cache folder
// (PLANILLA_CACHE_DIR), warmed before timing, so the list and the code cache are already made.
//
// Usage: node scripts/bench.mjs cli [--old DIR] [--work DIR] [--quick]
//   --quick: fewer runs (10 · 3 · 1 instead of 30 · 5 · 3), for a first look.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { say } from '../lib/bench.mjs';
import { root } from '../lib/command-line.mjs';
import { userKwg } from '../lib/user-kwg.mjs';

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const old = option('--old') ? resolve(option('--old')) : undefined;
const work = resolve(option('--work') ?? join(tmpdir(), 'planilla-bench-cli'));
const quick = args.includes('--quick');

if (spawnSync('hyperfine', ['--version']).status !== 0) {
  say('bench-cli: hyperfine is needed (Debian: apt-get install hyperfine)');
  process.exit(2);
}
for (const checkout of [root, old].filter(Boolean)) {
  if (!existsSync(join(checkout, 'bin', 'planilla.js')) || !existsSync(join(checkout, 'out'))) {
    say(`bench-cli: ${checkout} is not a built checkout (npm run build)`);
    process.exit(2);
  }
}

// 1. Inputs, made once.
mkdirSync(work, { recursive: true });
const g1200 = join(work, 'g1200');
const g10000 = join(work, 'g10000');
const kwg = join(work, 'user.kwg');
if (!existsSync(g1200)) {
  say('bench-cli: generating 1 200 games…');
  execFileSync(process.execPath, [join(root, 'out/test/support/generate-cli.js'), '--seed', '200000', '--count', '1200', '--out', g1200], {
    stdio: 'inherit',
  });
}
if (!existsSync(g10000)) {
  const games = readdirSync(g1200).sort();
  for (let made = 0, copy = 0; made < 10000; copy++) {
    const dir = join(g10000, `r${copy}`);
    mkdirSync(dir, { recursive: true });
    for (const game of games.slice(0, Math.min(games.length, 10000 - made))) cpSync(join(g1200, game), join(dir, game));
    made += Math.min(games.length, 10000 - made);
  }
}
if (!existsSync(kwg)) writeFileSync(kwg, userKwg(root));

// 2. Timing.
const env = { ...process.env, PLANILLA_CACHE_DIR: join(work, 'cache') };
const sample = join(root, 'samples', 'partida-completa.gcg');
const builds = old ? [old, root] : [root];
const cli = (checkout, rest) => `node ${join(checkout, 'bin', 'planilla.js')} ${rest}`;
for (const checkout of builds) {
  for (const rest of [`check ${sample}`, `check --lexicon ${kwg} ${sample}`, `check ${g1200}`]) {
    spawnSync('sh', ['-c', `${cli(checkout, rest)} > /dev/null 2>&1`], { env });
  }
}
const groups = [
  { runs: quick ? 10 : 30, warmup: 3, commands: ['node -e 0', ...builds.map((b) => cli(b, `check ${sample}`))] },
  { runs: quick ? 10 : 30, warmup: 3, commands: builds.map((b) => cli(b, `check --lexicon ${kwg} ${sample}`)) },
  { runs: quick ? 3 : 5, warmup: 1, commands: builds.map((b) => cli(b, `check ${g1200}`)) },
  { runs: quick ? 1 : 3, warmup: 0, commands: builds.map((b) => cli(b, `check ${g10000}`)) },
];
const rows = [];
const before = loadavg();
for (const group of groups) {
  const out = join(work, 'hyperfine.json');
  const r = spawnSync(
    'hyperfine',
    ['-N', '-i', '-w', String(group.warmup), '-r', String(group.runs), '--export-json', out, '--style', 'basic', ...group.commands],
    { env, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (r.status !== 0) process.exit(r.status ?? 1);
  for (const result of JSON.parse(readFileSync(out, 'utf8')).results) rows.push(result);
}
const after = loadavg();
const ms = (s) => (s >= 1 ? `${s.toFixed(2)} s` : `${(s * 1000).toFixed(0)} ms`);
const shown = (command) =>
  command
    .replaceAll(`${root}/`, '')
    .replaceAll(old ? `${old}/` : '\0', 'OLD/')
    .replaceAll(`${work}/`, '');
say('');
say(
  `Node ${process.version}, ${new Date().toISOString()}, load average ${before.map((x) => x.toFixed(2)).join(' ')} → ${after.map((x) => x.toFixed(2)).join(' ')}`,
);
say('| command | median wall | mean CPU (user + sys) | runs |');
say('| --- | --- | --- | --- |');
for (const r of rows) say(`| \`${shown(r.command)}\` | ${ms(r.median)} | ${ms(r.user + r.system)} | ${r.times.length} |`);
