// Benchmark of the tournament desk (`planilla event`). Prints figures; asserts nothing.
//
//   A generated event (test/support/event-generator.ts: 24 players × 8 rounds, 96 self-play games,
//   two sheets each, a third full records, the rest score-only) with its planted discrepancies is
//   written to a temporary folder with its cards; then `planilla event FOLDER --results CARDS
//   --json` runs in a fresh process RUNS times. Printed: the median CPU time (user + system) and
//   wall time of a run over the 192 sheets, the peak memory (max RSS), how many planted
//   discrepancies the audit found with their round and players, and the findings' tally.
//
// Usage: node scripts/bench.mjs event [--runs N] [--seed S] [--jobs N]
// Needs the compiled tree (`npx tsc -p .`).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import { join } from 'node:path';
import { say } from '../lib/bench.mjs';
import { commandLine, require, root } from '../lib/command-line.mjs';

const { option, count } = commandLine('bench event');
const RUNS = count('--runs', 5);
const SEED = count('--seed', 7);
const JOBS = option('--jobs', '1');

const out = join(root, 'out');
const { loadDefaultLexicon } = require(join(out, 'server/src/lexicon/load.js'));
const { generateEvent, plantDiscrepancies, writeEvent } = require(join(out, 'test/support/event-generator.js'));

const tmp = mkdtempSync(join(os.tmpdir(), 'planilla-bench-event-'));
try {
  const lexicon = loadDefaultLexicon();
  const started = Date.now();
  const planted = plantDiscrepancies(generateEvent({ seed: SEED, lexicon }), SEED, lexicon);
  const folder = join(tmp, 'event');
  const cards = join(tmp, 'cards.csv');
  writeEvent(folder, planted.event, cards);
  say(
    `event: ${planted.event.games.length} games, ${planted.event.files.size} sheets, ${planted.plants.length} planted discrepancies of ${new Set(planted.plants.map((p) => p.kind)).size} kinds (generated in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );

  // One run in a fresh process: its CPU time, wall time and peak memory measured by a small wrapper.
  const runner = join(tmp, 'run.cjs');
  writeFileSync(
    runner,
    `const { main } = require(${JSON.stringify(join(out, 'server/src/cli.js'))});
const t0 = process.hrtime.bigint();
let text = '';
const io = { out: (s) => { text += s; }, err: () => {}, lang: 'en', tty: false };
main(process.argv.slice(2), io).then((code) => {
  const wall = Number(process.hrtime.bigint() - t0) / 1e6;
  const u = process.resourceUsage();
  process.stdout.write(JSON.stringify({ code, wall, cpu: (u.userCPUTime + u.systemCPUTime) / 1000, rss: u.maxRSS / 1024, audit: JSON.parse(text) }));
});
`,
  );
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const r = spawnSync(process.execPath, [runner, 'event', folder, '--results', cards, '--json', '--jobs', JOBS], {
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    });
    runs.push(JSON.parse(r.stdout));
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const audit = runs[0].audit;
  const found = planted.plants.filter((p) =>
    audit.findings.some((f) => f.round === p.round && p.players.every((n) => f.players.includes(n))),
  ).length;
  say(
    `planilla event (--jobs ${JOBS}), ${RUNS} runs: CPU median ${(median(runs.map((r) => r.cpu)) / 1000).toFixed(2)} s (whole process, start and word list included), wall median ${(median(runs.map((r) => r.wall)) / 1000).toFixed(2)} s, peak RSS ${Math.round(median(runs.map((r) => r.rss)))} MB`,
  );
  say(
    `found: ${found} of ${planted.plants.length} planted discrepancies with their round and players; ${audit.counts.errors} errors, ${audit.counts.warnings} warnings, ${audit.counts.information} notes; ${audit.games.length} games, ${audit.standings.length} players`,
  );
  say(
    `node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'} × ${os.availableParallelism()}; commit ${execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim()}`,
  );
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
