// Self-play between two strategies: complete FISE games from seeded deals,
// each deal played twice with the seats swapped, on worker threads. Prints wins, draws, losses,
// the win rate of A with its 95 % interval, the mean spread and games per second.
//
// Usage: npm run selfplay -- --games N --a STRATEGY --b STRATEGY [--leaves FILE] [--seed S]
//                            [--jobs N] [--lexicon PATH] [--gcg DIR] [--lang es|en]
//   STRATEGY: greedy | equity | tiles | provisional (server/src/training/strategies.ts)
//   --games N   games in all (N/2 deals, rounded up; default 100); --seed S: first deal (default 1)
//   --leaves    the table of `equity` and `tiles` (.plv, .klv2 or .klv; default the built-in one)
//   --gcg DIR   also write every game as a GCG record
// Needs a build (`npm run build` or `node scripts/build.mjs --no-bundle`).
import { mkdirSync, readFileSync } from 'node:fs';
import * as os from 'node:os';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { commandLine, compiled } from './lib/command-line.mjs';

const load = compiled('selfplay', 'training/selfplay-run.js', 'npm run build');
const { runPool, seedRange, summarize } = load('training/selfplay-run.js');
const { STRATEGIES } = load('training/strategies.js');
const { parseLeaveBytes, formatLeaveMessage } = load('analysis/leave-files.js');
const { formatMessage } = load('rules/messages.js');

const { option } = commandLine('selfplay');
const lang = option('--lang', (process.env.PLANILLA_LANG ?? '').toLowerCase() === 'en' ? 'en' : 'es') === 'en' ? 'en' : 'es';
const fail = (id, a) => {
  process.stderr.write(`selfplay: ${formatMessage(id, a, lang)}\n`);
  process.exit(2);
};
const whole = (name, fallback, min) => {
  const raw = option(name, String(fallback));
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) fail('leaves.bad-number', { option: name, allowed: `>= ${min}` });
  return n;
};
const games = whole('--games', 100, 1);
const seed = whole('--seed', 1, 0);
const jobs = whole('--jobs', Math.max(1, Math.min(os.availableParallelism?.() ?? 2, 8)), 1);
const a = option('--a', 'equity');
const b = option('--b', 'greedy');
for (const s of [a, b]) if (!STRATEGIES.includes(s)) fail('leaves.bad-strategy', { name: s, allowed: STRATEGIES.join(', ') });
let leaves;
const leavesFile = option('--leaves');
if (leavesFile) {
  let bytes;
  try {
    bytes = readFileSync(leavesFile);
  } catch (e) {
    fail('leaves.refused', { path: leavesFile, detail: e.code ?? String(e) });
  }
  const parsed = parseLeaveBytes(bytes, leavesFile);
  if (!parsed.ok) {
    process.stderr.write(`selfplay: ${formatLeaveMessage(parsed.error, lang)}\n`);
    process.exit(2);
  }
  leaves = { name: leavesFile, bytes };
}
const gcgDir = option('--gcg');
if (gcgDir) mkdirSync(gcgDir, { recursive: true });
const lexiconSpec = option('--lexicon');

const deals = Math.ceil(games / 2);
process.stdout.write(`${formatMessage('leaves.selfplay-summary', { a, b, games: deals * 2, deals }, lang)}\n`);
const started = performance.now();
let last = 0;
const result = await runPool(
  {
    mode: 'match',
    a,
    b,
    ...(leaves ? { leaves } : {}),
    ...(lexiconSpec ? { lexiconSpec } : {}),
    ...(gcgDir ? { gcgDir: resolve(gcgDir) } : {}),
  },
  seedRange(seed, deals),
  jobs,
  (done) => {
    const now = performance.now();
    if (process.stderr.isTTY && now - last > 500) {
      last = now;
      process.stderr.write(`\r${done}/${deals}`);
    }
  },
);
if (process.stderr.isTTY) process.stderr.write('\r');
const seconds = (performance.now() - started) / 1000;
const s = summarize(result.deals);
const pct = (x) => (100 * x).toFixed(1);
process.stdout.write(
  `${formatMessage('leaves.selfplay-result', { a, wins: s.wins, draws: s.draws, losses: s.losses, rate: pct(s.rate), low: pct(s.low), high: pct(s.high), spread: s.spread.toFixed(1) }, lang)}\n`,
);
process.stdout.write(
  `${formatMessage('leaves.selfplay-speed', { seconds: seconds.toFixed(1), rate: (s.games / seconds).toFixed(2), jobs }, lang)}\n`,
);
