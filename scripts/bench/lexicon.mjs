// Lexicon benchmark: load time (median of fresh processes) and memory of the built-in lexicon and
// of a 640,000-word user list (first compile, then cached loads), and lookups per second.
// Needs the build (`node scripts/build.mjs --no-bundle`). Prints figures; asserts nothing.
// Usage: node scripts/bench.mjs lexicon [--runs N]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fmt, median } from '../lib/bench.mjs';
import { require, root } from '../lib/command-line.mjs';

const out = join(root, 'out/server/src/lexicon');
if (!existsSync(join(out, 'load.js')) || !existsSync(join(root, 'data/es-open.dawg'))) {
  process.stderr.write('bench-lexicon: build first (node scripts/build.mjs --no-bundle)\n');
  process.exit(2);
}
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Math.max(1, Number(process.argv[runsArg + 1]) || 7) : 7;

/** Runs one measurement in a fresh node process; the child prints one JSON line. */
function child(body, env = {}) {
  const script = `
    const load = require(${JSON.stringify(join(out, 'load.js'))});
    global.gc(); global.gc();
    const before = process.memoryUsage();
    const t0 = process.hrtime.bigint();
    ${body}
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    global.gc(); global.gc();
    const after = process.memoryUsage();
    process.stdout.write(JSON.stringify({ ms, extra,
      heapMB: (after.heapUsed - before.heapUsed) / 2 ** 20,
      externalMB: (after.external + after.arrayBuffers - before.external - before.arrayBuffers) / 2 ** 20,
      rssMB: after.rss / 2 ** 20 }));`;
  const text = execFileSync(process.execPath, ['--expose-gc', '-e', script], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  return JSON.parse(text);
}

function report(label, samples) {
  const last = samples[samples.length - 1];
  process.stdout.write(
    `${label.padEnd(44)} ${fmt(median(samples.map((s) => s.ms)), 2).padStart(9)} ms (median of ${samples.length})` +
      `  heap +${fmt(last.heapMB)} MB  off-heap +${fmt(last.externalMB)} MB  rss ${fmt(last.rssMB)} MB\n`,
  );
}

// 1. Built-in lexicon
const builtin = [];
for (let i = 0; i < RUNS; i++) builtin.push(child(`const lex = load.loadDefaultLexicon(); const extra = lex.info.words;`));
report(`built-in (${builtin[0].extra} words)`, builtin);

// 2. A 640,000-word user list: the open list in capitals, plus made-up words to reach 640k
const work = mkdtempSync(join(tmpdir(), 'planilla-bench-'));
try {
  const words = JSON.parse(readFileSync(require.resolve('an-array-of-spanish-words/index.json', { paths: [root] }), 'utf8'));
  const padding = [];
  for (let i = 0; words.length + padding.length < 640_000; i++) padding.push(`${words[i]}ñ`);
  const list = join(work, 'lista-640k.txt');
  writeFileSync(list, [...words, ...padding].map((w) => w.toUpperCase()).join('\n'));
  const cache = join(work, 'cache');
  const loadUser = `const r = load.loadLexicon(${JSON.stringify(list)}, { cacheDir: ${JSON.stringify(cache)} });
    if (!r.ok) throw new Error(r.error.messageId); const extra = r.lexicon.info.words + ' ' + r.report.cache;`;
  const first = child(loadUser);
  report(`user list, first load (${first.extra})`, [first]);
  const cached = [];
  for (let i = 0; i < RUNS; i++) cached.push(child(loadUser));
  report(`user list, cached (${cached[0].extra})`, cached);
} finally {
  rmSync(work, { recursive: true, force: true });
}

// 3. Lookups per second (half hits, half misses). Each probe is a fresh string made just before
// the loop, in the order it is looked up, as the engine makes each word with toLowerCase right
// before asking: the figure is the lookup itself, not fetching strings from all over the heap.
const { loadDefaultLexicon } = require(join(out, 'load.js'));
const lex = loadDefaultLexicon();
const all = [...lex.words()];
const listed = [];
for (let i = 0; i < 200_000; i++) {
  const w = all[(i * 7919) % all.length];
  listed.push(i % 2 === 0 ? w : `${w}q`);
}
const probes = listed.map((p) => p.toUpperCase().toLowerCase());
let hits = 0;
const t0 = process.hrtime.bigint();
const ROUNDS = 5;
for (let r = 0; r < ROUNDS; r++) for (const p of probes) if (lex.has(p)) hits++;
const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
process.stdout.write(
  `${'lookups (half hits)'.padEnd(44)} ${fmt((probes.length * ROUNDS) / seconds / 1e6, 2).padStart(9)} M/s (${fmt((seconds * 1e9) / (probes.length * ROUNDS), 0)} ns each, ${hits} hits)\n`,
);

// 4. Steadier figures: the median of RUNS rounds over the same probes, by wall clock and by this
// thread's CPU time (which a busy machine disturbs less); then the probes as first built (the
// earlier form of this benchmark): the hits are the words where enumerate() left them, spread over
// some 20 MB of heap, so reading each one is a cache miss before the lookup starts; then the cost
// of the very first lookup in a fresh process, with the load before it.
function rounds(list) {
  const wallRates = [];
  const cpuRates = [];
  for (let r = 0; r < RUNS; r++) {
    const c0 = process.cpuUsage();
    const w0 = process.hrtime.bigint();
    for (const p of list) if (lex.has(p)) hits++;
    const wall = Number(process.hrtime.bigint() - w0) / 1e9;
    const cpu = process.cpuUsage(c0);
    wallRates.push(list.length / wall / 1e6);
    cpuRates.push(list.length / ((cpu.user + cpu.system) / 1e6) / 1e6);
  }
  return { wall: median(wallRates), cpu: median(cpuRates) };
}
const steady = rounds(probes);
process.stdout.write(
  `${`lookups, median of ${RUNS} rounds`.padEnd(44)} ${fmt(steady.wall, 2).padStart(9)} M/s wall  ${fmt(steady.cpu, 2)} M/s on CPU time\n`,
);
const spread = rounds(listed);
process.stdout.write(`${'lookups, list strings left in place'.padEnd(44)} ${fmt(spread.cpu, 2).padStart(9)} M/s on CPU time\n`);
const firsts = [];
for (let i = 0; i < RUNS; i++) {
  firsts.push(
    child(`const lex = load.loadDefaultLexicon(); const t1 = process.hrtime.bigint(); lex.has('chuletas');
    const extra = (Number(process.hrtime.bigint() - t1) / 1e6).toFixed(2);`),
  );
}
process.stdout.write(
  `${'load + first lookup'.padEnd(44)} ${fmt(median(firsts.map((s) => s.ms)), 2).padStart(9)} ms (median of ${RUNS}; first lookup ${median(firsts.map((s) => Number(s.extra)))} ms)\n`,
);
